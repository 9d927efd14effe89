import { ApiError } from '../../../lib/api-client';

/**
 * Why the server refused a change, in its own words: each field error's message (a pick on a locked game
 * names the game), else the error's message.
 */
export function refusalMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'the server could not be reached. Try again.';
  const fields = error.body?.error.fields?.map((problem) => problem.message) ?? [];
  return fields.length > 0 ? fields.join('; ') : error.message;
}

/** A 404: the pool does not exist or the caller is not in it (the API answers the same for both). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

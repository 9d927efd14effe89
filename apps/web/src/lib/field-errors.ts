import { ApiError } from './api-client';

export interface ServerProblems {
  /** A message per request body field (`body.stake` → `stake`). */
  fields: Record<string, string>;
  /** What cannot be shown under a field, or null. */
  general: string | null;
}

/** Splits an error into messages under the form's fields and one general message. */
export function serverProblems(error: unknown, formFields: readonly string[]): ServerProblems {
  const fields: Record<string, string> = {};
  if (!error) return { fields, general: null };
  if (!(error instanceof ApiError)) return { fields, general: 'The server could not be reached. Try again.' };
  const others: string[] = [];
  for (const problem of error.body?.error.fields ?? []) {
    const name = problem.field.replace(/^body\./, '');
    if (formFields.includes(name)) fields[name] ??= problem.message;
    else others.push(`${problem.field}: ${problem.message}`);
  }
  const general = others.length > 0 ? others.join(' ') : Object.keys(fields).length === 0 ? error.message : null;
  return { fields, general };
}

/** Why the server refused a change, in its own words: the fields' messages, else its message. */
export function refusalMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'the server could not be reached. Try again.';
  const fields = error.body?.error.fields?.map((problem) => problem.message) ?? [];
  return fields.length > 0 ? fields.join('; ') : error.message;
}

import type { UnsubscribeResponse } from '@pass/contracts';
import type { DbExecutor } from '@pass/db';
import { AppError } from '../../errors.js';
import { turnOffMail } from './preferences.service.js';
import { existingUnsubscribeKey, readUnsubscribeToken } from './unsubscribe-token.js';

/** Turns off the kind of mail a signed token names; a token the server did not sign is a 400, nothing changed. */
export async function unsubscribe(db: DbExecutor, token: string, now: Date): Promise<UnsubscribeResponse['data']> {
  const key = await existingUnsubscribeKey(db);
  const found = key && readUnsubscribeToken(key, token);
  if (!found) {
    throw new AppError('BAD_REQUEST', 'This unsubscribe link is not valid', [
      { field: 'query.token', message: 'is not a valid unsubscribe token', reason: 'invalid_token' },
    ]);
  }
  // A token of an account deleted since: nothing to turn off (the row would have no user).
  try {
    await turnOffMail(db, found.userId, found.kind, now);
  } catch (error) {
    if (isForeignKeyViolation(error)) return { kind: found.kind, unsubscribed: true };
    throw error;
  }
  return { kind: found.kind, unsubscribed: true };
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

import type { Database, DbExecutor } from '@pass/db';
import * as authRepository from './auth.repository.js';
import { hashSecret, randomSecret } from './crypto.js';

export const SESSION_COOKIE = 'pass_session';
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
// Recording every request's time would write on every read; a minute's precision is plenty for a 7-day idle limit.
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface LiveSession {
  idHash: string;
  user: authRepository.UserRow;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** Starts a session: a new random id for the cookie, only its hash stored. */
export async function startSession(db: DbExecutor, userId: number, deviceId: string | null, now: Date) {
  const id = randomSecret();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await authRepository.createSession(db, {
    idHash: hashSecret(id),
    userId,
    deviceId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { id, expiresAt };
}

/** The live session for a cookie value, or null; keeps its last-seen time current. */
export async function resumeSession(db: DbExecutor, cookieValue: string, now: Date): Promise<LiveSession | null> {
  const idHash = hashSecret(cookieValue);
  const row = await authRepository.getLiveSession(db, idHash, now, new Date(now.getTime() - SESSION_IDLE_MS));
  if (!row) return null;
  let lastSeenAt = row.session.lastSeenAt;
  if (now.getTime() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await authRepository.touchSession(db, idHash, now);
    lastSeenAt = now;
  }
  return { idHash, user: row.user, createdAt: row.session.createdAt, lastSeenAt, expiresAt: row.session.expiresAt };
}

/**
 * Whether a session is still live (not ended, idle or expired, its account not suspended), by its stored hash:
 * what an open socket asks when told its member's sessions changed. It does not count as activity.
 */
export async function isSessionLive(db: DbExecutor, idHash: string, now: Date): Promise<boolean> {
  return (await authRepository.getLiveSession(db, idHash, now, new Date(now.getTime() - SESSION_IDLE_MS))) !== null;
}

/** Ends the session behind a cookie value; returns its user id, or null when there was none. */
export function endSession(db: DbExecutor, cookieValue: string): Promise<number | null> {
  return authRepository.deleteSession(db, hashSecret(cookieValue));
}

export function idleExpiry(session: LiveSession): Date {
  const idle = new Date(session.lastSeenAt.getTime() + SESSION_IDLE_MS);
  return idle < session.expiresAt ? idle : session.expiresAt;
}

/** How long a used link's row stays: a day, for a support question about a link just clicked. */
export const USED_TOKEN_KEPT_MS = 24 * 60 * 60_000;

export interface CleanupResult {
  sessions: number;
  tokens: number;
  /** The members whose sessions were deleted. */
  userIds: number[];
}

/** Deletes the sessions and tokens that ended by `now`. */
export async function cleanUpSessionsAndTokens(db: Database, now: Date): Promise<CleanupResult> {
  const ended = await authRepository.deleteExpiredSessions(db, now, new Date(now.getTime() - SESSION_IDLE_MS));
  const tokens = await authRepository.deleteSpentTokens(db, now, new Date(now.getTime() - USED_TOKEN_KEPT_MS));
  return { sessions: ended.length, tokens, userIds: [...new Set(ended)] };
}

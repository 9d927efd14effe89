import type { Database } from '@pass/db';
import type { Clock } from '../lib/clock.js';
import { cleanUpSessionsAndTokens } from '../modules/auth/sessions.service.js';

/**
 * The clean-up of ended sessions and spent links (decision 054): sessions past their absolute end or idle past
 * SESSION_IDLE_MS, and single-use tokens (password reset, address verification, address change and revert)
 * expired or used a day ago, are deleted. None of them could be used again: the rows only kept hashes and
 * addresses longer than anything needs them. Each member whose session was ended here is told, so a socket
 * still open on it closes. Runs on the scheduler's ticks under the jobs' lock, at most every CLEANUP_EVERY.
 */

export const CLEANUP_EVERY_MS = 60 * 60_000;

export interface SessionCleanupJobOptions {
  db: Database;
  now: Clock;
  /** Tells a member's sockets their sessions ended. */
  memberSignal?: (userId: number, change: 'sessions_ended') => Promise<void>;
  log?: (message: string) => void;
}

/** The scheduler's every-tick work: cleans up when the last run is CLEANUP_EVERY old. */
export function createSessionCleanupJob({
  db,
  now,
  memberSignal,
  log = () => {},
}: SessionCleanupJobOptions): () => Promise<void> {
  let lastRun: number | undefined;
  return async () => {
    const at = now();
    if (lastRun !== undefined && at.getTime() - lastRun < CLEANUP_EVERY_MS) return;
    lastRun = at.getTime();
    try {
      const result = await cleanUpSessionsAndTokens(db, at);
      for (const userId of result.userIds) {
        await memberSignal?.(userId, 'sessions_ended').catch((error: unknown) => {
          log(`session clean-up: member ${userId}'s sockets not told: ${String(error)}`);
        });
      }
      if (result.sessions + result.tokens > 0) {
        log(`session clean-up: ${result.sessions} session(s) and ${result.tokens} link(s) deleted`);
      }
    } catch (error) {
      log(`session clean-up failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}

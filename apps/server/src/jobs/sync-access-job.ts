import type { Database } from '@pass/db';
import type { AuditContext } from '../modules/audit/audit.service.js';
import { membersWithLinkedAccounts, writeMemberSyncAccess } from '../modules/sync/sync-accounts.service.js';
import type { Clock } from '../lib/clock.js';

/**
 * The sync access job (decision 051): for every member with linked accounts, writes whether each syncs now
 * (its grace, or a subscription covering it). It runs on the scheduler's ticks under the jobs' advisory lock,
 * at most every SYNC_ACCESS_EVERY of the server clock: grace ends on whole days, and every write of bets
 * applies the same rule at its own moment, so nothing waits for this job.
 */

export const SYNC_ACCESS_EVERY_MS = 10 * 60_000;

export interface SyncAccessJobOptions {
  db: Database;
  now: Clock;
  log?: (message: string) => void;
}

/** Writes every member's sync access at `now`; returns how many accounts changed. */
export async function refreshSyncAccess(db: Database, now: Date, log: (message: string) => void = () => {}) {
  const audit: AuditContext = {
    requestId: null,
    ip: null,
    log: { info: () => {} },
    detail: { via: 'sync access job' },
  };
  let changed = 0;
  for (const userId of await membersWithLinkedAccounts(db)) {
    try {
      changed += await writeMemberSyncAccess(db, userId, now, audit);
    } catch (error) {
      // One member's failure does not hold up the others; the next run tries again.
      log(`sync access of member ${userId} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return changed;
}

/** The scheduler's every-tick work: refreshes sync access when the last run is SYNC_ACCESS_EVERY old. */
export function createSyncAccessJob({ db, now, log = () => {} }: SyncAccessJobOptions): () => Promise<void> {
  let lastRun: number | undefined;
  return async () => {
    const at = now();
    if (lastRun !== undefined && at.getTime() - lastRun < SYNC_ACCESS_EVERY_MS) return;
    lastRun = at.getTime();
    try {
      const changed = await refreshSyncAccess(db, at, log);
      if (changed > 0) log(`sync access: ${changed} linked account(s) changed`);
    } catch (error) {
      log(`sync access job failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}

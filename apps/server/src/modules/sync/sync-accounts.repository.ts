import { syncAccounts, type DbExecutor } from '@pass/db';
import { decideSyncAccess, type SyncAccessDecision } from '@pass/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { activePlanCounts } from '../billing/billing.service.js';

/**
 * The member's linked sportsbook accounts (decision 051) and whether each syncs now: the one place the
 * grace-and-coverage rule is applied to stored accounts, by the access job, the member's calls and every write
 * of bets alike.
 */

export type SyncAccountRow = typeof syncAccounts.$inferSelect;

/** The member's linked accounts (not unlinked), oldest link first. */
export function listLinkedAccounts(db: DbExecutor, userId: number): Promise<SyncAccountRow[]> {
  return db
    .select()
    .from(syncAccounts)
    .where(and(eq(syncAccounts.userId, userId), isNull(syncAccounts.unlinkedAt)))
    .orderBy(asc(syncAccounts.createdAt), asc(syncAccounts.id));
}

/** One of the member's linked accounts by its public id (`betsync_account_id`); null for anyone else's. */
export async function findLinkedAccount(
  db: DbExecutor,
  userId: number,
  publicId: string,
): Promise<SyncAccountRow | null> {
  const [row] = await db
    .select()
    .from(syncAccounts)
    .where(and(eq(syncAccounts.userId, userId), eq(syncAccounts.publicId, publicId), isNull(syncAccounts.unlinkedAt)));
  return row ?? null;
}

/** Each linked account of the member with whether it syncs at `now` (its grace, or a subscription covering it). */
export async function decideMemberSyncAccess(
  db: DbExecutor,
  userId: number,
  now: Date,
): Promise<{ account: SyncAccountRow; decision: SyncAccessDecision }[]> {
  const accounts = await listLinkedAccounts(db, userId);
  if (accounts.length === 0) return [];
  const decisions = decideSyncAccess(
    accounts.map((account) => ({ id: account.id, linkedAt: account.createdAt })),
    await activePlanCounts(db, userId),
    now,
  );
  const byId = new Map(decisions.map((decision) => [decision.id, decision]));
  return accounts.map((account) => ({ account, decision: byId.get(account.id)! }));
}

import { syncAccounts, type DbExecutor } from '@pass/db';
import { and, asc, eq, isNull } from 'drizzle-orm';

/**
 * The member's linked sportsbook accounts (decision 051); whether each syncs now is
 * sync-accounts.service.ts's `decideMemberSyncAccess`.
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

import type { BetSyncStatsResponse, SyncAccount, SyncBook } from '@pass/contracts';
import { isUniqueViolation, syncAccounts, syncBets, syncTokens, type Database, type DbExecutor } from '@pass/db';
import { bookTitle, decideSyncAccess, MEMBERSHIP_TERMS, SYNC_BOOK_KEYS, type SyncAccessDecision } from '@pass/domain';
import { and, count, countDistinct, desc, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../errors.js';
import { recordAuditEvent, type AuditContext } from '../audit/audit.service.js';
import { activePlanCounts } from '../billing/active-plans.service.js';
import { findLinkedAccount, listLinkedAccounts, type SyncAccountRow } from './sync-accounts.repository.js';

/**
 * Linking and unlinking sportsbook accounts (decision 051). Unlinking keeps the row and revokes its tokens;
 * linking the same book again restores that row with its original `created_at`, so unlinking never buys a
 * fresh grace.
 */

const DAY_MS = 86_400_000;

/** The books a member may link, by title. */
export function listSyncBooks(): SyncBook[] {
  return SYNC_BOOK_KEYS.map((key) => ({ key, title: bookTitle(key) })).sort((a, b) =>
    a.title.localeCompare(b.title, 'en'),
  );
}

export function toSyncAccountView(account: SyncAccountRow, decision: SyncAccessDecision): SyncAccount {
  return {
    betsync_account_id: account.publicId,
    book: account.book,
    betsync_book_name: bookTitle(account.book),
    betsync_account_access: decision.access,
    created_at: account.createdAt.toISOString(),
    grace_days_remaining: decision.graceDaysRemaining,
    covered: decision.covered,
    last_sync_at: account.lastSyncAt?.toISOString() ?? null,
    last_sync_summary: account.lastSyncSummary ?? null,
  };
}

/**
 * Each linked account of the member with whether it syncs at `now` (its grace, or a subscription covering it):
 * the one place the grace-and-coverage rule is applied to stored accounts, by the access job, the member's calls
 * and every write of bets alike.
 */
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

/** The member's linked accounts, each with its access decided now (what the job will write, never stale). */
export async function listMemberSyncAccounts(db: DbExecutor, userId: number, now: Date): Promise<SyncAccount[]> {
  const decided = await decideMemberSyncAccess(db, userId, now);
  return decided.map(({ account, decision }) => toSyncAccountView(account, decision));
}

async function viewOf(db: DbExecutor, userId: number, accountId: number, now: Date): Promise<SyncAccount> {
  const decided = (await decideMemberSyncAccess(db, userId, now)).find(({ account }) => account.id === accountId);
  if (!decided) throw AppError.notFound('No such linked account');
  return toSyncAccountView(decided.account, decided.decision);
}

/**
 * Links a book: 409 when it is linked already; an unlinked account of the same book comes back with its
 * original `created_at` (and its bets).
 */
export async function linkSyncAccount(
  db: Database,
  userId: number,
  book: string,
  now: Date,
  audit: AuditContext,
): Promise<SyncAccount> {
  if (!SYNC_BOOK_KEYS.includes(book)) throw AppError.badRequest('body.book', 'must be one of the books sync supports');
  const linkedAlready = () =>
    new AppError('CONFLICT', `${bookTitle(book)} is linked already`, [
      { field: 'body.book', message: 'is linked already' },
    ]);
  const accountId = await db
    .transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(syncAccounts)
        .where(and(eq(syncAccounts.userId, userId), eq(syncAccounts.book, book)))
        .orderBy(desc(syncAccounts.createdAt))
        .for('update');
      if (rows.some((row) => row.unlinkedAt === null)) throw linkedAlready();
      const earlier = rows[0];
      if (earlier) {
        await tx.update(syncAccounts).set({ unlinkedAt: null }).where(eq(syncAccounts.id, earlier.id));
        await recordAuditEvent(tx, audit, 'sync_account_linked', userId, {
          book,
          account: earlier.publicId,
          relinked: true,
        });
        return earlier.id;
      }
      const [created] = await tx
        .insert(syncAccounts)
        .values({ userId, book, createdAt: now, access: true })
        .returning();
      await recordAuditEvent(tx, audit, 'sync_account_linked', userId, {
        book,
        account: created!.publicId,
        relinked: false,
      });
      return created!.id;
    })
    .catch((error: unknown) => {
      // Two links of the same book at once: the one-per-book index lets one through, the other is told so.
      if (isUniqueViolation(error, 'sync_accounts_user_book')) throw linkedAlready();
      throw error;
    });
  return viewOf(db, userId, accountId, now);
}

/** Unlinks one of the member's accounts: the row stays (for a relink) and its tokens are revoked. */
export async function unlinkSyncAccount(
  db: Database,
  userId: number,
  publicId: string,
  now: Date,
  audit: AuditContext,
): Promise<{ betsync_account_id: string; unlinked_at: string }> {
  return db.transaction(async (tx) => {
    const account = await findLinkedAccount(tx, userId, publicId);
    if (!account) throw AppError.notFound('No such linked account');
    await tx.update(syncAccounts).set({ unlinkedAt: now }).where(eq(syncAccounts.id, account.id));
    await tx
      .update(syncTokens)
      .set({ revokedAt: now })
      .where(and(eq(syncTokens.accountId, account.id), isNull(syncTokens.revokedAt)));
    await recordAuditEvent(tx, audit, 'sync_account_unlinked', userId, { book: account.book, account: publicId });
    return { betsync_account_id: publicId, unlinked_at: now.toISOString() };
  });
}

/** One of the member's linked accounts, or 404 (anyone else's looks the same as none). */
export async function requireLinkedAccount(db: DbExecutor, userId: number, publicId: string): Promise<SyncAccountRow> {
  const account = await findLinkedAccount(db, userId, publicId);
  if (!account) throw AppError.notFound('No such linked account');
  return account;
}

/** Members with at least one linked account, for the access job. */
export async function membersWithLinkedAccounts(db: DbExecutor): Promise<number[]> {
  const rows = await db
    .select({ userId: syncAccounts.userId })
    .from(syncAccounts)
    .where(isNull(syncAccounts.unlinkedAt))
    .groupBy(syncAccounts.userId)
    .orderBy(syncAccounts.userId);
  return rows.map((row) => row.userId);
}

/**
 * Writes each of the member's linked accounts' `betsync_account_access` as the rule decides it now (off once
 * the grace is over uncovered, on again when a subscription covers it), with `access_changed_at` and an audit
 * event for each change. Returns how many changed.
 */
export async function writeMemberSyncAccess(
  db: Database,
  userId: number,
  now: Date,
  audit: AuditContext,
): Promise<number> {
  return db.transaction(async (tx) => {
    let changed = 0;
    for (const { account, decision } of await decideMemberSyncAccess(tx, userId, now)) {
      if (account.access === decision.access) continue;
      await tx
        .update(syncAccounts)
        .set({ access: decision.access, accessChangedAt: now })
        .where(eq(syncAccounts.id, account.id));
      await recordAuditEvent(tx, audit, 'sync_access_changed', userId, {
        account: account.publicId,
        book: account.book,
        access: decision.access,
        grace_days_remaining: decision.graceDaysRemaining,
        covered: decision.covered,
      });
      changed++;
    }
    return changed;
  });
}

/**
 * The admin's figures of sync: linked accounts in all and by book, with and without access (as the access job
 * last wrote it), those still in their grace, the members with any, and the bets synced.
 */
export async function getBetSyncStats(db: DbExecutor, now: Date): Promise<BetSyncStatsResponse['data']> {
  const graceStart = new Date(now.getTime() - MEMBERSHIP_TERMS.syncGraceDays * DAY_MS);
  const linked = isNull(syncAccounts.unlinkedAt);
  const [totals] = await db
    .select({
      linked: count(),
      withAccess: count(sql`case when ${syncAccounts.access} then 1 end`),
      inGrace: count(sql`case when ${syncAccounts.createdAt} > ${graceStart.toISOString()}::timestamptz then 1 end`),
      members: countDistinct(syncAccounts.userId),
    })
    .from(syncAccounts)
    .where(linked);
  const byBook = await db
    .select({ book: syncAccounts.book, accounts: count() })
    .from(syncAccounts)
    .where(linked)
    .groupBy(syncAccounts.book);
  const [bets] = await db.select({ bets: count() }).from(syncBets);
  return {
    linked_accounts: totals?.linked ?? 0,
    by_book: byBook
      .map((row) => ({ book: row.book, title: bookTitle(row.book), accounts: row.accounts }))
      .sort((a, b) => b.accounts - a.accounts || a.title.localeCompare(b.title, 'en')),
    with_access: totals?.withAccess ?? 0,
    without_access: (totals?.linked ?? 0) - (totals?.withAccess ?? 0),
    in_grace: totals?.inGrace ?? 0,
    members_with_accounts: totals?.members ?? 0,
    synced_bets: bets?.bets ?? 0,
  };
}

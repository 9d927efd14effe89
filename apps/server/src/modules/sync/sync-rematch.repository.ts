import { events, syncAccounts, syncBets, userBets, type DbExecutor } from '@pass/db';
import { Status } from '@pass/domain';
import { and, asc, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { NewEntry } from '../ledger/entry-rows.js';
import { ledgerEventColumns, type LedgerEvent } from '../ledger/ledger-event.js';
import type { SyncAccountRow } from './sync-accounts.repository.js';
import type { SyncBetRow } from './sync-import.repository.js';

/** The SQL of matching rejected synced bets again, by themselves or on the games the member chose (decision 051). */

export interface RejectedBet {
  bet: SyncBetRow;
  account: SyncAccountRow;
}

/**
 * Rejected bets not set aside, with their accounts, by id after `afterId`: the ones a game may since have come
 * for. A teaser is left out: the ledger cannot hold one over several games, whatever is stored.
 */
export async function listRejectedBets(
  db: DbExecutor,
  scope: { userId?: number | undefined },
  afterId: number,
  limit: number,
): Promise<RejectedBet[]> {
  const conditions: SQL[] = [
    eq(syncBets.status, 'rejected'),
    isNull(syncBets.dismissedAt),
    gt(syncBets.id, afterId),
    ne(sql`${syncBets.slip}->>'kind'`, 'teaser'),
  ];
  if (scope.userId !== undefined) conditions.push(eq(syncBets.userId, scope.userId));
  return db
    .select({ bet: syncBets, account: syncAccounts })
    .from(syncBets)
    .innerJoin(syncAccounts, eq(syncAccounts.id, syncBets.accountId))
    .where(and(...conditions))
    .orderBy(asc(syncBets.id))
    .limit(limit);
}

/** The bet, locked for this transaction, while it is still rejected and not set aside; else undefined. */
export async function lockRejectedBet(db: DbExecutor, id: number): Promise<SyncBetRow | undefined> {
  const [row] = await db
    .select()
    .from(syncBets)
    .where(and(eq(syncBets.id, id), eq(syncBets.status, 'rejected'), isNull(syncBets.dismissedAt)))
    .for('update');
  return row;
}

export async function getAccount(db: DbExecutor, id: number): Promise<SyncAccountRow | undefined> {
  const [row] = await db.select().from(syncAccounts).where(eq(syncAccounts.id, id));
  return row;
}

/** The rejected bet is now the ledger's entry or parlay. */
export async function markMatched(
  db: DbExecutor,
  id: number,
  link: { userBetId: number | null; parlayId: number | null },
  now: Date,
): Promise<void> {
  await db
    .update(syncBets)
    .set({ status: 'matched', rejectReason: null, ...link, updatedAt: now })
    .where(eq(syncBets.id, id));
}

/** A rejected bet still not matched, for a reason other than the one kept (its game came, but is ambiguous). */
export async function updateRejectReason(db: DbExecutor, id: number, reason: string, now: Date): Promise<void> {
  await db
    .update(syncBets)
    .set({ rejectReason: reason, updatedAt: now })
    .where(and(eq(syncBets.id, id), eq(syncBets.status, 'rejected'), isNull(syncBets.dismissedAt)));
}

/** Real (not demo) games by id. */
export async function listEvents(db: DbExecutor, ids: readonly number[]): Promise<LedgerEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(ledgerEventColumns)
    .from(events)
    .where(and(inArray(events.id, [...ids]), eq(events.isDemo, false)));
  return rows as LedgerEvent[];
}

/**
 * An entry the member recorded themselves (not by sync) that is this bet: the same game, market, side and stake,
 * not deleted or cancelled. Before synced bets could be matched later, a rejected one was recorded by hand.
 */
export async function findEntryRecordedByHand(db: DbExecutor, entry: NewEntry): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: userBets.id })
    .from(userBets)
    .where(
      and(
        eq(userBets.userId, entry.userId),
        eq(userBets.eventId, entry.eventId),
        eq(userBets.betKind, entry.betKind),
        eq(userBets.betType, entry.betType),
        sql`${userBets.betTeam} is not distinct from ${entry.betTeam}`,
        sql`${userBets.stakeCents} is not distinct from ${entry.stakeCents}`,
        ne(userBets.source, 'sync'),
        isNull(userBets.deletedAt),
        ne(userBets.status, Status.canceled),
      ),
    )
    .limit(1);
  return row;
}

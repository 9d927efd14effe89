import {
  events,
  parlays,
  syncAccounts,
  syncBets,
  syncUploadParts,
  syncUploads,
  userBets,
  chunks,
  column,
  type DbExecutor,
  type SyncSummary,
} from '@pass/db';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { ledgerEventColumns, type LedgerEvent } from '../ledger/ledger-event.js';

/** The SQL of sportsbook sync's writes and the member's synced bets (decision 051). */

export type SyncUploadRow = typeof syncUploads.$inferSelect;
export type SyncBetRow = typeof syncBets.$inferSelect;
export type NewSyncBet = Omit<typeof syncBets.$inferInsert, 'id'>;
export type RowErrors = SyncUploadRow['rowErrors'];

export async function findUploadByBatch(
  db: DbExecutor,
  accountId: number,
  batchKey: string,
): Promise<SyncUploadRow | undefined> {
  const [row] = await db
    .select()
    .from(syncUploads)
    .where(and(eq(syncUploads.accountId, accountId), eq(syncUploads.batchKey, batchKey)));
  return row;
}

/** The account's earlier upload of the very same file, if any. */
export async function findUploadByContent(
  db: DbExecutor,
  accountId: number,
  sha256: string,
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: syncUploads.id })
    .from(syncUploads)
    .where(and(eq(syncUploads.accountId, accountId), eq(syncUploads.sha256, sha256)))
    .limit(1);
  return row;
}

export async function insertUpload(
  db: DbExecutor,
  upload: Omit<typeof syncUploads.$inferInsert, 'id'>,
): Promise<number> {
  const [row] = await db.insert(syncUploads).values(upload).returning({ id: syncUploads.id });
  return row!.id;
}

/** How much of an upload's text one statement writes. */
export const UPLOAD_PART_CHARS = 64 * 1024;

/**
 * Keeps an upload's text in `sync_upload_parts`, a piece per statement with `yieldTurn` between them: one
 * statement of 10 MB would hold PGlite, and so the whole server, for seconds.
 */
export async function insertUploadParts(
  db: DbExecutor,
  uploadId: number,
  content: string,
  yieldTurn: () => Promise<void>,
): Promise<void> {
  for (const [position, text] of textPieces(content, UPLOAD_PART_CHARS).entries()) {
    if (position > 0) await yieldTurn();
    await db.insert(syncUploadParts).values({ uploadId, position, text });
  }
}

/**
 * A text cut into pieces of at most `size` characters (one more where a piece would end inside a surrogate pair,
 * which must stay whole: half of one is not UTF-8). Joined, the pieces are the text.
 */
export function textPieces(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** An upload's text as received, from its pieces (or, for an upload kept before them, its own column). */
export async function getUploadContent(db: DbExecutor, uploadId: number): Promise<string | null> {
  const parts = await db
    .select({ text: syncUploadParts.text })
    .from(syncUploadParts)
    .where(eq(syncUploadParts.uploadId, uploadId))
    .orderBy(syncUploadParts.position);
  if (parts.length > 0) return parts.map((part) => part.text).join('');
  const [upload] = await db
    .select({ content: syncUploads.content })
    .from(syncUploads)
    .where(eq(syncUploads.id, uploadId));
  return upload?.content ?? null;
}

export async function updateUploadSummary(
  db: DbExecutor,
  id: number,
  summary: SyncSummary,
  rowErrors: RowErrors,
): Promise<void> {
  await db.update(syncUploads).set({ summary, rowErrors }).where(eq(syncUploads.id, id));
}

/** The account's kept bets among these book ids. */
export async function listKeptBets(
  db: DbExecutor,
  accountId: number,
  bookBetIds: readonly string[],
): Promise<SyncBetRow[]> {
  const found: SyncBetRow[] = [];
  for (let index = 0; index < bookBetIds.length; index += 5000) {
    found.push(
      ...(await db
        .select()
        .from(syncBets)
        .where(
          and(eq(syncBets.accountId, accountId), inArray(syncBets.bookBetId, bookBetIds.slice(index, index + 5000))),
        )),
    );
  }
  return found;
}

/**
 * Bets per statement of `insertSyncBets`. Its columns go as arrays, so the parameters stay 19 however many; the
 * limit keeps each statement short (PGlite runs on the main thread, which serves requests between them).
 */
const INSERT_BATCH = 1000;

/** Keeps these bets, a statement per 1,000 (a bet already kept for its account and book id is an error). */
export async function insertSyncBets(db: DbExecutor, rows: readonly NewSyncBet[]): Promise<void> {
  for (const batch of chunks(rows, INSERT_BATCH)) {
    const values = <T>(value: (row: NewSyncBet) => T) => batch.map(value);
    const time = (date: Date) => date.toISOString();
    await db.execute(sql`insert into sync_bets (account_id, user_id, book_bet_id, upload_id, status, reject_reason,
        slip, placed_at, stake_cents, payout_cents, bonus, book_result, book_price, leg_count, user_bet_id, parlay_id,
        created_at, updated_at, dismissed_at)
      select account_id, user_id, book_bet_id, upload_id, status, reject_reason, slip::jsonb, placed_at, stake_cents,
        payout_cents, bonus, book_result, book_price, leg_count, user_bet_id, parlay_id, created_at, updated_at,
        dismissed_at
      from unnest(${column(
        values((row) => row.accountId),
        'int',
      )}, ${column(
        values((row) => row.userId),
        'int',
      )}, ${column(
        values((row) => row.bookBetId),
        'text',
      )}, ${column(
        values((row) => row.uploadId ?? null),
        'int',
      )}, ${column(
        values((row) => row.status),
        'text',
      )}, ${column(
        values((row) => row.rejectReason ?? null),
        'text',
      )}, ${column(
        // As text, cast by the database: each driver sends a text array alike.
        values((row) => JSON.stringify(row.slip)),
        'text',
      )}, ${column(
        values((row) => time(row.placedAt)),
        'timestamptz',
      )}, ${column(
        values((row) => row.stakeCents),
        'int',
      )}, ${column(
        values((row) => row.payoutCents ?? null),
        'int',
      )}, ${column(
        values((row) => row.bonus ?? false),
        'boolean',
      )}, ${column(
        values((row) => row.bookResult),
        'text',
      )}, ${column(
        values((row) => row.bookPrice ?? null),
        'int',
      )}, ${column(
        values((row) => row.legCount),
        'smallint',
      )}, ${column(
        values((row) => row.userBetId ?? null),
        'int',
      )}, ${column(
        values((row) => row.parlayId ?? null),
        'int',
      )}, ${column(
        values((row) => time(row.createdAt)),
        'timestamptz',
      )}, ${column(
        values((row) => time(row.updatedAt)),
        'timestamptz',
      )}, ${column(
        values((row) => (row.dismissedAt ? time(row.dismissedAt) : null)),
        'timestamptz',
      )}) with ordinality as v(account_id, user_id, book_bet_id, upload_id, status, reject_reason, slip, placed_at,
        stake_cents, payout_cents, bonus, book_result, book_price, leg_count, user_bet_id, parlay_id, created_at,
        updated_at, dismissed_at, n)
      order by n`);
  }
}

/** A kept bet's book settlement moved (open → won): only the book's own fields change. */
export async function updateBookSettlement(
  db: DbExecutor,
  id: number,
  settlement: { bookResult: string; payoutCents: number | null; slip: unknown },
  now: Date,
): Promise<void> {
  await db
    .update(syncBets)
    .set({ ...settlement, updatedAt: now })
    .where(eq(syncBets.id, id));
}

export async function recordAccountSync(
  db: DbExecutor,
  accountId: number,
  summary: SyncSummary,
  now: Date,
): Promise<void> {
  await db
    .update(syncAccounts)
    .set({ lastSyncAt: now, lastSyncSummary: summary })
    .where(eq(syncAccounts.id, accountId));
}

/** The games of these sports starting in [from, to] (by kickoff, or by date for a game without one). */
export async function listGamesBetween(db: DbExecutor, from: Date, to: Date): Promise<LedgerEvent[]> {
  const fromDate = new Date(from.getTime() - 86_400_000).toISOString().slice(0, 10);
  const toDate = new Date(to.getTime() + 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .select(ledgerEventColumns)
    .from(events)
    .where(
      and(
        eq(events.isDemo, false),
        or(
          and(isNotNull(events.kickoffAt), gte(events.kickoffAt, from), lte(events.kickoffAt, to)),
          and(isNull(events.kickoffAt), gte(events.gameDate, fromDate), lte(events.gameDate, toDate)),
        ),
      ),
    );
  return rows as LedgerEvent[];
}

export interface SyncBetWithGrade extends SyncBetRow {
  accountPublicId: string;
  book: string;
  outcome: 'win' | 'loss' | 'push' | 'void' | null;
}

export interface SyncBetFilters {
  accountPublicId?: string | undefined;
  status?: 'matched' | 'rejected' | 'dismissed' | undefined;
  limit: number;
  offset: number;
}

function filtersOf(userId: number, filters: Pick<SyncBetFilters, 'accountPublicId' | 'status'>): SQL {
  const conditions: SQL[] = [eq(syncBets.userId, userId)];
  if (filters.accountPublicId !== undefined) conditions.push(eq(syncAccounts.publicId, filters.accountPublicId));
  if (filters.status === 'matched') conditions.push(eq(syncBets.status, 'matched'));
  if (filters.status === 'rejected') conditions.push(eq(syncBets.status, 'rejected'), isNull(syncBets.dismissedAt));
  if (filters.status === 'dismissed') conditions.push(isNotNull(syncBets.dismissedAt));
  return and(...conditions)!;
}

const gradedColumns = {
  bet: syncBets,
  accountPublicId: syncAccounts.publicId,
  book: syncAccounts.book,
  entryOutcome: userBets.outcome,
  parlayOutcome: parlays.outcome,
};

const toGraded = (row: {
  bet: SyncBetRow;
  accountPublicId: string;
  book: string;
  entryOutcome: SyncBetWithGrade['outcome'];
  parlayOutcome: SyncBetWithGrade['outcome'];
}): SyncBetWithGrade => ({
  ...row.bet,
  accountPublicId: row.accountPublicId,
  book: row.book,
  outcome: row.entryOutcome ?? row.parlayOutcome ?? null,
});

/** The member's synced bets, newest placed first, with PA$$'s grade of their ledger entries. */
export async function listSyncBets(
  db: DbExecutor,
  userId: number,
  filters: SyncBetFilters,
): Promise<{ bets: SyncBetWithGrade[]; total: number }> {
  const where = filtersOf(userId, filters);
  const rows = await db
    .select(gradedColumns)
    .from(syncBets)
    .innerJoin(syncAccounts, eq(syncAccounts.id, syncBets.accountId))
    .leftJoin(userBets, eq(userBets.id, syncBets.userBetId))
    .leftJoin(parlays, eq(parlays.id, syncBets.parlayId))
    .where(where)
    .orderBy(desc(syncBets.placedAt), desc(syncBets.id))
    .limit(filters.limit)
    .offset(filters.offset);
  const [total] = await db
    .select({ n: count() })
    .from(syncBets)
    .innerJoin(syncAccounts, eq(syncAccounts.id, syncBets.accountId))
    .where(where);
  return { bets: rows.map(toGraded), total: Number(total?.n ?? 0) };
}

/** One of the member's synced bets; another member's is not found. */
export async function getOwnSyncBet(db: DbExecutor, userId: number, id: number): Promise<SyncBetWithGrade | undefined> {
  const [row] = await db
    .select(gradedColumns)
    .from(syncBets)
    .innerJoin(syncAccounts, eq(syncAccounts.id, syncBets.accountId))
    .leftJoin(userBets, eq(userBets.id, syncBets.userBetId))
    .leftJoin(parlays, eq(parlays.id, syncBets.parlayId))
    .where(and(eq(syncBets.id, id), eq(syncBets.userId, userId)));
  return row ? toGraded(row) : undefined;
}

export async function dismissSyncBet(db: DbExecutor, id: number, now: Date): Promise<void> {
  await db
    .update(syncBets)
    .set({ dismissedAt: sql`coalesce(${syncBets.dismissedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(eq(syncBets.id, id));
}

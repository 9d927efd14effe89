import { chunks, column, type DbExecutor, rows } from '@pass/db';
import { sql } from 'drizzle-orm';
import { ENTRY_COLUMNS, EVENT_COLUMNS, KICKOFF, toEntry, type EntryRow, type NewEntry } from './entry-rows.js';
import { bumpVersionsStatement } from './ledger-versions.repository.js';

/**
 * The SQL of a member's entries (user_bets): each read joins the entry's game; an entry is stored once per
 * idempotency key, and a sync's entries are inserted 1,000 a statement (unnest of arrays).
 */

/** What an edit before kickoff may change. */
export type EntryChanges = Pick<
  NewEntry,
  'betType' | 'betTeam' | 'line' | 'price' | 'stakeCents' | 'book' | 'teaserPoints'
>;

/** A member's idempotency key as one string, for telling a bulk write's rows apart. */
export const memberKey = (userId: number, key: string) => `${userId}\u0000${key}`;

/**
 * Which items are the first with their key in a bulk write: a key given twice is the first one's and the later
 * ones are taken, as they would be one insert at a time.
 */
export function firstOfEachKey<T>(items: readonly T[], keyOf: (item: T) => string): boolean[] {
  const given = new Set<string>();
  return items.map((item) => {
    const key = keyOf(item);
    if (given.has(key)) return false;
    given.add(key);
    return true;
  });
}

/** A member's entry by their idempotency key (deleted ones included: the key stays used). */
export async function findByKey(db: DbExecutor, userId: number, key: string): Promise<EntryRow | undefined> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`select ${ENTRY_COLUMNS}, ${EVENT_COLUMNS} from user_bets b join events e on e.id = b.event_id
        where b.user_id = ${userId} and b.idempotency_key = ${key}`,
  );
  return row ? toEntry(row) : undefined;
}

/**
 * Inserts an entry unless the member already used its key; undefined when the key was taken. The member's
 * ledger version is raised by the same statement, so the two are never seen apart. Its times are the
 * server clock's (`now`), the one grading stamps graded_at with, not the database's.
 */
export async function insertEntry(db: DbExecutor, entry: NewEntry, now: Date): Promise<EntryRow | undefined> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`with b as (
          insert into user_bets (user_id, event_id, sport, season, week, bet_mode, bet_kind, bet_type, bet_team, line,
            price, stake_cents, book, teaser_points, multiplier, is_simulated, source, recorded_after_start,
            idempotency_key, request_hash, status, created_at, updated_at)
          values (${entry.userId}, ${entry.eventId}, ${entry.sport}, ${entry.season}, ${entry.week}, ${entry.betMode},
            ${entry.betKind}, ${entry.betType}, ${entry.betTeam}, ${entry.line}, ${entry.price}, ${entry.stakeCents},
            ${entry.book}, ${entry.teaserPoints}, ${entry.multiplier}, ${entry.isSimulated}, ${entry.source},
            ${entry.recordedAfterStart}, ${entry.idempotencyKey}, ${entry.requestHash}, ${entry.status},
            ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          on conflict (user_id, idempotency_key) do nothing
          returning *
        ), bumped as (
          ${bumpVersionsStatement(sql`select user_id from b`)}
        )
        select ${ENTRY_COLUMNS}, ${EVENT_COLUMNS} from b join events e on e.id = b.event_id`,
  );
  return row ? toEntry(row) : undefined;
}

/**
 * Entries per statement of `insertEntries`. Its columns go as arrays, so the parameters stay 22 however many;
 * the limit keeps each statement short (PGlite runs on the main thread, which serves requests between them).
 */
const INSERT_BATCH = 1000;

/**
 * Inserts entries as `insertEntry` does each in turn, a statement per 1,000: an entry whose member already used
 * its key (before, or earlier in `entries`) is not stored, and each member's ledger version is raised once per
 * entry stored, by the statement that stores them. Returns each entry's id, in the order given; undefined
 * where the key was taken.
 */
export async function insertEntries(
  db: DbExecutor,
  entries: readonly NewEntry[],
  now: Date,
): Promise<(number | undefined)[]> {
  const first = firstOfEachKey(entries, (entry) => memberKey(entry.userId, entry.idempotencyKey));
  const ids = new Map<string, number>();
  const at = now.toISOString();
  for (const batch of chunks(
    entries.filter((_, index) => first[index]),
    INSERT_BATCH,
  )) {
    const values = <K extends keyof NewEntry>(key: K) => batch.map((entry) => entry[key]);
    const inserted = await rows<{ id: unknown; user_id: unknown; idempotency_key: unknown }>(
      db,
      sql`with b as (
            insert into user_bets (user_id, event_id, sport, season, week, bet_mode, bet_kind, bet_type, bet_team,
              line, price, stake_cents, book, teaser_points, multiplier, is_simulated, source, recorded_after_start,
              idempotency_key, request_hash, status, created_at, updated_at)
            select user_id, event_id, sport, season, week, bet_mode, bet_kind, bet_type, bet_team, line, price,
              stake_cents, book, teaser_points, multiplier, is_simulated, source, recorded_after_start,
              idempotency_key, request_hash, status, ${at}::timestamptz, ${at}::timestamptz
            from unnest(${column(values('userId'), 'int')}, ${column(values('eventId'), 'int')},
              ${column(values('sport'), 'text')}, ${column(values('season'), 'int')}, ${column(values('week'), 'int')},
              ${column(values('betMode'), 'smallint')}, ${column(values('betKind'), 'smallint')},
              ${column(values('betType'), 'smallint')}, ${column(values('betTeam'), 'text')},
              ${column(values('line'), 'real')}, ${column(values('price'), 'int')},
              ${column(values('stakeCents'), 'int')}, ${column(values('book'), 'text')},
              ${column(values('teaserPoints'), 'real')}, ${column(values('multiplier'), 'smallint')},
              ${column(values('isSimulated'), 'boolean')}, ${column(values('source'), 'text')},
              ${column(values('recordedAfterStart'), 'boolean')}, ${column(values('idempotencyKey'), 'text')},
              ${column(values('requestHash'), 'text')}, ${column(values('status'), 'smallint')})
              with ordinality as v(user_id, event_id, sport, season, week, bet_mode, bet_kind, bet_type, bet_team,
                line, price, stake_cents, book, teaser_points, multiplier, is_simulated, source, recorded_after_start,
                idempotency_key, request_hash, status, n)
            order by n
            on conflict (user_id, idempotency_key) do nothing
            returning id, user_id, idempotency_key
          ), bumped as (
            insert into ledger_versions as v (user_id, version)
            select user_id, count(*) from b group by user_id order by user_id
            on conflict (user_id) do update set version = v.version + excluded.version, updated_at = now()
          )
          select id, user_id, idempotency_key from b`,
    );
    for (const row of inserted) ids.set(memberKey(Number(row.user_id), String(row.idempotency_key)), Number(row.id));
  }
  return entries.map((entry, index) =>
    first[index] ? ids.get(memberKey(entry.userId, entry.idempotencyKey)) : undefined,
  );
}

/** A member's entry that is not deleted; another member's is not found. */
export async function getOwnEntry(db: DbExecutor, userId: number, id: number): Promise<EntryRow | undefined> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`select ${ENTRY_COLUMNS}, ${EVENT_COLUMNS} from user_bets b join events e on e.id = b.event_id
        where b.id = ${id} and b.user_id = ${userId} and b.deleted_at is null`,
  );
  return row ? toEntry(row) : undefined;
}

export interface ListFilters {
  sport?: string | undefined;
  season?: number | undefined;
  week?: number | undefined;
  event_ids?: number[] | undefined;
  status?: number | undefined;
  mode?: number | undefined;
  kind?: number | undefined;
  source?: string | undefined;
  limit: number;
  offset: number;
}

/** The status as shown: an open entry whose game has started reads pending. */
const shownStatus = (now: Date) =>
  sql`(case when b.status = 1 and ${KICKOFF} <= ${now.toISOString()}::timestamptz then 3 else b.status end)`;

/** A member's entries, newest first, with the number matching the filters. */
export async function listOwnEntries(
  db: DbExecutor,
  userId: number,
  filters: ListFilters,
  now: Date,
): Promise<{ entries: EntryRow[]; total: number }> {
  const conditions = [sql`b.user_id = ${userId}`, sql`b.deleted_at is null`];
  if (filters.sport !== undefined) conditions.push(sql`b.sport = ${filters.sport}`);
  if (filters.season !== undefined) conditions.push(sql`b.season = ${filters.season}`);
  if (filters.week !== undefined) conditions.push(sql`b.week = ${filters.week}`);
  if (filters.event_ids !== undefined) conditions.push(sql`b.event_id = any(${column(filters.event_ids, 'int')})`);
  if (filters.mode !== undefined) conditions.push(sql`b.bet_mode = ${filters.mode}`);
  if (filters.kind !== undefined) conditions.push(sql`b.bet_kind = ${filters.kind}`);
  if (filters.source !== undefined) conditions.push(sql`b.source = ${filters.source}`);
  if (filters.status !== undefined) conditions.push(sql`${shownStatus(now)} = ${filters.status}`);
  const where = sql.join(conditions, sql` and `);
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select ${ENTRY_COLUMNS}, ${EVENT_COLUMNS}, count(*) over () as total_count
        from user_bets b join events e on e.id = b.event_id
        where ${where}
        order by b.created_at desc, b.id desc
        limit ${filters.limit} offset ${filters.offset}`,
  );
  let total = found.length > 0 ? Number(found[0]!.total_count) : 0;
  if (found.length === 0 && filters.offset > 0) {
    const [count] = await rows<{ n: unknown }>(
      db,
      sql`select count(*) as n from user_bets b join events e on e.id = b.event_id where ${where}`,
    );
    total = Number(count?.n ?? 0);
  }
  return { entries: found.map(toEntry), total };
}

export async function updateEntry(db: DbExecutor, id: number, changes: EntryChanges, now: Date): Promise<void> {
  await db.execute(sql`update user_bets set bet_type = ${changes.betType}, bet_team = ${changes.betTeam},
      line = ${changes.line}, price = ${changes.price}, stake_cents = ${changes.stakeCents}, book = ${changes.book},
      teaser_points = ${changes.teaserPoints}, updated_at = ${now.toISOString()}::timestamptz
    where id = ${id}`);
}

/** Cancels an entry by its owner: status canceled, soft-deleted. */
export async function cancelEntry(db: DbExecutor, id: number, canceledStatus: number, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`update user_bets set status = ${canceledStatus}, deleted_at = ${at}::timestamptz,
      updated_at = ${at}::timestamptz
    where id = ${id}`);
}

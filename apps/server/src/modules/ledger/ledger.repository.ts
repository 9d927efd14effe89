import { chunks, column, type DbExecutor, rows, type userBets } from '@pass/db';
import { sql, type SQL } from 'drizzle-orm';
import type { EventStatus, LedgerEvent } from './ledger-event.js';

export type { EventStatus, LedgerEvent } from './ledger-event.js';

/**
 * The SQL of the ledger (user_bets). Reads join the entry's event; grading reads every entry of a batch of
 * events in one query and writes its grades back in one statement per 5,000 entries (unnest of arrays), as a
 * sync's entries are inserted; statistics are aggregated by the database (GROUPING SETS), never by looping over
 * entries here.
 */

export type Outcome = 'win' | 'loss' | 'push' | 'void';
export type Source = 'manual' | 'teller' | 'sync' | 'demo';

/** A row of user_bets as the table defines it (the schema is the one description of its columns). */
type UserBetRow = typeof userBets.$inferSelect;

/** An entry with the game it is on. */
export type EntryRow = Omit<UserBetRow, 'deletedAt'> & { event: LedgerEvent };

/** The values of a new entry: every column the service decides; ids, grading and times come later. */
export type NewEntry = Pick<
  UserBetRow,
  | 'userId'
  | 'eventId'
  | 'sport'
  | 'season'
  | 'week'
  | 'betMode'
  | 'betKind'
  | 'betType'
  | 'betTeam'
  | 'line'
  | 'price'
  | 'stakeCents'
  | 'book'
  | 'teaserPoints'
  | 'multiplier'
  | 'isSimulated'
  | 'source'
  | 'recordedAfterStart'
  | 'idempotencyKey'
  | 'requestHash'
  | 'status'
>;

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

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const date = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string | Date);

/** Kickoff, or noon UTC of the game date when the kickoff is unknown (as closing quotes are filed). */
const KICKOFF = sql`coalesce(e.kickoff_at, (e.game_date || 'T12:00:00Z')::timestamptz)`;

const EVENT_COLUMNS = sql`e.id as e_id, e.sport as e_sport, e.season as e_season, e.week as e_week,
  e.kickoff_at as e_kickoff_at, e.game_date as e_game_date, e.home_team as e_home_team, e.away_team as e_away_team,
  e.status as e_status, e.home_score as e_home_score, e.away_score as e_away_score`;

const ENTRY_COLUMNS = sql`b.id, b.user_id, b.event_id, b.sport, b.season, b.week, b.bet_mode, b.bet_kind, b.bet_type,
  b.bet_team, b.line, b.price, b.stake_cents, b.book, b.teaser_points, b.multiplier, b.is_simulated, b.source,
  b.recorded_after_start, b.idempotency_key, b.request_hash, b.status, b.outcome, b.reward, b.closing_line, b.closing_price, b.clv,
  b.graded_at, b.created_at, b.updated_at`;

function toEvent(row: Record<string, unknown>, prefix = ''): LedgerEvent {
  const get = (key: string) => row[`${prefix}${key}`];
  return {
    id: Number(get('id')),
    sport: String(get('sport')),
    season: Number(get('season')),
    week: num(get('week')),
    kickoffAt: date(get('kickoff_at')),
    gameDate: String(get('game_date')),
    homeTeam: String(get('home_team')),
    awayTeam: String(get('away_team')),
    status: get('status') as EventStatus,
    homeScore: num(get('home_score')),
    awayScore: num(get('away_score')),
  };
}

function toEntry(row: Record<string, unknown>): EntryRow {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    eventId: Number(row.event_id),
    sport: String(row.sport),
    season: Number(row.season),
    week: num(row.week),
    betMode: Number(row.bet_mode),
    betKind: Number(row.bet_kind),
    betType: Number(row.bet_type),
    betTeam: (row.bet_team as string | null) ?? null,
    line: num(row.line),
    price: num(row.price),
    stakeCents: num(row.stake_cents),
    book: (row.book as string | null) ?? null,
    teaserPoints: num(row.teaser_points),
    multiplier: Number(row.multiplier),
    isSimulated: Boolean(row.is_simulated),
    source: row.source as Source,
    recordedAfterStart: Boolean(row.recorded_after_start),
    idempotencyKey: String(row.idempotency_key),
    requestHash: (row.request_hash as string | null) ?? null,
    status: Number(row.status),
    outcome: (row.outcome as Outcome | null) ?? null,
    reward: num(row.reward),
    closingLine: num(row.closing_line),
    closingPrice: num(row.closing_price),
    clv: num(row.clv),
    gradedAt: date(row.graded_at),
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
    event: toEvent(row, 'e_'),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Ledger versions (see the ledger_versions table)

/**
 * Raises the version of each member `members` selects (a query of one `user_id` column). Members are
 * locked in id order, so two gradings of overlapping members cannot deadlock.
 */
function bumpStatement(members: SQL): SQL {
  return sql`insert into ledger_versions as v (user_id, version)
    select distinct user_id, 1 from (${members}) as m order by user_id
    on conflict (user_id) do update set version = v.version + 1, updated_at = now()`;
}

/** Raises the ledger version of these members, in one statement; call it in the transaction of the change. */
export async function bumpLedgerVersions(db: DbExecutor, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  await db.execute(bumpStatement(sql`select unnest(${column(ids, 'int')}) as user_id`));
}

/**
 * Entries take their game's week again when an import renumbered it (decision 024: one week numbering);
 * returns the members whose entries moved.
 */
export async function syncEntryWeeks(db: DbExecutor, eventIds: readonly number[]): Promise<number[]> {
  if (eventIds.length === 0) return [];
  const moved = await rows<{ user_id: unknown }>(
    db,
    sql`update user_bets b set week = e.week from events e
        where e.id = b.event_id and b.event_id = any(${column(eventIds, 'int')}) and b.week is distinct from e.week
        returning b.user_id`,
  );
  return moved.map((row) => Number(row.user_id));
}

/** The member's ledger version: 0 before their first change. */
export async function getLedgerVersion(db: DbExecutor, userId: number): Promise<number> {
  const [row] = await rows<{ version: unknown }>(
    db,
    sql`select version from ledger_versions where user_id = ${userId}`,
  );
  return row ? Number(row.version) : 0;
}

export async function getEvent(db: DbExecutor, id: number): Promise<LedgerEvent | undefined> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`select id, sport, season, week, kickoff_at, game_date, home_team, away_team, status, home_score, away_score
        from events where id = ${id}`,
  );
  return row ? toEvent(row) : undefined;
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
          ${bumpStatement(sql`select user_id from b`)}
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

// ---------------------------------------------------------------------------------------------------------
// Grading

/** What grading reads of an entry and its event. */
export interface GradableRow {
  id: number;
  userId: number;
  eventId: number;
  betMode: number;
  betKind: number;
  betType: number;
  betTeam: string | null;
  line: number | null;
  price: number | null;
  stakeCents: number | null;
  teaserPoints: number | null;
  multiplier: number;
  status: number;
  outcome: Outcome | null;
  reward: number | null;
  closingLine: number | null;
  closingPrice: number | null;
  clv: number | null;
  gradedAt: Date | null;
  /** When the entry was stored (the database's clock); null for an entry that is never stored (the replay's). */
  createdAt: Date | null;
}

function toGradable(row: Record<string, unknown>): GradableRow {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    eventId: Number(row.event_id),
    betMode: Number(row.bet_mode),
    betKind: Number(row.bet_kind),
    betType: Number(row.bet_type),
    betTeam: (row.bet_team as string | null) ?? null,
    line: num(row.line),
    price: num(row.price),
    stakeCents: num(row.stake_cents),
    teaserPoints: num(row.teaser_points),
    multiplier: Number(row.multiplier),
    status: Number(row.status),
    outcome: (row.outcome as Outcome | null) ?? null,
    reward: num(row.reward),
    closingLine: num(row.closing_line),
    closingPrice: num(row.closing_price),
    clv: num(row.clv),
    gradedAt: date(row.graded_at),
    createdAt: date(row.created_at),
  };
}

const GRADABLE_COLUMNS = sql`b.id, b.user_id, b.event_id, b.bet_mode, b.bet_kind, b.bet_type, b.bet_team, b.line, b.price,
  b.stake_cents, b.teaser_points, b.multiplier, b.status, b.outcome, b.reward, b.closing_line, b.closing_price, b.clv,
  b.graded_at, b.created_at`;

/** The events of some ids. */
export async function listEvents(db: DbExecutor, eventIds: readonly number[]): Promise<LedgerEvent[]> {
  if (eventIds.length === 0) return [];
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select id, sport, season, week, kickoff_at, game_date, home_team, away_team, status, home_score, away_score
        from events where id = any(${column(eventIds, 'int')})`,
  );
  return found.map((row) => toEvent(row));
}

/** Every entry of these events that is not deleted: one query for the whole batch. */
export async function listGradableEntriesOfEvents(db: DbExecutor, eventIds: readonly number[]): Promise<GradableRow[]> {
  if (eventIds.length === 0) return [];
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select ${GRADABLE_COLUMNS} from user_bets b
        where b.event_id = any(${column(eventIds, 'int')}) and b.deleted_at is null`,
  );
  return found.map(toGradable);
}

export async function listGradableEntries(db: DbExecutor, ids: readonly number[]): Promise<GradableRow[]> {
  if (ids.length === 0) return [];
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select ${GRADABLE_COLUMNS} from user_bets b where b.id = any(${column(ids, 'int')}) and b.deleted_at is null`,
  );
  return found.map(toGradable);
}

export interface ClosingQuote {
  eventId: number;
  market: 'h2h' | 'spreads' | 'totals';
  outcome: string;
  price: number;
  point: number | null;
}

export interface GradeWrite {
  id: number;
  status: number;
  outcome: Outcome | null;
  reward: number | null;
  closingLine: number | null;
  closingPrice: number | null;
  clv: number | null;
  gradedAt: Date | null;
}

const GRADE_BATCH = 5000;

/**
 * Writes grades back: one statement per 5,000 entries; `now` (the server clock) is their updated_at. A grade
 * is never stamped before its entry was stored (decision 018): `regrade` already takes the later of the two,
 * and the database settles what a JavaScript date cannot hold, the microseconds of `created_at`.
 */
export async function writeGrades(db: DbExecutor, grades: readonly GradeWrite[], now: Date): Promise<void> {
  for (const batch of chunks(grades, GRADE_BATCH)) {
    await db.execute(sql`update user_bets b set status = v.status, outcome = v.outcome, reward = v.reward,
        closing_line = v.closing_line, closing_price = v.closing_price, clv = v.clv,
        graded_at = case when v.graded_at is null then null else greatest(v.graded_at, b.created_at) end,
        updated_at = ${now.toISOString()}::timestamptz
      from unnest(${column(
        batch.map((grade) => grade.id),
        'int',
      )}, ${column(
        batch.map((grade) => grade.status),
        'smallint',
      )}, ${column(
        batch.map((grade) => grade.outcome),
        'text',
      )}, ${column(
        batch.map((grade) => grade.reward),
        'int',
      )}, ${column(
        batch.map((grade) => grade.closingLine),
        'real',
      )}, ${column(
        batch.map((grade) => grade.closingPrice),
        'int',
      )}, ${column(
        batch.map((grade) => grade.clv),
        'real',
      )}, ${column(
        batch.map((grade) => grade.gradedAt?.toISOString() ?? null),
        'timestamptz',
      )}) as v(id, status, outcome, reward, closing_line, closing_price, clv, graded_at)
      where b.id = v.id`);
  }
}

/**
 * Sets an event's status and scores; the sport, or undefined when there is no such event. The result is the
 * admin's as of `asOf`: an import of older data does not undo it, newer data does (docs/decisions/022).
 */
export async function setEventResult(
  db: DbExecutor,
  id: number,
  result: { status: EventStatus; homeScore: number | null; awayScore: number | null },
  asOf: Date,
): Promise<LedgerEvent | undefined> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`update events set status = ${result.status}, home_score = ${result.homeScore},
          away_score = ${result.awayScore}, result_source = 'admin', result_as_of = ${asOf.toISOString()}::timestamptz,
          updated_at = now()
        where id = ${id}
        returning id, sport, season, week, kickoff_at, game_date, home_team, away_team, status, home_score, away_score`,
  );
  return row ? toEvent(row) : undefined;
}

/**
 * Clears the admin's result of an event: no result, no source, no data time, so the next import or demo run
 * that observes the game sets it again (docs/decisions/022). Undefined when the event's result is not the
 * admin's (or there is no such event).
 */
export async function clearAdminResult(db: DbExecutor, id: number): Promise<LedgerEvent | undefined> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`update events set status = 'scheduled', home_score = null, away_score = null, result_source = null,
          result_as_of = null, updated_at = now()
        where id = ${id} and result_source = 'admin'
        returning id, sport, season, week, kickoff_at, game_date, home_team, away_team, status, home_score, away_score`,
  );
  return row ? toEvent(row) : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Outcomes and statistics

export interface OutcomeRow {
  eventId: number;
  homeScore: number | null;
  awayScore: number | null;
  betMode: number;
  betKind: number;
  betType: number;
  betTeam: string | null;
  reward: number;
  line: number | null;
  price: number | null;
  closingPrice: number | null;
}

const GRADED = sql`b.status = 8 and b.deleted_at is null and b.outcome is not null`;

/** A member's graded entries of a sport's season, in kickoff order. */
export async function listOutcomes(
  db: DbExecutor,
  userId: number,
  sport: string,
  season: number,
  page: { limit: number; offset: number },
): Promise<{ rows: OutcomeRow[]; total: number }> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select b.event_id, e.home_score, e.away_score, b.bet_mode, b.bet_kind, b.bet_type, b.bet_team, b.reward,
          b.line, b.price, b.closing_price, count(*) over () as total_count
        from user_bets b join events e on e.id = b.event_id
        where b.user_id = ${userId} and b.sport = ${sport} and b.season = ${season} and ${GRADED}
        order by ${KICKOFF}, b.event_id, b.id
        limit ${page.limit} offset ${page.offset}`,
  );
  return {
    total: found.length > 0 ? Number(found[0]!.total_count) : 0,
    rows: found.map((row) => ({
      eventId: Number(row.event_id),
      homeScore: num(row.home_score),
      awayScore: num(row.away_score),
      betMode: Number(row.bet_mode),
      betKind: Number(row.bet_kind),
      betType: Number(row.bet_type),
      betTeam: (row.bet_team as string | null) ?? null,
      reward: Number(row.reward),
      line: num(row.line),
      price: num(row.price),
      closingPrice: num(row.closing_price),
    })),
  };
}

/** Counts and sums of a group of graded entries, as the database aggregates them. */
export interface AggregateRow {
  /** Which grouping set the row belongs to (see STATS_SETS). */
  set: StatsSet;
  team: string | null;
  week: number | null;
  betMode: number | null;
  betKind: number | null;
  betType: number | null;
  book: string | null;
  /** The side the entries hold: the favourite (true) or the underdog (false); null for totals or unknown. */
  heldFavored: boolean | null;
  entries: number;
  wins: number;
  losses: number;
  pushes: number;
  voids: number;
  picks: number;
  pickPoints: number;
  bets: number;
  stakedBets: number;
  stakedCents: number;
  profitCents: number;
  atsWins: number;
  atsLosses: number;
  atsPushes: number;
  clvSpreadCount: number;
  clvSpreadAverage: number | null;
  clvTotalsCount: number;
  clvTotalsAverage: number | null;
  clvMoneylineCount: number;
  clvMoneylineAverage: number | null;
}

export type StatsSet = 'all' | 'team' | 'week' | 'mode' | 'kind' | 'type' | 'book' | 'side' | 'summary';

/**
 * The bitmask grouping(bet_team, week, bet_mode, bet_kind, bet_type, book, held_favored) gives each set: a
 * bit is 1 where the column is not grouped on.
 */
const GROUPING_MASKS = new Map<number, StatsSet>([
  [0b1111111, 'all'],
  [0b0111111, 'team'],
  [0b1011111, 'week'],
  [0b1101111, 'mode'],
  [0b1110111, 'kind'],
  [0b1111011, 'type'],
  [0b1111101, 'book'],
  [0b1111110, 'side'],
  [0b0000011, 'summary'],
]);

/**
 * Whether the side an entry holds was the favourite: bet_team's when it is backed, the other team's when it
 * is faded (modes 2 and 4). bet_team was the favourite when its spread is negative; for moneylines when the
 * type says so, else when the held side's price (the entry's, else the closing one) is negative. Null for
 * totals and where neither line nor price says. The outcome's `favored` (ledger.service) is bet_team's.
 */
const HELD_FAVORED = sql`case
    when b.bet_kind = 2 then null
    when b.bet_kind = 3 then (b.line < 0) <> (b.bet_mode in (2, 4))
    when b.bet_type = 4 then b.bet_mode not in (2, 4)
    when b.bet_type = 3 then b.bet_mode in (2, 4)
    else coalesce(b.price, b.closing_price) < 0
  end`;

/** Every total of the stats screen in one pass over the member's graded entries of a season. */
export async function aggregateStats(
  db: DbExecutor,
  userId: number,
  sport: string,
  season: number,
): Promise<AggregateRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    // One pass over the entries at the finest grain (a few thousand groups at most), then the grouping sets
    // are rolled up from those groups rather than from the entries nine times over. The text keys in byte order
    // ("C"): the planner then hashes the entries into groups and sorts only the groups for the rollup (about a
    // third less time on 10,000 entries); JavaScript orders the rows it shows.
    sql`with base as (
          select bet_team collate "C" as bet_team, week, bet_mode, bet_kind, bet_type, book collate "C" as book,
            ${HELD_FAVORED} as held_favored,
            count(*) as entries,
            count(*) filter (where outcome = 'win') as wins,
            count(*) filter (where outcome = 'loss') as losses,
            count(*) filter (where outcome = 'push') as pushes,
            count(*) filter (where outcome = 'void') as voids,
            count(*) filter (where outcome <> 'void') as staked_count,
            coalesce(sum(stake_cents::float8) filter (where outcome <> 'void'), 0) as staked,
            coalesce(sum(reward::float8), 0) as reward,
            count(clv) as clv_count,
            coalesce(sum(clv::float8), 0) as clv_sum
          from user_bets b
          where b.user_id = ${userId} and b.sport = ${sport} and b.season = ${season} and ${GRADED}
          group by bet_team, week, bet_mode, bet_kind, bet_type, book, held_favored
          union all
          -- Graded parlays (decision 035): each one bet (bet_on) of its first leg's week and its book, with no
          -- team, kind, type or side; the kind set's row without a kind is their own total.
          select null::text collate "C", p.week, 3::smallint, null::smallint, null::smallint, p.book collate "C",
            null::boolean,
            count(*),
            count(*) filter (where p.outcome = 'win'),
            count(*) filter (where p.outcome = 'loss'),
            count(*) filter (where p.outcome = 'push'),
            count(*) filter (where p.outcome = 'void'),
            count(*) filter (where p.outcome <> 'void'),
            coalesce(sum(p.stake_cents::float8) filter (where p.outcome <> 'void'), 0),
            coalesce(sum(p.reward::float8), 0),
            0,
            0
          from parlays p
          where p.user_id = ${userId} and p.sport = ${sport} and p.season = ${season} and p.status = 8
            and p.deleted_at is null and p.outcome is not null
          group by p.week, p.book
        )
        select grouping(bet_team, week, bet_mode, bet_kind, bet_type, book, held_favored) as g,
          bet_team, week, bet_mode, bet_kind, bet_type, book, held_favored,
          sum(entries) as entries, sum(wins) as wins, sum(losses) as losses, sum(pushes) as pushes,
          sum(voids) as voids,
          coalesce(sum(entries) filter (where bet_mode <= 2), 0) as picks,
          coalesce(sum(reward) filter (where bet_mode <= 2), 0) as pick_points,
          coalesce(sum(entries) filter (where bet_mode >= 3), 0) as bets,
          coalesce(sum(staked_count) filter (where bet_mode >= 3), 0) as staked_bets,
          coalesce(sum(staked) filter (where bet_mode >= 3), 0) as staked_cents,
          coalesce(sum(reward) filter (where bet_mode >= 3), 0) as profit_cents,
          coalesce(sum(wins) filter (where bet_kind = 3), 0) as ats_wins,
          coalesce(sum(losses) filter (where bet_kind = 3), 0) as ats_losses,
          coalesce(sum(pushes) filter (where bet_kind = 3), 0) as ats_pushes,
          coalesce(sum(clv_count) filter (where bet_kind = 3), 0) as clv_spread_count,
          sum(clv_sum) filter (where bet_kind = 3) / nullif(sum(clv_count) filter (where bet_kind = 3), 0)
            as clv_spread_average,
          coalesce(sum(clv_count) filter (where bet_kind = 2), 0) as clv_totals_count,
          sum(clv_sum) filter (where bet_kind = 2) / nullif(sum(clv_count) filter (where bet_kind = 2), 0)
            as clv_totals_average,
          coalesce(sum(clv_count) filter (where bet_kind = 1), 0) as clv_moneyline_count,
          sum(clv_sum) filter (where bet_kind = 1) / nullif(sum(clv_count) filter (where bet_kind = 1), 0)
            as clv_moneyline_average
        from base
        group by grouping sets ((), (bet_team), (week), (bet_mode), (bet_kind), (bet_type), (book), (held_favored),
          (bet_team, week, bet_mode, bet_kind, bet_type))`,
  );
  return found.flatMap((row): AggregateRow[] => {
    const set = GROUPING_MASKS.get(Number(row.g));
    if (!set) return [];
    const n = (key: string) => Number(row[key] ?? 0);
    return [
      {
        set,
        team: (row.bet_team as string | null) ?? null,
        week: num(row.week),
        betMode: num(row.bet_mode),
        betKind: num(row.bet_kind),
        betType: num(row.bet_type),
        book: (row.book as string | null) ?? null,
        heldFavored: row.held_favored === null || row.held_favored === undefined ? null : Boolean(row.held_favored),
        entries: n('entries'),
        wins: n('wins'),
        losses: n('losses'),
        pushes: n('pushes'),
        voids: n('voids'),
        picks: n('picks'),
        pickPoints: n('pick_points'),
        bets: n('bets'),
        stakedBets: n('staked_bets'),
        stakedCents: n('staked_cents'),
        profitCents: n('profit_cents'),
        atsWins: n('ats_wins'),
        atsLosses: n('ats_losses'),
        atsPushes: n('ats_pushes'),
        clvSpreadCount: n('clv_spread_count'),
        clvSpreadAverage: num(row.clv_spread_average),
        clvTotalsCount: n('clv_totals_count'),
        clvTotalsAverage: num(row.clv_totals_average),
        clvMoneylineCount: n('clv_moneyline_count'),
        clvMoneylineAverage: num(row.clv_moneyline_average),
      },
    ];
  });
}

/**
 * For sports without weeks (MLB): the last 11 game dates of each team's reward, picks and bets apart, oldest
 * first: enough for the last 10 streak marks, each compared with its real predecessor. (Weekly sports take
 * their periods from the summary rows.)
 */
export async function listTeamPeriodRewards(
  db: DbExecutor,
  userId: number,
  sport: string,
  season: number,
): Promise<{ team: string; pick: boolean; reward: number }[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`with periods as (
          select b.bet_team as team, b.bet_mode <= 2 as pick, e.game_date as period, sum(b.reward::float8) as reward
          from user_bets b join events e on e.id = b.event_id
          where b.user_id = ${userId} and b.sport = ${sport} and b.season = ${season} and ${GRADED}
            and b.bet_team is not null and b.week is null
          group by 1, 2, 3
        ), ranked as (
          select team, pick, period, reward, row_number() over (partition by team, pick order by period desc) as n
          from periods
        )
        select team, pick, reward from ranked where n <= 11 order by team, pick, period`,
  );
  return found.map((row) => ({ team: String(row.team), pick: Boolean(row.pick), reward: Number(row.reward) }));
}

// ---------------------------------------------------------------------------------------------------------
// Teller

/** Serialises a member's teller bets: the balance check and the insert happen under this row lock. */
export async function lockUser(db: DbExecutor, userId: number): Promise<void> {
  await db.execute(sql`select id from users where id = ${userId} for update`);
}

export async function tellerTotals(
  db: DbExecutor,
  userId: number,
): Promise<{ settledCents: number; openStakesCents: number }> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`select coalesce(sum(reward::float8) filter (where status = 8), 0) as settled,
          coalesce(sum(stake_cents::float8) filter (where status in (1, 3)), 0) as open_stakes
        from user_bets where user_id = ${userId} and source = 'teller' and deleted_at is null`,
  );
  return { settledCents: Number(row?.settled ?? 0), openStakesCents: Number(row?.open_stakes ?? 0) };
}

export async function listTellerOpen(db: DbExecutor, userId: number): Promise<EntryRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select ${ENTRY_COLUMNS}, ${EVENT_COLUMNS} from user_bets b join events e on e.id = b.event_id
        where b.user_id = ${userId} and b.source = 'teller' and b.deleted_at is null and b.status in (1, 3)
        order by ${KICKOFF}, b.id`,
  );
  return found.map(toEntry);
}

/** The balance after each settled teller bet, oldest first. */
export async function listTellerHistory(
  db: DbExecutor,
  userId: number,
  startCents: number,
): Promise<
  { entryId: number; eventId: number; settledAt: Date; outcome: Outcome; reward: number; balanceCents: number }[]
> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select id, event_id, graded_at, outcome, reward,
          ${startCents} + sum(reward::float8) over (order by graded_at, id) as balance
        from user_bets
        where user_id = ${userId} and source = 'teller' and deleted_at is null and status = 8
        order by graded_at, id`,
  );
  return found.map((row) => ({
    entryId: Number(row.id),
    eventId: Number(row.event_id),
    settledAt: date(row.graded_at)!,
    outcome: row.outcome as Outcome,
    reward: Number(row.reward),
    balanceCents: Number(row.balance),
  }));
}

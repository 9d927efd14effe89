import {
  column,
  equalsAny,
  events,
  groupBy,
  jsonDate,
  poolEdits,
  poolMembers,
  poolPicks,
  poolSheets,
  poolSlateGames,
  poolSubmissions,
  poolWeeks,
  readOne,
  rows,
  users,
  type DbExecutor,
  type JsonDated,
  type JsonRead,
} from '@pass/db';
import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { WeekGameRow } from '../sports/sports.repository.js';

/**
 * The SQL of a pool's weeks: the sport week's games, each stored week's slate and its locks, the members' sheets
 * with their picks, submissions and the Lifeguard's edits.
 */

/** A game of a sport week (its kickoff: noon UTC of the game date when the schedule has no time yet). */
export type GameRow = WeekGameRow;

const gameColumns = {
  id: events.id,
  homeTeam: events.homeTeam,
  awayTeam: events.awayTeam,
  kickoff: sql<Date>`coalesce(${events.kickoffAt}, (${events.gameDate} || 'T12:00:00Z')::timestamptz)`.mapWith(
    (value: string | Date) => new Date(value),
  ),
  status: events.status,
  homeScore: events.homeScore,
  awayScore: events.awayScore,
  isDemo: events.isDemo,
};

export type PoolWeekRow = typeof poolWeeks.$inferSelect;
export type SlateRow = GameRow & {
  frozenHomeSpread: number | null;
  frozenLineSource: string | null;
  lockedAt: Date | null;
  closingHomeSpread: number | null;
  /** A game of the week kept for Last Man Standing only, not on the slate. */
  survivorOnly: boolean;
};

export async function findWeek(db: DbExecutor, poolId: number, week: number): Promise<PoolWeekRow | null> {
  const [row] = await db
    .select()
    .from(poolWeeks)
    .where(and(eq(poolWeeks.poolId, poolId), eq(poolWeeks.week, week)));
  return row ?? null;
}

/**
 * Stores a week's slate. With `replace`, over one stored before (its picks of games no longer on it go);
 * without, a slate stored meanwhile by another request wins and is returned as it is.
 */
export async function storeSlate(
  db: DbExecutor,
  input: {
    poolId: number;
    week: number;
    source: 'lifeguard' | 'auto';
    publishedBy: number | null;
    now: Date;
    replace: boolean;
    games: { eventId: number; frozenHomeSpread: number | null; frozenLineSource: string | null }[];
    /** The week's other games, kept for Last Man Standing only (frozen the same way). */
    survivorGames?: { eventId: number; frozenHomeSpread: number | null; frozenLineSource: string | null }[];
  },
): Promise<PoolWeekRow> {
  const values = {
    poolId: input.poolId,
    week: input.week,
    slateSource: input.source,
    publishedAt: input.now,
    publishedBy: input.publishedBy,
  };
  const insert = db.insert(poolWeeks).values(values);
  const [row] = input.replace
    ? await insert
        .onConflictDoUpdate({
          target: [poolWeeks.poolId, poolWeeks.week],
          set: { slateSource: input.source, publishedAt: input.now, publishedBy: input.publishedBy },
        })
        .returning()
    : await insert.onConflictDoNothing().returning();
  if (!row) return (await findWeek(db, input.poolId, input.week))!;
  const week = row;
  const ids = input.games.map((game) => game.eventId);
  await db.delete(poolSlateGames).where(eq(poolSlateGames.poolWeekId, week.id));
  await db.execute(
    sql`delete from ${poolPicks} p using ${poolSheets} s
        where p.sheet_id = s.id and s.pool_week_id = ${week.id} and not (p.event_id = any(${sql.param(ids)}::int[]))`,
  );
  const rowsToStore = [
    ...input.games.map((game) => ({ poolWeekId: week.id, ...game, survivorOnly: false })),
    ...(input.survivorGames ?? []).map((game) => ({ poolWeekId: week.id, ...game, survivorOnly: true })),
  ];
  if (rowsToStore.length > 0) await db.insert(poolSlateGames).values(rowsToStore);
  return week;
}

/** The pool's stored weeks, in order. */
export async function weeksOf(db: DbExecutor, poolId: number): Promise<PoolWeekRow[]> {
  return db.select().from(poolWeeks).where(eq(poolWeeks.poolId, poolId)).orderBy(asc(poolWeeks.week));
}

/**
 * A stored week's slate games with their events and its survivor-only games (`survivorOnly`), in event order
 * (requests that keep locks update these rows in it, never crosswise), and its sheets with their picks (sheetsOf),
 * in one statement: what a submission and a read of one week load.
 */
/** A stored week's slate games and sheets, as slateAndSheetsOf reads them. */
export interface SlateAndSheets {
  slate: SlateRow[];
  sheets: SheetRow[];
}

export function slateAndSheetsOf(db: DbExecutor, poolWeekId: number): Promise<SlateAndSheets> {
  return readOne(db, slateAndSheetsRead(poolWeekId));
}

/** slateAndSheetsOf as a read that can share a statement with others (readTogether). */
export function slateAndSheetsRead(poolWeekId: number): JsonRead<SlateAndSheets> {
  return { expression: slateAndSheetsExpression(sql`${poolWeekId}`), read: slateAndSheetsFromJson };
}

/**
 * The statement of slateAndSheetsRead for the week `poolWeekId` names (a value, or a column of an outer query):
 * two lists in one value, the slate's games as objects named as the app names them (only the times need turning
 * back into dates), the sheets and their picks as arrays, which cost less to build and to parse.
 */
export function slateAndSheetsExpression(poolWeekId: SQL): SQL {
  return sql`select json_build_object(
          'slate', (select coalesce(json_agg(json_build_object('id', e.id, 'homeTeam', e.home_team,
                   'awayTeam', e.away_team,
                   'kickoff', coalesce(e.kickoff_at, (e.game_date || 'T12:00:00Z')::timestamptz), 'status', e.status,
                   'homeScore', e.home_score, 'awayScore', e.away_score, 'isDemo', e.is_demo,
                   'frozenHomeSpread', g.frozen_home_spread, 'frozenLineSource', g.frozen_line_source,
                   'lockedAt', g.locked_at, 'closingHomeSpread', g.closing_home_spread,
                   'survivorOnly', g.survivor_only) order by g.event_id), '[]'::json)
             from ${poolSlateGames} g join ${events} e on e.id = g.event_id
            where g.pool_week_id = ${poolWeekId}),
          'sheets', (select coalesce(json_agg(json_build_array(s.id, s.pool_week_id, s.member_id, s.lms_team,
                   s.tiebreaker, s.submitted_at, ${picksOfSheet(sql`s.id`)})), '[]'::json)
             from ${poolSheets} s where s.pool_week_id = ${poolWeekId}))`;
}

/** A week's slate and sheets from the JSON value of slateAndSheetsExpression. */
export function slateAndSheetsFromJson(value: unknown): SlateAndSheets {
  const found = value as {
    slate: JsonDated<SlateRow, 'kickoff' | 'lockedAt'>[];
    sheets: [number, number, number, string | null, number | null, string | null, PickTuple[]][];
  };
  return {
    slate: found.slate.map((game) => ({
      ...game,
      kickoff: new Date(game.kickoff!),
      lockedAt: jsonDate(game.lockedAt),
    })),
    sheets: found.sheets.map(([id, poolWeekId, memberId, lmsTeam, tiebreaker, submittedAt, picks]) => ({
      id,
      poolWeekId,
      memberId,
      lmsTeam,
      tiebreaker,
      submittedAt: jsonDate(submittedAt),
      picks: picks.map(pickOf),
    })),
  };
}

/**
 * Before an import rewrites events, records the lock of every pool slate game among them whose kickoff, as
 * stored, has passed by `now`: a schedule that then moves the kickoff later cannot reopen a game whose picks
 * were already locked (and shown) though no one had looked at the pool since (decision 027).
 */
export async function keepLocksBeforeEventsChange(db: DbExecutor, eventIds: readonly number[], now: Date) {
  if (eventIds.length === 0) return;
  await db.execute(sql`update pool_slate_games s set locked_at = e.kickoff_at
    from events e
    where s.event_id = e.id and s.locked_at is null and e.kickoff_at is not null
      and e.kickoff_at <= ${now.toISOString()}::timestamptz
      and e.id = any(${sql.param(eventIds)}::int[])`);
}

export async function recordLocks(
  db: DbExecutor,
  poolWeekId: number,
  locks: readonly { eventId: number; lockedAt: Date }[],
): Promise<void> {
  for (const lock of locks) {
    await db
      .update(poolSlateGames)
      .set({ lockedAt: lock.lockedAt })
      .where(
        and(
          eq(poolSlateGames.poolWeekId, poolWeekId),
          eq(poolSlateGames.eventId, lock.eventId),
          isNull(poolSlateGames.lockedAt),
        ),
      );
  }
}

export interface SheetRow {
  id: number;
  poolWeekId: number;
  memberId: number;
  lmsTeam: string | null;
  tiebreaker: number | null;
  submittedAt: Date | null;
  picks: { eventId: number; team: string; play: 'double' | 'triple' | null; confidence: number | null }[];
}

/** A pick as picksOfSheet gives it: event, team, play, confidence. */
type PickTuple = [number, string, 'double' | 'triple' | null, number | null];

/**
 * A sheet's picks in event order as one JSON array of arrays (PickTuple): PostgreSQL builds arrays in about two
 * thirds of the time of objects, and they are shorter to parse.
 */
const picksOfSheet = (sheetId: SQL) =>
  sql<PickTuple[]>`coalesce(
    (select json_agg(json_build_array(p.event_id, p.team, p.play, p.confidence) order by p.event_id)
       from ${poolPicks} p where p.sheet_id = ${sheetId}),
    '[]'::json)`;

const pickOf = ([eventId, team, play, confidence]: PickTuple): SheetRow['picks'][number] => ({
  eventId,
  team,
  play,
  confidence,
});

/**
 * One week's sheets with their picks, in one statement: each sheet's picks gathered beside it (`json_agg`). A
 * submission reads its week this way, where a round trip costs more than the JSON; sheetsOfWeeks below reads
 * many weeks (a season, a result's pools) with a join instead, where parsing a JSON array per sheet costs more
 * (bench: sunday-finals, pool-standings-after-change).
 */
export async function sheetsOf(db: DbExecutor, poolWeekId: number): Promise<SheetRow[]> {
  const sheets = await db
    .select({
      id: poolSheets.id,
      poolWeekId: poolSheets.poolWeekId,
      memberId: poolSheets.memberId,
      lmsTeam: poolSheets.lmsTeam,
      tiebreaker: poolSheets.tiebreaker,
      submittedAt: poolSheets.submittedAt,
      picks: picksOfSheet(sql`${poolSheets}.id`),
    })
    .from(poolSheets)
    .where(eq(poolSheets.poolWeekId, poolWeekId));
  return sheets.map((sheet) => ({ ...sheet, picks: sheet.picks.map(pickOf) }));
}

/**
 * The sheets of these weeks with their picks: two queries whatever the number of weeks (a single week is read
 * with its slate in one statement, slateAndSheetsOf).
 */
export async function sheetsOfWeeks(db: DbExecutor, poolWeekIds: readonly number[]): Promise<SheetRow[]> {
  if (poolWeekIds.length === 0) return [];
  const sheets = await db.select().from(poolSheets).where(equalsAny(poolSheets.poolWeekId, poolWeekIds));
  // Not side by side with the sheets: for weeks without a sheet (a result's week nobody has picked yet) the
  // picks' join is planned as a scan of every pick (query-plans.postgres.test.ts), and is not run at all.
  if (sheets.length === 0) return [];
  // By the weeks, not by a list of every sheet id: a season of a full pool has hundreds of sheets, and a
  // parameter per sheet cost more than the join (bench: pool-standings-rebuild-*).
  // As the driver gives the rows, not mapped again field by field: a result's batch reads some 16,000 picks, and
  // their mapping ran as one piece of the event loop (bench: pool-standings-after-change).
  const picks = await rows<{ sheetId: number } & SheetRow['picks'][number]>(
    db,
    sql`select ${poolPicks.sheetId} as "sheetId", ${poolPicks.eventId} as "eventId", ${poolPicks.team} as "team",
               ${poolPicks.play} as "play", ${poolPicks.confidence} as "confidence"
          from ${poolPicks} join ${poolSheets} on ${poolSheets.id} = ${poolPicks.sheetId}
         where ${equalsAny(poolSheets.poolWeekId, poolWeekIds)}
         order by ${poolPicks.eventId}`,
  );
  const picksOf = groupBy(
    picks,
    (pick) => pick.sheetId,
    ({ eventId, team, play, confidence }) => ({ eventId, team, play, confidence }),
  );
  return sheets.map((sheet) => ({
    id: sheet.id,
    poolWeekId: sheet.poolWeekId,
    memberId: sheet.memberId,
    lmsTeam: sheet.lmsTeam,
    tiebreaker: sheet.tiebreaker,
    submittedAt: sheet.submittedAt,
    picks: picksOf.get(sheet.id) ?? [],
  }));
}

/** The slate games of these weeks with their events, and their survivor-only games, by week: one query. */
export async function slatesOfWeekIds(
  db: DbExecutor,
  poolWeekIds: readonly number[],
): Promise<Map<number, SlateRow[]>> {
  if (poolWeekIds.length === 0) return new Map();
  const rows = await db
    .select({
      poolWeekId: poolSlateGames.poolWeekId,
      ...gameColumns,
      frozenHomeSpread: poolSlateGames.frozenHomeSpread,
      frozenLineSource: poolSlateGames.frozenLineSource,
      lockedAt: poolSlateGames.lockedAt,
      closingHomeSpread: poolSlateGames.closingHomeSpread,
      survivorOnly: poolSlateGames.survivorOnly,
    })
    .from(poolSlateGames)
    .innerJoin(events, eq(events.id, poolSlateGames.eventId))
    .where(equalsAny(poolSlateGames.poolWeekId, poolWeekIds))
    .orderBy(asc(poolSlateGames.poolWeekId), asc(poolSlateGames.eventId));
  return groupBy(
    rows,
    (row) => row.poolWeekId,
    ({ poolWeekId: _week, ...row }): SlateRow => row,
  );
}

/** The slate games (with their events) of the given weeks of the given pools, by pool; no survivor-only game. */
export async function slatesOfWeeks(
  db: DbExecutor,
  weeks: readonly { poolId: number; week: number }[],
): Promise<Map<number, SlateRow[]>> {
  if (weeks.length === 0) return new Map();
  const rows = await db
    .select({
      poolId: poolWeeks.poolId,
      ...gameColumns,
      frozenHomeSpread: poolSlateGames.frozenHomeSpread,
      frozenLineSource: poolSlateGames.frozenLineSource,
      lockedAt: poolSlateGames.lockedAt,
      closingHomeSpread: poolSlateGames.closingHomeSpread,
      survivorOnly: poolSlateGames.survivorOnly,
    })
    .from(poolSlateGames)
    .innerJoin(poolWeeks, eq(poolWeeks.id, poolSlateGames.poolWeekId))
    .innerJoin(events, eq(events.id, poolSlateGames.eventId))
    .where(
      and(
        eq(poolSlateGames.survivorOnly, false),
        or(...weeks.map((week) => and(eq(poolWeeks.poolId, week.poolId), eq(poolWeeks.week, week.week)))),
      ),
    );
  return groupBy(
    rows,
    (row) => row.poolId,
    ({ poolId: _pool, ...row }): SlateRow => row,
  );
}

/**
 * Writes a member's sheet (its row locked for the rest of the transaction) and replaces its picks.
 * `submittedAt` moves only for the member's own submissions (null: keep it).
 */
export async function writeSheet(
  db: DbExecutor,
  input: {
    poolWeekId: number;
    memberId: number;
    lmsTeam: string | null;
    tiebreaker: number | null;
    submittedAt: Date | null;
    now: Date;
    picks: readonly {
      eventId: number;
      team: string;
      play: 'double' | 'triple' | null;
      /** In a confidence pool; absent: none. */
      confidence?: number | null;
    }[];
  },
): Promise<void> {
  const now = input.now.toISOString();
  const eventIds = input.picks.map((pick) => pick.eventId);
  // One statement: the sheet, its picks no longer on it gone, the others written over (the two never touch the
  // same row).
  await db.execute(sql`
    with sheet as (
      insert into ${poolSheets} (pool_week_id, member_id, lms_team, tiebreaker, submitted_at, updated_at)
      values (${input.poolWeekId}, ${input.memberId}, ${input.lmsTeam}, ${input.tiebreaker},
              ${input.submittedAt?.toISOString() ?? null}::timestamptz, ${now}::timestamptz)
      on conflict (pool_week_id, member_id) do update set
        lms_team = excluded.lms_team,
        tiebreaker = excluded.tiebreaker,
        submitted_at = coalesce(excluded.submitted_at, ${poolSheets}.submitted_at),
        updated_at = excluded.updated_at
      returning id
    ),
    gone as (
      delete from ${poolPicks} p using sheet
      where p.sheet_id = sheet.id and not (p.event_id = any(${column(eventIds, 'int')}))
    ),
    put as (
      insert into ${poolPicks} (sheet_id, event_id, team, play, confidence, updated_at)
      select sheet.id, pick.event_id, pick.team, pick.play, pick.confidence, ${now}::timestamptz
      from sheet cross join unnest(
        ${column(eventIds, 'int')},
        ${column(
          input.picks.map((pick) => pick.team),
          'text',
        )},
        ${column(
          input.picks.map((pick) => pick.play),
          'text',
        )},
        ${column(
          input.picks.map((pick) => pick.confidence ?? null),
          'int',
        )}
      ) as pick(event_id, team, play, confidence)
      on conflict (sheet_id, event_id) do update set
        team = excluded.team, play = excluded.play, confidence = excluded.confidence,
        updated_at = excluded.updated_at
    )
    select 1`);
}

/** Locks a member's sheet row for the week (made empty if none), so changes of it go one at a time. */
export async function lockSheet(db: DbExecutor, poolWeekId: number, memberId: number, now: Date): Promise<void> {
  await db
    .insert(poolSheets)
    .values({ poolWeekId, memberId, updatedAt: now })
    .onConflictDoUpdate({
      target: [poolSheets.poolWeekId, poolSheets.memberId],
      set: { updatedAt: sql`${poolSheets.updatedAt}` },
    });
}

/**
 * Claims an Idempotency-Key for a member: true when it is new; otherwise the request hash stored with it
 * (a concurrent claim of the same key waits for the first to commit or roll back). In the same statement the
 * member's sheet row of the week is locked (made empty if none), so submissions of it go one at a time.
 */
export async function claimSubmission(
  db: DbExecutor,
  input: { memberId: number; poolWeekId: number; idempotencyKey: string; requestHash: string; now: Date },
): Promise<{ claimed: true } | { claimed: false; requestHash: string; poolWeekId: number }> {
  const now = input.now.toISOString();
  const [row] = await rows<{ claimed: number | null }>(
    db,
    sql`
      with claim as (
        insert into ${poolSubmissions} (member_id, pool_week_id, idempotency_key, request_hash, created_at)
        values (${input.memberId}, ${input.poolWeekId}, ${input.idempotencyKey}, ${input.requestHash},
                ${now}::timestamptz)
        on conflict do nothing
        returning id
      ),
      sheet as (
        insert into ${poolSheets} (pool_week_id, member_id, updated_at)
        values (${input.poolWeekId}, ${input.memberId}, ${now}::timestamptz)
        on conflict (pool_week_id, member_id) do update set updated_at = ${poolSheets}.updated_at
        returning id
      )
      select (select id from claim) as claimed, (select id from sheet) as sheet`,
  );
  if (row?.claimed != null) return { claimed: true };
  const [stored] = await db
    .select()
    .from(poolSubmissions)
    .where(and(eq(poolSubmissions.memberId, input.memberId), eq(poolSubmissions.idempotencyKey, input.idempotencyKey)));
  return { claimed: false, requestHash: stored!.requestHash, poolWeekId: stored!.poolWeekId };
}

// ---------------------------------------------------------------------------------------------------------
// The Lifeguard's edits

export async function insertEdits(db: DbExecutor, rows: (typeof poolEdits.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(poolEdits).values(rows);
}

/** The pool's edit log, newest first, with the week and both usernames and names. */
export async function listEdits(db: DbExecutor, poolId: number) {
  return (
    db
      .select({
        id: poolEdits.id,
        week: poolWeeks.week,
        poolWeekId: poolEdits.poolWeekId,
        memberId: poolEdits.memberId,
        member: sql<string>`(select u.username from ${users} u join ${poolMembers} m on m.user_id = u.id where m.id = ${poolEdits.memberId})`,
        memberName: sql<
          string | null
        >`(select u.name from ${users} u join ${poolMembers} m on m.user_id = u.id where m.id = ${poolEdits.memberId})`,
        editor: sql<string | null>`(select u.username from ${users} u where u.id = ${poolEdits.editorId})`,
        editorName: sql<string | null>`(select u.name from ${users} u where u.id = ${poolEdits.editorId})`,
        eventId: poolEdits.eventId,
        field: poolEdits.field,
        before: poolEdits.before,
        after: poolEdits.after,
        createdAt: poolEdits.createdAt,
      })
      .from(poolEdits)
      .leftJoin(poolWeeks, eq(poolWeeks.id, poolEdits.poolWeekId))
      .where(eq(poolEdits.poolId, poolId))
      // Newest edit first; the changes of one edit in the order of the sheet.
      .orderBy(desc(poolEdits.createdAt), asc(poolEdits.id))
  );
}

import {
  column,
  equalsAny,
  groupBy,
  jsonDate,
  poolMembers,
  pools,
  poolWeeks,
  poolWeekTotals,
  readOne,
  users,
  type DbExecutor,
  type JsonDated,
  type JsonRead,
} from '@pass/db';
import type { LmsOutcome, MemberWeekTotals } from '@pass/domain';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  currentMember,
  membershipWith,
  type MemberRow,
  type MemberWithName,
  type PoolRow,
} from './pools.repository.js';
import { slateAndSheetsExpression, slateAndSheetsFromJson, type SlateAndSheets } from './weeks.repository.js';

/**
 * The stored totals of pool weeks (decision 059): each week's rows, and on its `pool_weeks` row the inputs
 * version they were worked out at and the stretch of time they hold for. Every change a week's totals depend
 * on raises the week's inputs version in its own transaction (pools.repository `bumpVersion`,
 * standings.repository `bumpPoolsOfEvents`, and `invalidateWeeks` below); a read works out again only the weeks
 * not current.
 */

export interface WeekTotalsState {
  id: number;
  poolId: number;
  week: number;
  inputsVersion: number;
  totalsVersion: number | null;
  totalsFrom: Date | null;
  totalsUntil: Date | null;
  totalsStarted: boolean;
  totalsComplete: boolean;
}

/** The pools' weeks with the state of their stored totals, by pool and week. */
export async function weekTotalsStates(db: DbExecutor, poolIds: readonly number[]): Promise<WeekTotalsState[]> {
  if (poolIds.length === 0) return [];
  return db
    .select({
      id: poolWeeks.id,
      poolId: poolWeeks.poolId,
      week: poolWeeks.week,
      inputsVersion: poolWeeks.inputsVersion,
      totalsVersion: poolWeeks.totalsVersion,
      totalsFrom: poolWeeks.totalsFrom,
      totalsUntil: poolWeeks.totalsUntil,
      totalsStarted: poolWeeks.totalsStarted,
      totalsComplete: poolWeeks.totalsComplete,
    })
    .from(poolWeeks)
    .where(equalsAny(poolWeeks.poolId, poolIds))
    .orderBy(asc(poolWeeks.poolId), asc(poolWeeks.week));
}

/**
 * The pools' weeks with the state of their stored totals (weekTotalsStates) and their current members
 * (pools.repository currentMembers: the same rule and order), in one statement: one snapshot, so totals worked out from
 * them and stored at the weeks' versions never miss a member who joined before those versions.
 */
/** The pools' week states and current members, as weekStatesAndMembers reads them. */
export interface StatesAndMembers {
  states: WeekTotalsState[];
  members: MemberWithName[];
}

export function weekStatesAndMembers(db: DbExecutor, poolIds: readonly number[]): Promise<StatesAndMembers> {
  if (poolIds.length === 0) return Promise.resolve({ states: [], members: [] });
  return readOne(db, weekStatesAndMembersRead(poolIds));
}

/** weekStatesAndMembers as a read that can share a statement with others (readTogether). */
export function weekStatesAndMembersRead(poolIds: readonly number[]): JsonRead<StatesAndMembers> {
  return { expression: statesAndMembersExpression(column([...poolIds], 'int')), read: statesAndMembersFromJson };
}

/**
 * The statement of weekStatesAndMembersRead for the pools `ids` names (an int[] value, or one made of an outer
 * query's columns): two lists in one value, each a JSON array of objects named as the app names them (only the
 * times need turning back into dates).
 */
function statesAndMembersExpression(ids: SQL): SQL {
  return sql`select json_build_object(
          'weeks', (select coalesce(json_agg(json_build_object('id', w.id, 'poolId', w.pool_id, 'week', w.week,
                                      'inputsVersion', w.inputs_version, 'totalsVersion', w.totals_version,
                                      'totalsFrom', w.totals_from, 'totalsUntil', w.totals_until,
                                      'totalsStarted', w.totals_started, 'totalsComplete', w.totals_complete)
                                    order by w.pool_id, w.week), '[]'::json)
             from ${poolWeeks} w where w.pool_id = any(${ids})),
          'members', (select coalesce(json_agg(json_build_object('id', ${poolMembers.id},
                                      'poolId', ${poolMembers.poolId},
                                      'userId', ${poolMembers.userId}, 'username', ${users.username},
                                      'name', ${users.name}, 'role', ${poolMembers.role},
                                      'joinedAt', ${poolMembers.joinedAt})
                                    order by ${poolMembers.poolId}, ${poolMembers.role} = 'guest',
                                             ${poolMembers.joinedAt}, ${poolMembers.id}), '[]'::json)
             from ${poolMembers} join ${users} on ${users.id} = ${poolMembers.userId}
            where ${poolMembers.poolId} = any(${ids}) and ${currentMember}))`;
}

function statesAndMembersFromJson(value: unknown): StatesAndMembers {
  const found = value as {
    weeks: JsonDated<WeekTotalsState, 'totalsFrom' | 'totalsUntil'>[];
    members: JsonDated<MemberWithName, 'joinedAt'>[];
  };
  return {
    states: found.weeks.map((week) => ({
      ...week,
      totalsFrom: jsonDate(week.totalsFrom),
      totalsUntil: jsonDate(week.totalsUntil),
    })),
    members: found.members.map((member) => ({ ...member, joinedAt: new Date(member.joinedAt!) })),
  };
}

/**
 * A pool's week states and members (weekStatesAndMembers), read with what working out its weeks not current at
 * a time needs: what a read of standings that are not cached has to read, in the statement that finds the
 * caller's membership.
 */
export interface StatesMembersAndWeeks extends StatesAndMembers {
  /** The slate and sheets of each week whose stored totals were not current, by the week's id. */
  weeks: ReadonlyMap<number, SlateAndSheets>;
}

/**
 * Past this many weeks not current (a pool never read, or a change of its settings) the weeks are read on
 * their own, joined rather than as JSON, which costs less for many weeks (weeks.repository sheetsOfWeeks).
 */
const WEEKS_READ_AHEAD = 2;

/**
 * The JSON value of StatesMembersAndWeeks for the pool `poolId` names (a column of an outer query), at `now`
 * (an expression of a timestamptz): a week's totals are current as week-totals.service `isCurrent` says; that
 * rule decides, and a week it finds not current that this did not read ahead is read then.
 */
export function statesMembersAndWeeksExpression(poolId: SQL, now: SQL): SQL {
  return sql`select json_build_object(
    'read', (${statesAndMembersExpression(sql`array[${poolId}]`)}),
    'weeks', (with behind as (
                select w.id from ${poolWeeks} w
                 where w.pool_id = ${poolId}
                   and not coalesce(w.totals_version = w.inputs_version and w.totals_from <= ${now}
                                    and (w.totals_until is null or ${now} < w.totals_until), false))
              select case when count(*) <= ${WEEKS_READ_AHEAD}
                          then coalesce(json_agg(json_build_array(id, (${slateAndSheetsExpression(sql`behind.id`)}))),
                                        '[]'::json) end
                from behind))`;
}

const membershipWithWeeks = membershipWith(
  sql`case when ${pools.version} <> ${sql.placeholder('knownVersion')}
           then (${statesMembersAndWeeksExpression(sql`${pools.id}`, sql`${sql.placeholder('now')}::timestamptz`)}) end`,
);

/**
 * pools.repository findMembership, and when the pool's version is not `knownVersion` (the version of the answer
 * the caller holds, -1 for none) its StatesMembersAndWeeks at `now`, in one statement: a standings read after a
 * change finds what it works out from in the round trip that lets it read.
 */
export async function findMembershipWithWeeks(
  db: DbExecutor,
  input: { poolId: number; userId: number; knownVersion: number; now: Date },
): Promise<{ pool: PoolRow; member: MemberRow; weeks: StatesMembersAndWeeks | null } | null> {
  const found = await membershipWithWeeks(db, {
    poolId: input.poolId,
    userId: input.userId,
    knownVersion: input.knownVersion,
    now: input.now.toISOString(),
  });
  if (!found) return null;
  const weeks = found.extra === null ? null : statesMembersAndWeeksFromJson(found.extra);
  return { pool: found.pool, member: found.member, weeks };
}

/** StatesMembersAndWeeks from the JSON value of statesMembersAndWeeksExpression. */
export function statesMembersAndWeeksFromJson(value: unknown): StatesMembersAndWeeks {
  const found = value as { read: unknown; weeks: [number, unknown][] | null };
  return {
    ...statesAndMembersFromJson(found.read),
    weeks: new Map((found.weeks ?? []).map(([id, week]) => [id, slateAndSheetsFromJson(week)])),
  };
}

/** The stored rows of these weeks, by week. */
export async function storedTotals(
  db: DbExecutor,
  poolWeekIds: readonly number[],
): Promise<Map<number, MemberWeekTotals[]>> {
  if (poolWeekIds.length === 0) return new Map();
  const rows = await db.select().from(poolWeekTotals).where(equalsAny(poolWeekTotals.poolWeekId, poolWeekIds));
  return groupBy(
    rows,
    (row) => row.poolWeekId,
    (row): MemberWeekTotals => ({
      memberId: String(row.memberId),
      points: row.points,
      wins: row.wins,
      losses: row.losses,
      pushes: row.pushes,
      tiebreakerError: row.tiebreakerError,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      clvSum: row.clvSum,
      clvCount: row.clvCount,
      lmsTeam: row.lmsTeam,
      lmsOutcome: row.lmsOutcome as LmsOutcome,
      lmsPushed: row.lmsPushed,
      droppable: row.droppable,
    }),
  );
}

/** A week's totals worked out from its inputs at `inputsVersion` (read before them), to store. */
export interface WorkedWeekTotals {
  poolWeekId: number;
  inputsVersion: number;
  from: Date;
  until: Date | null;
  started: boolean;
  complete: boolean;
  rows: readonly MemberWeekTotals[];
}

/**
 * Stores weeks' totals, each unless totals of the same or a later version are stored already (another request
 * got there first): five statements whatever the number of weeks. The weeks' rows are locked in id order for
 * the rest of the transaction, so two stores of the same weeks take turns; run it in a transaction of its own,
 * which holds no other lock, so it never waits in a cycle with a change raising a week's version.
 */
export async function storeWeekTotals(db: DbExecutor, weeks: readonly WorkedWeekTotals[]): Promise<void> {
  if (weeks.length === 0) return;
  const locked = await db
    .select({ id: poolWeeks.id, totalsVersion: poolWeeks.totalsVersion })
    .from(poolWeeks)
    .where(
      equalsAny(
        poolWeeks.id,
        weeks.map((week) => week.poolWeekId),
      ),
    )
    .orderBy(asc(poolWeeks.id))
    .for('update');
  const storedVersion = new Map(locked.map((row) => [row.id, row.totalsVersion]));
  const kept = weeks.filter((week) => {
    if (!storedVersion.has(week.poolWeekId)) return false;
    const stored = storedVersion.get(week.poolWeekId);
    return stored === null || stored === undefined || stored <= week.inputsVersion;
  });
  if (kept.length === 0) return;
  const ids = kept.map((week) => week.poolWeekId);
  await db.delete(poolWeekTotals).where(equalsAny(poolWeekTotals.poolWeekId, ids));
  const rows = kept.flatMap((week) => week.rows.map((row) => ({ poolWeekId: week.poolWeekId, row })));
  const iso = (date: Date | null) => (date === null ? null : date.toISOString());
  const of = <T>(value: (entry: (typeof rows)[number]) => T) => rows.map(value);
  // One statement of column arrays: a Sunday's result stores thousands of rows, and building a multi-row
  // insert value by value costs more than the grading that worked them out.
  if (rows.length > 0) {
    await db.execute(
      sql`insert into ${poolWeekTotals} (pool_week_id, member_id, points, wins, losses, pushes, tiebreaker_error,
                                         submitted_at, clv_sum, clv_count, lms_team, lms_outcome, lms_pushed,
                                         droppable)
          select * from unnest(${column(
            of((entry) => entry.poolWeekId),
            'int',
          )}, ${column(
            of((entry) => Number(entry.row.memberId)),
            'int',
          )}, ${column(
            of((entry) => entry.row.points),
            'float8',
          )}, ${column(
            of((entry) => entry.row.wins),
            'int',
          )}, ${column(
            of((entry) => entry.row.losses),
            'int',
          )}, ${column(
            of((entry) => entry.row.pushes),
            'int',
          )}, ${column(
            of((entry) => entry.row.tiebreakerError),
            'int',
          )}, ${column(
            of((entry) => entry.row.submittedAt),
            'timestamptz',
          )}, ${column(
            of((entry) => entry.row.clvSum),
            'float8',
          )}, ${column(
            of((entry) => entry.row.clvCount),
            'int',
          )}, ${column(
            of((entry) => entry.row.lmsTeam),
            'text',
          )}, ${column(
            of((entry) => entry.row.lmsOutcome),
            'text',
          )}, ${column(
            of((entry) => entry.row.lmsPushed),
            'bool',
          )}, ${column(
            of((entry) => entry.row.droppable),
            'bool',
          )})`,
    );
  }
  await db.execute(
    sql`update ${poolWeeks} w set totals_version = t.version, totals_from = t.from_at, totals_until = t.until_at,
               totals_started = t.started, totals_complete = t.complete
        from unnest(${column(ids, 'int')}, ${column(
          kept.map((week) => week.inputsVersion),
          'int',
        )}, ${column(
          kept.map((week) => iso(week.from)),
          'timestamptz',
        )}, ${column(
          kept.map((week) => iso(week.until)),
          'timestamptz',
        )}, ${column(
          kept.map((week) => week.started),
          'bool',
        )}, ${column(
          kept.map((week) => week.complete),
          'bool',
        )}) as t(id, version, from_at, until_at, started, complete)
        where w.id = t.id`,
  );
}

/** A change to these weeks of the pool (all of them when none are named): their stored totals are not current. */
export async function invalidateWeeks(db: DbExecutor, poolId: number, poolWeekIds?: readonly number[]): Promise<void> {
  await db
    .update(poolWeeks)
    .set({ inputsVersion: sql`${poolWeeks.inputsVersion} + 1` })
    .where(
      and(eq(poolWeeks.poolId, poolId), poolWeekIds === undefined ? undefined : equalsAny(poolWeeks.id, poolWeekIds)),
    );
}

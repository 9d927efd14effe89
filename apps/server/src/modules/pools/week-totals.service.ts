import { databaseKey, groupBy, type DbExecutor } from '@pass/db';
import {
  lastManStandingOfWeeks,
  lmsMayPick,
  type LmsMemberStanding,
  lmsResultsOfWeeks,
  usedLmsTeamsOfWeeks,
  weekIfEndedNow,
  weekTotalsChangeAt,
  weekTotalsOfMembers,
  type PoolMember,
  type MemberWeekTotals,
  type PoolWeekData,
  type WeekTotals,
} from '@pass/domain';
import { turnsEvery } from '../../lib/event-loop.js';
import { poolsByIds, type MemberWithName, type PoolRow } from './pools.repository.js';
import { poolWeekOf } from './pools.service.js';
import { loadWeeksOfPools } from './slates.service.js';
import * as repository from './week-totals.repository.js';
import type { StatesAndMembers, WeekTotalsState } from './week-totals.repository.js';
import type { SlateAndSheets } from './weeks.repository.js';

/** Which weeks currentWeekTotals reads, and whether it stores what it works out. */
export interface WeekTotalsOptions {
  /** Only the weeks before this one. */
  beforeWeek?: number;
  /**
   * False inside a change's transaction: the weeks not current are worked out and not stored (storing takes
   * their weeks' rows, which the change would then hold to its end). `after`: stored once the caller has what
   * it asked for, as a read's answer does not wait for the rows it leaves for the next read.
   */
  store?: boolean | 'after';
  /**
   * Asked between pools while weeks are worked out: true gives up the work (WorkStopped is thrown), as a room
   * run does once newer results make its answers old.
   */
  stop?: () => boolean;
  /**
   * Awaited between pools while weeks are read and worked out (a turn of the event loop every few milliseconds
   * unless given): a room run's batch also waits there while requests are being answered (turnsGivingWay).
   */
  turn?: () => Promise<void>;
  /**
   * membersAndWeekTotals: the pools' rows read again first, so the totals and what is kept from them are at the
   * pools' versions and settings as they are now, not as the caller listed them (reads waiting for these pools
   * after a change ask for those versions).
   */
  poolsAgain?: boolean;
}

/** Thrown by currentWeekTotalsOfPools and membersAndWeekTotals when their `stop` said to stop. */
export class WorkStopped extends Error {
  constructor() {
    super('The week totals were given up: newer results are coming');
  }
}

/**
 * Weeks stored in one transaction after reads: it locks their rows to its end, and a result raising their
 * versions waits for it, so a flood of reads (every pool read after a Sunday) is stored in short turns.
 */
const WEEKS_PER_STORE = 200;

/** Per database: the weeks reads worked out, waiting to be stored, and the store under way. */
interface StoreQueue {
  waiting: Map<number, repository.WorkedWeekTotals>;
  running: Promise<void> | null;
}
const storeQueues = new Map<DbExecutor, StoreQueue>();

/**
 * Stores weeks' totals without making the caller wait: the weeks that reads worked out meanwhile are stored
 * together, one transaction at a time per database, so a burst of reads after a result is a few stores, not
 * one each. The totals are derived: a store that fails, or is lost with the process, costs the next read the
 * working out again; one overtaken by a change is not kept (its version is older). A failure is not reported
 * to the reader, whose answer was right.
 */
function storeAfter(db: DbExecutor, worked: readonly repository.WorkedWeekTotals[]): void {
  let queue = storeQueues.get(db);
  if (!queue) {
    queue = { waiting: new Map(), running: null };
    storeQueues.set(db, queue);
  }
  for (const week of worked) {
    const waiting = queue.waiting.get(week.poolWeekId);
    if (!waiting || waiting.inputsVersion <= week.inputsVersion) queue.waiting.set(week.poolWeekId, week);
  }
  if (!queue.running) drain(db, queue);
}

/** Stores what waits, a transaction at a time, until nothing does. */
function drain(db: DbExecutor, queue: StoreQueue): void {
  queue.running = (async () => {
    while (queue.waiting.size > 0) {
      const weeks = [...queue.waiting.values()].slice(0, WEEKS_PER_STORE);
      for (const week of weeks) queue.waiting.delete(week.poolWeekId);
      await db.transaction((tx) => repository.storeWeekTotals(tx, weeks)).catch(() => undefined);
    }
  })().finally(() => {
    queue.running = null;
    // Weeks added between the last store and here are stored by a new run.
    if (queue.waiting.size > 0) drain(db, queue);
    else storeQueues.delete(db);
  });
}

/** Once every store a read left behind has ended (tests, and an instance closing its database). */
export async function weekTotalsStored(): Promise<void> {
  while (storeQueues.size > 0) await Promise.all([...storeQueues.values()].map((queue) => queue.running));
}

/**
 * Each week's totals of a pool at `now` (decision 059): the stored ones that are current, the others worked out
 * again by the domain's rules from just those weeks and stored for the next read. After a result, a read works
 * out the one week it touched; after a quiet hour, none.
 */
export async function currentWeekTotals(
  db: DbExecutor,
  pool: PoolRow,
  members: readonly MemberWithName[],
  now: Date,
  options: WeekTotalsOptions = {},
): Promise<WeekTotals[]> {
  const [totals] = await currentWeekTotalsOfPools(db, [{ pool, members }], now, options);
  return totals!.weeks;
}

/** A pool's week totals at `now`, and the next instant time alone changes any of them. */
export interface PoolWeekTotals {
  weeks: WeekTotals[];
  /** The earliest of the weeks' next locks and window ends (decision 059's `until`); MAX_SAFE_INTEGER: none. */
  until: number;
}

/**
 * currentWeekTotals of several pools at once (the pools a result reached, worked out together): a handful of
 * queries and one transaction storing what was worked out, whatever the number of pools; each pool's weeks in
 * the order given.
 */
export async function currentWeekTotalsOfPools(
  db: DbExecutor,
  pools: readonly { pool: PoolRow; members: readonly MemberWithName[] }[],
  now: Date,
  options: WeekTotalsOptions = {},
): Promise<PoolWeekTotals[]> {
  // The versions are read before the inputs: totals stored at a version are never newer than their inputs.
  const states = await repository.weekTotalsStates(
    db,
    pools.map((entry) => entry.pool.id),
  );
  return weekTotalsOfStates(db, pools, states, now, options);
}

/**
 * The pools' current members and week totals at `now` (currentWeekTotalsOfPools), each pool's in the order
 * given. The weeks' versions are read with the members, in one statement, and before every other input:
 * totals stored at a version never miss a member who joined before it.
 */
export async function membersAndWeekTotals(
  db: DbExecutor,
  pools: readonly PoolRow[],
  now: Date,
  options: WeekTotalsOptions = {},
  /**
   * The pools' week states and members when the caller has just read them (weekStatesAndMembersRead), with the
   * slates and sheets of weeks not current read in the same statement (findMembershipWithWeeks).
   */
  read?: StatesAndMembers & { weeks?: ReadonlyMap<number, SlateAndSheets> },
): Promise<{ pool: PoolRow; members: MemberWithName[]; totals: PoolWeekTotals }[]> {
  // Read again before the states and members: totals worked out from inputs read after a version are at least
  // that new.
  const rows = options.poolsAgain ? await poolsAsTheyAre(db, pools) : pools;
  const { states, members } =
    read ??
    (await repository.weekStatesAndMembers(
      db,
      rows.map((pool) => pool.id),
    ));
  const membersOf = groupBy(members, (member) => member.poolId);
  const listed = rows.map((pool) => ({ pool, members: membersOf.get(pool.id) ?? [] }));
  const totals = await weekTotalsOfStates(db, listed, states, now, options, read?.weeks);
  return listed.map((entry, index) => ({ ...entry, totals: totals[index]! }));
}

/** The rows of these pools as stored now, in the order given (a pool no longer stored is left out). */
async function poolsAsTheyAre(db: DbExecutor, pools: readonly PoolRow[]): Promise<PoolRow[]> {
  const stored = new Map(
    (
      await poolsByIds(
        db,
        pools.map((pool) => pool.id),
      )
    ).map((pool) => [pool.id, pool]),
  );
  return pools.flatMap((pool) => stored.get(pool.id) ?? []);
}

/** currentWeekTotalsOfPools from the pools' week states already read. */
async function weekTotalsOfStates(
  db: DbExecutor,
  pools: readonly { pool: PoolRow; members: readonly MemberWithName[] }[],
  allStates: readonly WeekTotalsState[],
  now: Date,
  { beforeWeek = Number.POSITIVE_INFINITY, store = true, stop, turn }: WeekTotalsOptions = {},
  /** Slates and sheets of weeks already read, by the week's id. */
  weeksRead?: ReadonlyMap<number, SlateAndSheets>,
): Promise<PoolWeekTotals[]> {
  const poolOf = new Map(pools.map((entry) => [entry.pool.id, entry.pool]));
  const states = allStates.filter(
    (state) => state.week < beforeWeek && poolWeekOf(poolOf.get(state.poolId)!, state.week),
  );
  const current = states.filter((state) => isCurrent(state, now));
  const stale = groupBy(
    states.filter((state) => !isCurrent(state, now)),
    (state) => state.poolId,
  );
  const [stored, workedOut] = await Promise.all([
    storedTotalsOf(db, current),
    workOut(
      db,
      pools.flatMap(({ pool, members }) => {
        const weeks = stale.get(pool.id);
        return weeks ? [{ pool, members, states: weeks }] : [];
      }),
      now,
      { store, stop, turn, read: weeksRead },
    ),
  ]);
  const currentOf = groupBy(
    current,
    (state) => state.poolId,
    (state): WeekTotals => ({
      week: state.week,
      started: state.totalsStarted,
      complete: state.totalsComplete,
      members: stored.get(state.id) ?? [],
    }),
  );
  const untilOf = new Map<number, number>();
  const earliest = (poolId: number, until: Date | null) => {
    const at = until === null ? Number.MAX_SAFE_INTEGER : until.getTime();
    untilOf.set(poolId, Math.min(untilOf.get(poolId) ?? Number.MAX_SAFE_INTEGER, at));
  };
  for (const state of current) earliest(state.poolId, state.totalsUntil);
  for (const [poolId, worked] of workedOut) for (const week of worked) earliest(poolId, week.until);
  return pools.map(({ pool }) => ({
    weeks: [...(currentOf.get(pool.id) ?? []), ...(workedOut.get(pool.id) ?? []).map((worked) => worked.totals)],
    until: untilOf.get(pool.id) ?? Number.MAX_SAFE_INTEGER,
  }));
}

/**
 * The stored rows of weeks as last read, per database, by week and the totals version and stretch of time they
 * were stored at (WeekTotalsState): a week's rows change only with those, and a read or a room pass of a pool
 * would otherwise read every complete week again. Any instance keeps its own; the key is what the database
 * holds, so none serves rows another instance has replaced.
 */
const rememberedTotals = new WeakMap<object, Map<string, MemberWeekTotals[]>>();
/** About 5 rows of 12 fields a week: tens of megabytes at most. */
const MAX_REMEMBERED_WEEKS = 50_000;

const storedKey = (state: WeekTotalsState) => `${state.id}:${state.totalsVersion}:${state.totalsFrom?.getTime()}`;

/** The stored rows of these current weeks, by week: remembered where the same store was read before. */
async function storedTotalsOf(
  db: DbExecutor,
  states: readonly WeekTotalsState[],
): Promise<Map<number, MemberWeekTotals[]>> {
  // By the database, not the executor: a submission reads them inside its own transaction.
  let remembered = rememberedTotals.get(databaseKey(db));
  if (!remembered) {
    remembered = new Map();
    rememberedTotals.set(databaseKey(db), remembered);
  }
  const rows = new Map<number, MemberWeekTotals[]>();
  const missing: WeekTotalsState[] = [];
  for (const state of states) {
    const known = remembered.get(storedKey(state));
    if (known) rows.set(state.id, known);
    else missing.push(state);
  }
  if (missing.length === 0) return rows;
  const read = await repository.storedTotals(
    db,
    missing.map((state) => state.id),
  );
  if (remembered.size + missing.length > MAX_REMEMBERED_WEEKS) remembered.clear();
  for (const state of missing) {
    // Shared by every later read of the same store: frozen, so no reader can change another's rows.
    const weekRows = Object.freeze(read.get(state.id) ?? []) as MemberWeekTotals[];
    rows.set(state.id, weekRows);
    remembered.set(storedKey(state), weekRows);
  }
  return rows;
}

/** Whether a week's stored totals hold at `now`: worked out at its inputs' version, within their stretch of time. */
function isCurrent(state: WeekTotalsState, now: Date): boolean {
  const at = now.getTime();
  return (
    state.totalsVersion === state.inputsVersion &&
    state.totalsFrom !== null &&
    state.totalsFrom.getTime() <= at &&
    (state.totalsUntil === null || at < state.totalsUntil.getTime())
  );
}

/**
 * Works out these weeks' totals from their slates and sheets (by pool), and with `store` stores them all in one
 * transaction of its own.
 */
async function workOut(
  db: DbExecutor,
  pools: readonly { pool: PoolRow; members: readonly MemberWithName[]; states: readonly WeekTotalsState[] }[],
  now: Date,
  {
    store,
    stop,
    turn = turnsEvery(),
    read,
  }: Pick<WeekTotalsOptions, 'store' | 'stop' | 'turn'> & { read?: ReadonlyMap<number, SlateAndSheets> },
): Promise<Map<number, { totals: WeekTotals; until: Date | null }[]>> {
  const totals = new Map<number, { totals: WeekTotals; until: Date | null }[]>();
  if (pools.length === 0) return totals;
  const loaded = await loadWeeksOfPools(
    db,
    pools.map(({ pool, states }) => ({ pool, weekRows: states })),
    now,
    { turn, read },
  );
  const worked: repository.WorkedWeekTotals[] = [];
  // Many pools (a result reaching them all) are worked out in turns, so the requests meanwhile are answered.
  for (const [index, { pool, members, states }] of pools.entries()) {
    await turn();
    if (stop?.()) throw new WorkStopped();
    const weeks: { totals: WeekTotals; until: Date | null }[] = [];
    for (const week of loaded[index]!) {
      const weekTotal = totalsOfWeek(pool, members, week, now);
      const changeAt = weekTotalsChangeAt(week, now);
      const until = changeAt === null ? null : new Date(changeAt);
      weeks.push({ totals: weekTotal, until });
      const state = states.find((candidate) => candidate.week === week.week)!;
      worked.push({
        poolWeekId: state.id,
        inputsVersion: state.inputsVersion,
        from: now,
        until,
        started: weekTotal.started,
        complete: weekTotal.complete,
        rows: weekTotal.members,
      });
    }
    totals.set(pool.id, weeks);
  }
  if (worked.length === 0 || store === false) return totals;
  if (store === 'after') storeAfter(db, worked);
  else await db.transaction((tx) => repository.storeWeekTotals(tx, worked));
  return totals;
}

/** One week's totals from its slate and sheets, by the domain's rules, for the pool's current members. */
function totalsOfWeek(pool: PoolRow, members: readonly MemberWithName[], week: PoolWeekData, now: Date): WeekTotals {
  return weekTotalsOfMembers(week, poolMembersOf(members), pool, now);
}

/** The pool's current members as the domain's rules take them. */
export function poolMembersOf(members: readonly MemberWithName[]): PoolMember[] {
  return members.map((member) => ({ id: String(member.id), joinedAt: member.joinedAt.toISOString() }));
}

/**
 * The pool's current members, its week totals at `now` and the weeks still being played (not complete), loaded:
 * what the standings if the games ended now are worked out from, on the server or in a browser (decision 072).
 * The members are read with the weeks' states, in one statement (membersAndWeekTotals).
 */
export async function weekTotalsWithOpenWeeks(
  db: DbExecutor,
  pool: PoolRow,
  now: Date,
): Promise<{ members: MemberWithName[]; actual: WeekTotals[]; open: PoolWeekData[] }> {
  const { states, members } = await repository.weekStatesAndMembers(db, [pool.id]);
  const [totals] = await weekTotalsOfStates(db, [{ pool, members }], states, now, { store: 'after' });
  const actual = totals!.weeks;
  const openWeeks = new Set(actual.filter((week) => !week.complete).map((week) => week.week));
  if (openWeeks.size === 0) return { members, actual, open: [] };
  const weekRows = states.filter((state) => openWeeks.has(state.week));
  const [loaded] = await loadWeeksOfPools(db, [{ pool, weekRows }], now);
  return { members, actual, open: loaded ?? [] };
}

/**
 * The pool's week totals as they stand (currentWeekTotals), and as they would if every game under way ended at
 * its current score (the standings "if the games ended now", docs/decisions/066), or null when no slate game is
 * under way. Only the weeks not yet complete can hold a game under way: those alone are loaded and worked out
 * again with the domain's weekIfEndedNow (nothing stored), the others are the stored totals. So keeping a pool's
 * "if ended now" current as scores move costs one week's grading, not a season's.
 */
export async function weekTotalsIfEndedNow(
  db: DbExecutor,
  pool: PoolRow,
  now: Date,
): Promise<{ members: MemberWithName[]; actual: WeekTotals[]; endedNow: WeekTotals[] | null }> {
  const { members, actual, open } = await weekTotalsWithOpenWeeks(db, pool, now);
  const ended = new Map<number, WeekTotals>();
  for (const week of open) {
    const endedWeek = weekIfEndedNow(week);
    if (endedWeek !== week) ended.set(week.week, totalsOfWeek(pool, members, endedWeek, now));
  }
  if (ended.size === 0) return { members, actual, endedNow: null };
  return { members, actual, endedNow: actual.map((week) => ended.get(week.week) ?? week) };
}

/** One member's Last Man Standing before a week, as the sheet checks it and the week view shows it. */
export interface LmsBefore {
  /** Still standing before the week. */
  survivor: boolean;
  /** May pick this week: standing, or out the week before with the buy-back still theirs. */
  mayPick: boolean;
  usedTeams: string[];
  member: LmsMemberStanding | null;
}

/**
 * Last Man Standing before `week` for every current member, from the week totals inside the caller's
 * transaction (nothing stored), so a submission never reads the whole season.
 */
export async function lmsStandingBeforeWeek(
  db: DbExecutor,
  pool: PoolRow,
  members: readonly MemberWithName[],
  week: number,
  now: Date,
): Promise<(memberId: number) => LmsBefore> {
  const weeks = await currentWeekTotals(db, pool, members, now, { beforeWeek: week, store: false });
  return lmsOfWeeks(pool, members, weeks, week);
}

/**
 * The pool's current members and one member's Last Man Standing before `week` (lmsBeforeWeek), the members
 * read with the weeks' states in one statement: what a submission to a Last Man Standing pool checks a sheet
 * against.
 */
export async function membersAndLmsBeforeWeek(
  db: DbExecutor,
  pool: PoolRow,
  week: number,
  memberId: number,
  now: Date,
  /** The pool's week states and members when the caller has just read them (weekStatesAndMembersRead). */
  read?: StatesAndMembers,
): Promise<{ members: MemberWithName[]; lms: LmsBefore }> {
  const [found] = await membersAndWeekTotals(db, [pool], now, { beforeWeek: week, store: false }, read);
  const { members, totals } = found!;
  return { members, lms: lmsOfWeeks(pool, members, totals.weeks, week)(memberId) };
}

/** Last Man Standing before `week` for each member, from the weeks' totals before it (nothing read). */
function lmsOfWeeks(
  pool: PoolRow,
  members: readonly MemberWithName[],
  weeks: readonly WeekTotals[],
  week: number,
): (memberId: number) => LmsBefore {
  const memberIds = members.map((member) => String(member.id));
  const standing = lastManStandingOfWeeks(memberIds, lmsResultsOfWeeks(weeks), {
    enabled: true,
    strikes: pool.survivorStrikes,
    buyBackWeek: pool.survivorBuyBackWeek,
  });
  return (memberId) => ({
    survivor: standing.survivors.includes(String(memberId)),
    mayPick: lmsMayPick(standing, String(memberId), week, pool.survivorBuyBackWeek),
    usedTeams: usedLmsTeamsOfWeeks(weeks, String(memberId), week),
    member: standing.members.find((row) => row.memberId === String(memberId)) ?? null,
  });
}

/** Last Man Standing before `week` of one member (lmsStandingBeforeWeek). */
export async function lmsBeforeWeek(
  db: DbExecutor,
  pool: PoolRow,
  members: readonly MemberWithName[],
  week: number,
  memberId: number,
  now: Date,
): Promise<LmsBefore> {
  return (await lmsStandingBeforeWeek(db, pool, members, week, now))(memberId);
}

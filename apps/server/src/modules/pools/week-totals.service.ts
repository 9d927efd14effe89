import type { DbExecutor } from '@pass/db';
import {
  gradeWeekSheet,
  lastManStandingOfWeeks,
  lmsResultsOfWeeks,
  scoringRules,
  usedLmsTeamsOfWeeks,
  weekTotals,
  weekTotalsChangeAt,
  type PoolMember,
  type WeekTotals,
} from '@pass/domain';
import * as poolsRepository from './pools.repository.js';
import type { MemberWithName, PoolRow } from './pools.repository.js';
import { poolWeekOf } from './pools.service.js';
import { loadWeeks } from './slates.service.js';
import * as repository from './week-totals.repository.js';
import type { WeekTotalsState } from './week-totals.repository.js';

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
  options: {
    /** Only the weeks before this one. */
    beforeWeek?: number;
    /**
     * False inside a change's transaction: the weeks not current are worked out and not stored (storing takes
     * a week's row, which the change would then hold to its end).
     */
    store?: boolean;
  } = {},
): Promise<WeekTotals[]> {
  const { beforeWeek = Number.POSITIVE_INFINITY, store = true } = options;
  // The versions are read before the inputs: totals stored at a version are never newer than their inputs.
  const states = (await repository.weekTotalsStates(db, pool.id)).filter(
    (state) => state.week < beforeWeek && poolWeekOf(pool, state.week),
  );
  const current = states.filter((state) => isCurrent(state, now));
  const stale = states.filter((state) => !isCurrent(state, now));
  const [stored, workedOut] = await Promise.all([
    repository.storedTotals(
      db,
      current.map((state) => state.id),
    ),
    workOut(db, pool, members, stale, now, store),
  ]);
  return [
    ...current.map((state) => ({
      week: state.week,
      started: state.totalsStarted,
      complete: state.totalsComplete,
      members: stored.get(state.id) ?? [],
    })),
    ...workedOut,
  ];
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
 * Works out these weeks' totals from their slates and sheets, and (with `store`) stores each in a transaction
 * of its own.
 */
async function workOut(
  db: DbExecutor,
  pool: PoolRow,
  members: readonly MemberWithName[],
  states: readonly WeekTotalsState[],
  now: Date,
  store: boolean,
): Promise<WeekTotals[]> {
  if (states.length === 0) return [];
  const weeks = await loadWeeks(db, pool, now, states);
  const rules = scoringRules({ winBasis: pool.winBasis });
  const poolMembers: PoolMember[] = members.map((member) => ({
    id: String(member.id),
    joinedAt: member.joinedAt.toISOString(),
  }));
  const totals: WeekTotals[] = [];
  for (const week of weeks) {
    const state = states.find((candidate) => candidate.week === week.week)!;
    const graded = poolMembers.map((member) =>
      gradeWeekSheet({
        week: week.week,
        slate: week.slate,
        window: week.window,
        sheet: week.sheets.find((sheet) => sheet.memberId === member.id),
        member,
        rules,
        now,
      }),
    );
    const worked = weekTotals(week, graded, now, { members: poolMembers, winBasis: pool.winBasis });
    totals.push(worked);
    if (!store) continue;
    const changeAt = weekTotalsChangeAt(week, now);
    await db.transaction((tx) =>
      repository.storeWeekTotals(tx, {
        poolWeekId: state.id,
        inputsVersion: state.inputsVersion,
        from: now,
        until: changeAt === null ? null : new Date(changeAt),
        started: worked.started,
        complete: worked.complete,
        rows: worked.members,
      }),
    );
  }
  return totals;
}

/**
 * Last Man Standing before `week`, as a sheet of that week is checked and shown: whether the member still
 * survives, and the teams they have used. Read from the week totals inside the caller's transaction (nothing
 * stored), so a submission never reads the whole season.
 */
export async function lmsBeforeWeek(
  db: DbExecutor,
  pool: PoolRow,
  week: number,
  memberId: number,
  now: Date,
): Promise<{ survivor: boolean; usedTeams: string[] }> {
  const members = await poolsRepository.currentMembers(db, [pool.id]);
  const weeks = await currentWeekTotals(db, pool, members, now, { beforeWeek: week, store: false });
  const memberIds = members.map((member) => String(member.id));
  const standing = lastManStandingOfWeeks(memberIds, lmsResultsOfWeeks(weeks), { enabled: true });
  return {
    survivor: standing.survivors.includes(String(memberId)),
    usedTeams: usedLmsTeamsOfWeeks(weeks, String(memberId), week),
  };
}

import type { Database } from '@pass/db';
import {
  gradeWeekSheet,
  scoringRules,
  weekTotals,
  weekTotalsChangeAt,
  type PoolMember,
  type WeekTotals,
} from '@pass/domain';
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
  db: Database,
  pool: PoolRow,
  members: readonly MemberWithName[],
  now: Date,
): Promise<WeekTotals[]> {
  // The versions are read before the inputs: totals stored at a version are never newer than their inputs.
  const states = (await repository.weekTotalsStates(db, pool.id)).filter((state) => poolWeekOf(pool, state.week));
  const current = states.filter((state) => isCurrent(state, now));
  const stale = states.filter((state) => !isCurrent(state, now));
  const [stored, workedOut] = await Promise.all([
    repository.storedTotals(
      db,
      current.map((state) => state.id),
    ),
    workOut(db, pool, members, stale, now),
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

/** Works out these weeks' totals from their slates and sheets, and stores each in a transaction of its own. */
async function workOut(
  db: Database,
  pool: PoolRow,
  members: readonly MemberWithName[],
  states: readonly WeekTotalsState[],
  now: Date,
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
    totals.push(worked);
  }
  return totals;
}

import { groupBy, poolWeeks, poolWeekTotals, type DbExecutor } from '@pass/db';
import type { LmsOutcome, MemberWeekTotals } from '@pass/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';

/**
 * The stored totals of pool weeks (decision 059): each week's rows, and on its `pool_weeks` row the inputs
 * version they were worked out at and the stretch of time they hold for. Every change a week's totals depend
 * on raises the week's inputs version in its own transaction (pools.repository `bumpVersion`,
 * standings.repository `bumpPoolsOfEvents`, and `invalidateWeeks` below); a read works out again only the weeks
 * not current.
 */

export interface WeekTotalsState {
  id: number;
  week: number;
  inputsVersion: number;
  totalsVersion: number | null;
  totalsFrom: Date | null;
  totalsUntil: Date | null;
  totalsStarted: boolean;
  totalsComplete: boolean;
}

/** The pool's weeks with the state of their stored totals. */
export async function weekTotalsStates(db: DbExecutor, poolId: number): Promise<WeekTotalsState[]> {
  return db
    .select({
      id: poolWeeks.id,
      week: poolWeeks.week,
      inputsVersion: poolWeeks.inputsVersion,
      totalsVersion: poolWeeks.totalsVersion,
      totalsFrom: poolWeeks.totalsFrom,
      totalsUntil: poolWeeks.totalsUntil,
      totalsStarted: poolWeeks.totalsStarted,
      totalsComplete: poolWeeks.totalsComplete,
    })
    .from(poolWeeks)
    .where(eq(poolWeeks.poolId, poolId))
    .orderBy(poolWeeks.week);
}

/** The stored rows of these weeks, by week. */
export async function storedTotals(
  db: DbExecutor,
  poolWeekIds: readonly number[],
): Promise<Map<number, MemberWeekTotals[]>> {
  if (poolWeekIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(poolWeekTotals)
    .where(inArray(poolWeekTotals.poolWeekId, [...poolWeekIds]));
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
    }),
  );
}

/**
 * Stores a week's totals worked out from its inputs at `inputsVersion` (read before them), unless totals of the
 * same or a later version are stored already (another request got there first). The week's row is locked for
 * the rest of the transaction, so two requests storing the same week take turns; run it in a transaction of its
 * own, which holds no other lock, so it never waits in a cycle with a change raising the week's version.
 */
export async function storeWeekTotals(
  db: DbExecutor,
  input: {
    poolWeekId: number;
    inputsVersion: number;
    from: Date;
    until: Date | null;
    started: boolean;
    complete: boolean;
    rows: readonly MemberWeekTotals[];
  },
): Promise<void> {
  const [locked] = await db
    .select({ totalsVersion: poolWeeks.totalsVersion })
    .from(poolWeeks)
    .where(eq(poolWeeks.id, input.poolWeekId))
    .for('update');
  if (!locked || (locked.totalsVersion !== null && locked.totalsVersion > input.inputsVersion)) return;
  await db.delete(poolWeekTotals).where(eq(poolWeekTotals.poolWeekId, input.poolWeekId));
  if (input.rows.length > 0) {
    await db.insert(poolWeekTotals).values(
      input.rows.map((row) => ({
        poolWeekId: input.poolWeekId,
        memberId: Number(row.memberId),
        points: row.points,
        wins: row.wins,
        losses: row.losses,
        pushes: row.pushes,
        tiebreakerError: row.tiebreakerError,
        submittedAt: row.submittedAt === null ? null : new Date(row.submittedAt),
        clvSum: row.clvSum,
        clvCount: row.clvCount,
        lmsTeam: row.lmsTeam,
        lmsOutcome: row.lmsOutcome,
        lmsPushed: row.lmsPushed,
      })),
    );
  }
  await db
    .update(poolWeeks)
    .set({
      totalsVersion: input.inputsVersion,
      totalsFrom: input.from,
      totalsUntil: input.until,
      totalsStarted: input.started,
      totalsComplete: input.complete,
    })
    .where(eq(poolWeeks.id, input.poolWeekId));
}

/** A change to these weeks of the pool (all of them when none are named): their stored totals are not current. */
export async function invalidateWeeks(db: DbExecutor, poolId: number, poolWeekIds?: readonly number[]): Promise<void> {
  await db
    .update(poolWeeks)
    .set({ inputsVersion: sql`${poolWeeks.inputsVersion} + 1` })
    .where(
      and(
        eq(poolWeeks.poolId, poolId),
        poolWeekIds === undefined ? undefined : inArray(poolWeeks.id, [...poolWeekIds]),
      ),
    );
}

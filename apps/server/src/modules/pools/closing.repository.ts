import { events, pools, poolSlateGames, poolWeeks, type DbExecutor } from '@pass/db';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';

/** The SQL of the closing spreads of `ats` pools' locked slate games (closing.service.ts, decision 029). */

/** A locked slate game of an `ats` pool, as its closing spread is worked out (decision 029). */
export interface LockedAtsGame {
  poolWeekId: number;
  eventId: number;
  homeTeam: string;
  awayTeam: string;
  lockedAt: Date;
  closingHomeSpread: number | null;
}

/** The locked slate games of `ats` pools that are games of these events. */
export async function lockedAtsGamesOfEvents(db: DbExecutor, eventIds: readonly number[]): Promise<LockedAtsGame[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .select({
      poolWeekId: poolSlateGames.poolWeekId,
      eventId: poolSlateGames.eventId,
      homeTeam: events.homeTeam,
      awayTeam: events.awayTeam,
      lockedAt: poolSlateGames.lockedAt,
      closingHomeSpread: poolSlateGames.closingHomeSpread,
    })
    .from(poolSlateGames)
    .innerJoin(poolWeeks, eq(poolWeeks.id, poolSlateGames.poolWeekId))
    .innerJoin(pools, eq(pools.id, poolWeeks.poolId))
    .innerJoin(events, eq(events.id, poolSlateGames.eventId))
    .where(
      and(
        // One array parameter, however many events an import grades.
        sql`${poolSlateGames.eventId} = any(${sql.param([...eventIds])}::int[])`,
        eq(pools.winBasis, 'ats'),
        isNotNull(poolSlateGames.lockedAt),
      ),
    )
    .orderBy(asc(poolSlateGames.poolWeekId), asc(poolSlateGames.eventId));
  return rows.map((row) => ({ ...row, lockedAt: row.lockedAt! }));
}

/** Writes slate games' closing spreads, in the one order of the slate's rows (week, then event). */
export async function recordClosingSpreads(
  db: DbExecutor,
  closes: readonly { poolWeekId: number; eventId: number; closingHomeSpread: number | null }[],
): Promise<void> {
  const ordered = [...closes].sort((a, b) => a.poolWeekId - b.poolWeekId || a.eventId - b.eventId);
  for (const close of ordered) {
    await db
      .update(poolSlateGames)
      .set({ closingHomeSpread: close.closingHomeSpread })
      .where(and(eq(poolSlateGames.poolWeekId, close.poolWeekId), eq(poolSlateGames.eventId, close.eventId)));
  }
}

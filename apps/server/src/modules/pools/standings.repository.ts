import { events, pools, poolSlateGames, poolWeeks, rows, type DbExecutor } from '@pass/db';
import { sql } from 'drizzle-orm';

/**
 * The SQL of the standings' freshness: which pools' cached standings a result change makes stale, and the next
 * lock after which time alone changes them.
 */

/**
 * A result changed for these events: the pools with one of them on a slate have new standings, and the
 * slate games that have locked by `now` keep their lock. Called where every result change goes through (the
 * ledger's grading).
 */
export async function bumpPoolsOfEvents(db: DbExecutor, eventIds: readonly number[], now: Date): Promise<void> {
  if (eventIds.length === 0) return;
  // A game that has kicked off or is under way keeps its lock from now on, even if no one looked at it.
  await db.execute(
    sql`update ${poolSlateGames} g set locked_at = least(e.kickoff_at, ${now.toISOString()}::timestamptz)
        from ${events} e
        where e.id = g.event_id and g.locked_at is null and g.event_id = any(${sql.param([...eventIds])}::int[])
          and (e.kickoff_at <= ${now.toISOString()}::timestamptz or e.status in ('in_progress', 'final'))`,
  );
  await db.execute(
    sql`update ${pools} set version = version + 1
        where id in (select w.pool_id from ${poolSlateGames} g join ${poolWeeks} w on w.id = g.pool_week_id
                     where g.event_id = any(${sql.param([...eventIds])}::int[]))`,
  );
  // Only the weeks with one of these games on their slate are worked out again (decision 059).
  await db.execute(
    sql`update ${poolWeeks} set inputs_version = inputs_version + 1
        where id in (select pool_week_id from ${poolSlateGames} where event_id = any(${sql.param([...eventIds])}::int[]))`,
  );
}

/** What a pool's next time change is worked out from: its next slate lock after `now`, and its stored weeks. */
export interface TimeChangeInputs {
  /** A missing pick starts to count at its game's lock; null when no slate game is still to lock. */
  nextLock: Date | null;
  /** The numbers of the pool's stored weeks (their ends), in order. */
  weeks: number[];
}

/**
 * TimeChangeInputs of several pools in one statement: a read's one pool, or a room run's batch keeping their
 * standings answers. Every pool asked for is in the map.
 */
export async function timeChangeInputs(
  db: DbExecutor,
  poolIds: readonly number[],
  now: Date,
): Promise<Map<number, TimeChangeInputs>> {
  if (poolIds.length === 0) return new Map();
  const found = await rows<{ pool_id: number; next_lock: string | Date | null; weeks: number[] | null }>(
    db,
    sql`select p.pool_id,
          (select min(coalesce(g.locked_at, e.kickoff_at))
             from ${poolSlateGames} g
             join ${poolWeeks} w on w.id = g.pool_week_id
             join ${events} e on e.id = g.event_id
            where w.pool_id = p.pool_id
              and coalesce(g.locked_at, e.kickoff_at) > ${now.toISOString()}::timestamptz) as next_lock,
          (select array_agg(w.week order by w.week) from ${poolWeeks} w where w.pool_id = p.pool_id) as weeks
        from unnest(${sql.param([...poolIds])}::int[]) as p(pool_id)`,
  );
  return new Map(
    found.map((row) => [
      Number(row.pool_id),
      { nextLock: row.next_lock ? new Date(row.next_lock) : null, weeks: (row.weeks ?? []).map(Number) },
    ]),
  );
}

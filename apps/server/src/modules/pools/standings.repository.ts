import { events, pools, poolSlateGames, poolWeeks, type DbExecutor } from '@pass/db';
import { sql } from 'drizzle-orm';

/**
 * The SQL of the standings' freshness: which pools' cached standings a result change makes stale. (The next
 * instant time alone changes them comes with their week totals: week-totals.service.ts.)
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
  // The pools' and then the weeks' rows are taken in id order, as the weeks' totals are stored (storeWeekTotals
  // takes its weeks' rows so): a store and a result holding the same weeks wait for each other in turn, never in
  // a cycle, which the database would end by failing one of them.
  await db.execute(
    sql`with taken as materialized (
          select id from ${pools}
          where id in (select w.pool_id from ${poolSlateGames} g join ${poolWeeks} w on w.id = g.pool_week_id
                       where g.event_id = any(${sql.param([...eventIds])}::int[]))
          order by id for no key update)
        update ${pools} p set version = p.version + 1 from taken where p.id = taken.id`,
  );
  // Only the weeks with one of these games on their slate are worked out again (decision 059).
  await db.execute(
    sql`with taken as materialized (
          select id from ${poolWeeks}
          where id in (select pool_week_id from ${poolSlateGames} where event_id = any(${sql.param([...eventIds])}::int[]))
          order by id for no key update)
        update ${poolWeeks} w set inputs_version = w.inputs_version + 1 from taken where w.id = taken.id`,
  );
}

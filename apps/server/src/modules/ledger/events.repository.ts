import { column, type DbExecutor, rows } from '@pass/db';
import { sql } from 'drizzle-orm';
import { toEvent } from './entry-rows.js';
import type { EventStatus, LedgerEvent } from './ledger-event.js';

/**
 * The ledger's SQL on games themselves (events): read by id for a new entry and for grading, and the result the
 * admin sets or clears (docs/decisions/022).
 */

export async function getEvent(db: DbExecutor, id: number): Promise<LedgerEvent | undefined> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`select id, sport, season, week, kickoff_at, game_date, home_team, away_team, status, home_score, away_score
        from events where id = ${id}`,
  );
  return row ? toEvent(row) : undefined;
}

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

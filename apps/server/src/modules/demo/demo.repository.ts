import { type DbExecutor, rows } from '@pass/db';
import { DEFAULT_BOOK, MIN_SEASON } from '@pass/domain';
import { sql } from 'drizzle-orm';
import type { TakenQuote } from './replay.js';

export interface SeasonSummary {
  season: number;
  /** Every game of the season is generated demo data. */
  isDemo: boolean;
  finals: number;
  /** Games still scheduled or in progress. */
  undecided: number;
}

/** The sport's seasons (2022 on) that have final games, newest first. */
export async function listReplaySeasons(db: DbExecutor, sport: string): Promise<SeasonSummary[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select season, bool_and(is_demo) as is_demo,
          count(*) filter (where status = 'final') as finals,
          count(*) filter (where status in ('scheduled', 'in_progress')) as undecided
        from events
        where sport = ${sport} and season >= ${MIN_SEASON}
        group by season
        having count(*) filter (where status = 'final') > 0
        order by season desc`,
  );
  return found.map((row) => ({
    season: Number(row.season),
    isDemo: Boolean(row.is_demo),
    finals: Number(row.finals),
    undecided: Number(row.undecided),
  }));
}

/** How long before kickoff the replay takes its lines. */
const PICK_LEAD = sql`interval '1 day'`;
const KICKOFF = sql`coalesce(e.kickoff_at, (e.game_date || 'T12:00:00Z')::timestamptz)`;

/**
 * The lines the replay takes, per event × market × outcome: one book per event (the consensus where it quotes
 * the game, else the default book, else the first by name), its last quote fetched a day or more before
 * kickoff, else its first one before kickoff (a source that files only the closing line gives the close).
 * Quotes fetched after kickoff are never taken.
 */
export async function listTakenQuotes(db: DbExecutor, eventIds: readonly number[]): Promise<TakenQuote[]> {
  if (eventIds.length === 0) return [];
  const ids = sql`${sql.param(eventIds)}::int[]`;
  const found = await rows<Record<string, unknown>>(
    db,
    sql`with chosen as (
          select distinct on (q.event_id) q.event_id, q.book
          from odds_quotes q join events e on e.id = q.event_id
          where q.event_id = any(${ids}) and q.fetched_at <= ${KICKOFF}
          order by q.event_id, (q.book = 'consensus') desc, (q.book = ${DEFAULT_BOOK}) desc, q.book
        )
        select distinct on (q.event_id, q.market, q.outcome) q.event_id, q.book, q.market, q.outcome, q.price, q.point
        from odds_quotes q
          join chosen c on c.event_id = q.event_id and c.book = q.book
          join events e on e.id = q.event_id
        where q.fetched_at <= ${KICKOFF}
        order by q.event_id, q.market, q.outcome,
          (q.fetched_at <= ${KICKOFF} - ${PICK_LEAD}) desc,
          case when q.fetched_at <= ${KICKOFF} - ${PICK_LEAD} then q.fetched_at end desc nulls last,
          q.fetched_at`,
  );
  return found.map((row) => ({
    eventId: Number(row.event_id),
    book: String(row.book),
    market: row.market as TakenQuote['market'],
    outcome: String(row.outcome),
    price: Number(row.price),
    point: row.point === null ? null : Number(row.point),
  }));
}

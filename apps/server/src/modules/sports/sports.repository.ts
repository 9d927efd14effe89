import type { DbExecutor } from '@pass/db';
import { sql, type SQL } from 'drizzle-orm';

export interface EventRow {
  id: number;
  sport: string;
  season: number;
  week: number | null;
  seasonType: 'regular' | 'postseason';
  kickoffAt: string | null;
  gameDate: string;
  homeTeam: string;
  awayTeam: string;
  neutralSite: boolean;
  status: 'scheduled' | 'in_progress' | 'final' | 'postponed' | 'cancelled';
  homeScore: number | null;
  awayScore: number | null;
  isDemo: boolean;
}

export interface QuoteRow {
  eventId: number;
  book: string;
  market: 'h2h' | 'spreads' | 'totals';
  outcome: string;
  price: number;
  point: number | null;
  fetchedAt: string;
  quotedAt: string | null;
}

async function rows<T>(db: DbExecutor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();
const ids = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;

const EVENT_COLUMNS = sql`id, sport, season, week, season_type, kickoff_at, game_date, home_team, away_team,
  neutral_site, status, home_score, away_score, is_demo`;

/** Every event of a sport's season, in kickoff order: a season is a few hundred to a few thousand rows. */
export async function listSeasonEvents(db: DbExecutor, sport: string, season: number): Promise<EventRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select ${EVENT_COLUMNS}
        from events where sport = ${sport} and season = ${season}
        order by coalesce(kickoff_at, (game_date || 'T12:00:00Z')::timestamptz), id`,
  );
  return found.map(toEvent);
}

function toEvent(row: Record<string, unknown>): EventRow {
  return {
    id: Number(row.id),
    sport: String(row.sport),
    season: Number(row.season),
    week: row.week === null ? null : Number(row.week),
    seasonType: row.season_type as EventRow['seasonType'],
    kickoffAt: iso(row.kickoff_at),
    gameDate: String(row.game_date),
    homeTeam: String(row.home_team),
    awayTeam: String(row.away_team),
    neutralSite: Boolean(row.neutral_site),
    status: row.status as EventRow['status'],
    homeScore: row.home_score === null ? null : Number(row.home_score),
    awayScore: row.away_score === null ? null : Number(row.away_score),
    isDemo: Boolean(row.is_demo),
  };
}

function toQuote(row: Record<string, unknown>): QuoteRow {
  return {
    eventId: Number(row.event_id),
    book: String(row.book),
    market: row.market as QuoteRow['market'],
    outcome: String(row.outcome),
    price: Number(row.price),
    point: row.point === null ? null : Number(row.point),
    fetchedAt: iso(row.fetched_at)!,
    quotedAt: iso(row.quoted_at),
  };
}

/** The latest quote per event × book × market × outcome, optionally of some books only. */
export async function listLatestQuotes(
  db: DbExecutor,
  eventIds: readonly number[],
  books?: readonly string[],
): Promise<QuoteRow[]> {
  if (eventIds.length === 0) return [];
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select distinct on (event_id, book, market, outcome) event_id, book, market, outcome, price, point, fetched_at, quoted_at
        from odds_quotes
        where event_id = any(${ids(eventIds)}) ${books ? sql`and book = any(${sql.param(books)}::text[])` : sql``}
        order by event_id, book, market, outcome, fetched_at desc`,
  );
  return found.map(toQuote);
}

/**
 * Closing quotes: per event × book × market × outcome, the last one fetched at or before kickoff (noon UTC
 * of the game date when the kickoff is unknown).
 */
export async function listClosingQuotes(
  db: DbExecutor,
  eventIds: readonly number[],
  books?: readonly string[],
): Promise<QuoteRow[]> {
  if (eventIds.length === 0) return [];
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select distinct on (q.event_id, q.book, q.market, q.outcome) q.event_id, q.book, q.market, q.outcome, q.price,
          q.point, q.fetched_at, q.quoted_at
        from odds_quotes q join events e on e.id = q.event_id
        where q.event_id = any(${ids(eventIds)})
          ${books ? sql`and q.book = any(${sql.param(books)}::text[])` : sql``}
          and q.fetched_at <= coalesce(e.kickoff_at, (e.game_date || 'T12:00:00Z')::timestamptz)
        order by q.event_id, q.book, q.market, q.outcome, q.fetched_at desc`,
  );
  return found.map(toQuote);
}

/** One event by id, or undefined. */
export async function getEvent(db: DbExecutor, id: number): Promise<EventRow | undefined> {
  const [row] = await rows<Record<string, unknown>>(db, sql`select ${EVENT_COLUMNS} from events where id = ${id}`);
  return row ? toEvent(row) : undefined;
}

/** The final games of a team (every season, or one; demo games only when asked), in kickoff order. */
export async function listTeamFinals(
  db: DbExecutor,
  sport: string,
  team: string,
  options: { season?: number | undefined; includeDemo: boolean },
): Promise<EventRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select ${EVENT_COLUMNS} from events
        where sport = ${sport} and (home_team = ${team} or away_team = ${team}) and status = 'final'
          ${options.season === undefined ? sql`` : sql`and season = ${options.season}`}
          ${options.includeDemo ? sql`` : sql`and not is_demo`}
        order by coalesce(kickoff_at, (game_date || 'T12:00:00Z')::timestamptz), id`,
  );
  return found.map(toEvent);
}

/** Every quote of an event, by book, market and outcome, oldest first. */
export async function listEventQuotes(db: DbExecutor, eventId: number): Promise<QuoteRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select event_id, book, market, outcome, price, point, fetched_at, quoted_at
        from odds_quotes where event_id = ${eventId}
        order by book, market, outcome, fetched_at`,
  );
  return found.map(toQuote);
}

import { type DbExecutor, type JsonRead, readOne, rows } from '@pass/db';
import { calendarWeek, type LiveState, type Sport } from '@pass/domain';
import { sql } from 'drizzle-orm';

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
  /** A game under way as its source last showed it, with when (docs/decisions/066); null otherwise. */
  live: (LiveState & { asOf: string | null }) | null;
  /** The data time of the result (its status and scores), whatever the status; null when not known. */
  resultAsOf?: string | null;
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
  /** Where the quote came from (`nflverse`, `odds-api`…): read with closing quotes, to name a line's source. */
  source?: string;
}

const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();
const ids = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;

const EVENT_COLUMNS = sql`id, sport, season, week, season_type, kickoff_at, game_date, home_team, away_team,
  neutral_site, status, home_score, away_score, is_demo, live_period, live_clock, live_detail, result_as_of`;

/**
 * Every event of a sport's season, in kickoff order: a season is a few hundred to a few thousand rows. Once a
 * season has real games, its demo games are no longer listed (docs/decisions/068): they stay stored for the
 * bets and picks made on them.
 */
export async function listSeasonEvents(db: DbExecutor, sport: string, season: number): Promise<EventRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select ${EVENT_COLUMNS}
        from events where sport = ${sport} and season = ${season}
          and (not is_demo or not exists (
            select 1 from events r where r.sport = ${sport} and r.season = ${season} and not r.is_demo))
        order by coalesce(kickoff_at, (game_date || 'T12:00:00Z')::timestamptz), id`,
  );
  return found.map(toEvent);
}

const HOUR_MS = 3_600_000;

/**
 * The sports calendar's week (decision 024), read through it once more: rows stored before it kept the
 * source's numbering (every college bowl in week 1, MLB without weeks), and read this way every endpoint
 * agrees on one week until a re-import stores it. A bowl stored so reads as Bowls, not Playoff.
 */
function weekOf(row: Record<string, unknown>, kickoffAt: string | null, gameDate: string): number {
  // The US date of a football kickoff: six hours behind UTC keeps a late game on its day; MLB keeps its local date.
  const date =
    row.sport !== 'baseball_mlb' && kickoffAt
      ? new Date(Date.parse(kickoffAt) - 6 * HOUR_MS).toISOString().slice(0, 10)
      : gameDate;
  return calendarWeek({
    sport: row.sport as Sport,
    season: Number(row.season),
    seasonType: row.season_type as EventRow['seasonType'],
    date,
    sourceWeek: row.week === null ? null : Number(row.week),
  });
}

function toEvent(row: Record<string, unknown>): EventRow {
  const kickoffAt = iso(row.kickoff_at);
  const gameDate = String(row.game_date);
  return {
    id: Number(row.id),
    sport: String(row.sport),
    season: Number(row.season),
    week: weekOf(row, kickoffAt, gameDate),
    seasonType: row.season_type as EventRow['seasonType'],
    kickoffAt,
    gameDate,
    homeTeam: String(row.home_team),
    awayTeam: String(row.away_team),
    neutralSite: Boolean(row.neutral_site),
    status: row.status as EventRow['status'],
    homeScore: row.home_score === null ? null : Number(row.home_score),
    awayScore: row.away_score === null ? null : Number(row.away_score),
    isDemo: Boolean(row.is_demo),
    resultAsOf: iso(row.result_as_of),
    live:
      row.live_detail === null || row.live_detail === undefined
        ? null
        : {
            period: row.live_period === null ? null : Number(row.live_period),
            clock: row.live_clock === null ? null : String(row.live_clock),
            detail: String(row.live_detail),
            asOf: iso(row.result_as_of),
          },
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
    ...(row.source === undefined ? {} : { source: String(row.source) }),
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
    sql`select distinct on (event_id, book, market, outcome) event_id, book, market, outcome, price, point, fetched_at,
          quoted_at, source
        from odds_quotes
        where event_id = any(${ids(eventIds)}) ${books ? sql`and book = any(${sql.param(books)}::text[])` : sql``}
        order by event_id, book, market, outcome, fetched_at desc`,
  );
  return found.map(toQuote);
}

/** A quote's columns as `toQuote` reads them, from `odds_quotes q`. */
const QUOTE_COLUMNS = sql`q.event_id, q.book, q.market, q.outcome, q.price, q.point, q.fetched_at, q.quoted_at, q.source`;
/** The closing rule: a quote counts for its event's close if fetched by kickoff (noon UTC of an undated one). */
const FETCHED_BY_KICKOFF = sql`q.fetched_at <= coalesce(e.kickoff_at, (e.game_date || 'T12:00:00Z')::timestamptz)`;
/** One closing quote per event × book × market × outcome: the last fetched (the `order by` of a `distinct on`). */
const LAST_PER_OUTCOME = sql`q.event_id, q.book, q.market, q.outcome`;

/**
 * Closing quotes: per event × book × market × outcome, the last one fetched at or before kickoff (noon UTC
 * of the game date when the kickoff is unknown). With `asOf`, the quotes as they stood then, if earlier: the
 * line of record at that moment (a pool's slate freezes it at publish).
 */
export async function listClosingQuotes(
  db: DbExecutor,
  eventIds: readonly number[],
  books?: readonly string[],
  asOf?: Date,
): Promise<QuoteRow[]> {
  if (eventIds.length === 0) return [];
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select distinct on (${LAST_PER_OUTCOME}) ${QUOTE_COLUMNS}
        from odds_quotes q join events e on e.id = q.event_id
        where q.event_id = any(${ids(eventIds)})
          -- Said of the events too, so only they are read, not every season's.
          and e.id = any(${ids(eventIds)})
          ${books ? sql`and q.book = any(${sql.param(books)}::text[])` : sql``}
          and ${FETCHED_BY_KICKOFF}
          ${asOf ? sql`and q.fetched_at <= ${asOf.toISOString()}::timestamptz` : sql``}
        order by ${LAST_PER_OUTCOME}, q.fetched_at desc`,
  );
  return found.map(toQuote);
}

/** Events by id, in kickoff order. */
export async function listEventsByIds(db: DbExecutor, eventIds: readonly number[]): Promise<EventRow[]> {
  if (eventIds.length === 0) return [];
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select ${EVENT_COLUMNS} from events where id = any(${ids(eventIds)})
        order by coalesce(kickoff_at, (game_date || 'T12:00:00Z')::timestamptz), id`,
  );
  return found.map(toEvent);
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

/** A game of a sport week as a pool reads it (pools' `GameRow`). */
export interface WeekGameRow {
  id: number;
  homeTeam: string;
  awayTeam: string;
  /** The kickoff, or noon UTC of the game date when the schedule has no time yet (as closing quotes are filed). */
  kickoff: Date;
  status: EventRow['status'];
  homeScore: number | null;
  awayScore: number | null;
  /** A game of the generated demo season (docs/decisions/008), played only where a week has no real games. */
  isDemo: boolean;
}

/**
 * The games of a sport week (the football week's games by their week number; for a sport whose events carry
 * none, MLB, the games dated within the week's days) with their closing quotes as of `asOf`
 * (listClosingQuotes), in one statement. A week with real games plays those only; a week with none (a fresh
 * install's generated demo season) plays its demo games (docs/decisions/028).
 */
export function weekGamesWithClosingQuotes(
  db: DbExecutor,
  week: { sport: string; season: number; week: number; start: string; end: string },
  asOf: Date,
): Promise<{ games: WeekGameRow[]; quotes: QuoteRow[] }> {
  return readOne(db, weekGamesWithClosingQuotesRead(week, asOf));
}

/**
 * weekGamesWithClosingQuotes as a read that can share a statement with others (readTogether). With `nextQuote`,
 * also the moment of the week's next quote after `asOf` that is filed before its game's kickoff (null: none), for
 * a cache of the week (week-lines-cache.ts); without it `nextQuoteAt` is null and not read.
 */
export function weekGamesWithClosingQuotesRead(
  week: { sport: string; season: number; week: number; start: string; end: string },
  asOf: Date,
  { nextQuote = false }: { nextQuote?: boolean } = {},
): JsonRead<{ games: WeekGameRow[]; quotes: QuoteRow[]; nextQuoteAt: Date | null }> {
  const nextQuoteAt = nextQuote
    ? sql`(select min(q.fetched_at) from odds_quotes q join e on e.id = q.event_id
            where ${FETCHED_BY_KICKOFF} and q.fetched_at > ${asOf.toISOString()}::timestamptz)`
    : sql`null`;
  return {
    expression: sql`with e as (
          select * from events
          where sport = ${week.sport} and season = ${week.season}
            and (week = ${week.week} or (week is null and game_date between ${week.start} and ${week.end})))
        select json_build_object(
          'games', (select coalesce(json_agg(json_build_object('id', e.id, 'homeTeam', e.home_team,
                   'awayTeam', e.away_team,
                   'kickoff', coalesce(e.kickoff_at, (e.game_date || 'T12:00:00Z')::timestamptz), 'status', e.status,
                   'homeScore', e.home_score, 'awayScore', e.away_score, 'isDemo', e.is_demo)), '[]'::json)
             from e),
          'quotes', (select coalesce(json_agg(c order by c.event_id, c.book, c.market, c.outcome), '[]'::json)
             from (select distinct on (${LAST_PER_OUTCOME}) ${QUOTE_COLUMNS}
                     from odds_quotes q join e on e.id = q.event_id
                    where ${FETCHED_BY_KICKOFF} and q.fetched_at <= ${asOf.toISOString()}::timestamptz
                    order by ${LAST_PER_OUTCOME}, q.fetched_at desc) c),
          'nextQuoteAt', ${nextQuoteAt})`,
    read: (value) => {
      const found = value as {
        games: (Omit<WeekGameRow, 'kickoff'> & { kickoff: string })[];
        quotes: Record<string, unknown>[];
        nextQuoteAt: string | null;
      };
      const games = found.games.map((game) => ({ ...game, kickoff: new Date(game.kickoff) }));
      const real = games.filter((game) => !game.isDemo);
      const played = new Set((real.length > 0 ? real : games).map((game) => game.id));
      return {
        games: games.filter((game) => played.has(game.id)),
        quotes: found.quotes.map(toQuote).filter((quote) => played.has(quote.eventId)),
        nextQuoteAt: found.nextQuoteAt === null ? null : new Date(found.nextQuoteAt),
      };
    },
  };
}

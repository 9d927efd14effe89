import type {
  AlmanacResponse,
  LineOfRecord as LineOfRecordBody,
  LineHistoryResponse,
  LineSeries,
  StandingsResponse,
  TipsResponse,
  BookEvent,
  BookEventsResponse,
  BookHistoryResponse,
  BookQuote,
  CurrentWeekResponse,
  SeasonWeek,
  SeasonWeeksResponse,
  TeamsResponse,
} from '@pass/contracts';
import { groupBy, readOne, type DbExecutor, type JsonRead } from '@pass/db';
import {
  calendarWeekOf,
  isResultMissing,
  lineOfRecordFromQuotes,
  MIN_SEASON,
  mlbSeries,
  seasonForDate,
  spreadResult,
  teamRegistry,
  totalResult,
  weekLabel,
  weekSeasonType,
  type SeriesPosition,
  type Sport,
  type Team,
} from '@pass/domain';
import { AppError } from '../../errors.js';
import {
  BET_STAKE_CENTS,
  computeStandings,
  computeTips,
  countLineSources,
  summarize,
  teamGames,
  type ClosingLine,
} from './almanac.js';
import { invalidateSportsCaches } from './sports-cache.js';
import { weekLinesCacheOf, type WeekLinesRead } from './week-lines-cache.js';
import * as repository from './sports.repository.js';
import type { EventRow, QuoteRow, WeekGameRow } from './sports.repository.js';

/** Clears the cached reads of a sport once an import changed its data. */
export function invalidateSportCache(db: object, sport: string): void {
  invalidateSportsCaches(db, sport);
}

/** The book whose quotes stand for a closing line when no book has one from before kickoff. */
const CONSENSUS_BOOK = 'consensus';
const HOUR_MS = 3_600_000;

/** The specification's rule for a sport store: a season of 2022 or later, else this exact message. */
export function requireSportStoreSeason(season: number, field: string): void {
  if (season < MIN_SEASON) {
    throw new AppError('BAD_REQUEST', 'Illegal Argument for SportStore', [
      { field, message: `must be ${MIN_SEASON} or later` },
    ]);
  }
}

/**
 * The sport's teams; with a season, the ones that played it, placed in that season's alignment. College teams are
 * the FBS teams (of the season, when one is given); their FCS opponents are listed apart, to name them in game rows.
 */
export function listTeams(sport: Sport, season?: number): TeamsResponse {
  const inLeague = (team: Team) =>
    sport !== 'americanfootball_ncaaf' || season === undefined || teamRegistry.conferenceIn(team, season) !== null;
  const outside = [...teamRegistry.outsideTeams(sport), ...teamRegistry.teams(sport).filter((team) => !inLeague(team))];
  return {
    sport,
    teams: teamRegistry
      .teams(sport)
      .filter((team) => (season === undefined || teamRegistry.playsIn(team, season)) && inLeague(team))
      .map((team) => {
        // The name of the season asked for (the Oakland Athletics of 2024); today's stays an alias.
        const name = teamRegistry.nameIn(team, season);
        return {
          abbv: team.abbr,
          name,
          nickname: team.nickname,
          aka: name === team.name ? [...team.aliases] : [team.name, ...team.aliases.filter((alias) => alias !== name)],
          conference: teamRegistry.conferenceIn(team, season),
          division: teamRegistry.divisionIn(team, season),
        };
      }),
    opponents: outside.map((team) => {
      const division = teamRegistry.classificationIn(team, season);
      return {
        abbv: team.abbr,
        name: teamRegistry.nameIn(team, season),
        nickname: team.nickname,
        classification: division === 'ii' || division === 'iii' ? division : 'fcs',
      };
    }),
  };
}

const SPORT_NAMES: Record<Sport, string> = {
  americanfootball_nfl: 'NFL',
  americanfootball_ncaaf: 'college football',
  baseball_mlb: 'MLB',
};

/** A season asked for that has no game at all is a 404 that names it, not a table of zeros. */
function requireGamesIn(sport: Sport, season: number, events: readonly unknown[]): void {
  if (events.length === 0)
    throw AppError.notFound(`No ${SPORT_NAMES[sport]} games are loaded for the ${season} season`);
}

/**
 * The US date a game is played on: six hours behind UTC keeps an evening game on its local day from the
 * East Coast to the West (a 10 pm Pacific first pitch is 05:00 UTC the next day). MLB rows carry their local date.
 */
function localDate(event: Pick<EventRow, 'sport' | 'kickoffAt' | 'gameDate'>): string {
  if (event.sport === 'baseball_mlb' || !event.kickoffAt) return event.gameDate;
  return new Date(Date.parse(event.kickoffAt) - 6 * HOUR_MS).toISOString().slice(0, 10);
}

export interface WeekWithEvents extends SeasonWeek {
  events: EventRow[];
}

/**
 * The weeks of a season with games, numbered and named by the sports calendar (decision 024): the week
 * every event carries (sports.repository reads it through the calendar), so the dates, the events of a
 * week, the history and the almanac agree. A week's dates are the calendar's, widened to its games (a
 * week-0 game, a bowl on Army–Navy Saturday); college postseason weeks run from their first game to their last.
 */
export function computeWeeks(sport: Sport, events: readonly EventRow[]): WeekWithEvents[] {
  const byNumber = new Map<number, EventRow[]>();
  for (const event of events) {
    if (event.week === null) continue;
    byNumber.set(event.week, [...(byNumber.get(event.week) ?? []), event]);
  }
  return [...byNumber.keys()]
    .sort((a, b) => a - b)
    .map((number) => {
      const inWeek = byNumber.get(number)!;
      const season = inWeek[0]!.season;
      const dates = inWeek.map(localDate).sort();
      const nominal = calendarWeekOf(sport, season, number);
      const fromGames = !nominal || (sport === 'americanfootball_ncaaf' && nominal.seasonType === 'postseason');
      const start = fromGames || dates[0]! < nominal.start ? dates[0]! : nominal.start;
      const end = fromGames || dates.at(-1)! > nominal.end ? dates.at(-1)! : nominal.end;
      const allPostseason = inWeek.every((event) => event.seasonType === 'postseason');
      return {
        number,
        label: weekLabel(sport, season, number),
        season_type: weekSeasonTypeOf(sport, season, number, allPostseason),
        start,
        end,
        games: inWeek.length,
        events: inWeek,
      };
    });
}

/** Football weeks are regular or postseason by the calendar; an MLB week by its games. */
function weekSeasonTypeOf(
  sport: Sport,
  season: number,
  number: number,
  allPostseason: boolean,
): SeasonWeek['season_type'] {
  return sport === 'baseball_mlb' ? (allPostseason ? 'postseason' : 'regular') : weekSeasonType(sport, season, number);
}

const withoutEvents = ({ events: _events, ...week }: WeekWithEvents): SeasonWeek => week;

/** The weeks of a season with their events, numbered and labelled as the schedule screens show them. */
export async function seasonWeeks(db: DbExecutor, sport: Sport, season: number): Promise<WeekWithEvents[]> {
  return computeWeeks(sport, await repository.listSeasonEvents(db, sport, season));
}

export async function listSeasonWeeks(db: DbExecutor, sport: Sport, season: number): Promise<SeasonWeeksResponse> {
  requireSportStoreSeason(season, 'params.season');
  const weeks = await seasonWeeks(db, sport, season);
  return { sport, season, weeks: weeks.map(withoutEvents) };
}

/** Whether a game is still to be played: its kickoff is ahead on the clock, and it was neither called off nor moved. */
const isStillToPlay = (event: EventRow, now: Date) =>
  event.status !== 'cancelled' && event.status !== 'postponed' && Date.parse(kickoffOf(event)) > now.getTime();

/**
 * The current week: the one holding the next game still to be played, so a finished week gives way to the next
 * at its last game's kickoff (a Tuesday shows the coming week; a Sunday night with Monday's game left stays).
 * Once no game is left, the last week.
 */
function pickCurrentWeek(weeks: readonly WeekWithEvents[], now: Date): WeekWithEvents | undefined {
  return weeks.find((week) => week.events.some((event) => isStillToPlay(event, now))) ?? weeks.at(-1);
}

interface SeasonChoice {
  /** The season asked for (season_year), else the season `now` is in. */
  season: number | undefined;
  field: string;
  now: Date;
}

/**
 * The season and its weeks: the one asked for, or the one `now` falls in. In the off-season the new
 * season has no games yet, so the one before it answers until the schedule arrives.
 */
async function resolveSeason(
  db: DbExecutor,
  sport: Sport,
  choice: SeasonChoice,
): Promise<{ season: number; weeks: WeekWithEvents[] }> {
  if (choice.season !== undefined) {
    requireSportStoreSeason(choice.season, choice.field);
    return { season: choice.season, weeks: await seasonWeeks(db, sport, choice.season) };
  }
  const current = seasonForDate(sport, choice.now);
  const weeks = await seasonWeeks(db, sport, current);
  if (weeks.length > 0 || current - 1 < MIN_SEASON) return { season: current, weeks };
  return { season: current - 1, weeks: await seasonWeeks(db, sport, current - 1) };
}

export async function getCurrentWeek(
  db: DbExecutor,
  sport: Sport,
  options: { seasonYear?: number | undefined; now: Date },
): Promise<CurrentWeekResponse> {
  const { season, weeks } = await resolveSeason(db, sport, {
    season: options.seasonYear,
    field: 'querystring.season_year',
    now: options.now,
  });
  const week = pickCurrentWeek(weeks, options.now);
  if (!week) throw AppError.notFound(`No ${sport} games are loaded for the ${season} season`);
  return { sport, season, ...withoutEvents(week) };
}

/** A path's `extra`: a week number or a bookmaker key; anything else is a 400. */
export function parseExtra(extra: string | undefined): { week?: number; book?: string } {
  if (extra === undefined) return {};
  if (/^\d{1,2}$/.test(extra) && Number(extra) >= 1) return { week: Number(extra) };
  if (/^[a-z][a-z0-9_]{1,39}$/.test(extra)) return { book: extra };
  throw AppError.badRequest('params.extra', 'must be a week number (1–99) or a bookmaker key such as betus');
}

/** A game's line of record as the responses carry it, with the result against it once final. */
export function lineOfRecordBody(
  event: Pick<EventRow, 'status' | 'homeScore' | 'awayScore'>,
  line: ClosingLine,
): LineOfRecordBody {
  const final = event.status === 'final' && event.homeScore !== null && event.awayScore !== null;
  return {
    home_spread: line.homeSpread,
    total: line.total,
    home_moneyline: line.homeMoneyline,
    away_moneyline: line.awayMoneyline,
    source: line.source,
    covered: final ? spreadResult(event.homeScore!, event.awayScore!, line.homeSpread) : null,
    over_under: final ? totalResult(event.homeScore!, event.awayScore!, line.total) : null,
  };
}

/** When an event kicks off: its kickoff, else noon UTC of its date (as the closing quotes are read). */
const kickoffOf = (event: Pick<EventRow, 'kickoffAt' | 'gameDate'>) => event.kickoffAt ?? `${event.gameDate}T12:00:00Z`;

/** Whether a game is past for its line: final, under way, or its kickoff has passed. */
const hasStarted = (event: EventRow, now: Date) =>
  event.status === 'final' || event.status === 'in_progress' || Date.parse(kickoffOf(event)) <= now.getTime();

function toBookEvent(
  event: EventRow,
  quotes: readonly QuoteRow[],
  now: Date,
  series?: SeriesPosition,
  line?: ClosingLine,
): BookEvent {
  return {
    event_id: event.id,
    sport: event.sport as Sport,
    season: event.season,
    week: event.week,
    yr_week: event.week === null ? null : event.season * 100 + event.week,
    season_type: event.seasonType,
    kickoff: event.kickoffAt,
    game_date: event.gameDate,
    home_team: event.homeTeam,
    away_team: event.awayTeam,
    neutral_site: event.neutralSite,
    status: event.status,
    event_scores: { home: event.homeScore, away: event.awayScore },
    live: event.live
      ? { period: event.live.period, clock: event.live.clock, detail: event.live.detail, as_of: event.live.asOf }
      : null,
    is_demo: event.isDemo,
    ...(series ? { series } : {}),
    result_missing: isResultMissing({ status: event.status, kickoff: event.kickoffAt, gameDate: event.gameDate }, now),
    odds: quotes.map((quote): BookQuote => ({
      book: quote.book,
      market: quote.market,
      outcome: quote.outcome,
      price: quote.price,
      point: quote.point,
      fetched_at: quote.fetchedAt,
      quoted_at: quote.quotedAt,
    })),
    ...(line ? { line_of_record: lineOfRecordBody(event, line) } : {}),
  };
}

const groupByEvent = (quotes: readonly QuoteRow[]) => groupBy(quotes, (quote) => quote.eventId);

/** The events of a week (the current one unless `extra` names another), each with the latest quote per book × market × outcome. */
export async function listBookEvents(
  db: DbExecutor,
  sport: Sport,
  options: { extra?: string | undefined; seasonYear?: number | undefined; now: Date },
): Promise<BookEventsResponse> {
  const { week: weekNumber, book } = parseExtra(options.extra);
  const { season, weeks } = await resolveSeason(db, sport, {
    season: options.seasonYear,
    field: 'querystring.season_year',
    now: options.now,
  });
  const week =
    weekNumber === undefined ? pickCurrentWeek(weeks, options.now) : weeks.find((w) => w.number === weekNumber);
  if (weekNumber !== undefined && !week) {
    throw AppError.notFound(`The ${season} ${sport} season has no week ${weekNumber}`);
  }
  const events = week?.events ?? [];
  // A series can run across a Sunday into Monday: it is found among the whole season's games.
  const series =
    sport === 'baseball_mlb' ? seriesOf(weeks.flatMap((entry) => entry.events)) : new Map<number, SeriesPosition>();
  const quotes = groupByEvent(
    await repository.listLatestQuotes(
      db,
      events.map((event) => event.id),
      book ? [book] : undefined,
    ),
  );
  const lines = await linesOfRecord(
    db,
    events.filter((event) => hasStarted(event, options.now)),
  );
  return {
    sport,
    season,
    week: week ? withoutEvents(week) : null,
    next_week: week ? (weeks[weeks.indexOf(week) + 1]?.number ?? null) : null,
    book: book ?? null,
    events: events.map((event) =>
      toBookEvent(event, quotes.get(event.id) ?? [], options.now, series.get(event.id), lines.get(event.id)),
    ),
  };
}

/** MLB series among a season's games that are still to be played or were (a cancelled game is in none). */
function seriesOf(events: readonly EventRow[]): Map<number, SeriesPosition> {
  return mlbSeries(
    events
      .filter((event) => event.status !== 'cancelled')
      .map((event) => ({ id: event.id, home: event.homeTeam, away: event.awayTeam, date: event.gameDate })),
  );
}

/**
 * Past events of a season with their finals and closing lines: per book, the last quote at or before
 * kickoff; an event no book quoted before kickoff gets the consensus line. With a book in `extra`, that
 * book's closing line, else the consensus.
 */
export async function listBookHistory(
  db: DbExecutor,
  sport: Sport,
  options: { extra?: string | undefined; season?: number | undefined; now: Date },
): Promise<BookHistoryResponse> {
  const { week: weekNumber, book } = parseExtra(options.extra);
  const { season, weeks } = await resolveSeason(db, sport, {
    season: options.season,
    field: 'querystring.season',
    now: options.now,
  });
  const chosen = weekNumber === undefined ? weeks : weeks.filter((week) => week.number === weekNumber);
  if (weekNumber !== undefined && chosen.length === 0) {
    throw AppError.notFound(`The ${season} ${sport} season has no week ${weekNumber}`);
  }
  const now = options.now.getTime();
  const past = chosen
    .flatMap((week) => week.events)
    .filter((event) => event.status === 'final' || Date.parse(event.kickoffAt ?? `${event.gameDate}T12:00:00Z`) < now);
  const eventIds = past.map((event) => event.id);
  const closing = groupByEvent(
    await repository.listClosingQuotes(db, eventIds, book ? [book, CONSENSUS_BOOK] : undefined),
  );
  const withoutClosing = past.filter((event) => !closing.has(event.id)).map((event) => event.id);
  const consensus = groupByEvent(await repository.listLatestQuotes(db, withoutClosing, [CONSENSUS_BOOK]));
  const lines = await linesOfRecord(db, past);
  return {
    sport,
    season,
    week: weekNumber ?? null,
    book: book ?? null,
    events: past.map((event) => {
      const quotes = closing.get(event.id) ?? consensus.get(event.id) ?? [];
      const ofBook = book ? quotes.filter((quote) => quote.book === book) : quotes;
      const chosenQuotes = book && ofBook.length === 0 ? quotes.filter((q) => q.book === CONSENSUS_BOOK) : ofBook;
      return toBookEvent(event, chosenQuotes, options.now, undefined, lines.get(event.id));
    }),
  };
}

/**
 * The line of record of each event (domain `lineOfRecord`, DESIGN.md section 6): the source file's closing line
 * (the `consensus` book's quotes), else the median of each book's last quote at or before kickoff, with its
 * source. With `asOf`, the line as it stood then (a pool's slate freezes it at publish); never after kickoff.
 * Events without a kickoff or date here (a pool's locked game) are cut at `asOf`: the quotes are read up to
 * kickoff already.
 */
export async function linesOfRecord(
  db: DbExecutor,
  events: readonly (Pick<EventRow, 'id' | 'homeTeam' | 'awayTeam'> &
    Partial<Pick<EventRow, 'kickoffAt' | 'gameDate'>>)[],
  asOf?: Date,
): Promise<Map<number, ClosingLine>> {
  if (events.length === 0) return new Map();
  const ids = events.map((event) => event.id);
  const closing = await repository.listClosingQuotes(db, ids, undefined, asOf);
  // A source file's closing line is the close even when filed after the schedule's kickoff (a file's kickoff can
  // be minutes off another source's); asked for as of a moment, only what was filed by then.
  const withConsensus = new Set(closing.filter((quote) => quote.book === CONSENSUS_BOOK).map((q) => q.eventId));
  const late = asOf
    ? []
    : await repository.listLatestQuotes(
        db,
        ids.filter((id) => !withConsensus.has(id)),
        [CONSENSUS_BOOK],
      );
  return linesFromQuotes(events, [...closing, ...late], asOf);
}

/** Each event's line of record from the quotes read for it (linesOfRecord). */
function linesFromQuotes(
  events: readonly (Pick<EventRow, 'id' | 'homeTeam' | 'awayTeam'> &
    Partial<Pick<EventRow, 'kickoffAt' | 'gameDate'>>)[],
  read: readonly QuoteRow[],
  asOf: Date | undefined,
): Map<number, ClosingLine> {
  const quotes = groupByEvent(read);
  return new Map(
    events.map((event) => {
      const kickoff =
        event.kickoffAt !== undefined && event.gameDate !== undefined
          ? kickoffOf({ kickoffAt: event.kickoffAt, gameDate: event.gameDate })
          : (asOf ?? new Date(8.64e15));
      const line = lineOfRecordFromQuotes(
        { homeTeam: event.homeTeam, awayTeam: event.awayTeam, kickoff, asOf },
        (quotes.get(event.id) ?? []).map((quote) => ({ ...quote, at: quote.fetchedAt })),
      );
      return [event.id, line];
    }),
  );
}

/**
 * The games of a sport week as a pool plays them (real games, else the demo season's) with each one's line of
 * record as of `asOf` (linesOfRecord), read in one statement: a pool week's choices and current lines.
 */
export function weekGamesWithLinesOfRecord(
  db: DbExecutor,
  week: { sport: string; season: number; week: number; start: string; end: string },
  asOf: Date,
): Promise<{ games: WeekGameRow[]; lines: Map<number, ClosingLine> }> {
  return readOne(db, weekGamesWithLinesOfRecordRead(week, asOf));
}

type WeekGamesWithLines = { games: WeekGameRow[]; lines: Map<number, ClosingLine> };

/**
 * weekGamesWithLinesOfRecord as a read that can share a statement with others (readTogether). With `keptFor`
 * (the database handle), through the week's entry kept for that database (week-lines-cache.ts): a read that
 * only shows the games and lines, never one a rule is judged by.
 */
export function weekGamesWithLinesOfRecordRead(
  week: { sport: string; season: number; week: number; start: string; end: string },
  asOf: Date,
  keptFor?: object,
): JsonRead<WeekGamesWithLines> {
  const stored = repository.weekGamesWithClosingQuotesRead(week, asOf, { nextQuote: keptFor !== undefined });
  const read: JsonRead<WeekLinesRead<WeekGamesWithLines>> = {
    expression: stored.expression,
    read: (value) => {
      const { games, quotes, nextQuoteAt } = stored.read(value);
      // Cut at `asOf` and at each game's kickoff, which the statement has already applied to the quotes read.
      return { value: { games, lines: linesFromQuotes(games, quotes, asOf) }, nextQuoteAt };
    },
  };
  if (keptFor === undefined) return { expression: read.expression, read: (value) => read.read(value).value };
  const key = `${week.sport}|${week.season}|${week.week}|${week.start}|${week.end}`;
  return weekLinesCacheOf<WeekGamesWithLines>(keptFor).through(key, week.sport, asOf, read);
}

/**
 * Events by id as the schedules read them (the week as they number it, the live state): for the live games'
 * frames (live/live.service.ts).
 */
export function eventsByIds(db: DbExecutor, eventIds: readonly number[]): Promise<EventRow[]> {
  return repository.listEventsByIds(db, eventIds);
}

/** These events with their lines of record (the ledger's and the demo's closing line value). */
export async function linesOfRecordByIds(
  db: DbExecutor,
  eventIds: readonly number[],
): Promise<{ events: EventRow[]; lines: Map<number, ClosingLine> }> {
  const events = await repository.listEventsByIds(db, [...new Set(eventIds)]);
  return { events, lines: await linesOfRecord(db, events) };
}

/** Every quote of an event by book, market and outcome over time, with the event and its latest quotes. */
export async function getLineHistory(db: DbExecutor, eventId: number, now: Date): Promise<LineHistoryResponse> {
  const event = await repository.getEvent(db, eventId);
  if (!event) throw AppError.notFound(`No event ${eventId}`);
  const quotes = await repository.listEventQuotes(db, eventId);
  const series = new Map<string, LineSeries>();
  for (const quote of quotes) {
    const key = `${quote.book}|${quote.market}|${quote.outcome}`;
    let entry = series.get(key);
    if (!entry) {
      entry = { book: quote.book, market: quote.market, outcome: quote.outcome, quotes: [] };
      series.set(key, entry);
    }
    entry.quotes.push({
      price: quote.price,
      point: quote.point,
      fetched_at: quote.fetchedAt,
      quoted_at: quote.quotedAt,
    });
  }
  const latest = await repository.listLatestQuotes(db, [eventId]);
  const line = hasStarted(event, now) ? (await linesOfRecord(db, [event])).get(eventId) : undefined;
  return { event: toBookEvent(event, latest, now, undefined, line), series: [...series.values()] };
}

/** A season asked for (any season with data: history is the point), else the current one as elsewhere. */
async function seasonOrCurrent(
  db: DbExecutor,
  sport: Sport,
  season: number | undefined,
  field: string,
  now: Date,
): Promise<{ season: number; events: EventRow[] }> {
  if (season !== undefined) return { season, events: await repository.listSeasonEvents(db, sport, season) };
  const resolved = await resolveSeason(db, sport, { season: undefined, field, now });
  return { season: resolved.season, events: resolved.weeks.flatMap((week) => week.events) };
}

/** Conference and division standings of a season from its final regular-season games. */
export async function getStandings(
  db: DbExecutor,
  sport: Sport,
  options: { season?: number | undefined; now: Date },
): Promise<StandingsResponse> {
  const { season, events } = await seasonOrCurrent(db, sport, options.season, 'querystring.season', options.now);
  requireGamesIn(sport, season, events);
  return { sport, season, groups: computeStandings(sport, season, events) };
}

/**
 * A team's almanac: straight-up, against-the-spread and over/under records, and the reward of backing or
 * fading it every game at the consensus closing line, per season and game by game. Every season leaves the
 * generated demo season out unless `includeDemo`; a season asked for is shown as it is, demo games marked.
 */
export async function getAlmanac(
  db: DbExecutor,
  sport: Sport,
  teamName: string,
  options: { season?: number | undefined; includeDemo?: boolean | undefined },
): Promise<AlmanacResponse> {
  const team = teamRegistry.get(sport, teamName) ?? teamRegistry.resolve(sport, teamName);
  if (!team) throw AppError.notFound(`No ${sport} team "${teamName}"`);
  // An FCS opponent has only its games against FBS teams here: a record of those would read as its season's.
  if (team.conference === null) {
    throw AppError.notFound(`${team.name} is not an FBS team: only its games against FBS teams are kept`);
  }
  const events = await repository.listTeamFinals(db, sport, team.abbr, {
    season: options.season,
    includeDemo: options.season !== undefined || options.includeDemo === true,
  });
  const games = teamGames(team.abbr, events, await linesOfRecord(db, events));
  const seasons = [...new Set(games.map((game) => game.season))].sort((a, b) => a - b);
  return {
    sport,
    team: team.abbr,
    name: teamRegistry.nameIn(team, options.season),
    season: options.season ?? null,
    includes_demo: games.some((game) => game.is_demo),
    bet_stake_cents: BET_STAKE_CENTS,
    totals: summarize(games),
    seasons: seasons.map((season) => ({
      season,
      ...summarize(games.filter((game) => game.season === season)),
    })),
    games,
    line_sources: countLineSources(games.map((game) => game.line_source!)),
  };
}

/** The season's trends per team (streaks, ATS and over/under records) and the ones worth telling. */
export async function getTips(
  db: DbExecutor,
  sport: Sport,
  options: { seasonYear?: number | undefined; now: Date },
): Promise<TipsResponse> {
  const { season, weeks } = await resolveSeason(db, sport, {
    season: options.seasonYear,
    field: 'querystring.season_year',
    now: options.now,
  });
  if (options.seasonYear !== undefined) requireGamesIn(sport, season, weeks);
  const events = weeks.flatMap((week) => week.events).filter((event) => event.status === 'final');
  const lines = await linesOfRecord(db, events);
  const { teams, tips } = computeTips(sport, season, events, lines);
  return {
    sport,
    season,
    tips: tips.map(({ strength: _strength, ...tip }) => tip),
    teams,
    line_sources: countLineSources(
      events
        .filter((event) => event.homeScore !== null && event.awayScore !== null)
        .map((e) => lines.get(e.id)!.source),
    ),
  };
}

import { createHash } from 'node:crypto';
import type { Database } from '@pass/db';
import {
  calendarWeek,
  cfbdResponseKind,
  collegePostseasonKind,
  compactEspnScoreboard,
  ESPN_LEAGUES,
  espnScoreboardSport,
  parseCfbdGames,
  parseEspnScoreboard,
  parseNflverseGames,
  parseRetrosheetGameLog,
  parseSportsdataverseBetting,
  parseSportsdataverseSchedule,
  parseStatsApiGamesCsv,
  parseStatsApiSchedule,
  SOURCE_RANK,
  type EspnGame,
  type GameObservation,
  type NflverseGame,
  type ParseResult,
  type Skipped,
  type SourceGame,
  type Sport,
  type SportsdataverseLine,
} from '@pass/domain';
import { yieldToEventLoop } from '../../lib/event-loop.js';
import { applyStoredCfbdLines, importCfbdLines } from './cfbd-lines.js';
import { lineQuotes, type LineQuote } from './line-quotes.js';
import * as repository from './imports.repository.js';
import type { EventFields, StoredEvent } from './imports.repository.js';
import {
  gamesDataAsOf,
  generalReason,
  groupSkipped,
  inSeasons,
  runImport,
  writeGames,
  type ImportOptions,
  type ImportSummary,
  type IncomingGame,
  type RunContext,
} from './imports.service.js';

/**
 * One importer per schedule source. Each takes the file's text (or a fetched body), keys games by the
 * source's id, and is idempotent: a second run of the same file reports every game unchanged.
 */

/** The sports calendar's week of a game (decision 024): the source's week, college bowls and playoff after it. */
export function gameWeek(game: SourceGame & { notes?: string | null }): number {
  return calendarWeek({
    sport: game.sport,
    season: game.season,
    seasonType: game.seasonType,
    date: game.date,
    sourceWeek: game.week,
    postseason:
      game.sport === 'americanfootball_ncaaf' && game.seasonType === 'postseason'
        ? collegePostseasonKind({ sourceId: game.sourceId, notes: game.notes ?? null })
        : null,
  });
}

function eventFields(game: SourceGame): EventFields {
  return {
    sport: game.sport,
    season: game.season,
    week: gameWeek(game),
    seasonType: game.seasonType,
    kickoffAt: game.kickoff,
    gameDate: game.date,
    homeTeam: game.home,
    awayTeam: game.away,
    neutralSite: game.neutralSite,
    status: game.status,
    homeScore: game.homeScore,
    awayScore: game.awayScore,
    live: game.live ?? null,
  };
}

interface GameImport<G extends SourceGame> {
  source: string;
  sport: string;
  location: string;
  body: string;
  options: ImportOptions;
  parse: () => ParseResult<G>;
  /** Key sources beyond the source's own (CFBD and sportsdataverse share ESPN ids). */
  sharedKeys?: (game: G) => { source: string; key: string }[];
  quotes?: (game: G) => LineQuote[];
  /** Extra work in the same transaction before the games are written (a second file's raw body). */
  before?: (tx: Parameters<Parameters<typeof runImport>[2]>[0]) => Promise<void>;
  /** Extra work in the same transaction after the games are written; true when it changed the sport's data. */
  after?: (tx: Parameters<Parameters<typeof runImport>[2]>[0]) => Promise<boolean>;
  /** The data time of the games; by default what the whole file proves (gamesDataAsOf). */
  asOf?: (games: readonly EventFields[], now: Date) => Date;
  /** What writeGames is told beyond the games (a source's own checks, the Odds API's events left alone). */
  write?: Pick<Parameters<typeof writeGames>[1], 'keepStored' | 'removeOddsEventsLeftOut' | 'quotesFiledWhenSeen'>;
  /** Recorded on the run (the time a live source was fetched). */
  detail?: Record<string, unknown>;
}

async function importGames<G extends SourceGame>(db: Database, spec: GameImport<G>): Promise<ImportSummary> {
  return runImport(
    db,
    {
      source: spec.source,
      location: spec.location,
      body: spec.body,
      options: spec.options,
      ...(spec.detail ? { detail: spec.detail } : {}),
    },
    async (context) => {
      await spec.before?.(context);
      context.progress('parse', 0, 1);
      // Parsing a large file takes a moment of its own: requests that came in meanwhile go first.
      await yieldToEventLoop();
      const { records, skipped } = spec.parse();
      const games = records.filter((game) => inSeasons(game.season, spec.options.seasons));
      const skippedHere = spec.options.seasons
        ? skipped.filter((entry) => !seasonOfSkipped(entry) || inSeasons(seasonOfSkipped(entry)!, spec.options.seasons))
        : skipped;
      context.progress('parse', 1, 1);
      await yieldToEventLoop();
      const incoming: IncomingGame[] = games.map((game) => ({
        keys: [{ source: spec.source, key: game.sourceId }, ...(spec.sharedKeys?.(game) ?? [])],
        fields: eventFields(game),
        quotes: spec.quotes?.(game) ?? [],
      }));
      const written = await writeGames(context, {
        sport: spec.sport,
        quoteSource: spec.source,
        keySources: [spec.source, ...new Set(incoming.flatMap((game) => game.keys.slice(1).map((key) => key.source)))],
        games: incoming,
        matchUnkeyed: true,
        // What the whole file proves, whichever seasons are written (docs/decisions/022).
        asOf: (spec.asOf ?? gamesDataAsOf)(records.map(eventFields), context.now),
        ...spec.write,
      });
      const afterChanged = (await spec.after?.(context)) ?? false;
      const reasons = [
        ...skippedHere.map(generalReason),
        ...Array.from({ length: written.duplicates }, () => 'the same game id twice in the file'),
        ...written.kept,
      ];
      return {
        added: written.added,
        updated: written.updated,
        unchanged: written.unchanged,
        skipped: groupSkipped(reasons),
        changedSports: written.added + written.updated > 0 || afterChanged ? [spec.sport] : [],
        events: written.events,
        detail: {
          games: games.length,
          matchedExisting: written.matched,
          ...(written.oddsEventsRemoved > 0 ? { oddsEventsRemoved: written.oddsEventsRemoved } : {}),
          skippedExamples: [
            ...written.kept,
            ...skippedHere.map((entry) => ('id' in entry ? `${entry.id}: ${entry.reason}` : entry.reason)),
          ].slice(0, 20),
        },
      };
    },
  );
}

/** nflverse skip reasons start with the game id, whose first four characters are the season. */
function seasonOfSkipped(entry: Skipped): number | undefined {
  const match = /^(\d{4})_/.exec(entry.reason);
  return match ? Number(match[1]) : undefined;
}

/** nflverse `games.csv`: NFL schedules, scores and closing lines (1999–), keyed by game_id. */
export function importNflverse(db: Database, body: string, options: ImportOptions = {}): Promise<ImportSummary> {
  return importGames<NflverseGame>(db, {
    source: 'nflverse',
    sport: 'americanfootball_nfl',
    location: options.location ?? 'nflverse/games.csv',
    body,
    options,
    parse: () => parseNflverseGames(body),
    quotes: (game) => (game.closing ? lineQuotes(game, game.closing, 'nflverse') : []),
  });
}

/** The CFBD lines stored so far, applied to the college games just written (docs/decisions/023). */
const applyCfbdLines = async ({ tx, now }: RunContext) =>
  (await applyStoredCfbdLines(tx, now)).changedEvents.length > 0;

/**
 * A CFBD response, told by its content: `/games` (v1 snake_case or v2 camelCase), FBS teams' games keyed by
 * CFBD id, which is ESPN's event id; or lines (`/lines`, `/metrics/wp/pregame`), imported as quotes.
 */
export function importCfbd(db: Database, body: string, options: ImportOptions = {}): Promise<ImportSummary> {
  if (cfbdResponseKind(JSON.parse(body) as unknown) === 'lines') return importCfbdLines(db, body, options);
  return importGames(db, {
    source: 'cfbd',
    sport: 'americanfootball_ncaaf',
    location: options.location ?? 'cfbd/games.json',
    body,
    options,
    parse: () => parseCfbdGames(JSON.parse(body)),
    sharedKeys: (game) => [{ source: 'espn', key: game.sourceId }],
    after: applyCfbdLines,
  });
}

/**
 * sportsdataverse college results (`cfb_schedule_YYYY.csv`) with ESPN's closing spread and total from
 * `betting_YYYY.csv` when given. Game ids are ESPN's, so these games and CFBD's land on the same events.
 */
export function importSportsdataverse(
  db: Database,
  files: { schedule: string; betting?: string | undefined; bettingLocation?: string | undefined },
  options: ImportOptions = {},
): Promise<ImportSummary> {
  let lines = new Map<string, SportsdataverseLine>();
  return importGames(db, {
    source: 'sportsdataverse',
    sport: 'americanfootball_ncaaf',
    location: options.location ?? 'sportsdataverse/cfb_schedule.csv',
    body: files.schedule,
    options,
    before: async ({ tx }) => {
      if (files.betting === undefined) return;
      await repository.storeRawResponse(tx, {
        source: 'sportsdataverse',
        location: files.bettingLocation ?? 'sportsdataverse/betting.csv',
        bodyHash: createHash('sha256').update(files.betting).digest('hex'),
        body: files.betting,
        headers: null,
      });
      lines = new Map(parseSportsdataverseBetting(files.betting).records.map((line) => [line.gameId, line]));
    },
    parse: () => parseSportsdataverseSchedule(files.schedule),
    sharedKeys: (game) => [{ source: 'espn', key: game.sourceId }],
    quotes: (game) => {
      const line = lines.get(game.sourceId);
      return line ? lineQuotes(game, line, 'sportsdataverse') : [];
    },
    after: applyCfbdLines,
  });
}

/** The MLB Stats API schedule export (`games_YYYY.csv`), keyed by game_pk. */
export function importStatsapi(db: Database, body: string, options: ImportOptions = {}): Promise<ImportSummary> {
  return importGames(db, {
    source: 'statsapi',
    sport: 'baseball_mlb',
    location: options.location ?? 'mlb/statsapi/games.csv',
    body,
    options,
    parse: () => parseStatsApiGamesCsv(body),
  });
}

/**
 * An MLB Stats API schedule answer (`/api/v1/schedule`), keyed by gamePk under the same source as the export
 * above, so a game of both is one event. A live answer is as of its fetch (`options.now`): each poll is newer
 * data, so a game moves from scheduled to the inning under way to final, and its live state with it
 * (docs/decisions/066). A body that is not JSON fails the run and changes nothing.
 */
export function importStatsapiSchedule(
  db: Database,
  body: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  return importGames(db, {
    source: 'statsapi',
    sport: 'baseball_mlb',
    location: options.location ?? 'statsapi.mlb.com/api/v1/schedule',
    body,
    options,
    parse: () => parseStatsApiSchedule(JSON.parse(body)),
    asOf: (_games, now) => now,
  });
}

/** Retrosheet game logs (`GLYYYY.TXT`), keyed home + date + game number so doubleheader games stay two. */
export function importRetrosheet(db: Database, body: string, options: ImportOptions = {}): Promise<ImportSummary> {
  return importGames(db, {
    source: 'retrosheet',
    sport: 'baseball_mlb',
    location: options.location ?? 'mlb/retrosheet/GL.TXT',
    body,
    options,
    parse: () => parseRetrosheetGameLog(body),
  });
}

/** The ESPN scoreboard's source name: its event ids' key and its quotes' source. */
export const ESPN_SOURCE = 'espn';

export interface EspnImportOptions extends ImportOptions {
  /** The scoreboard's sport; by default the one its league names (`leagues[0].slug`). */
  sport?: Sport;
  /**
   * When the body was fetched: the data time of a live poll, so that each poll's scores and live state are the
   * newest observation (docs/decisions/066). Without it (a saved file), the data time is what the file proves.
   */
  fetchedAt?: Date;
}

/** Whether a stored result's source ranks above the ESPN scoreboard (decision 022's SOURCE_RANK). */
function outranksEspn(source: string | null): boolean {
  const rank = source === null ? -1 : SOURCE_RANK.indexOf(source);
  return rank !== -1 && rank < SOURCE_RANK.indexOf(ESPN_SOURCE);
}

const scoreLine = (away: string, awayScore: number | null, home: string, homeScore: number | null) =>
  `${away} ${awayScore ?? '?'} at ${home} ${homeScore ?? '?'}`;

/**
 * What an ESPN final does to a stored final. The scoreboard is unofficial: its final never takes over one a
 * higher-ranked source gave (nflverse, the Stats API, CFBD, the admin …), whatever its data time; one that agrees
 * leaves the event as it is, the result still the official source's, and one that differs is recorded and not
 * applied. ESPN's correction of its own final applies as any newer data; its same final seen again keeps the time
 * it was first seen, so that an official source's final read after the game (as of the game's end) still wins.
 */
function keepStoredFinal(incoming: GameObservation, stored: StoredEvent): { reason: string | null } | undefined {
  if (incoming.status !== 'final' || stored.status !== 'final') return undefined;
  const source = stored.provenance.result.source;
  // Teams as the stored event has them: at a neutral site a source may name them the other way round.
  const swapped = incoming.homeTeam === stored.awayTeam && incoming.awayTeam === stored.homeTeam;
  const homeScore = swapped ? incoming.awayScore : incoming.homeScore;
  const awayScore = swapped ? incoming.homeScore : incoming.awayScore;
  const same = homeScore === stored.homeScore && awayScore === stored.awayScore;
  if (source === ESPN_SOURCE) return same ? { reason: null } : undefined;
  if (!outranksEspn(source)) return undefined;
  if (same) return { reason: null };
  return {
    reason:
      `ESPN's final differs from ${source}'s: kept ${scoreLine(stored.awayTeam, stored.awayScore, stored.homeTeam, stored.homeScore)}` +
      ` (ESPN: ${scoreLine(stored.awayTeam, awayScore, stored.homeTeam, homeScore)})`,
  };
}

function parsedJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * An ESPN scoreboard (NFL, college football or MLB; a date's or a week's games), keyed by ESPN's event id. The
 * NFL and college events of the other sources are found again by that id (CFBD and sportsdataverse key it) or by
 * teams and kickoff (nflverse, The Odds API). Each game's status, scores and live state go in as of the fetch; its
 * pre-game line as quotes of source `espn` under the provider's book (ESPN BET → `espnbet`), only when the board
 * has one: a board without lines (after kickoff) leaves the stored ones. A polled line is filed when it was first
 * seen (at most the kickoff), so it is this week's line before the game and the last one seen is its closing line;
 * a saved file's line is filed at kickoff, as a closing line. What is stored of
 * the body leaves out the blocks no importer reads (compactEspnScoreboard). A scoreboard covers one day or week
 * only, so it removes none of the Odds API's events it does not list.
 */
export function importEspn(db: Database, body: string, options: EspnImportOptions = {}): Promise<ImportSummary> {
  const json = parsedJson(body);
  const sport = options.sport ?? espnScoreboardSport(json);
  if (!sport) {
    throw new Error('Not an ESPN scoreboard of the NFL, college football or MLB: leagues[0].slug names none of them');
  }
  // A body that is not JSON goes in as it came: its run fails and is recorded.
  const stored = json === undefined ? body : JSON.stringify(compactEspnScoreboard(json));
  const { fetchedAt } = options;
  return importGames<EspnGame>(db, {
    source: ESPN_SOURCE,
    sport,
    location: options.location ?? `espn/${ESPN_LEAGUES[sport].slug}/scoreboard.json`,
    body: stored,
    options,
    parse: () => {
      try {
        return parseEspnScoreboard(JSON.parse(stored), sport);
      } catch (error) {
        if (!(error instanceof SyntaxError)) throw error;
        throw new Error(`The ESPN scoreboard is not JSON (${error.message}): cut off or not a scoreboard`);
      }
    },
    quotes: (game) =>
      game.line
        ? lineQuotes(game, game.line, ESPN_SOURCE).map((quote) => ({
            ...quote,
            book: game.line!.book,
            quotedAt: fetchedAt?.toISOString() ?? null,
            ...(fetchedAt && fetchedAt.getTime() < Date.parse(quote.fetchedAt)
              ? { fetchedAt: fetchedAt.toISOString() }
              : {}),
          }))
        : [],
    ...(fetchedAt ? { asOf: () => fetchedAt, detail: { fetchedAt: fetchedAt.toISOString() } } : {}),
    write: { keepStored: keepStoredFinal, removeOddsEventsLeftOut: false, quotesFiledWhenSeen: true },
  });
}

import { createHash } from 'node:crypto';
import type { Database } from '@pass/db';
import {
  calendarWeek,
  cfbdResponseKind,
  collegePostseasonKind,
  parseCfbdGames,
  parseNflverseGames,
  parseRetrosheetGameLog,
  parseSportsdataverseBetting,
  parseSportsdataverseSchedule,
  parseStatsApiGamesCsv,
  type NflverseGame,
  type ParseResult,
  type Skipped,
  type SourceGame,
  type SportsdataverseLine,
} from '@pass/domain';
import { yieldToEventLoop } from '../../lib/event-loop.js';
import { applyStoredCfbdLines, importCfbdLines } from './cfbd-lines.js';
import { lineQuotes, type LineQuote } from './line-quotes.js';
import * as repository from './imports.repository.js';
import type { EventFields } from './imports.repository.js';
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
}

async function importGames<G extends SourceGame>(db: Database, spec: GameImport<G>): Promise<ImportSummary> {
  return runImport(
    db,
    { source: spec.source, location: spec.location, body: spec.body, options: spec.options },
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
        asOf: gamesDataAsOf(records.map(eventFields), context.now),
      });
      const afterChanged = (await spec.after?.(context)) ?? false;
      const reasons = [
        ...skippedHere.map(generalReason),
        ...Array.from({ length: written.duplicates }, () => 'the same game id twice in the file'),
      ];
      return {
        added: written.added,
        updated: written.updated,
        unchanged: written.unchanged,
        skipped: groupSkipped(reasons),
        changedSports: written.added + written.updated > 0 || afterChanged ? [spec.sport] : [],
        detail: {
          games: games.length,
          matchedExisting: written.matched,
          ...(written.oddsEventsRemoved > 0 ? { oddsEventsRemoved: written.oddsEventsRemoved } : {}),
          skippedExamples: skippedHere.slice(0, 20).map((entry) => entry.reason),
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

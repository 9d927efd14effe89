/**
 * `npm run import -- <source> [file-or-url] [--seasons 2015-2025]`
 *
 * Sources: nflverse, cfbd, sportsdataverse, statsapi, retrosheet (a file, gzip-compressed or not, or a URL; by
 * default the history the repository holds in history/), espn (a saved scoreboard or a scoreboard URL; by
 * default today's scoreboard of each sport), odds-api and odds-api-scores (a sport key; needs ODDS_API_KEY).
 * cfbd takes a `/games` response or a lines one (`/lines`, `/metrics/wp/pregame`), told apart by its content.
 * The free live sources, fetched with a conditional GET (nothing is imported when nothing changed):
 * statsapi-live (the MLB Stats API's schedule of a date, YYYY-MM-DD, by default the day being played at the server
 * clock; MLB_STATSAPI_URL or a URL given for its host) and nflverse-live (nflverse's games.csv, the current NFL season
 * or `--seasons`; NFLVERSE_GAMES_URL or a URL given for the file).
 * Progress goes to stderr, the summary to stdout. With the embedded database, a running server holds the
 * data directory: the import then stops with that message and changes nothing. An import that added or changed
 * games then tries the rejected synced bets again (decision 051); like the import, this needs no scheduler lock:
 * each bet is locked while it is placed, so a server doing the same at that moment places it once.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb, DataDirInUseError, migrate, type Database, type DbHandle } from '@pass/db';
import { dateInZone, isSport, mlbScheduleDay, US_EASTERN, type Sport } from '@pass/domain';
import { ConfigError, loadConfig, type Config } from '../env.js';
import { clockFor } from '../lib/clock.js';
import { historyFile } from '../modules/imports/history-files.js';
import { importEspn } from '../modules/imports/game-importers.js';
import { DEFAULT_FILES, espnClient, importEspnToday, importSourceBody } from '../modules/imports/import-jobs.js';
import { SourceFetchError } from '../modules/imports/source-fetch.js';
import {
  fetchAndImportNflverse,
  fetchAndImportStatsapiSchedule,
  type LiveImportResult,
} from '../modules/imports/live-sources.js';
import { MlbStatsApiClient } from '../modules/imports/mlb-statsapi-client.js';
import { NflverseClient } from '../modules/imports/nflverse-client.js';
import {
  parseSeasonRange,
  type ImportOptions,
  type ImportProgress,
  type ImportSummary,
} from '../modules/imports/imports.service.js';
import { OddsApiClient, OddsApiError } from '../modules/imports/odds-api-client.js';
import { fetchAndImportOdds, fetchAndImportScores } from '../modules/imports/odds-api.service.js';
import { rematchRejectedSyncBets } from '../modules/sync/sync-rematch.service.js';
import { guardedFetch, type OutboundPolicy } from '../lib/outbound.js';
import { readTextFile } from '../lib/text-file.js';

const ODDS_SOURCES = ['odds-api', 'odds-api-scores'];
const ESPN = 'espn';
const LIVE_SOURCES = ['statsapi-live', 'nflverse-live'];
const USAGE =
  'Usage: npm run import -- <source> [file-or-url] [--seasons 2015-2025]\n' +
  `  sources: ${[...Object.keys(DEFAULT_FILES), ESPN, ...ODDS_SOURCES, ...LIVE_SOURCES].join(', ')}\n` +
  "  espn takes a saved scoreboard or a scoreboard URL; without one, today's scoreboard of each sport\n" +
  '  odds-api and odds-api-scores take a sport key (americanfootball_nfl, americanfootball_ncaaf, baseball_mlb) and need ODDS_API_KEY\n' +
  '  statsapi-live takes a date (YYYY-MM-DD; today by default) or the Stats API host, nflverse-live the URL of games.csv';

class UsageError extends Error {}

interface Arguments {
  source: string;
  target: string | undefined;
  seasons: ImportOptions['seasons'];
}

function parseArguments(argv: string[]): Arguments {
  // Not strict: the options are read in the order given, and an unknown one is named as it was typed.
  const { positionals, tokens } = parseArgs({
    args: argv,
    options: { seasons: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  let seasons: ImportOptions['seasons'];
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    if (token.name === 'help') throw new UsageError('');
    if (token.name !== 'seasons') throw new UsageError(`Unknown option ${argv[token.index]}`);
    const value = token.value ?? '';
    seasons = parseSeasonRange(value);
    if (!seasons) throw new UsageError(`--seasons needs a year or a range such as 2015-2025, got "${value}"`);
  }
  const [source, target, ...rest] = positionals;
  if (!source) throw new UsageError('Name a source.');
  if (rest.length > 0) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}`);
  if (!isFileSource(source) && source !== ESPN && !ODDS_SOURCES.includes(source) && !LIVE_SOURCES.includes(source)) {
    throw new UsageError(`Unknown source "${source}".`);
  }
  return { source, target, seasons };
}

/** A simple progress bar on stderr, redrawn in place. */
function progressBar(label: string) {
  let lastDrawn = '';
  return {
    update({ phase, done, total }: ImportProgress) {
      const width = 30;
      const ratio = total > 0 ? Math.min(1, done / total) : 1;
      const filled = Math.round(ratio * width);
      const line = `${label} ${phase.padEnd(7)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${done}/${total}`;
      if (line === lastDrawn) return;
      // Padded to the last line's length, so a shorter line leaves none of it behind.
      process.stderr.write(`\r${line.padEnd(lastDrawn.length)}`);
      lastDrawn = line;
    },
    done() {
      if (lastDrawn) process.stderr.write('\n');
    },
  };
}

async function readInput(target: string, outbound: OutboundPolicy): Promise<{ body: string; location: string }> {
  if (/^https?:\/\//.test(target)) {
    // The same rule as every request of the server: no address on this machine or a private network.
    const response = await guardedFetch(outbound)(target);
    if (!response.ok) throw new Error(`${target} answered ${response.status}`);
    return { body: await response.text(), location: target };
  }
  const file = path.resolve(target);
  if (!existsSync(file)) throw new UsageError(`No such file: ${file}`);
  return { body: readTextFile(file), location: file };
}

function printSummary(label: string, summary: ImportSummary) {
  console.log(`${label}: ${summary.added} added, ${summary.updated} updated, ${summary.unchanged} unchanged`);
  for (const { reason, count } of summary.skipped) console.log(`  skipped ${count}: ${reason}`);
  if (!summary.rawStored) console.log('  (this exact body was imported before; it is stored once)');
}

async function importFile(
  db: Database,
  source: string,
  target: string,
  options: ImportOptions,
  outbound: OutboundPolicy,
) {
  if (!isFileSource(source)) throw new UsageError(`Unknown source "${source}".`);
  const { body, location } = await readInput(target, outbound);
  return importSourceBody(db, source, body, location, options);
}

function isFileSource(source: string): source is keyof typeof DEFAULT_FILES {
  return Object.hasOwn(DEFAULT_FILES, source);
}

/** Runs the import; true when it added or changed games. */
async function run(args: Arguments, config: Config, database: DbHandle): Promise<boolean> {
  // The server clock (PASS_CLOCK when set): a file's data time is never later than it (docs/decisions/022).
  const options: ImportOptions = {
    trigger: 'cli',
    now: clockFor(config)(),
    ...(args.seasons ? { seasons: args.seasons } : {}),
  };
  if (args.source === ESPN) return runEspn(args, config, database, options);
  if (ODDS_SOURCES.includes(args.source)) {
    const sport = args.target ?? 'americanfootball_nfl';
    if (!isSport(sport)) throw new UsageError(`"${sport}" is not a sport key.`);
    if (!config.oddsApiKey) throw new UsageError('Set ODDS_API_KEY to import from The Odds API.');
    const client = new OddsApiClient({
      apiKey: config.oddsApiKey,
      baseUrl: config.oddsApiUrl,
      outbound: config.outbound,
      log: (message) => process.stderr.write(`${message}\n`),
    });
    const bar = progressBar(`${args.source} ${sport}`);
    const summary =
      args.source === 'odds-api'
        ? await fetchAndImportOdds(database.db, client, sport as Sport, { ...options, onProgress: bar.update })
        : await fetchAndImportScores(database.db, client, sport as Sport, { ...options, onProgress: bar.update });
    bar.done();
    printSummary(`${args.source} ${sport}`, summary);
    return storedGames(summary);
  }
  if (LIVE_SOURCES.includes(args.source)) return runLive(args, config, database, options);
  const targets = args.target
    ? [args.target]
    : isFileSource(args.source)
      ? DEFAULT_FILES[args.source].map((file) => historyFile(file) ?? file)
      : [];
  let stored = false;
  for (const target of targets) {
    const bar = progressBar(`${args.source} ${path.basename(target)}`);
    const started = performance.now();
    const summary = await importFile(
      database.db,
      args.source,
      target,
      { ...options, onProgress: bar.update },
      config.outbound,
    );
    bar.done();
    printSummary(`${args.source} ${path.basename(target)} (${Math.round(performance.now() - started)} ms)`, summary);
    stored ||= storedGames(summary);
  }
  return stored;
}

const storedGames = (summary: ImportSummary) => summary.added + summary.updated > 0;

/**
 * The ESPN scoreboard: a saved body (its data time what it proves, as any file's) or a URL (as of the fetch), or
 * without either today's scoreboard of each sport through the client.
 */
async function runEspn(args: Arguments, config: Config, database: DbHandle, options: ImportOptions): Promise<boolean> {
  const summaries: [string, ImportSummary][] = [];
  if (args.target) {
    const { body, location } = await readInput(args.target, config.outbound);
    const fetched = /^https?:\/\//.test(args.target);
    const bar = progressBar(`espn ${path.basename(location)}`);
    const summary = await importEspn(database.db, body, {
      ...options,
      location,
      onProgress: bar.update,
      ...(fetched ? { fetchedAt: options.now ?? clockFor(config)() } : {}),
    });
    bar.done();
    summaries.push([`espn ${path.basename(location)}`, summary]);
  } else {
    const client = espnClient({
      espnApiUrl: config.espnApiUrl,
      outbound: config.outbound,
      log: (message) => process.stderr.write(`${message}\n`),
    });
    const now = options.now ?? clockFor(config)();
    for (const { sport, summary } of await importEspnToday(database.db, client, { ...options, now })) {
      summaries.push([`espn ${sport} ${dateInZone(now, US_EASTERN)}`, summary]);
    }
  }
  for (const [label, summary] of summaries) printSummary(label, summary);
  return summaries.some(([, summary]) => storedGames(summary));
}

/** A free live source fetched and imported; true when it added or changed games. */
async function runLive(args: Arguments, config: Config, database: DbHandle, options: ImportOptions): Promise<boolean> {
  const fetcher = { outbound: config.outbound, log: (message: string) => process.stderr.write(`${message}\n`) };
  const bar = progressBar(args.source);
  const isUrl = args.target !== undefined && /^https?:\/\//.test(args.target);
  let result: LiveImportResult;
  if (args.source === 'statsapi-live') {
    const date = isUrl || args.target === undefined ? mlbScheduleDay(options.now ?? clockFor(config)()) : args.target;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      throw new UsageError(`statsapi-live takes a date (YYYY-MM-DD), got "${date}"`);
    }
    const client = new MlbStatsApiClient({ baseUrl: isUrl ? args.target : config.mlbStatsapiUrl, ...fetcher });
    result = await fetchAndImportStatsapiSchedule(
      database.db,
      client,
      { date },
      { ...options, onProgress: bar.update },
    );
  } else {
    if (args.target !== undefined && !isUrl) throw new UsageError(`nflverse-live takes a URL, got "${args.target}"`);
    const client = new NflverseClient({ url: isUrl ? args.target : config.nflverseGamesUrl, ...fetcher });
    result = await fetchAndImportNflverse(database.db, client, { ...options, onProgress: bar.update });
  }
  bar.done();
  if (result.status === 'unchanged') {
    console.log(`${args.source}: unchanged since the last import (${result.httpStatus}), nothing imported`);
    return false;
  }
  printSummary(`${args.source} ${result.location}`, result.summary);
  return storedGames(result.summary);
}

async function main(): Promise<number> {
  let args: Arguments;
  let config: Config;
  try {
    args = parseArguments(process.argv.slice(2));
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message ? `${error.message}\n${USAGE}` : USAGE);
      return error.message ? 2 : 0;
    }
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  let database: DbHandle;
  try {
    database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    await migrate(database);
    if (await run(args, config, database)) {
      const { checked, matched } = await rematchRejectedSyncBets(database.db, clockFor(config)());
      if (checked > 0) console.log(`synced bets to check: ${matched} of ${checked} now matched to games`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof OddsApiError || error instanceof SourceFetchError) {
      console.error(error.message);
      return error instanceof UsageError ? 2 : 1;
    }
    console.error(`\nImport failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ImportSourceKey } from '@pass/contracts';
import type { Database } from '@pass/db';
import { dateInZone, mlbScheduleDay, seasonForDate, SPORTS, US_EASTERN, type Sport } from '@pass/domain';
import { sql } from 'drizzle-orm';
import { AppError } from '../../errors.js';
import { DEMO_SPORTS, importDemoSeason } from './demo-season.js';
import { EspnClient, fetchAndImportEspn } from './espn-client.js';
import {
  importCfbd,
  importNflverse,
  importRetrosheet,
  importSportsdataverse,
  importStatsapi,
} from './game-importers.js';
import type { ImportOptions, ImportSummary } from './imports.service.js';
import { fetchAndImportNflverse, fetchAndImportStatsapiSchedule, type LiveImportResult } from './live-sources.js';
import { MlbStatsApiClient } from './mlb-statsapi-client.js';
import { NflverseClient } from './nflverse-client.js';
import { OddsApiClient } from './odds-api-client.js';
import { fetchAndImportOdds, fetchAndImportScores } from './odds-api.service.js';
import { historyFile } from './history-files.js';
import type { OutboundPolicy } from '../../lib/outbound.js';
import { readTextFile } from '../../lib/text-file.js';

/**
 * One import of a named source with its defaults, for the admin API and the scheduler: the file sources
 * read the history the repository holds (history/), the ESPN scoreboard and The Odds API are called for each
 * sport, the free live sources are fetched (today's MLB schedule, the current NFL season's games.csv), the demo
 * season is generated for `now`. Each writes its import runs as the importers do.
 */

/** The free live sources: fetched now, with a conditional GET (live-sources.ts). */
type LiveSource = 'statsapi-live' | 'nflverse-live';
type FileSource = Exclude<ImportSourceKey, 'espn' | 'odds-api' | 'odds-api-scores' | 'demo' | LiveSource>;

/** The held files each file source imports (as history-files.ts names them), as the CLI does. */
export const DEFAULT_FILES: Record<FileSource, string[]> = {
  // The complete 2025 export is newer than games.csv for 2025 (playoffs included); the order does not matter.
  nflverse: ['nflverse/games.csv', 'nflverse/games_2025_complete_nfl_data_py_export.csv'],
  cfbd: [
    'cfbd/games_2024_regular_v1.json',
    'cfbd/games_2024_postseason_v1.json',
    'cfbd/games_2025_v2_snapshot_2025-08-28.json',
    // Lines: the spreads of the games above (the importer tells games and lines apart by content).
    'cfbd/pregame_wp_2024_regular.json',
    'cfbd/pregame_wp_2024_postseason.json',
    'cfbd/pregame_wp_2025_snapshot_v2.json',
  ],
  sportsdataverse: ['sportsdataverse-cfb/cfb_schedule_2025.csv'],
  statsapi: ['mlb/statsapi/games_2025.csv'],
  retrosheet: ['mlb/retrosheet/GL2023.TXT', 'mlb/retrosheet/GL2024.TXT'],
};

export interface SourceJobOptions extends ImportOptions {
  /** The server clock's time: the demo season is brought up to it. */
  now: Date;
  oddsApiKey?: string | undefined;
  oddsApiUrl?: string | undefined;
  /** ESPN_API_URL: the ESPN scoreboard's host, ESPN's own by default. */
  espnApiUrl?: string | undefined;
  /** MLB_STATSAPI_URL and NFLVERSE_GAMES_URL: where the live sources are fetched from. */
  mlbStatsapiUrl?: string | undefined;
  nflverseGamesUrl?: string | undefined;
  /** Where the live sources' and The Odds API's requests may go (lib/outbound.ts); strict by default. */
  outbound?: OutboundPolicy;
  /** The sports of the ESPN scoreboard's and The Odds API's calls; every sport by default. */
  sports?: readonly Sport[];
  fetch?: typeof fetch;
  log?: (message: string) => void;
}

/**
 * The importer's own source names of the admin's sources: odds and scores record as `odds-api`, a live source as
 * the held file of the same source does.
 */
const IMPORTER_SOURCES: Partial<Record<ImportSourceKey, string>> = {
  'odds-api-scores': 'odds-api',
  'statsapi-live': 'statsapi',
  'nflverse-live': 'nflverse',
};

/** The importer's own source name of an admin source. */
export const importerSource = (source: ImportSourceKey): string => IMPORTER_SOURCES[source] ?? source;

/** The files a file source would import, resolved; a missing one is a 409 before anything runs. */
export function defaultFiles(source: FileSource): string[] {
  return DEFAULT_FILES[source].map((file) => {
    const resolved = historyFile(file);
    if (!resolved || !existsSync(resolved)) {
      throw new AppError('CONFLICT', `The history file ${file} of ${source} is not there (history/${file}.gz)`);
    }
    return resolved;
  });
}

async function importFile(db: Database, source: FileSource, file: string, options: ImportOptions) {
  return importSourceBody(db, source, readTextFile(file), file, options);
}

/**
 * Runs a file source's importer on a body already read from `location` (a path or a URL). A sportsdataverse
 * schedule file takes the betting file of the same season beside it, when there is one.
 */
export async function importSourceBody(
  db: Database,
  source: FileSource,
  body: string,
  location: string,
  options: ImportOptions,
) {
  const withLocation = { ...options, location };
  switch (source) {
    case 'nflverse':
      return importNflverse(db, body, withLocation);
    case 'cfbd':
      return importCfbd(db, body, withLocation);
    case 'statsapi':
      return importStatsapi(db, body, withLocation);
    case 'retrosheet':
      return importRetrosheet(db, body, withLocation);
    case 'sportsdataverse': {
      const isUrl = /^https?:/.test(location);
      const schedule = path.resolve(location);
      const betting = path.join(path.dirname(schedule), path.basename(schedule).replace(/^cfb_schedule_/, 'betting_'));
      const hasBetting = !isUrl && betting !== schedule && existsSync(betting);
      return importSportsdataverse(
        db,
        {
          schedule: body,
          betting: hasBetting ? readTextFile(betting) : undefined,
          bettingLocation: hasBetting ? betting : undefined,
        },
        withLocation,
      );
    }
  }
}

/** Whether a season of a sport has games of a real source: the demo season is only generated where none do. */
export async function hasRealGames(db: Database, sport: string, season: number): Promise<boolean> {
  const result = (await db.execute(
    sql`select 1 from events where sport = ${sport} and season = ${season} and not is_demo limit 1`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

export function oddsApiClient(
  options: Pick<SourceJobOptions, 'oddsApiKey' | 'oddsApiUrl' | 'outbound' | 'fetch' | 'log'>,
): OddsApiClient {
  if (!options.oddsApiKey) throw new AppError('CONFLICT', 'ODDS_API_KEY is not set: The Odds API cannot be called');
  return new OddsApiClient({
    apiKey: options.oddsApiKey,
    baseUrl: options.oddsApiUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.outbound ? { outbound: options.outbound } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
}

export function espnClient(options: Pick<SourceJobOptions, 'espnApiUrl' | 'outbound' | 'fetch' | 'log'>): EspnClient {
  return new EspnClient({
    baseUrl: options.espnApiUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.outbound ? { outbound: options.outbound } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
}

/**
 * Today's ESPN scoreboard of each sport (the US Eastern date of `now`), as of the fetch; a board ESPN answers
 * without games adds a run that changes nothing.
 */
export async function importEspnToday(
  db: Database,
  client: EspnClient,
  options: ImportOptions & { now: Date; sports?: readonly Sport[] | undefined },
): Promise<{ sport: Sport; summary: ImportSummary }[]> {
  const { sports, ...importOptions } = options;
  const date = dateInZone(options.now, US_EASTERN);
  const imported: { sport: Sport; summary: ImportSummary }[] = [];
  for (const sport of sports ?? SPORTS) {
    const summary = await fetchAndImportEspn(db, client, { sport, date }, importOptions);
    if (summary !== 'unchanged') imported.push({ sport, summary });
  }
  return imported;
}

/**
 * Runs one source's import. Checks that can fail before any run exists (a missing file, no API key)
 * throw a 409 AppError first; failures inside a run are recorded on the run and rethrown.
 */
export async function runSourceImport(
  db: Database,
  source: ImportSourceKey,
  options: SourceJobOptions,
): Promise<ImportSummary[]> {
  const {
    now,
    oddsApiKey: _key,
    oddsApiUrl: _url,
    espnApiUrl: _espnUrl,
    mlbStatsapiUrl: _mlbUrl,
    nflverseGamesUrl: _nflverseUrl,
    outbound: _outbound,
    sports,
    fetch: _fetch,
    log: _log,
    ...importOptions
  } = options;
  switch (source) {
    case 'espn':
      return (await importEspnToday(db, espnClient(options), { ...importOptions, now, sports })).map(
        ({ summary }) => summary,
      );
    case 'odds-api':
    case 'odds-api-scores': {
      const client = oddsApiClient(options);
      const summaries: ImportSummary[] = [];
      for (const sport of sports ?? SPORTS) {
        summaries.push(
          source === 'odds-api'
            ? await fetchAndImportOdds(db, client, sport, importOptions)
            : await fetchAndImportScores(db, client, sport, importOptions),
        );
      }
      return summaries;
    }
    case 'statsapi-live':
    case 'nflverse-live':
      return importedSummaries(await runLiveImport(db, source, options, { ...importOptions, now }));
    case 'demo': {
      const summaries: ImportSummary[] = [];
      for (const sport of DEMO_SPORTS) {
        if (await hasRealGames(db, sport, seasonForDate(sport, now))) continue;
        summaries.push(await importDemoSeason(db, { ...importOptions, sport, now }));
      }
      if (summaries.length === 0) {
        throw new AppError('CONFLICT', 'Every demo sport has real games this season: no demo season is generated');
      }
      return summaries;
    }
    default: {
      const files = defaultFiles(source);
      const summaries: ImportSummary[] = [];
      for (const file of files) summaries.push(await importFile(db, source, file, { ...importOptions, now }));
      return summaries;
    }
  }
}

/** The summaries of a live import: none when the source had nothing new (no run was started). */
const importedSummaries = (result: LiveImportResult): ImportSummary[] =>
  result.status === 'imported' ? [result.summary] : [];

/**
 * A live source's import: today's MLB schedule (the day being played at `now`, mlbScheduleDay) or the current NFL
 * season of nflverse's games.csv (or the seasons asked for).
 */
function runLiveImport(
  db: Database,
  source: LiveSource,
  options: Pick<SourceJobOptions, 'mlbStatsapiUrl' | 'nflverseGamesUrl' | 'outbound' | 'fetch' | 'log'>,
  importOptions: ImportOptions & { now: Date },
): Promise<LiveImportResult> {
  const fetcher = {
    ...(options.outbound ? { outbound: options.outbound } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.log ? { log: options.log } : {}),
  };
  if (source === 'statsapi-live') {
    const client = new MlbStatsApiClient({ baseUrl: options.mlbStatsapiUrl, ...fetcher });
    return fetchAndImportStatsapiSchedule(db, client, { date: mlbScheduleDay(importOptions.now) }, importOptions);
  }
  return fetchAndImportNflverse(db, new NflverseClient({ url: options.nflverseGamesUrl, ...fetcher }), importOptions);
}

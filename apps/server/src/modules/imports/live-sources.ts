import type { Database } from '@pass/db';
import { seasonForDate } from '@pass/domain';
import { systemClock } from '../../lib/clock.js';
import { importNflverse, importStatsapiSchedule } from './game-importers.js';
import * as repository from './imports.repository.js';
import { recordFailedRun, type ImportOptions, type ImportSummary } from './imports.service.js';
import type { MlbStatsApiClient, ScheduleDays } from './mlb-statsapi-client.js';
import type { NflverseClient } from './nflverse-client.js';
import type { ConditionalState, SourceAnswer } from './source-fetch.js';
import type { Config } from '../../env.js';
import type { PolledSource } from './source-polls.service.js';

/**
 * The free live sources, fetched and imported: the MLB Stats API's schedule and nflverse's games.csv. Each fetch
 * is a conditional GET against what was last imported from the same address (the ETag and the body's hash that
 * raw_responses keeps), so a poll that brings nothing new is `unchanged` and starts no import run at all. A fetch
 * that fails (the source down, a 429 or 5xx after its retries, no answer in time, a body cut short) is recorded as
 * a failed run of the source, so the admin sees it, and changes nothing.
 */

export type LiveImportResult =
  | { status: 'unchanged'; location: string; httpStatus: number }
  | { status: 'imported'; location: string; summary: ImportSummary };

/** What the last import from `location` was: the ETag and body hash the next conditional GET compares with. */
async function lastAnswer(db: Database, source: string, location: string): Promise<ConditionalState> {
  const last = await repository.getLastRawResponse(db, source, location);
  // raw_responses keeps the hash in hex, the fetcher in base64url: the same SHA-256.
  return last
    ? { etag: last.etag, bodyHash: Buffer.from(last.bodyHash, 'hex').toString('base64url') }
    : { etag: null, bodyHash: null };
}

/** The fetch, with a failure recorded as a failed run of the source (told to `onRun` as any run). */
async function fetched(
  db: Database,
  source: string,
  options: ImportOptions,
  fetch: () => Promise<SourceAnswer>,
): Promise<SourceAnswer> {
  try {
    return await fetch();
  } catch (error) {
    const runId = await recordFailedRun(db, source, options.trigger ?? 'cli', error);
    options.onRun?.(runId);
    throw error;
  }
}

const etagHeaders = (answer: SourceAnswer) => (answer.etag ? { etag: answer.etag } : undefined);

/**
 * Fetches the MLB Stats API's schedule of these days and imports it as of the fetch (`options.now`, else the
 * machine's clock), under the source `statsapi`.
 */
export async function fetchAndImportStatsapiSchedule(
  db: Database,
  client: MlbStatsApiClient,
  days: ScheduleDays,
  options: ImportOptions = {},
): Promise<LiveImportResult> {
  const location = client.scheduleUrl(days);
  const previous = await lastAnswer(db, 'statsapi', location);
  const answer = await fetched(db, 'statsapi', options, () => client.fetchSchedule(days, previous));
  if (!answer.changed) return { status: 'unchanged', location, httpStatus: answer.status };
  const headers = etagHeaders(answer);
  const summary = await importStatsapiSchedule(db, answer.body, {
    ...options,
    now: options.now ?? systemClock(),
    location,
    ...(headers ? { headers } : {}),
  });
  return { status: 'imported', location, summary };
}

/**
 * Fetches nflverse's games.csv and imports the games of `options.seasons`, by default the current NFL season's
 * alone (a poll writes its few hundred games at most, not the 7,000 since 1999). The file's data time is what its
 * games prove, as for the held copy (docs/decisions/022).
 */
export async function fetchAndImportNflverse(
  db: Database,
  client: NflverseClient,
  options: ImportOptions = {},
): Promise<LiveImportResult> {
  const location = client.url;
  const previous = await lastAnswer(db, 'nflverse', location);
  const answer = await fetched(db, 'nflverse', options, () => client.fetchGames(previous));
  if (!answer.changed) return { status: 'unchanged', location, httpStatus: answer.status };
  const now = options.now ?? systemClock();
  const season = seasonForDate('americanfootball_nfl', now);
  const headers = etagHeaders(answer);
  const summary = await importNflverse(db, answer.body, {
    ...options,
    now,
    seasons: options.seasons ?? { from: season, to: season },
    location,
    ...(headers ? { headers } : {}),
  });
  return { status: 'imported', location, summary };
}

/**
 * The live sources the scheduler polls and the admin sees (docs/decisions/067): each free source for each
 * sport it covers, with how often it is polled while that sport's games are played.
 */
export function createLiveSources(
  _config: Pick<Config, 'outbound'>,
  _log: (message: string) => void = () => {},
  /** The first run's: a source that does not answer within a few seconds is left for the scheduler. */
  _options: { timeoutMs?: number; attempts?: number } = {},
): PolledSource[] {
  return [];
}

import type { Database } from '@pass/db';
import { mlbScheduleDay, seasonDateSpan, seasonForDate, SPORTS } from '@pass/domain';
import { systemClock } from '../../lib/clock.js';
import { GAME_DAY_AHEAD_MS, LIVE_WINDOW_MS, type PollCadence } from '../../jobs/source-poll-policy.js';
import {
  CfbdClient,
  cfbdAllowanceRenewedSince,
  cfbdAllowanceRenewsAt,
  CFBD_SOURCE,
  type CfbdQuery,
} from './cfbd-client.js';
import { importCfbdLines } from './cfbd-lines.js';
import { EspnClient, type EspnBoard } from './espn-client.js';
import { importCfbd, importEspn, importNflverse, importStatsapiSchedule } from './game-importers.js';
import * as repository from './imports.repository.js';
import { recordFailedRun, type ImportOptions, type ImportSummary } from './imports.service.js';
import { MlbStatsApiClient, type ScheduleDays } from './mlb-statsapi-client.js';
import { NflverseClient } from './nflverse-client.js';
import type { ConditionalState, SourceAnswer } from './source-fetch.js';
import type { Config } from '../../env.js';
import * as polls from './source-polls.repository.js';
import type { PollAnswer, PolledSource } from './source-polls.service.js';

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

/** What a poll reports of a fetch that brought nothing new, or of one it imported. */
const pollAnswer = (answer: SourceAnswer, summaries: ImportSummary[]): PollAnswer => ({
  status: answer.status,
  changed: answer.changed,
  etag: answer.etag,
  bodyHash: answer.bodyHash,
  summaries,
});

/** The fastest CFBD is polled while college games are on: a metered source, not a scoreboard. */
export const CFBD_LIVE_EVERY_MS = 5 * 60_000;

/**
 * How long CFBD waits between polls at `now`: its cadence's wait, never under 5 minutes, and never faster than
 * the calls left (beyond the reserve) last until they renew on the first of next month, a poll costing its games
 * call and, except while games are on, its lines call (docs/decisions/073-cfbd-live-source.md).
 */
export function cfbdFloorMs(
  budget: { remaining: number | null; reserve: number },
  now: Date,
  cadence: PollCadence,
): number {
  const spendable = budget.remaining === null ? null : budget.remaining - budget.reserve;
  if (spendable === null || spendable <= 0) return CFBD_LIVE_EVERY_MS;
  const callsPerPoll = cadence === 'live' ? 1 : 2;
  const untilRenewal = cfbdAllowanceRenewsAt(now).getTime() - now.getTime();
  return Math.max(CFBD_LIVE_EVERY_MS, Math.ceil((untilRenewal * callsPerPoll) / spendable));
}

/**
 * What CFBD is asked for at a cadence: the whole season (regular and postseason) on the daily poll; while college
 * games are on or due, the weeks of those games (the whole postseason for a bowl or playoff game, CFBD numbering
 * every one of them week 1).
 */
async function cfbdQueries(db: Database, now: Date, cadence: PollCadence): Promise<CfbdQuery[]> {
  const season: CfbdQuery = { year: seasonForDate('americanfootball_ncaaf', now), seasonType: 'both' };
  if (cadence === 'idle') return [season];
  const weeks = await polls.listWeeksDue(db, 'americanfootball_ncaaf', now, LIVE_WINDOW_MS, GAME_DAY_AHEAD_MS);
  const queries = new Map<string, CfbdQuery>();
  for (const week of weeks) {
    const query: CfbdQuery =
      week.seasonType === 'postseason'
        ? { year: week.season, seasonType: 'postseason' }
        : { year: week.season, seasonType: 'regular', week: week.week };
    queries.set(`${query.year}:${query.seasonType}:${query.week ?? ''}`, query);
  }
  return queries.size > 0 ? [...queries.values()] : [season];
}

/**
 * CollegeFootballData's games and lines, polled for college football (docs/decisions/073-cfbd-live-source.md):
 * its games go in through the merge rule as the CFBD files do (their finals rank above ESPN's), its lines as the
 * quotes of every provider it lists. Each GET is conditional on what was last imported from its address (as
 * nflverse's); while games are on only the games are asked for (the lines of games under way no longer move).
 * The calls left are read back from the database before a poll (a count of an earlier month has renewed) and
 * kept after it; below the reserve the poll makes no call and fails saying so, due again when the calls renew.
 */
function cfbdSource(client: CfbdClient): PolledSource {
  return {
    key: `${CFBD_SOURCE}:americanfootball_ncaaf`,
    name: 'CollegeFootballData',
    sport: 'americanfootball_ncaaf',
    liveEveryMs: CFBD_LIVE_EVERY_MS,
    floorMs: (now, cadence) => cfbdFloorMs(client, now, cadence),
    async poll(db, now, _previous, cadence) {
      const stored = await polls.getSourceBudget(db, CFBD_SOURCE);
      client.remaining = stored && !cfbdAllowanceRenewedSince(stored.reportedAt, now) ? stored.remaining : null;
      const before = client.remaining;
      const trigger = 'schedule' as const;
      const answers: SourceAnswer[] = [];
      const summaries: ImportSummary[] = [];
      try {
        const queries = await cfbdQueries(db, now, cadence);
        const ask = async (url: string, get: (previous: ConditionalState) => Promise<SourceAnswer>) => {
          const answer = await get(await lastAnswer(db, CFBD_SOURCE, url));
          answers.push(answer);
          return answer.changed ? answer : null;
        };
        // Games first: lines wait in raw_responses for games not imported yet, and are applied as they come.
        for (const query of queries) {
          const url = client.gamesUrl(query);
          const answer = await ask(url, (previous) => client.fetchGames(query, previous, now));
          if (!answer) continue;
          const headers = etagHeaders(answer);
          summaries.push(
            await importCfbd(db, answer.body, { trigger, now, location: url, ...(headers ? { headers } : {}) }),
          );
        }
        if (cadence !== 'live') {
          for (const query of queries) {
            const url = client.linesUrl(query);
            const answer = await ask(url, (previous) => client.fetchLines(query, previous, now));
            if (!answer) continue;
            const headers = etagHeaders(answer);
            summaries.push(
              await importCfbdLines(db, answer.body, { trigger, now, location: url, ...(headers ? { headers } : {}) }),
            );
          }
        }
      } finally {
        if (client.remaining !== null && client.remaining !== before) {
          await polls.recordSourceBudget(db, CFBD_SOURCE, { remaining: client.remaining, reportedAt: now });
        }
      }
      // What the admin sees of the poll: the first answer that changed, else the games' (304 when all were).
      const shown = answers.find((answer) => answer.changed) ?? answers[0]!;
      return {
        status: shown.status,
        changed: shown.changed,
        etag: shown.etag,
        bodyHash: shown.bodyHash,
        summaries,
      };
    },
  };
}

/**
 * The live sources the scheduler polls and the admin sees (docs/decisions/067, 068): the ESPN scoreboard of each
 * sport, the MLB Stats API's schedule, nflverse's games.csv and, with CFBD_API_KEY, CollegeFootballData. While a
 * sport's games are on or due, a poll asks for the day (CFBD: the week) being played; the daily poll (and a first
 * start) for the whole current season.
 */
export function createLiveSources(
  config: Pick<Config, 'outbound' | 'espnApiUrl' | 'mlbStatsapiUrl' | 'nflverseGamesUrl' | 'cfbdApiKey' | 'cfbdApiUrl'>,
  log: (message: string) => void = () => {},
  /** The first run's: a source that does not answer within a few seconds is left for the scheduler. */
  options: { timeoutMs?: number; attempts?: number } = {},
): PolledSource[] {
  const fetcher = {
    outbound: config.outbound,
    log,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.attempts === undefined ? {} : { retry: { attempts: options.attempts } }),
  };
  const espn = new EspnClient({ baseUrl: config.espnApiUrl, ...fetcher });
  const mlb = new MlbStatsApiClient({ baseUrl: config.mlbStatsapiUrl, ...fetcher });
  const nflverse = new NflverseClient({ url: config.nflverseGamesUrl, ...fetcher });
  const trigger = 'schedule' as const;

  const espnSources = SPORTS.map((sport): PolledSource => ({
    key: `espn:${sport}`,
    name: 'ESPN scoreboard',
    sport,
    liveEveryMs: 30_000,
    async poll(db, now, previous, cadence) {
      const board: EspnBoard =
        cadence === 'idle'
          ? { sport, ...seasonDateSpan(sport, seasonForDate(sport, now)) }
          : { sport, date: mlbScheduleDay(now) };
      const { url, answer } = await espn.fetchScoreboard(board, previous);
      if (!answer.changed) return pollAnswer(answer, []);
      const summary = await importEspn(db, answer.body, { trigger, now, sport, location: url, fetchedAt: now });
      return pollAnswer(answer, [summary]);
    },
  }));
  const statsapi: PolledSource = {
    key: 'statsapi:baseball_mlb',
    name: 'MLB Stats API',
    sport: 'baseball_mlb',
    liveEveryMs: 30_000,
    async poll(db, now, previous, cadence) {
      const span = seasonDateSpan('baseball_mlb', seasonForDate('baseball_mlb', now));
      const days: ScheduleDays =
        cadence === 'idle' ? { startDate: span.from, endDate: span.to } : { date: mlbScheduleDay(now) };
      const answer = await mlb.fetchSchedule(days, previous);
      if (!answer.changed) return pollAnswer(answer, []);
      const headers = etagHeaders(answer);
      const summary = await importStatsapiSchedule(db, answer.body, {
        trigger,
        now,
        location: mlb.scheduleUrl(days),
        ...(headers ? { headers } : {}),
      });
      return pollAnswer(answer, [summary]);
    },
  };
  const nflverseSource: PolledSource = {
    key: 'nflverse:americanfootball_nfl',
    name: 'nflverse games.csv',
    sport: 'americanfootball_nfl',
    // The whole file (some 2 MB) is fetched, almost always answered 304: once a minute is enough for finals.
    liveEveryMs: 60_000,
    async poll(db, now, previous) {
      const answer = await nflverse.fetchGames(previous);
      if (!answer.changed) return pollAnswer(answer, []);
      const season = seasonForDate('americanfootball_nfl', now);
      const headers = etagHeaders(answer);
      const summary = await importNflverse(db, answer.body, {
        trigger,
        now,
        seasons: { from: season, to: season },
        location: nflverse.url,
        ...(headers ? { headers } : {}),
      });
      return pollAnswer(answer, [summary]);
    },
  };
  const cfbd = config.cfbdApiKey
    ? [cfbdSource(new CfbdClient({ apiKey: config.cfbdApiKey, baseUrl: config.cfbdApiUrl, ...fetcher }))]
    : [];
  // nflverse and CFBD before ESPN: theirs are the official finals, ESPN's never replaces them (decision 069).
  return [nflverseSource, statsapi, ...cfbd, ...espnSources];
}

import { SourceFetcher, type ConditionalState, type SourceAnswer, type SourceFetcherOptions } from './source-fetch.js';

/**
 * The MLB Stats API's schedule (free, no key): `GET /api/v1/schedule?sportId=1` for a date or a span of dates, with
 * `hydrate=linescore` so a game under way carries its inning. The answer is JSON (statsapi-schedule.ts reads it).
 * Fetched with a conditional GET (source-fetch.ts): a poll that brings nothing new imports nothing.
 * MLB_STATSAPI_URL points it elsewhere (a local fake in tests).
 */

export const DEFAULT_MLB_STATSAPI_URL = 'https://statsapi.mlb.com';

/** One day's schedule, or the days from `startDate` to `endDate` (YYYY-MM-DD, local dates). */
export type ScheduleDays = { date: string } | { startDate: string; endDate: string };

export interface MlbStatsApiClientOptions extends Omit<SourceFetcherOptions, 'provider'> {
  /** MLB_STATSAPI_URL; the Stats API's host by default. */
  baseUrl?: string | undefined;
}

export class MlbStatsApiClient {
  private readonly baseUrl: string;
  private readonly fetcher: SourceFetcher;

  constructor(options: MlbStatsApiClientOptions = {}) {
    const { baseUrl, ...fetcherOptions } = options;
    this.baseUrl = (baseUrl ?? DEFAULT_MLB_STATSAPI_URL).replace(/\/+$/, '');
    this.fetcher = new SourceFetcher({ provider: 'The MLB Stats API', ...fetcherOptions });
  }

  /** The schedule's URL for these days: what is fetched, and where the import says its body came from. */
  scheduleUrl(days: ScheduleDays): string {
    const url = new URL(`${this.baseUrl}/api/v1/schedule`);
    url.searchParams.set('sportId', '1');
    if ('date' in days) url.searchParams.set('date', days.date);
    else {
      url.searchParams.set('startDate', days.startDate);
      url.searchParams.set('endDate', days.endDate);
    }
    url.searchParams.set('hydrate', 'linescore');
    return url.toString();
  }

  /** The schedule of these days; unchanged when the answer is the one `previous` describes. */
  fetchSchedule(days: ScheduleDays, previous: ConditionalState): Promise<SourceAnswer> {
    const url = this.scheduleUrl(days);
    const label =
      'date' in days ? `the schedule of ${days.date}` : `the schedule of ${days.startDate} to ${days.endDate}`;
    return this.fetcher.get(label, url, previous);
  }
}

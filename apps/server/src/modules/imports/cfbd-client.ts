import { systemClock } from '../../lib/clock.js';
import type { ProviderAnswer } from '../../lib/provider-http.js';
import {
  SourceFetcher,
  SourceFetchError,
  type ConditionalState,
  type SourceAnswer,
  type SourceFetcherOptions,
} from './source-fetch.js';

/**
 * The CollegeFootballData API v2 (https://apinext.collegefootballdata.com): college games (`/games`) and every
 * provider's lines (`/lines`), with a key sent as `Authorization: Bearer <key>`. Every call spends one of the key's
 * monthly calls (1,000 on the free tier); each answer reports how many are left in `X-CallLimit-Remaining`, the
 * count after the call (a 2xx spends one, an error is given back). The client remembers the last count and
 * refuses to call once it is below a reserve, so no schedule spends the month to nothing; the count renews on the
 * first of each month, UTC. See docs/decisions/073-cfbd-live-source.md.
 *
 * Each GET is a live source's (source-fetch.ts): conditional on the last answer's ETag and body hash, tried again
 * on a 429 or 5xx after its Retry-After, through the outbound guard. The key is in a header only: never in a URL,
 * a log line, a stored address or an error message.
 */

/** The source name CFBD's runs, raw answers and budget are kept under (the importers' `cfbd`). */
export const CFBD_SOURCE = 'cfbd';
export const DEFAULT_CFBD_API_URL = 'https://apinext.collegefootballdata.com';
/** Calls stop while fewer than this many of the month's calls remain: what is left is the admin's to spend. */
export const DEFAULT_CFBD_RESERVE = 25;
/** The header of each answer that tells the calls left this month. */
export const CFBD_CALLS_LEFT_HEADER = 'x-calllimit-remaining';

/** A season's games or lines: one week of the regular season, the postseason, or `both` (the whole season). */
export interface CfbdQuery {
  year: number;
  seasonType: 'regular' | 'postseason' | 'both';
  week?: number;
}

/** When the month's calls renew: the first of the next month, UTC (the API's `/info` `resetAt`). */
export function cfbdAllowanceRenewsAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** Whether a count reported at `reportedAt` is of an earlier month than `now`'s: the calls have renewed since. */
export function cfbdAllowanceRenewedSince(reportedAt: Date, now: Date): boolean {
  return reportedAt.getTime() < Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
}

/** No call was made: the calls left are below the reserve until the month's calls renew. */
export class CfbdBudgetError extends SourceFetchError {
  constructor(
    readonly remaining: number,
    readonly reserve: number,
    readonly renewsAt: Date,
    now: Date,
    /** The status of the answer that brought the count down, when one came in the same call (a 429). */
    status?: number,
  ) {
    super(
      `CollegeFootballData: ${remaining} calls left this month, below the reserve of ${reserve}: no call made ` +
        `until the calls renew on ${renewsAt.toISOString().slice(0, 10)}.`,
      status,
      undefined,
      Math.max(0, renewsAt.getTime() - now.getTime()),
    );
    this.name = 'CfbdBudgetError';
  }
}

export interface CfbdClientOptions extends Pick<
  SourceFetcherOptions,
  'timeoutMs' | 'retry' | 'sleep' | 'log' | 'fetch' | 'outbound'
> {
  apiKey: string;
  /** CFBD_API_URL; the API's v2 host by default. */
  baseUrl?: string | undefined;
  reserve?: number;
}

export class CfbdClient {
  readonly baseUrl: string;
  readonly reserve: number;
  /** The calls left as last reported (by an answer, or read back from the database); null when unknown. */
  remaining: number | null = null;
  private readonly fetcher: SourceFetcher;
  /** The call under way: its clock (the poll's), and the status of an answer it has had. */
  private call: { now: Date; answered: number | undefined } = { now: systemClock(), answered: undefined };

  constructor(options: CfbdClientOptions) {
    const { apiKey, baseUrl, reserve, ...fetcherOptions } = options;
    if (!apiKey) throw new Error('CFBD_API_KEY is not set: CollegeFootballData needs a key.');
    this.baseUrl = (baseUrl ?? DEFAULT_CFBD_API_URL).replace(/\/+$/, '');
    this.reserve = reserve ?? DEFAULT_CFBD_RESERVE;
    const log = options.log ?? (() => {});
    this.fetcher = new SourceFetcher({
      ...fetcherOptions,
      provider: 'CollegeFootballData',
      headers: { authorization: `Bearer ${apiKey}` },
      // A try (a retry too) is refused below the reserve: it would spend a call the admin keeps back.
      beforeTry: () => {
        if (this.remaining !== null && this.remaining < this.reserve) {
          const { now, answered } = this.call;
          throw new CfbdBudgetError(this.remaining, this.reserve, cfbdAllowanceRenewsAt(now), now, answered);
        }
      },
      onAnswer: (answer: ProviderAnswer, label: string) => {
        this.call.answered = answer.status;
        const left = callsLeft(answer.headers.get(CFBD_CALLS_LEFT_HEADER));
        if (left !== null) this.remaining = left;
        log(`CollegeFootballData ${answer.status} ${label}: ${left ?? '?'} calls left this month`);
      },
      // The API explains itself in {"message": …}: "Unauthorized", "Monthly call quota exceeded.".
      messageOf: ({ status, body }) => {
        const message = (body as { message?: unknown } | null | undefined)?.message;
        return `CollegeFootballData answered ${status}${typeof message === 'string' ? `: ${message.slice(0, 200)}` : ''}`;
      },
    });
  }

  /** The FBS teams' games (either side in FBS, as `classification=fbs` filters them) of a week or season. */
  gamesUrl(query: CfbdQuery): string {
    return this.url('/games', { ...queryParams(query), classification: 'fbs' });
  }

  /** Every provider's lines of the games of a week or season. */
  linesUrl(query: CfbdQuery): string {
    return this.url('/lines', queryParams(query));
  }

  /** `/games` as of `now` (the poll's clock), conditional on `previous`. */
  fetchGames(query: CfbdQuery, previous: ConditionalState, now: Date = systemClock()): Promise<SourceAnswer> {
    return this.get(this.gamesUrl(query), previous, now);
  }

  /** `/lines` as of `now` (the poll's clock), conditional on `previous`. */
  fetchLines(query: CfbdQuery, previous: ConditionalState, now: Date = systemClock()): Promise<SourceAnswer> {
    return this.get(this.linesUrl(query), previous, now);
  }

  private get(url: string, previous: ConditionalState, now: Date): Promise<SourceAnswer> {
    // One call at a time: the live source polls its queries one after another.
    this.call = { now, answered: undefined };
    return this.fetcher.get(url, url, previous);
  }

  private url(path: string, params: Record<string, string>): string {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }
}

function queryParams(query: CfbdQuery): Record<string, string> {
  return {
    year: String(query.year),
    seasonType: query.seasonType,
    ...(query.week === undefined ? {} : { week: String(query.week) }),
  };
}

function callsLeft(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

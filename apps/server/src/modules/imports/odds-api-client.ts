import type { Sport } from '@pass/domain';
import { systemClock } from '../../lib/clock.js';
import { guardedFetch, STRICT_OUTBOUND, type OutboundPolicy } from '../../lib/outbound.js';
import {
  ProviderHttp,
  ProviderHttpError,
  sleepFor,
  type ProviderAnswer,
  type ProviderRetryPolicy,
} from '../../lib/provider-http.js';

/**
 * The Odds API v4 (https://the-odds-api.com/liveapi/guides/v4/). Every call costs credits of a monthly
 * quota, reported on each answer in `x-requests-remaining` / `x-requests-used` / `x-requests-last`; the
 * client logs them, remembers the last remaining count and refuses to call once it falls below a reserve,
 * so a loop or a schedule cannot spend the quota to zero. The key travels only in the query string of the
 * request: it is never logged, stored or put in an error message.
 *
 * A 429 (rate limited) or a 5xx is tried again a few times, after the wait the answer's Retry-After asks
 * for, else after a doubling backoff (lib/provider-http.ts). Each try checks the reserve first, so retries
 * never spend past it, and a server that asks for a longer wait than the cap is not called again early; a
 * request that got no answer is not tried again (docs/decisions/010).
 */

export const DEFAULT_ODDS_API_URL = 'https://api.the-odds-api.com';
/** Calls stop while fewer credits than this remain (one /odds call of three markets costs 3). */
export const DEFAULT_QUOTA_RESERVE = 10;

export interface OddsApiQuota {
  remaining: number | null;
  used: number | null;
  last: number | null;
}

export interface OddsApiResponse {
  /** The body exactly as received. */
  body: string;
  /** The URL fetched, without the API key: what raw_responses and logs keep. */
  location: string;
  /** The quota headers of this answer. */
  headers: Record<string, string>;
  quota: OddsApiQuota;
  fetchedAt: Date;
}

export class OddsApiError extends ProviderHttpError {
  constructor(message: string, status?: number, body?: unknown) {
    super(message, status, body);
    this.name = 'OddsApiError';
  }
}

export class OddsApiQuotaError extends OddsApiError {
  constructor(
    readonly remaining: number,
    readonly reserve: number,
  ) {
    super(
      `The Odds API quota is nearly spent: ${remaining} requests remain, below the reserve of ${reserve}. ` +
        'No call was made. Wait for the monthly reset or raise the plan.',
    );
    this.name = 'OddsApiQuotaError';
  }
}

export type RetryPolicy = ProviderRetryPolicy;

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  retryUnanswered: false,
};

export interface OddsApiClientOptions {
  apiKey: string;
  /** ODDS_API_URL; The Odds API's host by default. */
  baseUrl?: string | undefined;
  reserve?: number;
  /** The remaining count last reported (from an earlier run), until this client hears a newer one. */
  lastKnownRemaining?: number | null;
  retry?: Partial<RetryPolicy>;
  /** How the client waits between tries; tests pass one that records the wait instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
  fetch?: typeof fetch;
  /** Where requests may go (lib/outbound.ts); strict by default. */
  outbound?: OutboundPolicy;
}

const QUOTA_HEADERS = ['x-requests-remaining', 'x-requests-used', 'x-requests-last'] as const;

export class OddsApiClient {
  private readonly baseUrl: string;
  private readonly reserve: number;
  private readonly http: ProviderHttp<OddsApiError>;
  /** The remaining count of the last answer, or of the last run when this client has not called yet. */
  remaining: number | null;

  constructor(private readonly options: OddsApiClientOptions) {
    if (!options.apiKey) throw new OddsApiError('ODDS_API_KEY is not set: The Odds API needs a key.');
    this.baseUrl = (options.baseUrl ?? DEFAULT_ODDS_API_URL).replace(/\/+$/, '');
    this.reserve = options.reserve ?? DEFAULT_QUOTA_RESERVE;
    this.remaining = options.lastKnownRemaining ?? null;
    const log = options.log ?? (() => {});
    const retry = { ...DEFAULT_RETRY, ...options.retry };
    this.http = new ProviderHttp({
      provider: 'The Odds API',
      fetch: options.fetch ?? guardedFetch(options.outbound ?? STRICT_OUTBOUND),
      // The caller's fetch sets a limit where one is wanted (the first run's).
      timeoutMs: undefined,
      retry,
      sleep: options.sleep ?? sleepFor,
      log,
      now: () => systemClock().getTime(),
      // The API explains itself in {"message": …}; the key is in no part of it, but strip it to be sure.
      errorOf: (failure) =>
        new OddsApiError(failure.message.replaceAll(options.apiKey, '[key]'), failure.status, failure.body),
      messageOf: ({ status, body, label }) => `The Odds API answered ${status} for ${label}: ${safeMessage(body)}`,
      beforeTry: () => {
        if (this.remaining !== null && this.remaining < this.reserve) {
          throw new OddsApiQuotaError(this.remaining, this.reserve);
        }
      },
      onAnswer: (answer, location) => {
        const quota = readQuota(quotaHeaders(answer));
        if (quota.remaining !== null) this.remaining = quota.remaining;
        log(
          `The Odds API ${answer.status} ${location}: ${quota.remaining ?? '?'} requests remaining, ` +
            `${quota.used ?? '?'} used${quota.last === null ? '' : `, this call cost ${quota.last}`}`,
        );
      },
      onRetry: (failure, waitMs, nextTry) =>
        log(
          `The Odds API answered ${failure.status}: trying again in ${waitMs} ms (try ${nextTry} of ${retry.attempts})`,
        ),
    });
  }

  /** Current and live games with h2h, spreads and totals of the US books, American prices (3 credits). */
  fetchOdds(sport: Sport): Promise<OddsApiResponse> {
    return this.get(`/v4/sports/${sport}/odds`, {
      regions: 'us',
      markets: 'h2h,spreads,totals',
      oddsFormat: 'american',
    });
  }

  /** Live and recent scores; `daysFrom` 1–3 includes games completed that many days back (2 credits). */
  fetchScores(sport: Sport, daysFrom = 3): Promise<OddsApiResponse> {
    return this.get(`/v4/sports/${sport}/scores`, { daysFrom: String(daysFrom) });
  }

  private async get(path: string, params: Record<string, string>): Promise<OddsApiResponse> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const location = url.toString();
    url.searchParams.set('apiKey', this.options.apiKey);
    const answer = await this.http.text(location, url, { headers: { accept: 'application/json' } });
    const headers = quotaHeaders(answer);
    return { body: answer.text, location, headers, quota: readQuota(headers), fetchedAt: systemClock() };
  }
}

/** The quota headers an answer carries. */
function quotaHeaders(answer: ProviderAnswer): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of QUOTA_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return headers;
}

function readQuota(headers: Record<string, string>): OddsApiQuota {
  const number = (value: string | undefined) => {
    if (value === undefined || value.trim() === '') return null;
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  };
  return {
    remaining: number(headers['x-requests-remaining']),
    used: number(headers['x-requests-used']),
    last: number(headers['x-requests-last']),
  };
}

function safeMessage(body: unknown): string {
  const message = (body as { message?: unknown } | null | undefined)?.message;
  if (typeof message === 'string') return message;
  if (body === undefined) return '';
  return (typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 200);
}

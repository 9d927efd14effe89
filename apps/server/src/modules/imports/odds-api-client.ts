import type { Sport } from '@pass/domain';
import { systemClock } from '../../lib/clock.js';
import { guardedFetch, STRICT_OUTBOUND, type OutboundPolicy } from '../../lib/outbound.js';

/**
 * The Odds API v4 (https://the-odds-api.com/liveapi/guides/v4/). Every call costs credits of a monthly
 * quota, reported on each answer in `x-requests-remaining` / `x-requests-used` / `x-requests-last`; the
 * client logs them, remembers the last remaining count and refuses to call once it falls below a reserve,
 * so a loop or a schedule cannot spend the quota to zero. The key travels only in the query string of the
 * request: it is never logged, stored or put in an error message.
 *
 * A 429 (rate limited) or a 5xx is tried again a few times, after the wait the answer's Retry-After asks
 * for, else after a doubling backoff. Each try checks the reserve first, so retries never spend past it,
 * and a server that asks for a longer wait than the cap is not called again early (docs/decisions/010).
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

export class OddsApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
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

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first backoff when the answer has no Retry-After; it doubles on each further try. */
  baseDelayMs: number;
  /** The longest wait between tries: a Retry-After beyond it ends the tries. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 1000, maxDelayMs: 30_000 };

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

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rate limiting and server errors may pass; anything else (a bad key, an unknown sport) will not. */
const isRetryable = (status: number) => status === 429 || status >= 500;

/**
 * Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110 section 10.2.3); undefined when
 * absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: Date): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // The IMF-fixdate form, "Sun, 06 Nov 1994 08:49:37 GMT"; Date.parse alone would take "-3" for a year.
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

const QUOTA_HEADERS = ['x-requests-remaining', 'x-requests-used', 'x-requests-last'] as const;

export class OddsApiClient {
  private readonly baseUrl: string;
  private readonly reserve: number;
  private readonly log: (message: string) => void;
  private readonly fetchImpl: typeof fetch;
  private readonly retry: RetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;
  /** The remaining count of the last answer, or of the last run when this client has not called yet. */
  remaining: number | null;

  constructor(private readonly options: OddsApiClientOptions) {
    if (!options.apiKey) throw new OddsApiError('ODDS_API_KEY is not set: The Odds API needs a key.');
    this.baseUrl = (options.baseUrl ?? DEFAULT_ODDS_API_URL).replace(/\/+$/, '');
    this.reserve = options.reserve ?? DEFAULT_QUOTA_RESERVE;
    this.remaining = options.lastKnownRemaining ?? null;
    this.log = options.log ?? (() => {});
    this.fetchImpl = options.fetch ?? guardedFetch(options.outbound ?? STRICT_OUTBOUND);
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.sleep = options.sleep ?? sleepFor;
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

    for (let attempt = 1; ; attempt++) {
      const outcome = await this.call(url, location);
      if ('response' in outcome) return outcome.response;
      const { error, retryAfterMs } = outcome;
      if (error.status === undefined || !isRetryable(error.status) || attempt >= this.retry.attempts) throw error;
      // The failed answer may have reported the quota at the reserve: no wait, no further call.
      if (this.remaining !== null && this.remaining < this.reserve) {
        throw new OddsApiQuotaError(this.remaining, this.reserve);
      }
      const backoffMs = this.retry.baseDelayMs * 2 ** (attempt - 1);
      const waitMs = retryAfterMs ?? Math.min(backoffMs, this.retry.maxDelayMs);
      if (waitMs > this.retry.maxDelayMs) {
        throw new OddsApiError(
          `${error.message} (the API asks to wait ${Math.ceil(waitMs / 1000)} s, longer than the ` +
            `${Math.round(this.retry.maxDelayMs / 1000)} s this client waits; not tried again)`,
          error.status,
        );
      }
      this.log(
        `The Odds API answered ${error.status}: trying again in ${waitMs} ms (try ${attempt + 1} of ${this.retry.attempts})`,
      );
      await this.sleep(waitMs);
    }
  }

  /** One try: the answer, or the error with the wait its Retry-After asks for. */
  private async call(
    url: URL,
    location: string,
  ): Promise<{ response: OddsApiResponse } | { error: OddsApiError; retryAfterMs: number | undefined }> {
    if (this.remaining !== null && this.remaining < this.reserve) {
      throw new OddsApiQuotaError(this.remaining, this.reserve);
    }
    let response: Response;
    try {
      response = await this.fetchImpl(url, { headers: { accept: 'application/json' } });
    } catch (error) {
      throw new OddsApiError(
        `The Odds API could not be reached at ${location}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const fetchedAt = systemClock();
    const headers: Record<string, string> = {};
    for (const name of QUOTA_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const quota = readQuota(headers);
    if (quota.remaining !== null) this.remaining = quota.remaining;
    this.log(
      `The Odds API ${response.status} ${location}: ${quota.remaining ?? '?'} requests remaining, ` +
        `${quota.used ?? '?'} used${quota.last === null ? '' : `, this call cost ${quota.last}`}`,
    );
    const body = await response.text();
    if (!response.ok) {
      // The API explains itself in {"message": …}; the key is in no part of it, but strip it to be sure.
      const message = safeMessage(body).replaceAll(this.options.apiKey, '[key]');
      return {
        error: new OddsApiError(
          `The Odds API answered ${response.status} for ${location}: ${message}`,
          response.status,
        ),
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), fetchedAt),
      };
    }
    return { response: { body, location, headers, quota, fetchedAt } };
  }
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

function safeMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { message?: unknown };
    if (typeof json.message === 'string') return json.message;
  } catch {
    // not JSON: fall through to the text itself
  }
  return body.slice(0, 200);
}

import type { Sport } from '@pass/domain';

/**
 * The Odds API v4 (https://the-odds-api.com/liveapi/guides/v4/). Every call costs credits of a monthly
 * quota, reported on each answer in `x-requests-remaining` / `x-requests-used` / `x-requests-last`; the
 * client logs them, remembers the last remaining count and refuses to call once it falls below a reserve,
 * so a loop or a schedule cannot spend the quota to zero. The key travels only in the query string of the
 * request: it is never logged, stored or put in an error message.
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

export interface OddsApiClientOptions {
  apiKey: string;
  /** ODDS_API_URL; The Odds API's host by default. */
  baseUrl?: string | undefined;
  reserve?: number;
  /** The remaining count last reported (from an earlier run), until this client hears a newer one. */
  lastKnownRemaining?: number | null;
  log?: (message: string) => void;
  fetch?: typeof fetch;
}

const QUOTA_HEADERS = ['x-requests-remaining', 'x-requests-used', 'x-requests-last'] as const;

export class OddsApiClient {
  private readonly baseUrl: string;
  private readonly reserve: number;
  private readonly log: (message: string) => void;
  private readonly fetchImpl: typeof fetch;
  /** The remaining count of the last answer, or of the last run when this client has not called yet. */
  remaining: number | null;

  constructor(private readonly options: OddsApiClientOptions) {
    if (!options.apiKey) throw new OddsApiError('ODDS_API_KEY is not set: The Odds API needs a key.');
    this.baseUrl = (options.baseUrl ?? DEFAULT_ODDS_API_URL).replace(/\/+$/, '');
    this.reserve = options.reserve ?? DEFAULT_QUOTA_RESERVE;
    this.remaining = options.lastKnownRemaining ?? null;
    this.log = options.log ?? (() => {});
    this.fetchImpl = options.fetch ?? fetch;
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
    if (this.remaining !== null && this.remaining < this.reserve) {
      throw new OddsApiQuotaError(this.remaining, this.reserve);
    }
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const location = url.toString();
    url.searchParams.set('apiKey', this.options.apiKey);

    let response: Response;
    try {
      response = await this.fetchImpl(url, { headers: { accept: 'application/json' } });
    } catch (error) {
      throw new OddsApiError(
        `The Odds API could not be reached at ${location}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const fetchedAt = new Date();
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
      throw new OddsApiError(`The Odds API answered ${response.status} for ${location}: ${message}`, response.status);
    }
    return { body, location, headers, quota, fetchedAt };
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

import { createHash } from 'node:crypto';
import { systemClock } from '../../lib/clock.js';
import { guardedFetchFollowingRedirects, STRICT_OUTBOUND, type OutboundPolicy } from '../../lib/outbound.js';
import {
  ProviderHttp,
  ProviderHttpError,
  sleepFor,
  type ProviderAnswer,
  type ProviderRetryPolicy,
} from '../../lib/provider-http.js';

/**
 * One GET of a live source (nflverse's games.csv, the ESPN scoreboard, the MLB Stats API schedule, CFBD), made
 * so that a poll that brings nothing new costs next to nothing (docs/decisions/067):
 * - the ETag of the last answer goes out as If-None-Match, and a 304 is "unchanged" without a body;
 * - a 200 whose body hashes the same as the last one is "unchanged" too (sources without ETags);
 * - a 429 or a 5xx is tried again after its Retry-After or a doubling wait (lib/provider-http.ts); anything
 *   else, or the last failure, is a `SourceFetchError` with the status, for the poller's back-off.
 * Every request goes through the outbound guard (lib/outbound.ts), and so does each redirect it follows: public
 * files move (nflverse's games.csv on github.com redirects to raw.githubusercontent.com).
 */

export class SourceFetchError extends ProviderHttpError {
  constructor(
    message: string,
    status?: number,
    body?: unknown,
    /** The wait the source asked for (its Retry-After): the poller backs off at least this long. */
    readonly retryAfterMs?: number,
  ) {
    super(message, status, body);
    this.name = 'SourceFetchError';
  }
}

/** What the poller remembers of a source's last answer. */
export interface ConditionalState {
  etag: string | null;
  bodyHash: string | null;
}

export type SourceAnswer =
  | { changed: false; status: number; etag: string | null; bodyHash: string | null }
  | { changed: true; status: number; etag: string | null; bodyHash: string; body: string };

export const SOURCE_RETRY: ProviderRetryPolicy = {
  attempts: 2,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  retryUnanswered: true,
};

export interface SourceFetcherOptions {
  /** The source's name in messages: "the ESPN scoreboard". */
  provider: string;
  /** Each try's time limit: a live source that does not answer in this long is skipped until the next poll. */
  timeoutMs?: number;
  retry?: Partial<ProviderRetryPolicy>;
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
  fetch?: typeof fetch;
  outbound?: OutboundPolicy;
  /** Headers of every request: a keyed source's `authorization` (never logged, never in a message). */
  headers?: Record<string, string>;
  /** Called before each try: a metered source throws to stop below its reserve (lib/provider-http.ts). */
  beforeTry?: () => void;
  /** Every answer that came, before it is judged: a metered source reads what it may still spend. */
  onAnswer?: (answer: ProviderAnswer, label: string) => void;
  /** The message for an answer that is not a success; by default "<provider> answered <status>". */
  messageOf?: (answer: { status: number; body: unknown; label: string }) => string;
}

export const bodyHashOf = (body: string) => createHash('sha256').update(body).digest('base64url');

export class SourceFetcher {
  private readonly http: ProviderHttp<SourceFetchError>;
  private readonly headers: Record<string, string>;

  constructor(options: SourceFetcherOptions) {
    this.headers = options.headers ?? {};
    this.http = new ProviderHttp({
      provider: options.provider,
      fetch: options.fetch ?? guardedFetchFollowingRedirects(options.outbound ?? STRICT_OUTBOUND),
      timeoutMs: options.timeoutMs ?? 10_000,
      retry: { ...SOURCE_RETRY, ...options.retry },
      sleep: options.sleep ?? sleepFor,
      log: options.log ?? (() => {}),
      now: () => systemClock().getTime(),
      errorOf: (failure) => new SourceFetchError(failure.message, failure.status, failure.body, failure.retryAfterMs),
      ...(options.messageOf ? { messageOf: options.messageOf } : {}),
      ...(options.beforeTry ? { beforeTry: options.beforeTry } : {}),
      ...(options.onAnswer ? { onAnswer: options.onAnswer } : {}),
    });
  }

  /** GETs `url`; unchanged when the source says 304 or the body is the one `previous` hashed. */
  async get(label: string, url: string | URL, previous: ConditionalState): Promise<SourceAnswer> {
    const headers: Record<string, string> = {
      accept: 'application/json, text/csv;q=0.9, */*;q=0.1',
      ...this.headers,
    };
    if (previous.etag) headers['if-none-match'] = previous.etag;
    try {
      const answer = await this.http.text(label, url, { headers });
      const etag = answer.headers.get('etag');
      const bodyHash = bodyHashOf(answer.text);
      if (bodyHash === previous.bodyHash) return { changed: false, status: answer.status, etag, bodyHash };
      return { changed: true, status: answer.status, etag, bodyHash, body: answer.text };
    } catch (error) {
      if (error instanceof SourceFetchError && error.status === 304) {
        return { changed: false, status: 304, etag: previous.etag, bodyHash: previous.bodyHash };
      }
      throw error;
    }
  }
}

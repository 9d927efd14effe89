import { z } from 'zod';
import type { SyncSlip } from '@pass/contracts';

/**
 * The two write calls of sportsbook sync (docs/decisions/051), as the client makes them: an export file as an
 * upload, and a batch of bet slips. Both carry the account's sync token. The base URL and `fetch` are passed
 * in, so tests can point the client at a local server or at the app itself.
 *
 * A network error or a 5xx (the server restarting mid-upload answers 503) is tried again after a doubling
 * wait, or the wait a Retry-After asks for, and so is a 429 (too many syncs this minute) after its Retry-After;
 * another 4xx never is, since sending the same request again cannot change the answer. Trying again is safe: the server keys each bet by the book's bet id and each batch of
 * slips by its `batch_key`, so a request that was stored before its answer was lost stores nothing twice.
 */

/** What the server did with one file or batch. */
export const SyncSummary = z.object({
  rows: z.number().int(),
  bets: z.number().int(),
  stored: z.number().int(),
  duplicates: z.number().int(),
  matched: z.number().int(),
  rejected: z.number().int(),
  row_errors: z.array(z.object({ row: z.number().int(), reason: z.string() })),
});
export type SyncSummary = z.infer<typeof SyncSummary>;

const SummaryResponse = z.object({ data: SyncSummary });
const ErrorResponse = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.unknown()).optional() }),
});

export class SyncApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or undefined when the server never answered. */
    readonly status: number | undefined,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'SyncApiError';
  }

  /** 401, 403 and 404 answer the same for every file of the run: the run stops at the first. */
  get endsRun(): boolean {
    return this.status === 401 || this.status === 403 || this.status === 404;
  }
}

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first wait; it doubles on each further try. */
  baseDelayMs: number;
  /** The longest wait between tries. */
  maxDelayMs: number;
}

/** About a minute and a half of tries in all: long enough for a server to restart. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 8, baseDelayMs: 1000, maxDelayMs: 30_000 };

/** The longest wait for a rate limit's Retry-After (the server counts syncs per minute). */
const MAX_RATE_LIMIT_WAIT_MS = 120_000;

/** How long one request may take before it counts as a network error (a 10 MB upload on a slow line). */
const REQUEST_TIMEOUT_MS = 120_000;

export interface SyncApiOptions {
  /** The PA$$ server, e.g. https://pass.example.com (a path prefix is kept). */
  baseUrl: string;
  /** `betsync_account_id`. */
  accountId: string;
  /** The account's sync token, `pass_sync_…`. */
  token: string;
  retry?: Partial<RetryPolicy>;
  fetch?: typeof fetch;
  /** How the client waits between tries; tests pass one that records the wait instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  /** Told of each try that failed and will be made again. */
  onRetry?: (message: string) => void;
}

export interface SyncApi {
  uploadFile(fileName: string, body: Uint8Array, contentType: string): Promise<SyncSummary>;
  sendSlips(batchKey: string, slips: SyncSlip[]): Promise<SyncSummary>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After as delay-seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** The one-line message for a refusal, saying what to do where the status tells. */
function refusalMessage(status: number, accountId: string, serverMessage: string | undefined): string {
  // The server's own sentence, its final stop dropped: these lines go on after it.
  const said = serverMessage ? `: ${serverMessage.replace(/[.\s]+$/, '')}` : '';
  switch (status) {
    case 401:
      return `The server did not accept the token (401)${said}. Create a sync token for this account on your profile and pass it with --token or PASS_SYNC_TOKEN.`;
    case 403:
      return `Sync is refused for account ${accountId} (403)${said}.`;
    case 404:
      return `No sync account ${accountId} on this server (404)${said}. Check --account: it is the account's id on your profile.`;
    case 413:
      return `The server refused the file as too large (413)${said}.`;
    default:
      return `The server refused it (${status})${said}.`;
  }
}

/** A network failure's cause in a few words ("ECONNREFUSED"), for the retry messages. */
function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'no answer in time';
    const cause = (error as { cause?: unknown }).cause;
    const code = (cause as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string') return code;
    if (cause instanceof Error) return cause.message;
    return error.message;
  }
  return String(error);
}

export function createSyncApi(options: SyncApiOptions): SyncApi {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const accountPath = `${baseUrl}/api/sync/accounts/${encodeURIComponent(options.accountId)}`;
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const fetchImpl = options.fetch ?? fetch;
  const sleep = options.sleep ?? sleepFor;
  const onRetry = options.onRetry ?? (() => {});

  async function call(url: string, body: Uint8Array | string, contentType: string): Promise<SyncSummary> {
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      let retryAfter: number | undefined;
      let failure: string;
      let waitAsked = false;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.token}`,
            'content-type': contentType,
            accept: 'application/json',
          },
          body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await response.text();
        if (response.ok) {
          const parsed = SummaryResponse.safeParse(parseJson(text));
          if (parsed.success) return parsed.data.data;
          throw new SyncApiError(
            `The server answered ${response.status} with a body that is not a sync summary.`,
            response.status,
            undefined,
          );
        }
        const refusal = ErrorResponse.safeParse(parseJson(text));
        const serverError = refusal.success ? refusal.data.error : undefined;
        if (response.status === 429) {
          // Too many syncs this minute: the same request is welcome once the server's wait is over.
          failure = `the server asked to wait${serverError ? ` (${serverError.message})` : ''}`;
          retryAfter = parseRetryAfter(response.headers.get('retry-after'), new Date());
          waitAsked = true;
        } else if (response.status < 500) {
          throw new SyncApiError(
            refusalMessage(response.status, options.accountId, serverError?.message),
            response.status,
            serverError?.code,
          );
        } else {
          failure = `the server answered ${response.status}${serverError ? ` (${serverError.message})` : ''}`;
          retryAfter = parseRetryAfter(response.headers.get('retry-after'), new Date());
        }
      } catch (error) {
        if (error instanceof SyncApiError) throw error;
        failure = `the connection failed (${describeNetworkError(error)})`;
      }
      if (attempt >= retry.attempts) {
        throw new SyncApiError(`Gave up after ${attempt} tries: ${failure}.`, undefined, undefined);
      }
      const backoff = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
      // A rate limit's wait is the server's to say, a little longer than a restart's longest.
      const wait = Math.min(waitAsked ? MAX_RATE_LIMIT_WAIT_MS : retry.maxDelayMs, retryAfter ?? backoff);
      onRetry(`${failure}; trying again in ${Math.ceil(wait / 1000)} s (try ${attempt + 1} of ${retry.attempts})`);
      await sleep(wait);
    }
  }

  return {
    uploadFile: (fileName, body, contentType) =>
      call(`${accountPath}/uploads?file_name=${encodeURIComponent(fileName)}`, body, contentType),
    sendSlips: (batchKey, slips) =>
      call(`${accountPath}/slips`, JSON.stringify({ batch_key: batchKey, slips }), 'application/json'),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

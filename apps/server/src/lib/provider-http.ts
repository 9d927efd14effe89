/**
 * Calls to a provider's HTTP API (PayPal, Google Play, The Odds API) on the `fetch` the client was given
 * (`guardedFetch` of lib/outbound.ts unless a test passes its own: decision 054):
 * - each try has a time limit;
 * - a try that got no answer (time-out, reset or refused connection), a 429 or a 5xx is tried again after the
 *   wait the answer's Retry-After asks for, else after a backoff that doubles; a Retry-After longer than the
 *   policy's longest wait ends the tries instead of calling early;
 * - anything else goes back to the caller at once, as the client's own error (a `ProviderHttpError`) with the
 *   status and the provider's body.
 * The caller keeps what makes a retry safe (PayPal's request id on a POST). Messages and log lines carry the
 * call's label, never its query string (where The Odds API's key travels) or a token.
 */

export interface ProviderRetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first wait when the answer asks for none; it doubles on each further try. */
  baseDelayMs: number;
  /** The longest wait between tries: a Retry-After beyond it ends the tries. */
  maxDelayMs: number;
  /** Whether a try that got no answer at all is tried again. */
  retryUnanswered: boolean;
}

export const DEFAULT_PROVIDER_RETRY: ProviderRetryPolicy = {
  attempts: 3,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  retryUnanswered: true,
};

export const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

/** A provider call that failed; each client's error extends it. */
export class ProviderHttpError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or undefined when no answer came (unreachable, reset, timed out). */
    readonly status: number | undefined,
    /** The provider's body: its JSON parsed, else its text; undefined when no answer came. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ProviderHttpError';
  }
}

/** What one failed try found, for the client to make its error of. */
export interface ProviderFailure {
  /** The error's message: the client's words for the answer, or the helper's for no answer. */
  message: string;
  /** `timeout` and `unreachable` got no answer; `not-json` is an answer whose body could not be read. */
  kind: 'timeout' | 'unreachable' | 'not-json' | 'status';
  status: number | undefined;
  body: unknown;
  /** The answer's headers; undefined when no answer came. */
  headers: Headers | undefined;
  /** The wait the answer's Retry-After asks for. */
  retryAfterMs: number | undefined;
}

/** An answer as it came. */
export interface ProviderAnswer {
  status: number;
  headers: Headers;
  text: string;
}

export interface ProviderHttpOptions<E extends ProviderHttpError> {
  /** The provider's name in messages and log lines: "PayPal", "Google Play". */
  provider: string;
  fetch: typeof fetch;
  /** Each try's time limit; none when undefined. */
  timeoutMs: number | undefined;
  retry: ProviderRetryPolicy;
  sleep: (ms: number) => Promise<void>;
  log: (message: string) => void;
  /** The clock a Retry-After date is read against. */
  now: () => number;
  /** The client's own error for a failure. */
  errorOf: (failure: ProviderFailure) => E;
  /** The message for an answer that is not a success; by default "<provider> answered <status>". */
  messageOf?: (answer: { status: number; body: unknown; label: string }) => string;
  /** Called before each try and before the wait for another: it throws to stop (The Odds API's quota reserve). */
  beforeTry?: () => void;
  /** Every answer that came, success or not, before it is judged (The Odds API's quota headers). */
  onAnswer?: (answer: ProviderAnswer, label: string) => void;
  /** Called before the wait for another try; by default it logs the failure and the wait. */
  onRetry?: (failure: ProviderFailure, waitMs: number, nextTry: number) => void;
}

type Outcome = { answer: ProviderAnswer; body: unknown } | { failure: ProviderFailure };

export class ProviderHttp<E extends ProviderHttpError> {
  constructor(private readonly options: ProviderHttpOptions<E>) {}

  /** A JSON call: the parsed body of a 2xx (undefined when empty), else the client's error. */
  async json(label: string, url: string | URL, init: RequestInit = {}): Promise<unknown> {
    return (await this.tried(label, url, init, 'json')).body;
  }

  /** A call whose 2xx answer is wanted as it came (The Odds API's bodies are kept raw). */
  async text(label: string, url: string | URL, init: RequestInit = {}): Promise<ProviderAnswer> {
    return (await this.tried(label, url, init, 'text')).answer;
  }

  /**
   * A call with an OAuth access token: when the provider refuses the token (401), it is forgotten and the
   * call made once more with a new one.
   */
  async withToken<T>(label: string, token: AccessToken, call: (bearer: string) => Promise<T>): Promise<T> {
    for (let renewed = false; ; renewed = true) {
      const bearer = await token.current();
      try {
        return await call(bearer);
      } catch (error) {
        if (error instanceof ProviderHttpError && error.status === 401 && !renewed) {
          this.options.log(`${this.options.provider} refused the access token on ${label}: getting a new one`);
          token.forget();
          continue;
        }
        throw error;
      }
    }
  }

  private async tried(
    label: string,
    url: string | URL,
    init: RequestInit,
    read: 'json' | 'text',
  ): Promise<{ answer: ProviderAnswer; body: unknown }> {
    const { retry, errorOf } = this.options;
    for (let tryNumber = 1; ; tryNumber++) {
      this.options.beforeTry?.();
      const outcome = await this.once(label, url, init, read);
      if ('answer' in outcome) return outcome;
      const { failure } = outcome;
      const retryable =
        failure.status === undefined ? retry.retryUnanswered : failure.status === 429 || failure.status >= 500;
      if (!retryable || tryNumber >= retry.attempts) throw errorOf(failure);
      this.options.beforeTry?.();
      const waitMs = failure.retryAfterMs ?? Math.min(retry.baseDelayMs * 2 ** (tryNumber - 1), retry.maxDelayMs);
      if (waitMs > retry.maxDelayMs) {
        throw errorOf({
          ...failure,
          message:
            `${failure.message} (the API asks to wait ${Math.ceil(waitMs / 1000)} s, longer than the ` +
            `${Math.round(retry.maxDelayMs / 1000)} s this client waits; not tried again)`,
        });
      }
      if (this.options.onRetry) this.options.onRetry(failure, waitMs, tryNumber + 1);
      else {
        this.options.log(`${this.options.provider} ${label} failed (${failure.message}): trying again in ${waitMs} ms`);
      }
      await this.options.sleep(waitMs);
    }
  }

  /** One try. */
  private async once(label: string, url: string | URL, init: RequestInit, read: 'json' | 'text'): Promise<Outcome> {
    const { provider, timeoutMs } = this.options;
    let response: Response;
    let text: string;
    try {
      response = await this.options.fetch(url, {
        ...init,
        ...(timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
      const failure = (kind: 'timeout' | 'unreachable', message: string): Outcome => ({
        failure: { kind, message, status: undefined, body: undefined, headers: undefined, retryAfterMs: undefined },
      });
      return timedOut
        ? failure(
            'timeout',
            `${provider} did not answer ${label} ${timeoutMs === undefined ? 'in time' : `within ${timeoutMs} ms`}`,
          )
        : failure('unreachable', `${provider} could not be reached (${label})${reason ? `: ${reason}` : ''}`);
    }
    const answer: ProviderAnswer = { status: response.status, headers: response.headers, text };
    this.options.onAnswer?.(answer, label);
    if (response.ok && read === 'text') return { answer, body: text };
    let body: unknown = text === '' ? undefined : text;
    let parsed = text === '';
    if (!parsed) {
      try {
        body = JSON.parse(text);
        parsed = true;
      } catch {
        // Left as text: an error page from a proxy in front of the provider, or a body cut short.
      }
    }
    if (response.ok && parsed) return { answer, body };
    const notJson = read === 'json' && !parsed;
    return {
      failure: {
        kind: notJson ? 'not-json' : 'status',
        // A success that cannot be read is the provider's failure, worth another try.
        status: response.ok ? 502 : response.status,
        body,
        headers: response.headers,
        message: notJson
          ? `${provider} answered ${response.status} with a body that is not JSON`
          : (this.options.messageOf?.({ status: response.status, body, label }) ??
            `${provider} answered ${response.status}`),
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), new Date(this.options.now())),
      },
    };
  }
}

/** A token answer of OAuth 2.0 (RFC 6749 section 5.1), the parts a client keeps. */
export interface GrantedToken {
  accessToken: string;
  expiresInSeconds: number;
}

/** A token is renewed this long before it expires, so no call carries one that lapses in flight. */
const TOKEN_MARGIN_MS = 60_000;

/** The access token and its lifetime from an OAuth token answer, or null when it has none. */
export function grantedToken(body: unknown): GrantedToken | null {
  const answer = body as { access_token?: unknown; expires_in?: unknown } | undefined;
  if (typeof answer?.access_token !== 'string' || typeof answer.expires_in !== 'number') return null;
  return { accessToken: answer.access_token, expiresInSeconds: answer.expires_in };
}

/**
 * An OAuth access token a client keeps: asked for once however many calls wait for it, kept until shortly
 * before it expires, and asked for again once forgotten.
 */
export class AccessToken {
  private held: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly grant: () => Promise<GrantedToken>,
    /** The clock the token's expiry is read against. */
    private readonly now: () => number,
  ) {}

  current(): Promise<string> {
    if (this.held && this.held.expiresAt > this.now()) return Promise.resolve(this.held.value);
    this.pending ??= this.grant()
      .then(({ accessToken, expiresInSeconds }) => {
        this.held = {
          value: accessToken,
          expiresAt: this.now() + Math.max(0, expiresInSeconds * 1000 - TOKEN_MARGIN_MS),
        };
        return accessToken;
      })
      .finally(() => (this.pending = null));
    return this.pending;
  }

  /** The provider refused the token: the next call asks for a new one. */
  forget(): void {
    this.held = null;
  }
}

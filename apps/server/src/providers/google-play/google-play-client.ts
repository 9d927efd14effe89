import { createSign } from 'node:crypto';
import { z } from 'zod';
import {
  DEFAULT_PROVIDER_RETRY,
  sleepFor,
  withProviderRetries,
  type ProviderRetryPolicy,
} from '../../lib/provider-retry.js';
import { guardedFetch, STRICT_OUTBOUND, type OutboundPolicy } from '../../lib/outbound.js';

/**
 * Google Play's Android Publisher API v3, the calls billing needs (`../shared/contracts/README.md`, "Mobile
 * stores"; decision 047): `purchases.subscriptionsv2.get` and `purchases.subscriptions.cancel`. The client:
 * - gets an access token with the service account's OAuth 2.0 JWT bearer grant (an RS256 assertion signed
 *   with the account's key), keeps it until shortly before it expires, asks for one at a time however many
 *   calls wait, and gets a new one once when a call answers 401;
 * - gives each try a time limit and tries again on 5xx, 429, a reset or refused connection and a time-out,
 *   after a doubling backoff;
 * - never puts the key, the assertion or a token in an error or a log line.
 */

export const GOOGLE_PLAY_API_URL = 'https://androidpublisher.googleapis.com';
const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';

export class GooglePlayError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or undefined when no answer came (unreachable, reset, timed out). */
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'GooglePlayError';
  }

  /** Google has no such purchase (404), or no longer keeps it (410). */
  get notFound(): boolean {
    return this.status === 404 || this.status === 410;
  }
}

/** The part of a `SubscriptionPurchaseV2` billing reads; Google sends more. */
export const SubscriptionPurchaseV2 = z.object({
  kind: z.string().optional(),
  startTime: z.string().optional(),
  subscriptionState: z.string(),
  latestOrderId: z.string().optional(),
  linkedPurchaseToken: z.string().optional(),
  acknowledgementState: z.string().optional(),
  externalAccountIdentifiers: z
    .object({
      obfuscatedExternalAccountId: z.string().optional(),
      obfuscatedExternalProfileId: z.string().optional(),
    })
    .optional(),
  lineItems: z
    .array(
      z.object({
        productId: z.string(),
        expiryTime: z.string().optional(),
        autoRenewingPlan: z.object({ autoRenewEnabled: z.boolean().optional() }).optional(),
      }),
    )
    .default([]),
});
export type SubscriptionPurchaseV2 = z.infer<typeof SubscriptionPurchaseV2>;

export type GooglePlayRetryPolicy = ProviderRetryPolicy;

export interface GooglePlayClientOptions {
  /** GOOGLE_PLAY_API_URL: Google's host, or a local fake in tests. */
  baseUrl: string;
  packageName: string;
  serviceAccount: { client_email: string; private_key: string; token_uri: string };
  timeoutMs?: number;
  retry?: Partial<GooglePlayRetryPolicy>;
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
  fetch?: typeof fetch;
  /** Where requests may go (lib/outbound.ts); strict by default. */
  outbound?: OutboundPolicy;
  /** The clock the assertion and the token's expiry are read against. */
  now?: () => number;
}

export const DEFAULT_GOOGLE_PLAY_TIMEOUT_MS = 15_000;
/** A token is renewed this long before it expires, so no call carries one that lapses in flight. */
const TOKEN_MARGIN_MS = 60_000;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export class GooglePlayClient {
  readonly packageName: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly retry: GooglePlayRetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly log: (message: string) => void;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenPending: Promise<string> | null = null;

  constructor(private readonly options: GooglePlayClientOptions) {
    this.packageName = options.packageName;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_GOOGLE_PLAY_TIMEOUT_MS;
    this.retry = { ...DEFAULT_PROVIDER_RETRY, ...options.retry };
    this.sleep = options.sleep ?? sleepFor;
    this.log = options.log ?? (() => {});
    this.fetchImpl = options.fetch ?? guardedFetch(options.outbound ?? STRICT_OUTBOUND);
    this.now = options.now ?? Date.now;
  }

  /** `purchases.subscriptionsv2.get`: the subscription a purchase token names, as Google holds it now. */
  async getSubscription(purchaseToken: string): Promise<SubscriptionPurchaseV2> {
    const body = await this.call(
      'GET',
      `/androidpublisher/v3/applications/${encodeURIComponent(this.packageName)}/purchases/subscriptionsv2/tokens/${encodeURIComponent(purchaseToken)}`,
    );
    const parsed = SubscriptionPurchaseV2.safeParse(body);
    if (!parsed.success) throw new GooglePlayError('Google Play answered with a subscription it could not read', 502);
    return parsed.data;
  }

  /** `purchases.subscriptions.cancel`: stops renewing; the member keeps access until the paid period ends. */
  async cancelSubscription(productId: string, purchaseToken: string): Promise<void> {
    await this.call(
      'POST',
      `/androidpublisher/v3/applications/${encodeURIComponent(this.packageName)}/purchases/subscriptions/${encodeURIComponent(productId)}/tokens/${encodeURIComponent(purchaseToken)}:cancel`,
    );
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    this.tokenPending ??= this.fetchToken().finally(() => (this.tokenPending = null));
    return this.tokenPending;
  }

  /** The JWT bearer grant (RFC 7523): an assertion signed with the service account's key. */
  private async fetchToken(): Promise<string> {
    const { client_email: email, private_key: key, token_uri: tokenUri } = this.options.serviceAccount;
    const issuedAt = Math.floor(this.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const claims = base64url(
      JSON.stringify({ iss: email, scope: SCOPE, aud: tokenUri, iat: issuedAt, exp: issuedAt + 3600 }),
    );
    let signature: string;
    try {
      signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(key, 'base64url');
    } catch {
      throw new GooglePlayError('The Google Play service account key cannot sign', undefined);
    }
    const body = new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: `${header}.${claims}.${signature}`,
    }).toString();
    const answer = (await this.withRetries('token', () =>
      this.send(tokenUri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
      }),
    )) as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (typeof answer?.access_token !== 'string' || typeof answer.expires_in !== 'number') {
      throw new GooglePlayError('Google answered the token request without a token', 502);
    }
    this.token = {
      value: answer.access_token,
      expiresAt: this.now() + Math.max(0, answer.expires_in * 1000 - TOKEN_MARGIN_MS),
    };
    return answer.access_token;
  }

  private async call(method: 'GET' | 'POST', path: string): Promise<unknown> {
    const label = `${method} ${path.replace(/\/tokens\/[^/:]+/, '/tokens/…')}`;
    for (let renewed = false; ; renewed = true) {
      const token = await this.accessToken();
      try {
        return await this.withRetries(label, () =>
          this.send(`${this.baseUrl}${path}`, {
            method,
            headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          }),
        );
      } catch (error) {
        if (error instanceof GooglePlayError && error.status === 401 && !renewed) {
          this.log(`Google Play refused the access token on ${label}: getting a new one`);
          this.token = null;
          continue;
        }
        throw error;
      }
    }
  }

  private withRetries(label: string, attempt: () => Promise<unknown>): Promise<unknown> {
    return withProviderRetries(attempt, {
      policy: this.retry,
      statusOf: (error) => (error instanceof GooglePlayError ? error.status : null),
      sleep: this.sleep,
      onRetry: (error, waitMs) =>
        this.log(`Google Play ${label} failed (${(error as Error).message}): trying again in ${waitMs} ms`),
    });
  }

  /** One try: the parsed body of a 2xx (undefined when empty), else a GooglePlayError. */
  private async send(url: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new GooglePlayError(
        timedOut ? `Google Play did not answer within ${this.timeoutMs} ms` : 'Google Play could not be reached',
        undefined,
      );
    }
    let body: unknown;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        throw new GooglePlayError(
          `Google Play answered ${response.status} with a body that is not JSON`,
          response.ok ? 502 : response.status,
        );
      }
    }
    if (response.ok) return body;
    const error = (body as { error?: { message?: unknown; status?: unknown } } | undefined)?.error;
    const reason = typeof error?.message === 'string' ? error.message : `HTTP ${response.status}`;
    throw new GooglePlayError(`Google Play answered ${response.status}: ${reason.slice(0, 200)}`, response.status);
  }
}

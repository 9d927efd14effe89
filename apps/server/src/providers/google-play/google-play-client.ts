import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { z } from 'zod';
import { guardedFetch, STRICT_OUTBOUND, type OutboundPolicy } from '../../lib/outbound.js';
import {
  AccessToken,
  DEFAULT_PROVIDER_RETRY,
  grantedToken,
  ProviderHttp,
  ProviderHttpError,
  sleepFor,
  type ProviderRetryPolicy,
} from '../../lib/provider-http.js';

/**
 * Google Play's Android Publisher API v3, the calls billing needs (`../shared/contracts/README.md`, "Mobile
 * stores"; decision 047): `purchases.subscriptionsv2.get` and `purchases.subscriptions.cancel`. The client:
 * - gets an access token with the service account's OAuth 2.0 JWT bearer grant (an RS256 assertion signed
 *   with the account's key by `jose`), keeps it until shortly before it expires, asks for one at a time however
 *   many calls wait, and gets a new one once when a call answers 401;
 * - gives each try a time limit and tries again on 5xx, 429, a reset or refused connection and a time-out,
 *   after the wait a Retry-After asks for or a doubling backoff (lib/provider-http.ts);
 * - never puts the key, the assertion or a token in an error or a log line.
 */

export const GOOGLE_PLAY_API_URL = 'https://androidpublisher.googleapis.com';
const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';

export class GooglePlayError extends ProviderHttpError {
  constructor(
    message: string,
    /** The HTTP status, or undefined when no answer came (unreachable, reset, timed out). */
    status: number | undefined,
    body?: unknown,
  ) {
    super(message, status, body);
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
  /** The clock the assertion, the token's expiry and a Retry-After date are read against. */
  now?: () => number;
}

export const DEFAULT_GOOGLE_PLAY_TIMEOUT_MS = 15_000;
/** How long an assertion is good for: Google takes one hour at most. */
const ASSERTION_LIFETIME_SECONDS = 3600;

export class GooglePlayClient {
  readonly packageName: string;
  private readonly baseUrl: string;
  private readonly now: () => number;
  private readonly http: ProviderHttp<GooglePlayError>;
  private readonly token: AccessToken;

  constructor(private readonly options: GooglePlayClientOptions) {
    this.packageName = options.packageName;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
    this.http = new ProviderHttp({
      provider: 'Google Play',
      fetch: options.fetch ?? guardedFetch(options.outbound ?? STRICT_OUTBOUND),
      timeoutMs: options.timeoutMs ?? DEFAULT_GOOGLE_PLAY_TIMEOUT_MS,
      retry: { ...DEFAULT_PROVIDER_RETRY, ...options.retry },
      sleep: options.sleep ?? sleepFor,
      log: options.log ?? (() => {}),
      now: this.now,
      errorOf: (failure) => new GooglePlayError(failure.message, failure.status, failure.body),
      messageOf: ({ status, body }) => {
        const error = (body as { error?: { message?: unknown } } | undefined)?.error;
        const reason = typeof error?.message === 'string' ? error.message : `HTTP ${status}`;
        return `Google Play answered ${status}: ${reason.slice(0, 200)}`;
      },
    });
    this.token = new AccessToken(() => this.fetchToken(), this.now);
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

  /** The JWT bearer grant (RFC 7523): an assertion signed with the service account's key. */
  private async fetchToken() {
    const { client_email: email, private_key: key, token_uri: tokenUri } = this.options.serviceAccount;
    const issuedAt = Math.floor(this.now() / 1000);
    let assertion: string;
    try {
      assertion = await new SignJWT({ scope: SCOPE })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
        .setIssuer(email)
        .setAudience(tokenUri)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ASSERTION_LIFETIME_SECONDS)
        .sign(createPrivateKey(key));
    } catch {
      throw new GooglePlayError('The Google Play service account key cannot sign', undefined);
    }
    const answer = await this.http.json(`POST ${new URL(tokenUri).pathname}`, tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
    });
    const granted = grantedToken(answer);
    if (!granted) throw new GooglePlayError('Google answered the token request without a token', 502);
    return granted;
  }

  private call(method: 'GET' | 'POST', path: string): Promise<unknown> {
    const label = `${method} ${path.replace(/\/tokens\/[^/:]+/, '/tokens/…')}`;
    return this.http.withToken(label, this.token, (bearer) =>
      this.http.json(label, `${this.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
      }),
    );
  }
}

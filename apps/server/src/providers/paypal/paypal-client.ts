import { randomUUID } from 'node:crypto';
import { guardedFetch, STRICT_OUTBOUND, type OutboundPolicy } from '../../lib/outbound.js';
import {
  AccessToken,
  DEFAULT_PROVIDER_RETRY,
  grantedToken,
  ProviderHttp,
  ProviderHttpError,
  sleepFor,
  type ProviderFailure,
  type ProviderRetryPolicy,
} from '../../lib/provider-http.js';
import type {
  PayPalPlan,
  PayPalPlanRequest,
  PayPalProduct,
  PayPalProductRequest,
  PayPalSubscription,
  PayPalWebhookVerification,
} from './paypal-types.js';

/**
 * PayPal's REST API v1 (Subscriptions, Catalog Products, Webhooks), as `../shared/contracts/README.md`
 * describes it. The client:
 * - gets an OAuth access token with the client credentials, keeps it until shortly before it expires, asks
 *   for one token at a time however many calls wait for it, and gets a new one once when a call answers 401;
 * - sends a `PayPal-Request-Id` with every POST, so a POST tried again after a timeout or a reset connection
 *   is done once at PayPal;
 * - gives each try a time limit, and tries again on 5xx, 429, a reset or refused connection and a time-out,
 *   after the wait a Retry-After asks for or a doubling backoff (lib/provider-http.ts);
 * - turns PayPal's error body (`name`, `message`, `debug_id`, `details`) into a `PayPalError`; the secret and
 *   tokens are never put in an error or a log line.
 */

export const PAYPAL_LIVE_URL = 'https://api-m.paypal.com';
export const PAYPAL_SANDBOX_URL = 'https://api-m.sandbox.paypal.com';

export interface PayPalErrorDetail {
  field?: string;
  value?: string;
  location?: string;
  issue: string;
  description?: string;
}

export class PayPalError extends ProviderHttpError {
  constructor(
    message: string,
    /** The HTTP status, or undefined when no answer came (unreachable, reset, timed out). */
    status: number | undefined,
    /** PayPal's error name (`RESOURCE_NOT_FOUND`, `UNPROCESSABLE_ENTITY`, …), or ours for a transport failure. */
    readonly errorName: string,
    readonly debugId?: string,
    readonly details: PayPalErrorDetail[] = [],
    body?: unknown,
  ) {
    super(message, status, body);
    this.name = 'PayPalError';
  }

  /** True when PayPal answered that the thing does not exist. */
  get notFound(): boolean {
    return this.status === 404;
  }

  /** The first detail's issue (`SUBSCRIPTION_STATUS_INVALID`, …), PayPal's reason for a 422. */
  get issue(): string | undefined {
    return this.details[0]?.issue;
  }
}

export type PayPalRetryPolicy = ProviderRetryPolicy;

export interface PayPalClientOptions {
  /** PAYPAL_API_URL: the sandbox or live host, or a local fake in tests. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Each try's time limit. */
  timeoutMs?: number;
  retry?: Partial<PayPalRetryPolicy>;
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
  fetch?: typeof fetch;
  /** Where requests may go (lib/outbound.ts); strict by default. */
  outbound?: OutboundPolicy;
  /** The clock the token's expiry and a Retry-After date are read against. */
  now?: () => number;
}

export const DEFAULT_PAYPAL_TIMEOUT_MS = 15_000;
/** PayPal's largest page of a list. */
const LIST_PAGE_SIZE = 20;
/** A bound on the pages read from one list (20 × 50 items), should a list never say it ended. */
const MAX_LIST_PAGES = 50;

interface CallOptions {
  body?: unknown;
  /** For a POST: the idempotency key; one is made when not given, and kept across this call's tries. */
  requestId?: string;
  query?: Record<string, string>;
}

export class PayPalClient {
  private readonly baseUrl: string;
  private readonly http: ProviderHttp<PayPalError>;
  private readonly token: AccessToken;

  constructor(private readonly options: PayPalClientOptions) {
    if (!options.clientId || !options.clientSecret) {
      throw new PayPalError('PayPal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.', undefined, 'NOT_CONFIGURED');
    }
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    const now = options.now ?? Date.now;
    this.http = new ProviderHttp({
      provider: 'PayPal',
      fetch: options.fetch ?? guardedFetch(options.outbound ?? STRICT_OUTBOUND),
      timeoutMs: options.timeoutMs ?? DEFAULT_PAYPAL_TIMEOUT_MS,
      retry: { ...DEFAULT_PROVIDER_RETRY, ...options.retry },
      sleep: options.sleep ?? sleepFor,
      log: options.log ?? (() => {}),
      now,
      errorOf: payPalError,
      messageOf: ({ status, body }) => {
        const { name, message } = payPalErrorBody(body);
        return `${message ?? `PayPal answered ${status}`} (${name}, ${status})`;
      },
    });
    this.token = new AccessToken(() => this.fetchToken(), now);
  }

  // Catalog products and plans (the admin's provisioning).

  createProduct(product: PayPalProductRequest, requestId?: string): Promise<PayPalProduct> {
    return this.call('POST', '/v1/catalogs/products', { body: product, ...(requestId ? { requestId } : {}) });
  }

  /** Every catalog product, page after page. */
  listProducts(): Promise<PayPalProduct[]> {
    return this.listAll('/v1/catalogs/products', {}, (page: { products?: PayPalProduct[] }) => page.products);
  }

  createPlan(plan: PayPalPlanRequest, requestId?: string): Promise<PayPalPlan> {
    return this.call('POST', '/v1/billing/plans', { body: plan, ...(requestId ? { requestId } : {}) });
  }

  /** Every plan (of one product when given), page after page. */
  listPlans(productId?: string): Promise<PayPalPlan[]> {
    return this.listAll(
      '/v1/billing/plans',
      productId ? { product_id: productId } : {},
      (page: { plans?: PayPalPlan[] }) => page.plans,
    );
  }

  /**
   * Reads a PayPal list to its end: pages of PayPal's largest size until the totals say the last one was read
   * (or a page comes back short, should the totals be missing).
   */
  private async listAll<Page, Item>(
    path: string,
    filter: Record<string, string>,
    itemsOf: (page: Page) => Item[] | undefined,
  ): Promise<Item[]> {
    const all: Item[] = [];
    for (let number = 1; number <= MAX_LIST_PAGES; number++) {
      const page = await this.call<Page & { total_pages?: number }>('GET', path, {
        query: { ...filter, page: String(number), page_size: String(LIST_PAGE_SIZE), total_required: 'true' },
      });
      const items = itemsOf(page) ?? [];
      all.push(...items);
      const last = page.total_pages !== undefined ? number >= page.total_pages : items.length < LIST_PAGE_SIZE;
      if (last) break;
    }
    return all;
  }

  getPlan(planId: string): Promise<PayPalPlan> {
    return this.call('GET', `/v1/billing/plans/${encodeURIComponent(planId)}`);
  }

  // Subscriptions.

  getSubscription(subscriptionId: string): Promise<PayPalSubscription> {
    return this.call('GET', `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}`);
  }

  /** Cancels at PayPal (204). PayPal answers 422 `SUBSCRIPTION_STATUS_INVALID` unless it is ACTIVE or SUSPENDED. */
  async cancelSubscription(subscriptionId: string, reason: string): Promise<void> {
    await this.call('POST', `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, {
      body: { reason },
    });
  }

  // Webhooks.

  /** PayPal's own check of a webhook's signature; only `SUCCESS` means the event came from PayPal. */
  verifyWebhookSignature(verification: PayPalWebhookVerification): Promise<{ verification_status: string }> {
    return this.call('POST', '/v1/notifications/verify-webhook-signature', { body: verification });
  }

  /** The client-credentials grant. */
  private async fetchToken() {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const answer = await this.http.json('POST /v1/oauth2/token', `${this.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const granted = grantedToken(answer);
    if (!granted)
      throw new PayPalError('PayPal answered the token request without a token.', 200, 'MALFORMED_RESPONSE');
    return granted;
  }

  /** One API call with the bearer token: a 401 renews the token once; the POST's request id is kept across tries. */
  private async call<T>(method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<T> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
    const requestId = method === 'POST' ? (options.requestId ?? randomUUID()) : undefined;
    const label = `${method} ${path}`;
    return (await this.http.withToken(label, this.token, (bearer) =>
      this.http.json(label, url, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(requestId ? { 'paypal-request-id': requestId } : {}),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      }),
    )) as T;
  }
}

/** The fields of PayPal's error body (`{name, message, debug_id, details}`; the token endpoint's `{error}`). */
function payPalErrorBody(body: unknown) {
  const error = (typeof body === 'object' && body !== null ? body : {}) as {
    name?: unknown;
    message?: unknown;
    debug_id?: unknown;
    details?: unknown;
    error?: unknown;
  };
  return {
    name: typeof error.name === 'string' ? error.name : typeof error.error === 'string' ? error.error : 'HTTP_ERROR',
    message: typeof error.message === 'string' ? error.message : undefined,
    debugId: typeof error.debug_id === 'string' ? error.debug_id : undefined,
    details: Array.isArray(error.details) ? (error.details as PayPalErrorDetail[]) : [],
  };
}

/** A failed call as a PayPalError: PayPal's error name, debug id and details, or ours when there is no answer. */
function payPalError(failure: ProviderFailure): PayPalError {
  if (failure.kind === 'timeout' || failure.kind === 'unreachable') {
    return new PayPalError(failure.message, undefined, failure.kind === 'timeout' ? 'TIMEOUT' : 'UNREACHABLE');
  }
  const headerDebugId = failure.headers?.get('paypal-debug-id') ?? undefined;
  if (failure.kind === 'not-json') {
    return new PayPalError(failure.message, failure.status, 'MALFORMED_RESPONSE', headerDebugId, [], failure.body);
  }
  const { name, debugId, details } = payPalErrorBody(failure.body);
  return new PayPalError(failure.message, failure.status, name, debugId ?? headerDebugId, details, failure.body);
}

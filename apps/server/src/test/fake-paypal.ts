import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { findRepoRoot } from '../modules/imports/shared-data.js';
import type {
  PayPalPlan,
  PayPalProduct,
  PayPalSubscription,
  PayPalSubscriptionStatus,
  PayPalWebhookEvent,
} from '../providers/paypal/paypal-types.js';

/**
 * A local PayPal for the tests (`../shared/contracts/README.md`, "PayPal Subscriptions"): OAuth client
 * credentials, catalog products, plans, subscriptions and the webhook signature check, kept in memory. Every
 * JSON answer it sends is checked against PayPal's own OpenAPI schemas with ajv; an answer that does not
 * match is recorded in `schemaViolations` and sent as a 500, so a test of the client fails rather than pass
 * against a PayPal that does not exist. It can be told to fail: 500, 503, a slow answer, a reset connection,
 * a body that is not JSON.
 */

const CONTRACTS_DIR = path.resolve(findRepoRoot() ?? '.', '../shared/contracts/paypal');

type SchemaDoc = 'billing' | 'catalogs' | 'notifications';
const SCHEMA_FILES: Record<SchemaDoc, string> = {
  billing: 'billing_subscriptions_v1.json',
  catalogs: 'catalogs_products_v1.json',
  notifications: 'notifications_webhooks_v1.json',
};

let sharedAjv: Ajv | null = null;
const validators = new Map<string, ValidateFunction>();

/** The validator of one of PayPal's component schemas (`billing`, `subscription`), compiled once per run. */
function validatorFor(doc: SchemaDoc, schema: string): ValidateFunction {
  const key = `${doc}#${schema}`;
  let validate = validators.get(key);
  if (!validate) {
    if (!sharedAjv) {
      // OpenAPI 3.0 schemas carry keywords JSON Schema does not know (nullable, discriminator, example), and
      // patterns written for engines without the u flag (the email address's).
      sharedAjv = new Ajv({ strict: false, allErrors: true, validateFormats: true, unicodeRegExp: false });
      addFormats.default(sharedAjv);
      // PayPal's own format names: its dates are RFC 3339 date-times and dates; the other formats are checked
      // by the patterns written beside them, so they accept any string here.
      sharedAjv.addFormat('ppaas_date_time_v3', sharedAjv.formats['date-time']!);
      sharedAjv.addFormat('ppaas_date_notime_v2', sharedAjv.formats.date!);
      for (const name of [
        'merchant_common_email_address_v2',
        'payer_v1',
        'ppaas_common_country_code_v2',
        'ppaas_common_currency_code_v2',
        'ppaas_common_email_address_v2',
        'ppaas_common_language_v3',
        'ppaas_common_percentage_v2',
        'ppaas_payer_id_v3',
      ])
        sharedAjv.addFormat(name, true);
      for (const [name, file] of Object.entries(SCHEMA_FILES)) {
        const parsed = JSON.parse(readFileSync(path.join(CONTRACTS_DIR, file), 'utf8')) as Record<string, unknown>;
        sharedAjv.addSchema({ ...parsed, $id: `paypal-${name}` });
      }
    }
    validate = sharedAjv.getSchema(`paypal-${doc}#/components/schemas/${schema}`);
    if (!validate) throw new Error(`PayPal's ${doc} contract has no schema ${schema}`);
    validators.set(key, validate);
  }
  return validate;
}

export type FailureMode = 500 | 503 | 'slow' | 'reset' | 'malformed';

interface Failure {
  /** A path prefix (`/v1/billing/subscriptions`), or '*' for any request. */
  path: string;
  mode: FailureMode;
  remaining: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  requestId: string | undefined;
  authorization: string | undefined;
  body: unknown;
}

export interface FakePayPalOptions {
  clientId?: string;
  clientSecret?: string;
  /** Seconds each access token lasts. */
  tokenLifetimeSeconds?: number;
  /** How long a 'slow' failure holds its answer. */
  slowMs?: number;
}

const isoNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const paypalId = (prefix: string, length = 13) =>
  `${prefix}${randomBytes(length).toString('hex').toUpperCase().slice(0, length)}`;

export class FakePayPal {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookId = `WH${randomBytes(8).toString('hex').toUpperCase()}`;
  readonly products = new Map<string, PayPalProduct>();
  readonly plans = new Map<string, PayPalPlan>();
  readonly subscriptions = new Map<string, PayPalSubscription>();
  readonly requests: RecordedRequest[] = [];
  readonly schemaViolations: string[] = [];
  private readonly tokens = new Map<string, number>();
  private readonly byRequestId = new Map<string, { status: number; body: unknown }>();
  private readonly failures: Failure[] = [];
  private readonly signingKey = randomBytes(32);
  private readonly tokenLifetimeSeconds: number;
  private readonly slowMs: number;
  private server: Server | null = null;
  url = '';

  constructor(options: FakePayPalOptions = {}) {
    this.clientId = options.clientId ?? `client-${randomUUID()}`;
    this.clientSecret = options.clientSecret ?? randomBytes(16).toString('hex');
    this.tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 32_400;
    this.slowMs = options.slowMs ?? 2_000;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        this.schemaViolations.push(`fake failed: ${String(error)}`);
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next `times` requests whose path starts with `path` ('*': any) fail this way. */
  failNext(path: string, mode: FailureMode, times = 1): void {
    this.failures.push({ path, mode, remaining: times });
  }

  /** Every token handed out so far stops working (PayPal answers 401), as when one expires early. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  /** A subscription as PayPal holds it after the buyer approved it in PayPal's window. */
  addSubscription(fields: {
    plan_id: string;
    custom_id?: string;
    status?: PayPalSubscriptionStatus;
    email?: string;
  }): PayPalSubscription {
    const now = isoNow();
    const subscription: PayPalSubscription = {
      id: paypalId('I-', 12),
      plan_id: fields.plan_id,
      status: fields.status ?? 'ACTIVE',
      status_update_time: now,
      start_time: now,
      create_time: now,
      ...(fields.custom_id === undefined ? {} : { custom_id: fields.custom_id }),
      subscriber: { email_address: fields.email ?? 'buyer@example.com' },
      billing_info: {
        outstanding_balance: { currency_code: 'USD', value: '0.00' },
        next_billing_time: new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        failed_payments_count: 0,
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** Moves a subscription to a new status, as PayPal does on its own (payment failed, expired). */
  setStatus(subscriptionId: string, status: PayPalSubscriptionStatus): void {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    subscription.status = status;
    subscription.status_update_time = isoNow();
  }

  /**
   * A webhook event about a subscription and the transmission headers PayPal would send with it; the fake's
   * verify-webhook-signature call answers SUCCESS for exactly these headers with this body.
   */
  webhook(
    eventType: string,
    resource: Record<string, unknown>,
  ): { event: PayPalWebhookEvent; body: string; headers: Record<string, string> } {
    const event: PayPalWebhookEvent = {
      id: paypalId('WH-', 17),
      event_type: eventType,
      resource_type: eventType.startsWith('PAYMENT.SALE') ? 'sale' : 'subscription',
      create_time: isoNow(),
      resource,
    };
    const body = JSON.stringify(event);
    return { event, body, headers: this.sign(body) };
  }

  /** Transmission headers for a body, signed with the fake's key. */
  sign(body: string): Record<string, string> {
    const transmissionId = randomUUID();
    const transmissionTime = isoNow();
    return {
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': this.signature(transmissionId, transmissionTime, body),
      'paypal-cert-url': `${this.url}/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270`,
      'paypal-auth-algo': 'SHA256withRSA',
    };
  }

  private signature(transmissionId: string, transmissionTime: string, body: string): string {
    return createHmac('sha256', this.signingKey)
      .update(`${transmissionId}|${transmissionTime}|${this.webhookId}|${body}`)
      .digest('base64');
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const raw = await readBody(request);
    const requestId = header(request, 'paypal-request-id');
    const authorization = header(request, 'authorization');
    let body: unknown = raw;
    if (header(request, 'content-type')?.includes('application/json') && raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        return this.reply(response, 400, errorBody(400), 'billing', 'error_400');
      }
    }
    this.requests.push({ method: request.method ?? 'GET', path: url.pathname, requestId, authorization, body });

    const failure = this.failures.find((entry) => entry.path === '*' || url.pathname.startsWith(entry.path));
    if (failure) {
      failure.remaining -= 1;
      if (failure.remaining <= 0) this.failures.splice(this.failures.indexOf(failure), 1);
      if (failure.mode === 'reset') return request.socket.destroy();
      if (failure.mode === 'malformed') {
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end('{"id": "I-TRUNCATED", "status": ');
      }
      if (failure.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, this.slowMs));
      else {
        return this.reply(response, failure.mode, errorBody(failure.mode), 'billing', `error_${failure.mode}`);
      }
    }

    if (url.pathname.startsWith('/sdk/')) return this.sdk(request, response, url, raw);
    if (request.method === 'POST' && url.pathname === '/v1/oauth2/token') return this.token(request, response, raw);
    if (!this.authorised(authorization)) {
      return this.reply(response, 401, errorBody(401), 'billing', 'error_401');
    }
    // A POST seen before with the same request id answers as it did then, changing nothing (PayPal-Request-Id).
    if (request.method === 'POST' && requestId) {
      const seen = this.byRequestId.get(`${url.pathname} ${requestId}`);
      if (seen) return this.send(response, seen.status, seen.body);
    }
    const answer = this.route(request.method ?? 'GET', url, body);
    if (request.method === 'POST' && requestId && answer.status < 300) {
      this.byRequestId.set(`${url.pathname} ${requestId}`, { status: answer.status, body: answer.body });
    }
    return this.reply(response, answer.status, answer.body, answer.doc, answer.schema);
  }

  private route(
    method: string,
    url: URL,
    body: unknown,
  ): { status: number; body: unknown; doc: SchemaDoc; schema: string | undefined } {
    const input = (body ?? {}) as Record<string, unknown>;
    const notFound = (doc: SchemaDoc) => ({
      status: 404,
      body: errorBody(404, [{ issue: 'INVALID_RESOURCE_ID', description: 'Requested resource ID was not found.' }]),
      doc,
      schema: 'error_404',
    });
    const path = url.pathname;

    if (path === '/v1/catalogs/products' && method === 'POST') {
      if (typeof input.name !== 'string' || typeof input.type !== 'string') {
        return { status: 400, body: invalidField('name'), doc: 'catalogs', schema: 'error_400' };
      }
      const product: PayPalProduct = {
        id: paypalId('PROD-', 17),
        name: input.name,
        ...(typeof input.description === 'string' ? { description: input.description } : {}),
        create_time: isoNow(),
      };
      this.products.set(product.id, product);
      return { status: 201, body: { ...product, type: input.type }, doc: 'catalogs', schema: 'product' };
    }
    if (path === '/v1/catalogs/products' && method === 'GET') {
      const page = pageOf(url, [...this.products.values()]);
      if (!page) return { status: 400, body: invalidField('page_size'), doc: 'catalogs', schema: 'error_400' };
      // PayPal's schema gives the list at least one item: with none, the field is left out.
      const { items: products, totals } = page;
      return {
        status: 200,
        body: { ...(products.length > 0 ? { products } : {}), ...totals },
        doc: 'catalogs',
        schema: 'product_collection',
      };
    }
    if (path === '/v1/billing/plans' && method === 'POST') {
      if (typeof input.product_id !== 'string' || !this.products.has(input.product_id)) {
        return { status: 400, body: invalidField('product_id'), doc: 'billing', schema: 'error_400' };
      }
      const plan: PayPalPlan = {
        id: paypalId('P-', 24),
        product_id: input.product_id,
        name: String(input.name),
        status: (input.status as PayPalPlan['status'] | undefined) ?? 'ACTIVE',
        ...(typeof input.description === 'string' ? { description: input.description } : {}),
        billing_cycles: input.billing_cycles as PayPalPlan['billing_cycles'],
        create_time: isoNow(),
      };
      this.plans.set(plan.id, plan);
      return { status: 201, body: plan, doc: 'billing', schema: 'plan' };
    }
    if (path === '/v1/billing/plans' && method === 'GET') {
      const productId = url.searchParams.get('product_id');
      const page = pageOf(
        url,
        [...this.plans.values()].filter((plan) => !productId || plan.product_id === productId),
      );
      if (!page) return { status: 400, body: invalidField('page_size'), doc: 'billing', schema: 'error_400' };
      return { status: 200, body: { plans: page.items, ...page.totals }, doc: 'billing', schema: 'plan_collection' };
    }
    const planMatch = /^\/v1\/billing\/plans\/([^/]+)$/.exec(path);
    if (planMatch && method === 'GET') {
      const plan = this.plans.get(decodeURIComponent(planMatch[1]!));
      return plan ? { status: 200, body: plan, doc: 'billing', schema: 'plan' } : notFound('billing');
    }
    const subscriptionMatch = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel)?$/.exec(path);
    if (subscriptionMatch) {
      const subscription = this.subscriptions.get(decodeURIComponent(subscriptionMatch[1]!));
      if (!subscription) return notFound('billing');
      if (!subscriptionMatch[2] && method === 'GET') {
        return { status: 200, body: subscription, doc: 'billing', schema: 'subscription' };
      }
      if (subscriptionMatch[2] && method === 'POST') {
        if (typeof input.reason !== 'string' || input.reason.length === 0) {
          return { status: 400, body: invalidField('reason'), doc: 'billing', schema: 'error_400' };
        }
        if (subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED') {
          return {
            status: 422,
            body: errorBody(422, [
              {
                issue: 'SUBSCRIPTION_STATUS_INVALID',
                description:
                  'Invalid subscription status for cancel action; subscription status should be active or suspended.',
              },
            ]),
            doc: 'billing',
            schema: 'error_422',
          };
        }
        this.setStatus(subscription.id, 'CANCELLED');
        return { status: 204, body: undefined, doc: 'billing', schema: undefined };
      }
    }
    if (path === '/v1/notifications/verify-webhook-signature' && method === 'POST') {
      const ok =
        input.webhook_id === this.webhookId &&
        typeof input.transmission_id === 'string' &&
        typeof input.transmission_time === 'string' &&
        input.transmission_sig ===
          this.signature(input.transmission_id, input.transmission_time, JSON.stringify(input.webhook_event));
      return {
        status: 200,
        body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' },
        doc: 'notifications',
        schema: 'verify_webhook_signature_response',
      };
    }
    return notFound('billing');
  }

  /**
   * The stand-in for PayPal's browser SDK: `GET /sdk/js?client-id=…&vault=true&intent=subscription` defines
   * `window.paypal.Buttons`, whose rendered "PayPal" button plays the buyer approving in PayPal's window:
   * `actions.subscription.create({plan_id, custom_id})` makes an ACTIVE subscription here (`POST
   * /sdk/subscriptions`, allowed from any page's origin) and `onApprove` gets its id. A failure told for
   * `/sdk/subscriptions` makes `onError` run instead.
   */
  private sdk(request: IncomingMessage, response: ServerResponse, url: URL, raw: string) {
    const origin = header(request, 'origin');
    const cors: Record<string, string> = origin
      ? {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type',
          vary: 'origin',
        }
      : {};
    if (url.pathname === '/sdk/js' && request.method === 'GET') {
      const params = url.searchParams;
      if (
        params.get('client-id') !== this.clientId ||
        params.get('intent') !== 'subscription' ||
        params.get('vault') !== 'true'
      ) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        return response.end('client-id, vault=true and intent=subscription are required');
      }
      response.writeHead(200, { 'content-type': 'application/javascript', 'cache-control': 'no-store' });
      return response.end(sdkScript(this.url));
    }
    if (url.pathname === '/sdk/subscriptions' && request.method === 'OPTIONS') {
      return response.writeHead(204, cors).end();
    }
    if (url.pathname === '/sdk/subscriptions' && request.method === 'POST') {
      let input: { plan_id?: unknown; custom_id?: unknown } = {};
      try {
        input = JSON.parse(raw) as typeof input;
      } catch {
        // answered below
      }
      if (typeof input.plan_id !== 'string' || !this.plans.has(input.plan_id)) {
        response.writeHead(400, { ...cors, 'content-type': 'application/json' });
        return response.end(JSON.stringify(invalidField('plan_id')));
      }
      const subscription = this.addSubscription({
        plan_id: input.plan_id,
        ...(typeof input.custom_id === 'string' ? { custom_id: input.custom_id } : {}),
      });
      response.writeHead(201, { ...cors, 'content-type': 'application/json' });
      return response.end(JSON.stringify({ id: subscription.id, status: subscription.status }));
    }
    response.writeHead(404, cors);
    return response.end();
  }

  private token(request: IncomingMessage, response: ServerResponse, raw: string) {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (
      header(request, 'authorization') !== expected ||
      new URLSearchParams(raw).get('grant_type') !== 'client_credentials'
    ) {
      return this.send(response, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
    this.tokens.set(accessToken, Date.now() + this.tokenLifetimeSeconds * 1000);
    return this.send(response, 200, {
      scope: 'https://uri.paypal.com/services/subscriptions',
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: this.tokenLifetimeSeconds,
      nonce: `${isoNow()}${randomBytes(8).toString('hex')}`,
    });
  }

  private authorised(authorization: string | undefined): boolean {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
    const expiresAt = token ? this.tokens.get(token) : undefined;
    return expiresAt !== undefined && expiresAt > Date.now();
  }

  /** Checks the answer against PayPal's schema, then sends it; one that does not match is a fake's bug: a 500. */
  private reply(response: ServerResponse, status: number, body: unknown, doc: SchemaDoc, schema: string | undefined) {
    if (schema && body !== undefined) {
      const validate = validatorFor(doc, schema);
      if (!validate(body)) {
        this.schemaViolations.push(`${schema}: ${JSON.stringify(validate.errors)}`);
        return this.send(response, 500, errorBody(500));
      }
    }
    return this.send(response, status, body);
  }

  private send(response: ServerResponse, status: number, body: unknown) {
    const headers: Record<string, string> = { 'paypal-debug-id': randomBytes(7).toString('hex') };
    if (body === undefined) return response.writeHead(status, headers).end();
    response.writeHead(status, { ...headers, 'content-type': 'application/json' });
    return response.end(JSON.stringify(body));
  }
}

/** The stand-in SDK's script: `window.paypal.Buttons({createSubscription, onApprove, onCancel, onError})`. */
function sdkScript(origin: string): string {
  return `(function () {
  var origin = ${JSON.stringify(origin)};
  function Buttons(options) {
    return {
      isEligible: function () { return true; },
      close: function () { return Promise.resolve(); },
      render: function (container) {
        var element = typeof container === 'string' ? document.querySelector(container) : container;
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal';
        button.setAttribute('data-paypal-button', 'stand-in');
        var actions = {
          subscription: {
            create: function (input) {
              return fetch(origin + '/sdk/subscriptions', {
                method: 'POST',
                headers: { 'content-type': 'text/plain' },
                body: JSON.stringify(input)
              }).then(function (response) {
                if (!response.ok) throw new Error('PayPal could not create the subscription (' + response.status + ')');
                return response.json();
              }).then(function (body) { return body.id; });
            }
          }
        };
        button.addEventListener('click', function () {
          Promise.resolve()
            .then(function () { return options.createSubscription({}, actions); })
            .then(function (id) { return options.onApprove({ subscriptionID: id, orderID: 'O-' + id }, actions); })
            .catch(function (error) { if (options.onError) options.onError(error); });
        });
        element.appendChild(button);
        return Promise.resolve();
      }
    };
  }
  window.paypal = { Buttons: Buttons, version: 'stand-in' };
})();
`;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** PayPal's error names and messages by status, exactly as its schemas fix them. */
const ERRORS = {
  400: ['INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.'],
  401: [
    'AUTHENTICATION_FAILURE',
    'Authentication failed due to missing authorization header, or invalid authentication credentials.',
  ],
  404: ['RESOURCE_NOT_FOUND', 'The specified resource does not exist.'],
  422: [
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  ],
  500: ['INTERNAL_SERVER_ERROR', 'An internal server error occurred.'],
  503: ['SERVICE_UNAVAILABLE', 'Service Unavailable.'],
} as const;

function errorBody(
  status: keyof typeof ERRORS,
  details?: { issue: string; description?: string; field?: string; location?: string }[],
) {
  const [name, message] = ERRORS[status];
  return { name, message, debug_id: randomBytes(7).toString('hex'), ...(details ? { details } : {}) };
}

function invalidField(field: string) {
  return errorBody(400, [
    {
      field: `/${field}`,
      location: 'body',
      issue: 'MISSING_REQUIRED_PARAMETER',
      description: 'A required field / parameter is missing.',
    },
  ]);
}

/**
 * One page of a list as PayPal pages it: `page` from 1, `page_size` 1 to 20 (10 when not given), and the totals
 * only when `total_required=true`. Null when the query is out of PayPal's bounds.
 */
function pageOf<T>(url: URL, all: T[]): { items: T[]; totals: { total_items?: number; total_pages?: number } } | null {
  const page = Number(url.searchParams.get('page') ?? '1');
  const size = Number(url.searchParams.get('page_size') ?? '10');
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(size) || size < 1 || size > 20) return null;
  const items = all.slice((page - 1) * size, page * size);
  const totals =
    url.searchParams.get('total_required') === 'true'
      ? { total_items: all.length, total_pages: Math.ceil(all.length / size) }
      : {};
  return { items, totals };
}

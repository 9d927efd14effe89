import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readHistoryFile } from '../modules/imports/history-files.js';
import type {
  PayPalPlan,
  PayPalProduct,
  PayPalSubscription,
  PayPalSubscriptionStatus,
  PayPalWebhookEvent,
} from '../providers/paypal/paypal-types.js';
import { FakeHttpServer, header, type FakeAnswer, type FakeRequest } from './fake-http-server.js';

/**
 * A local PayPal for the tests (`../shared/contracts/README.md`, "PayPal Subscriptions"): OAuth client
 * credentials, catalog products, plans, subscriptions and the webhook signature check, kept in memory. Every
 * JSON answer it sends is checked against PayPal's own OpenAPI schemas (history/fixtures/paypal) with ajv; an
 * answer that does not match is recorded in `schemaViolations` and sent as a 500, so a test of the client fails
 * rather than pass against a PayPal that does not exist. It can be told to fail: 500, 503, a slow answer, a reset
 * connection, a body that is not JSON (test/fake-http-server.ts).
 */

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
        const parsed = JSON.parse(readHistoryFile(`fixtures/paypal/${file}`)) as Record<string, unknown>;
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

/** What a route of the API answers, with the PayPal schema the body must match. */
interface ApiAnswer {
  status: number;
  body: unknown;
  doc: SchemaDoc;
  schema: string | undefined;
}

/** An API route's work: the request and its JSON body. */
type ApiHandler = (request: FakeRequest, body: Record<string, unknown>) => ApiAnswer;

export class FakePayPal {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookId = `WH${randomBytes(8).toString('hex').toUpperCase()}`;
  readonly products = new Map<string, PayPalProduct>();
  readonly plans = new Map<string, PayPalPlan>();
  readonly subscriptions = new Map<string, PayPalSubscription>();
  readonly schemaViolations: string[] = [];
  private readonly tokens = new Map<string, number>();
  private readonly byRequestId = new Map<string, FakeAnswer>();
  private readonly signingKey = randomBytes(32);
  private readonly tokenLifetimeSeconds: number;
  private readonly http: FakeHttpServer<RecordedRequest>;

  constructor(options: FakePayPalOptions = {}) {
    this.clientId = options.clientId ?? `client-${randomUUID()}`;
    this.clientSecret = options.clientSecret ?? randomBytes(16).toString('hex');
    this.tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 32_400;
    this.http = new FakeHttpServer({
      routes: [
        { method: 'GET', path: '/sdk/js', answer: (request) => this.sdkScript(request) },
        {
          method: 'OPTIONS',
          path: '/sdk/subscriptions',
          answer: (request) => ({ status: 204, headers: cors(request) }),
        },
        { method: 'POST', path: '/sdk/subscriptions', answer: (request) => this.sdkSubscription(request) },
        { method: 'POST', path: '/v1/oauth2/token', answer: (request) => this.token(request) },
        { method: 'POST', path: '/v1/catalogs/products', answer: this.api((_, body) => this.createProduct(body)) },
        { method: 'GET', path: '/v1/catalogs/products', answer: this.api((request) => this.listProducts(request.url)) },
        { method: 'POST', path: '/v1/billing/plans', answer: this.api((_, body) => this.createPlan(body)) },
        { method: 'GET', path: '/v1/billing/plans', answer: this.api((request) => this.listPlans(request.url)) },
        {
          method: 'GET',
          path: /^\/v1\/billing\/plans\/([^/]+)$/,
          answer: this.api((request) => {
            const plan = this.plans.get(request.params[0]!);
            return plan ? { status: 200, body: plan, doc: 'billing', schema: 'plan' } : notFound('billing');
          }),
        },
        {
          method: 'GET',
          path: /^\/v1\/billing\/subscriptions\/([^/]+)$/,
          answer: this.api((request) => {
            const subscription = this.subscriptions.get(request.params[0]!);
            return subscription
              ? { status: 200, body: subscription, doc: 'billing', schema: 'subscription' }
              : notFound('billing');
          }),
        },
        {
          method: 'POST',
          path: /^\/v1\/billing\/subscriptions\/([^/]+)\/cancel$/,
          answer: this.api((request, body) => this.cancel(request.params[0]!, body)),
        },
        {
          method: 'POST',
          path: '/v1/notifications/verify-webhook-signature',
          answer: this.api((_, body) => this.verifyWebhookSignature(body)),
        },
      ],
      notFound: (request) => {
        if (request.path.startsWith('/sdk/')) return { status: 404, headers: cors(request) };
        if (!this.authorised(request)) return this.checked(401, errorBody(401), 'billing', 'error_401');
        return this.checked(404, notFound('billing').body, 'billing', 'error_404');
      },
      failure: (status) => this.checked(status, errorBody(status as 500 | 503), 'billing', `error_${status}`),
      record: (request) => ({
        method: request.method,
        path: request.path,
        requestId: header(request, 'paypal-request-id'),
        authorization: header(request, 'authorization'),
        body: jsonBody(request) ?? request.text,
      }),
      slowMs: options.slowMs ?? 2_000,
      headers: () => ({ 'paypal-debug-id': randomBytes(7).toString('hex') }),
      onError: (error) => this.schemaViolations.push(`fake failed: ${String(error)}`),
    });
  }

  get url(): string {
    return this.http.url;
  }

  /** Every request, oldest first. */
  get requests(): RecordedRequest[] {
    return this.http.requests;
  }

  async start(): Promise<this> {
    await this.http.start();
    return this;
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  /** The next `times` requests whose path starts with `path` ('*': any) fail this way. */
  failNext(path: string, mode: FailureMode, times = 1): void {
    this.http.failNext(mode, { path, times });
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

  /**
   * An API route: the bearer token must be one handed out (else 401); a body that is not JSON is a 400; a POST
   * seen before with the same request id answers as it did then, changing nothing (PayPal-Request-Id); every
   * answer is checked against PayPal's schema.
   */
  private api(handle: ApiHandler): (request: FakeRequest) => FakeAnswer {
    return (request) => {
      if (!this.authorised(request)) return this.checked(401, errorBody(401), 'billing', 'error_401');
      const requestId = request.method === 'POST' ? header(request, 'paypal-request-id') : undefined;
      const seen = requestId ? this.byRequestId.get(`${request.path} ${requestId}`) : undefined;
      if (seen) return seen;
      const body = request.text === '' ? {} : jsonBody(request);
      if (body === undefined) return this.checked(400, errorBody(400), 'billing', 'error_400');
      const { status, body: answerBody, doc, schema } = handle(request, body);
      const answer = this.checked(status, answerBody, doc, schema);
      if (requestId && answer.status < 300) this.byRequestId.set(`${request.path} ${requestId}`, answer);
      return answer;
    };
  }

  private createProduct(input: Record<string, unknown>): ApiAnswer {
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

  private listProducts(url: URL): ApiAnswer {
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

  private createPlan(input: Record<string, unknown>): ApiAnswer {
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

  private listPlans(url: URL): ApiAnswer {
    const productId = url.searchParams.get('product_id');
    const page = pageOf(
      url,
      [...this.plans.values()].filter((plan) => !productId || plan.product_id === productId),
    );
    if (!page) return { status: 400, body: invalidField('page_size'), doc: 'billing', schema: 'error_400' };
    return { status: 200, body: { plans: page.items, ...page.totals }, doc: 'billing', schema: 'plan_collection' };
  }

  private cancel(subscriptionId: string, input: Record<string, unknown>): ApiAnswer {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) return notFound('billing');
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

  private verifyWebhookSignature(input: Record<string, unknown>): ApiAnswer {
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

  /**
   * The stand-in for PayPal's browser SDK: `GET /sdk/js?client-id=…&vault=true&intent=subscription` defines
   * `window.paypal.Buttons`, whose rendered "PayPal" button plays the buyer approving in PayPal's window:
   * `actions.subscription.create({plan_id, custom_id})` makes an ACTIVE subscription here (`POST
   * /sdk/subscriptions`, allowed from any page's origin) and `onApprove` gets its id. A failure told for
   * `/sdk/subscriptions` makes `onError` run instead.
   */
  private sdkScript(request: FakeRequest): FakeAnswer {
    const params = request.url.searchParams;
    if (
      params.get('client-id') !== this.clientId ||
      params.get('intent') !== 'subscription' ||
      params.get('vault') !== 'true'
    ) {
      return {
        status: 400,
        headers: { 'content-type': 'text/plain' },
        text: 'client-id, vault=true and intent=subscription are required',
      };
    }
    return {
      status: 200,
      headers: { 'content-type': 'application/javascript', 'cache-control': 'no-store' },
      text: sdkScript(this.url),
    };
  }

  private sdkSubscription(request: FakeRequest): FakeAnswer {
    const input = (jsonBody(request) ?? {}) as { plan_id?: unknown; custom_id?: unknown };
    if (typeof input.plan_id !== 'string' || !this.plans.has(input.plan_id)) {
      return { status: 400, headers: cors(request), json: invalidField('plan_id') };
    }
    const subscription = this.addSubscription({
      plan_id: input.plan_id,
      ...(typeof input.custom_id === 'string' ? { custom_id: input.custom_id } : {}),
    });
    return { status: 201, headers: cors(request), json: { id: subscription.id, status: subscription.status } };
  }

  private token(request: FakeRequest): FakeAnswer {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (
      header(request, 'authorization') !== expected ||
      new URLSearchParams(request.text).get('grant_type') !== 'client_credentials'
    ) {
      return { status: 401, json: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
    this.tokens.set(accessToken, Date.now() + this.tokenLifetimeSeconds * 1000);
    return {
      status: 200,
      json: {
        scope: 'https://uri.paypal.com/services/subscriptions',
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: this.tokenLifetimeSeconds,
        nonce: `${isoNow()}${randomBytes(8).toString('hex')}`,
      },
    };
  }

  private authorised(request: FakeRequest): boolean {
    const authorization = header(request, 'authorization');
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
    const expiresAt = token ? this.tokens.get(token) : undefined;
    return expiresAt !== undefined && expiresAt > Date.now();
  }

  /** Checks an answer against PayPal's schema; one that does not match is a fake's bug: a 500. */
  private checked(status: number, body: unknown, doc: SchemaDoc, schema: string | undefined): FakeAnswer {
    if (schema && body !== undefined) {
      const validate = validatorFor(doc, schema);
      if (!validate(body)) {
        this.schemaViolations.push(`${schema}: ${JSON.stringify(validate.errors)}`);
        return { status: 500, json: errorBody(500) };
      }
    }
    return { status, json: body };
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

/** The request's body as JSON, or undefined when it is not. */
function jsonBody(request: FakeRequest): Record<string, unknown> | undefined {
  try {
    return JSON.parse(request.text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The SDK's calls are allowed from any page's origin. */
function cors(request: FakeRequest): Record<string, string> {
  const origin = header(request, 'origin');
  return origin
    ? {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'content-type',
        vary: 'origin',
      }
    : {};
}

function notFound(doc: SchemaDoc): ApiAnswer {
  return {
    status: 404,
    body: errorBody(404, [{ issue: 'INVALID_RESOURCE_ID', description: 'Requested resource ID was not found.' }]),
    doc,
    schema: 'error_404',
  };
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

import { generateKeyPairSync, randomBytes, randomUUID, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SubscriptionPurchaseV2 } from '../providers/google-play/google-play-client.js';

/**
 * A local Google Play for the tests (`../shared/contracts/README.md`, "Mobile stores"): Google's OAuth 2.0
 * token endpoint for a service account (the JWT bearer grant, its RS256 assertion checked against the
 * account's public key), `purchases.subscriptionsv2.get` and `purchases.subscriptions.cancel`, with purchases
 * kept in memory, and the Pub/Sub push envelopes Google would send. It can be told to fail with a 503.
 */

export interface FakePurchaseFields {
  productId: string;
  /** The member's billing id, as the app sets it on the purchase (`obfuscatedAccountId`). */
  accountId?: string;
  state?: string;
  expiryTime: Date;
  /** The purchase this one replaces (an upgrade, downgrade or resubscription). */
  linkedPurchaseToken?: string;
}

export interface RecordedPlayRequest {
  method: string;
  path: string;
  authorization: string | undefined;
}

export class FakeGooglePlay {
  readonly packageName = 'org.pass.app';
  readonly pushToken = randomBytes(24).toString('hex');
  readonly purchases = new Map<string, SubscriptionPurchaseV2>();
  readonly requests: RecordedPlayRequest[] = [];
  private readonly clientEmail = `billing@pass-tests.iam.gserviceaccount.com`;
  private readonly publicKey: KeyObject;
  private readonly privateKeyPem: string;
  private readonly tokens = new Set<string>();
  private failures = 0;
  private server: Server | null = null;
  url = '';

  constructor() {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.publicKey = publicKey;
    this.privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch(() => {
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

  /** The service account's key file, as Google Cloud hands it out. */
  get serviceAccount(): string {
    return JSON.stringify({
      type: 'service_account',
      project_id: 'pass-tests',
      private_key_id: randomBytes(20).toString('hex'),
      private_key: this.privateKeyPem,
      client_email: this.clientEmail,
      client_id: '100000000000000000000',
      token_uri: `${this.url}/token`,
    });
  }

  /** The configuration that reaches this fake. */
  env(): Record<string, string> {
    return {
      GOOGLE_PLAY_API_URL: this.url,
      GOOGLE_PLAY_PACKAGE_NAME: this.packageName,
      GOOGLE_PLAY_SERVICE_ACCOUNT: this.serviceAccount,
      GOOGLE_PLAY_PUSH_TOKEN: this.pushToken,
    };
  }

  /** The next `times` API calls answer 503. */
  failNext(times = 1): void {
    this.failures += times;
  }

  /** A purchase as Google holds it after the member bought in the app; its purchase token. */
  addPurchase(fields: FakePurchaseFields): string {
    const token = `${randomBytes(12).toString('base64url')}.AO-J1O${randomBytes(48).toString('base64url')}`;
    this.purchases.set(token, {
      kind: 'androidpublisher#subscriptionPurchaseV2',
      startTime: new Date(fields.expiryTime.getTime() - 30 * 86_400_000).toISOString(),
      subscriptionState: fields.state ?? 'SUBSCRIPTION_STATE_ACTIVE',
      latestOrderId: `GPA.${randomBytes(8).toString('hex')}`,
      acknowledgementState: 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED',
      ...(fields.linkedPurchaseToken ? { linkedPurchaseToken: fields.linkedPurchaseToken } : {}),
      ...(fields.accountId ? { externalAccountIdentifiers: { obfuscatedExternalAccountId: fields.accountId } } : {}),
      lineItems: [
        {
          productId: fields.productId,
          expiryTime: fields.expiryTime.toISOString(),
          autoRenewingPlan: { autoRenewEnabled: true },
        },
      ],
    });
    return token;
  }

  /** Google charged the subscription again: a new order, paid until `expiryTime`. */
  renew(token: string, expiryTime: Date): string {
    const purchase = this.purchases.get(token);
    if (!purchase) throw new Error('no such purchase');
    purchase.latestOrderId = `GPA.${randomBytes(8).toString('hex')}`;
    for (const item of purchase.lineItems) item.expiryTime = expiryTime.toISOString();
    return purchase.latestOrderId;
  }

  setState(token: string, state: string): void {
    const purchase = this.purchases.get(token);
    if (!purchase) throw new Error('no such purchase');
    purchase.subscriptionState = state;
  }

  /** The Pub/Sub push of a subscription notification (1 RECOVERED, 2 RENEWED, 3 CANCELED, 4 PURCHASED, …). */
  push(purchaseToken: string, notificationType: number, packageName = this.packageName) {
    const purchase = this.purchases.get(purchaseToken);
    const notification = {
      version: '1.0',
      packageName,
      eventTimeMillis: String(Date.now()),
      subscriptionNotification: {
        version: '1.0',
        notificationType,
        purchaseToken,
        subscriptionId: purchase?.lineItems[0]?.productId ?? 'unknown',
      },
    };
    return {
      message: {
        data: Buffer.from(JSON.stringify(notification)).toString('base64'),
        messageId: String(Math.floor(Math.random() * 1e16)),
        publishTime: new Date().toISOString(),
        attributes: {},
      },
      subscription: 'projects/pass-tests/subscriptions/play-billing',
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const raw = await readBody(request);
    const authorization = request.headers.authorization;
    this.requests.push({ method: request.method ?? 'GET', path: url.pathname, authorization });
    if (request.method === 'POST' && url.pathname === '/token') return this.token(response, raw);
    if (this.failures > 0) {
      this.failures -= 1;
      return send(response, 503, googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.'));
    }
    if (!authorization?.startsWith('Bearer ') || !this.tokens.has(authorization.slice(7))) {
      return send(
        response,
        401,
        googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
      );
    }
    const prefix = `/androidpublisher/v3/applications/${this.packageName}/purchases/`;
    if (!url.pathname.startsWith(prefix)) return send(response, 404, googleError(404, 'NOT_FOUND', 'Not found'));
    const rest = url.pathname.slice(prefix.length);
    const get = /^subscriptionsv2\/tokens\/([^/]+)$/.exec(rest);
    if (get && request.method === 'GET') {
      const purchase = this.purchases.get(decodeURIComponent(get[1]!));
      return purchase
        ? send(response, 200, purchase)
        : send(response, 404, googleError(404, 'NOT_FOUND', 'The purchase token was not found.'));
    }
    const cancel = /^subscriptions\/([^/]+)\/tokens\/([^/]+):cancel$/.exec(rest);
    if (cancel && request.method === 'POST') {
      const purchase = this.purchases.get(decodeURIComponent(cancel[2]!));
      if (!purchase || purchase.lineItems[0]?.productId !== decodeURIComponent(cancel[1]!)) {
        return send(response, 404, googleError(404, 'NOT_FOUND', 'The purchase token was not found.'));
      }
      if (purchase.subscriptionState === 'SUBSCRIPTION_STATE_ACTIVE') {
        purchase.subscriptionState = 'SUBSCRIPTION_STATE_CANCELED';
        for (const item of purchase.lineItems) item.autoRenewingPlan = { autoRenewEnabled: false };
      }
      return send(response, 204, undefined);
    }
    return send(response, 404, googleError(404, 'NOT_FOUND', 'Not found'));
  }

  /** The JWT bearer grant: the assertion must be the service account's, for this token endpoint and scope. */
  private token(response: ServerResponse, raw: string) {
    const form = new URLSearchParams(raw);
    const assertion = form.get('assertion') ?? '';
    const [header = '', claims = '', signature = ''] = assertion.split('.');
    const valid =
      form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
      verify('sha256', Buffer.from(`${header}.${claims}`), this.publicKey, Buffer.from(signature, 'base64url'));
    const payload = valid
      ? (JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>)
      : ({} as Record<string, unknown>);
    const now = Math.floor(Date.now() / 1000);
    if (
      !valid ||
      payload.iss !== this.clientEmail ||
      payload.aud !== `${this.url}/token` ||
      payload.scope !== 'https://www.googleapis.com/auth/androidpublisher' ||
      typeof payload.exp !== 'number' ||
      payload.exp < now
    ) {
      return send(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    }
    const accessToken = `ya29.${randomUUID()}`;
    this.tokens.add(accessToken);
    return send(response, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
  }
}

function googleError(code: number, status: string, message: string) {
  return { error: { code, message, status } };
}

function send(response: ServerResponse, status: number, body: unknown) {
  if (body === undefined) return response.writeHead(status).end();
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  return response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

import { generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { jwtVerify } from 'jose';
import type { SubscriptionPurchaseV2 } from '../providers/google-play/google-play-client.js';
import { FakeHttpServer, header, type FakeAnswer, type FakeFailure, type FakeRequest } from './fake-http-server.js';

/**
 * A local Google Play for the tests (`../shared/contracts/README.md`, "Mobile stores"): Google's OAuth 2.0
 * token endpoint for a service account (the JWT bearer grant, its RS256 assertion checked against the
 * account's public key with `jose`), `purchases.subscriptionsv2.get` and `purchases.subscriptions.cancel`, with
 * purchases kept in memory, and the Pub/Sub push envelopes Google would send. Its API calls can be told to fail
 * (test/fake-http-server.ts).
 */

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
const API_PREFIX = '/androidpublisher/v3/applications/';

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
  private readonly clientEmail = `billing@pass-tests.iam.gserviceaccount.com`;
  private readonly publicKey: KeyObject;
  private readonly privateKeyPem: string;
  private readonly tokens = new Set<string>();
  private readonly http: FakeHttpServer<RecordedPlayRequest>;

  constructor() {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.publicKey = publicKey;
    this.privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    this.http = new FakeHttpServer({
      routes: [
        { method: 'POST', path: '/token', answer: (request) => this.token(request) },
        {
          method: 'GET',
          path: /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/subscriptionsv2\/tokens\/([^/]+)$/,
          answer: this.api(([token]) => {
            const purchase = this.purchases.get(token!);
            return purchase ? { status: 200, json: purchase } : purchaseNotFound();
          }),
        },
        {
          method: 'POST',
          path: /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/subscriptions\/([^/]+)\/tokens\/([^/]+):cancel$/,
          answer: this.api(([productId, token]) => this.cancel(productId!, token!)),
        },
      ],
      notFound: () => googleError(404, 'NOT_FOUND', 'Not found'),
      failure: (status) =>
        status === 429
          ? googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for quota metric.')
          : googleError(status, 'UNAVAILABLE', 'The service is currently unavailable.'),
      record: (request) => ({
        method: request.method,
        path: request.path,
        authorization: header(request, 'authorization'),
      }),
    });
  }

  get url(): string {
    return this.http.url;
  }

  /** Every request, oldest first. */
  get requests(): RecordedPlayRequest[] {
    return this.http.requests;
  }

  async start(): Promise<this> {
    await this.http.start();
    return this;
  }

  stop(): Promise<void> {
    return this.http.stop();
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

  /** The next `times` API calls (the token endpoint's aside) fail this way: 503 unless told otherwise. */
  failNext(times = 1, failure: FakeFailure = 503, headers: Record<string, string> = {}): void {
    this.http.failNext(failure, { times, path: API_PREFIX, headers });
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

  /** An API call: the bearer token must be one handed out, and the package this fake's. */
  private api(handle: (params: string[]) => FakeAnswer): (request: FakeRequest) => FakeAnswer {
    return (request) => {
      const authorization = header(request, 'authorization');
      if (!authorization?.startsWith('Bearer ') || !this.tokens.has(authorization.slice(7))) {
        return googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      }
      const [packageName, ...params] = request.params;
      if (packageName !== this.packageName) return googleError(404, 'NOT_FOUND', 'Not found');
      return handle(params);
    };
  }

  private cancel(productId: string, token: string): FakeAnswer {
    const purchase = this.purchases.get(token);
    if (!purchase || purchase.lineItems[0]?.productId !== productId) return purchaseNotFound();
    if (purchase.subscriptionState === 'SUBSCRIPTION_STATE_ACTIVE') {
      purchase.subscriptionState = 'SUBSCRIPTION_STATE_CANCELED';
      for (const item of purchase.lineItems) item.autoRenewingPlan = { autoRenewEnabled: false };
    }
    return { status: 204 };
  }

  /** The JWT bearer grant: the assertion must be the service account's, for this token endpoint and scope. */
  private async token(request: FakeRequest): Promise<FakeAnswer> {
    const form = new URLSearchParams(request.text);
    const refused = { status: 400, json: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return refused;
    try {
      const { payload } = await jwtVerify(form.get('assertion') ?? '', this.publicKey, {
        algorithms: ['RS256'],
        typ: 'JWT',
        issuer: this.clientEmail,
        audience: `${this.url}/token`,
        requiredClaims: ['iat', 'exp'],
      });
      if (payload.scope !== SCOPE) return refused;
    } catch {
      return refused;
    }
    const accessToken = `ya29.${randomUUID()}`;
    this.tokens.add(accessToken);
    return { status: 200, json: { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' } };
  }
}

function purchaseNotFound(): FakeAnswer {
  return googleError(404, 'NOT_FOUND', 'The purchase token was not found.');
}

function googleError(code: number, status: string, message: string): FakeAnswer {
  return {
    status: code,
    headers: { 'content-type': 'application/json; charset=UTF-8' },
    json: { error: { code, message, status } },
  };
}

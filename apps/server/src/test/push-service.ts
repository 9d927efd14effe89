import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import https from 'node:https';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';
import { generate } from 'selfsigned';
import { FakeHttpServer, header, type FakeAnswer, type FakeRequest } from './fake-http-server.js';

/**
 * A push service on 127.0.0.1 standing in for a browser vendor's (RFC 8030), with the browsers subscribed to
 * it. Each browser holds a real P-256 key pair and auth secret; every push is checked as a push service and a
 * browser would: the VAPID Authorization header (RFC 8292: an ES256 JWT for the service's origin, signed with
 * the key in `k`), then the aes128gcm body (RFC 8188) decrypted with the browser's private key (RFC 8291).
 */

export interface FakeBrowser {
  /** What the browser's `PushSubscription.toJSON()` gives. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  endpoint: string;
  headers: { ttl: string | undefined; urgency: string | undefined; contentEncoding: string | undefined };
  /** The VAPID public key (`k`) and the JWT's claims, once verified. */
  vapid: { publicKey: string; claims: JWTPayload };
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
}

export interface FakePushService {
  origin: string;
  /** Trusts the service's self-signed certificate: the notifier's HTTPS agent in tests. */
  agent: https.Agent;
  /** The service's self-signed certificate, for a client that builds its own agent. */
  ca: string;
  /** A new browser subscribed at its own address on this service. */
  newBrowser(): FakeBrowser;
  /** Pushes received and verified, oldest first. */
  received: ReceivedPush[];
  /** Pushes refused (a bad signature, a body that does not decrypt), with the reason. */
  refused: { endpoint: string; reason: string }[];
  /** The status the service answers for a browser from now on (201, its success, by default). */
  answer(browser: FakeBrowser, status: number): void;
  close(): Promise<void>;
}

function decryptAes128gcm(body: Buffer, browser: FakeBrowser): Buffer {
  // RFC 8188 section 2.1: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  // RFC 8291 section 3.4: the input keying material from the ECDH secret, the auth secret and both keys.
  const sharedSecret = browser.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, browser.authSecret, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // One record, the last: the content, then the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record has no delimiter 2');
  return padded.subarray(0, end);
}

async function verifyVapid(authorization: string | undefined, audience: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a vapid Authorization header: ${authorization}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload, protectedHeader } = await jwtVerify(token, key, { algorithms: ['ES256'], audience });
  if (protectedHeader.typ !== 'JWT') throw new Error(`JWT typ ${protectedHeader.typ}`);
  // RFC 8292 section 2: the expiry at most 24 hours ahead.
  if (!payload.exp || payload.exp > Date.now() / 1000 + 86_400) throw new Error('exp more than 24 hours ahead');
  return { publicKey, claims: payload };
}

export async function startFakePushService(): Promise<FakePushService> {
  const certificate = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const browsers = new Map<string, FakeBrowser>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: FakePushService['refused'] = [];

  const push = async (request: FakeRequest): Promise<FakeAnswer> => {
    const endpoint = `${origin}${request.path}`;
    const browser = browsers.get(endpoint);
    const status = statuses.get(endpoint) ?? 201;
    if (!browser) return { status: 404 };
    if (status !== 201) return { status };
    try {
      const vapid = await verifyVapid(header(request, 'authorization'), origin);
      if (header(request, 'content-encoding') !== 'aes128gcm') throw new Error('not aes128gcm');
      const payload: unknown = JSON.parse(decryptAes128gcm(request.raw, browser).toString('utf8'));
      received.push({
        endpoint,
        headers: {
          ttl: header(request, 'ttl'),
          urgency: header(request, 'urgency'),
          contentEncoding: header(request, 'content-encoding'),
        },
        vapid,
        payload,
      });
      return { status: 201, headers: { location: `${origin}/message/${received.length}` } };
    } catch (error) {
      refused.push({ endpoint, reason: error instanceof Error ? error.message : String(error) });
      return { status: 403 };
    }
  };
  const server = new FakeHttpServer({
    routes: [{ method: 'POST', path: /^\/push\/[^/]+$/, answer: push }],
    notFound: () => ({ status: 404 }),
    record: (request) => request,
    tls: { key: certificate.private, cert: certificate.cert },
  });
  const origin = await server.start();
  const agent = new https.Agent({ ca: certificate.cert, keepAlive: false });

  let browserCount = 0;
  return {
    origin,
    agent,
    ca: certificate.cert,
    received,
    refused,
    newBrowser() {
      browserCount += 1;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${origin}/push/${browserCount}-${randomBytes(8).toString('hex')}`;
      const browser: FakeBrowser = {
        subscription: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey('base64url'), auth: authSecret.toString('base64url') },
        },
        ecdh,
        authSecret,
      };
      browsers.set(endpoint, browser);
      return browser;
    },
    answer(browser, status) {
      statuses.set(browser.subscription.endpoint, status);
    },
    close: () => {
      agent.destroy();
      return server.stop();
    },
  };
}

import { createECDH } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { PushPublicKeyResponse, PushSubscriptionResponse, PushTestResponse } from '@pass/contracts';
import { notificationPreferences, pushSubscriptions, type DbExecutor } from '@pass/db';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { startFakePushService, type FakeBrowser, type FakePushService } from '../../test/push-service.js';
import { createWebPushNotifier, PUSH_DEVICES_MAX, type WebPushNotifier } from './web-push-notifier.js';

/**
 * Web Push (decision 044) against a push service on 127.0.0.1 that checks each push as a real one would: the
 * VAPID signature for its origin, and the aes128gcm body, decrypted with the fake browser's own private key.
 */

const clock = new Date('2025-10-05T15:00:00Z');
const vapid = webpush.generateVAPIDKeys();
const SUBJECT = 'mailto:push-test@example.org';

async function devicesOf(db: DbExecutor, userId: number) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

async function optIn(
  db: DbExecutor,
  userId: number,
  kinds: { pushPickReminder?: boolean; pushPoolResults?: boolean; pushChatMention?: boolean },
) {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...kinds })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: kinds });
}

function subscribe(client: TestClient, browser: FakeBrowser) {
  return client.post('/api/user/push-subscriptions', browser.subscription, {
    headers: { 'user-agent': 'FakeBrowser/1.0' },
  });
}

function unsubscribe(client: TestClient, endpoint: string) {
  return client.request({ method: 'DELETE', url: '/api/user/push-subscriptions', payload: { endpoint } });
}

const message = { title: 'bob mentioned you in Sunday Sharks', body: '@you take the Bills?', url: '/chat?pool=1' };

describe('web push', () => {
  let service: FakePushService;
  let testApp: TestApp;
  let notifier: WebPushNotifier;
  const warnings: string[] = [];

  beforeAll(async () => {
    service = await startFakePushService();
    testApp = await buildTestApp(
      { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: SUBJECT },
      {
        now: () => clock,
        pushNotifier: ({ database, config }) =>
          (notifier = createWebPushNotifier({
            db: database.db,
            push: config.push,
            now: () => clock,
            log: { warn: (_details, text) => warnings.push(text) },
            // The local push service is named and its loopback address allowed: tests only.
            outbound: { allowPrivateAddresses: true, extraPushHosts: [new URL(service.origin).host, '127.0.0.1:9'] },
            tls: { ca: service.ca },
          })),
      },
    );
  });
  afterAll(async () => {
    await testApp.app.close();
    await service.close();
  });

  /** A signed-in member with a device subscribed through the API. */
  async function memberWithDevice() {
    const member = await signedInMember(testApp.app, testApp.database.db);
    const browser = service.newBrowser();
    const response = await subscribe(member.client, browser);
    expect(response.statusCode, response.body).toBe(201);
    return { ...member, browser };
  }

  const receivedAt = (browser: FakeBrowser) =>
    service.received.filter((push) => push.endpoint === browser.subscription.endpoint);

  it('gives members the configured public key, and no one else', async () => {
    const { client } = await signedInMember(testApp.app, testApp.database.db);
    const response = await client.get('/api/push/public-key');
    expect(response.statusCode).toBe(200);
    expect(PushPublicKeyResponse.parse(response.json()).data.public_key).toBe(vapid.publicKey);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/push/public-key' })).statusCode).toBe(401);
  });

  it('sends an opted-in member a push their browser decrypts, signed for the push service’s origin', async () => {
    const { account, browser } = await memberWithDevice();
    await optIn(testApp.database.db, account.id, { pushChatMention: true });
    await testApp.app.pushNotifier.notify(account.id, 'chat_mention', { ...message, tag: 'chat-1' });

    expect(service.refused).toEqual([]);
    const [push, ...more] = receivedAt(browser);
    expect(more).toEqual([]);
    expect(push!.payload).toEqual({ ...message, tag: 'chat-1' });
    expect(push!.vapid.publicKey).toBe(vapid.publicKey);
    expect(push!.vapid.claims).toMatchObject({ aud: service.origin, sub: SUBJECT });
    expect(push!.headers).toEqual({ ttl: '86400', urgency: 'normal', contentEncoding: 'aes128gcm' });
    const [device] = await devicesOf(testApp.database.db, account.id);
    expect(device).toMatchObject({ lastSentAt: clock, userAgent: 'FakeBrowser/1.0' });
  });

  it('sends to each of the member’s devices, a reminder kept an hour and delivered at once', async () => {
    const { account, client, browser } = await memberWithDevice();
    const phone = service.newBrowser();
    expect((await subscribe(client, phone)).statusCode).toBe(201);
    await optIn(testApp.database.db, account.id, { pushPickReminder: true });
    await notifier.notify(account.id, 'pick_reminder', { title: 'Picks lock in 1 hour', body: 'Week 5', url: '/' });
    for (const device of [browser, phone]) {
      const pushes = receivedAt(device);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]!.payload).toEqual({ title: 'Picks lock in 1 hour', body: 'Week 5', url: '/' });
      expect(pushes[0]!.headers).toMatchObject({ ttl: '3600', urgency: 'high' });
    }
  });

  it('sends nothing for a kind the member has not turned on, nor without any preferences', async () => {
    const { account, browser } = await memberWithDevice();
    await notifier.notify(account.id, 'chat_mention', message);
    await optIn(testApp.database.db, account.id, { pushPickReminder: true, pushPoolResults: false });
    await notifier.notify(account.id, 'pool_results', message);
    await notifier.notify(account.id, 'chat_mention', message);
    expect(receivedAt(browser)).toEqual([]);
    await notifier.notify(account.id, 'pick_reminder', message);
    expect(receivedAt(browser)).toHaveLength(1);
  });

  it('cuts a long title and body, so the push stays under the 4 KB a push service accepts', async () => {
    const { account, browser } = await memberWithDevice();
    await optIn(testApp.database.db, account.id, { pushChatMention: true });
    await notifier.notify(account.id, 'chat_mention', { title: 'T'.repeat(500), body: '€'.repeat(5000), url: '/' });
    expect(service.refused).toEqual([]);
    const [push] = receivedAt(browser);
    expect(push!.payload).toEqual({ title: `${'T'.repeat(119)}…`, body: `${'€'.repeat(399)}…`, url: '/' });
  });

  it('never reaches another member’s device', async () => {
    const first = await memberWithDevice();
    const second = await memberWithDevice();
    await optIn(testApp.database.db, first.account.id, { pushPoolResults: true });
    await optIn(testApp.database.db, second.account.id, { pushPoolResults: true });
    await notifier.notify(first.account.id, 'pool_results', message);
    expect(receivedAt(first.browser)).toHaveLength(1);
    expect(receivedAt(second.browser)).toEqual([]);
  });

  it('drops a device the push service answers 410 or 404 for, keeps one it answers 500 for, and still sends to the rest', async () => {
    const { account, client, browser: working } = await memberWithDevice();
    const gone = service.newBrowser();
    const unknown = service.newBrowser();
    const failing = service.newBrowser();
    for (const device of [gone, unknown, failing]) expect((await subscribe(client, device)).statusCode).toBe(201);
    service.answer(gone, 410);
    service.answer(unknown, 404);
    service.answer(failing, 500);
    await optIn(testApp.database.db, account.id, { pushPoolResults: true });
    warnings.length = 0;

    await expect(notifier.notify(account.id, 'pool_results', message)).resolves.toBeUndefined();
    const endpoints = (await devicesOf(testApp.database.db, account.id)).map((device) => device.endpoint).sort();
    expect(endpoints).toEqual([working.subscription.endpoint, failing.subscription.endpoint].sort());
    expect(receivedAt(working)).toHaveLength(1);
    expect(warnings).toEqual(['push: a push service refused a push or could not be reached']);
    const [kept] = (await devicesOf(testApp.database.db, account.id)).filter(
      (device) => device.endpoint === failing.subscription.endpoint,
    );
    expect(kept!.lastSentAt).toBeNull();
  });

  it('never throws when a push service cannot be reached', async () => {
    const { account } = await signedInMember(testApp.app, testApp.database.db);
    const device = createECDH('prime256v1');
    device.generateKeys();
    await testApp.database.db.insert(pushSubscriptions).values({
      userId: account.id,
      endpoint: 'https://127.0.0.1:9/push/closed-port',
      p256dh: device.getPublicKey('base64url'),
      auth: Buffer.alloc(16, 7).toString('base64url'),
    });
    await optIn(testApp.database.db, account.id, { pushChatMention: true });
    await expect(notifier.notify(account.id, 'chat_mention', message)).resolves.toBeUndefined();
    expect(await devicesOf(testApp.database.db, account.id)).toHaveLength(1);
  });

  it('sends a test push to the caller’s devices whatever they opted in to', async () => {
    const { client, browser } = await memberWithDevice();
    const other = await memberWithDevice();
    const response = await client.post('/api/user/push-subscriptions/test');
    expect(response.statusCode, response.body).toBe(200);
    expect(PushTestResponse.parse(response.json()).data).toEqual({ sent: 1, failed: 0 });
    expect(receivedAt(browser).map((push) => push.payload)).toEqual([
      expect.objectContaining({ title: 'PA$$ notifications work', url: '/user/profile', tag: 'push-test' }),
    ]);
    expect(receivedAt(browser)[0]!.headers).toMatchObject({ ttl: '300', urgency: 'high' });
    expect(receivedAt(other.browser)).toEqual([]);
  });

  it('answers a test push the same whether a device is gone, refused or unreachable', async () => {
    const { account, client } = await signedInMember(testApp.app, testApp.database.db);
    const gone = service.newBrowser();
    const failing = service.newBrowser();
    for (const device of [gone, failing]) expect((await subscribe(client, device)).statusCode).toBe(201);
    service.answer(gone, 410);
    service.answer(failing, 500);
    const device = createECDH('prime256v1');
    device.generateKeys();
    await testApp.database.db.insert(pushSubscriptions).values({
      userId: account.id,
      endpoint: 'https://127.0.0.1:9/push/closed-port-test',
      p256dh: device.getPublicKey('base64url'),
      auth: Buffer.alloc(16, 7).toString('base64url'),
    });
    const response = await client.post('/api/user/push-subscriptions/test');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { sent: 0, failed: 3 } });
  });

  it('keeps a member’s newest devices up to the cap, a new one replacing the oldest', async () => {
    const { account, client } = await signedInMember(testApp.app, testApp.database.db);
    const browsers = Array.from({ length: PUSH_DEVICES_MAX + 2 }, () => service.newBrowser());
    for (const browser of browsers) expect((await subscribe(client, browser)).statusCode).toBe(201);
    const kept = (await devicesOf(testApp.database.db, account.id)).map((device) => device.endpoint).sort();
    expect(kept).toEqual(
      browsers
        .slice(2)
        .map((browser) => browser.subscription.endpoint)
        .sort(),
    );
    // Subscribing again with a kept device keeps it, and the count, as they are.
    expect((await subscribe(client, browsers[2]!)).statusCode).toBe(200);
    expect(await devicesOf(testApp.database.db, account.id)).toHaveLength(PUSH_DEVICES_MAX);
  });

  it('gives an endpoint already stored to the member who subscribes with it now', async () => {
    const first = await memberWithDevice();
    const second = await signedInMember(testApp.app, testApp.database.db);
    const again = await subscribe(second.client, first.browser);
    expect(again.statusCode, again.body).toBe(200);
    expect(PushSubscriptionResponse.parse(again.json()).data.endpoint).toBe(first.browser.subscription.endpoint);
    expect(await devicesOf(testApp.database.db, first.account.id)).toEqual([]);
    expect(await devicesOf(testApp.database.db, second.account.id)).toHaveLength(1);
  });

  it('removes only the caller’s own device', async () => {
    const owner = await memberWithDevice();
    const other = await signedInMember(testApp.app, testApp.database.db);
    expectError(await unsubscribe(other.client, owner.browser.subscription.endpoint), 404);
    expect(await devicesOf(testApp.database.db, owner.account.id)).toHaveLength(1);
    const removed = await unsubscribe(owner.client, owner.browser.subscription.endpoint);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await devicesOf(testApp.database.db, owner.account.id)).toEqual([]);
  });

  it('refuses a subscription that could not be pushed to with 400 naming the field, and stores nothing', async () => {
    const { account, client } = await signedInMember(testApp.app, testApp.database.db);
    const valid = service.newBrowser().subscription;
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const compressed = Buffer.concat([Buffer.from([2]), Buffer.alloc(32, 1)]).toString('base64url');
    const cases: [unknown, string][] = [
      [{ ...valid, endpoint: valid.endpoint.replace('https:', 'http:') }, 'body.endpoint'],
      [{ ...valid, endpoint: 'not a url' }, 'body.endpoint'],
      [{ ...valid, endpoint: `https://user:secret@${valid.endpoint.slice('https://'.length)}` }, 'body.endpoint'],
      [{ ...valid, keys: { ...valid.keys, p256dh: valid.keys.p256dh.slice(0, -1) } }, 'body.keys.p256dh'],
      [{ ...valid, keys: { ...valid.keys, p256dh: compressed } }, 'body.keys.p256dh'],
      [{ ...valid, keys: { ...valid.keys, p256dh: offCurve } }, 'body.keys.p256dh'],
      [{ ...valid, keys: { ...valid.keys, auth: Buffer.alloc(15, 1).toString('base64url') } }, 'body.keys.auth'],
      [{ ...valid, keys: { ...valid.keys, auth: `${valid.keys.auth}A` } }, 'body.keys.auth'],
      [{ endpoint: valid.endpoint }, 'body.keys'],
    ];
    for (const [body, field] of cases) {
      const response = await client.post('/api/user/push-subscriptions', body);
      expectError(response, 400, field);
    }
    expectError(await unsubscribe(client, 'http://example.org/push'), 400, 'body.endpoint');
    expect(await devicesOf(testApp.database.db, account.id)).toEqual([]);
  });
});

describe('web push endpoints (production rules)', () => {
  let testApp: TestApp;
  let listener: net.Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
    testApp = await buildTestApp(
      { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: SUBJECT },
      { now: () => clock },
    );
  });
  afterAll(async () => {
    await testApp.app.close();
    await new Promise((resolve) => listener.close(resolve));
  });

  it('refuses an endpoint off the push services’ hosts with 400 naming it, connecting nowhere', async () => {
    const { account, client } = await signedInMember(testApp.app, testApp.database.db);
    const device = createECDH('prime256v1');
    device.generateKeys();
    const keys = { p256dh: device.getPublicKey('base64url'), auth: Buffer.alloc(16, 3).toString('base64url') };
    const endpoints = [
      `https://127.0.0.1:${port}/push/1`,
      `https://localhost:${port}/push/1`,
      `https://2130706433:${port}/push/1`,
      `https://0x7f.1:${port}/push/1`,
      `https://[::1]:${port}/push/1`,
      `https://[::ffff:127.0.0.1]:${port}/push/1`,
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/push/1',
      'https://push.example.org/push/1',
      'https://fcm.googleapis.com.example.org/fcm/send/1',
      `https://fcm.googleapis.com:${port}/fcm/send/1`,
    ];
    for (const endpoint of endpoints) {
      expectError(await client.post('/api/user/push-subscriptions', { endpoint, keys }), 400, 'body.endpoint');
    }
    expect(await devicesOf(testApp.database.db, account.id)).toEqual([]);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-bn3p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
    ]) {
      const response = await client.post('/api/user/push-subscriptions', { endpoint, keys });
      expect(response.statusCode, `${endpoint}: ${response.body}`).toBe(201);
    }
    expect(connections).toBe(0);
  });

  it('never connects to a device stored before the rule, and drops it', async () => {
    const { account, client } = await signedInMember(testApp.app, testApp.database.db);
    const device = createECDH('prime256v1');
    device.generateKeys();
    await testApp.database.db.insert(pushSubscriptions).values({
      userId: account.id,
      endpoint: `https://127.0.0.1:${port}/push/stored-before`,
      p256dh: device.getPublicKey('base64url'),
      auth: Buffer.alloc(16, 7).toString('base64url'),
    });
    const response = await client.post('/api/user/push-subscriptions/test');
    expect(response.json()).toEqual({ data: { sent: 0, failed: 1 } });
    expect(await devicesOf(testApp.database.db, account.id)).toEqual([]);
    expect(connections).toBe(0);
  });
});

describe('web push turned off (no VAPID keys)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('says so to members, stores no device, sends nothing', async () => {
    const { account, client } = await signedInMember(testApp.app, testApp.database.db);
    const key = await client.get('/api/push/public-key');
    expect(PushPublicKeyResponse.parse(key.json()).data.public_key).toBeNull();
    const device = createECDH('prime256v1');
    device.generateKeys();
    const body = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/1',
      keys: { p256dh: device.getPublicKey('base64url'), auth: Buffer.alloc(16, 3).toString('base64url') },
    };
    expectError(await client.post('/api/user/push-subscriptions', body), 409, 'push');
    expectError(await client.post('/api/user/push-subscriptions/test'), 409, 'push');
    expect(await devicesOf(testApp.database.db, account.id)).toEqual([]);
    await expect(testApp.app.pushNotifier.notify(account.id, 'chat_mention', message)).resolves.toBeUndefined();
  });
});

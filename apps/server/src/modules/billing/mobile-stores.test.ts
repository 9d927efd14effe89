import { BillingPlansResponse, BillingSubscriptionResponse, WebhookReceivedResponse } from '@pass/contracts';
import { auditEvents, billingEvents, billingPayments, billingSubscriptions } from '@pass/db';
import { MOBILE_PRODUCT_IDS } from '@pass/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../env.js';
import { expectError } from '../../test/accounts.js';
import { FakeAppStore, type AppleNotificationFields } from '../../test/fake-app-store.js';
import { FakeGooglePlay } from '../../test/fake-google-play.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';

/**
 * Subscriptions sold in the app stores (DESIGN.md section 6; decision 047), against a local App Store that
 * signs with its own root certificate and a local Google Play: a notification grants or ends access only when
 * the store vouches for it, for the member whose billing id the purchase carries, once per notification.
 */

// After October 1: the regular price is on sale.
const clock = new Date('2026-11-24T12:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(clock.getTime() + days * DAY);
const memberProduct = MOBILE_PRODUCT_IDS.member.regular;

describe('subscriptions in the app stores', () => {
  const play = new FakeGooglePlay();
  let appStore: FakeAppStore;
  let untrusted: FakeAppStore;
  let testApp: TestApp;
  let transactionCounter = 2_000_000_000_000;

  beforeAll(async () => {
    await play.start();
    [appStore, untrusted] = await Promise.all([FakeAppStore.create(), FakeAppStore.create('Someone Else')]);
    testApp = await buildTestApp({ ...appStore.env('Sandbox'), ...play.env() }, { now: () => clock });
  });
  afterAll(async () => {
    await testApp.app.close();
    await play.stop();
  });

  async function member() {
    const { account, client } = await signedInMember(testApp.app, testApp.database.db);
    const billingId = (await client.get('/billing/user')).json<{ data: { billing_id: string } }>().data.billing_id;
    return { account, client, billingId };
  }

  const rowsOf = (userId: number) =>
    testApp.database.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId));

  const accessAuditOf = (userId: number) =>
    testApp.database.db
      .select({ event: auditEvents.event })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.userId, userId),
          inArray(auditEvents.event, ['billing_access_granted', 'billing_access_lost']),
        ),
      )
      .orderBy(auditEvents.id);

  const refusedCount = async () => {
    const [row] = await testApp.database.db
      .select({ n: sql<number>`count(*)` })
      .from(auditEvents)
      .where(eq(auditEvents.event, 'billing_webhook_refused'));
    return Number(row!.n);
  };

  const eventKept = async (provider: 'apple' | 'google', eventId: string) =>
    (
      await testApp.database.db
        .select()
        .from(billingEvents)
        .where(and(eq(billingEvents.provider, provider), eq(billingEvents.eventId, eventId)))
    ).length === 1;

  const newTransaction = () => String(++transactionCounter);

  const paymentsOf = (provider: 'apple' | 'google') =>
    testApp.database.db.select().from(billingPayments).where(eq(billingPayments.provider, provider));

  function appleNotification(fields: Partial<AppleNotificationFields> & { originalTransactionId: string }) {
    return appStore.notification({
      notificationType: 'SUBSCRIBED',
      subtype: 'INITIAL_BUY',
      status: 1,
      productId: memberProduct,
      expiresDate: at(30),
      signedDate: clock,
      ...fields,
    });
  }

  const deliverApple = (signedPayload: string) =>
    testApp.app.inject({ method: 'POST', url: '/billing/apple/notifications', payload: { signedPayload } });

  const deliverGoogle = (envelope: unknown, token: string | null = play.pushToken) =>
    testApp.app.inject({
      method: 'POST',
      url: `/billing/google/notifications${token === null ? '' : `?token=${encodeURIComponent(token)}`}`,
      payload: envelope as Record<string, unknown>,
    });

  it('lists the stores’ product ids of the plans on sale', async () => {
    const mobile = BillingPlansResponse.parse(
      (await testApp.app.inject({ url: '/billing/plans?platform=mobile' })).json(),
    ).data;
    expect(mobile.map((plan) => [plan.code, plan.mobile.plan_id]).sort()).toEqual([
      ['add_on', 'pass.sync.add_on.regular'],
      ['member', 'pass.sync.member.regular'],
    ]);
  });

  describe('App Store', () => {
    it('grants on a signed notification, once however often it is delivered, and ends access when it expires', async () => {
      const { account, client, billingId } = await member();
      const originalTransactionId = newTransaction();
      const subscribed = appleNotification({ originalTransactionId, appAccountToken: billingId });
      const first = await deliverApple(subscribed.signedPayload);
      expect(first.statusCode, first.body).toBe(200);
      expect(WebhookReceivedResponse.parse(first.json())).toEqual({ received: true, duplicate: false });
      const listed = (await client.get('/billing/subscriptions')).json<{ data: unknown[] }>().data;
      expect(listed).toEqual([
        expect.objectContaining({
          billing_platform: 'mobile',
          subscription_id: originalTransactionId,
          status: 'ACTIVE',
          mobile_subscription_status: 'ACTIVE',
          plan_id: memberProduct,
          active: true,
          next_billing_at: at(30).toISOString(),
        }),
      ]);
      expect((await rowsOf(account.id))[0]).toMatchObject({ store: 'apple' });

      // The same notification again: answered, and nothing changes.
      expect((await deliverApple(subscribed.signedPayload)).json()).toEqual({ received: true, duplicate: true });
      expect(await rowsOf(account.id)).toHaveLength(1);
      // Its transaction's charge ($20.00, which Apple writes as 20000 thousandths) is kept once.
      const rowId = (await rowsOf(account.id))[0]!.id;
      expect((await paymentsOf('apple')).filter((payment) => payment.subscriptionRowId === rowId)).toEqual([
        expect.objectContaining({ amountCents: 2000, currency: 'USD', refundedAt: null }),
      ]);
      expect(await accessAuditOf(account.id)).toEqual([{ event: 'billing_access_granted' }]);

      // Billing retry ends access; the grace period keeps it; expiry ends it.
      const steps: [number, string, boolean][] = [
        [4, 'GRACE_PERIOD', true],
        [3, 'BILLING_RETRY', false],
        [2, 'EXPIRED', false],
      ];
      for (const [index, [status, word, active]] of steps.entries()) {
        const notification = appleNotification({
          originalTransactionId,
          appAccountToken: billingId,
          notificationType: status === 2 ? 'EXPIRED' : 'DID_FAIL_TO_RENEW',
          subtype: status === 4 ? 'GRACE_PERIOD' : undefined,
          status,
          signedDate: new Date(clock.getTime() + (index + 1) * 60_000),
        });
        expect((await deliverApple(notification.signedPayload)).statusCode).toBe(200);
        const [row] = await rowsOf(account.id);
        expect(row).toMatchObject({ mobileSubscriptionStatus: word, status: active ? 'ACTIVE' : word });
      }
      expect(await accessAuditOf(account.id)).toEqual([
        { event: 'billing_access_granted' },
        { event: 'billing_access_lost' },
      ]);
    });

    it('ignores a notification signed before the state it has', async () => {
      const { account, billingId } = await member();
      const originalTransactionId = newTransaction();
      const older = appleNotification({ originalTransactionId, appAccountToken: billingId, signedDate: at(0) });
      const newer = appleNotification({
        originalTransactionId,
        appAccountToken: billingId,
        notificationType: 'EXPIRED',
        subtype: 'VOLUNTARY',
        status: 2,
        signedDate: at(1),
      });
      expect((await deliverApple(newer.signedPayload)).json()).toEqual({ received: true, duplicate: false });
      expect((await deliverApple(older.signedPayload)).json()).toEqual({ received: true, duplicate: false });
      const [row] = await rowsOf(account.id);
      expect(row).toMatchObject({ status: 'EXPIRED', mobileSubscriptionStatus: 'EXPIRED' });
      expect(row!.providerUpdatedAt?.toISOString()).toBe(at(1).toISOString());
      expect(await accessAuditOf(account.id)).toEqual([]);
    });

    it('refuses a notification not signed by the trusted App Store, stores nothing and audits it', async () => {
      const { account, billingId } = await member();
      const before = await refusedCount();
      const forged = untrusted.notification({
        notificationType: 'SUBSCRIBED',
        status: 1,
        originalTransactionId: newTransaction(),
        productId: memberProduct,
        appAccountToken: billingId,
        expiresDate: at(30),
        signedDate: clock,
      });
      expectError(await deliverApple(forged.signedPayload), 400, 'body.signedPayload');
      // A genuine notification whose payload was changed after signing.
      const genuine = appleNotification({
        originalTransactionId: newTransaction(),
        appAccountToken: billingId,
        status: 2,
      });
      const [header, payload, signature] = genuine.signedPayload.split('.');
      const changed = Buffer.from(payload!, 'base64url').toString().replace('"status":2', '"status":1');
      const tampered = [header, Buffer.from(changed).toString('base64url'), signature].join('.');
      expectError(await deliverApple(tampered), 400, 'body.signedPayload');
      // Signed by the trusted store, but for another app.
      const otherApp = appStore.notification({
        notificationType: 'SUBSCRIBED',
        originalTransactionId: newTransaction(),
        productId: memberProduct,
        appAccountToken: billingId,
        expiresDate: at(30),
        signedDate: clock,
        bundleId: 'com.example.other',
      });
      expectError(await deliverApple(otherApp.signedPayload), 400, 'body.signedPayload');
      expectError(await deliverApple('not-a.jws'), 400, 'body.signedPayload');

      expect(await rowsOf(account.id)).toEqual([]);
      for (const notification of [forged, genuine, otherApp]) {
        expect(await eventKept('apple', notification.notificationUUID)).toBe(false);
      }
      expect(await refusedCount()).toBe(before + 3);
    });

    it('refuses a notification for no member or another shop’s product, and stores nothing', async () => {
      const { account, billingId } = await member();
      const cases = [
        appleNotification({ originalTransactionId: newTransaction(), appAccountToken: crypto.randomUUID() }),
        appleNotification({ originalTransactionId: newTransaction() }),
        appleNotification({
          originalTransactionId: newTransaction(),
          appAccountToken: billingId,
          productId: 'com.example.other.monthly',
        }),
      ];
      for (const notification of cases) {
        expectError(await deliverApple(notification.signedPayload), 400, 'body.signedPayload');
        expect(await eventKept('apple', notification.notificationUUID)).toBe(false);
      }
      expect(await rowsOf(account.id)).toEqual([]);
    });

    it('keeps Apple’s TEST notification once, changing no subscription', async () => {
      const notificationUUID = crypto.randomUUID();
      const signedPayload = appStore.sign({
        notificationType: 'TEST',
        notificationUUID,
        data: { appAppleId: appStore.appAppleId, bundleId: appStore.bundleId, environment: 'Sandbox' },
        version: '2.0',
        signedDate: clock.getTime(),
      });
      expect((await deliverApple(signedPayload)).json()).toEqual({ received: true, duplicate: false });
      expect((await deliverApple(signedPayload)).json()).toEqual({ received: true, duplicate: true });
      expect(await eventKept('apple', notificationUUID)).toBe(true);
    });

    it('tells the member to cancel in their Apple ID, and changes nothing', async () => {
      const { account, client, billingId } = await member();
      const originalTransactionId = newTransaction();
      await deliverApple(appleNotification({ originalTransactionId, appAccountToken: billingId }).signedPayload);
      const refused = expectError(
        await client.post(`/billing/mobile/cancel/${billingId}/${originalTransactionId}`, {}),
        409,
      );
      expect(refused.error.message).toContain('https://apps.apple.com/account/subscriptions');
      expect((await rowsOf(account.id)).map((row) => row.status)).toEqual(['ACTIVE']);
    });
  });

  describe('Google Play', () => {
    it('grants the purchase Google confirms, once per message, and ends access when Google says so', async () => {
      const { account, client, billingId } = await member();
      const token = play.addPurchase({ productId: memberProduct, accountId: billingId, expiryTime: at(30) });
      const purchased = play.push(token, 4);
      const first = await deliverGoogle(purchased);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ received: true, duplicate: false });
      const listed = (await client.get('/billing/subscriptions')).json<{ data: unknown[] }>().data;
      expect(listed).toEqual([
        expect.objectContaining({
          billing_platform: 'mobile',
          subscription_id: token,
          status: 'ACTIVE',
          mobile_subscription_status: 'ACTIVE',
          plan_id: memberProduct,
          active: true,
          next_billing_at: at(30).toISOString(),
        }),
      ]);
      expect((await rowsOf(account.id))[0]).toMatchObject({ store: 'google' });

      // Delivered again (Pub/Sub delivers at least once): nothing changes, even if Google's state has.
      play.setState(token, 'SUBSCRIPTION_STATE_ON_HOLD');
      expect((await deliverGoogle(purchased)).json()).toEqual({ received: true, duplicate: true });
      expect((await rowsOf(account.id)).map((row) => row.status)).toEqual(['ACTIVE']);

      // A new message: Google's state now, whatever the message's type.
      expect((await deliverGoogle(play.push(token, 2))).statusCode).toBe(200);
      expect(await rowsOf(account.id)).toEqual([
        expect.objectContaining({ status: 'ON_HOLD', mobileSubscriptionStatus: 'ON_HOLD' }),
      ]);
      expect(await accessAuditOf(account.id)).toEqual([
        { event: 'billing_access_granted' },
        { event: 'billing_access_lost' },
      ]);
    });

    it('keeps each renewal as a payment once, and lets a replacing purchase retire the one it replaces', async () => {
      const { account, billingId } = await member();
      const token = play.addPurchase({ productId: memberProduct, accountId: billingId, expiryTime: at(30) });
      expect((await deliverGoogle(play.push(token, 4))).statusCode).toBe(200);
      // The purchase itself starts the free month: no payment yet.
      const [row] = await rowsOf(account.id);
      const paymentsOfRow = async () =>
        (await paymentsOf('google')).filter((payment) => payment.subscriptionRowId === row!.id);
      expect(await paymentsOfRow()).toEqual([]);
      const orderId = play.renew(token, at(60));
      const renewed = play.push(token, 2);
      expect((await deliverGoogle(renewed)).statusCode).toBe(200);
      expect((await deliverGoogle(play.push(token, 2))).statusCode).toBe(200);
      expect(await paymentsOfRow()).toEqual([
        expect.objectContaining({ providerPaymentId: orderId, amountCents: 2000, currency: 'USD', paidAt: clock }),
      ]);

      // An upgrade: a new token naming the old one, which is kept but gives no access any more.
      const upgrade = play.addPurchase({
        productId: memberProduct,
        accountId: billingId,
        expiryTime: at(60),
        linkedPurchaseToken: token,
      });
      expect((await deliverGoogle(play.push(upgrade, 4))).statusCode).toBe(200);
      const rows = await rowsOf(account.id);
      expect(rows.map((each) => [each.subscriptionId, each.status]).sort()).toEqual(
        [
          [token, 'REPLACED'],
          [upgrade, 'ACTIVE'],
        ].sort(),
      );
    });

    it('refuses a push without the configured token', async () => {
      const { account, billingId } = await member();
      const token = play.addPurchase({ productId: memberProduct, accountId: billingId, expiryTime: at(30) });
      const push = play.push(token, 4);
      expectError(await deliverGoogle(push, null), 401);
      expectError(await deliverGoogle(push, `${play.pushToken}x`), 401);
      expectError(await deliverGoogle({ nothing: true }, 'wrong'), 401);
      expect(await rowsOf(account.id)).toEqual([]);
      expect(await eventKept('google', push.message.messageId)).toBe(false);
    });

    it('refuses a purchase for no member or another product, or another app, and stores nothing', async () => {
      const { account, billingId } = await member();
      const pushes = [
        play.push(
          play.addPurchase({ productId: memberProduct, accountId: crypto.randomUUID(), expiryTime: at(30) }),
          4,
        ),
        play.push(play.addPurchase({ productId: memberProduct, expiryTime: at(30) }), 4),
        play.push(play.addPurchase({ productId: 'other.product', accountId: billingId, expiryTime: at(30) }), 4),
        play.push(play.addPurchase({ productId: memberProduct, accountId: billingId, expiryTime: at(30) }), 4, 'com.x'),
        play.push('no-such-token', 4),
      ];
      for (const push of pushes) {
        expectError(await deliverGoogle(push), 400, 'body.message.data');
        expect(await eventKept('google', push.message.messageId)).toBe(false);
      }
      expect(await rowsOf(account.id)).toEqual([]);
    });

    it('keeps a test notification once, and refuses data that is not a notification', async () => {
      const test = {
        message: {
          data: Buffer.from(
            JSON.stringify({ version: '1.0', packageName: play.packageName, testNotification: {} }),
          ).toString('base64'),
          messageId: String(Date.now()),
        },
        subscription: 'projects/pass-tests/subscriptions/play-billing',
      };
      expect((await deliverGoogle(test)).json()).toEqual({ received: true, duplicate: false });
      expect((await deliverGoogle(test)).json()).toEqual({ received: true, duplicate: true });
      const garbled = {
        ...test,
        message: { data: Buffer.from('{"nope":').toString('base64'), messageId: 'garbled-1' },
      };
      expectError(await deliverGoogle(garbled), 400, 'body.message.data');
      expect(await eventKept('google', 'garbled-1')).toBe(false);
    });

    it('answers 503 when Google cannot be asked, keeps nothing, and applies the push delivered again', async () => {
      const { account, billingId } = await member();
      const token = play.addPurchase({ productId: memberProduct, accountId: billingId, expiryTime: at(30) });
      const push = play.push(token, 4);
      play.failNext(3);
      expectError(await deliverGoogle(push), 503);
      expect(await eventKept('google', push.message.messageId)).toBe(false);
      expect((await deliverGoogle(push)).json()).toEqual({ received: true, duplicate: false });
      expect((await rowsOf(account.id)).map((row) => row.status)).toEqual(['ACTIVE']);
    });

    it('cancels the member’s own subscription at Google, keeping access until it expires', async () => {
      const { account, client, billingId } = await member();
      const token = play.addPurchase({ productId: memberProduct, accountId: billingId, expiryTime: at(30) });
      await deliverGoogle(play.push(token, 4));
      const response = await client.post(`/billing/mobile/cancel/${billingId}/${token}`, {});
      expect(response.statusCode, response.body).toBe(200);
      expect(BillingSubscriptionResponse.parse(response.json()).data).toMatchObject({
        subscription_id: token,
        mobile_subscription_status: 'CANCELED',
        status: 'ACTIVE',
        active: true,
        next_billing_at: at(30).toISOString(),
      });
      expect(play.purchases.get(token)?.subscriptionState).toBe('SUBSCRIPTION_STATE_CANCELED');
      const [row] = await rowsOf(account.id);
      expect(row!.cancelledAt).not.toBeNull();
      expect(await accessAuditOf(account.id)).toEqual([{ event: 'billing_access_granted' }]);
    });

    it('answers 404 for another member’s subscription, and changes nothing', async () => {
      const owner = await member();
      const intruder = await member();
      const token = play.addPurchase({ productId: memberProduct, accountId: owner.billingId, expiryTime: at(30) });
      await deliverGoogle(play.push(token, 4));
      expectError(await intruder.client.post(`/billing/mobile/cancel/${intruder.billingId}/${token}`, {}), 404);
      expectError(await intruder.client.post(`/billing/mobile/cancel/${owner.billingId}/${token}`, {}), 404);
      expect(play.purchases.get(token)?.subscriptionState).toBe('SUBSCRIPTION_STATE_ACTIVE');
      expect((await rowsOf(owner.account.id)).map((row) => row.mobileSubscriptionStatus)).toEqual(['ACTIVE']);
      expect(await rowsOf(intruder.account.id)).toEqual([]);
      const visitor = await testApp.app.inject({
        method: 'POST',
        url: `/billing/mobile/cancel/${owner.billingId}/${token}`,
      });
      expect([401, 403]).toContain(visitor.statusCode);
    });
  });
});

describe('app store configuration', () => {
  it('refuses the unsigned Xcode and LocalTesting environments in production, and allows them in tests', async () => {
    const store = await FakeAppStore.create();
    const base = { PUBLIC_URL: 'https://pass.example.org', ...store.env('Sandbox') };
    for (const environment of ['Xcode', 'LocalTesting']) {
      expect(() => loadConfig({ ...base, NODE_ENV: 'production', APPLE_ENVIRONMENT: environment })).toThrow(
        ConfigError,
      );
      expect(() => loadConfig({ ...base, NODE_ENV: 'production', APPLE_ENVIRONMENT: environment })).toThrow(
        /APPLE_ENVIRONMENT: must be Production or Sandbox in production/,
      );
      expect(loadConfig({ ...base, NODE_ENV: 'test', APPLE_ENVIRONMENT: environment }).apple?.environment).toBe(
        environment,
      );
    }
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).apple).toMatchObject({
      environment: 'Sandbox',
      onlineChecks: true,
    });
    expect(() => loadConfig({ ...base, APPLE_ENVIRONMENT: 'Production', APPLE_APP_APPLE_ID: '' })).toThrow(
      /APPLE_APP_APPLE_ID/,
    );
    expect(() => loadConfig({ ...base, APPLE_ROOT_CERTS: 'bm90IGEgY2VydGlmaWNhdGU=' })).toThrow(/APPLE_ROOT_CERTS/);
  });

  it('answers 404 at the stores’ notification addresses when they are not set up', async () => {
    const { app } = await buildTestApp();
    try {
      const apple = await app.inject({
        method: 'POST',
        url: '/billing/apple/notifications',
        payload: { signedPayload: 'a.b.c' },
      });
      expectError(apple, 404);
      const google = await app.inject({ method: 'POST', url: '/billing/google/notifications?token=x', payload: {} });
      expectError(google, 404);
    } finally {
      await app.close();
    }
  });
});

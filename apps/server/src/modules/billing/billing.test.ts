import {
  BillingPlansResponse,
  BillingSubscriptionResponse,
  CheckSubscriptionsRequiredResponse,
  WebhookReceivedResponse,
} from '@pass/contracts';
import { auditEvents, billingPayments, billingPlans, billingSubscriptions, users } from '@pass/db';
import { MOBILE_PRODUCT_IDS } from '@pass/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayPalClient } from '../../providers/paypal/paypal-client.js';
import { expectError } from '../../test/accounts.js';
import { FakePayPal } from '../../test/fake-paypal.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { ensurePlans } from './billing.repository.js';

/**
 * Subscribing through PayPal against the local fake (DESIGN.md section 6; decision 045): the server grants
 * access only on PayPal's own word, once per subscription, and keeps PayPal's state as webhooks arrive —
 * verified, deduplicated and applied by asking PayPal again, so their order does not matter.
 */

// After October 1: the regular price is on sale.
const clock = new Date('2026-11-24T12:00:00Z');

describe('billing with PayPal', () => {
  const fake = new FakePayPal();
  let testApp: TestApp;
  let memberPlanId: string;
  let otherPlanId: string;

  beforeAll(async () => {
    await fake.start();
    testApp = await buildTestApp(
      {
        PAYPAL_API_URL: fake.url,
        PAYPAL_CLIENT_ID: fake.clientId,
        PAYPAL_CLIENT_SECRET: fake.clientSecret,
        PAYPAL_WEBHOOK_ID: fake.webhookId,
      },
      { now: () => clock },
    );
    // The plans as provisioning leaves them: ours at PayPal with their ids stored, and someone else's plan.
    const paypal = new PayPalClient({
      // The fake service listens on loopback: tests only.
      outbound: { allowPrivateAddresses: true },
      baseUrl: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
    });
    const product = await paypal.createProduct({ name: 'PA$$ Sync', type: 'SERVICE' });
    const cycles = [
      {
        tenure_type: 'REGULAR' as const,
        sequence: 1,
        total_cycles: 0,
        frequency: { interval_unit: 'MONTH' as const, interval_count: 1 },
        pricing_scheme: { fixed_price: { currency_code: 'USD', value: '20.00' } },
      },
    ];
    const ours = await paypal.createPlan({
      product_id: product.id,
      name: 'PA$$ Sync Member Plan',
      billing_cycles: cycles,
      payment_preferences: {},
    });
    const theirs = await paypal.createPlan({
      product_id: product.id,
      name: 'Another shop',
      billing_cycles: cycles,
      payment_preferences: {},
    });
    memberPlanId = ours.id;
    otherPlanId = theirs.id;
    await ensurePlans(testApp.database.db);
    await testApp.database.db
      .update(billingPlans)
      .set({ paypalPlanId: memberPlanId })
      .where(and(eq(billingPlans.code, 'member'), eq(billingPlans.priceTier, 'regular')));
  });
  afterAll(async () => {
    await testApp.app.close();
    await fake.stop();
    expect(fake.schemaViolations).toEqual([]);
  });

  async function member() {
    const { account, client } = await signedInMember(testApp.app, testApp.database.db);
    const billingId = (await client.get('/billing/user')).json<{ data: { billing_id: string } }>().data.billing_id;
    return { account, client, billingId };
  }

  const rowsOf = (userId: number) =>
    testApp.database.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId));

  const auditOf = (userId: number) =>
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

  /** Delivers a webhook as PayPal would, its body exactly as signed. */
  function deliver(webhook: { body: string; headers: Record<string, string> }) {
    return testApp.app.inject({
      method: 'POST',
      url: '/billing/paypal/webhook',
      headers: { 'content-type': 'application/json', ...webhook.headers },
      payload: webhook.body,
    });
  }

  it('lists the plans on sale at the regular price, and those PayPal sells', async () => {
    const all = BillingPlansResponse.parse((await testApp.app.inject({ url: '/billing/plans' })).json()).data;
    expect(all.map((plan) => plan.name).sort()).toEqual(['PA$$ Sync Add-On Account', 'PA$$ Sync Member Plan']);
    expect(all.every((plan) => plan.price_tier === 'regular')).toBe(true);
    // The add-on, one more sportsbook, costs less than the membership (decision 074).
    expect(all.map((plan) => [plan.code, plan.monthly_price_cents, plan.price_text]).sort()).toEqual([
      ['add_on', 500, 'Free for 1 month, then $5 a month'],
      ['member', 2000, 'Free for 1 month, then $20 a month'],
    ]);
    const paypal = BillingPlansResponse.parse(
      (await testApp.app.inject({ url: '/billing/plans?platform=paypal' })).json(),
    ).data;
    expect(paypal).toEqual([expect.objectContaining({ code: 'member', paypal: { plan_id: memberPlanId } })]);
    expectError(await testApp.app.inject({ url: '/billing/plans?platform=bitcoin' }), 400, 'querystring.platform');
  });

  it('grants a subscription PayPal confirms as ACTIVE for the caller, once however often it is sent', async () => {
    const { account, client, billingId } = await member();
    const subscription = fake.addSubscription({ plan_id: memberPlanId, custom_id: billingId });
    const body = { billing_id: billingId, subscription_id: subscription.id };
    const first = await client.post('/billing/paypal/subscribe', body);
    expect(first.statusCode).toBe(200);
    const granted = BillingSubscriptionResponse.parse(first.json()).data;
    expect(granted).toMatchObject({
      status: 'ACTIVE',
      paypal_subscription_status: 'ACTIVE',
      plan_name: 'PA$$ Sync Member Plan',
      billing_platform: 'paypal',
      subscription_id: subscription.id,
      plan_id: memberPlanId,
      active: true,
    });
    const again = await client.post('/billing/paypal/subscribe', body);
    expect(again.statusCode).toBe(200);
    const rows = await rowsOf(account.id);
    expect(rows).toHaveLength(1);
    // Kept at the server clock's time, which the admin's trial counts and revenue are reckoned by.
    expect(rows[0]!.createdAt).toEqual(clock);
    expect(rows[0]!.updatedAt).toEqual(clock);
    expect(await auditOf(account.id)).toEqual([{ event: 'billing_access_granted' }]);
    const listed = (await client.get('/billing/subscriptions')).json<{ data: unknown[] }>().data;
    expect(listed).toEqual([expect.objectContaining({ subscription_id: subscription.id, active: true })]);
  });

  it.each([
    ['made for another account', { custom: 'other' }, 400],
    ['to another shop’s plan', { plan: 'other' }, 400],
    ['still waiting for approval', { status: 'APPROVAL_PENDING' as const }, 409],
    ['suspended', { status: 'SUSPENDED' as const }, 409],
  ])('grants nothing for a subscription %s', async (_case, variant, status) => {
    const { account, client, billingId } = await member();
    const other = await member();
    const subscription = fake.addSubscription({
      plan_id: 'plan' in variant ? otherPlanId : memberPlanId,
      custom_id: 'custom' in variant ? other.billingId : billingId,
      ...('status' in variant ? { status: variant.status } : {}),
    });
    const response = await client.post('/billing/paypal/subscribe', {
      billing_id: billingId,
      subscription_id: subscription.id,
    });
    expectError(response, status, 'body.subscription_id');
    expect(await rowsOf(account.id)).toEqual([]);
    expect(await rowsOf(other.account.id)).toEqual([]);
  });

  it('refuses a billing id that is not the caller’s, and a subscription PayPal does not have', async () => {
    const { account, client, billingId } = await member();
    const other = await member();
    const subscription = fake.addSubscription({ plan_id: memberPlanId, custom_id: other.billingId });
    expectError(
      await client.post('/billing/paypal/subscribe', { billing_id: other.billingId, subscription_id: subscription.id }),
      400,
      'body.billing_id',
    );
    expectError(
      await client.post('/billing/paypal/subscribe', { billing_id: billingId, subscription_id: 'I-NOSUCHTHING1' }),
      400,
      'body.subscription_id',
    );
    expectError(
      await client.post('/billing/paypal/subscribe', { billing_id: billingId, subscription_id: '<script>' }),
      400,
      'body.subscription_id',
    );
    expect(await rowsOf(account.id)).toEqual([]);
    expect(await rowsOf(other.account.id)).toEqual([]);
  });

  it('asks a visitor to log in', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/billing/paypal/subscribe',
      payload: { billing_id: '00000000-0000-4000-8000-000000000000', subscription_id: 'I-ABC' },
    });
    expect([401, 403]).toContain(response.statusCode);
  });

  it('says to keep the subscription id when PayPal is down, and grants it when PayPal’s webhook arrives', async () => {
    const { account, client, billingId } = await member();
    const subscription = fake.addSubscription({ plan_id: memberPlanId, custom_id: billingId });
    fake.failNext('/v1/billing/subscriptions', 503, 3);
    const refused = expectError(
      await client.post('/billing/paypal/subscribe', { billing_id: billingId, subscription_id: subscription.id }),
      503,
    );
    expect(refused.error.message).toContain(subscription.id);
    expect(await rowsOf(account.id)).toEqual([]);

    const activated = await deliver(fake.webhook('BILLING.SUBSCRIPTION.ACTIVATED', { id: subscription.id }));
    expect(activated.statusCode).toBe(200);
    expect(WebhookReceivedResponse.parse(activated.json())).toEqual({ received: true, duplicate: false });
    expect((await rowsOf(account.id)).map((row) => row.status)).toEqual(['ACTIVE']);
  });

  it('changes nothing for a forged webhook or one replayed', async () => {
    const { account, client, billingId } = await member();
    const subscription = fake.addSubscription({ plan_id: memberPlanId, custom_id: billingId });
    await client.post('/billing/paypal/subscribe', { billing_id: billingId, subscription_id: subscription.id });

    // Forged: the body changed after signing, and a signature made up.
    fake.setStatus(subscription.id, 'CANCELLED');
    const signed = fake.webhook('BILLING.SUBSCRIPTION.CANCELLED', { id: subscription.id });
    const tampered = signed.body.replace('BILLING.SUBSCRIPTION.CANCELLED', 'BILLING.SUBSCRIPTION.EXPIRED');
    expectError(await deliver({ body: tampered, headers: signed.headers }), 400, 'headers.paypal-transmission-sig');
    expectError(
      await deliver({
        body: signed.body,
        headers: { ...signed.headers, 'paypal-transmission-sig': 'bm90IHNpZ25lZA==' },
      }),
      400,
      'headers.paypal-transmission-sig',
    );
    expectError(
      await deliver({
        body: signed.body,
        headers: { 'paypal-transmission-id': signed.headers['paypal-transmission-id']! },
      }),
      400,
    );
    expect((await rowsOf(account.id)).map((row) => row.status)).toEqual(['ACTIVE']);

    // The genuine one applies PayPal's state; delivered again, it is a duplicate and changes nothing.
    expect((await deliver(signed)).json()).toEqual({ received: true, duplicate: false });
    expect((await rowsOf(account.id)).map((row) => row.paypalSubscriptionStatus)).toEqual(['CANCELLED']);
    fake.setStatus(subscription.id, 'ACTIVE');
    expect((await deliver(signed)).json()).toEqual({ received: true, duplicate: true });
    expect((await rowsOf(account.id)).map((row) => row.paypalSubscriptionStatus)).toEqual(['CANCELLED']);
    expect(await auditOf(account.id)).toEqual([{ event: 'billing_access_granted' }, { event: 'billing_access_lost' }]);
  });

  it('ends in PayPal’s final state whatever order the webhooks come in', async () => {
    const { account, client, billingId } = await member();
    const subscription = fake.addSubscription({ plan_id: memberPlanId, custom_id: billingId });
    await client.post('/billing/paypal/subscribe', { billing_id: billingId, subscription_id: subscription.id });
    const activated = fake.webhook('BILLING.SUBSCRIPTION.ACTIVATED', { id: subscription.id });
    fake.setStatus(subscription.id, 'SUSPENDED');
    const failed = fake.webhook('BILLING.SUBSCRIPTION.PAYMENT.FAILED', { id: subscription.id });
    fake.setStatus(subscription.id, 'CANCELLED');
    const cancelled = fake.webhook('BILLING.SUBSCRIPTION.CANCELLED', { id: subscription.id });
    for (const webhook of [cancelled, activated, failed, activated, cancelled]) {
      expect((await deliver(webhook)).statusCode).toBe(200);
    }
    const [row] = await rowsOf(account.id);
    expect(row).toMatchObject({ status: 'CANCELLED', paypalSubscriptionStatus: 'CANCELLED' });
    expect(row!.cancelledAt).not.toBeNull();
  });

  it('gives college access to a member whose free month has ended while the membership is active', async () => {
    const { account, client, billingId } = await member();
    await testApp.database.db
      .update(users)
      .set({ createdAt: new Date('2025-01-01T12:00:00Z') })
      .where(eq(users.id, account.id));
    const access = async () =>
      (await client.get('/auth/whoami')).json<{ data: { collegeAccess: { granted: boolean; reason: string } } }>().data
        .collegeAccess;
    expect(await access()).toMatchObject({ granted: false, reason: 'trial-ended' });
    const subscription = fake.addSubscription({ plan_id: memberPlanId, custom_id: billingId });
    await client.post('/billing/paypal/subscribe', { billing_id: billingId, subscription_id: subscription.id });
    expect(await access()).toMatchObject({ granted: true, reason: 'membership' });
    fake.setStatus(subscription.id, 'EXPIRED');
    await deliver(fake.webhook('BILLING.SUBSCRIPTION.EXPIRED', { id: subscription.id }));
    expect(await access()).toMatchObject({ granted: false, reason: 'trial-ended' });
  });

  it('reckons the free month by the server clock, not the machine’s', async () => {
    const { account, client } = await member();
    await testApp.database.db
      .update(users)
      .set({ createdAt: new Date(clock.getTime() - 10 * 86_400_000) })
      .where(eq(users.id, account.id));
    const access = (await client.get('/auth/whoami')).json<{ data: { collegeAccess: { reason: string } } }>().data
      .collegeAccess;
    expect(access.reason).toBe('trial');
  });

  it('keeps each completed payment once, for the revenue', async () => {
    const { client, billingId } = await member();
    const subscription = fake.addSubscription({ plan_id: memberPlanId, custom_id: billingId });
    await client.post('/billing/paypal/subscribe', { billing_id: billingId, subscription_id: subscription.id });
    const sale = fake.webhook('PAYMENT.SALE.COMPLETED', {
      id: `SALE-${subscription.id}`,
      billing_agreement_id: subscription.id,
      amount: { total: '20.00', currency: 'USD' },
      state: 'completed',
    });
    await deliver(sale);
    await deliver(sale);
    const payments = await testApp.database.db
      .select()
      .from(billingPayments)
      .where(eq(billingPayments.providerPaymentId, `SALE-${subscription.id}`));
    expect(payments).toEqual([expect.objectContaining({ amountCents: 2000, currency: 'USD' })]);
  });

  describe('cancelling a PayPal subscription', () => {
    async function subscribed() {
      const who = await member();
      const subscription = fake.addSubscription({ plan_id: memberPlanId, custom_id: who.billingId });
      await who.client.post('/billing/paypal/subscribe', {
        billing_id: who.billingId,
        subscription_id: subscription.id,
      });
      return { ...who, subscriptionId: subscription.id };
    }
    const cancelRequests = (subscriptionId: string) =>
      fake.requests.filter((request) => request.path === `/v1/billing/subscriptions/${subscriptionId}/cancel`);

    it('cancels at PayPal with a reason, then keeps PayPal’s state and ends the access', async () => {
      const { account, client, billingId, subscriptionId } = await subscribed();
      const response = await client.post(`/billing/paypal/cancel/${billingId}/${subscriptionId}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(BillingSubscriptionResponse.parse(response.json()).data).toMatchObject({
        subscription_id: subscriptionId,
        status: 'CANCELLED',
        paypal_subscription_status: 'CANCELLED',
        active: false,
      });
      expect(fake.subscriptions.get(subscriptionId)!.status).toBe('CANCELLED');
      expect(cancelRequests(subscriptionId)).toEqual([
        expect.objectContaining({ method: 'POST', body: { reason: expect.stringMatching(/\w/) } }),
      ]);
      const [row] = await rowsOf(account.id);
      expect(row).toMatchObject({ status: 'CANCELLED' });
      expect(row!.cancelledAt).not.toBeNull();
      expect(await auditOf(account.id)).toEqual([
        { event: 'billing_access_granted' },
        { event: 'billing_access_lost' },
      ]);
    });

    it('answers 404 and changes nothing for another member’s billing id or subscription, or an unknown one', async () => {
      const owner = await subscribed();
      const other = await member();
      const cases = [
        // Someone else's billing id with their subscription.
        [other.client, `/billing/paypal/cancel/${owner.billingId}/${owner.subscriptionId}`],
        // One's own billing id with someone else's subscription.
        [other.client, `/billing/paypal/cancel/${other.billingId}/${owner.subscriptionId}`],
        // The owner's billing id with a subscription PA$$ does not hold.
        [owner.client, `/billing/paypal/cancel/${owner.billingId}/I-NOTOURS0000`],
      ] as const;
      for (const [client, url] of cases) expectError(await client.post(url), 404);
      expect(fake.subscriptions.get(owner.subscriptionId)!.status).toBe('ACTIVE');
      expect(cancelRequests(owner.subscriptionId)).toEqual([]);
      expect((await rowsOf(owner.account.id)).map((row) => row.status)).toEqual(['ACTIVE']);
      expectError(await owner.client.post(`/billing/paypal/cancel/not-a-uuid/${owner.subscriptionId}`), 400);
    });

    it('answers 503 with a clear message and changes nothing while PayPal is down', async () => {
      const { account, client, billingId, subscriptionId } = await subscribed();
      fake.failNext(`/v1/billing/subscriptions/${subscriptionId}/cancel`, 503, 3);
      const refused = expectError(await client.post(`/billing/paypal/cancel/${billingId}/${subscriptionId}`), 503);
      expect(refused.error.message).toContain(subscriptionId);
      expect(refused.error.message).toMatch(/Nothing was changed/);
      expect(fake.subscriptions.get(subscriptionId)!.status).toBe('ACTIVE');
      expect((await rowsOf(account.id)).map((row) => row.status)).toEqual(['ACTIVE']);
    });

    it('keeps PayPal’s state when PayPal has already ended the subscription', async () => {
      const { account, client, billingId, subscriptionId } = await subscribed();
      fake.setStatus(subscriptionId, 'EXPIRED');
      const response = await client.post(`/billing/paypal/cancel/${billingId}/${subscriptionId}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(BillingSubscriptionResponse.parse(response.json()).data).toMatchObject({
        status: 'EXPIRED',
        active: false,
      });
      expect((await rowsOf(account.id)).map((row) => row.status)).toEqual(['EXPIRED']);
    });
  });

  describe('which subscriptions a member lacks', () => {
    const check = async (client: Awaited<ReturnType<typeof member>>['client']) => {
      const response = await client.get('/billing/check-subscriptions-required');
      expect(response.statusCode, response.body).toBe(200);
      return CheckSubscriptionsRequiredResponse.parse(response.json()).data;
    };

    it('names the membership on sale until one is active, and requires nothing while no book is linked', async () => {
      const { client, billingId } = await member();
      expect(await check(client)).toEqual({
        subscriptions_required: false,
        betsync_accounts: [],
        billing_subscriptions: [],
        missing_subscriptions: [
          {
            code: 'member',
            name: 'PA$$ Sync Member Plan',
            paypal: { plan_id: memberPlanId },
            // The stores' product id of the regular price, on sale after October 1.
            mobile: { plan_id: MOBILE_PRODUCT_IDS.member.regular },
          },
        ],
      });
      const subscription = fake.addSubscription({ plan_id: memberPlanId, custom_id: billingId });
      await client.post('/billing/paypal/subscribe', { billing_id: billingId, subscription_id: subscription.id });
      const covered = await check(client);
      expect(covered.missing_subscriptions).toEqual([]);
      expect(covered.subscriptions_required).toBe(false);
      expect(covered.billing_subscriptions).toEqual([
        expect.objectContaining({ subscription_id: subscription.id, active: true }),
      ]);
      // Cancelled, the membership is missing again.
      await client.post(`/billing/paypal/cancel/${billingId}/${subscription.id}`);
      expect((await check(client)).missing_subscriptions.map((plan) => plan.code)).toEqual(['member']);
    });

    it('lists the linked sportsbooks with their grace, and an add-on for each book beyond the membership', async () => {
      const { client, billingId } = await member();
      for (const book of ['draftkings', 'fanduel']) {
        expect((await client.post('/api/sync/accounts', { book })).statusCode).toBe(201);
      }
      const linked = await check(client);
      expect(linked.betsync_accounts).toEqual([
        expect.objectContaining({
          betsync_book_name: 'DraftKings',
          grace_days_remaining: 5,
          created_at: clock.toISOString(),
        }),
        expect.objectContaining({
          betsync_book_name: 'FanDuel',
          grace_days_remaining: 5,
          betsync_account_access: true,
        }),
      ]);
      // Still in their grace: nothing is required yet, though the membership is what they will need.
      expect(linked.subscriptions_required).toBe(false);
      expect(linked.missing_subscriptions.map((plan) => plan.code)).toEqual(['member']);

      const subscription = fake.addSubscription({ plan_id: memberPlanId, custom_id: billingId });
      await client.post('/billing/paypal/subscribe', { billing_id: billingId, subscription_id: subscription.id });
      expect((await check(client)).missing_subscriptions).toEqual([]);
      expect((await client.post('/api/sync/accounts', { book: 'betmgm' })).statusCode).toBe(201);
      const third = await check(client);
      expect(third.missing_subscriptions.map((plan) => plan.code)).toEqual(['add_on']);
      expect(third.subscriptions_required).toBe(false);
    });

    it('asks a visitor to log in', async () => {
      expect((await testApp.app.inject({ url: '/billing/check-subscriptions-required' })).statusCode).toBe(401);
    });
  });

  describe('the stand-in for PayPal’s browser SDK', () => {
    it('serves a script for the right client id and subscription intent only', async () => {
      const good = await fetch(`${fake.url}/sdk/js?client-id=${fake.clientId}&vault=true&intent=subscription`);
      expect(good.status).toBe(200);
      expect(good.headers.get('content-type')).toMatch(/javascript/);
      expect(await good.text()).toContain('window.paypal');
      expect((await fetch(`${fake.url}/sdk/js?client-id=someone-else&vault=true&intent=subscription`)).status).toBe(
        400,
      );
      expect((await fetch(`${fake.url}/sdk/js?client-id=${fake.clientId}&intent=capture`)).status).toBe(400);
    });

    it('makes an ACTIVE subscription for the page’s origin, which the server then confirms', async () => {
      const { account, client, billingId } = await member();
      const origin = 'http://127.0.0.1:3000';
      const preflight = await fetch(`${fake.url}/sdk/subscriptions`, { method: 'OPTIONS', headers: { origin } });
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      const created = await fetch(`${fake.url}/sdk/subscriptions`, {
        method: 'POST',
        headers: { origin, 'content-type': 'text/plain' },
        body: JSON.stringify({ plan_id: memberPlanId, custom_id: billingId }),
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('access-control-allow-origin')).toBe(origin);
      const { id } = (await created.json()) as { id: string };
      expect(fake.subscriptions.get(id)).toMatchObject({
        status: 'ACTIVE',
        custom_id: billingId,
        plan_id: memberPlanId,
      });
      const confirmed = await client.post('/billing/paypal/subscribe', { billing_id: billingId, subscription_id: id });
      expect(confirmed.statusCode).toBe(200);
      expect((await rowsOf(account.id)).map((row) => row.subscriptionId)).toEqual([id]);
      const unknownPlan = await fetch(`${fake.url}/sdk/subscriptions`, {
        method: 'POST',
        headers: { origin },
        body: JSON.stringify({ plan_id: 'P-NOPE', custom_id: billingId }),
      });
      expect(unknownPlan.status).toBe(400);
    });
  });
});

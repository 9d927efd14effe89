import { AdminBillingStatsResponse, BillingPlansResponse, WebhookReceivedResponse } from '@pass/contracts';
import { billingEvents, billingPayments, billingPlans, billingSubscriptions } from '@pass/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayPalClient } from '../../providers/paypal/paypal-client.js';
import { adminClient, expectError } from '../../test/accounts.js';
import { FakePayPal } from '../../test/fake-paypal.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { ensurePlans } from './billing.repository.js';

/**
 * Offers and money (issue 23, findings 5 and 7): the early-subscriber price is sold only inside its window,
 * whatever plan the buyer's page chose, and a verified sale whose amount or currency a payment cannot hold is
 * kept as a refused event, answered 2xx and shown to the admin, never a 500.
 */

const cutoff = new Date('2026-10-01T00:00:00Z');
const justBefore = new Date(cutoff.getTime() - 1000);
const justAfter = new Date(cutoff.getTime() + 1000);

describe('offers and money', () => {
  const fake = new FakePayPal();
  let testApp: TestApp;
  let clock = justBefore;
  let earlyPlanId: string;

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
    const paypal = new PayPalClient({
      // The fake service listens on loopback: tests only.
      outbound: { allowPrivateAddresses: true },
      baseUrl: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
    });
    const product = await paypal.createProduct({ name: 'PA$$ Sync', type: 'SERVICE' });
    const early = await paypal.createPlan({
      product_id: product.id,
      name: 'PA$$ Sync Member Plan (Early subscriber $15)',
      billing_cycles: [
        {
          tenure_type: 'REGULAR' as const,
          sequence: 1,
          total_cycles: 0,
          frequency: { interval_unit: 'MONTH' as const, interval_count: 1 },
          pricing_scheme: { fixed_price: { currency_code: 'USD', value: '15.00' } },
        },
      ],
      payment_preferences: {},
    });
    earlyPlanId = early.id;
    await ensurePlans(testApp.database.db);
    await testApp.database.db
      .update(billingPlans)
      .set({ paypalPlanId: earlyPlanId })
      .where(and(eq(billingPlans.code, 'member'), eq(billingPlans.priceTier, 'early')));
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

  function deliver(webhook: { body: string; headers: Record<string, string> }) {
    return testApp.app.inject({
      method: 'POST',
      url: '/billing/paypal/webhook',
      headers: { 'content-type': 'application/json', ...webhook.headers },
      payload: webhook.body,
    });
  }

  describe('the early-subscriber price, around its cut-off', () => {
    it('lists each plan with its sale window', async () => {
      clock = justBefore;
      const plans = BillingPlansResponse.parse((await testApp.app.inject({ url: '/billing/plans' })).json()).data;
      expect(plans.every((plan) => plan.price_tier === 'early')).toBe(true);
      expect(plans[0]).toMatchObject({
        on_sale_from: '2026-01-01T00:00:00.000Z',
        on_sale_until: cutoff.toISOString(),
      });
    });

    it('sells it a second before the cut-off, and a repeat after the cut-off answers the same subscription', async () => {
      const { account, client, billingId } = await member();
      const subscription = fake.addSubscription({ plan_id: earlyPlanId, custom_id: billingId });
      const body = { billing_id: billingId, subscription_id: subscription.id };
      clock = justBefore;
      expect((await client.post('/billing/paypal/subscribe', body)).statusCode).toBe(200);
      clock = justAfter;
      expect((await client.post('/billing/paypal/subscribe', body)).statusCode).toBe(200);
      expect(await rowsOf(account.id)).toHaveLength(1);
    });

    it('refuses it a second after the cut-off, grants nothing and cancels it at PayPal', async () => {
      const { account, client, billingId } = await member();
      const subscription = fake.addSubscription({ plan_id: earlyPlanId, custom_id: billingId });
      clock = justAfter;
      const refused = expectError(
        await client.post('/billing/paypal/subscribe', { billing_id: billingId, subscription_id: subscription.id }),
        400,
        'body.subscription_id',
      );
      expect(refused.error.fields?.[0]?.message).toContain(`until ${cutoff.toISOString()}`);
      expect(await rowsOf(account.id)).toEqual([]);
      expect(fake.subscriptions.get(subscription.id)?.status).toBe('CANCELLED');
    });

    it('does not grant through PayPal’s webhook what was bought after the cut-off, but does what was bought before', async () => {
      clock = new Date(cutoff.getTime() + 3 * 86_400_000);
      const late = await member();
      const lateSubscription = fake.addSubscription({ plan_id: earlyPlanId, custom_id: late.billingId });
      lateSubscription.create_time = justAfter.toISOString();
      const lateAnswer = await deliver(fake.webhook('BILLING.SUBSCRIPTION.ACTIVATED', { id: lateSubscription.id }));
      expect(lateAnswer.statusCode).toBe(200);
      expect(await rowsOf(late.account.id)).toEqual([]);

      const inTime = await member();
      const inTimeSubscription = fake.addSubscription({ plan_id: earlyPlanId, custom_id: inTime.billingId });
      inTimeSubscription.create_time = justBefore.toISOString();
      const inTimeAnswer = await deliver(fake.webhook('BILLING.SUBSCRIPTION.ACTIVATED', { id: inTimeSubscription.id }));
      expect(inTimeAnswer.statusCode).toBe(200);
      expect(await rowsOf(inTime.account.id)).toEqual([expect.objectContaining({ status: 'ACTIVE' })]);
    });
  });

  describe('a verified sale the product cannot hold', () => {
    it.each([
      [
        'an amount past the column',
        { total: '99999999999999999999.00', currency: 'USD' },
        'more than a payment can hold',
      ],
      ['an amount in exponent form', { total: '1e20', currency: 'USD' }, 'not a money value'],
      ['another currency', { total: '15.00', currency: 'EUR' }, 'currency "EUR" is not USD'],
      ['no amount at all', undefined, 'not USD'],
    ])('is kept as a refused event, answered 2xx and shown to the admin: %s', async (_label, amount, reason) => {
      clock = justBefore;
      const { client, billingId } = await member();
      const subscription = fake.addSubscription({ plan_id: earlyPlanId, custom_id: billingId });
      await client.post('/billing/paypal/subscribe', { billing_id: billingId, subscription_id: subscription.id });
      const sale = fake.webhook('PAYMENT.SALE.COMPLETED', {
        id: `SALE-${subscription.id}`,
        billing_agreement_id: subscription.id,
        ...(amount ? { amount } : {}),
        state: 'completed',
      });
      const answer = await deliver(sale);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(WebhookReceivedResponse.parse(answer.json())).toEqual({ received: true, duplicate: false });
      const again = await deliver(sale);
      expect(WebhookReceivedResponse.parse(again.json())).toEqual({ received: true, duplicate: true });

      const db = testApp.database.db;
      expect(
        await db
          .select()
          .from(billingPayments)
          .where(eq(billingPayments.providerPaymentId, `SALE-${subscription.id}`)),
      ).toEqual([]);
      const [event] = await db.select().from(billingEvents).where(eq(billingEvents.eventId, sale.event.id));
      expect(event?.error).toContain(reason);

      const admin = await adminClient(testApp.app, db);
      const stats = AdminBillingStatsResponse.parse((await admin.get('/billing/admin/stats')).json()).data;
      expect(stats.refused_events).toContainEqual(
        expect.objectContaining({ event_id: sale.event.id, subscription_id: subscription.id }),
      );
      expect(stats.refused_events.find((row) => row.event_id === sale.event.id)?.reason).toContain(reason);
    });

    it('keeps a sale in dollars and cents to the cent', async () => {
      clock = justBefore;
      const { client, billingId } = await member();
      const subscription = fake.addSubscription({ plan_id: earlyPlanId, custom_id: billingId });
      await client.post('/billing/paypal/subscribe', { billing_id: billingId, subscription_id: subscription.id });
      const sale = fake.webhook('PAYMENT.SALE.COMPLETED', {
        id: `SALE-${subscription.id}`,
        billing_agreement_id: subscription.id,
        amount: { total: '15.29', currency: 'USD' },
        state: 'completed',
      });
      expect((await deliver(sale)).statusCode).toBe(200);
      const payments = await testApp.database.db
        .select()
        .from(billingPayments)
        .where(eq(billingPayments.providerPaymentId, `SALE-${subscription.id}`));
      expect(payments).toEqual([expect.objectContaining({ amountCents: 1529, currency: 'USD' })]);
    });
  });
});

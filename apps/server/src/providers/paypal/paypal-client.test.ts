import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakePayPal } from '../../test/fake-paypal.js';
import { PayPalClient, PayPalError, type PayPalClientOptions } from './paypal-client.js';
import type { PayPalPlanRequest } from './paypal-types.js';

const fake = new FakePayPal({ slowMs: 400 });
const waits: number[] = [];

beforeAll(async () => {
  await fake.start();
});
afterAll(() => fake.stop());
afterEach(() => {
  const violations = fake.schemaViolations.splice(0);
  fake.requests.length = 0;
  waits.length = 0;
  // Every answer the fake sent matched PayPal's own schemas.
  expect(violations).toEqual([]);
});

function client(options: Partial<PayPalClientOptions> = {}) {
  return new PayPalClient({
    // The fake service listens on loopback: tests only.
    outbound: { allowPrivateAddresses: true },
    baseUrl: fake.url,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
}

const tokenRequests = () => fake.requests.filter((request) => request.path === '/v1/oauth2/token');

/** A free month, then $20 a month. */
const TRIAL_THEN_MONTHLY: PayPalPlanRequest['billing_cycles'] = [
  { tenure_type: 'TRIAL', sequence: 1, total_cycles: 1, frequency: { interval_unit: 'MONTH', interval_count: 1 } },
  {
    tenure_type: 'REGULAR',
    sequence: 2,
    total_cycles: 0,
    frequency: { interval_unit: 'MONTH', interval_count: 1 },
    pricing_scheme: { fixed_price: { currency_code: 'USD', value: '20.00' } },
  },
];

async function productAndPlan(paypal: PayPalClient) {
  const product = await paypal.createProduct({ name: 'PA$$ Sync', type: 'SERVICE', category: 'SOFTWARE' });
  const plan = await paypal.createPlan({
    product_id: product.id,
    name: 'PA$$ Sync Member Plan',
    status: 'ACTIVE',
    billing_cycles: TRIAL_THEN_MONTHLY,
    payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 1 },
  });
  return { product, plan };
}

describe('the PayPal client', () => {
  it('gets one access token with the client credentials and reuses it, however many calls wait for it', async () => {
    const paypal = client();
    const { plan } = await productAndPlan(paypal);
    await Promise.all([paypal.getPlan(plan.id), paypal.getPlan(plan.id), paypal.listPlans()]);
    expect(tokenRequests()).toHaveLength(1);
    const calls = fake.requests.filter((request) => request.path !== '/v1/oauth2/token');
    expect(calls).toHaveLength(5);
    expect(new Set(calls.map((request) => request.authorization)).size).toBe(1);
    expect(calls[0]!.authorization).toMatch(/^Bearer A21AA/);
  });

  it('asks for a new token when PayPal refuses the one it holds, and carries on', async () => {
    const paypal = client();
    const { plan } = await productAndPlan(paypal);
    fake.revokeTokens();
    await expect(paypal.getPlan(plan.id)).resolves.toMatchObject({ id: plan.id, status: 'ACTIVE' });
    expect(tokenRequests()).toHaveLength(2);
  });

  it('renews the token before PayPal says it expires', async () => {
    let now = Date.parse('2026-11-24T12:00:00Z');
    const paypal = client({ now: () => now });
    await paypal.listPlans();
    now += 9 * 3_600_000 - 30_000; // within the last minute of the 9-hour token
    await paypal.listPlans();
    expect(tokenRequests()).toHaveLength(2);
  });

  it('reports wrong credentials as a 401, without the secret in the message', async () => {
    const paypal = client({ clientSecret: 'not-the-secret' });
    const error = await paypal.listPlans().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(PayPalError);
    expect((error as PayPalError).status).toBe(401);
    expect((error as PayPalError).message).not.toContain('not-the-secret');
  });

  it('creates a plan with a free month before the monthly price, as PayPal’s schema has it', async () => {
    const paypal = client();
    const { product, plan } = await productAndPlan(paypal);
    expect(plan.id).toMatch(/^P-/);
    expect(plan.product_id).toBe(product.id);
    expect(plan.billing_cycles?.map((cycle) => cycle.tenure_type)).toEqual(['TRIAL', 'REGULAR']);
    await expect(paypal.listPlans(product.id)).resolves.toEqual([expect.objectContaining({ id: plan.id })]);
  });

  it('reads a list to its end, page after page, as PayPal pages it (20 at most)', async () => {
    const paypal = client();
    const { product, plan } = await productAndPlan(paypal);
    const more = [];
    for (let index = 0; index < 44; index++) {
      more.push(
        await paypal.createPlan({
          product_id: product.id,
          name: `Plan ${index}`,
          billing_cycles: TRIAL_THEN_MONTHLY,
          payment_preferences: {},
        }),
      );
    }
    fake.requests.length = 0;
    const listed = await paypal.listPlans(product.id);
    expect(listed.map((each) => each.id).sort()).toEqual([plan.id, ...more.map((each) => each.id)].sort());
    expect(fake.requests.filter((request) => request.path === '/v1/billing/plans')).toHaveLength(3);
    expect((await paypal.listProducts()).map((each) => each.id)).toContain(product.id);
  });

  it.each([500, 503, 'reset', 'malformed'] as const)(
    'tries again after %s, waiting longer each time, and succeeds',
    async (mode) => {
      const paypal = client();
      const { plan } = await productAndPlan(paypal);
      const subscription = fake.addSubscription({ plan_id: plan.id, custom_id: 'billing-1' });
      fake.failNext('/v1/billing/subscriptions', mode, 2);
      await expect(paypal.getSubscription(subscription.id)).resolves.toMatchObject({
        id: subscription.id,
        status: 'ACTIVE',
        custom_id: 'billing-1',
      });
      expect(waits).toEqual([500, 1000]);
    },
  );

  it('gives up after three tries, with the status PayPal last answered', async () => {
    const paypal = client();
    fake.failNext('/v1/billing/plans', 503, 3);
    const error = (await paypal.listPlans().catch((thrown: unknown) => thrown)) as PayPalError;
    expect(error).toBeInstanceOf(PayPalError);
    expect(error.status).toBe(503);
    expect(error.errorName).toBe('SERVICE_UNAVAILABLE');
    expect(fake.requests.filter((request) => request.path === '/v1/billing/plans')).toHaveLength(3);
  });

  it('sends a POST tried again after a time-out with the same PayPal-Request-Id, so PayPal does it once', async () => {
    const paypal = client({ timeoutMs: 150 });
    const before = fake.products.size;
    fake.failNext('/v1/catalogs/products', 'slow');
    const product = await paypal.createProduct({ name: 'Slow product', type: 'SERVICE' });
    const posts = fake.requests.filter((request) => request.path === '/v1/catalogs/products');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.requestId).toBeDefined();
    expect(posts[1]!.requestId).toBe(posts[0]!.requestId);
    // Give the slow first try time to finish at the fake: it still made only one product.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.products.size).toBe(before + 1);
    expect(fake.products.has(product.id)).toBe(true);
  });

  it('does not try again when PayPal says the subscription does not exist', async () => {
    const paypal = client();
    const error = (await paypal.getSubscription('I-NOSUCHONE000').catch((thrown: unknown) => thrown)) as PayPalError;
    expect(error.notFound).toBe(true);
    expect(error.errorName).toBe('RESOURCE_NOT_FOUND');
    expect(error.debugId).toMatch(/^[0-9a-f]+$/);
    expect(fake.requests.filter((request) => request.path.startsWith('/v1/billing/subscriptions'))).toHaveLength(1);
  });

  it('cancels an active subscription, and reports PayPal’s reason when it cannot be cancelled', async () => {
    const paypal = client();
    const { plan } = await productAndPlan(paypal);
    const subscription = fake.addSubscription({ plan_id: plan.id });
    await paypal.cancelSubscription(subscription.id, 'Cancelled by the member');
    expect(fake.subscriptions.get(subscription.id)!.status).toBe('CANCELLED');
    const error = (await paypal
      .cancelSubscription(subscription.id, 'Again')
      .catch((thrown: unknown) => thrown)) as PayPalError;
    expect(error.status).toBe(422);
    expect(error.issue).toBe('SUBSCRIPTION_STATUS_INVALID');
  });

  it('has PayPal verify a webhook’s signature: SUCCESS for the event as sent, FAILURE for one changed', async () => {
    const paypal = client();
    const { event, headers } = fake.webhook('BILLING.SUBSCRIPTION.ACTIVATED', { id: 'I-ABC', status: 'ACTIVE' });
    const verification = {
      auth_algo: headers['paypal-auth-algo']!,
      cert_url: headers['paypal-cert-url']!,
      transmission_id: headers['paypal-transmission-id']!,
      transmission_sig: headers['paypal-transmission-sig']!,
      transmission_time: headers['paypal-transmission-time']!,
      webhook_id: fake.webhookId,
    };
    await expect(paypal.verifyWebhookSignature({ ...verification, webhook_event: event })).resolves.toEqual({
      verification_status: 'SUCCESS',
    });
    const changed = { ...event, resource: { id: 'I-ABC', status: 'CANCELLED' } };
    await expect(paypal.verifyWebhookSignature({ ...verification, webhook_event: changed })).resolves.toEqual({
      verification_status: 'FAILURE',
    });
    await expect(
      paypal.verifyWebhookSignature({ ...verification, webhook_id: 'WH-SOMEONE-ELSE', webhook_event: event }),
    ).resolves.toEqual({ verification_status: 'FAILURE' });
  });
});

describe('the fake PayPal', () => {
  it('refuses to send an answer that breaks PayPal’s schema', async () => {
    const paypal = client();
    const { plan } = await productAndPlan(paypal);
    const subscription = fake.addSubscription({ plan_id: plan.id });
    fake.subscriptions.set(subscription.id, { ...subscription, status: 'HALF_ACTIVE' as never });
    const error = (await paypal.getSubscription(subscription.id).catch((thrown: unknown) => thrown)) as PayPalError;
    expect(error.status).toBe(500);
    expect(fake.schemaViolations.length).toBeGreaterThan(0);
    expect(fake.schemaViolations.join('\n')).toMatch(/status/);
    fake.schemaViolations.length = 0;
  });
});

import { PayPalProvisionResponse, PayPalSyncResponse } from '@pass/contracts';
import { auditEvents, billingPlans } from '@pass/db';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayPalClient } from '../../providers/paypal/paypal-client.js';
import { adminClient, expectError, type TestClient } from '../../test/accounts.js';
import { FakePayPal } from '../../test/fake-paypal.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { billingCycles, PAYPAL_PRODUCT_NAME, paypalPlanName, paypalRequestId } from './paypal-plans.service.js';

/**
 * PayPal's product and plans provisioned and read back into `billing_plans` (decision 048), against the
 * local fake PayPal: a second run creates nothing, a retry carries the same request id, and the ids land in
 * the table.
 */

const clock = new Date('2026-11-24T12:00:00Z');

async function appWithPayPal(fake: FakePayPal): Promise<TestApp> {
  return buildTestApp(
    { PAYPAL_API_URL: fake.url, PAYPAL_CLIENT_ID: fake.clientId, PAYPAL_CLIENT_SECRET: fake.clientSecret },
    { now: () => clock },
  );
}

const storedPlans = (testApp: TestApp) =>
  testApp.database.db
    .select({
      code: billingPlans.code,
      tier: billingPlans.priceTier,
      product: billingPlans.paypalProductId,
      plan: billingPlans.paypalPlanId,
    })
    .from(billingPlans)
    .orderBy(billingPlans.code, billingPlans.priceTier);

const auditOf = (testApp: TestApp) =>
  testApp.database.db
    .select({ event: auditEvents.event, detail: auditEvents.detail })
    .from(auditEvents)
    .where(inArray(auditEvents.event, ['billing_plans_provisioned', 'billing_plans_synced']))
    .orderBy(auditEvents.id);

describe('provisioning PayPal plans', () => {
  const fake = new FakePayPal();
  let testApp: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    await fake.start();
    testApp = await appWithPayPal(fake);
    admin = await adminClient(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    await testApp.app.close();
    await fake.stop();
    expect(fake.schemaViolations).toEqual([]);
  });

  it('creates the product and a plan per plan and tier (a free month, then the price), and stores their ids', async () => {
    // PayPal fails the plans' calls past the client's tries: the call says so and stores nothing.
    fake.failNext('/v1/billing/plans', 503, 4);
    const refused = expectError(await admin.post('/billing/admin/paypal-plans/provision'), 503);
    expect(refused.error.message).toContain('PayPal could not');
    expect((await storedPlans(testApp)).every((row) => row.plan === null)).toBe(true);

    const response = await admin.post('/billing/admin/paypal-plans/provision');
    expect(response.statusCode, response.body).toBe(200);
    const result = PayPalProvisionResponse.parse(response.json()).data;
    expect(result.product).toMatchObject({ name: PAYPAL_PRODUCT_NAME, created: false });
    expect(fake.products.size).toBe(1);
    expect(fake.plans.size).toBe(4);
    expect(result.plans.every((plan) => plan.created && plan.stored)).toBe(true);

    const memberEarly = [...fake.plans.values()].find((plan) => plan.name === paypalPlanName('member', 'early'))!;
    expect(memberEarly.name).toBe('PA$$ Sync Member Plan (Early subscriber $15)');
    expect(memberEarly.billing_cycles).toEqual([
      {
        tenure_type: 'TRIAL',
        sequence: 1,
        total_cycles: 1,
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
      },
      {
        tenure_type: 'REGULAR',
        sequence: 2,
        total_cycles: 0,
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        pricing_scheme: { fixed_price: { currency_code: 'USD', value: '15.00' } },
      },
    ]);
    expect(billingCycles('member', 'regular')[1]!.pricing_scheme!.fixed_price.value).toBe('20.00');
    expect(billingCycles('add_on', 'regular')[1]!.pricing_scheme!.fixed_price.value).toBe('5.00');

    const product = [...fake.products.values()][0]!;
    expect(await storedPlans(testApp)).toEqual(
      (['add_on', 'member'] as const).flatMap((code) =>
        (['early', 'regular'] as const).map((tier) => ({
          code,
          tier,
          product: product.id,
          plan: [...fake.plans.values()].find((plan) => plan.name === paypalPlanName(code, tier))!.id,
        })),
      ),
    );
    // Each creation carried a request id derived from what it makes; the tries after the failures carried the same.
    const planPosts = fake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/billing/plans',
    );
    const expected = (['member', 'add_on'] as const).flatMap((code) =>
      (['regular', 'early'] as const).map((tier) => paypalRequestId('plan', product.id, code, tier)),
    );
    expect(new Set(planPosts.map((request) => request.requestId))).toEqual(new Set(expected));
    const productPosts = fake.requests.filter(
      (request) => request.path === '/v1/catalogs/products' && request.method === 'POST',
    );
    expect(productPosts.map((request) => request.requestId)).toEqual([paypalRequestId('product', PAYPAL_PRODUCT_NAME)]);
  });

  it('creates nothing when run again, and finds the plans by name when the table lost their ids', async () => {
    const before = await storedPlans(testApp);
    const again = PayPalProvisionResponse.parse(
      (await admin.post('/billing/admin/paypal-plans/provision')).json(),
    ).data;
    expect(again.product.created).toBe(false);
    expect(again.plans.every((plan) => !plan.created && !plan.stored)).toBe(true);
    expect(fake.products.size).toBe(1);
    expect(fake.plans.size).toBe(4);

    await testApp.database.db.update(billingPlans).set({ paypalPlanId: null, paypalProductId: null });
    const found = PayPalProvisionResponse.parse(
      (await admin.post('/billing/admin/paypal-plans/provision')).json(),
    ).data;
    expect(found.plans.every((plan) => !plan.created && plan.stored)).toBe(true);
    expect(fake.plans.size).toBe(4);
    expect(await storedPlans(testApp)).toEqual(before);
    const audit = await auditOf(testApp);
    expect(audit.map((entry) => entry.event)).toEqual([
      'billing_plans_provisioned',
      'billing_plans_provisioned',
      'billing_plans_provisioned',
    ]);
    expect(audit[0]!.detail).toMatchObject({ plansCreated: 4, plansStored: 4 });
    expect(audit[1]!.detail).toMatchObject({ plansCreated: 0, plansStored: 0 });
  });

  it("reads PayPal's plans into the table by name or by price, and says what changed, what matched nothing and what is missing", async () => {
    const provisioned = await storedPlans(testApp);
    // The ids are lost, and someone made the add-on's early plan by hand under another name, and a plan of no tier.
    const paypal = new PayPalClient({
      // The fake service listens on loopback: tests only.
      outbound: { allowPrivateAddresses: true },
      baseUrl: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
    });
    const productId = provisioned[0]!.product!;
    const addOnEarly = [...fake.plans.values()].find((plan) => plan.name === paypalPlanName('add_on', 'early'))!;
    addOnEarly.status = 'INACTIVE';
    const byHand = await paypal.createPlan({
      product_id: productId,
      name: 'PA$$ Sync Add-On Account – launch offer',
      billing_cycles: billingCycles('add_on', 'early'),
      payment_preferences: {},
    });
    const stray = await paypal.createPlan({
      product_id: productId,
      name: 'Weekly tips',
      billing_cycles: billingCycles('member', 'regular'),
      payment_preferences: {},
    });
    await testApp.database.db.update(billingPlans).set({ paypalPlanId: null, paypalProductId: null });

    const response = await admin.post('/billing/admin/paypal-plans/sync-to-db');
    expect(response.statusCode, response.body).toBe(200);
    const sync = PayPalSyncResponse.parse(response.json()).data;
    expect(sync.product_id).toBe(productId);
    expect(sync.changes).toHaveLength(8);
    expect(sync.changes).toContainEqual({
      code: 'add_on',
      price_tier: 'early',
      field: 'paypal_plan_id',
      from: null,
      to: byHand.id,
    });
    expect(sync.unmatched).toEqual([{ id: stray.id, name: 'Weekly tips' }]);
    expect(sync.missing).toEqual([]);
    const stored = await storedPlans(testApp);
    expect(stored.find((row) => row.code === 'add_on' && row.tier === 'early')!.plan).toBe(byHand.id);
    expect(stored.filter((row) => row.code === 'member')).toEqual(provisioned.filter((row) => row.code === 'member'));

    const again = PayPalSyncResponse.parse((await admin.post('/billing/admin/paypal-plans/sync-to-db')).json()).data;
    expect(again.changes).toEqual([]);
    expect((await auditOf(testApp)).filter((entry) => entry.event === 'billing_plans_synced')).toHaveLength(2);
  });
});

describe('PayPal plans on a server without PayPal', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('answers 409 naming the settings, and changes nothing', async () => {
    const admin = await adminClient(testApp.app, testApp.database.db);
    for (const url of ['/billing/admin/paypal-plans/provision', '/billing/admin/paypal-plans/sync-to-db']) {
      const refused = expectError(await admin.post(url), 409);
      expect(refused.error.message).toContain('PAYPAL_CLIENT_ID');
    }
    expect(await auditOf(testApp)).toEqual([]);
  });
});

describe('syncing before anything was provisioned', () => {
  const fake = new FakePayPal();
  let testApp: TestApp;
  beforeAll(async () => {
    await fake.start();
    testApp = await appWithPayPal(fake);
  });
  afterAll(async () => {
    await testApp.app.close();
    await fake.stop();
  });

  it('says every plan is missing and stores nothing', async () => {
    const admin = await adminClient(testApp.app, testApp.database.db);
    const sync = PayPalSyncResponse.parse((await admin.post('/billing/admin/paypal-plans/sync-to-db')).json()).data;
    expect(sync).toMatchObject({ product_id: null, changes: [], unmatched: [] });
    expect(sync.missing).toHaveLength(4);
    expect((await storedPlans(testApp)).every((row) => row.plan === null)).toBe(true);
  });
});

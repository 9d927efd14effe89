import { billingPlans, type Database } from '@pass/db';
import { eq } from 'drizzle-orm';
import { PayPalClient } from '../../apps/server/src/providers/paypal/paypal-client';
import type { FakePayPal } from '../../apps/server/src/test/fake-paypal';

/** The settings that point a test's own app server at the local PayPal (its API and its SDK stand-in). */
export function payPalEnv(fake: FakePayPal): Record<string, string> {
  return {
    PAYPAL_API_URL: fake.url,
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_CLIENT_SECRET: fake.clientSecret,
    PAYPAL_SDK_URL: `${fake.url}/sdk/js`,
  };
}

/**
 * PayPal's product and a plan per stored plan row (each price tier of the membership and the add-on), their ids
 * written against our plans, as provisioning leaves them. Run while the app server is stopped, once the plan
 * rows exist (the server makes them when the plans are first asked for).
 */
export async function provisionPayPalPlans(fake: FakePayPal, db: Database): Promise<void> {
  const paypal = new PayPalClient({ baseUrl: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret });
  const product = await paypal.createProduct({ name: 'PA$$ Sync', type: 'SERVICE' });
  for (const row of await db.select().from(billingPlans)) {
    const plan = await paypal.createPlan({
      product_id: product.id,
      name: `${row.name} (${row.priceTier})`,
      billing_cycles: [
        {
          tenure_type: 'REGULAR',
          sequence: 1,
          total_cycles: 0,
          frequency: { interval_unit: 'MONTH', interval_count: 1 },
          pricing_scheme: { fixed_price: { currency_code: 'USD', value: (row.monthlyPriceCents / 100).toFixed(2) } },
        },
      ],
      payment_preferences: {},
    });
    await db.update(billingPlans).set({ paypalPlanId: plan.id }).where(eq(billingPlans.id, row.id));
  }
}

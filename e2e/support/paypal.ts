import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { billingPlans, createDb, type Database } from '@pass/db';
import { centsToDollarsText } from '@pass/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { PayPalClient } from '../../apps/server/src/providers/paypal/paypal-client';
import { FakePayPal } from '../../apps/server/src/test/fake-paypal';
import { freePort, startAppServer, type AppServer } from './app-server';
import { useAppUrl } from './target';

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
  const paypal = new PayPalClient({
    // The fake service listens on loopback: tests only.
    outbound: { allowPrivateAddresses: true },
    baseUrl: fake.url,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
  });
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
          pricing_scheme: { fixed_price: { currency_code: 'USD', value: centsToDollarsText(row.monthlyPriceCents) } },
        },
      ],
      payment_preferences: {},
    });
    await db.update(billingPlans).set({ paypalPlanId: plan.id }).where(eq(billingPlans.id, row.id));
  }
}

/**
 * A test file's own app server (same build, same mail capture, no data) with PayPal pointed at a local fake,
 * for tests that move the server clock: `startAt` starts or restarts it at a clock and points the tests at it;
 * `whileStopped` stops it and works on its database, with PayPal's plans provisioned once the server has made
 * its plan rows. Everything is torn down after the file, and the fake must have seen only valid requests.
 */
export function usePayPalAppServer(name: string) {
  const fake = new FakePayPal();
  let server: AppServer | undefined;
  let dataDir: string | undefined;
  let port: number;
  let provisioned = false;

  beforeAll(async () => {
    await fake.start();
    dataDir = mkdtempSync(path.join(tmpdir(), `pass-e2e-${name}-`));
    port = await freePort();
  });

  afterAll(async () => {
    useAppUrl(null);
    await server?.stop();
    await fake.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    expect(fake.schemaViolations).toEqual([]);
  });

  const stop = async () => {
    await server?.stop();
    server = undefined;
  };

  return {
    fake,
    async startAt(clock: Date): Promise<AppServer> {
      await stop();
      server = await startAppServer({
        dataDir: dataDir!,
        port,
        clock,
        seed: 'none',
        smtpUrl: inject('smtpUrl'),
        env: payPalEnv(fake),
      });
      useAppUrl(server.baseUrl);
      return server;
    },
    stop,
    async whileStopped(work: (db: Database) => Promise<void>): Promise<void> {
      if (!provisioned) {
        // The plan rows exist once the plans have been asked for.
        expect(server, 'start the server once before provisioning').toBeDefined();
        expect((await fetch(`${server!.baseUrl}/billing/plans`)).status).toBe(200);
      }
      await stop();
      const database = await createDb({ dataDir: dataDir! });
      try {
        if (!provisioned) await provisionPayPalPlans(fake, database.db);
        provisioned = true;
        await work(database.db);
      } finally {
        await database.close();
      }
    },
  };
}

import { createHash } from 'node:crypto';
import type { PayPalProvisionResponse, PayPalSyncResponse } from '@pass/contracts';
import { billingPlans, type Database } from '@pass/db';
import {
  centsToDollarsText,
  dollarsToCents,
  formatPrice,
  MEMBERSHIP_TERMS,
  monthlyPriceCents,
  PLANS,
  type PlanCode,
  type PriceTier,
} from '@pass/domain';
import { eq, inArray } from 'drizzle-orm';
import { AppError } from '../../errors.js';
import { systemClock } from '../../lib/clock.js';
import { PayPalError, type PayPalClient } from '../../providers/paypal/paypal-client.js';
import type { PayPalBillingCycle, PayPalPlan, PayPalProduct } from '../../providers/paypal/paypal-types.js';
import { recordAuditEvent, type AuditContext } from '../audit/audit.service.js';
import { ensurePlans, listPlanRows, type BillingPlanRow } from './billing.repository.js';

/**
 * PayPal's catalog product and billing plans for the domain's plans and price tiers (decision 048). PayPal
 * cannot be asked "make this unless it exists", so provisioning looks first (the id stored, then the name at
 * PayPal) and creates only what it did not find, with a `PayPal-Request-Id` derived from what it creates: a
 * retry after a lost answer gets PayPal's first answer back instead of a second plan.
 */

/** Our product at PayPal, found again by this name. */
export const PAYPAL_PRODUCT_NAME = 'PA$$ Sync';
const PAYPAL_PRODUCT_DESCRIPTION = 'PA$$ sportsbook sync membership';

/** A plan's name at PayPal: the plan's and its price tier's, so that each tier is found again by name. */
export function paypalPlanName(code: PlanCode, tier: PriceTier): string {
  return `${PLANS[code].name} (${tier === 'early' ? 'Early subscriber' : 'Regular'} ${formatPrice(monthlyPriceCents(code, tier))})`;
}

/** A stable idempotency key for one thing we create (PayPal keeps a request id's answer for a while). */
export function paypalRequestId(...parts: string[]): string {
  return `pass-${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 40)}`;
}

/** "20.00" for 2000 cents. */
const money = (cents: number) => ({ currency_code: MEMBERSHIP_TERMS.currency, value: centsToDollarsText(cents) });

/** The free trial (no price: free), then the plan's monthly price in the tier until cancelled. */
export function billingCycles(code: PlanCode, tier: PriceTier): PayPalBillingCycle[] {
  return [
    {
      tenure_type: 'TRIAL',
      sequence: 1,
      total_cycles: MEMBERSHIP_TERMS.trialMonths,
      frequency: { interval_unit: 'MONTH', interval_count: 1 },
    },
    {
      tenure_type: 'REGULAR',
      sequence: 2,
      total_cycles: 0,
      frequency: { interval_unit: 'MONTH', interval_count: 1 },
      pricing_scheme: { fixed_price: money(monthlyPriceCents(code, tier)) },
    },
  ];
}

/** PayPal's client, or a clear 409 on a server where PayPal is not set up. */
export function requirePayPalForAdmin(paypal: PayPalClient | null): PayPalClient {
  if (!paypal) {
    throw new AppError(
      'CONFLICT',
      'PayPal is not set up on this server: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (and PAYPAL_API_URL for the sandbox)',
    );
  }
  return paypal;
}

/** Runs a PayPal call; a failure is a 503 that says what PayPal answered. */
async function atPayPal<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const reason = error instanceof PayPalError ? error.message : String(error);
    throw new AppError('UNAVAILABLE', `PayPal could not ${what} just now (${reason}); nothing was stored. Try again.`);
  }
}

async function findProduct(paypal: PayPalClient): Promise<PayPalProduct | undefined> {
  const products = await atPayPal('list the catalog products', () => paypal.listProducts());
  return products.find((product) => product.name === PAYPAL_PRODUCT_NAME);
}

/** A plan id stored before, if PayPal still has it under our product and it is not switched off. */
async function storedPlan(paypal: PayPalClient, row: BillingPlanRow, productId: string): Promise<PayPalPlan | null> {
  if (!row.paypalPlanId) return null;
  try {
    const plan = await paypal.getPlan(row.paypalPlanId);
    return plan.product_id === productId && plan.status !== 'INACTIVE' ? plan : null;
  } catch (error) {
    if (error instanceof PayPalError && error.notFound) return null;
    throw new AppError('UNAVAILABLE', `PayPal could not read plan ${row.paypalPlanId} just now; nothing was stored.`);
  }
}

/**
 * `POST /billing/admin/paypal-plans/provision`: our product and one plan per plan and price tier at PayPal,
 * each a free trial month then the tier's monthly price; their ids stored in `billing_plans`. Run again, it
 * finds them and creates nothing.
 */
export async function provisionPayPalPlans(
  db: Database,
  paypal: PayPalClient,
  adminId: number,
  audit: AuditContext,
): Promise<PayPalProvisionResponse['data']> {
  await ensurePlans(db);
  const found = await findProduct(paypal);
  const product =
    found ??
    (await atPayPal('create the catalog product', () =>
      paypal.createProduct(
        { name: PAYPAL_PRODUCT_NAME, description: PAYPAL_PRODUCT_DESCRIPTION, type: 'SERVICE', category: 'SOFTWARE' },
        paypalRequestId('product', PAYPAL_PRODUCT_NAME),
      ),
    ));
  const existing = await atPayPal('list the plans', () => paypal.listPlans(product.id));
  const rows = await listPlanRows(db);
  const results: PayPalProvisionResponse['data']['plans'] = [];
  for (const row of rows) {
    const name = paypalPlanName(row.code, row.priceTier);
    let plan = await storedPlan(paypal, row, product.id);
    plan ??= existing.find((candidate) => candidate.name === name && candidate.status !== 'INACTIVE') ?? null;
    const created = plan === null;
    plan ??= await atPayPal(`create the plan ${name}`, () =>
      paypal.createPlan(
        {
          product_id: product.id,
          name,
          description: PLANS[row.code].description,
          status: 'ACTIVE',
          billing_cycles: billingCycles(row.code, row.priceTier),
          payment_preferences: {
            auto_bill_outstanding: true,
            payment_failure_threshold: 3,
            setup_fee_failure_action: 'CONTINUE',
          },
        },
        paypalRequestId('plan', product.id, row.code, row.priceTier),
      ),
    );
    results.push({
      code: row.code,
      price_tier: row.priceTier,
      name,
      paypal_plan_id: plan.id,
      created,
      stored: row.paypalPlanId !== plan.id || row.paypalProductId !== product.id,
    });
  }
  await storeIds(
    db,
    rows,
    results.map((result) => ({ code: result.code, tier: result.price_tier, planId: result.paypal_plan_id })),
    product.id,
  );
  await recordAuditEvent(db, audit, 'billing_plans_provisioned', adminId, {
    productId: product.id,
    productCreated: found === undefined,
    plansCreated: results.filter((result) => result.created).length,
    plansStored: results.filter((result) => result.stored).length,
  });
  return { product: { id: product.id, name: product.name, created: found === undefined }, plans: results };
}

/**
 * Writes the PayPal ids into `billing_plans` in one transaction. Ids moving between rows are cleared first, so
 * the unique index on the plan id never sees one id on two rows.
 */
async function storeIds(
  db: Database,
  rows: readonly BillingPlanRow[],
  ids: readonly { code: PlanCode; tier: PriceTier; planId: string | null }[],
  productId: string,
): Promise<void> {
  const rowOf = (code: PlanCode, tier: PriceTier) => rows.find((row) => row.code === code && row.priceTier === tier)!;
  const changing = ids.filter(
    (entry) =>
      entry.planId !== null &&
      (rowOf(entry.code, entry.tier).paypalPlanId !== entry.planId ||
        rowOf(entry.code, entry.tier).paypalProductId !== productId),
  );
  if (changing.length === 0) return;
  await db.transaction(async (tx) => {
    const taken = changing.map((entry) => entry.planId!);
    await tx.update(billingPlans).set({ paypalPlanId: null }).where(inArray(billingPlans.paypalPlanId, taken));
    for (const entry of changing) {
      await tx
        .update(billingPlans)
        .set({ paypalPlanId: entry.planId, paypalProductId: productId, updatedAt: systemClock() })
        .where(eq(billingPlans.id, rowOf(entry.code, entry.tier).id));
    }
  });
}

/** The REGULAR cycle's monthly price in cents, or null when the plan has none PayPal told us. */
function regularPriceCents(plan: PayPalPlan): number | null {
  const regular = plan.billing_cycles?.find((cycle) => cycle.tenure_type === 'REGULAR');
  const value = regular?.pricing_scheme?.fixed_price.value;
  return value === undefined ? null : dollarsToCents(Number(value));
}

/**
 * `POST /billing/admin/paypal-plans/sync-to-db`: PayPal's active plans of our product, matched to our plans
 * and tiers by name (the provisioning's name, or the plan's own name with the tier's price), and their ids
 * written into `billing_plans`. Answers what changed, what matched nothing and which tiers have no plan.
 */
export async function syncPayPalPlansToDb(
  db: Database,
  paypal: PayPalClient,
  adminId: number,
  audit: AuditContext,
): Promise<PayPalSyncResponse['data']> {
  await ensurePlans(db);
  const rows = await listPlanRows(db);
  const product = await findProduct(paypal);
  if (!product) {
    return {
      product_id: null,
      changes: [],
      unmatched: [],
      missing: rows.map((row) => ({ code: row.code, price_tier: row.priceTier })),
    };
  }
  const listed = await atPayPal('list the plans', () => paypal.listPlans(product.id));
  // The list leaves out the billing cycles at PayPal: each plan is read for its price.
  const plans: PayPalPlan[] = [];
  for (const plan of listed.filter((candidate) => candidate.status !== 'INACTIVE')) {
    plans.push(await atPayPal(`read the plan ${plan.id}`, () => paypal.getPlan(plan.id)));
  }
  const used = new Set<string>();
  const chosen = rows.map((row) => {
    const price = monthlyPriceCents(row.code, row.priceTier);
    const byName = plans.find((plan) => !used.has(plan.id) && plan.name === paypalPlanName(row.code, row.priceTier));
    const byPrice = plans.find(
      (plan) => !used.has(plan.id) && plan.name.startsWith(PLANS[row.code].name) && regularPriceCents(plan) === price,
    );
    const plan = byName ?? byPrice;
    if (plan) used.add(plan.id);
    return { row, plan };
  });
  const changes: PayPalSyncResponse['data']['changes'] = [];
  for (const { row, plan } of chosen) {
    if (!plan) continue;
    if (row.paypalProductId !== product.id) {
      changes.push({
        code: row.code,
        price_tier: row.priceTier,
        field: 'paypal_product_id',
        from: row.paypalProductId,
        to: product.id,
      });
    }
    if (row.paypalPlanId !== plan.id) {
      changes.push({
        code: row.code,
        price_tier: row.priceTier,
        field: 'paypal_plan_id',
        from: row.paypalPlanId,
        to: plan.id,
      });
    }
  }
  await storeIds(
    db,
    rows,
    chosen.map(({ row, plan }) => ({ code: row.code, tier: row.priceTier, planId: plan?.id ?? null })),
    product.id,
  );
  await recordAuditEvent(db, audit, 'billing_plans_synced', adminId, {
    productId: product.id,
    changes: changes.length,
  });
  return {
    product_id: product.id,
    changes,
    unmatched: plans.filter((plan) => !used.has(plan.id)).map((plan) => ({ id: plan.id, name: plan.name })),
    missing: chosen.filter(({ plan }) => !plan).map(({ row }) => ({ code: row.code, price_tier: row.priceTier })),
  };
}

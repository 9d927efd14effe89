import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { billingEvents, billingPayments, billingPlans, billingSubscriptions, type DbExecutor } from '@pass/db';
import { MOBILE_PRODUCT_IDS, monthlyPriceCents, PLANS, type PlanCode, type PriceTier } from '@pass/domain';

export type BillingPlanRow = typeof billingPlans.$inferSelect;
export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;

const TIERS: PriceTier[] = ['regular', 'early'];

/**
 * The plans of the domain's table, one row per plan and price tier: names and prices follow the domain (the one
 * place they are written), and so do the app stores' product ids (decision 047); PayPal's ids stay as
 * provisioning set them.
 */
export async function ensurePlans(db: DbExecutor): Promise<void> {
  const rows = Object.values(PLANS).flatMap((plan) =>
    TIERS.map((tier) => ({
      code: plan.code,
      priceTier: tier,
      name: plan.name,
      description: plan.description,
      monthlyPriceCents: monthlyPriceCents(plan.code, tier),
      mobilePlanId: MOBILE_PRODUCT_IDS[plan.code][tier],
    })),
  );
  await db
    .insert(billingPlans)
    .values(rows)
    .onConflictDoUpdate({
      target: [billingPlans.code, billingPlans.priceTier],
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        monthlyPriceCents: sql`excluded.monthly_price_cents`,
        mobilePlanId: sql`excluded.mobile_plan_id`,
      },
      setWhere: sql`(${billingPlans.name}, ${billingPlans.description}, ${billingPlans.monthlyPriceCents}, ${billingPlans.mobilePlanId}) is distinct from (excluded.name, excluded.description, excluded.monthly_price_cents, excluded.mobile_plan_id)`,
    });
}

export async function listPlanRows(db: DbExecutor): Promise<BillingPlanRow[]> {
  return db.select().from(billingPlans).orderBy(billingPlans.id);
}

export async function findPlanByPayPalId(db: DbExecutor, paypalPlanId: string): Promise<BillingPlanRow | undefined> {
  const [row] = await db.select().from(billingPlans).where(eq(billingPlans.paypalPlanId, paypalPlanId));
  return row;
}

export async function findPlanByMobileId(db: DbExecutor, mobilePlanId: string): Promise<BillingPlanRow | undefined> {
  const [row] = await db.select().from(billingPlans).where(eq(billingPlans.mobilePlanId, mobilePlanId));
  return row;
}

export async function findPlan(db: DbExecutor, code: PlanCode, tier: PriceTier): Promise<BillingPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(billingPlans)
    .where(and(eq(billingPlans.code, code), eq(billingPlans.priceTier, tier)));
  return row;
}

export async function findSubscription(
  db: DbExecutor,
  platform: 'paypal' | 'mobile',
  subscriptionId: string,
): Promise<BillingSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(
      and(eq(billingSubscriptions.billingPlatform, platform), eq(billingSubscriptions.subscriptionId, subscriptionId)),
    );
  return row;
}

/** Locks the subscription's row for the rest of the transaction, so two deliveries apply one after the other. */
export async function lockSubscription(
  db: DbExecutor,
  platform: 'paypal' | 'mobile',
  subscriptionId: string,
): Promise<BillingSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(
      and(eq(billingSubscriptions.billingPlatform, platform), eq(billingSubscriptions.subscriptionId, subscriptionId)),
    )
    .for('update');
  return row;
}

export async function listUserSubscriptions(db: DbExecutor, userId: number) {
  return db
    .select({ subscription: billingSubscriptions, plan: billingPlans })
    .from(billingSubscriptions)
    .innerJoin(billingPlans, eq(billingPlans.id, billingSubscriptions.planId))
    .where(eq(billingSubscriptions.userId, userId))
    .orderBy(billingSubscriptions.id);
}

/** Records a provider's notification by its id; false when it was seen before (a duplicate delivery). */
export async function recordEvent(
  db: DbExecutor,
  event: {
    provider: 'paypal' | 'apple' | 'google';
    eventId: string;
    eventType: string;
    subscriptionId: string | null;
    /** Why the event was refused (kept, answered 2xx and shown to the admin); null when it was applied. */
    error?: string | null;
  },
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(billingEvents)
    .values({ ...event, receivedAt: now, processedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: billingEvents.eventId });
  return inserted.length > 0;
}

export async function hasEvent(
  db: DbExecutor,
  provider: 'paypal' | 'apple' | 'google',
  eventId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ eventId: billingEvents.eventId })
    .from(billingEvents)
    .where(and(eq(billingEvents.provider, provider), eq(billingEvents.eventId, eventId)));
  return row !== undefined;
}

/** A payment a provider reported, kept once by the provider's own id (a repeated report changes nothing). */
export async function recordPayment(
  db: DbExecutor,
  payment: {
    provider: 'paypal' | 'apple' | 'google';
    providerPaymentId: string;
    subscriptionRowId: number | null;
    amountCents: number;
    currency: string;
    paidAt: Date;
  },
): Promise<void> {
  await db.insert(billingPayments).values(payment).onConflictDoNothing();
}

/** A kept payment the provider has since refunded: left out of the admin's revenue from then on. */
export async function markPaymentRefunded(
  db: DbExecutor,
  provider: 'paypal' | 'apple' | 'google',
  providerPaymentId: string,
  refundedAt: Date,
): Promise<void> {
  await db
    .update(billingPayments)
    .set({ refundedAt })
    .where(and(eq(billingPayments.provider, provider), eq(billingPayments.providerPaymentId, providerPaymentId)));
}

/** The latest events refused after verification (an amount or currency a payment cannot hold), for the admin. */
export async function listRefusedEvents(db: DbExecutor, limit: number) {
  return db
    .select()
    .from(billingEvents)
    .where(isNotNull(billingEvents.error))
    .orderBy(desc(billingEvents.receivedAt), billingEvents.eventId)
    .limit(limit);
}

import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * Billing (DESIGN.md section 6; decision 045). The provider is the truth of a subscription's state: these
 * rows hold what PA$$ last confirmed from it (never what a client said), so access can be decided without
 * calling out on every request.
 */

/** The plans on sale: one row per plan and price tier, with the provider's plan ids. */
export const billingPlans = pgTable(
  'billing_plans',
  {
    id: serial('id').primaryKey(),
    /** member or add_on (the domain's PlanCode). */
    code: text('code', { enum: ['member', 'add_on'] }).notNull(),
    /** regular or early (the domain's PriceTier). */
    priceTier: text('price_tier', { enum: ['regular', 'early'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    paypalProductId: text('paypal_product_id'),
    paypalPlanId: text('paypal_plan_id'),
    /** The app stores' product id (Apple and Google use the same one). */
    mobilePlanId: text('mobile_plan_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('billing_plans_code_tier').on(table.code, table.priceTier),
    uniqueIndex('billing_plans_paypal_plan_id').on(table.paypalPlanId),
    uniqueIndex('billing_plans_mobile_plan_id').on(table.mobilePlanId),
  ],
);

/**
 * A member's subscription at a provider. `subscription_id` is the provider's id (PayPal's `I-…`, Apple's
 * original transaction id, Google's purchase token), bound to one member for good: the unique index is what
 * stops one subscription from being claimed by two accounts.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => billingPlans.id, { onDelete: 'restrict' }),
    billingPlatform: text('billing_platform', { enum: ['paypal', 'mobile'] }).notNull(),
    /** apple or google for a mobile subscription. */
    store: text('store', { enum: ['apple', 'google'] }),
    subscriptionId: text('subscription_id').notNull(),
    /** PA$$'s own status: ACTIVE while the provider says so, else the provider's word for why not. */
    status: text('status').notNull(),
    paypalSubscriptionStatus: text('paypal_subscription_status'),
    mobileSubscriptionStatus: text('mobile_subscription_status'),
    /** The sportsbook an add-on covers, when the member chose one. */
    sportsbook: text('sportsbook'),
    nextBillingAt: timestamp('next_billing_at', { withTimezone: true }),
    /** When the provider last changed the state (PayPal's status_update_time), so an older event never wins. */
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('billing_subscriptions_provider_id').on(table.billingPlatform, table.subscriptionId),
    index('billing_subscriptions_user_idx').on(table.userId),
  ],
);

/**
 * Notifications received from the providers (PayPal webhooks, App Store and Google Play notifications),
 * kept by their own id: a duplicate delivery is answered and changes nothing.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider', { enum: ['paypal', 'apple', 'google'] }).notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The provider's subscription id the event is about, when it names one. */
    subscriptionId: text('subscription_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    error: text('error'),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId] }),
    index('billing_events_unprocessed_idx')
      .on(table.receivedAt)
      .where(sql`${table.processedAt} is null`),
  ],
);

/** Payments the providers report (PayPal's PAYMENT.SALE events), for the admin's revenue over time. */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: serial('id').primaryKey(),
    subscriptionRowId: integer('subscription_row_id').references(() => billingSubscriptions.id, {
      onDelete: 'set null',
    }),
    provider: text('provider', { enum: ['paypal', 'apple', 'google'] }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('billing_payments_provider_id').on(table.provider, table.providerPaymentId)],
);

import { z } from 'zod';
import { Text } from './boundary.js';

/**
 * Billing (DESIGN.md section 6; the specification's billing calls; decision 045): the plans on sale and a
 * member's subscriptions. A subscription's three statuses are the specification's: it is active when any of
 * them is ACTIVE.
 */

export const BillingPlatform = z.enum(['paypal', 'mobile']);
export type BillingPlatform = z.infer<typeof BillingPlatform>;

export const BillingPlansQuery = z.object({
  platform: BillingPlatform.optional(),
});
export type BillingPlansQuery = z.infer<typeof BillingPlansQuery>;

/** A plan on sale now: the specification's name, paypal.plan_id, mobile.plan_id and description, and its price. */
export const BillingPlan = z.object({
  code: z.enum(['member', 'add_on']),
  name: z.string(),
  description: z.string(),
  price_tier: z.enum(['regular', 'early']),
  monthly_price_cents: z.number().int(),
  currency: z.string(),
  trial_months: z.number().int(),
  /** "Free for 1 month, then $20 a month". */
  price_text: z.string(),
  /** The plan's sale window this year (ISO instants): bought before `on_sale_from` or from `on_sale_until` on, it is refused. */
  on_sale_from: z.string(),
  on_sale_until: z.string(),
  paypal: z.object({ plan_id: z.string().nullable() }),
  mobile: z.object({ plan_id: z.string().nullable() }),
});
export type BillingPlan = z.infer<typeof BillingPlan>;

export const BillingPlansResponse = z.object({ data: z.array(BillingPlan) });
export type BillingPlansResponse = z.infer<typeof BillingPlansResponse>;

/** PayPal's subscription ids: `I-` and letters and digits. */
const PayPalSubscriptionId = Text.pipe(
  z
    .string()
    .min(3, 'must be a PayPal subscription id')
    .max(50, 'must be a PayPal subscription id')
    .regex(/^I-[A-Z0-9]+$/, 'must be a PayPal subscription id (I-…)'),
);

export const PayPalSubscribeBody = z.object({
  billing_id: z.uuid('must be your billing id'),
  subscription_id: PayPalSubscriptionId,
});
export type PayPalSubscribeBody = z.infer<typeof PayPalSubscribeBody>;

/** A member's subscription: the specification's billing subscription, with its dates. */
export const BillingSubscription = z.object({
  status: z.string(),
  paypal_subscription_status: z.string().nullable(),
  mobile_subscription_status: z.string().nullable(),
  plan_name: z.string(),
  billing_platform: BillingPlatform,
  subscription_id: z.string(),
  sportsbook: z.string().nullable(),
  plan_id: z.string().nullable(),
  active: z.boolean(),
  next_billing_at: z.string().nullable(),
  created_at: z.string(),
});
export type BillingSubscription = z.infer<typeof BillingSubscription>;

export const BillingSubscriptionResponse = z.object({ data: BillingSubscription });
export type BillingSubscriptionResponse = z.infer<typeof BillingSubscriptionResponse>;

/** What a webhook's sender is told: received (also for a duplicate, which changes nothing). */
export const WebhookReceivedResponse = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookReceivedResponse = z.infer<typeof WebhookReceivedResponse>;

/**
 * App Store Server Notifications V2 (decision 047): the body Apple posts, a JWS that the server verifies
 * against Apple's root certificates before reading anything in it.
 */
export const AppleNotificationBody = z.object({
  signedPayload: z
    .string()
    .min(1)
    .max(200_000)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'must be a JWS (three base64url parts)'),
});
export type AppleNotificationBody = z.infer<typeof AppleNotificationBody>;

/** Google Play's real-time developer notification, as Cloud Pub/Sub pushes it (decision 047). */
export const GooglePlayPushBody = z.object({
  message: z
    .object({
      /** The notification, JSON in base64. */
      data: z.string().min(1).max(20_000),
      messageId: z.string().min(1).max(200),
      publishTime: z.string().max(50).optional(),
      attributes: z.record(z.string(), z.string().max(1000)).optional(),
    })
    .passthrough(),
  subscription: z.string().max(500),
});
export type GooglePlayPushBody = z.infer<typeof GooglePlayPushBody>;

/** The push endpoint's shared secret, which the Pub/Sub subscription's push URL carries. */
export const GooglePlayPushQuery = z.object({ token: z.string().max(500).optional() });
export type GooglePlayPushQuery = z.infer<typeof GooglePlayPushQuery>;

/**
 * The cancel calls' path (decisions 046 and 047), PayPal's and the stores' alike: `billingId` is the caller's own
 * billing id, `subscriptionId` the provider's id of one of the caller's subscriptions on that platform.
 */
export const BillingCancelParams = z.object({
  billingId: z.uuid('must be your billing id'),
  subscriptionId: Text.pipe(
    z
      .string()
      .min(1, 'must be a subscription id')
      .max(500, 'must be a subscription id')
      .regex(/^[A-Za-z0-9._-]+$/, 'must be a subscription id'),
  ),
});
export type BillingCancelParams = z.infer<typeof BillingCancelParams>;

/** A sportsbook account linked for sync (the specification's sync account). */
export const BetSyncAccount = z.object({
  betsync_account_id: z.uuid(),
  betsync_book_name: z.string(),
  betsync_account_access: z.boolean(),
  created_at: z.string(),
  /** Days of the 5-day grace left: max(0, 5 − whole days since `created_at`). */
  grace_days_remaining: z.number().int(),
  /** Covered by one of the member's subscriptions (the oldest links first); uncovered, it syncs only in its grace. */
  covered: z.boolean(),
});
export type BetSyncAccount = z.infer<typeof BetSyncAccount>;

/** A plan the member needs and has no active subscription to (the specification's plan, with its code). */
export const MissingSubscription = z.object({
  code: z.enum(['member', 'add_on']),
  name: z.string(),
  paypal: z.object({ plan_id: z.string().nullable() }),
  mobile: z.object({ plan_id: z.string().nullable() }),
});
export type MissingSubscription = z.infer<typeof MissingSubscription>;

/** `GET /billing/check-subscriptions-required`: the specification's subscription-required response. */
export const CheckSubscriptionsRequiredResponse = z.object({
  data: z.object({
    /** True only when a linked account's grace has ended without the subscriptions it needs. */
    subscriptions_required: z.boolean(),
    betsync_accounts: z.array(BetSyncAccount),
    billing_subscriptions: z.array(BillingSubscription),
    missing_subscriptions: z.array(MissingSubscription),
  }),
});
export type CheckSubscriptionsRequiredResponse = z.infer<typeof CheckSubscriptionsRequiredResponse>;

import { z } from 'zod';
import { ExportFormat } from './admin-tables.js';
import { BillingPlatform } from './billing.js';
import { MAX_ID, SingleLine } from './boundary.js';

/**
 * The admin's billing calls (the specification's "Admin billing"; decision 048): figures, the subscriptions by
 * plan, one plan's subscribers, the export, the series behind the charts, and PayPal's plans provisioned and
 * read back into `billing_plans`. Lists default to the specification's admin defaults: limit 10, page size 20.
 */

const PlanCode = z.enum(['member', 'add_on']);
const PriceTier = z.enum(['regular', 'early']);

/** A plan as the admin sees it: one row of `billing_plans`, with both providers' ids. */
export const AdminBillingPlan = z.object({
  id: z.number().int(),
  code: PlanCode,
  price_tier: PriceTier,
  name: z.string(),
  monthly_price_cents: z.number().int(),
  paypal_product_id: z.string().nullable(),
  paypal_plan_id: z.string().nullable(),
  mobile_plan_id: z.string().nullable(),
});
export type AdminBillingPlan = z.infer<typeof AdminBillingPlan>;

/** One subscription with its member and plan, for the admin's tables. */
export const AdminSubscription = z.object({
  id: z.number().int(),
  subscription_id: z.string(),
  platform: BillingPlatform,
  store: z.enum(['apple', 'google']).nullable(),
  status: z.string(),
  paypal_subscription_status: z.string().nullable(),
  mobile_subscription_status: z.string().nullable(),
  /** Any of the three statuses is ACTIVE. */
  active: z.boolean(),
  plan: z.object({
    code: PlanCode,
    name: z.string(),
    price_tier: PriceTier,
    monthly_price_cents: z.number().int(),
    /** The provider's plan id for the subscription's platform: the plan detail screen's address. */
    plan_id: z.string().nullable(),
  }),
  user: z.object({ id: z.number().int(), username: z.string(), email: z.string() }),
  created_at: z.string(),
  next_billing_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type AdminSubscription = z.infer<typeof AdminSubscription>;

/** `GET /billing/admin/stats`. */
export const AdminBillingStatsResponse = z.object({
  data: z.object({
    /** Accounts with a verified address. */
    members: z.number().int(),
    /** Subscriptions active now (any status ACTIVE). */
    active_subscriptions: z.number().int(),
    /** Active subscriptions per plan (code and price tier) and platform. */
    by_plan: z.array(
      z.object({
        code: PlanCode,
        price_tier: PriceTier,
        name: z.string(),
        platform: BillingPlatform,
        active: z.number().int(),
      }),
    ),
    /** Active subscriptions still in their free trial (younger than the trial). */
    trials: z.number().int(),
    /** Monthly recurring revenue: the monthly price of each active subscription past its trial. */
    mrr_cents: z.number().int(),
    /** Payments received in the 30 days up to now, refunds left out. */
    revenue_30d_cents: z.number().int(),
    currency: z.string(),
    churn_this_month: z.object({
      /** Subscriptions that ended since the first of the month (UTC). */
      cancelled: z.number().int(),
      /** Subscriptions that had started before the month and had not ended by its first day. */
      active_at_month_start: z.number().int(),
      /** cancelled ÷ active_at_month_start, null when nothing was active at the month's start. */
      rate: z.number().nullable(),
    }),
    /** The latest verified provider events refused (an amount or currency a payment cannot hold), newest first. */
    refused_events: z.array(
      z.object({
        provider: z.enum(['paypal', 'apple', 'google']),
        event_id: z.string(),
        event_type: z.string(),
        subscription_id: z.string().nullable(),
        received_at: z.string(),
        reason: z.string(),
      }),
    ),
    generated_at: z.string(),
  }),
});
export type AdminBillingStatsResponse = z.infer<typeof AdminBillingStatsResponse>;

const limitParam = (max: number, fallback: number) =>
  z.coerce
    .number({ error: `must be a whole number from 1 to ${max}` })
    .int(`must be a whole number from 1 to ${max}`)
    .min(1, `must be a whole number from 1 to ${max}`)
    .max(max, `must be a whole number from 1 to ${max}`)
    .default(fallback);

/** `GET /billing/admin/subscriptions/recent`: newest first; `before` (a row id) asks for the page after. */
export const AdminRecentSubscriptionsQuery = z.object({
  limit: limitParam(100, 10),
  before: z.coerce
    .number({ error: 'must be a subscription row id' })
    .int('must be a subscription row id')
    .min(1, 'must be a subscription row id')
    .max(MAX_ID, 'must be a subscription row id')
    .optional(),
});
export type AdminRecentSubscriptionsQuery = z.infer<typeof AdminRecentSubscriptionsQuery>;

export const AdminRecentSubscriptionsResponse = z.object({
  data: z.array(AdminSubscription),
  /** The `before` of the next page, null at the end. */
  next_before: z.number().int().nullable(),
});
export type AdminRecentSubscriptionsResponse = z.infer<typeof AdminRecentSubscriptionsResponse>;

/** `GET /billing/admin/subscriptions/overview`: per plan, its counts by status and its latest subscriptions. */
export const AdminSubscriptionsOverviewQuery = z.object({ limit: limitParam(100, 10) });
export type AdminSubscriptionsOverviewQuery = z.infer<typeof AdminSubscriptionsOverviewQuery>;

export const AdminPlanOverview = z.object({
  plan: AdminBillingPlan,
  total: z.number().int(),
  active: z.number().int(),
  /** Subscriptions by PA$$'s status (ACTIVE, CANCELLED, SUSPENDED, …), most first. */
  by_status: z.array(z.object({ status: z.string(), count: z.number().int() })),
  latest: z.array(AdminSubscription),
});
export type AdminPlanOverview = z.infer<typeof AdminPlanOverview>;

export const AdminSubscriptionsOverviewResponse = z.object({ data: z.array(AdminPlanOverview) });
export type AdminSubscriptionsOverviewResponse = z.infer<typeof AdminSubscriptionsOverviewResponse>;

/** A provider's plan id in a path: PayPal's `P-…`, or an app-store product id. */
export const ProviderPlanId = SingleLine.pipe(
  z
    .string()
    .min(1, 'must be a plan id')
    .max(100, 'must be a plan id')
    .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'must be a plan id (letters, digits, . _ : -)'),
);

export const AdminPlanSubscribersParams = z.object({
  platform: BillingPlatform,
  planId: ProviderPlanId,
});
export type AdminPlanSubscribersParams = z.infer<typeof AdminPlanSubscribersParams>;

export const AdminPlanSubscribersQuery = z.object({
  page: z.coerce
    .number({ error: 'must be a page number' })
    .int('must be a page number')
    .min(1, 'must be a page number')
    .max(1_000_000, 'must be a page number')
    .default(1),
  pageSize: limitParam(100, 20),
});
export type AdminPlanSubscribersQuery = z.infer<typeof AdminPlanSubscribersQuery>;

export const AdminPlanSubscribersResponse = z.object({
  plan: AdminBillingPlan,
  platform: BillingPlatform,
  data: z.array(AdminSubscription),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type AdminPlanSubscribersResponse = z.infer<typeof AdminPlanSubscribersResponse>;

export const AdminSubscriptionsExportQuery = z.object({ format: ExportFormat.default('csv') });
export type AdminSubscriptionsExportQuery = z.infer<typeof AdminSubscriptionsExportQuery>;

/** One row of the export: the CSV's columns, in order. */
export const AdminSubscriptionExportRow = z.object({
  id: z.number().int(),
  subscription_id: z.string(),
  platform: BillingPlatform,
  store: z.string().nullable(),
  status: z.string(),
  paypal_subscription_status: z.string().nullable(),
  mobile_subscription_status: z.string().nullable(),
  active: z.boolean(),
  plan_code: PlanCode,
  plan_name: z.string(),
  price_tier: PriceTier,
  monthly_price_cents: z.number().int(),
  plan_id: z.string().nullable(),
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  created_at: z.string(),
  next_billing_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type AdminSubscriptionExportRow = z.infer<typeof AdminSubscriptionExportRow>;

/** `GET /billing/admin/subscriptions/export?format=json`; `format=csv` sends the same rows as text/csv. */
export const AdminSubscriptionsExportResponse = z.object({
  generated_at: z.string(),
  data: z.array(AdminSubscriptionExportRow),
});
export type AdminSubscriptionsExportResponse = z.infer<typeof AdminSubscriptionsExportResponse>;

/** `GET /billing/admin/subscriptions/series`: the charts' points, the last `count` days or months up to now (UTC). */
export const AdminSeriesInterval = z.enum(['day', 'month']);
export type AdminSeriesInterval = z.infer<typeof AdminSeriesInterval>;

export const AdminSubscriptionsSeriesQuery = z.object({
  interval: AdminSeriesInterval.default('day'),
  /** Days or months, today's or this month's included; 30 days or 12 months when not given. */
  count: z.coerce
    .number({ error: 'must be a whole number from 1 to 366' })
    .int('must be a whole number from 1 to 366')
    .min(1, 'must be a whole number from 1 to 366')
    .max(366, 'must be a whole number from 1 to 366')
    .optional(),
});
export type AdminSubscriptionsSeriesQuery = z.infer<typeof AdminSubscriptionsSeriesQuery>;

export const AdminSeriesPoint = z.object({
  /** The day (`2026-11-24`) or month (`2026-11`). */
  period: z.string(),
  new_subscriptions: z.number().int(),
  cancelled: z.number().int(),
  revenue_cents: z.number().int(),
});
export type AdminSeriesPoint = z.infer<typeof AdminSeriesPoint>;

export const AdminSubscriptionsSeriesResponse = z.object({
  interval: AdminSeriesInterval,
  currency: z.string(),
  /** Every period of the range, oldest first, empty ones with zeros. */
  data: z.array(AdminSeriesPoint),
});
export type AdminSubscriptionsSeriesResponse = z.infer<typeof AdminSubscriptionsSeriesResponse>;

/** `POST /billing/admin/paypal-plans/provision`: what exists at PayPal now, and what this call made. */
export const PayPalProvisionResponse = z.object({
  data: z.object({
    product: z.object({ id: z.string(), name: z.string(), created: z.boolean() }),
    plans: z.array(
      z.object({
        code: PlanCode,
        price_tier: PriceTier,
        name: z.string(),
        paypal_plan_id: z.string(),
        /** Made by this call (false: found at PayPal). */
        created: z.boolean(),
        /** `billing_plans` got a new id from this call. */
        stored: z.boolean(),
      }),
    ),
  }),
});
export type PayPalProvisionResponse = z.infer<typeof PayPalProvisionResponse>;

/** `POST /billing/admin/paypal-plans/sync-to-db`: PayPal's plans of our product, written into `billing_plans`. */
export const PayPalSyncResponse = z.object({
  data: z.object({
    product_id: z.string().nullable(),
    changes: z.array(
      z.object({
        code: PlanCode,
        price_tier: PriceTier,
        field: z.enum(['paypal_product_id', 'paypal_plan_id']),
        from: z.string().nullable(),
        to: z.string(),
      }),
    ),
    /** PayPal plans of the product that match no plan and tier of ours (another name or price). */
    unmatched: z.array(z.object({ id: z.string(), name: z.string() })),
    /** Plans and tiers with no PayPal plan found. */
    missing: z.array(z.object({ code: PlanCode, price_tier: PriceTier })),
  }),
});
export type PayPalSyncResponse = z.infer<typeof PayPalSyncResponse>;

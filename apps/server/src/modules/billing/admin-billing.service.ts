import type {
  AdminBillingPlan,
  AdminBillingStatsResponse,
  AdminPlanOverview,
  AdminPlanSubscribersResponse,
  AdminRecentSubscriptionsResponse,
  AdminSeriesInterval,
  AdminSubscription,
  AdminSubscriptionExportRow,
  AdminSubscriptionsSeriesResponse,
  BillingPlatform,
} from '@pass/contracts';
import type { DbExecutor } from '@pass/db';
import { isSubscriptionActive, MEMBERSHIP_TERMS } from '@pass/domain';
import { AppError } from '../../errors.js';
import {
  activeByPlan,
  churnSince,
  countByPlanAndStatus,
  countMembers,
  findPlanByProviderId,
  listAllSubscriptions,
  listLatestPerPlan,
  listPlanSubscribers,
  listRecentSubscriptions,
  revenueBetween,
  seriesSince,
  type SubscriptionWithPlanAndUser,
} from './admin-billing.repository.js';
import { ensurePlans, listPlanRows, listRefusedEvents, type BillingPlanRow } from './billing.repository.js';

/**
 * The admin's billing (the specification's "Admin billing"; decision 048): figures, subscriptions by plan,
 * a plan's subscribers, the export and the charts' series. Read-only; the routes require the admin.
 */

const DAY_MS = 86_400_000;

export function toAdminPlan(row: BillingPlanRow): AdminBillingPlan {
  return {
    id: row.id,
    code: row.code,
    price_tier: row.priceTier,
    name: row.name,
    monthly_price_cents: row.monthlyPriceCents,
    paypal_product_id: row.paypalProductId,
    paypal_plan_id: row.paypalPlanId,
    mobile_plan_id: row.mobilePlanId,
  };
}

export function toAdminSubscription({ subscription, plan, user }: SubscriptionWithPlanAndUser): AdminSubscription {
  return {
    id: subscription.id,
    subscription_id: subscription.subscriptionId,
    platform: subscription.billingPlatform,
    store: subscription.store,
    status: subscription.status,
    paypal_subscription_status: subscription.paypalSubscriptionStatus,
    mobile_subscription_status: subscription.mobileSubscriptionStatus,
    active: isSubscriptionActive({
      status: subscription.status,
      paypal_subscription_status: subscription.paypalSubscriptionStatus,
      mobile_subscription_status: subscription.mobileSubscriptionStatus,
    }),
    plan: {
      code: plan.code,
      name: plan.name,
      price_tier: plan.priceTier,
      monthly_price_cents: plan.monthlyPriceCents,
      plan_id: subscription.billingPlatform === 'paypal' ? plan.paypalPlanId : plan.mobilePlanId,
    },
    user,
    created_at: subscription.createdAt.toISOString(),
    next_billing_at: subscription.nextBillingAt?.toISOString() ?? null,
    cancelled_at: subscription.cancelledAt?.toISOString() ?? null,
  };
}

/** The first instant of `now`'s month, UTC. */
const monthStartOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** `GET /billing/admin/stats`. */
export async function getBillingStats(db: DbExecutor, now: Date): Promise<AdminBillingStatsResponse['data']> {
  const trialMonths = MEMBERSHIP_TERMS.trialMonths;
  const monthStart = monthStartOf(now);
  const [members, byPlan, revenue, churn] = [
    await countMembers(db),
    await activeByPlan(db, now, trialMonths),
    await revenueBetween(db, new Date(now.getTime() - 30 * DAY_MS), now),
    await churnSince(db, monthStart, now),
  ];
  return {
    members,
    active_subscriptions: byPlan.reduce((sum, row) => sum + row.active, 0),
    by_plan: byPlan.map((row) => ({
      code: row.code,
      price_tier: row.priceTier,
      name: row.name,
      platform: row.platform,
      active: row.active,
    })),
    trials: byPlan.reduce((sum, row) => sum + row.trials, 0),
    mrr_cents: byPlan.reduce((sum, row) => sum + row.payingCents, 0),
    revenue_30d_cents: revenue,
    currency: MEMBERSHIP_TERMS.currency,
    churn_this_month: {
      cancelled: churn.cancelled,
      active_at_month_start: churn.activeAtStart,
      rate: churn.activeAtStart > 0 ? churn.cancelled / churn.activeAtStart : null,
    },
    refused_events: (await listRefusedEvents(db, REFUSED_EVENTS_SHOWN)).map((event) => ({
      provider: event.provider,
      event_id: event.eventId,
      event_type: event.eventType,
      subscription_id: event.subscriptionId,
      received_at: event.receivedAt.toISOString(),
      reason: event.error ?? '',
    })),
    generated_at: now.toISOString(),
  };
}

/** How many refused provider events the admin's figures list. */
const REFUSED_EVENTS_SHOWN = 20;

/** `GET /billing/admin/subscriptions/recent`. */
export async function listRecent(
  db: DbExecutor,
  limit: number,
  before?: number,
): Promise<AdminRecentSubscriptionsResponse> {
  // One more than asked says whether there is a next page.
  const rows = await listRecentSubscriptions(db, limit + 1, before);
  const page = rows.slice(0, limit);
  return {
    data: page.map(toAdminSubscription),
    next_before: rows.length > limit ? page[page.length - 1]!.subscription.id : null,
  };
}

/** `GET /billing/admin/subscriptions/overview`: every plan row, with its counts and latest subscriptions. */
export async function getOverview(db: DbExecutor, limit: number): Promise<AdminPlanOverview[]> {
  await ensurePlans(db);
  const [plans, counts, latest] = [
    await listPlanRows(db),
    await countByPlanAndStatus(db),
    await listLatestPerPlan(db, limit),
  ];
  return plans.map((plan) => {
    const mine = counts.filter((row) => row.planId === plan.id).sort((a, b) => b.n - a.n);
    return {
      plan: toAdminPlan(plan),
      total: mine.reduce((sum, row) => sum + row.n, 0),
      active: mine.reduce((sum, row) => sum + row.active, 0),
      by_status: mine.map((row) => ({ status: row.status, count: row.n })),
      latest: latest.filter((row) => row.plan.id === plan.id).map(toAdminSubscription),
    };
  });
}

/** `GET /billing/admin/plans/{platform}/{planId}/subscribers`: 404 for a plan id none of ours has. */
export async function getPlanSubscribers(
  db: DbExecutor,
  platform: BillingPlatform,
  planId: string,
  page: number,
  pageSize: number,
): Promise<AdminPlanSubscribersResponse> {
  const plan = await findPlanByProviderId(db, platform, planId);
  if (!plan) throw AppError.notFound('No plan of ours has that id on that platform');
  const { rows, total } = await listPlanSubscribers(db, plan.id, platform, page, pageSize);
  return {
    plan: toAdminPlan(plan),
    platform,
    data: rows.map(toAdminSubscription),
    page,
    page_size: pageSize,
    total,
  };
}

/** The export's rows, oldest first. */
export async function listExportRows(db: DbExecutor): Promise<AdminSubscriptionExportRow[]> {
  return (await listAllSubscriptions(db)).map((row) => {
    const view = toAdminSubscription(row);
    return {
      id: view.id,
      subscription_id: view.subscription_id,
      platform: view.platform,
      store: view.store,
      status: view.status,
      paypal_subscription_status: view.paypal_subscription_status,
      mobile_subscription_status: view.mobile_subscription_status,
      active: view.active,
      plan_code: view.plan.code,
      plan_name: view.plan.name,
      price_tier: view.plan.price_tier,
      monthly_price_cents: view.plan.monthly_price_cents,
      plan_id: view.plan.plan_id,
      user_id: view.user.id,
      username: view.user.username,
      email: view.user.email,
      created_at: view.created_at,
      next_billing_at: view.next_billing_at,
      cancelled_at: view.cancelled_at,
    };
  });
}

/** The periods of the range, oldest first: the last `count` days or months up to `now` (UTC). */
export function periodsUpTo(
  now: Date,
  interval: AdminSeriesInterval,
  count: number,
): { from: Date; periods: string[] } {
  const periods: string[] = [];
  if (interval === 'day') {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    for (let back = count - 1; back >= 0; back -= 1) {
      periods.push(new Date(today - back * DAY_MS).toISOString().slice(0, 10));
    }
    return { from: new Date(today - (count - 1) * DAY_MS), periods };
  }
  for (let back = count - 1; back >= 0; back -= 1) {
    periods.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7));
  }
  return { from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1), 1)), periods };
}

/** `GET /billing/admin/subscriptions/series`. */
export async function getSeries(
  db: DbExecutor,
  now: Date,
  interval: AdminSeriesInterval,
  count?: number,
): Promise<AdminSubscriptionsSeriesResponse> {
  const { from, periods } = periodsUpTo(now, interval, count ?? (interval === 'day' ? 30 : 12));
  const { created, cancelled, revenue } = await seriesSince(db, from, interval);
  return {
    interval,
    currency: MEMBERSHIP_TERMS.currency,
    data: periods.map((period) => ({
      period,
      new_subscriptions: created.get(period) ?? 0,
      cancelled: cancelled.get(period) ?? 0,
      revenue_cents: revenue.get(period) ?? 0,
    })),
  };
}

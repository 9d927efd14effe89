import type { DbExecutor } from '@pass/db';
import { isSubscriptionActive } from '@pass/domain';
import { listUserSubscriptions, type BillingSubscriptionRow } from './billing.repository.js';

/**
 * Which of a member's subscriptions are active: what the rest of billing and the sync module's access rule read.
 * Apart from billing.service.ts, which asks the sync module how its accounts stand, so neither service imports
 * the other.
 */

export const toStatuses = (
  row: Pick<BillingSubscriptionRow, 'status' | 'paypalSubscriptionStatus' | 'mobileSubscriptionStatus'>,
) => ({
  status: row.status,
  paypal_subscription_status: row.paypalSubscriptionStatus,
  mobile_subscription_status: row.mobileSubscriptionStatus,
});

/** How many of each plan the member has active: what their sportsbook accounts' sync is covered by. */
export async function activePlanCounts(
  db: DbExecutor,
  userId: number,
): Promise<{ memberships: number; addOns: number }> {
  const active = (await listUserSubscriptions(db, userId)).filter(({ subscription }) =>
    isSubscriptionActive(toStatuses(subscription)),
  );
  return {
    memberships: active.filter(({ plan }) => plan.code === 'member').length,
    addOns: active.filter(({ plan }) => plan.code === 'add_on').length,
  };
}

/**
 * Who may open the college football screens (DESIGN.md section 7): every member during the first month
 * after sign-up (the free trial), and afterwards members with an active membership. The admin always may.
 */

/** The three status fields a subscription carries; the specification counts it active if any is ACTIVE. */
export interface SubscriptionStatuses {
  status?: string | null;
  paypal_subscription_status?: string | null;
  mobile_subscription_status?: string | null;
}

export function isSubscriptionActive(subscription: SubscriptionStatuses): boolean {
  return [subscription.status, subscription.paypal_subscription_status, subscription.mobile_subscription_status].some(
    (status) => status?.toUpperCase() === 'ACTIVE',
  );
}

/**
 * The end of the one-month trial: the same day and time of the next month, or that month's last day when
 * it is shorter (signed up on 31 January → trial until the end of February).
 */
export function collegeTrialEndsAt(signedUpAt: Date): Date {
  const year = signedUpAt.getUTCFullYear();
  const month = signedUpAt.getUTCMonth() + 1;
  const lastDayOfNextMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(signedUpAt.getTime());
  end.setUTCDate(1);
  end.setUTCMonth(month);
  end.setUTCDate(Math.min(signedUpAt.getUTCDate(), lastDayOfNextMonth));
  return end;
}

export type CollegeAccessReason = 'trial' | 'membership' | 'admin' | 'trial-ended';

export interface CollegeAccess {
  granted: boolean;
  reason: CollegeAccessReason;
  /** When the free month ends or ended. */
  trialEndsAt: Date;
}

export function collegeAccess(input: {
  signedUpAt: Date;
  now: Date;
  isAdmin: boolean;
  subscriptions: readonly SubscriptionStatuses[];
}): CollegeAccess {
  const trialEndsAt = collegeTrialEndsAt(input.signedUpAt);
  if (input.isAdmin) return { granted: true, reason: 'admin', trialEndsAt };
  if (input.subscriptions.some(isSubscriptionActive)) return { granted: true, reason: 'membership', trialEndsAt };
  if (input.now.getTime() < trialEndsAt.getTime()) return { granted: true, reason: 'trial', trialEndsAt };
  return { granted: false, reason: 'trial-ended', trialEndsAt };
}

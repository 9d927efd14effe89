import { describe, expect, it } from 'vitest';
import { collegeAccess, collegeTrialEndsAt, isSubscriptionActive } from './college-access.js';

const at = (iso: string) => new Date(iso);

describe('collegeTrialEndsAt', () => {
  it('ends on the same day and time of the next month', () => {
    expect(collegeTrialEndsAt(at('2026-10-15T18:30:00Z')).toISOString()).toBe('2026-11-15T18:30:00.000Z');
  });

  it('ends on the last day of a shorter next month', () => {
    expect(collegeTrialEndsAt(at('2026-01-31T09:00:00Z')).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(collegeTrialEndsAt(at('2028-01-30T09:00:00Z')).toISOString()).toBe('2028-02-29T09:00:00.000Z');
  });

  it('crosses the year end', () => {
    expect(collegeTrialEndsAt(at('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-01-31T23:00:00.000Z');
  });
});

describe('isSubscriptionActive', () => {
  it('is active when any of the three statuses is ACTIVE', () => {
    expect(isSubscriptionActive({ status: 'ACTIVE' })).toBe(true);
    expect(isSubscriptionActive({ status: 'CANCELLED', paypal_subscription_status: 'ACTIVE' })).toBe(true);
    expect(isSubscriptionActive({ mobile_subscription_status: 'active' })).toBe(true);
  });

  it('is not active otherwise', () => {
    expect(isSubscriptionActive({ status: 'SUSPENDED', paypal_subscription_status: null })).toBe(false);
    expect(isSubscriptionActive({})).toBe(false);
  });
});

describe('collegeAccess', () => {
  const signedUpAt = at('2026-10-01T12:00:00Z');

  it('grants the first month after sign-up as the trial', () => {
    const access = collegeAccess({ signedUpAt, now: at('2026-10-31T23:59:00Z'), isAdmin: false, subscriptions: [] });
    expect(access).toEqual({ granted: true, reason: 'trial', trialEndsAt: at('2026-11-01T12:00:00Z') });
  });

  it('refuses once the month has passed without a membership', () => {
    const access = collegeAccess({ signedUpAt, now: at('2026-11-01T12:00:00Z'), isAdmin: false, subscriptions: [] });
    expect(access.granted).toBe(false);
    expect(access.reason).toBe('trial-ended');
  });

  it('grants an active membership after the trial, and not a lapsed one', () => {
    const now = at('2026-11-21T00:00:00Z');
    expect(collegeAccess({ signedUpAt, now, isAdmin: false, subscriptions: [{ status: 'ACTIVE' }] }).reason).toBe(
      'membership',
    );
    expect(collegeAccess({ signedUpAt, now, isAdmin: false, subscriptions: [{ status: 'EXPIRED' }] }).granted).toBe(
      false,
    );
  });

  it('always grants the admin', () => {
    const access = collegeAccess({ signedUpAt, now: at('2027-06-01T00:00:00Z'), isAdmin: true, subscriptions: [] });
    expect(access).toMatchObject({ granted: true, reason: 'admin' });
  });
});

import type { BillingSubscription } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSessionUser, storeSessionUser } from '../../../lib/session-user';
import { answer, errorResponse, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { ProfileBillingSection } from './profile-billing-section';

const BILLING_ID = '5f0c7c1e-3d54-4c36-9b1a-1a2b3c4d5e6f';
const subscription = (platform: 'paypal' | 'mobile', id: string): BillingSubscription => ({
  status: 'ACTIVE',
  paypal_subscription_status: platform === 'paypal' ? 'ACTIVE' : null,
  mobile_subscription_status: platform === 'mobile' ? 'ACTIVE' : null,
  plan_name: 'PA$$ Sync Member Plan',
  billing_platform: platform,
  subscription_id: id,
  sportsbook: null,
  plan_id: 'P-1',
  active: true,
  next_billing_at: '2026-12-24T10:00:00Z',
  created_at: '2026-11-24T10:00:00Z',
});

function server(subscriptions: BillingSubscription[], cancel: () => Response) {
  answer('all', '/*', () => errorResponse(404, 'NOT_FOUND'));
  answer('get', '/billing/subscriptions', { data: subscriptions });
  answer('get', '/billing/user', { data: { billing_id: BILLING_ID } });
  answer('get', '/billing/plans', { data: [] });
  answer('get', '/billing/check-subscriptions-required', {
    data: {
      subscriptions_required: false,
      betsync_accounts: [],
      billing_subscriptions: subscriptions,
      missing_subscriptions: [],
    },
  });
  answer('get', '/api/config', { supportEmail: 's@example.com', paypal: null });
  answer('post', '/billing/*/cancel/*', cancel);
}

const cancelRequests = () => sentRequests().filter((request) => request.url.pathname.includes('/cancel/'));

beforeEach(() => storeSessionUser({ id: 7, username: 'sam', name: null, isAdmin: false }));
afterEach(() => {
  cleanup();
  clearSessionUser();
});

describe("the profile's subscriptions", () => {
  it('shows plan, status and next billing date, and cancels a PayPal one after asking', async () => {
    const cancelled = { ...subscription('paypal', 'I-ONE'), status: 'CANCELLED', active: false };
    server([subscription('paypal', 'I-ONE')], () => HttpResponse.json({ data: cancelled }));
    renderWithProviders(<ProfileBillingSection />);
    const card = await screen.findByRole('article', { name: 'PA$$ Sync Member Plan I-ONE' });
    expect(card).toHaveTextContent('Status: Active');
    expect(card).toHaveTextContent('Next billing date: December 24, 2026');
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel PA$$ Sync Member Plan' }));
    // Asked first: nothing is sent until the dialog is confirmed.
    expect(cancelRequests()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Your PA$$ Sync Member Plan is cancelled.')).toBeInTheDocument();
    expect(cancelRequests()[0]!.url.pathname).toBe(`/billing/paypal/cancel/${BILLING_ID}/I-ONE`);
  });

  it('cancels an app-store subscription through the mobile call and shows its error message', async () => {
    server([subscription('mobile', 'GPA.1234')], () =>
      errorResponse(409, 'CONFLICT', 'Cancel it in the Google Play app.'),
    );
    renderWithProviders(<ProfileBillingSection />);
    const card = await screen.findByRole('article', { name: 'PA$$ Sync Member Plan GPA.1234' });
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel PA$$ Sync Member Plan' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cancel it in the Google Play app.');
    expect(cancelRequests()[0]!.url.pathname).toBe(`/billing/mobile/cancel/${BILLING_ID}/GPA.1234`);
  });
});

import type { BillingSubscription } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSessionUser, storeSessionUser } from '../../../lib/session-user';
import { errorResponse, jsonResponse, stubFetch, type FetchMock } from '../../../testing/fetch';
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

function server(subscriptions: BillingSubscription[], cancel: (url: URL) => Response): FetchMock {
  return stubFetch((url, init) => {
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /billing/subscriptions') return jsonResponse({ data: subscriptions });
    if (key === 'GET /billing/user') return jsonResponse({ data: { billing_id: BILLING_ID } });
    if (key === 'GET /billing/plans') return jsonResponse({ data: [] });
    if (key === 'GET /billing/check-subscriptions-required')
      return jsonResponse({
        data: {
          subscriptions_required: false,
          betsync_accounts: [],
          billing_subscriptions: subscriptions,
          missing_subscriptions: [],
        },
      });
    if (key === 'GET /api/config') return jsonResponse({ supportEmail: 's@example.com', paypal: null });
    if (init.method === 'POST' && url.pathname.includes('/cancel/')) return cancel(url);
    return errorResponse(404, 'NOT_FOUND');
  });
}

beforeEach(() => storeSessionUser({ id: 7, username: 'sam', name: null, isAdmin: false }));
afterEach(() => {
  cleanup();
  clearSessionUser();
  vi.unstubAllGlobals();
});

describe("the profile's subscriptions", () => {
  it('shows plan, status and next billing date, and cancels a PayPal one after asking', async () => {
    const cancelled = { ...subscription('paypal', 'I-ONE'), status: 'CANCELLED', active: false };
    const fetchMock = server([subscription('paypal', 'I-ONE')], () => jsonResponse({ data: cancelled }));
    renderWithProviders(<ProfileBillingSection />);
    const card = await screen.findByRole('article', { name: 'PA$$ Sync Member Plan I-ONE' });
    expect(card).toHaveTextContent('Status: Active');
    expect(card).toHaveTextContent('Next billing date: December 24, 2026');
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel PA$$ Sync Member Plan' }));
    // Asked first: nothing is sent until the dialog is confirmed.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/cancel/'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Your PA$$ Sync Member Plan is cancelled.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/cancel/'));
    expect(new URL(String(call![0])).pathname).toBe(`/billing/paypal/cancel/${BILLING_ID}/I-ONE`);
  });

  it('cancels an app-store subscription through the mobile call and shows its error message', async () => {
    const fetchMock = server([subscription('mobile', 'GPA.1234')], () =>
      errorResponse(409, 'CONFLICT', 'Cancel it in the Google Play app.'),
    );
    renderWithProviders(<ProfileBillingSection />);
    const card = await screen.findByRole('article', { name: 'PA$$ Sync Member Plan GPA.1234' });
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel PA$$ Sync Member Plan' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cancel it in the Google Play app.');
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/cancel/'));
    expect(new URL(String(call![0])).pathname).toBe(`/billing/mobile/cancel/${BILLING_ID}/GPA.1234`);
  });
});

import type {
  AdminBillingStatsResponse,
  AdminPlanOverview,
  AdminRecentSubscriptionsResponse,
  AdminSubscription,
  AdminSubscriptionsSeriesResponse,
} from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer, errorResponse, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { RECENT_PAGE } from '../api/admin-billing';
import { AdminBillingSection } from './admin-billing-section';

beforeAll(() => registerRoutes(['admin-plan-detail']));
afterEach(() => {
  cleanup();
});

const subscription = (id: number, overrides: Partial<AdminSubscription> = {}): AdminSubscription => ({
  id,
  subscription_id: `I-SUB${id}`,
  platform: 'paypal',
  store: null,
  status: 'ACTIVE',
  paypal_subscription_status: 'ACTIVE',
  mobile_subscription_status: null,
  active: true,
  plan: {
    code: 'member',
    name: 'PA$$ Sync Member Plan',
    price_tier: 'regular',
    monthly_price_cents: 2000,
    plan_id: 'P-REG',
  },
  user: { id: 100 + id, username: `member${id}`, email: `member${id}@example.com` },
  created_at: '2026-11-20T12:00:00.000Z',
  next_billing_at: '2026-12-20T12:00:00.000Z',
  cancelled_at: null,
  ...overrides,
});

const stats: AdminBillingStatsResponse = {
  data: {
    members: 42,
    active_subscriptions: 7,
    by_plan: [],
    trials: 2,
    mrr_cents: 9500,
    revenue_30d_cents: 12345,
    currency: 'USD',
    churn_this_month: { cancelled: 1, active_at_month_start: 8, rate: 0.125 },
    refused_events: [
      {
        provider: 'paypal',
        event_id: 'WH-REFUSED',
        event_type: 'PAYMENT.SALE.COMPLETED',
        subscription_id: 'I-SALE',
        received_at: '2026-11-23T12:00:00.000Z',
        reason: 'refused: currency "EUR" is not USD, the plans\' currency',
      },
    ],
    generated_at: '2026-11-24T12:00:00.000Z',
  },
};

const plan = (id: number, overrides: Partial<AdminPlanOverview['plan']> = {}): AdminPlanOverview => ({
  plan: {
    id,
    code: 'member',
    price_tier: 'regular',
    name: 'PA$$ Sync Member Plan',
    monthly_price_cents: 2000,
    paypal_product_id: 'PROD-1',
    paypal_plan_id: 'P-REG',
    mobile_plan_id: null,
    ...overrides,
  },
  total: 3,
  active: 2,
  by_status: [
    { status: 'ACTIVE', count: 2 },
    { status: 'CANCELLED', count: 1 },
  ],
  latest: [],
});

const series: AdminSubscriptionsSeriesResponse = {
  interval: 'day',
  currency: 'USD',
  data: [
    { period: '2026-11-23', new_subscriptions: 2, cancelled: 0, revenue_cents: 2000 },
    { period: '2026-11-24', new_subscriptions: 1, cancelled: 1, revenue_cents: 1500 },
  ],
};

interface Answers {
  recent?: Record<string, AdminRecentSubscriptionsResponse>;
  provision?: () => Response;
  sync?: () => Response;
}

function server({ recent, provision, sync }: Answers = {}) {
  answer('get', '/billing/admin/stats', stats);
  answer('get', '/billing/admin/betsync-stats', {
    data: {
      linked_accounts: 5,
      by_book: [
        { book: 'draftkings', title: 'DraftKings', accounts: 3 },
        { book: 'fanduel', title: 'FanDuel', accounts: 2 },
      ],
      with_access: 4,
      without_access: 1,
      in_grace: 2,
      members_with_accounts: 3,
      synced_bets: 120,
    },
  });
  answer('get', '/billing/admin/subscriptions/series', ({ request }) =>
    HttpResponse.json({ ...series, interval: new URL(request.url).searchParams.get('interval') }),
  );
  answer('get', '/billing/admin/subscriptions/recent', ({ request }) =>
    HttpResponse.json(
      (recent ?? { first: { data: [subscription(1)], next_before: null } })[
        new URL(request.url).searchParams.get('before') ?? 'first'
      ],
    ),
  );
  answer('get', '/billing/admin/subscriptions/overview', {
    data: [
      plan(1),
      plan(2, {
        price_tier: 'early',
        monthly_price_cents: 1500,
        paypal_plan_id: null,
        mobile_plan_id: 'pass.early',
      }),
    ],
  });
  if (provision) answer('post', '/billing/admin/paypal-plans/provision', provision);
  if (sync) answer('post', '/billing/admin/paypal-plans/sync-to-db', sync);
}

const callsTo = (path: string) => sentRequests({ path });

describe('AdminBillingSection', () => {
  it('shows the figures, the chart, the plans with links to their subscribers, and the export links', async () => {
    server();
    renderWithProviders(<AdminBillingSection />);
    const figures = await screen.findByRole('list', { name: 'Billing figures' });
    expect(within(figures).getByText('42')).toBeInTheDocument();
    expect(within(figures).getByText('2 in their free trial')).toBeInTheDocument();
    expect(within(figures).getByText('$95.00')).toBeInTheDocument();
    expect(within(figures).getByText('$123.45')).toBeInTheDocument();
    expect(within(figures).getByText('12.5%')).toBeInTheDocument();
    expect(within(figures).getByText('1 ended of 8')).toBeInTheDocument();
    const refused = screen.getByRole('table', { name: 'Refused payment notifications' });
    expect(within(refused).getByText('I-SALE')).toBeInTheDocument();
    expect(within(refused).getByText(/currency "EUR" is not USD/)).toBeInTheDocument();

    const sync = await screen.findByRole('list', { name: 'Bet sync figures' });
    expect(within(sync).getByText('3 members')).toBeInTheDocument();
    expect(within(sync).getByText('2 in their free days')).toBeInTheDocument();
    expect(within(sync).getByText('120')).toBeInTheDocument();
    expect(screen.getByText('By book: DraftKings 3 · FanDuel 2')).toBeInTheDocument();

    expect(
      await screen.findByRole('img', { name: 'New subscriptions and revenue per day: 3 new, $35.00 in all' }),
    ).toBeInTheDocument();

    const plans = await screen.findByRole('table', { name: 'Plans' });
    const rows = within(plans).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'P-REG' })).toHaveAttribute(
      'href',
      '/admin/billing/plans/paypal/P-REG',
    );
    expect(within(rows[0]!).getByText('ACTIVE 2 · CANCELLED 1')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'pass.early' })).toHaveAttribute(
      'href',
      '/admin/billing/plans/mobile/pass.early',
    );
    expect(within(rows[1]!).getByText('$15.00/mo')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/billing/admin/subscriptions/export?format=csv',
    );
    expect(screen.getByRole('link', { name: 'Export JSON' })).toHaveAttribute(
      'href',
      '/billing/admin/subscriptions/export?format=json',
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Last 12 months' }));
    expect(
      await screen.findByRole('img', { name: 'New subscriptions and revenue per month: 3 new, $35.00 in all' }),
    ).toBeInTheDocument();
    expect(
      callsTo('/billing/admin/subscriptions/series').map((request) => request.url.searchParams.get('interval')),
    ).toEqual(['day', 'month']);
  });

  it('pages the recent subscriptions older and back newer', async () => {
    server({
      recent: {
        first: { data: [subscription(9), subscription(8)], next_before: 8 },
        8: { data: [subscription(3, { active: false, status: 'CANCELLED' })], next_before: null },
      },
    });
    renderWithProviders(<AdminBillingSection />);
    const table = await screen.findByRole('table', { name: 'Recent subscriptions' });
    expect(within(table).getByText('member9')).toBeInTheDocument();
    expect(within(table).getByText('member8')).toBeInTheDocument();
    expect(callsTo('/billing/admin/subscriptions/recent')[0]!.url.searchParams.get('limit')).toBe(String(RECENT_PAGE));
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await within(table).findByText('member3')).toBeInTheDocument();
    expect(within(table).getByText('CANCELLED')).toBeInTheDocument();
    expect(within(table).queryByText('member9')).toBeNull();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(callsTo('/billing/admin/subscriptions/recent')[1]!.url.searchParams.get('before')).toBe('8');

    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await within(table).findByText('member9')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('provisions PayPal plans and syncs them, showing what each did, and says why PayPal refused', async () => {
    server({
      provision: () =>
        HttpResponse.json({
          data: {
            product: { id: 'PROD-7', name: 'PA$$ Sync', created: true },
            plans: [
              { code: 'member', price_tier: 'regular', name: 'x', paypal_plan_id: 'P-1', created: true, stored: true },
              { code: 'member', price_tier: 'early', name: 'y', paypal_plan_id: 'P-2', created: false, stored: true },
            ],
          },
        }),
      sync: () => errorResponse(409, 'CONFLICT', 'PayPal is not set up on this server'),
    });
    renderWithProviders(<AdminBillingSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Provision PayPal plans' }));
    expect(
      await screen.findByText('PayPal product PROD-7 created; 1 plan created, 1 found, 2 ids stored.'),
    ).toBeInTheDocument();
    const provisionCall = callsTo('/billing/admin/paypal-plans/provision')[0]!;
    expect(provisionCall.method).toBe('POST');
    // The plans are read again with their new ids.
    expect(callsTo('/billing/admin/subscriptions/overview').length).toBeGreaterThan(1);

    await user.click(screen.getByRole('button', { name: 'Sync PayPal plans to the database' }));
    expect(await screen.findByText('PayPal is not set up on this server')).toBeInTheDocument();
    expect(screen.queryByText(/PROD-7/)).toBeNull();
  });

  it('says what the sync wrote, what is not ours and what is missing', async () => {
    server({
      sync: () =>
        HttpResponse.json({
          data: {
            product_id: 'PROD-7',
            changes: [{ code: 'add_on', price_tier: 'early', field: 'paypal_plan_id', from: null, to: 'P-9' }],
            unmatched: [{ id: 'P-X', name: 'Weekly tips' }],
            missing: [{ code: 'member', price_tier: 'early' }],
          },
        }),
    });
    renderWithProviders(<AdminBillingSection />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sync PayPal plans to the database' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('1 id written: add_on early paypal_plan_id → P-9.');
    expect(status).toHaveTextContent('Not ours: Weekly tips (P-X).');
    expect(status).toHaveTextContent('No PayPal plan for: member early.');
  });
});

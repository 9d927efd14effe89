import type { AdminPlanSubscribersResponse, AdminSubscription } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, errorResponse, sentRequest, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { SUBSCRIBERS_PAGE } from '../api/admin-billing';
import { AdminPlanDetailScreen } from './admin-plan-detail-screen';

afterEach(() => {
  cleanup();
});

const subscriber = (id: number): AdminSubscription => ({
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
    price_tier: 'early',
    monthly_price_cents: 1500,
    plan_id: 'P-EARLY',
  },
  user: { id, username: `member${id}`, email: `member${id}@example.com` },
  created_at: '2026-09-01T12:00:00.000Z',
  next_billing_at: null,
  cancelled_at: null,
});

const page = (number: number, ids: number[], total: number): AdminPlanSubscribersResponse => ({
  plan: {
    id: 2,
    code: 'member',
    price_tier: 'early',
    name: 'PA$$ Sync Member Plan',
    monthly_price_cents: 1500,
    paypal_product_id: 'PROD-1',
    paypal_plan_id: 'P-EARLY',
    mobile_plan_id: null,
  },
  platform: 'paypal',
  data: ids.map(subscriber),
  page: number,
  page_size: SUBSCRIBERS_PAGE,
  total,
});

describe('AdminPlanDetailScreen', () => {
  it("lists the plan's subscribers page by page", async () => {
    answer('get', '/billing/admin/plans/paypal/P-EARLY/subscribers', ({ request }) =>
      HttpResponse.json(
        new URL(request.url).searchParams.get('page') === '2' ? page(2, [1], 21) : page(1, [21, 20], 21),
      ),
    );
    const { container } = renderWithProviders(<AdminPlanDetailScreen platform="paypal" planId="P-EARLY" />);
    expect(container.querySelector('[data-page="admin-plan-detail"]')).not.toBeNull();
    expect(await screen.findByRole('heading', { name: 'PA$$ Sync Member Plan' })).toBeInTheDocument();
    expect(
      screen.getByText(/Early subscriber · \$15\.00 a month · PayPal plan P-EARLY · 21 subscribers/),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Subscribers of PA$$ Sync Member Plan' });
    expect(within(table).getByText('member21')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(sentRequest().url.searchParams.get('pageSize')).toBe(String(SUBSCRIBERS_PAGE));

    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByText('member1')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(sentRequest(1).url.searchParams.get('page')).toBe('2');
  });

  it('says when no plan of ours has the id, and when the platform is not one', async () => {
    answer('get', '/billing/admin/plans/:platform/:planId/subscribers', () => errorResponse(404, 'NOT_FOUND'));
    renderWithProviders(<AdminPlanDetailScreen platform="mobile" planId="nope" />);
    expect(await screen.findByText('No plan of ours has the App store id nope.')).toBeInTheDocument();
    cleanup();

    const asked = sentRequests().length;
    renderWithProviders(<AdminPlanDetailScreen platform="bitcoin" planId="x" />);
    expect(screen.getByText('There are PayPal plans and app-store plans only.')).toBeInTheDocument();
    expect(sentRequests()).toHaveLength(asked);
  });
});

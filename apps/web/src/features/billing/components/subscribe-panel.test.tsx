import type { BillingPlan, CheckSubscriptionsRequiredResponse, ClientConfigResponse } from '@pass/contracts';
import { priceSentence } from '@pass/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSessionUser, storeSessionUser } from '../../../lib/session-user';
import { answer, errorResponse, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import type * as PayPalSdk from '../lib/paypal-sdk';
import type { PayPalButtonsOptions } from '../lib/paypal-sdk';
import { SUBSCRIPTION_ERROR, SUBSCRIPTION_SUCCESS, SubscribePanel } from './subscribe-panel';

const sdk = vi.hoisted(() => ({
  load: vi.fn(),
  buttons: [] as PayPalButtonsOptions[],
}));
vi.mock('../lib/paypal-sdk', async (original) => ({
  ...(await original<typeof PayPalSdk>()),
  loadPayPalSdk: sdk.load,
  documentAllowsPayPal: () => true,
  reportPayPalError: () => undefined,
}));

const BILLING_ID = '5f0c7c1e-3d54-4c36-9b1a-1a2b3c4d5e6f';
const plan = (code: 'member' | 'add_on', paypalPlanId: string | null): BillingPlan => ({
  code,
  name: code === 'member' ? 'PA$$ Sync Member Plan' : 'PA$$ Sync Add-On Account',
  description: 'd',
  price_tier: 'regular',
  monthly_price_cents: 2000,
  currency: 'USD',
  trial_months: 1,
  price_text: 'server text',
  on_sale_from: '2026-10-01T00:00:00.000Z',
  on_sale_until: '2027-01-01T00:00:00.000Z',
  paypal: { plan_id: paypalPlanId },
  mobile: { plan_id: null },
});
const CONFIG: ClientConfigResponse = {
  supportEmail: 'help@example.com',
  appStoreUrl: null,
  playStoreUrl: null,
  poolMaxPerLifeguard: 5,
  googleSignIn: false,
  paypal: { clientId: 'client-1', sdkUrl: 'https://www.paypal.com/sdk/js' },
};

function server(
  missing: CheckSubscriptionsRequiredResponse['data']['missing_subscriptions'],
  subscribe: () => Response = () => HttpResponse.json({ data: {} }),
  accounts: CheckSubscriptionsRequiredResponse['data']['betsync_accounts'] = [],
) {
  answer('all', '/*', () => errorResponse(404, 'NOT_FOUND'));
  answer('get', '/billing/plans', { data: [plan('add_on', 'P-ADDON'), plan('member', 'P-MEMBER')] });
  answer('get', '/billing/check-subscriptions-required', {
    data: {
      subscriptions_required: false,
      betsync_accounts: accounts,
      billing_subscriptions: [],
      missing_subscriptions: missing,
    },
  });
  answer('get', '/billing/user', { data: { billing_id: BILLING_ID } });
  answer('get', '/api/config', CONFIG);
  answer('post', '/billing/paypal/subscribe', subscribe);
}

const MEMBER_MISSING = [
  {
    code: 'member' as const,
    name: 'PA$$ Sync Member Plan',
    paypal: { plan_id: 'P-MEMBER' },
    mobile: { plan_id: null },
  },
];

beforeEach(() => {
  sdk.buttons.length = 0;
  sdk.load.mockReset();
  sdk.load.mockResolvedValue({
    Buttons: (options: PayPalButtonsOptions) => {
      sdk.buttons.push(options);
      return { render: async () => undefined };
    },
  });
  storeSessionUser({ id: 7, username: 'sam', name: null, isAdmin: false });
});
afterEach(() => {
  cleanup();
  clearSessionUser();
});

/** Chooses the membership and waits for PayPal's button to be made. */
async function chooseMembership() {
  await userEvent.click(await screen.findByRole('button', { name: 'Choose PA$$ Sync Member Plan' }));
  await waitFor(() => expect(sdk.buttons).toHaveLength(1));
  return sdk.buttons[0]!;
}

describe('the subscribe panel', () => {
  it('shows each plan with the domain’s price and a Choose button only for a missing plan PayPal sells', async () => {
    server(MEMBER_MISSING);
    renderWithProviders(<SubscribePanel />);
    expect(await screen.findByRole('region', { name: 'PA$$ Sync Member Plan' })).toHaveTextContent(
      priceSentence('member', 'regular'),
    );
    expect(screen.getByRole('region', { name: 'PA$$ Sync Add-On Account' })).toHaveTextContent(
      'Free for 1 month, then $5 a month',
    );
    expect(screen.getAllByRole('button', { name: /^Choose/ })).toHaveLength(1);
  });

  it('selects what the linked sportsbooks need, the membership first, with PayPal’s button ready', async () => {
    const addOn = { code: 'add_on' as const, name: 'PA$$ Sync Add-On Account', paypal: { plan_id: 'P-ADDON' } };
    const linked = (id: number, covered: boolean) => ({
      betsync_account_id: `00000000-0000-4000-8000-00000000000${id}`,
      betsync_book_name: `Book ${id}`,
      betsync_account_access: true,
      created_at: '2026-11-20T12:00:00.000Z',
      grace_days_remaining: 3,
      covered,
    });
    server([...MEMBER_MISSING, { ...addOn, mobile: { plan_id: null } }], undefined, [
      linked(1, false),
      linked(2, false),
      linked(3, false),
    ]);
    renderWithProviders(<SubscribePanel onSubscribed={vi.fn()} />);
    expect(
      await screen.findByText(
        /Your linked sportsbooks need the PA\$\$ Sync Member Plan and a PA\$\$ Sync Add-On Account\. Subscribe to one, then the next\./,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(sdk.buttons).toHaveLength(1));
    const create = vi.fn(async () => 'I-NEW2');
    await sdk.buttons[0]!.createSubscription({}, { subscription: { create } });
    expect(create).toHaveBeenCalledWith({ plan_id: 'P-MEMBER', custom_id: BILLING_ID });
    // The add-on waits for its turn; "Choose later" clears the selection.
    expect(screen.getByRole('button', { name: 'Choose PA$$ Sync Add-On Account' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose later' }));
    expect(await screen.findByRole('button', { name: 'Choose PA$$ Sync Member Plan' })).toBeInTheDocument();
  });

  it('selects nothing for a member whose linked sportsbooks are all covered', async () => {
    server(MEMBER_MISSING, undefined, [
      {
        betsync_account_id: '00000000-0000-4000-8000-000000000001',
        betsync_book_name: 'DraftKings',
        betsync_account_access: true,
        created_at: '2026-11-20T12:00:00.000Z',
        grace_days_remaining: 0,
        covered: true,
      },
    ]);
    renderWithProviders(<SubscribePanel />);
    expect(await screen.findByRole('button', { name: 'Choose PA$$ Sync Member Plan' })).toBeInTheDocument();
    expect(screen.queryByText(/Your linked sportsbooks need/)).toBeNull();
    expect(sdk.buttons).toHaveLength(0);
  });

  it('offers no Choose button when nothing is missing', async () => {
    server([]);
    renderWithProviders(<SubscribePanel />);
    await screen.findByRole('region', { name: 'PA$$ Sync Member Plan' });
    expect(screen.queryByRole('button', { name: /^Choose/ })).toBeNull();
  });

  it('creates the subscription with the plan and billing id, confirms it, and shows the success alert', async () => {
    server(MEMBER_MISSING);
    const onSubscribed = vi.fn();
    renderWithProviders(<SubscribePanel onSubscribed={onSubscribed} />);
    const buttons = await chooseMembership();
    expect(sdk.load).toHaveBeenCalledWith('https://www.paypal.com/sdk/js', 'client-1');
    const create = vi.fn(async () => 'I-NEW1');
    await expect(buttons.createSubscription({}, { subscription: { create } })).resolves.toBe('I-NEW1');
    expect(create).toHaveBeenCalledWith({ plan_id: 'P-MEMBER', custom_id: BILLING_ID });
    await buttons.onApprove({ subscriptionID: 'I-NEW1' });
    const [posted] = sentRequests({ path: '/billing/paypal/subscribe' });
    expect(await posted!.json()).toEqual({ billing_id: BILLING_ID, subscription_id: 'I-NEW1' });
    expect(await screen.findByText(SUBSCRIPTION_SUCCESS)).toBeInTheDocument();
    expect(onSubscribed).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onSubscribed).toHaveBeenCalledOnce();
  });

  it('asks to contact support with the subscription id when the server cannot confirm it', async () => {
    server(MEMBER_MISSING, () => errorResponse(503, 'UNAVAILABLE'));
    renderWithProviders(<SubscribePanel onSubscribed={vi.fn()} />);
    const buttons = await chooseMembership();
    await buttons.onApprove({ subscriptionID: 'I-LATE1' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/contact support at help@example.com/);
    expect(alert).toHaveTextContent('I-LATE1');
    expect(screen.queryByText(SUBSCRIPTION_SUCCESS)).toBeNull();
  });

  it('shows the provider error alert, and clears the choice silently on cancel', async () => {
    server(MEMBER_MISSING);
    renderWithProviders(<SubscribePanel onSubscribed={vi.fn()} />);
    let buttons = await chooseMembership();
    buttons.onCancel!({});
    expect(await screen.findByRole('button', { name: 'Choose PA$$ Sync Member Plan' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Choose PA$$ Sync Member Plan' }));
    await waitFor(() => expect(sdk.buttons).toHaveLength(2));
    buttons = sdk.buttons[1]!;
    buttons.onError!(new Error('popup closed badly'));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBSCRIPTION_ERROR);
  });

  it('says so when PayPal’s script cannot be loaded', async () => {
    sdk.load.mockRejectedValue(new Error('The PayPal script could not be loaded from https://www.paypal.com.'));
    server(MEMBER_MISSING);
    renderWithProviders(<SubscribePanel onSubscribed={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Choose PA$$ Sync Member Plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/PayPal could not be loaded/);
  });

  it('asks a visitor to log in, with the plans still shown', async () => {
    clearSessionUser();
    server(MEMBER_MISSING);
    renderWithProviders(<SubscribePanel />);
    expect(await screen.findByRole('region', { name: 'PA$$ Sync Member Plan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Choose/ })).toBeNull();
  });
});

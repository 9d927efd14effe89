import type { PlayLimitsStatus } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { playLimitsStatus } from '../testing-data';
import { PlayLimitsCard } from './play-limits-card';

beforeAll(() => {
  registerRoutes(['user-profile']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const serve = (status: PlayLimitsStatus) => answer('get', '/api/user/play-limits', { data: status });

describe('PlayLimitsCard', () => {
  it("shows this month's real money against the budget with a progress bar, and no notice below it", async () => {
    serve(playLimitsStatus());
    renderWithProviders(<PlayLimitsCard />);
    expect(await screen.findByText('This month: $45.00 of your $200.00 budget')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Real money staked this month, against your budget' });
    expect(bar).toHaveAttribute('aria-valuenow', '22.5');
    expect(bar).toHaveAttribute('aria-valuetext', '$45.00 of $200.00');
    expect(screen.getByText(/Real money staked in November \(US Eastern time\)/)).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a calm notice once the budget is reached: their own limit, nothing blocked, help and a way to change it', async () => {
    stubViewportWidth(390);
    serve(
      playLimitsStatus({ month_staked_cents: 25_000, notices: { budget_reached: true, loss_streak_reached: false } }),
    );
    renderWithProviders(<PlayLimitsCard />);
    const notice = await screen.findByRole('status');
    // An information alert, never an error.
    expect(notice).toHaveClass('MuiAlert-colorInfo');
    expect(notice).toHaveTextContent('You have staked $250.00 of real money this month');
    expect(notice).toHaveTextContent('$200.00 monthly budget you set for yourself');
    expect(notice).toHaveTextContent('This is your own limit and only a reminder: nothing is blocked');
    expect(within(notice).getByRole('link', { name: '1-800-GAMBLER' })).toHaveAttribute('href', 'tel:+18004262537');
    expect(within(notice).getByRole('link', { name: 'text it' })).toHaveAttribute('href', 'sms:+18004262537');
    expect(within(notice).getByRole('link', { name: 'ncpgambling.org' })).toHaveAttribute(
      'href',
      'https://www.ncpgambling.org/',
    );
    expect(within(notice).getByRole('link', { name: 'Change your limits on your profile' })).toHaveAttribute(
      'href',
      '/user/profile',
    );
    // The bar stops at full however far past the budget.
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('tells of a loss streak reached even without a budget', async () => {
    serve(
      playLimitsStatus({
        limits: { monthly_budget_cents: null, loss_streak_alert: 4, updated_at: '2026-11-02T15:00:00.000Z' },
        loss_streak: 5,
        notices: { budget_reached: false, loss_streak_reached: true },
      }),
    );
    renderWithProviders(<PlayLimitsCard />);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      'Your last 5 graded real-money bets were losses, reaching the alert you set for 4',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows nothing to a member without limits', async () => {
    serve(playLimitsStatus({ limits: { monthly_budget_cents: null, loss_streak_alert: null, updated_at: null } }));
    const { container, queryClient } = renderWithProviders(<PlayLimitsCard />);
    await vi.waitFor(() => expect(queryClient.getQueryState(['ledger', 'play-limits'])?.status).toBe('success'));
    expect(container).toBeEmptyDOMElement();
  });
});

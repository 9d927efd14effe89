import type { PlayLimitsStatus } from '@pass/contracts';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { playLimitsStatus } from '../testing-data';
import { limitsFromValues, PlayLimitsSection } from './play-limits-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The API: the status as stored, a PUT answered as the server would, or with `refusal`. */
function server(initial: PlayLimitsStatus, refusal?: Response) {
  let status = initial;
  answer('get', '/api/user/play-limits', () => HttpResponse.json({ data: status }));
  answer('put', '/api/user/play-limits', async ({ request }) => {
    if (refusal) return refusal;
    const body = (await request.json()) as PlayLimitsStatus['limits'];
    status = { ...status, limits: { ...body, updated_at: '2026-11-25T12:00:00.000Z' } };
    return HttpResponse.json({ data: status });
  });
}

const puts = () => Promise.all(sentRequests({ method: 'put' }).map((request) => request.json()));

const none = { monthly_budget_cents: null, loss_streak_alert: null, updated_at: null };

describe('PlayLimitsSection', () => {
  it('sets both limits from labelled fields on a phone, in cents, and says so', async () => {
    stubViewportWidth(390);
    const user = userEvent.setup();
    server(playLimitsStatus({ limits: none }));
    renderWithProviders(<PlayLimitsSection />);
    const budget = await screen.findByRole('textbox', { name: 'Monthly budget' });
    const streak = screen.getByRole('textbox', { name: 'Loss streak alert' });
    expect(budget).toHaveValue('');
    expect(screen.getByText(/This month so far: \$45\.00 staked, and 1 loss in a row/)).toBeInTheDocument();
    await user.type(budget, '250.50');
    await user.type(streak, '4');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your limits have been saved.');
    expect(await puts()).toEqual([{ monthly_budget_cents: 25_050, loss_streak_alert: 4 }]);
    expect(budget).toHaveValue('250.50');
    expect(screen.getByRole('link', { name: '1-800-GAMBLER' })).toBeInTheDocument();
  });

  it('shows the limits kept, and removes both at once', async () => {
    const user = userEvent.setup();
    server(playLimitsStatus());
    renderWithProviders(<PlayLimitsSection />);
    expect(await screen.findByRole('textbox', { name: 'Monthly budget' })).toHaveValue('200.00');
    expect(screen.getByRole('textbox', { name: 'Loss streak alert' })).toHaveValue('4');
    await user.click(screen.getByRole('button', { name: 'Remove both limits' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your limits have been removed.');
    expect(await puts()).toEqual([{ monthly_budget_cents: null, loss_streak_alert: null }]);
    expect(screen.getByRole('textbox', { name: 'Monthly budget' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Remove both limits' })).toBeNull();
  });

  it('clears one limit by leaving its field empty', async () => {
    const user = userEvent.setup();
    server(playLimitsStatus());
    renderWithProviders(<PlayLimitsSection />);
    await user.clear(await screen.findByRole('textbox', { name: 'Loss streak alert' }));
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await screen.findByRole('status');
    expect(await puts()).toEqual([{ monthly_budget_cents: 20_000, loss_streak_alert: null }]);
  });

  it('explains a value it cannot send under its field, and sends nothing', async () => {
    const user = userEvent.setup();
    server(playLimitsStatus({ limits: none }));
    renderWithProviders(<PlayLimitsSection />);
    await user.type(await screen.findByRole('textbox', { name: 'Monthly budget' }), '0.50');
    await user.type(screen.getByRole('textbox', { name: 'Loss streak alert' }), '25');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(screen.getByRole('textbox', { name: 'Monthly budget' })).toHaveAccessibleDescription(
      'The budget must be at least $1.00',
    );
    expect(screen.getByRole('textbox', { name: 'Loss streak alert' })).toHaveAccessibleDescription(
      'Enter a whole number from 2 to 20',
    );
    expect(await puts()).toEqual([]);
  });

  it("shows the server's refusal under the field it names", async () => {
    const user = userEvent.setup();
    server(
      playLimitsStatus({ limits: none }),
      HttpResponse.json(
        {
          error: {
            code: 'BAD_REQUEST',
            message: 'Invalid request',
            fields: [{ field: 'body.loss_streak_alert', message: 'must be at most 20' }],
          },
        },
        { status: 400 },
      ),
    );
    renderWithProviders(<PlayLimitsSection />);
    await user.type(await screen.findByRole('textbox', { name: 'Loss streak alert' }), '3');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('The loss streak alert must be at most 20')).toBeInTheDocument();
  });
});

describe('limitsFromValues', () => {
  it('reads dollars with a sign or commas as cents, and empty as no limit', () => {
    expect(limitsFromValues({ budget: '$1,200', streak: '' }).body).toEqual({
      monthly_budget_cents: 120_000,
      loss_streak_alert: null,
    });
    expect(limitsFromValues({ budget: ' ', streak: '20' }).body).toEqual({
      monthly_budget_cents: null,
      loss_streak_alert: 20,
    });
    expect(limitsFromValues({ budget: '12.345', streak: '2.5' }).problems).toEqual({
      monthly_budget_cents: 'Enter an amount in dollars, such as 200',
      loss_streak_alert: 'Enter a whole number from 2 to 20',
    });
  });
});

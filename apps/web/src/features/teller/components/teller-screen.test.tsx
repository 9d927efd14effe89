import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { betEntry, bookEvent } from '../../../testing/ledger-fixtures';
import { TellerScreen } from './teller-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const teller = {
  data: {
    start_cents: 100000,
    balance_cents: 100000,
    open_stakes_cents: 0,
    available_cents: 100000,
    open: [],
    history: [],
  },
};

describe('TellerScreen', () => {
  it('shows the balance and places a moneyline bet at the latest price with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    answer('get', '/api/teller', teller);
    answer('get', '/api/book/events/americanfootball_nfl', {
      sport: 'americanfootball_nfl',
      season: 2025,
      week: null,
      book: null,
      events: [bookEvent],
    });
    answer(
      'post',
      '/api/teller/bets',
      { data: betEntry({ bet_kind: 1, bet_type: 5, bet_team: 'BUF', price: 140 }) },
      { status: 201 },
    );
    renderWithProviders(<TellerScreen />);
    expect(await screen.findAllByText('$1,000.00', {}, { timeout: 5000 })).not.toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Game' })).not.toHaveAttribute('aria-disabled'), {
      timeout: 5000,
    });
    await user.click(screen.getByRole('combobox', { name: 'Game' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: /BUF @ KC/ }));
    await user.click(screen.getByRole('combobox', { name: 'Team' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'BUF' }));
    expect(screen.getByText('+140 at betus')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Stake ($)'), '25');
    await user.click(screen.getByRole('button', { name: 'Place bet' }));
    expect(await screen.findByText('Placed $25.00 on BUF at +140.', {}, { timeout: 5000 })).toBeInTheDocument();
    const [post] = sentRequests({ method: 'post' });
    expect(post!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await post!.json()).toEqual({
      event_id: 101,
      bet_team: 'BUF',
      price: 140,
      stake: 25,
      book: 'betus',
    });
  });
  it('lists the open bets as cards on a phone, with the team, price and stake of each', async () => {
    stubViewportWidth(390);
    const open = betEntry({ id: 7, bet_kind: 1, bet_type: 5, bet_team: 'BUF', price: 140, stake_cents: 2500 });
    answer('get', '/api/teller', {
      data: { ...teller.data, open_stakes_cents: 2500, available_cents: 97500, open: [open] },
    });
    answer('get', '/api/book/events/americanfootball_nfl', {
      sport: 'americanfootball_nfl',
      season: 2025,
      week: null,
      book: null,
      events: [],
    });
    renderWithProviders(<TellerScreen />);
    const list = await screen.findByRole('list', { name: 'Open teller bets' }, { timeout: 5000 });
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    expect(card).toHaveTextContent(/^BUF @ KC/);
    const figures = Object.fromEntries(
      [...card!.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({ Team: 'BUF', Price: '+140', Stake: '$25.00' });
  });
});

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, fetchHeaders, jsonResponse, stubFetch } from '../../../testing/fetch';
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
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === '/api/teller') return jsonResponse(teller);
      if (url.pathname === '/api/book/events/americanfootball_nfl')
        return jsonResponse({
          sport: 'americanfootball_nfl',
          season: 2025,
          week: null,
          book: null,
          events: [bookEvent],
        });
      if (url.pathname === '/api/teller/bets' && init.method === 'POST')
        return jsonResponse(
          { data: betEntry({ bet_kind: 1, bet_type: 5, bet_team: 'BUF', price: 140 }) },
          { status: 201 },
        );
      throw new Error(`unexpected request to ${url.pathname}`);
    });
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
    const index = fetchMock.mock.calls.findIndex((_call, at) => fetchCall(fetchMock, at).init.method === 'POST');
    expect(fetchHeaders(fetchMock, index)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(fetchCall(fetchMock, index).init.body as string)).toEqual({
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
    stubFetch((url) => {
      if (url.pathname === '/api/teller')
        return jsonResponse({
          data: { ...teller.data, open_stakes_cents: 2500, available_cents: 97500, open: [open] },
        });
      if (url.pathname === '/api/book/events/americanfootball_nfl')
        return jsonResponse({ sport: 'americanfootball_nfl', season: 2025, week: null, book: null, events: [] });
      throw new Error(`unexpected request to ${url.pathname}`);
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

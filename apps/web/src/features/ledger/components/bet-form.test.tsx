import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, fetchHeaders, jsonResponse, stubFetch, type FetchMock } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/render';
import { betEntry, bookEvent } from '../testing-data';
import { BetForm } from './bet-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = (url: URL, init: RequestInit) => Response;

function server(postAnswers: Answer[]): FetchMock {
  let posts = 0;
  return stubFetch((url, init) => {
    if (url.pathname === '/api/book/events/americanfootball_nfl')
      return jsonResponse({ sport: 'americanfootball_nfl', season: 2025, week: null, book: null, events: [bookEvent] });
    if (url.pathname === '/api/user/bets' && init.method === 'POST') {
      const answer = postAnswers[posts++];
      if (!answer) throw new Error('unexpected POST');
      return answer(url, init);
    }
    throw new Error(`unexpected request to ${init.method ?? 'GET'} ${url.pathname}`);
  });
}

const posts = (mock: FetchMock) =>
  mock.mock.calls.map((_call, index) => index).filter((index) => fetchCall(mock, index).init.method === 'POST');

async function choose(label: string, option: string | RegExp) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

async function fillBet() {
  const user = userEvent.setup();
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Game' })).not.toHaveAttribute('aria-disabled'), {
    timeout: 5000,
  });
  await choose('Game', /BUF @ KC/);
  await choose('Mode', 'Bet on');
  await user.type(screen.getByLabelText('Stake ($)'), '110');
}

describe('BetForm', () => {
  it("prefills line and price from the chosen book's latest quote", async () => {
    server([]);
    renderWithProviders(<BetForm />);
    await fillBet();
    // Spread on KC (the home side by default): the newest betus quote is −3 at −115.
    expect(screen.getByLabelText('Line')).toHaveValue('-3');
    expect(screen.getByLabelText('Price')).toHaveValue('-115');
    await choose('Side', 'BUF');
    expect(screen.getByLabelText('Line')).toHaveValue('3');
    expect(screen.getByLabelText('Price')).toHaveValue('-105');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Underdog');
    await choose('Kind', 'Moneyline');
    await choose('Side', 'BUF');
    expect(screen.getByLabelText('Price')).toHaveValue('140');
  });

  it('posts with an Idempotency-Key, keeps it across a retry of the same submission, and a new one after', async () => {
    const user = userEvent.setup();
    const fetchMock = server([
      () => jsonResponse({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, { status: 500 }),
      () => jsonResponse({ data: betEntry() }, { status: 201 }),
      () => jsonResponse({ data: betEntry({ id: 2 }) }, { status: 201 }),
    ]);
    renderWithProviders(<BetForm />);
    await fillBet();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Something went wrong', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText(/Recorded: Bet on BUF @ KC/, {}, { timeout: 5000 })).toBeInTheDocument();

    const [first, second] = posts(fetchMock);
    const firstKey = fetchHeaders(fetchMock, first)['idempotency-key'];
    expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(fetchHeaders(fetchMock, second)['idempotency-key']).toBe(firstKey);
    expect(JSON.parse(fetchCall(fetchMock, first!).init.body as string)).toEqual({
      event_id: 101,
      bet_mode: 3,
      bet_kind: 3,
      bet_type: 4,
      bet_team: 'KC',
      line: -3,
      price: -115,
      stake: 110,
      book: 'betus',
      is_simulated: true,
    });

    await user.type(screen.getByLabelText('Stake ($)'), '110');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(3));
    expect(fetchHeaders(fetchMock, posts(fetchMock)[2])['idempotency-key']).not.toBe(firstKey);
  });

  it('posts a pick without price or stake, always simulated, with its play', async () => {
    const user = userEvent.setup();
    const fetchMock = server([() => jsonResponse({ data: betEntry({ bet_mode: 1 }) }, { status: 201 })]);
    renderWithProviders(<BetForm />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Game' })).not.toHaveAttribute('aria-disabled'), {
      timeout: 5000,
    });
    await choose('Game', /BUF @ KC/);
    expect(screen.queryByLabelText('Price')).toBeNull();
    expect(screen.queryByLabelText('Stake ($)')).toBeNull();
    await choose('Play', 'Double play (±10)');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await screen.findByText(/Recorded: Pick on/, {}, { timeout: 5000 });
    const [post] = posts(fetchMock);
    expect(JSON.parse(fetchCall(fetchMock, post!).init.body as string)).toEqual({
      event_id: 101,
      bet_mode: 1,
      bet_kind: 3,
      bet_type: 4,
      bet_team: 'KC',
      line: -3,
      price: null,
      stake: null,
      book: 'betus',
      is_simulated: true,
      multiplier: 2,
    });
  });

  it('shows the field errors of a 400 body under their fields', async () => {
    const user = userEvent.setup();
    server([
      () =>
        jsonResponse(
          {
            error: {
              code: 'BAD_REQUEST',
              message: 'The request is not valid',
              fields: [
                { field: 'body.stake', message: 'must have at most two decimals (cents)' },
                { field: 'body.price', message: 'must not lie strictly between -100 and 100' },
              ],
            },
          },
          { status: 400 },
        ),
    ]);
    renderWithProviders(<BetForm />);
    await fillBet();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(
      await screen.findByText('must have at most two decimals (cents)', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Stake ($)')).toHaveAccessibleDescription('must have at most two decimals (cents)');
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('must not lie strictly between -100 and 100');
  });
});

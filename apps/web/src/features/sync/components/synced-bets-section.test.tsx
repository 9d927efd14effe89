import type { SyncAccount, SyncBet } from '@pass/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { SyncedBetsSection } from './synced-bets-section';

afterEach(() => {
  cleanup();
});

const account = (book: string, name: string, id: string): SyncAccount => ({
  betsync_account_id: id,
  book,
  betsync_book_name: name,
  betsync_account_access: true,
  created_at: '2026-11-22T12:00:00.000Z',
  grace_days_remaining: 3,
  covered: false,
  last_sync_at: null,
  last_sync_summary: null,
});
const FANDUEL_ID = '00000000-0000-4000-8000-000000000001';
const DRAFTKINGS_ID = '00000000-0000-4000-8000-000000000002';

const bet = (id: number, overrides: Partial<SyncBet> = {}): SyncBet => ({
  id,
  account_id: FANDUEL_ID,
  book: 'fanduel',
  book_bet_id: `FD-${id}`,
  kind: 'single',
  placed_at: '2026-11-15T18:30:00.000Z',
  status: 'matched',
  reject_reason: null,
  stake_cents: 1100,
  payout_cents: 2100,
  bonus: false,
  book_price: -110,
  leg_count: 1,
  user_bet_id: 40 + id,
  parlay_id: null,
  book_result: 'won',
  outcome: 'win',
  disagrees: false,
  slip: {
    book_bet_id: `FD-${id}`,
    placed_at: '2026-11-15T18:30:00.000Z',
    kind: 'single',
    stake_cents: 1100,
    result: 'won',
    bonus: false,
    legs: [
      {
        event: 'Buffalo Bills @ Kansas City Chiefs',
        market: 'spread',
        selection: 'Kansas City Chiefs',
        line: -2.5,
        price: -110,
        result: 'won',
      },
    ],
  },
  dismissed_at: null,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  ...overrides,
});

function server(initial: SyncBet[]) {
  let bets = [...initial];
  const sent: string[] = [];
  const queries: string[] = [];
  answer('get', '/api/sync/accounts', {
    data: [account('fanduel', 'FanDuel', FANDUEL_ID), account('draftkings', 'DraftKings', DRAFTKINGS_ID)],
  });
  answer('get', '/api/sync/bets', ({ request }) => {
    const url = new URL(request.url);
    queries.push(url.search);
    const status = url.searchParams.get('status');
    const accountId = url.searchParams.get('account_id');
    const data = bets.filter(
      (item) => (!status || item.status === status) && (!accountId || item.account_id === accountId),
    );
    return HttpResponse.json({ data, total: data.length, limit: 200, offset: 0 });
  });
  answer('post', '/api/sync/bets/:id/dismiss', ({ request, params }) => {
    sent.push(new URL(request.url).pathname);
    const id = Number(params.id);
    bets = bets.map((item) =>
      item.id === id ? { ...item, status: 'dismissed' as const, dismissed_at: '2026-11-24T12:00:00.000Z' } : item,
    );
    return HttpResponse.json({ data: bets.find((item) => item.id === id) });
  });
  return { sent, queries };
}

describe('SyncedBetsSection', () => {
  it('lists synced bets with their book, legs and stake, flagging a result the book and PA$$ disagree on', async () => {
    server([
      bet(1),
      bet(2, {
        book: 'draftkings',
        account_id: DRAFTKINGS_ID,
        book_result: 'won',
        outcome: 'loss',
        disagrees: true,
      }),
    ]);
    renderWithProviders(<SyncedBetsSection />);
    const list = await screen.findByRole('list', { name: 'Synced bets' });
    const cards = within(list).getAllByRole('listitem', { name: /placed/ });
    expect(cards).toHaveLength(2);
    const agreed = cards[0]!;
    expect(within(agreed).getByText('FanDuel')).toBeInTheDocument();
    expect(within(agreed).getByText('Single · placed Nov 15, 2026, 1:30 PM EST')).toBeInTheDocument();
    expect(
      within(agreed).getByText('Buffalo Bills @ Kansas City Chiefs: Kansas City Chiefs -2.5 -110'),
    ).toBeInTheDocument();
    expect(within(agreed).getByText(/Stake \$11\.00/)).toBeInTheDocument();
    expect(within(agreed).getByText('FanDuel says Won; PA$$ says Won')).toBeInTheDocument();
    expect(within(agreed).queryByText('Results disagree')).not.toBeInTheDocument();

    const disputed = cards[1]!;
    expect(within(disputed).getByText('DraftKings')).toBeInTheDocument();
    expect(within(disputed).getByText('Results disagree')).toBeInTheDocument();
    expect(within(disputed).getByText(/DraftKings says Won; PA\$\$ says Lost/)).toBeInTheDocument();
  });

  it('filters by book and status through the server', async () => {
    const user = userEvent.setup();
    const { queries } = server([bet(1), bet(2, { account_id: DRAFTKINGS_ID, book: 'draftkings' })]);
    renderWithProviders(<SyncedBetsSection />);
    await screen.findByText('2 synced bets');
    await user.click(screen.getByRole('combobox', { name: 'Synced from' }));
    await user.click(await screen.findByRole('option', { name: 'DraftKings' }));
    expect(await screen.findByText('1 synced bet')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Sync status' }));
    await user.click(await screen.findByRole('option', { name: 'To check' }));
    expect(await screen.findByText('No synced bets for these filters.')).toBeInTheDocument();
    expect(queries.at(-1)).toContain(`account_id=${DRAFTKINGS_ID}`);
    expect(queries.at(-1)).toContain('status=rejected');
  });

  it('shows why a teaser was not matched, records it by hand, and sets it aside only when confirmed', async () => {
    const user = userEvent.setup();
    const base = bet(3);
    const rejected = bet(3, {
      kind: 'teaser',
      leg_count: 2,
      status: 'rejected',
      reject_reason: 'no game between these teams near the book’s start',
      user_bet_id: null,
      outcome: null,
      slip: {
        ...base.slip,
        kind: 'teaser',
        teaser_points: 6,
        legs: [base.slip.legs[0]!, { ...base.slip.legs[0]!, event: 'Chicago Bears @ Green Bay Packers' }],
      },
    });
    const { sent } = server([rejected]);
    const onRecordByHand = vi.fn();
    renderWithProviders(<SyncedBetsSection onRecordByHand={onRecordByHand} />);
    const card = await screen.findByRole('listitem', { name: /^FanDuel 2-leg teaser placed/ });
    expect(within(card).getByText('To check')).toBeInTheDocument();
    // The ledger holds a teaser on one game only: there are no games to choose, it is recorded by hand.
    expect(within(card).queryByRole('button', { name: /^Choose the game/ })).not.toBeInTheDocument();
    expect(
      within(card).getByText('Not matched: no game between these teams near the book’s start'),
    ).toBeInTheDocument();
    expect(within(card).getByText('FanDuel says Won; PA$$ says not in your ledger')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Record by hand' }));
    expect(onRecordByHand).toHaveBeenCalledWith(rejected);

    await user.click(within(card).getByRole('button', { name: 'Set aside' }));
    await user.click(await screen.findByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Set aside' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set this bet aside?' });
    await user.click(within(dialog).getByRole('button', { name: 'Set aside' }));
    expect(await screen.findByText('Set aside')).toBeInTheDocument();
    expect(sent).toEqual(['/api/sync/bets/3/dismiss']);
    expect(screen.queryByRole('button', { name: 'Record by hand' })).not.toBeInTheDocument();
  });

  it('stays hidden for a member who never linked a book', async () => {
    answer('all', '/*', { data: [], total: 0, limit: 200, offset: 0 });
    answer('get', '/api/sync/accounts', { data: [] });
    const { container } = renderWithProviders(<SyncedBetsSection />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});

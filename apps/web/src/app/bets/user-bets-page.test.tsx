import type { SyncAccount, SyncBet } from '@pass/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, errorResponse } from '../../testing/api-server';
import { renderWithProviders } from '../../testing/render';
import UserBetsPage from './user-bets-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';

const fanduel: SyncAccount = {
  betsync_account_id: ACCOUNT_ID,
  book: 'fanduel',
  betsync_book_name: 'FanDuel',
  betsync_account_access: true,
  created_at: '2026-11-22T12:00:00.000Z',
  grace_days_remaining: 3,
  covered: false,
  last_sync_at: null,
  last_sync_summary: null,
};

const rejected: SyncBet = {
  id: 5,
  account_id: ACCOUNT_ID,
  book: 'fanduel',
  book_bet_id: 'FD-5',
  kind: 'single',
  placed_at: '2026-11-15T18:30:00.000Z',
  status: 'rejected',
  reject_reason: '"London Monarchs": not a team of americanfootball_nfl PA$$ knows',
  stake_cents: 500,
  payout_cents: 667,
  bonus: false,
  book_price: -300,
  leg_count: 1,
  user_bet_id: null,
  parlay_id: null,
  book_result: 'won',
  outcome: null,
  disagrees: false,
  slip: {
    book_bet_id: 'FD-5',
    placed_at: '2026-11-15T18:30:00.000Z',
    kind: 'single',
    stake_cents: 500,
    result: 'won',
    bonus: false,
    legs: [
      {
        event: 'London Monarchs @ Kansas City Chiefs',
        market: 'moneyline',
        selection: 'Kansas City Chiefs',
        price: -300,
        result: 'won',
      },
    ],
  },
  dismissed_at: null,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
};

const teaser: SyncBet = {
  ...rejected,
  id: 6,
  book_bet_id: 'FD-6',
  kind: 'teaser',
  leg_count: 2,
  reject_reason: 'a 2-game teaser: the ledger holds a teaser on one game only, so record its legs by hand',
  slip: {
    ...rejected.slip,
    book_bet_id: 'FD-6',
    kind: 'teaser',
    teaser_points: 6,
    legs: [
      {
        event: 'Buffalo Bills @ Kansas City Chiefs',
        market: 'spread',
        selection: 'Kansas City Chiefs',
        line: 3.5,
        price: -120,
        result: 'won',
      },
      {
        event: 'Chicago Bears @ Green Bay Packers',
        market: 'spread',
        selection: 'Green Bay Packers',
        line: 4,
        price: -120,
        result: 'won',
      },
    ],
  },
};

describe('My Bets', () => {
  it('shows the synced bets: a single to match to its game, a teaser to record by hand with what the book said', async () => {
    const user = userEvent.setup();
    // The recording dialog's games and the rest of the screen are not what this test reads.
    answer('all', '/*', () => errorResponse(404, 'NOT_FOUND', 'not here'));
    answer('get', '/api/sync/accounts', { data: [fanduel] });
    answer('get', '/api/sync/bets', { data: [rejected, teaser], total: 2, limit: 200, offset: 0 });
    answer('get', '/api/sync/bets/5/candidates', {
      data: {
        bet: rejected,
        placeable: true,
        reason: null,
        legs: [{ position: 0, matched_event_id: null, reason: rejected.reject_reason, games: [] }],
      },
    });
    answer('get', '/api/user/bets', { data: [], total: 0, limit: 50, offset: 0 });
    answer('get', '/api/user/parlays', { data: [], total: 0, limit: 50, offset: 0 });
    renderWithProviders(<UserBetsPage />);
    const synced = await screen.findByRole('region', { name: 'Synced bets' });
    // The member's own entries open the page; the synced bets follow them.
    const entries = screen.getByRole('region', { name: 'My picks and bets' });
    expect(entries.compareDocumentPosition(synced) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const single = await within(synced).findByRole('listitem', { name: /^FanDuel single placed/ });
    expect(within(single).queryByRole('button', { name: 'Record by hand' })).not.toBeInTheDocument();
    await user.click(within(single).getByRole('button', { name: 'Choose the game' }));
    const choosing = await screen.findByRole('dialog', { name: 'Choose the game' });
    expect(await within(choosing).findByText(/^No stored game is on the day the bet was placed/)).toBeInTheDocument();
    await user.click(within(choosing).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const teaserCard = within(synced).getByRole('listitem', { name: /^FanDuel 2-leg teaser placed/ });
    await user.click(within(teaserCard).getByRole('button', { name: 'Record by hand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record by hand' });
    expect(
      within(dialog).getByText('Buffalo Bills @ Kansas City Chiefs: Kansas City Chiefs +3.5 -120'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Chicago Bears @ Green Bay Packers: Green Bay Packers +4 -120'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Game' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

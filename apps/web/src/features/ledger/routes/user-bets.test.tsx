import type { BetEntry, BookEvent, SeasonWeek } from '@pass/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, sentRequests } from '../../../testing/api-server';
import { betEntry, bookEvent } from '../../../testing/ledger-fixtures';
import { renderWithProviders } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { UserBetsScreen } from './user-bets';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

/** The server's clock: two days before the fixture game's kickoff, so the game is still open to record. */
const SERVER_NOW = '2025-11-21T12:00:00.000Z';

const WEEK_12: SeasonWeek = {
  number: 12,
  label: 'Week 12',
  season_type: 'regular',
  start: '2025-11-20',
  end: '2025-11-24',
  games: 1,
};

const graded = betEntry({
  id: 2,
  status: 8,
  outcome: 'win',
  reward: 10_000,
  event: {
    home_team: 'DAL',
    away_team: 'NYG',
    kickoff: '2025-11-02T18:00:00.000Z',
    game_date: '2025-11-02',
    status: 'final',
    event_scores: { home: 31, away: 24 },
  },
});

/** The member's ledger as the server holds it; a POST adds to it, as the real one does. */
function server(entries: BetEntry[]) {
  answer('get', '/api/health', { status: 'ok', uptimeSeconds: 1, time: SERVER_NOW });
  answer('get', '/api/user/bets', () =>
    HttpResponse.json({ data: entries, total: entries.length, limit: 500, offset: 0 }),
  );
  answer('get', '/api/user/parlays', { data: [], total: 0, limit: 200, offset: 0 });
  const events = (week: SeasonWeek | null, next: number | null, list: BookEvent[]) => ({
    sport: 'americanfootball_nfl',
    season: 2025,
    week,
    next_week: next,
    book: null,
    events: list,
  });
  answer('get', '/api/book/events/americanfootball_nfl', events(WEEK_12, 13, [bookEvent]));
  answer('get', '/api/book/events/americanfootball_nfl/13', events(null, null, []));
  answer('post', '/api/user/bets', () => {
    const recorded = betEntry({ id: 9, bet_mode: 3, bet_team: 'KC' });
    entries.unshift(recorded);
    return HttpResponse.json({ data: recorded }, { status: 201 });
  });
}

/** Is `before` ahead of `after` in the document's order? */
const precedes = (before: Element, after: Element) =>
  Boolean(before.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('My Bets', () => {
  for (const [label, width, listRole] of [
    ['a phone', 390, 'list'],
    ['a desktop', 1280, 'table'],
  ] as const) {
    it(`opens with the member's bets on ${label}; "Record a bet" opens the single bet and parlay forms`, async () => {
      const user = userEvent.setup();
      stubViewportWidth(width);
      server([betEntry(), graded]);
      renderWithProviders(<UserBetsScreen />);

      const list = await screen.findByRole(listRole, { name: 'Picks and bets' }, { timeout: 5000 });
      // Open first, then graded (newest game first).
      const entries = within(list)
        .getAllByRole(listRole === 'list' ? 'listitem' : 'row')
        .slice(listRole === 'list' ? 0 : 1);
      expect(entries.map((entry) => entry.textContent)).toEqual([
        expect.stringMatching(/^BUF @ KC.*Open/),
        expect.stringMatching(/^NYG @ DAL.*Won/),
      ]);
      // No form on the page itself: the one way to record is the button above the list.
      expect(document.querySelector('form')).toBeNull();
      const record = screen.getByRole('button', { name: 'Record a bet' });
      expect(precedes(record, list)).toBe(true);
      expect(precedes(screen.getByRole('heading', { level: 1, name: 'My picks and bets' }), list)).toBe(true);
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Sport' })).toBeInTheDocument();

      await user.click(record);
      const dialog = await screen.findByRole('dialog', { name: 'Record a bet' });
      // The whole screen on a phone, a dialog over the list on a desktop.
      expect(dialog.classList.contains('MuiDialog-paperFullScreen')).toBe(width < 600);
      expect(within(dialog).getByRole('tab', { name: 'Single bet' })).toHaveAttribute('aria-selected', 'true');
      const single = within(dialog).getByRole('form', { name: 'Record a pick or bet' });
      expect(within(single).getByRole('combobox', { name: 'Game' })).toBeInTheDocument();
      expect(within(single).getByRole('button', { name: 'Record' })).toBeInTheDocument();
      // Every form there is comes after the list.
      for (const form of document.querySelectorAll('form')) expect(precedes(list, form)).toBe(true);

      await user.click(within(dialog).getByRole('tab', { name: 'Parlay' }));
      const parlay = within(dialog).getByRole('form', { name: 'Record a parlay' });
      expect(await within(parlay).findByRole('checkbox', { name: /BUF @ KC/ }, { timeout: 5000 })).toBeInTheDocument();
      expect(within(parlay).getByRole('button', { name: 'Save parlay' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('form', { name: 'Record a pick or bet' })).toBeNull();
      expect(precedes(list, parlay)).toBe(true);

      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  }

  it(
    'records a bet from the dialog, then "See My Bets" closes it onto the list holding the new bet',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup();
      stubViewportWidth(390);
      server([graded]);
      renderWithProviders(<UserBetsScreen />);
      const list = await screen.findByRole('list', { name: 'Picks and bets' }, { timeout: 5000 });
      expect(within(list).getAllByRole('listitem')).toHaveLength(1);

      await user.click(screen.getByRole('button', { name: 'Record a bet' }));
      const dialog = await screen.findByRole('dialog', { name: 'Record a bet' });
      const game = within(dialog).getByRole('combobox', { name: 'Game' });
      await waitFor(() => expect(game).not.toHaveAttribute('aria-disabled'), { timeout: 5000 });
      await user.click(game);
      await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: /BUF @ KC/ }));
      await user.click(within(dialog).getByRole('combobox', { name: 'Mode' }));
      await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Bet on' }));
      await user.type(within(dialog).getByLabelText('Stake ($)'), '110');
      await user.click(within(dialog).getByRole('radio', { name: 'Simulated' }));
      expect(within(dialog).queryByRole('button', { name: 'See My Bets' })).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Record' }));

      expect(await within(dialog).findByText(/^Recorded: Bet on BUF @ KC/, {}, { timeout: 5000 })).toBeInTheDocument();
      expect(sentRequests({ method: 'post', path: '/api/user/bets' })).toHaveLength(1);
      await user.click(within(dialog).getByRole('button', { name: 'See My Bets' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // The recording made the ledger stale: the list asked again and shows the new bet first.
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2), { timeout: 5000 });
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/^BUF @ KC.*Open/);
    },
  );
});

import type { StatsResponse, StatsTotals } from '@pass/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { storeSessionUser } from '../../../lib/session-user';
import { writeStoredCache } from '../../../lib/stored-cache';
import { answer, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { playLimitsStatus } from '../testing-data';
import { StatsScreen } from './stats-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const totals = (overrides: Partial<StatsTotals> = {}): StatsTotals => ({
  entries: 4,
  wins: 3,
  losses: 1,
  pushes: 0,
  voids: 0,
  record: '3-1-0',
  picks: { count: 2, points: 10 },
  bets: { count: 2, staked_cents: 22000, profit_cents: 10000, roi: 0.4545, units: 0.91 },
  ...overrides,
});

/** Simulated money: a pick and a simulated bet, both lost. */
const simulatedTotals = totals({
  entries: 2,
  wins: 0,
  losses: 2,
  record: '0-2-0',
  picks: { count: 1, points: -5 },
  bets: { count: 1, staked_cents: 5500, profit_cents: -5500, roi: -1, units: -1 },
});

const stats: StatsResponse = {
  sport: 'americanfootball_nfl',
  season: 2025,
  money: 'real',
  by_money: {
    real: totals(),
    simulated: simulatedTotals,
    teller: totals({
      entries: 0,
      wins: 0,
      losses: 0,
      record: '0-0-0',
      picks: { count: 0, points: 0 },
      bets: { count: 0, staked_cents: 0, profit_cents: 0, roi: null, units: null },
    }),
  },
  totals: totals(),
  by_team: [
    {
      ...totals({ record: '2-0-0' }),
      team: 'KC',
      ats: { wins: 2, losses: 0, pushes: 0 },
      streak: { picks: [1, -1, 0], bets: [] },
    },
  ],
  by_week: [{ ...totals(), yr_week: 202512, nbr: 12 }],
  by_mode: [],
  by_kind: [{ ...totals({ record: '1-1-0' }), bet_kind: 3 }],
  by_type: [],
  by_book: [],
  by_side: [
    { ...totals({ record: '2-1-0' }), side: 'favored' },
    { ...totals({ record: '1-0-1' }), side: 'underdog' },
  ],
  clv: {
    spread: { count: 2, average: 0.75 },
    totals: { count: 0, average: null },
    moneyline: { count: 1, average: 0.02 },
  },
};

function server(
  limits = playLimitsStatus({ limits: { monthly_budget_cents: null, loss_streak_alert: null, updated_at: null } }),
) {
  answer('get', '/api/user/play-limits', { data: limits });
  answer('get', '/api/dates/americanfootball_nfl/current-week', {
    sport: 'americanfootball_nfl',
    season: 2025,
    number: 12,
    label: 'Week 12',
    season_type: 'regular',
    start: '2025-11-20',
    end: '2025-11-24',
    games: 14,
  });
  // The screen shows totals only: it asks without the summary rows, of real money unless the member chose
  // another kind. Asked otherwise, nothing answers.
  answer('get', '/api/user/stats/americanfootball_nfl/season/2025', ({ request }) => {
    const query = new URL(request.url).searchParams;
    if (query.get('rows') !== 'none') return undefined;
    if (query.get('money') === 'real') return HttpResponse.json(stats);
    if (query.get('money') === 'simulated') {
      return HttpResponse.json({
        ...stats,
        money: 'simulated',
        totals: simulatedTotals,
        by_team: [],
        by_kind: [{ ...simulatedTotals, bet_kind: 1 }],
        by_side: [],
      });
    }
    return undefined;
  });
}

/** A card's figures, each label with its value. */
function figuresOf(card: HTMLElement): Record<string, string | null | undefined> {
  return Object.fromEntries(
    [...card.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

describe('StatsScreen', () => {
  it("shows this month's real money against the member's budget, and a calm notice once it is reached", async () => {
    storeSessionUser({ id: 42, username: 'pat', name: null, isAdmin: false });
    server(
      playLimitsStatus({ month_staked_cents: 20_000, notices: { budget_reached: true, loss_streak_reached: false } }),
    );
    renderWithProviders(<StatsScreen />);
    const card = await screen.findByRole('region', { name: 'Responsible play' });
    expect(within(card).getByText('This month: $200.00 of your $200.00 budget')).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveTextContent('nothing is blocked');
    expect(await screen.findByText('3-1-0', { selector: '[data-figure]' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('says it needs a connection when opened offline for the first time, and loads once back online', async () => {
    storeSessionUser({ id: 42, username: 'pat', name: null, isAdmin: false });
    server();
    // Nothing kept on the device: every request fails while the network is down.
    answer('get', '/api/dates/americanfootball_nfl/current-week', () => HttpResponse.error());
    onlineManager.setOnline(false);
    try {
      // The app's own query settings: a failed request waits for the network to try again.
      renderWithProviders(<StatsScreen />, { queryClient: createQueryClient() });
      expect(await screen.findByText(/^This needs a connection: you are offline/)).toBeInTheDocument();
      expect(screen.queryByText('Loading your stats…')).toBeNull();
      server();
    } finally {
      onlineManager.setOnline(true);
    }
    expect(await screen.findByText('3-1-0', { selector: '[data-figure]' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the totals, the record by kind and by team with streaks', async () => {
    storeSessionUser({ id: 42, username: 'pat', name: null, isAdmin: false });
    server();
    renderWithProviders(<StatsScreen />);
    expect(await screen.findByText('3-1-0', { selector: '[data-figure]' }, { timeout: 5000 })).toBeInTheDocument();
    const figure = (label: string) => document.querySelector(`[data-figure="${label}"]`);
    expect(figure('Bet profit')).toHaveTextContent('+$100.00');
    expect(figure('Pick points')).toHaveTextContent('+10');
    expect(figure('ROI')).toHaveTextContent('+45.5%');
    expect(figure('Units')).toHaveTextContent('+0.91');
    expect(figure('Average CLV')).toHaveTextContent('+0.75 pts');
    const byTeam = screen.getByRole('table', { name: 'Record by team' });
    expect(within(byTeam).getByText('KC')).toBeInTheDocument();
    expect(within(byTeam).getByLabelText('up down even')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Record by kind' })).getByText('Spread')).toBeInTheDocument();
    expect(screen.getByText('Backing favourites 2-1-0, underdogs 1-0-1.')).toBeInTheDocument();
  });

  it("shows real money alone by default, play money beside it, and keeps the member's choice of money", async () => {
    const user = userEvent.setup();
    storeSessionUser({ id: 42, username: 'pat', name: null, isAdmin: false });
    server();
    const first = renderWithProviders(<StatsScreen />);
    expect(await screen.findByText('3-1-0', { selector: '[data-figure]' }, { timeout: 5000 })).toBeInTheDocument();
    const switcher = screen.getByRole('group', { name: 'Kind of money' });
    expect(within(switcher).getByRole('button', { name: 'Real money' })).toHaveAttribute('aria-pressed', 'true');
    const beside = screen.getByRole('table', { name: 'Each kind of money' });
    const rows = within(beside)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Real money (shown)', '3-1-0', '+10', '+$100.00'],
      ['Simulated', '0-2-0', '-5', '−$55.00'],
      ['Paper', '0-0-0', '—', '—'],
    ]);

    await user.click(within(switcher).getByRole('button', { name: 'Simulated' }));
    expect(await screen.findByText('0-2-0', { selector: '[data-figure]' })).toBeInTheDocument();
    expect(document.querySelector('[data-figure="Bet profit"]')).toHaveTextContent('−$55.00');
    expect(within(screen.getByRole('table', { name: 'Record by kind' })).getByText('Moneyline')).toBeInTheDocument();
    expect(screen.getByText('Simulated bets and picks: every figure below counts these alone.')).toBeInTheDocument();
    first.unmount();

    // The choice is the member's: the next visit opens on it.
    renderWithProviders(<StatsScreen />);
    expect(await screen.findByText('0-2-0', { selector: '[data-figure]' }, { timeout: 5000 })).toBeInTheDocument();
    const asked = sentRequests()
      .filter((request) => request.url.pathname.includes('/api/user/stats/'))
      .map((request) => request.url.searchParams.get('money'));
    expect(asked).toEqual(['real', 'simulated']);
  });

  it('says no real money is graded yet, and still shows the play money beside it', async () => {
    storeSessionUser({ id: 42, username: 'pat', name: null, isAdmin: false });
    const empty = totals({ entries: 0, wins: 0, losses: 0, record: '0-0-0' });
    server();
    answer('get', '/api/user/stats/americanfootball_nfl/season/2025', () =>
      HttpResponse.json({ ...stats, totals: empty, by_money: { ...stats.by_money, real: empty } }),
    );
    renderWithProviders(<StatsScreen />);
    expect(
      await screen.findByText(
        'No graded real-money bets in 2025 yet: results show here once games are final.',
        {},
        {
          timeout: 5000,
        },
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Each kind of money' })).getByText('0-2-0')).toBeInTheDocument();
  });

  it('names a baseball record by kind and by team in run line words', async () => {
    const user = userEvent.setup();
    storeSessionUser({ id: 42, username: 'pat', name: null, isAdmin: false });
    // The member's play limits cannot be read: the Responsible play card is not what this test reads.
    answer('get', '/api/user/play-limits', () => HttpResponse.error());
    answer('get', '/api/dates/*', ({ request }) =>
      HttpResponse.json({
        sport: new URL(request.url).pathname.split('/')[3],
        season: 2025,
        number: 12,
        label: 'Week 12',
        season_type: 'regular',
        start: '2025-11-20',
        end: '2025-11-24',
        games: 14,
      }),
    );
    answer('get', '/api/user/stats/*', ({ request }) =>
      HttpResponse.json({ ...stats, sport: new URL(request.url).pathname.split('/')[4] }),
    );
    renderWithProviders(<StatsScreen />);
    await screen.findByRole('table', { name: 'Record by kind' }, { timeout: 5000 });
    await user.click(screen.getByRole('combobox', { name: 'Sport' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Baseball' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Record by kind' })).getByText('Run line')).toBeInTheDocument(),
    );
    expect(within(screen.getByRole('table', { name: 'Record by kind' })).queryByText('Spread')).toBeNull();
    const byTeam = screen.getByRole('table', { name: 'Record by team' });
    expect(within(byTeam).getByText('Your RL')).toBeInTheDocument();
    expect(within(byTeam).queryByText('Your ATS')).toBeNull();
  });

  it("shows the record by book under each book's name, entries without a book last, and explains CLV", async () => {
    storeSessionUser({ id: 42, username: 'pat', name: null, isAdmin: false });
    stats.by_book = [
      { ...totals({ record: '0-1-0' }), book: null },
      { ...totals({ record: '2-0-0' }), book: 'williamhill_us' },
      { ...totals({ record: '1-0-0' }), book: 'betus' },
    ];
    try {
      server();
      renderWithProviders(<StatsScreen />);
      const byBook = await screen.findByRole('table', { name: 'Record by book' }, { timeout: 5000 });
      const rows = within(byBook)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].slice(0, 2).map((cell) => cell.textContent));
      expect(rows).toEqual([
        ['BetUS', '1-0-0'],
        ['Caesars', '2-0-0'],
        ['No book', '0-1-0'],
      ]);
      const clv = screen.getByRole('heading', { name: 'Closing line value' }).parentElement!;
      expect(clv).toHaveTextContent(/compares the line you took with the line at kickoff/);
      expect(clv).toHaveTextContent(
        'Spreads +0.75 pts over 2; totals — over 0; moneylines +2.0% of win probability over 1.',
      );
    } finally {
      stats.by_book = [];
    }
  });

  it('shows the parlays as a row of the record by kind, after the single-game kinds', async () => {
    storeSessionUser({ id: 42, username: 'pat', name: null, isAdmin: false });
    stats.parlays = totals({
      entries: 2,
      wins: 1,
      losses: 1,
      record: '1-1-0',
      picks: { count: 0, points: 0 },
      bets: { count: 2, staked_cents: 2000, profit_cents: 1600, roi: 0.8, units: 1.6 },
    });
    try {
      server();
      renderWithProviders(<StatsScreen />);
      const byKind = await screen.findByRole('table', { name: 'Record by kind' }, { timeout: 5000 });
      const rows = within(byKind)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
      expect(rows).toEqual([
        ['Spread', '1-1-0', '+10', '+$100.00', '+45.5%'],
        ['Parlays', '1-1-0', '—', '+$16.00', '+80.0%'],
      ]);
    } finally {
      delete stats.parlays;
    }
  });

  it('leaves the record by book out while no entry has been graded with one', async () => {
    storeSessionUser({ id: 42, username: 'pat', name: null, isAdmin: false });
    server();
    renderWithProviders(<StatsScreen />);
    await screen.findByRole('table', { name: 'Record by kind' }, { timeout: 5000 });
    expect(screen.queryByRole('table', { name: 'Record by book' })).toBeNull();
  });

  it('shows the records by kind and by team as cards on a phone, every figure under its label', async () => {
    storeSessionUser({ id: 42, username: 'pat', name: null, isAdmin: false });
    stubViewportWidth(390);
    server();
    renderWithProviders(<StatsScreen />);
    const byKind = await screen.findByRole('list', { name: 'Record by kind' }, { timeout: 5000 });
    expect(screen.queryByRole('table')).toBeNull();
    const [spread] = within(byKind).getAllByRole('listitem');
    expect(spread).toHaveTextContent(/^Spread/);
    expect(figuresOf(spread!)).toEqual({
      Record: '1-1-0',
      'Pick points': '+10',
      'Bet profit': '+$100.00',
      ROI: '+45.5%',
    });

    const [kc] = within(screen.getByRole('list', { name: 'Record by team' })).getAllByRole('listitem');
    expect(kc).toHaveTextContent(/^KC/);
    expect(figuresOf(kc!)).toEqual({
      Record: '2-0-0',
      'Pick points': '+10',
      'Bet profit': '+$100.00',
      ROI: '+45.5%',
      'Your ATS': '2-0-0',
      'Pick streak': '▲▼•',
      'Bet streak': '—',
    });
    expect(within(kc!).getByLabelText('up down even')).toBeInTheDocument();
  });

  it('keeps the stats in the stored cache for the user, so a second visit does not ask again', async () => {
    storeSessionUser({ id: 42, username: 'pat', name: null, isAdmin: false });
    server();
    const first = renderWithProviders(<StatsScreen />);
    await screen.findByText('3-1-0', { selector: '[data-figure]' }, { timeout: 5000 });
    first.unmount();
    const envelope = JSON.parse(localStorage.getItem('pass.cache.stats:americanfootball_nfl:2025:real')!) as {
      user_uuid: string;
    };
    expect(envelope.user_uuid).toBe('42');
    renderWithProviders(<StatsScreen />);
    await screen.findByText('3-1-0', { selector: '[data-figure]' }, { timeout: 5000 });
    const statsCalls = sentRequests().filter((request) => request.url.pathname.includes('/api/user/stats/'));
    expect(statsCalls).toHaveLength(1);
  });

  it('discards stats kept in an older shape and asks the server again', async () => {
    storeSessionUser({ id: 42, username: 'pat', name: null, isAdmin: false });
    server();
    const { by_money: _byMoney, ...olderShape } = stats;
    writeStoredCache('stats:americanfootball_nfl:2025:real', olderShape, {
      userUuid: '42',
      version: 2,
      ttlSeconds: 60,
    });
    renderWithProviders(<StatsScreen />);
    expect(
      await screen.findByText('Backing favourites 2-1-0, underdogs 1-0-1.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const statsCalls = sentRequests().filter((request) => request.url.pathname.includes('/api/user/stats/'));
    expect(statsCalls).toHaveLength(1);
  });
});

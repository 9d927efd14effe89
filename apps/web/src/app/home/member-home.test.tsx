import type { BetEntry, BookEvent, StatsTotals } from '@pass/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { event, eventsResponse, week } from '../../features/sports/testing/fixtures';
import { registerRoutes } from '../../lib/route-registry';
import { clearSessionUser, storeSessionUser } from '../../lib/session-user';
import { answer, sentRequests } from '../../testing/api-server';
import { renderRoutes } from '../../testing/render';
import { screens } from '../route-table';
import { SYNC_SETUP_SHOWN_KEY } from '../../features/sync/components/sync-setup-modal';
import { comingGames } from './member-home';

beforeAll(() => {
  registerRoutes([
    'demo',
    'register-new',
    'football-pools',
    'football-pool',
    'football-schedule',
    'pool-party',
    'user-bets',
    'user-stats',
    'teller-place-bet',
    'subscribe',
  ]);
});

afterEach(() => {
  cleanup();
  clearSessionUser();
  localStorage.clear();
  sessionStorage.removeItem(SYNC_SETUP_SHOWN_KEY);
});

/** The server's clock: Friday of week 1 (Sep 16–22), before Sunday's games. */
const NOW = '2026-09-18T12:00:00.000Z';

const started = event(101, 'DAL', 'PHI', { week: 1, kickoff: '2026-09-17T00:15:00.000Z', game_date: '2026-09-16' });
const sunday = event(102, 'BUF', 'KC', { week: 1, kickoff: '2026-09-20T17:00:00.000Z', game_date: '2026-09-20' });
const nextThursday = event(201, 'NYJ', 'MIA', { kickoff: '2026-09-25T00:15:00.000Z', game_date: '2026-09-24' });
const tooFar = event(202, 'SF', 'SEA', { kickoff: '2026-09-27T20:25:00.000Z', game_date: '2026-09-27' });

function entry(id: number, overrides: Partial<BetEntry> = {}): BetEntry {
  return {
    id,
    event_id: 102,
    sport: 'americanfootball_nfl',
    season: 2026,
    week: 1,
    yr_week: 202601,
    event: {
      home_team: 'KC',
      away_team: 'BUF',
      kickoff: '2026-09-20T17:00:00.000Z',
      game_date: '2026-09-20',
      status: 'scheduled',
      event_scores: { home: null, away: null },
    },
    bet_mode: 1,
    bet_kind: 3,
    bet_type: 3,
    bet_team: 'BUF',
    line: 3.5,
    price: null,
    stake_cents: null,
    book: 'betus',
    teaser_points: null,
    multiplier: 1,
    is_simulated: true,
    source: 'manual',
    recorded_after_start: false,
    status: 1,
    outcome: null,
    reward: null,
    closing_line: null,
    closing_price: null,
    clv: null,
    graded_at: null,
    created_at: '2026-09-18T10:00:00.000Z',
    updated_at: '2026-09-18T10:00:00.000Z',
    ...overrides,
  };
}

const finalEvent = {
  home_team: 'NE',
  away_team: 'NYG',
  kickoff: '2026-09-14T17:00:00.000Z',
  game_date: '2026-09-14',
  status: 'final' as const,
  event_scores: { home: 24, away: 17 },
};
const won = entry(11, {
  event_id: 90,
  event: finalEvent,
  bet_team: 'NE',
  line: -3,
  status: 8,
  outcome: 'win',
  reward: 5,
  graded_at: '2026-09-14T21:00:00.000Z',
});
const lost = entry(12, {
  event_id: 91,
  event: { ...finalEvent, home_team: 'LV', away_team: 'DEN' },
  bet_mode: 3,
  bet_kind: 1,
  bet_type: 5,
  bet_team: 'LV',
  line: null,
  price: -150,
  stake_cents: 15_000,
  status: 8,
  outcome: 'loss',
  reward: -15_000,
  graded_at: '2026-09-15T03:00:00.000Z',
});

const totals = (overrides: Partial<StatsTotals>): StatsTotals => ({
  entries: 0,
  wins: 0,
  losses: 0,
  pushes: 0,
  voids: 0,
  record: '0-0-0',
  picks: { count: 0, points: 0 },
  bets: { count: 0, staked_cents: 0, profit_cents: 0, roi: null, units: null },
  ...overrides,
});

const pool = {
  id: 7,
  name: 'Office Splash',
  icon: 'wave',
  icon_color: '#ffffff',
  icon_background: '#0277bd',
  sport: 'americanfootball_nfl',
  season: 2026,
  start_week: 1,
  games_per_week: 5,
  win_basis: 'ats',
  double_play: true,
  triple_play: false,
  last_man_standing: false,
  status: 1,
  role: 'lifeguard',
  lifeguard: { username: 'pat' },
  member_count: 4,
  started: false,
  joining_closes_at: null,
  created_at: '2026-09-01T12:00:00.000Z',
  ended_at: null,
  standing: null,
};

const list = (data: BetEntry[]) => HttpResponse.json({ data, total: data.length, limit: 8, offset: 0 });

const syncedAccount = (id: string, name: string, access: boolean, covered: boolean, graceDays = 0) => ({
  betsync_account_id: `00000000-0000-4000-8000-00000000000${id}`,
  betsync_book_name: name,
  betsync_account_access: access,
  created_at: '2026-09-01T12:00:00.000Z',
  grace_days_remaining: graceDays,
  covered,
});

function stubMemberApi({
  week1 = [started, sunday],
  week2 = [nextThursday, tooFar],
  syncStopped = false,
  syncInGrace = false,
}: { week1?: BookEvent[]; week2?: BookEvent[]; syncStopped?: boolean; syncInGrace?: boolean } = {}) {
  answer('get', '/billing/check-subscriptions-required', {
    data: {
      subscriptions_required: syncStopped,
      betsync_accounts: [
        ...(syncStopped || syncInGrace ? [syncedAccount('2', 'FanDuel', true, true)] : []),
        ...(syncStopped ? [syncedAccount('1', 'DraftKings', false, false)] : []),
        ...(syncInGrace ? [syncedAccount('3', 'BetMGM', true, false, 3)] : []),
      ],
      billing_subscriptions: [],
      missing_subscriptions: [],
    },
  });
  answer('get', '/api/health', { status: 'ok', uptimeSeconds: 1, time: NOW });
  answer('get', '/auth/whoami', {
    data: {
      id: 1,
      username: 'pat',
      name: 'Pat Smith',
      isAdmin: false,
      collegeAccess: { granted: false, reason: 'trial-ended', trialEndsAt: '2026-02-01T00:00:00.000Z' },
    },
  });
  answer('get', '/api/dates/americanfootball_nfl/current-week', {
    ...week(1),
    sport: 'americanfootball_nfl',
    season: 2026,
  });
  answer('get', '/api/dates/season/2026/americanfootball_nfl', {
    sport: 'americanfootball_nfl',
    season: 2026,
    weeks: [week(1), week(2), week(3)],
  });
  answer('get', '/api/book/events/americanfootball_nfl/1', eventsResponse(1, week1));
  answer('get', '/api/book/events/americanfootball_nfl/2', eventsResponse(2, week2));
  answer('get', '/api/dates/baseball_mlb/current-week', {
    ...week(30),
    sport: 'baseball_mlb',
    season: 2026,
    start: '2026-09-01',
    end: '2026-09-07',
  });
  answer('get', '/api/dates/season/2026/baseball_mlb', {
    sport: 'baseball_mlb',
    season: 2026,
    weeks: [{ ...week(30), start: '2026-09-01', end: '2026-09-07' }],
  });
  answer('get', '/api/user/bets', ({ request }) => {
    const status = new URL(request.url).searchParams.get('status');
    if (status === '1') return list([entry(21)]);
    if (status === '3') return list([]);
    if (status === '8') return list([won, lost]);
    return list([]);
  });
  // Real money (the default): one lost bet; a won pick is simulated, beside it.
  const realTotals = totals({
    entries: 1,
    losses: 1,
    record: '0-1-0',
    bets: { count: 1, staked_cents: 15_000, profit_cents: -15_000, roi: -1, units: -1 },
  });
  answer('get', '/api/user/stats/americanfootball_nfl/season/2026', {
    sport: 'americanfootball_nfl',
    season: 2026,
    money: 'real',
    by_money: {
      real: realTotals,
      simulated: totals({ entries: 1, wins: 1, record: '1-0-0', picks: { count: 1, points: 5 } }),
      teller: totals({}),
    },
    totals: realTotals,
    by_team: [],
    by_week: [],
    by_mode: [],
    by_kind: [],
    by_type: [],
    by_book: [],
    by_side: [],
    clv: {
      spread: { count: 0, average: null },
      totals: { count: 0, average: null },
      moneyline: { count: 0, average: null },
    },
  });
  answer('get', '/api/user/stats/baseball_mlb/season/2026', {
    sport: 'baseball_mlb',
    season: 2026,
    money: 'real',
    by_money: { real: totals({}), simulated: totals({}), teller: totals({}) },
    totals: totals({}),
    by_team: [],
  });
  answer('get', '/api/pools', { data: [pool] });
  answer('get', '/api/config', {
    supportEmail: 'help@pass.example',
    appStoreUrl: null,
    playStoreUrl: null,
    poolMaxPerLifeguard: 5,
    googleSignIn: false,
    paypal: null,
  });
}

async function renderHome() {
  const { default: Home } = await screens.find((entry) => entry.name === 'home')!.screen();
  return renderRoutes([{ path: '/', element: <Home /> }], { path: '/' });
}

describe('the home page', () => {
  it('shows a visitor the marketing page and asks nothing of the member API', async () => {
    answer('all', '/*', {});
    await renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Every pick. Every bet. Every pool.');
    expect(screen.getByRole('link', { name: 'Join for free' })).toHaveAttribute('href', '/user/register-new');
    expect(screen.queryByRole('region', { name: 'Next games to pick' })).toBeNull();
    expect(document.getElementById('mobile-app')).not.toBeNull();
    const asked = sentRequests().map((request) => request.url.pathname);
    expect(asked.filter((path) => path.startsWith('/api/user') || path === '/api/pools')).toEqual([]);
  });

  it('shows a member their own page: next games, open entries, latest results, the season and their pools', async () => {
    stubMemberApi();
    storeSessionUser({ id: 1, username: 'pat', name: 'Pat Smith', isAdmin: false });
    await renderHome();

    // The member's first look at their home: "Welcome"; "Welcome back" from the next visit on.
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat Smith' })).toBeInTheDocument();
    expect(screen.queryByText('Every pick. Every bet. Every pool.')).toBeNull();
    // The next games link to each sport's own schedule, not to the NFL's above every sport.
    const nextGames = await screen.findByRole('region', { name: 'Next games to pick' });
    expect(within(nextGames).queryByRole('link', { name: 'Pro Season' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Join for free' })).toBeNull();
    expect(document.getElementById('mobile-app')).not.toBeNull();

    // The games of the coming seven days that have not kicked off, across the week's end; soonest first.
    const games = await screen.findByRole('list', { name: 'NFL games open to pick' });
    const rows = within(games).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('BUF @ KC'),
      expect.stringContaining('NYJ @ MIA'),
    ]);
    // MLB's season is over: no games, no empty heading.
    expect(screen.queryByRole('region', { name: 'Next MLB games' })).toBeNull();

    const open = screen.getByRole('region', { name: 'Open picks and bets' });
    const openEntry = await within(open).findByRole('list', { name: 'Open entries' });
    expect(openEntry).toHaveTextContent('BUF @ KC');
    expect(openEntry).toHaveTextContent('Pick on BUF +3.5');
    expect(openEntry).toHaveTextContent('Open');
    expect(within(open).getByRole('link', { name: 'My Bets' })).toHaveAttribute('href', '/user/bets');

    const results = screen.getByRole('region', { name: 'Latest results' });
    const graded = within(await within(results).findByRole('list', { name: 'Latest graded entries' })).getAllByRole(
      'listitem',
    );
    // The latest graded first.
    expect(graded[0]).toHaveTextContent('DEN @ LV');
    expect(graded[0]).toHaveTextContent('Lost');
    expect(graded[0]).toHaveTextContent('−$150.00');
    expect(graded[1]).toHaveTextContent('Won');
    expect(graded[1]).toHaveTextContent('+5 pts');

    const season = screen.getByRole('region', { name: 'Your season' });
    expect(await within(season).findByText('NFL 2026')).toBeInTheDocument();
    // Real money first, play money apart: never one record of both.
    const nfl = within(season).getByRole('region', { name: 'NFL 2026' });
    const lines = [...nfl.querySelectorAll('[data-money-line]')];
    expect(lines.map((line) => line.getAttribute('data-money-line'))).toEqual(['Real money', 'Simulated']);
    expect(lines[0]).toHaveTextContent('Record0-1-0');
    expect(lines[0]).toHaveTextContent('ROI-100.0%');
    expect(lines[1]).toHaveTextContent('Record1-0-0');
    expect(lines[1]).toHaveTextContent('Pick points+5');
    expect(season).not.toHaveTextContent('1-1-0');
    expect(season).not.toHaveTextContent('Paper');
    expect(within(season).getByRole('link', { name: 'My Stats' })).toHaveAttribute('href', '/user/stats');
    // MLB has nothing graded: it is left out.
    expect(season).not.toHaveTextContent('MLB');

    const pools = screen.getByRole('region', { name: 'Your pools' });
    expect(await within(pools).findByRole('link', { name: 'Office Splash' })).toHaveAttribute(
      'href',
      '/football/pool/7',
    );
    expect(within(pools).getByRole('link', { name: 'Pool Party' })).toHaveAttribute('href', '/pool-party');
  });
});

describe('the member home without games to come', () => {
  it('opens the sync setup modal once a browser session when linked sportsbooks stopped syncing', async () => {
    stubMemberApi({ syncStopped: true });
    storeSessionUser({ id: 1, username: 'pat', name: 'Pat Smith', isAdmin: false });
    const first = await renderHome();
    const dialog = await screen.findByRole('dialog', { name: 'Your bet sync has stopped' });
    const uncovered = within(dialog).getByRole('list', { name: 'Sportsbooks without a subscription' });
    expect(
      within(uncovered)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['DraftKings: sync stopped']);
    expect(within(dialog).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscribe');
    first.unmount();

    // Back on the home in the same browser session: not again.
    await renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Pat Smith' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'NFL games open to pick' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the sync setup modal with the grace countdown of a sportsbook no subscription covers', async () => {
    stubMemberApi({ syncInGrace: true });
    storeSessionUser({ id: 1, username: 'pat', name: 'Pat Smith', isAdmin: false });
    await renderHome();
    const dialog = await screen.findByRole('dialog', { name: 'Your bet sync needs a subscription' });
    const uncovered = within(dialog).getByRole('list', { name: 'Sportsbooks without a subscription' });
    expect(
      within(uncovered)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['BetMGM: 3 days of free sync left']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens no sync setup modal while every linked sportsbook is covered', async () => {
    stubMemberApi();
    storeSessionUser({ id: 1, username: 'pat', name: 'Pat Smith', isAdmin: false });
    await renderHome();
    await screen.findByRole('list', { name: 'NFL games open to pick' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says no game is open to pick in the coming days', async () => {
    stubMemberApi({ week1: [started], week2: [tooFar] });
    storeSessionUser({ id: 1, username: 'pat', name: null, isAdmin: false });
    await renderHome();
    expect(await screen.findByText(/^No game is open to pick in the next 7 days/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, pat' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'NFL games open to pick' })).toBeNull();
  });
});

describe('comingGames', () => {
  const now = new Date(NOW);
  const games = (events: BookEvent[], days?: number) => comingGames(events, now, days).map((game) => game.event_id);

  it('keeps the games not kicked off in the coming days, soonest first', () => {
    expect(games([tooFar, nextThursday, started, sunday])).toEqual([102, 201]);
    expect(games([tooFar, nextThursday, sunday], 10)).toEqual([102, 201, 202]);
  });

  it('leaves out games postponed, cancelled or without their result past their time', () => {
    expect(
      games([
        { ...sunday, status: 'postponed' },
        { ...nextThursday, status: 'cancelled' },
        { ...sunday, event_id: 103, result_missing: true },
      ]),
    ).toEqual([]);
  });
});

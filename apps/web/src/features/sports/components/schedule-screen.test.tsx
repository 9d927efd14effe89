import type { BookEvent, TeamsResponse } from '@pass/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BetSlipContext, type OpenSlip } from '../../../lib/bet-slip';
import type { GameActionsProps } from '../../../lib/game-actions';
import { registerRoutes } from '../../../lib/route-registry';
import { answer, errorResponse, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { event, eventsResponse, quote, team, teamsResponse, weeksResponse } from '../testing/fixtures';
import { ScheduleScreen, type ScheduleScreenProps } from './schedule-screen';

registerRoutes(['football-team']);

afterEach(() => {
  cleanup();
});

const week2 = [
  event(21, 'KC', 'DEN'),
  event(22, 'BUF', 'MIA', { odds: [quote('consensus', 'spreads', 'MIA', -110, -1.5)] }),
  event(23, 'DAL', 'PHI', { odds: [] }),
];
const week1 = [
  event(11, 'DEN', 'KC', {
    status: 'final',
    event_scores: { home: 27, away: 20 },
    week: 1,
    // The books' own quotes say otherwise: the final shows its line of record, named by source.
    odds: [quote('betus', 'spreads', 'KC', -110, -6.5)],
    line_of_record: {
      home_spread: -7,
      total: 44.5,
      home_moneyline: -300,
      away_moneyline: 250,
      source: { kind: 'closing', provider: 'nflverse', books: 0, label: 'closing line from nflverse' },
      covered: 'push',
      over_under: 'over',
    },
  }),
  event(12, 'PHI', 'BUF', { status: 'final', event_scores: { home: 17, away: 24 }, week: 1 }),
];

/** The server's clock in these tests: Sunday of week 2, before its games. */
const NOW = '2026-09-20T12:00:00.000Z';

function stubSportsApi({
  now = NOW,
  current = 2,
  weeks = { 1: week1, 2: week2 },
}: { now?: string; current?: number; weeks?: Record<number, BookEvent[]> } = {}) {
  const weekEvents = (number: number) => {
    const events = weeks[number];
    return events
      ? HttpResponse.json(eventsResponse(number, events))
      : errorResponse(404, 'NOT_FOUND', `no week ${number}`);
  };
  answer('get', '/api/health', { status: 'ok', uptimeSeconds: 1, time: now });
  answer('get', '/api/sport/americanfootball_nfl/teams', teamsResponse);
  answer('get', '/api/dates/season/2026/americanfootball_nfl', weeksResponse);
  // No week in the path: the server's current week.
  answer('get', '/api/book/events/americanfootball_nfl', () => weekEvents(current));
  answer('get', '/api/book/events/americanfootball_nfl/:week', ({ params }) => weekEvents(Number(params.week)));
}

const nflSchedule = (gameActions?: ScheduleScreenProps['gameActions']) => (
  <ScheduleScreen
    route="football-schedule"
    sport="americanfootball_nfl"
    teamRoute="football-team"
    gameActions={gameActions}
  />
);

const games = () => screen.queryAllByRole('article').map((game) => game.getAttribute('aria-label'));

describe('ScheduleScreen', () => {
  it('opens the bet slip from a price of the schedule line where the slip is offered; the consensus is no book', async () => {
    stubSportsApi();
    const user = userEvent.setup();
    const openSlip = vi.fn<OpenSlip>();
    renderWithProviders(
      <BetSlipContext.Provider value={openSlip}>
        <ScheduleScreen route="football-schedule" sport="americanfootball_nfl" teamRoute="football-team" />
      </BetSlipContext.Provider>,
    );
    const kcDen = await screen.findByRole('article', { name: 'Kansas City Chiefs at Denver Broncos' });
    await user.click(within(kcDen).getByRole('button', { name: 'Bet DEN -3.5 at -110, BetUS' }));
    expect(openSlip).toHaveBeenCalledWith(
      expect.objectContaining({ book: 'betus', market: 'spreads', outcome: 'DEN', point: -3.5, price: -110 }),
    );
    await user.click(within(kcDen).getByRole('button', { name: 'Bet KC at +145, BetUS' }));
    expect(openSlip).toHaveBeenLastCalledWith(expect.objectContaining({ market: 'h2h', outcome: 'KC', price: 145 }));
    const bufMia = screen.getByRole('article', { name: 'Buffalo Bills at Miami Dolphins' });
    expect(within(bufMia).queryByRole('button', { name: /^Bet / })).toBeNull();
  });

  it('shows the current week with kickoff, teams and the line of the default book, else the consensus', async () => {
    stubSportsApi();
    const { container } = renderWithProviders(
      <ScheduleScreen route="football-schedule" sport="americanfootball_nfl" teamRoute="football-team" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading the schedule…');
    await screen.findByRole('article', { name: 'Kansas City Chiefs at Denver Broncos' });
    expect(container.querySelector('main[data-page="football-schedule"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'NFL schedule · 2026' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Week' })).toHaveValue('2');
    expect(games()).toEqual([
      'Kansas City Chiefs at Denver Broncos',
      'Buffalo Bills at Miami Dolphins',
      'Dallas Cowboys at Philadelphia Eagles',
    ]);
    const kcDen = screen.getByRole('article', { name: 'Kansas City Chiefs at Denver Broncos' });
    expect(within(kcDen).getByTestId('game-line')).toHaveTextContent('Spread DEN -3.5');
    expect(within(kcDen).getByTestId('game-line')).toHaveTextContent('Total 44.5');
    expect(within(kcDen).getByTestId('game-line')).toHaveTextContent('BetUS');
    const bufMia = screen.getByRole('article', { name: 'Buffalo Bills at Miami Dolphins' });
    expect(within(bufMia).getByTestId('game-line')).toHaveTextContent('Consensus');
    const dalPhi = screen.getByRole('article', { name: 'Dallas Cowboys at Philadelphia Eagles' });
    expect(within(dalPhi).getByText('No line yet')).toBeInTheDocument();
    expect(within(kcDen).getByRole('link', { name: 'Kansas City Chiefs' })).toHaveAttribute(
      'href',
      '/football/team/KC',
    );
    expect(screen.getByTestId('odds-freshness')).toHaveTextContent(/Odds updated/);
  });

  it('switches the week and shows the finals with their scores', async () => {
    stubSportsApi();
    renderWithProviders(
      <ScheduleScreen route="football-schedule" sport="americanfootball_nfl" teamRoute="football-team" />,
    );
    await screen.findByRole('article', { name: 'Kansas City Chiefs at Denver Broncos' });
    const weekSelect = await screen.findByRole('combobox', { name: 'Week' });
    await within(weekSelect).findByRole('option', { name: /Week 1/ });
    await userEvent.selectOptions(weekSelect, '1');
    const final = await screen.findByRole('article', { name: 'Denver Broncos at Kansas City Chiefs' });
    expect(games()).toEqual(['Denver Broncos at Kansas City Chiefs', 'Philadelphia Eagles at Buffalo Bills']);
    expect(within(final).getByText('Final')).toBeInTheDocument();
    expect(within(final).getByText('27')).toBeInTheDocument();
    expect(within(final).getByText('20')).toBeInTheDocument();
    expect(within(final).getByTestId('game-line')).toHaveTextContent('KC -7');
    expect(within(final).getByTestId('line-source')).toHaveTextContent('closing line from nflverse');
    expect(weekSelect).toHaveValue('1');
    const urls = sentRequests().map((request) => request.url.pathname);
    expect(urls).toContain('/api/book/events/americanfootball_nfl/1');
  });

  it('filters by matchup text and by two teams', async () => {
    stubSportsApi();
    renderWithProviders(
      <ScheduleScreen route="football-schedule" sport="americanfootball_nfl" teamRoute="football-team" />,
    );
    await screen.findByRole('article', { name: 'Kansas City Chiefs at Denver Broncos' });

    const text = screen.getByRole('textbox', { name: 'Find a matchup' });
    await userEvent.type(text, 'dolph');
    expect(games()).toEqual(['Buffalo Bills at Miami Dolphins']);
    await userEvent.clear(text);
    await userEvent.type(text, 'zebras');
    expect(games()).toEqual([]);
    expect(screen.getByText('No game this week matches the filters.')).toBeInTheDocument();
    await userEvent.clear(text);

    const first = screen.getByRole('combobox', { name: 'Team' });
    const second = screen.getByRole('combobox', { name: 'Opponent' });
    await within(first).findByRole('option', { name: 'Philadelphia Eagles' });
    await userEvent.selectOptions(first, 'PHI');
    expect(games()).toEqual(['Dallas Cowboys at Philadelphia Eagles']);
    await userEvent.selectOptions(second, 'DAL');
    expect(games()).toEqual(['Dallas Cowboys at Philadelphia Eagles']);
    await userEvent.selectOptions(second, 'KC');
    expect(games()).toEqual([]);
  });

  it('puts the game actions it is given under each game, with the whole week, filtered or not', async () => {
    stubSportsApi();
    const seen: { game: number; week: number[] }[] = [];
    const GameActions = ({ event, weekEvents }: GameActionsProps) => {
      seen.push({ game: event.event_id, week: weekEvents.map((item) => item.event_id) });
      return <button type="button">Pick in {event.home_team}</button>;
    };
    renderWithProviders(
      <ScheduleScreen
        route="football-schedule"
        sport="americanfootball_nfl"
        teamRoute="football-team"
        gameActions={GameActions}
      />,
    );
    const kcDen = await screen.findByRole('article', { name: 'Kansas City Chiefs at Denver Broncos' });
    expect(within(kcDen).getByRole('button', { name: 'Pick in DEN' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Find a matchup' }), 'dolph');
    expect(screen.getAllByRole('button', { name: /^Pick in/ }).map((button) => button.textContent)).toEqual([
      'Pick in MIA',
    ]);
    expect(seen.at(-1)).toEqual({ game: 22, week: [21, 22, 23] });
  });

  it('lists the teams by division, each linking to its team page', async () => {
    stubSportsApi();
    renderWithProviders(
      <ScheduleScreen route="football-schedule" sport="americanfootball_nfl" teamRoute="football-team" />,
    );
    const grid = await screen.findByRole('region', { name: 'Teams' });
    expect(within(grid).getByRole('heading', { name: 'AFC West' })).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'Chiefs' })).toHaveAttribute('href', '/football/team/KC');
  });

  it('says so when no games are loaded for the season', async () => {
    answer('all', '/*', teamsResponse);
    answer('get', '/api/book/events/*', () => errorResponse(404, 'NOT_FOUND', 'none'));
    answer('get', '/api/health', { status: 'ok', uptimeSeconds: 1, time: NOW });
    renderWithProviders(<ScheduleScreen route="baseball-schedule" sport="baseball_mlb" teamRoute="baseball-team" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No MLB games are loaded for this season yet.');
  });

  it('keeps the week in the address: a reload, back and forward, and a shared link show the same week', async () => {
    stubSportsApi();
    const user = userEvent.setup();
    const { router } = renderWithProviders(nflSchedule(), { path: '/football/schedule?week=1' });
    await screen.findByRole('article', { name: 'Denver Broncos at Kansas City Chiefs' });
    const weekSelect = await screen.findByRole('combobox', { name: 'Week' });
    await waitFor(() => expect(weekSelect).toHaveValue('1'));
    expect(games()).toEqual(['Denver Broncos at Kansas City Chiefs', 'Philadelphia Eagles at Buffalo Bills']);
    const paths = () => sentRequests().map((request) => request.url.pathname);
    expect(paths()).toContain('/api/book/events/americanfootball_nfl/1');

    await user.selectOptions(weekSelect, '2');
    await screen.findByRole('article', { name: 'Kansas City Chiefs at Denver Broncos' });
    expect(router.state.location.search).toBe('?week=2');

    await act(() => router.navigate(-1));
    await screen.findByRole('article', { name: 'Denver Broncos at Kansas City Chiefs' });
    expect(router.state.location.search).toBe('?week=1');
    expect(screen.getByRole('combobox', { name: 'Week' })).toHaveValue('1');

    await act(() => router.navigate(1));
    await screen.findByRole('article', { name: 'Kansas City Chiefs at Denver Broncos' });
    expect(screen.getByRole('combobox', { name: 'Week' })).toHaveValue('2');
  });

  it.each(['?week=9', '?week=abc', '?week=0'])(
    'shows the current week for a week the season does not have (%s), and drops it from the address',
    async (search) => {
      stubSportsApi();
      const { router } = renderWithProviders(nflSchedule(), { path: `/football/schedule${search}` });
      await screen.findByRole('article', { name: 'Kansas City Chiefs at Denver Broncos' });
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(await screen.findByRole('combobox', { name: 'Week' })).toHaveValue('2');
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  describe('Next open game', () => {
    // Sunday of week 2 at 3 pm ET: KC at DEN is over; DAL at PHI (4:25 pm) is next, BUF at MIA (8:20 pm) after.
    const now = '2026-09-20T19:00:00.000Z';
    const sunday = [
      event(31, 'KC', 'DEN', { status: 'final', event_scores: { home: 20, away: 23 } }),
      event(32, 'BUF', 'MIA', { kickoff: '2026-09-21T00:20:00.000Z' }),
      event(33, 'DAL', 'PHI', { kickoff: '2026-09-20T20:25:00.000Z' }),
    ];
    const nextOpen = () => screen.getByRole('button', { name: 'Next open game' });

    it('focuses the first game still to play in the current week, clearing a filter that hides it', async () => {
      stubSportsApi({ now, weeks: { 1: week1, 2: sunday } });
      const user = userEvent.setup();
      const { router } = renderWithProviders(nflSchedule(), { path: '/football/schedule' });
      await screen.findByRole('article', { name: 'Buffalo Bills at Miami Dolphins' });
      await user.type(screen.getByRole('textbox', { name: 'Find a matchup' }), 'dolph');
      await waitFor(() => expect(nextOpen()).toBeEnabled());
      await user.click(nextOpen());
      await waitFor(() =>
        expect(screen.getByRole('article', { name: 'Dallas Cowboys at Philadelphia Eagles' })).toHaveFocus(),
      );
      expect(screen.getByRole('textbox', { name: 'Find a matchup' })).toHaveValue('');
      expect(router.state.location.search).toBe('');
    });

    it('moves from a finished week to the week holding the next game, and focuses it', async () => {
      stubSportsApi({ now, weeks: { 1: week1, 2: sunday } });
      const user = userEvent.setup();
      const { router } = renderWithProviders(nflSchedule(), { path: '/football/schedule?week=1' });
      await screen.findByRole('article', { name: 'Denver Broncos at Kansas City Chiefs' });
      await waitFor(() => expect(nextOpen()).toBeEnabled());
      await user.click(nextOpen());
      await waitFor(() =>
        expect(screen.getByRole('article', { name: 'Dallas Cowboys at Philadelphia Eagles' })).toHaveFocus(),
      );
      expect(router.state.location.search).toBe('?week=2');
      expect(screen.getByRole('combobox', { name: 'Week' })).toHaveValue('2');
    });

    it('is disabled once every game of the season has started', async () => {
      // The season is over: the server's current week is its last, all finals.
      stubSportsApi({ now: '2027-02-20T12:00:00.000Z', current: 1, weeks: { 1: week1 } });
      renderWithProviders(nflSchedule(), { path: '/football/schedule' });
      await screen.findByRole('article', { name: 'Denver Broncos at Kansas City Chiefs' });
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Week' })).toHaveValue('1'));
      expect(nextOpen()).toBeDisabled();
    });
  });

  it('shows a final’s result against its line of record beside the score', async () => {
    stubSportsApi();
    renderWithProviders(nflSchedule(), { path: '/football/schedule?week=1' });
    const final = await screen.findByRole('article', { name: 'Denver Broncos at Kansas City Chiefs' });
    // KC 27–20 at KC -7: 27 - 7 = 20, a push; 47 points over 44.5.
    expect(within(final).getByTestId('game-result')).toHaveTextContent('Spread Push');
    expect(within(final).getByTestId('game-result')).toHaveTextContent('Total Over');
    // No line of record: no result against a line.
    const other = screen.getByRole('article', { name: 'Philadelphia Eagles at Buffalo Bills' });
    expect(within(other).queryByTestId('game-result')).toBeNull();
  });

  describe('baseball', () => {
    const mlbTeams: TeamsResponse = {
      sport: 'baseball_mlb',
      teams: [
        team('NYY', 'New York Yankees', 'AL East'),
        team('BOS', 'Boston Red Sox', 'AL East'),
        team('TB', 'Tampa Bay Rays', 'AL East'),
        team('BAL', 'Baltimore Orioles', 'AL East'),
      ],
      opponents: [],
    };
    const mlb = (id: number, away: string, home: string, day: string, overrides: Partial<BookEvent> = {}) =>
      event(id, away, home, {
        sport: 'baseball_mlb',
        week: 10,
        yr_week: 202610,
        game_date: day,
        kickoff: `${day}T23:05:00.000Z`,
        odds: [
          quote('betus', 'spreads', home, 140, -1.5),
          quote('betus', 'spreads', away, -160, 1.5),
          quote('betus', 'totals', 'Over', -110, 8.5),
          quote('betus', 'h2h', home, -150),
          quote('betus', 'h2h', away, 130),
        ],
        ...overrides,
      });
    const games10 = [
      // Listed out of order: the screen puts them by day.
      mlb(43, 'BOS', 'NYY', '2026-06-04'),
      // BOS at NYY Tuesday to Thursday: the server sent no series, so it is worked out from the games shown.
      mlb(41, 'BOS', 'NYY', '2026-06-02', {
        status: 'final',
        event_scores: { home: 5, away: 3 },
        line_of_record: {
          home_spread: -1.5,
          total: 8.5,
          home_moneyline: -150,
          away_moneyline: 130,
          source: { kind: 'closing', provider: 'statsapi', books: 0, label: 'closing line' },
          covered: 'home',
          over_under: 'under',
        },
      }),
      mlb(42, 'BOS', 'NYY', '2026-06-03'),
      // The server's place in the series (found among the whole season) wins.
      mlb(44, 'TB', 'BAL', '2026-06-03', { series: { game: 3, of: 3 } }),
    ];
    const mlbWeek = (number: number, start: string, end: string) => ({
      number,
      label: `Week ${number}`,
      season_type: 'regular' as const,
      start,
      end,
      games: 4,
    });

    it('names the weeks by their dates, groups the games by day, numbers each series, and speaks of the run line', async () => {
      answer('get', '/api/health', { status: 'ok', uptimeSeconds: 1, time: NOW });
      answer('get', '/api/sport/baseball_mlb/teams', mlbTeams);
      answer('get', '/api/dates/season/2026/baseball_mlb', {
        sport: 'baseball_mlb',
        season: 2026,
        weeks: [mlbWeek(10, '2026-06-01', '2026-06-07'), mlbWeek(14, '2026-06-29', '2026-07-05')],
      });
      answer('get', '/api/book/events/baseball_mlb', {
        ...eventsResponse(10, games10),
        sport: 'baseball_mlb',
        week: mlbWeek(10, '2026-06-01', '2026-06-07'),
      });
      renderWithProviders(<ScheduleScreen route="baseball-schedule" sport="baseball_mlb" teamRoute="baseball-team" />);
      await screen.findByRole('article', { name: 'Tampa Bay Rays at Baltimore Orioles' });
      const dates = await screen.findByRole('combobox', { name: 'Dates' });
      await waitFor(() => expect(dates).toHaveValue('10'));
      expect(
        within(dates)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Jun 1 – 7', 'Jun 29 – Jul 5']);
      expect(screen.queryByRole('combobox', { name: 'Week' })).toBeNull();
      expect(screen.getByText('Jun 1 – 7', { selector: 'p' })).toBeInTheDocument();

      const gamesRegion = screen.getByRole('region', { name: 'Games' });
      const days = within(gamesRegion).getAllByRole('heading', { level: 2 });
      expect(days.map((heading) => heading.textContent)).toEqual(['Tue, Jun 2', 'Wed, Jun 3', 'Thu, Jun 4']);
      const dayGames = (name: string) =>
        within(screen.getByRole('region', { name }))
          .getAllByRole('article')
          .map(
            (game) => `${game.getAttribute('aria-label')} · ${/Game \d of \d/.exec(game.textContent ?? '')?.[0] ?? ''}`,
          );
      expect(dayGames('Tue, Jun 2')).toEqual(['Boston Red Sox at New York Yankees · Game 1 of 3']);
      expect(dayGames('Wed, Jun 3')).toEqual([
        'Boston Red Sox at New York Yankees · Game 2 of 3',
        'Tampa Bay Rays at Baltimore Orioles · Game 3 of 3',
      ]);
      expect(dayGames('Thu, Jun 4')).toEqual(['Boston Red Sox at New York Yankees · Game 3 of 3']);

      // The final: NYY 5–3 at NYY -1.5 covers (5 - 1.5 = 3.5 > 3); 8 runs under 8.5.
      const final = within(screen.getByRole('region', { name: 'Tue, Jun 2' })).getByRole('article');
      expect(within(final).getByTestId('game-result')).toHaveTextContent('Run line NYY covered');
      expect(within(final).getByTestId('game-result')).toHaveTextContent('Total Under');
      const open = within(screen.getByRole('region', { name: 'Thu, Jun 4' })).getByRole('article');
      expect(within(open).getByTestId('game-line')).toHaveTextContent('Run line NYY -1.5');
      expect(gamesRegion).not.toHaveTextContent(/spread|tie|points/i);
    });
  });
});

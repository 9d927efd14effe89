import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BetSlipContext, type OpenSlip } from '../../../lib/bet-slip';
import type { GameActionsProps } from '../../../lib/game-actions';
import { registerRoutes } from '../../../lib/route-registry';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/render';
import { event, eventsResponse, quote, teamsResponse, weeksResponse } from '../testing/fixtures';
import { ScheduleScreen } from './schedule-screen';

registerRoutes(['football-team']);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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

function stubSportsApi() {
  return stubFetch((url) => {
    if (url.pathname === '/api/sport/americanfootball_nfl/teams') return jsonResponse(teamsResponse);
    if (url.pathname === '/api/dates/season/2026/americanfootball_nfl') return jsonResponse(weeksResponse);
    // No week in the path: the server's current week.
    if (url.pathname === '/api/book/events/americanfootball_nfl') return jsonResponse(eventsResponse(2, week2));
    if (url.pathname === '/api/book/events/americanfootball_nfl/1') return jsonResponse(eventsResponse(1, week1));
    throw new Error(`unexpected request to ${url.pathname}${url.search}`);
  });
}

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
    const fetchMock = stubSportsApi();
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
    const urls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
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
    stubFetch((url) =>
      url.pathname.startsWith('/api/book/events')
        ? jsonResponse({ error: { code: 'NOT_FOUND', message: 'none' } }, { status: 404 })
        : jsonResponse(teamsResponse),
    );
    renderWithProviders(<ScheduleScreen route="baseball-schedule" sport="baseball_mlb" teamRoute="baseball-team" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No MLB games are loaded for this season yet.');
  });
});

import type { AlmanacGame, TeamsResponse } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { almanacResponse, team, teamTrend, tip, tipsResponse, week } from '../testing/fixtures';
import { TeamScreen } from './team-screen';

registerRoutes(['baseball-team']);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MLB = 'baseball_mlb';

const teams: TeamsResponse = {
  sport: MLB,
  teams: [
    { ...team('NYY', 'New York Yankees', 'AL East'), conference: 'AL' },
    { ...team('BOS', 'Boston Red Sox', 'AL East'), conference: 'AL' },
  ],
  opponents: [],
};

const game = (overrides: Partial<AlmanacGame>): AlmanacGame => ({
  ...almanacResponse.games[0]!,
  season: 2026,
  week: 1,
  yr_week: 202601,
  opponent: 'BOS',
  opponent_name: 'Boston Red Sox',
  spread: -1.5,
  total: 8.5,
  ...overrides,
});

const almanac = {
  ...almanacResponse,
  sport: MLB,
  team: 'NYY',
  name: 'New York Yankees',
  totals: { ...almanacResponse.totals, games: 3 },
  games: [
    game({ event_id: 1, game_date: '2026-03-27', kickoff: '2026-03-27T17:05:00.000Z', score_for: 5, score_against: 3 }),
    game({
      event_id: 2,
      game_date: '2026-03-28',
      kickoff: '2026-03-28T17:05:00.000Z',
      score_for: 2,
      score_against: 4,
      straight_up: 'L',
      ats: 'L',
    }),
    game({
      event_id: 3,
      week: 2,
      yr_week: 202602,
      game_date: '2026-04-01',
      kickoff: '2026-04-01T23:05:00.000Z',
      home: false,
      score_for: 7,
      score_against: 1,
      spread: 1.5,
    }),
  ],
};

const row = (overrides: { team: string; name: string; wins: number; losses: number }) => ({
  ...overrides,
  games: overrides.wins + overrides.losses,
  ties: 0,
  pct: overrides.wins / (overrides.wins + overrides.losses),
  points_for: 14,
  points_against: 8,
  point_diff: 6,
  division_record: { wins: 2, losses: 1, ties: 0 },
  conference_record: { wins: 2, losses: 1, ties: 0 },
  streak: 'W1',
});

const standings = {
  sport: MLB,
  season: 2026,
  groups: [
    {
      conference: 'AL',
      division: 'AL East',
      teams: [
        row({ team: 'NYY', name: 'New York Yankees', wins: 2, losses: 1 }),
        row({ team: 'BOS', name: 'Boston Red Sox', wins: 1, losses: 2 }),
      ],
    },
  ],
};

function renderBaseballTeam() {
  answer('get', `/api/sport/${MLB}/teams`, teams);
  answer('get', `/api/dates/${MLB}/current-week`, { ...week(2), sport: MLB, season: 2026 });
  answer('get', `/api/almanac/${MLB}/NYY`, almanac);
  answer('get', `/api/standings/${MLB}`, standings);
  answer('get', `/api/book/tips/${MLB}`, {
    ...tipsResponse(
      [
        tip('NYY', 'ats_record', 'NYY is 6-3 on the run line', { wins: 6, losses: 3, games: 9, pct: 0.667 }),
        tip('NYY', 'su_streak', 'NYY has won 4 straight', { wins: 4, games: 4, pct: 1 }),
      ],
      [teamTrend('NYY', 'New York Yankees')],
    ),
    sport: MLB,
  });
  answer('get', `/api/book/events/${MLB}`, { sport: MLB, season: 2026, week: week(2), book: null, events: [] });
  return renderRoutes(
    [
      {
        path: '/baseball/team/:team',
        element: <TeamScreen route="baseball-team" sport={MLB} teamRoute="baseball-team" />,
      },
    ],
    { path: '/baseball/team/NYY' },
  );
}

/** Football's words, none of which a baseball page may say. */
const FOOTBALL_WORDS = /\b(Week|week|Spread|spread|ATS|Points|points|PF|PA|Conference)\b/;

const figures = (element: HTMLElement) =>
  Object.fromEntries(
    [...element.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('a baseball team page', () => {
  it('lists the games by date under their month, with the run line, and speaks of runs', async () => {
    stubViewportWidth(1280);
    const { container } = renderBaseballTeam();
    const games = await screen.findByRole('table', { name: 'Games with results and closing lines' });
    expect(
      within(games)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Opponent', 'Result', 'Run line', 'Total', 'ML', 'RL', 'O/U']);
    expect(
      within(games)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['March 2026', 'Mar 27', 'Mar 28', 'April 2026', 'Apr 1']);
    expect(screen.getByRole('heading', { name: 'Margin of victory by date' })).toBeInTheDocument();
    expect(await screen.findByText('Runs scored minus runs allowed, game by game.')).toBeInTheDocument();

    const records = screen.getByRole('table', { name: 'Records' });
    expect(within(records).getByRole('rowheader', { name: /^On the run line/ })).toBeInTheDocument();
    expect(within(records).getByRole('rowheader', { name: /^Straight up W-L$/ })).toBeInTheDocument();
    const reward = screen.getByRole('table', { name: 'Reward of backing or fading every game' });
    expect(within(reward).getByRole('rowheader', { name: 'Pick on (RL)' })).toBeInTheDocument();
    expect(screen.getByText(/against the closing run line/)).toBeInTheDocument();

    const standingsTable = await screen.findByRole('table', { name: 'AL East standings' });
    expect(
      within(standingsTable)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['AL East', 'W-L', 'Pct', 'Diff', 'Strk']);

    const trends = await screen.findByRole('list', { name: 'Trends' });
    expect(within(trends).getAllByText('On the run line').length).toBeGreaterThan(0);
    expect(figures(screen.getByRole('region', { name: 'New York Yankees: 2026 so far' }))).toMatchObject({
      'Straight-up streak': 'Lost 1',
      RL: '6-3',
      'RL streak': 'Covered 3',
    });
    expect(container.querySelector('main')!.textContent).not.toMatch(FOOTBALL_WORDS);
  });

  it('on a phone, titles each game by its date, never a week, and names the run line', async () => {
    stubViewportWidth(390);
    const { container } = renderBaseballTeam();
    const games = await screen.findByRole('list', { name: 'Games with results and closing lines' });
    const [first] = within(games).getAllByRole('listitem');
    expect(first).toHaveTextContent(/^Mar 27 · vs BOSW 5–3/);
    expect(figures(first!)).toEqual({ 'Run line': '-1.5', Total: '8.5', ML: '-170', RL: 'W', 'O/U': 'O' });
    await screen.findByRole('list', { name: 'Trends' });
    expect(container.querySelector('main')!.textContent).not.toMatch(FOOTBALL_WORDS);
  });
});

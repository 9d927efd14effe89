import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderRoutes } from '../../../testing/render';
import { almanacResponse, teamsResponse, week } from '../testing/fixtures';
import { TeamScreen } from './team-screen';

registerRoutes(['football-team']);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const standings = {
  sport: 'americanfootball_nfl',
  season: 2026,
  groups: [
    {
      conference: 'AFC',
      division: 'AFC West',
      teams: [
        { team: 'DEN', name: 'Denver Broncos', wins: 2, losses: 0 },
        { team: 'KC', name: 'Kansas City Chiefs', wins: 1, losses: 1 },
      ].map((row) => ({
        ...row,
        games: 2,
        ties: 0,
        pct: row.wins / 2,
        points_for: 40,
        points_against: 40,
        point_diff: 0,
        division_record: { wins: 1, losses: 0, ties: 0 },
        conference_record: { wins: 1, losses: 0, ties: 0 },
        streak: 'W1',
      })),
    },
  ],
};

function renderTeam(fixedSeason?: number) {
  const fetchMock = stubFetch((url) => {
    if (url.pathname === '/api/sport/americanfootball_nfl/teams') return jsonResponse(teamsResponse);
    if (url.pathname === '/api/dates/americanfootball_nfl/current-week')
      return jsonResponse({ ...week(3), sport: 'americanfootball_nfl', season: 2026 });
    if (url.pathname === '/api/almanac/americanfootball_nfl/KC') return jsonResponse(almanacResponse);
    if (url.pathname === '/api/standings/americanfootball_nfl') return jsonResponse(standings);
    if (url.pathname === '/api/book/events/americanfootball_nfl')
      return jsonResponse({ sport: 'americanfootball_nfl', season: 2026, week: week(3), book: null, events: [] });
    throw new Error(`unexpected request to ${url.pathname}`);
  });
  const result = renderRoutes(
    [
      {
        path: '/football/team/:team',
        element: (
          <TeamScreen
            route="football-team"
            sport="americanfootball_nfl"
            teamRoute="football-team"
            fixedSeason={fixedSeason}
          />
        ),
      },
    ],
    { path: '/football/team/KC' },
  );
  return { ...result, fetchMock };
}

describe('TeamScreen', () => {
  it('shows the almanac: straight-up, ATS and over/under records and the reward of backing or fading', async () => {
    const { container } = renderTeam();
    const records = await screen.findByRole('table', { name: 'Records' });
    expect(container.querySelector('main[data-page="football-team"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Kansas City Chiefs · 2026' })).toBeInTheDocument();
    const row = (table: HTMLElement, name: RegExp) =>
      within(table).getByRole('rowheader', { name }).closest('tr')!.querySelectorAll('td')[0]!.textContent;
    expect(within(records).getByRole('columnheader', { name: 'Record (2 games)' })).toBeInTheDocument();
    expect(row(records, /^Straight up/)).toBe('1-1');
    expect(row(records, /^Against the spread/)).toBe('2-0');
    expect(row(records, /^Over\/under/)).toBe('1-0-1');
    const reward = screen.getByRole('table', { name: 'Reward of backing or fading every game' });
    expect(row(reward, /^Pick on/)).toBe('+10 pts');
    expect(row(reward, /^Pick against/)).toBe('-10 pts');
    expect(row(reward, /^Bet on/)).toBe('+40.50 units');
    expect(row(reward, /^Bet against/)).toBe('-74.25 units');
  });

  it('shows the games with results and closing lines, and the division standings', async () => {
    renderTeam();
    const games = await screen.findByRole('table', { name: 'Games with results and closing lines' });
    const rows = within(games).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1vs DENW 27–20-3.544.5-170WO', '2@ BUFL 21–24+6.545+220WP']);
    const standingsTable = await screen.findByRole('table', { name: 'AFC West standings' });
    expect(
      within(standingsTable)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Denver Broncos', 'Kansas City Chiefs']);
  });

  it('asks the almanac and standings for the season the route fixes', async () => {
    const { fetchMock } = renderTeam(2023);
    await screen.findByRole('table', { name: 'Records' });
    const almanacCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname.startsWith('/api/almanac/'));
    expect(almanacCall?.searchParams.get('season')).toBe('2023');
  });
});

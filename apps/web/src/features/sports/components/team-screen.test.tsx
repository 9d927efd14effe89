import { cleanup, screen, within } from '@testing-library/react';
import { HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer, sentRequests } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render';
import { almanacResponse, team, teamsResponse, teamTrend, tip, tipsResponse, week } from '../testing/fixtures';
import { stubViewportWidth } from '../../../testing/viewport';
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

function renderTeam(
  fixedSeason?: number,
  {
    abbv = 'KC',
    teams = teamsResponse,
    standingsBody = standings as JsonBodyType,
    // The almanac names the team of the season; today's name unless a test says otherwise.
    almanacName = undefined as string | undefined,
  } = {},
) {
  answer('get', '/api/sport/americanfootball_nfl/teams', teams);
  answer('get', '/api/dates/americanfootball_nfl/current-week', {
    ...week(3),
    sport: 'americanfootball_nfl',
    season: 2026,
  });
  answer('get', `/api/almanac/americanfootball_nfl/${abbv}`, {
    ...almanacResponse,
    team: abbv,
    name: almanacName ?? teams.teams.find((entry) => entry.abbv === abbv)?.name ?? abbv,
  });
  answer('get', '/api/standings/americanfootball_nfl', standingsBody);
  answer('get', '/api/book/tips/americanfootball_nfl', ({ request }) =>
    HttpResponse.json(
      tipsResponse(
        [
          tip('DEN', 'su_streak', 'DEN has won 4 straight', { wins: 4, games: 4, pct: 1 }),
          tip('KC', 'ats_record', 'KC is 6-3 ATS', { wins: 6, losses: 3, games: 9, pct: 0.667 }),
          tip('KC', 'ats_streak', 'KC has covered 3 straight', { wins: 3, games: 3, pct: 1 }),
        ],
        [teamTrend('DEN', 'Denver Broncos'), teamTrend('KC', 'Kansas City Chiefs')],
        Number(new URL(request.url).searchParams.get('season_year')),
      ),
    ),
  );
  answer('get', '/api/book/events/americanfootball_nfl', {
    sport: 'americanfootball_nfl',
    season: 2026,
    week: week(3),
    book: null,
    events: [],
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
    { path: `/football/team/${abbv}` },
  );
  return result;
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
    // The API's cents, shown as dollars.
    expect(row(reward, /^Bet on/)).toBe('+$40.50');
    expect(row(reward, /^Bet against/)).toBe('−$74.25');
    expect(screen.getByText(/bets are \$100\.00 on the closing moneyline/)).toBeInTheDocument();
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

  it('asks the almanac, standings and trends for the season the route fixes', async () => {
    renderTeam(2023);
    await screen.findByRole('table', { name: 'Records' });
    await screen.findByRole('list', { name: 'Trends' });
    const call = (path: string) =>
      sentRequests()
        .map((request) => request.url)
        .find((url) => url.pathname.startsWith(path));
    expect(call('/api/almanac/')?.searchParams.get('season')).toBe('2023');
    expect(call('/api/book/tips/')?.searchParams.get('season_year')).toBe('2023');
    expect(screen.getByRole('region', { name: 'Kansas City Chiefs: 2023 so far' })).toBeInTheDocument();
  });

  it('titles the page with the name of the season shown, as the almanac gives it', async () => {
    // The Chiefs stand in for a club renamed since (the Oakland Athletics of 2024, today's "Athletics").
    renderTeam(2001, { almanacName: 'Dallas Texans' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dallas Texans · 2001' })).toBeInTheDocument();
  });

  it('names the division the team played in that season, from the season’s standings', async () => {
    // Seattle is in the NFC West today and was in the AFC West until the 2002 realignment.
    const teams = { ...teamsResponse, teams: [...teamsResponse.teams, team('SEA', 'Seattle Seahawks', 'NFC West')] };
    const west2001 = {
      ...standings,
      season: 2001,
      groups: [
        {
          ...standings.groups[0]!,
          teams: [{ ...standings.groups[0]!.teams[0]!, team: 'SEA', name: 'Seattle Seahawks' }],
        },
      ],
    };
    renderTeam(2001, { abbv: 'SEA', teams, standingsBody: west2001 });
    expect(await screen.findByRole('table', { name: 'AFC West standings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Seattle Seahawks · 2001' })).toBeInTheDocument();
    expect(await screen.findByText(/^AFC West · /)).toBeInTheDocument();
    expect(screen.queryByText(/NFC West/)).toBeNull();
  });

  it("shows the team's trends this season: its records and runs, and its own trends with the figures behind each", async () => {
    renderTeam();
    const trends = await screen.findByRole('list', { name: 'Trends' });
    const cards = within(trends).getAllByRole('listitem');
    // Only the team's own trends, not DEN's.
    expect(cards.map((card) => card.firstElementChild?.firstElementChild?.textContent)).toEqual([
      'KC is 6-3 ATS',
      'KC has covered 3 straight',
    ]);
    const figures = (element: HTMLElement) =>
      Object.fromEntries(
        [...element.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
    expect(figures(cards[0]!)).toEqual({ 'Record (W-L-P)': '6-3', Covered: '67%', Games: '9', Season: '2026' });
    expect(figures(screen.getByRole('region', { name: 'Kansas City Chiefs: 2026 so far' }))).toEqual({
      'Straight up': '5-4',
      'Straight-up run': 'Lost 1',
      ATS: '6-3',
      'ATS run': 'Covered 3',
      'Over/under': '6-2-1',
      Games: '9',
    });
  });

  it('stacks the games into cards on a phone, and keeps the standings to the columns that fit', async () => {
    stubViewportWidth(390);
    renderTeam();
    const games = await screen.findByRole('list', { name: 'Games with results and closing lines' });
    expect(screen.queryByRole('table', { name: 'Games with results and closing lines' })).toBeNull();
    const [first, second] = within(games).getAllByRole('listitem');
    expect(first).toHaveTextContent(/^Week 1 · Sep 13 · vs DENW 27–20/);
    expect(within(first!).getByRole('link', { name: 'DEN' })).toHaveAttribute('href', '/football/team/DEN');
    const figures = Object.fromEntries(
      [...second!.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({ Spread: '+6.5', Total: '45', ML: '+220', ATS: 'W', 'O/U': 'P' });

    const standingsTable = await screen.findByRole('table', { name: 'AFC West standings' });
    expect(
      within(standingsTable)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['AFC West', 'W-L', 'Pct', 'Diff', 'Strk']);
  });
});

import type { AlmanacGame, TeamsResponse } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render';
import { almanacResponse, event, team, tipsResponse, week } from '../testing/fixtures';
import { TeamScreen } from './team-screen';

registerRoutes(['ncaa-football-team']);

afterEach(() => {
  cleanup();
});

const NCAAF = 'americanfootball_ncaaf';

/** Arizona and Utah (FBS, Big 12), and Northern Arizona, an FCS opponent listed apart. */
const teams: TeamsResponse = {
  sport: NCAAF,
  teams: [
    { ...team('ARIZ', 'Arizona Wildcats', 'Big 12'), conference: 'Big 12', division: null },
    { ...team('UTAH', 'Utah Utes', 'Big 12'), conference: 'Big 12', division: null },
  ],
  opponents: [{ abbv: 'NAU', name: 'Northern Arizona Lumberjacks', nickname: 'Lumberjacks', classification: 'fcs' }],
};

const game = (overrides: Partial<AlmanacGame>): AlmanacGame => ({
  ...almanacResponse.games[0]!,
  season: 2024,
  yr_week: null,
  ...overrides,
});

const almanac = {
  ...almanacResponse,
  sport: NCAAF,
  team: 'ARIZ',
  name: 'Arizona Wildcats',
  season: 2024,
  games: [
    game({
      event_id: 11,
      week: 2,
      game_date: '2024-09-07',
      kickoff: '2024-09-08T02:00:00.000Z',
      opponent: 'NAU',
      opponent_name: 'Northern Arizona Lumberjacks',
      opponent_outside: 'fcs',
      home: true,
      score_for: 22,
      score_against: 10,
      spread: null,
      total: null,
      moneyline: null,
      opponent_moneyline: null,
      ats: null,
      over_under: null,
    }),
    game({
      event_id: 12,
      week: 5,
      game_date: '2024-09-28',
      kickoff: '2024-09-28T19:00:00.000Z',
      opponent: 'UTAH',
      opponent_name: 'Utah Utes',
      opponent_outside: null,
      home: false,
      score_for: 23,
      score_against: 10,
      spread: 10.5,
    }),
  ],
};

function renderCollegeTeam() {
  answer('get', `/api/sport/${NCAAF}/teams`, teams);
  answer('get', `/api/dates/${NCAAF}/current-week`, { ...week(2), sport: NCAAF, season: 2024 });
  answer('get', `/api/almanac/${NCAAF}/ARIZ`, almanac);
  answer('get', `/api/standings/${NCAAF}`, { sport: NCAAF, season: 2024, groups: [] });
  answer('get', `/api/book/tips/${NCAAF}`, { ...tipsResponse([], [], 2024), sport: NCAAF });
  answer('get', `/api/book/events/${NCAAF}`, {
    sport: NCAAF,
    season: 2024,
    week: week(2),
    book: null,
    // Next up: Northern Arizona at Arizona, not yet played.
    events: [event(21, 'NAU', 'ARIZ', { sport: NCAAF, season: 2024, week: 2, status: 'scheduled', odds: [] })],
  });
  return renderRoutes(
    [
      {
        path: '/college/football/team/:team',
        element: <TeamScreen route="ncaa-football-team" sport={NCAAF} teamRoute="ncaa-football-team" />,
      },
    ],
    { path: '/college/football/team/ARIZ' },
  );
}

describe('a college team page with a game against an FCS opponent', () => {
  it('names the FCS opponent in its game row and marks it FCS, with no link; FBS opponents link', async () => {
    renderCollegeTeam();
    const games = await screen.findByRole('table', { name: 'Games with results and closing lines' });
    const [, fcsRow, fbsRow] = within(games).getAllByRole('row');
    expect(fcsRow!.textContent).toContain('vs Northern Arizona Lumberjacks (FCS)');
    expect(fcsRow!.textContent).toContain('W 22–10');
    expect(within(fcsRow!).queryByRole('link')).toBeNull();
    expect(within(fbsRow!).getByRole('link', { name: 'UTAH' })).toHaveAttribute('href', '/college/football/team/UTAH');
  });

  it('names the FCS team of an upcoming game by its full name, without a link to a page it does not have', async () => {
    renderCollegeTeam();
    const card = await screen.findByRole('article', { name: 'Northern Arizona Lumberjacks at Arizona Wildcats' });
    expect(within(card).getByText(/Northern Arizona Lumberjacks/)).toBeInTheDocument();
    expect(within(card).getByText('(FCS)')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Arizona Wildcats']);
  });
});

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import BaseballHomeRoute from './baseball-home';

registerRoutes(['baseball-home', 'baseball-team', 'baseball-schedule']);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (team: string, name: string, wins: number) => ({
  team,
  name,
  games: 162,
  wins,
  losses: 162 - wins,
  ties: 0,
  pct: wins / 162,
  points_for: 700,
  points_against: 650,
  point_diff: 50,
  division_record: { wins: 30, losses: 22, ties: 0 },
  conference_record: { wins: 60, losses: 45, ties: 0 },
  streak: 'W2',
});

function renderBaseballHome() {
  answer('get', '/api/standings/baseball_mlb', {
    sport: 'baseball_mlb',
    season: 2026,
    groups: [
      { conference: 'AL', division: 'AL East', teams: [row('NYY', 'New York Yankees', 94)] },
      { conference: 'NL', division: 'NL West', teams: [row('LAD', 'Los Angeles Dodgers', 98)] },
    ],
  });
  answer('get', '/api/sport/baseball_mlb/teams', { sport: 'baseball_mlb', teams: [], opponents: [] });
  return renderRoutes([{ path: '/baseball/conferences', element: <BaseballHomeRoute /> }], {
    path: '/baseball/conferences',
  });
}

describe('the MLB leagues page', () => {
  it('speaks of leagues and runs, with no ties column, and never of conferences or points', async () => {
    stubViewportWidth(1280);
    const { container } = renderBaseballHome();
    expect(screen.getByRole('heading', { level: 1, name: 'MLB leagues' })).toBeInTheDocument();
    const alEast = await screen.findByRole('table', { name: 'AL East standings' });
    expect(
      within(alEast)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['AL East', 'W', 'L', 'Pct', 'RF', 'RA', 'Diff', 'Div', 'Strk']);
    expect(screen.getByRole('table', { name: 'NL West standings' })).toBeInTheDocument();
    expect(container.querySelector('main')!.textContent).not.toMatch(/\b(conferences?|Conferences?|points|PF|PA)\b/);
  });
});

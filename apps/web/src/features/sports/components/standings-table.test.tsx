import type { StandingsGroup } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { renderWithProviders } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { StandingsTable } from './standings-table';

registerRoutes(['football-team', 'baseball-team', 'ncaa-football-team']);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const group: StandingsGroup = {
  conference: 'AFC',
  division: 'AFC West',
  teams: [
    {
      team: 'DEN',
      name: 'Denver Broncos',
      games: 10,
      wins: 7,
      losses: 2,
      ties: 1,
      pct: 0.75,
      points_for: 248,
      points_against: 171,
      point_diff: 77,
      division_record: { wins: 2, losses: 1, ties: 0 },
      conference_record: { wins: 5, losses: 2, ties: 0 },
      streak: 'W3',
    },
  ],
};

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
const cells = (table: HTMLElement) =>
  [...within(table).getByRole('rowheader').closest('tr')!.querySelectorAll('td')].map((cell) => cell.textContent);

describe('StandingsTable', () => {
  it('shows every column on a wide screen', () => {
    renderWithProviders(<StandingsTable sport="americanfootball_nfl" group={group} teamRoute="football-team" />);
    const table = screen.getByRole('table', { name: 'AFC West standings' });
    expect(headers(table)).toEqual(['AFC West', 'W', 'L', 'T', 'Pct', 'PF', 'PA', 'Diff', 'Div', 'Strk']);
    expect(cells(table)).toEqual(['7', '2', '1', '.750', '248', '171', '+77', '2-1', 'W3']);
  });

  it('keeps a narrow column of a page to the record in one column, the percentage, difference and streak', () => {
    renderWithProviders(
      <StandingsTable sport="americanfootball_nfl" group={group} teamRoute="football-team" highlight="DEN" compact />,
    );
    const table = screen.getByRole('table', { name: 'AFC West standings' });
    expect(headers(table)).toEqual(['AFC West', 'W-L', 'Pct', 'Diff', 'Strk']);
    expect(cells(table)).toEqual(['7-2-1', '.750', '+77', 'W3']);
    expect(within(table).getByRole('rowheader')).toHaveTextContent(/^Denver Broncos$/);
  });

  it('fits a phone: the record in one column, points for and against and the division record under the name', () => {
    stubViewportWidth(360);
    renderWithProviders(<StandingsTable sport="americanfootball_nfl" group={group} teamRoute="football-team" />);
    const table = screen.getByRole('table', { name: 'AFC West standings' });
    expect(headers(table)).toEqual(['AFC West', 'W-L', 'Pct', 'Diff', 'Strk']);
    expect(cells(table)).toEqual(['7-2-1', '.750', '+77', 'W3']);
    const name = within(table).getByRole('rowheader');
    expect(within(name).getByRole('link', { name: 'Denver Broncos' })).toHaveAttribute('href', '/football/team/DEN');
    expect(name).toHaveTextContent('PF 248 · PA 171 · Div 2-1');
  });

  const alEast: StandingsGroup = {
    conference: 'AL',
    division: 'AL East',
    teams: [
      {
        ...group.teams[0]!,
        team: 'NYY',
        name: 'New York Yankees',
        games: 162,
        wins: 94,
        losses: 68,
        ties: 0,
        pct: 0.58,
        points_for: 815,
        points_against: 669,
        point_diff: 146,
        division_record: { wins: 30, losses: 22, ties: 0 },
        streak: 'L1',
      },
    ],
  };

  it('counts runs and has no ties column for MLB', () => {
    renderWithProviders(<StandingsTable sport="baseball_mlb" group={alEast} teamRoute="baseball-team" />);
    const table = screen.getByRole('table', { name: 'AL East standings' });
    expect(headers(table)).toEqual(['AL East', 'W', 'L', 'Pct', 'RF', 'RA', 'Diff', 'Div', 'Strk']);
    expect(cells(table)).toEqual(['94', '68', '.580', '815', '669', '+146', '30-22', 'L1']);
    expect(within(table).queryByRole('columnheader', { name: 'T' })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'PF' })).toBeNull();
  });

  it('has no ties column for college football, whose games cannot end tied', () => {
    const sec: StandingsGroup = { conference: 'SEC', division: null, teams: [{ ...group.teams[0]!, ties: 0 }] };
    renderWithProviders(<StandingsTable sport="americanfootball_ncaaf" group={sec} teamRoute="ncaa-football-team" />);
    const table = screen.getByRole('table', { name: 'SEC standings' });
    expect(headers(table)).toEqual(['SEC', 'W', 'L', 'Pct', 'PF', 'PA', 'Diff', 'Div', 'Strk']);
  });

  it('puts runs for and against under an MLB team on a phone', () => {
    stubViewportWidth(390);
    renderWithProviders(<StandingsTable sport="baseball_mlb" group={alEast} teamRoute="baseball-team" />);
    const name = within(screen.getByRole('table', { name: 'AL East standings' })).getByRole('rowheader');
    expect(name).toHaveTextContent('RF 815 · RA 669 · Div 30-22');
    expect(name).not.toHaveTextContent('PF');
  });

  it('scrolls sideways in a focusable region instead of cutting a column off', () => {
    renderWithProviders(<StandingsTable sport="baseball_mlb" group={alEast} teamRoute="baseball-team" />);
    const region = screen.getByRole('region', { name: 'AL East standings' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table', { name: 'AL East standings' })).toBeInTheDocument();
  });
});

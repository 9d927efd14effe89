import type { AlmanacGame, SeasonWeek } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { renderWithProviders } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { almanacResponse, event, TEAMS } from '../testing/fixtures';
import { GameCard } from './game-card';
import { TeamGamesTable } from './team-games-table';
import { WeekSelector } from './week-selector';

registerRoutes(['football-team']);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = almanacResponse.games[0]!;
const game = (overrides: Partial<AlmanacGame>): AlmanacGame => ({ ...base, ...overrides });
const teams = new Map(TEAMS.map((entry) => [entry.abbv, entry] as const));

/** The first cell of each body row: the week column. */
const weekCells = () =>
  within(screen.getByRole('table', { name: 'Games with results and closing lines' }))
    .getAllByRole('rowheader')
    .map((cell) => ({ text: cell.textContent, title: cell.querySelector('abbr')?.getAttribute('title') ?? '' }));

describe('week names on the sports screens (decision 024)', () => {
  it('names college postseason weeks Bowl and CFP in a team’s games, the regular weeks by number', () => {
    stubViewportWidth(1280);
    renderWithProviders(
      <TeamGamesTable
        sport="americanfootball_ncaaf"
        teamRoute="football-team"
        games={[
          game({ event_id: 1, season: 2024, week: 16, season_type: 'regular' }),
          game({ event_id: 2, season: 2024, week: 17, season_type: 'postseason' }),
          game({ event_id: 3, season: 2024, week: 18, season_type: 'postseason' }),
        ]}
      />,
    );
    const cells = weekCells();
    expect(cells.map((cell) => cell.text)).toEqual(['16', 'Bowl', 'CFP']);
    expect(cells[1]!.title).toMatch(/^Bowls · /);
    expect(cells[2]!.title).toMatch(/^Playoff · /);
  });

  it('names the NFL playoff rounds, and shows MLB games by date under their month', () => {
    stubViewportWidth(1280);
    renderWithProviders(
      <TeamGamesTable
        sport="americanfootball_nfl"
        teamRoute="football-team"
        games={[
          game({ event_id: 1, season: 2024, week: 19, season_type: 'postseason' }),
          game({ event_id: 2, season: 2024, week: 22, season_type: 'postseason' }),
          game({ event_id: 3, season: 2020, week: 21, season_type: 'postseason' }),
        ]}
      />,
    );
    expect(weekCells().map((cell) => cell.text)).toEqual(['WC', 'SB', 'SB']);
    expect(weekCells()[1]!.title).toMatch(/^Super Bowl · /);
    cleanup();
    renderWithProviders(
      <TeamGamesTable
        sport="baseball_mlb"
        teamRoute="football-team"
        games={[game({ event_id: 4, season: 2025, week: 2, game_date: '2025-03-27' })]}
      />,
    );
    expect(weekCells().map((cell) => cell.text)).toEqual(['March 2025', 'Mar 27']);
    expect(screen.getByRole('columnheader', { name: 'Date' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Week' })).toBeNull();
  });

  it('titles a game on a phone with the week’s full name', () => {
    stubViewportWidth(375);
    renderWithProviders(
      <TeamGamesTable
        sport="americanfootball_ncaaf"
        teamRoute="football-team"
        games={[game({ event_id: 2, season: 2025, week: 18, season_type: 'postseason' })]}
      />,
    );
    expect(screen.getByText(/^Playoff · /)).toBeInTheDocument();
  });

  it('offers the Bowls and Playoff weeks in the week picker with their dates', () => {
    const weeks: SeasonWeek[] = [
      { number: 17, label: 'Bowls', season_type: 'postseason', start: '2024-12-14', end: '2025-01-04', games: 35 },
      { number: 18, label: 'Playoff', season_type: 'postseason', start: '2024-12-20', end: '2025-01-20', games: 11 },
    ];
    renderWithProviders(<WeekSelector weeks={weeks} value={18} onChange={() => undefined} />);
    const options = within(screen.getByRole('combobox', { name: 'Week' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringMatching(/^Bowls · Dec 14 – Jan 4$/) as string,
      expect.stringMatching(/^Playoff · Dec 20 – Jan 20$/) as string,
    ]);
    expect((screen.getByRole('combobox', { name: 'Week' }) as HTMLSelectElement).value).toBe('18');
  });

  it('shows an MLB game’s place in its series on its card, and nothing for a single game', () => {
    renderWithProviders(
      <>
        <GameCard
          event={event(1, 'BUF', 'KC', { sport: 'baseball_mlb', series: { game: 2, of: 3 } })}
          teams={teams}
          teamRoute={null}
        />
        <GameCard
          event={event(2, 'DEN', 'DAL', { sport: 'baseball_mlb', series: { game: 1, of: 1 } })}
          teams={teams}
          teamRoute={null}
        />
      </>,
    );
    const first = screen.getByRole('article', { name: 'Buffalo Bills at Kansas City Chiefs' });
    expect(within(first).getByText(/Game 2 of 3/)).toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Denver Broncos at Dallas Cowboys' });
    expect(within(second).queryByText(/Game \d of/)).toBeNull();
  });
});

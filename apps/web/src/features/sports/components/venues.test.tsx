import type { AlmanacGame } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { renderWithProviders } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { almanacResponse, event, TEAMS } from '../testing/fixtures';
import { GameCard } from './game-card';
import { TeamGamesTable } from './team-games-table';

registerRoutes(['football-team']);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const [home, away] = almanacResponse.games as [AlmanacGame, AlmanacGame];
const games: AlmanacGame[] = [
  home,
  away,
  // A bowl: the designated away team at a neutral site.
  { ...away, event_id: 3, opponent: 'MIA', neutral_site: true },
  { ...home, event_id: 4, opponent: 'LV', is_demo: true },
];
const teams = new Map(TEAMS.map((team) => [team.abbv, team] as const));
const opponentCell = (id: number) => {
  const table = screen.getByRole('table', { name: 'Games with results and closing lines' });
  const rows = within(table).getAllByRole('row').slice(1);
  return rows[games.findIndex((game) => game.event_id === id)]!;
};
const opponentOf = (id: number) => opponentCell(id).querySelectorAll('td')[0]!;
const weekOf = (id: number) => within(opponentCell(id)).getByRole('rowheader');

describe('neutral sites, demo games and missing results', () => {
  it('writes "vs" and a neutral-site note for a neutral game, "@" only for a real away game', () => {
    renderWithProviders(<TeamGamesTable sport="americanfootball_nfl" games={games} teamRoute="football-team" />);
    expect(opponentOf(1)).toHaveTextContent(/^vs DEN$/);
    expect(opponentOf(2)).toHaveTextContent(/^@ BUF$/);
    expect(opponentOf(3)).toHaveTextContent(/^vs MIAneutral site$/);
    expect(opponentOf(4)).toHaveTextContent(/^vs LV$/);
    expect(weekOf(4)).toHaveTextContent(/^1demo$/);
    expect(weekOf(1)).toHaveTextContent(/^1$/);
  });

  it('keeps the marks on a phone', () => {
    stubViewportWidth(360);
    renderWithProviders(<TeamGamesTable sport="americanfootball_nfl" games={games} teamRoute="football-team" />);
    const list = screen.getByRole('list', { name: 'Games with results and closing lines' });
    const items = within(list).getAllByRole('listitem');
    expect(items[2]).toHaveTextContent('vs MIAneutral site');
    expect(items[1]).toHaveTextContent('@ BUF');
    expect(items[3]).toHaveTextContent(/· demo · vs LV/);
  });

  it('shows a game past its time without a result as "Result not reported", and a cancelled game as cancelled', () => {
    renderWithProviders(
      <>
        <GameCard event={event(7, 'DEN', 'KC', { result_missing: true })} teams={teams} teamRoute={null} />
        <GameCard event={event(8, 'BUF', 'MIA', { status: 'cancelled' })} teams={teams} teamRoute={null} />
        <GameCard event={event(9, 'LV', 'KC')} teams={teams} teamRoute={null} />
        <GameCard event={event(10, 'LV', 'DEN', { neutral_site: true })} teams={teams} teamRoute={null} />
      </>,
    );
    const cards = screen.getAllByRole('article');
    expect(cards[0]).toHaveTextContent('Result not reported');
    expect(cards[1]).toHaveTextContent('Cancelled');
    expect(cards[1]).not.toHaveTextContent('Result not reported');
    expect(cards[2]).not.toHaveTextContent(/Result not reported|Cancelled|Scheduled/);
    expect(cards[3]).toHaveTextContent('neutral site');
    expect(cards[3]).toHaveTextContent(/vs\s*Denver Broncos/);
    expect(cards[2]).not.toHaveTextContent('neutral site');
  });
});

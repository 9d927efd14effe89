import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/render';
import { event, eventsResponse, quote, teamsResponse, weeksResponse } from '../testing/fixtures';
import { stubViewportWidth } from '../../../testing/viewport';
import { CompareBooksScreen } from './compare-books-screen';

registerRoutes(['football-team', 'compare-books-event']);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Three books on KC at DEN: each is best somewhere, and the consensus never counts.
const game = event(21, 'KC', 'DEN', {
  odds: [
    quote('draftkings', 'h2h', 'KC', 150),
    quote('draftkings', 'h2h', 'DEN', -180),
    quote('draftkings', 'spreads', 'KC', -110, 3.5),
    quote('draftkings', 'spreads', 'DEN', -110, -3.5),
    quote('draftkings', 'totals', 'Over', -110, 44.5),
    quote('draftkings', 'totals', 'Under', -110, 44.5),
    quote('betus', 'h2h', 'KC', 140),
    quote('betus', 'h2h', 'DEN', -165),
    quote('betus', 'spreads', 'KC', -115, 4),
    quote('betus', 'spreads', 'DEN', -105, -3.5),
    quote('betus', 'totals', 'Over', -110, 44),
    quote('betus', 'totals', 'Under', -110, 44),
    quote('fanduel', 'h2h', 'KC', 150),
    quote('fanduel', 'h2h', 'DEN', -175),
    quote('fanduel', 'spreads', 'KC', -110, 3.5),
    quote('fanduel', 'spreads', 'DEN', -110, -3.5),
    quote('fanduel', 'totals', 'Over', -110, 44.5),
    quote('fanduel', 'totals', 'Under', -110, 44.5),
    quote('consensus', 'h2h', 'KC', 500),
  ],
});

function stubApi() {
  stubFetch((url) => {
    if (url.pathname === '/api/sport/americanfootball_nfl/teams') return jsonResponse(teamsResponse);
    if (url.pathname === '/api/dates/season/2026/americanfootball_nfl') return jsonResponse(weeksResponse);
    if (url.pathname === '/api/book/events/americanfootball_nfl') return jsonResponse(eventsResponse(2, [game]));
    throw new Error(`unexpected request to ${url.pathname}`);
  });
}

/** The best-marked values in a book's row, as text. */
function bestIn(book: string): string[] {
  const row = document.querySelector(`tr[data-book="${book}"]`);
  if (!row) throw new Error(`no row for ${book}`);
  return [...row.querySelectorAll('[data-best="true"]')].map((cell) => cell.textContent ?? '');
}

describe('CompareBooksScreen', () => {
  it('lists every book for each game, the default book first and the consensus last', async () => {
    stubApi();
    const { container } = renderWithProviders(<CompareBooksScreen />);
    await screen.findByRole('article', { name: 'Kansas City Chiefs at Denver Broncos' });
    expect(container.querySelector('main[data-page="compare-books"]')).not.toBeNull();
    const books = [...document.querySelectorAll('tr[data-book]')].map((row) => row.getAttribute('data-book'));
    expect(books).toEqual(['betus', 'draftkings', 'fanduel', 'consensus']);
    const table = screen.getByRole('table', { name: /Every book's line: KC at DEN/ });
    expect(within(table).getByRole('rowheader', { name: 'BetUS' })).toBeInTheDocument();
  });

  it('highlights the best price per market and side, ties included', async () => {
    stubApi();
    renderWithProviders(<CompareBooksScreen />);
    await screen.findByRole('article', { name: 'Kansas City Chiefs at Denver Broncos' });
    // Moneyline: KC +150 at DraftKings and FanDuel (tie), DEN -165 at BetUS.
    // Spread: KC +4 at BetUS (more points beats a better price), DEN -3.5 at -105 at BetUS.
    // Total: Over 44 at BetUS (fewer points), Under 44.5 at DraftKings and FanDuel.
    expect(bestIn('betus')).toEqual([
      'DEN (-165), best price',
      'KC +4 (-115), best price',
      'DEN -3.5 (-105), best price',
      'O 44 (-110), best price',
    ]);
    expect(bestIn('draftkings')).toEqual(['KC (+150), best price', 'U 44.5 (-110), best price']);
    expect(bestIn('fanduel')).toEqual(['KC (+150), best price', 'U 44.5 (-110), best price']);
    // The consensus is no book to bet at: its +500 is not the best price.
    expect(bestIn('consensus')).toEqual([]);
  });

  it('shows one market at a time on a phone, each book in a row and the best prices still marked', async () => {
    stubViewportWidth(390);
    stubApi();
    renderWithProviders(<CompareBooksScreen />);
    const spreads = await screen.findByRole('table', { name: 'Spread by book: KC at DEN' });
    expect(screen.queryByRole('table', { name: /Every book's line/ })).toBeNull();
    expect(
      within(spreads)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Book', 'KC', 'DEN']);
    expect(bestIn('betus')).toEqual(['+4 (-115), best price', '-3.5 (-105), best price']);

    await userEvent.click(screen.getByRole('button', { name: 'Total' }));
    const totals = screen.getByRole('table', { name: 'Total by book: KC at DEN' });
    expect(
      within(totals)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Book', 'Over', 'Under']);
    expect(bestIn('betus')).toEqual(['44 (-110), best price']);
    expect(bestIn('draftkings')).toEqual(['44.5 (-110), best price']);

    await userEvent.click(screen.getByRole('button', { name: 'Moneyline' }));
    expect(bestIn('draftkings')).toEqual(['(+150), best price']);
  });

  it('links each game to its line history', async () => {
    stubApi();
    renderWithProviders(<CompareBooksScreen />);
    expect(await screen.findByRole('link', { name: 'Line history: KC at DEN' })).toHaveAttribute(
      'href',
      '/compare-books/event/21',
    );
  });
});

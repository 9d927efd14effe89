import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { event, eventsResponse, quote, teamsResponse, weeksResponse } from '../testing/fixtures';
import { CompareBooksScreen } from './compare-books-screen';

registerRoutes(['football-team', 'compare-books-event']);

afterEach(() => {
  cleanup();
});

// Three books on KC at DEN, and the consensus, which is no book to bet at.
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
  answer('get', '/api/sport/americanfootball_nfl/teams', teamsResponse);
  answer('get', '/api/dates/season/2026/americanfootball_nfl', weeksResponse);
  answer('get', '/api/book/events/americanfootball_nfl', eventsResponse(2, [game]));
  answer('get', '/api/health', { status: 'ok', uptimeSeconds: 1, time: '2026-09-20T12:00:00.000Z' });
}

describe('CompareBooksScreen', () => {
  it('shows the week as one grid per market, the books by name, each game linked to its line history', async () => {
    stubApi();
    const { container } = renderWithProviders(<CompareBooksScreen />);
    const spread = await screen.findByRole('table', { name: 'Spread by book' });
    expect(container.querySelector('main[data-page="compare-books"]')).not.toBeNull();
    expect(
      within(spread)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Game', 'BetUS', 'DraftKings', 'FanDuel']);
    expect(within(spread).getByRole('link', { name: 'Line history: KC at DEN' })).toHaveAttribute(
      'href',
      '/compare-books/event/21',
    );
    // DEN -3.5 at -105 at BetUS beats the others' -110.
    const best = [...spread.querySelectorAll('[data-best="true"]')].map((cell) => cell.textContent);
    expect(best).toEqual(['+4 -115, best price', '-3.5 -105, best price']);
  });
});

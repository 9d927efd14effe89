import type { BookEvent, LineOfRecord } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { event, TEAMS } from '../testing/fixtures';
import { GameCard } from './game-card';

afterEach(cleanup);

const teams = new Map(TEAMS.map((entry) => [entry.abbv, entry] as const));

const record = (home_spread: number | null, total: number | null): LineOfRecord => ({
  home_spread,
  total,
  home_moneyline: null,
  away_moneyline: null,
  source: { kind: 'median', provider: null, books: 4, label: 'median of 4 books before kickoff' },
  // What the server says is not what the card reads: it grades the scores against the line itself.
  covered: null,
  over_under: null,
});

/** DEN at KC, final. */
const final = (home: number, away: number, line: LineOfRecord | undefined, overrides: Partial<BookEvent> = {}) =>
  event(1, 'DEN', 'KC', {
    status: 'final',
    event_scores: { home, away },
    ...(line ? { line_of_record: line } : {}),
    ...overrides,
  });

const resultOf = (game: BookEvent) => {
  renderWithProviders(<GameCard event={game} teams={teams} teamRoute={null} />);
  const card = screen.getByRole('article');
  const result = within(card).queryByTestId('game-result')?.textContent ?? null;
  cleanup();
  return result;
};

describe('a final against its line of record', () => {
  it.each([
    // KC 24–10 at KC -3.5: 24 - 3.5 = 20.5 > 10, KC covers; 34 points under 41.
    [24, 10, -3.5, 41, 'Spread KC covered', 'Total Under'],
    // KC 20–17 at KC -6.5: 13.5 < 17, DEN covers; 37 points on a total of 37, a push.
    [20, 17, -6.5, 37, 'Spread DEN covered', 'Total Push'],
    // KC 27–20 at KC -7: exactly 20, a push; 47 points over 44.5.
    [27, 20, -7, 44.5, 'Spread Push', 'Total Over'],
    // DEN favoured, KC +3 (home spread +3): KC 21–24 loses by 3, a push; 45 over 44.
    [21, 24, 3, 44, 'Spread Push', 'Total Over'],
  ])('KC %i–DEN %i at KC %d, total %d: %s, %s', (home, away, spread, total, covered, overUnder) => {
    expect(resultOf(final(home, away, record(spread, total)))).toBe(`${covered}${overUnder}`);
  });

  it('shows only the market the line of record has, and nothing without a line of record or before the final', () => {
    expect(resultOf(final(24, 10, record(null, 41)))).toBe('Total Under');
    expect(resultOf(final(24, 10, record(-3.5, null)))).toBe('Spread KC covered');
    expect(resultOf(final(24, 10, undefined))).toBeNull();
    expect(resultOf(event(1, 'DEN', 'KC', { status: 'in_progress', line_of_record: record(-3.5, 41) }))).toBeNull();
  });

  it('speaks of the run line in baseball', () => {
    // 5–3 at -1.5: 3.5 > 3, the home side covers; 8 runs over 7.5.
    expect(resultOf(final(5, 3, record(-1.5, 7.5), { sport: 'baseball_mlb' }))).toBe('Run line KC coveredTotal Over');
  });
});

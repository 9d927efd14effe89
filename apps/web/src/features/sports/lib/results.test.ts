import { describe, expect, it } from 'vitest';
import { event, final, quote, week } from '../testing/fixtures';
import { RECORD_LINE, closingLineOf, easternToday, gameResult, latestPlayedWeek, recordLineOf } from './results';

describe('closingLineOf', () => {
  it('prefers the consensus, then the default book, then the first book that quoted the game', () => {
    const quotes = (...books: string[]) => books.map((book) => quote(book, 'h2h', 'DEN', -150));
    expect(closingLineOf(event(1, 'KC', 'DEN', { odds: quotes('fanduel', 'betus', 'consensus') }))?.book).toBe(
      'consensus',
    );
    expect(closingLineOf(event(1, 'KC', 'DEN', { odds: quotes('fanduel', 'betus') }))?.book).toBe('betus');
    expect(closingLineOf(event(1, 'KC', 'DEN', { odds: quotes('fanduel', 'draftkings') }))?.book).toBe('draftkings');
    expect(closingLineOf(event(1, 'KC', 'DEN', { odds: [] }))).toBeNull();
  });
});

describe('the line of record', () => {
  const lineOfRecord = {
    home_spread: -3,
    total: 37,
    home_moneyline: -160,
    away_moneyline: 135,
    source: {
      kind: 'median' as const,
      provider: null,
      books: 4,
      label: "median of 4 books' last quotes before kickoff",
    },
    covered: 'push' as const,
    over_under: 'push' as const,
  };

  it('is the line a final is told against, whatever the books say', () => {
    // BetUS closed KC at DET at 36.5; the line of record is 37, and 20–17 pushes it.
    const game = final(1, 'KC', 'DET', { away: 17, home: 20 }, { homeSpread: -2.5, total: 36.5 });
    game.line_of_record = lineOfRecord;
    const line = closingLineOf(game);
    expect(line?.book).toBe(RECORD_LINE);
    expect(recordLineOf(game)?.moneyline.away?.price).toBe(135);
    expect(gameResult(game, line)).toEqual({
      spread: { team: 'DET', point: -3 },
      total: 37,
      covered: 'push',
      overUnder: 'push',
    });
  });

  it('is absent from a game the server sent none for', () => {
    expect(recordLineOf(event(1, 'KC', 'DEN'))).toBeNull();
  });
});

describe('gameResult', () => {
  const result = (game: ReturnType<typeof final>) => gameResult(game, closingLineOf(game));

  it('names the favourite and the team that covered, from either side of the spread', () => {
    // DEN -3.5 at home wins by 7: DEN covers, 47 points go over 44.5.
    expect(result(final(1, 'KC', 'DEN', { away: 20, home: 27 }, { homeSpread: -3.5, total: 44.5 }))).toEqual({
      spread: { team: 'DEN', point: -3.5 },
      total: 44.5,
      covered: 'DEN',
      overUnder: 'over',
    });
    // KC -6.5 on the road wins by 3: DEN (+6.5) covers, 37 stays under.
    expect(result(final(2, 'KC', 'DEN', { away: 20, home: 17 }, { homeSpread: 6.5, total: 44.5 }))).toEqual({
      spread: { team: 'KC', point: -6.5 },
      total: 44.5,
      covered: 'DEN',
      overUnder: 'under',
    });
  });

  it('pushes on a whole-number line met exactly, and a pick-em has no favourite', () => {
    expect(result(final(1, 'KC', 'DEN', { away: 20, home: 23 }, { homeSpread: -3, total: 43 }))).toMatchObject({
      covered: 'push',
      overUnder: 'push',
    });
    expect(result(final(1, 'KC', 'DEN', { away: 20, home: 23 }, { homeSpread: 0, total: 40 }))).toMatchObject({
      spread: { team: null, point: 0 },
      covered: 'DEN',
    });
  });

  it('reads the spread from the away side when only it was quoted', () => {
    const game = final(1, 'KC', 'DEN', { away: 24, home: 20 }, { homeSpread: 2.5, total: 44 });
    game.odds = game.odds.filter((entry) => !(entry.market === 'spreads' && entry.outcome === 'DEN'));
    expect(result(game)).toMatchObject({ spread: { team: 'KC', point: -2.5 }, covered: 'KC' });
  });

  it('has no result before the final, and no cover or total without a line', () => {
    expect(gameResult(event(1, 'KC', 'DEN'), closingLineOf(event(1, 'KC', 'DEN')))).toBeNull();
    const unquoted = event(1, 'KC', 'DEN', { status: 'final', event_scores: { away: 10, home: 13 }, odds: [] });
    expect(gameResult(unquoted, null)).toEqual({ spread: null, total: null, covered: null, overUnder: null });
  });
});

describe('latestPlayedWeek', () => {
  // week(n) runs from 2026-09-(9 + 7n) to 2026-09-(15 + 7n).
  const weeks = [week(1), week(2)];

  it('is the latest week that has ended', () => {
    expect(latestPlayedWeek(weeks, '2026-10-20')).toBe(2);
    expect(latestPlayedWeek(weeks, '2026-09-25')).toBe(1);
  });

  it('is the week being played before any week has ended, and the first week before the season', () => {
    expect(latestPlayedWeek(weeks, '2026-09-17')).toBe(1);
    expect(latestPlayedWeek(weeks, '2026-08-01')).toBe(1);
    expect(latestPlayedWeek([], '2026-08-01')).toBeUndefined();
  });
});

describe('easternToday', () => {
  it('is the US Eastern calendar day, which is still the day before late at night UTC', () => {
    expect(easternToday(new Date('2026-11-22T03:30:00Z'))).toBe('2026-11-21');
    expect(easternToday(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11-22');
  });
});

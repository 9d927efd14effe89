import type { BookEvent, BookQuote } from '@pass/contracts';
import { describe, expect, it } from 'vitest';
import { betEntry, bookEvent } from '../../../testing/ledger-fixtures';
import { entrySummary, isBeforeKickoff, pickBody, pickLabel, pickSides, previewOfChange, switchBody } from './picks';

const quote = (book: string, market: BookQuote['market'], outcome: string, price: number, point: number | null) => ({
  book,
  market,
  outcome,
  price,
  point,
  fetched_at: '2025-11-21T10:00:00Z',
  quoted_at: null,
});

const withOdds = (odds: BookQuote[], overrides: Partial<BookEvent> = {}): BookEvent => ({
  ...bookEvent,
  ...overrides,
  odds,
});

describe('pickSides', () => {
  it("takes football's spread from the default book's latest quotes, away side first", () => {
    const [away, home] = pickSides(bookEvent);
    expect(away).toEqual({ team: 'BUF', kind: 3, line: 3, price: -105, book: 'betus', label: 'BUF +3' });
    expect(home).toEqual({ team: 'KC', kind: 3, line: -3, price: -115, book: 'betus', label: 'KC -3' });
  });

  it('falls back to the first other book with a spread, the consensus last, and mirrors a one-sided quote', () => {
    const event = withOdds([
      quote('consensus', 'spreads', 'KC', -110, -2.5),
      quote('fanduel', 'spreads', 'KC', -110, 0),
      quote('draftkings', 'spreads', 'BUF', -108, 1.5),
      quote('betus', 'h2h', 'KC', -140, null),
    ]);
    const [away, home] = pickSides(event);
    expect(away).toMatchObject({ book: 'draftkings', line: 1.5, price: -108, label: 'BUF +1.5' });
    expect(home).toMatchObject({ book: 'draftkings', line: -1.5, price: null, label: 'KC -1.5' });
    const pickem = pickSides(
      withOdds([quote('consensus', 'spreads', 'KC', -110, -2.5), quote('fanduel', 'spreads', 'KC', -110, 0)]),
    );
    expect(pickem.map((side) => [side.book, side.label])).toEqual([
      ['fanduel', 'BUF PK'],
      ['fanduel', 'KC PK'],
    ]);
  });

  it('picks baseball, and football without any spread, straight up', () => {
    const mlb = pickSides(
      withOdds([quote('betus', 'h2h', 'NYY', -150, null), quote('betus', 'h2h', 'BOS', 130, null)], {
        sport: 'baseball_mlb',
        home_team: 'NYY',
        away_team: 'BOS',
      }),
    );
    expect(mlb).toEqual([
      { team: 'BOS', kind: 1, line: null, price: 130, book: 'betus', label: 'BOS +130' },
      { team: 'NYY', kind: 1, line: null, price: -150, book: 'betus', label: 'NYY -150' },
    ]);
    expect(pickSides(withOdds([])).map((side) => [side.kind, side.book, side.label])).toEqual([
      [1, null, 'BUF to win'],
      [1, null, 'KC to win'],
    ]);
  });
});

describe('pick bodies', () => {
  it('picks on a spread side as favoured or underdog by its line, and straight up to win', () => {
    const [away, home] = pickSides(bookEvent);
    expect(pickBody(bookEvent, home)).toEqual({
      event_id: 101,
      bet_mode: 1,
      bet_kind: 3,
      bet_type: 4,
      bet_team: 'KC',
      line: -3,
      book: 'betus',
    });
    expect(switchBody(away)).toEqual({ bet_team: 'BUF', bet_type: 3, line: 3, book: 'betus' });
    const [straightUp] = pickSides(withOdds([]));
    expect(pickBody(bookEvent, straightUp)).toEqual({
      event_id: 101,
      bet_mode: 1,
      bet_kind: 1,
      bet_type: 5,
      bet_team: 'BUF',
      book: null,
    });
  });

  it('previews a switch with the new side, line, type and book', () => {
    const pick = betEntry({ bet_mode: 1, price: null, stake_cents: null });
    const moved = previewOfChange(pick, { bet_team: 'BUF', bet_type: 3, line: 3, book: 'fanduel' });
    expect(moved).toMatchObject({ id: pick.id, bet_team: 'BUF', bet_type: 3, line: 3, book: 'fanduel' });
    expect(pickLabel(moved)).toBe('BUF +3');
  });
});

describe('isBeforeKickoff', () => {
  const now = new Date('2025-11-23T17:59:59Z');
  it('is true for a scheduled game before its kickoff, or before noon UTC of its date when the time is unknown', () => {
    expect(isBeforeKickoff(bookEvent, now)).toBe(true);
    expect(isBeforeKickoff(bookEvent, new Date('2025-11-23T18:00:00Z'))).toBe(false);
    expect(isBeforeKickoff({ ...bookEvent, status: 'postponed' }, now)).toBe(false);
    expect(isBeforeKickoff({ ...bookEvent, kickoff: null }, new Date('2025-11-23T11:59:00Z'))).toBe(true);
    expect(isBeforeKickoff({ ...bookEvent, kickoff: null }, new Date('2025-11-23T12:00:00Z'))).toBe(false);
  });
});

describe('entrySummary', () => {
  it("names mode, side, line, price, stake and a bet's kind of money", () => {
    expect(entrySummary(betEntry())).toBe('Bet on KC -3 · -115 · $110.00 · simulated');
    expect(entrySummary(betEntry({ is_simulated: false }))).toBe('Bet on KC -3 · -115 · $110.00 · real money');
    expect(entrySummary(betEntry({ source: 'teller' }))).toBe('Bet on KC -3 · -115 · $110.00 · paper');
    expect(
      entrySummary(
        betEntry({
          bet_mode: 1,
          bet_kind: 2,
          bet_type: 1,
          bet_team: null,
          line: 47.5,
          price: null,
          stake_cents: null,
          multiplier: 2,
        }),
      ),
    ).toBe('Pick on Over 47.5 · ×2');
  });
});

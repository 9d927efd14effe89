import { describe, expect, it } from 'vitest';
import { event, quote } from '../testing/fixtures';
import { bestQuotes, compareQuotes, formatSpread, orderBooks, scheduleLine } from './lines';

describe('lines', () => {
  it('formats spreads as books print them', () => {
    expect(formatSpread(-3.5)).toBe('-3.5');
    expect(formatSpread(7)).toBe('+7');
    expect(formatSpread(0)).toBe('PK');
  });

  it('orders the default book first and the consensus last', () => {
    expect(orderBooks(['fanduel', 'consensus', 'betus', 'draftkings', 'betus'])).toEqual([
      'betus',
      'draftkings',
      'fanduel',
      'consensus',
    ]);
  });

  it('compares quotes from the bettor side', () => {
    expect(compareQuotes(quote('a', 'h2h', 'KC', -105), quote('b', 'h2h', 'KC', -110))).toBe(1);
    expect(compareQuotes(quote('a', 'h2h', 'KC', 100), quote('b', 'h2h', 'KC', -100))).toBe(1);
    expect(compareQuotes(quote('a', 'spreads', 'KC', -120, 3.5), quote('b', 'spreads', 'KC', -105, 3))).toBe(1);
    expect(compareQuotes(quote('a', 'totals', 'Over', -110, 44), quote('b', 'totals', 'Over', -110, 44.5))).toBe(1);
    expect(compareQuotes(quote('a', 'totals', 'Under', -110, 44), quote('b', 'totals', 'Under', -110, 44.5))).toBe(-1);
  });

  it('marks nothing where every book has the same line', () => {
    const same = event(1, 'KC', 'DEN', {
      odds: [quote('betus', 'h2h', 'KC', 120), quote('fanduel', 'h2h', 'KC', 120)],
    });
    expect(bestQuotes(same).size).toBe(0);
  });

  it('takes the default book line for the schedule, else the consensus, else none', () => {
    expect(scheduleLine(event(1, 'KC', 'DEN'))?.book).toBe('betus');
    expect(scheduleLine(event(1, 'KC', 'DEN', { odds: [quote('consensus', 'h2h', 'KC', 120)] }))?.book).toBe(
      'consensus',
    );
    expect(scheduleLine(event(1, 'KC', 'DEN', { odds: [quote('fanduel', 'h2h', 'KC', 120)] }))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { BetMode } from '../enums.js';
import { MONEY_KINDS, moneyKindOf } from './money-kind.js';

describe('moneyKindOf', () => {
  it('calls a bet staked at a book real money, recorded by hand or synced', () => {
    expect(moneyKindOf({ betMode: BetMode.bet_on, isSimulated: false, source: 'manual' })).toBe('real');
    expect(moneyKindOf({ betMode: BetMode.bet_against, isSimulated: false, source: 'sync' })).toBe('real');
  });

  it('calls simulated bets, demo entries and every pick simulated, even a pick marked real', () => {
    expect(moneyKindOf({ betMode: BetMode.bet_on, isSimulated: true, source: 'manual' })).toBe('simulated');
    expect(moneyKindOf({ betMode: BetMode.bet_on, isSimulated: true, source: 'demo' })).toBe('simulated');
    expect(moneyKindOf({ betMode: BetMode.pick_on, isSimulated: false, source: 'manual' })).toBe('simulated');
    expect(moneyKindOf({ betMode: BetMode.pick_against, isSimulated: true, source: 'manual' })).toBe('simulated');
  });

  it("calls the teller's bets paper, whatever else they say", () => {
    expect(moneyKindOf({ betMode: BetMode.bet_on, isSimulated: true, source: 'teller' })).toBe('teller');
    expect(moneyKindOf({ betMode: BetMode.bet_on, isSimulated: false, source: 'teller' })).toBe('teller');
  });

  it('orders real money first', () => {
    expect(MONEY_KINDS).toEqual(['real', 'simulated', 'teller']);
  });
});

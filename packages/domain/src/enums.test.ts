import { describe, expect, it } from 'vitest';
import { BetKind, BetMode, BetType, DEFAULT_SPORT, enumName, isSport, isTeaserType, SPORTS, Status } from './enums.js';

// The numeric values are the specification's (product spec, section 3) and part of the API contract.
describe('enumerations', () => {
  it('keeps the specification values of Status', () => {
    expect(Status).toEqual({
      unknown: -1,
      open: 1,
      confirmed: 2,
      pending: 3,
      closed: 4,
      rejected: 5,
      canceled: 6,
      deleted: 7,
      completed: 8,
    });
  });

  it('keeps the specification values of BetMode, BetKind and BetType', () => {
    expect(BetMode).toEqual({ pick_on: 1, pick_against: 2, bet_on: 3, bet_against: 4 });
    expect(BetKind).toEqual({ moneyline: 1, totals: 2, spread: 3 });
    expect(BetType).toEqual({ over: 1, under: 2, underdog: 3, favored: 4, to_win: 5, tease_dog: 6, tease_fav: 7 });
  });

  it('gives each value a single name, so a reverse lookup is unambiguous', () => {
    for (const enumeration of [Status, BetMode, BetKind, BetType]) {
      const values = Object.values(enumeration);
      expect(new Set(values).size).toBe(values.length);
    }
  });
});

describe('enumName', () => {
  it.each([
    [Status, -1, 'unknown'],
    [Status, 8, 'completed'],
    [BetMode, 2, 'pick_against'],
    [BetKind, 3, 'spread'],
    [BetType, 7, 'tease_fav'],
  ] as const)('names value %#', (enumeration, value, name) => {
    expect(enumName(enumeration, value)).toBe(name);
  });

  it('round-trips every value of every enumeration', () => {
    for (const enumeration of [Status, BetMode, BetKind, BetType] as Record<string, number>[]) {
      for (const [name, value] of Object.entries(enumeration)) {
        expect(enumName(enumeration, value)).toBe(name);
      }
    }
  });

  it('answers undefined for a number that is not a value', () => {
    expect(enumName(Status, 0)).toBeUndefined();
    expect(enumName(Status, 9)).toBeUndefined();
    expect(enumName(BetKind, -1)).toBeUndefined();
    expect(enumName(BetType, 1.5)).toBeUndefined();
  });
});

describe('isTeaserType', () => {
  it('is true of the two teaser types only', () => {
    const teasers = Object.values(BetType).filter(isTeaserType);
    expect(teasers).toEqual([BetType.tease_dog, BetType.tease_fav]);
    expect(isTeaserType(0)).toBe(false);
  });
});

describe('isSport', () => {
  it('accepts The Odds API keys of the three sports', () => {
    expect(SPORTS).toEqual(['americanfootball_nfl', 'americanfootball_ncaaf', 'baseball_mlb']);
    for (const sport of SPORTS) expect(isSport(sport)).toBe(true);
    expect(DEFAULT_SPORT).toBe('americanfootball_nfl');
  });

  it.each(['', 'nfl', 'AMERICANFOOTBALL_NFL', 'americanfootball_nfl ', 'basketball_nba', 'toString'])(
    'refuses %j',
    (value) => {
      expect(isSport(value)).toBe(false);
    },
  );
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { americanToDecimal, OddsError } from './american-odds.js';
import { profitCents, profitCentsAtDecimal, profitCentsUnrounded } from './profit.js';

describe('profitCents', () => {
  it('pays $90.91 on $100 at −110, $150 on $100 at +150, $100 on $110 at −110', () => {
    expect(profitCents(10_000, -110)).toBe(9091);
    expect(profitCents(10_000, 150)).toBe(15_000);
    expect(profitCents(11_000, -110)).toBe(10_000);
    expect(profitCents(10_000, 100)).toBe(10_000);
    expect(profitCents(10_000, -100)).toBe(10_000);
  });

  it('rounds to the nearest cent, halves away from zero', () => {
    expect(profitCents(55, -110)).toBe(50); // exactly 50
    expect(profitCents(1, -110)).toBe(1); // 0.909
    expect(profitCents(3, -200)).toBe(2); // 1.5
    expect(profitCents(5, -200)).toBe(3); // 2.5
    expect(profitCents(1, 150)).toBe(2); // 1.5
    expect(profitCents(1, 140)).toBe(1); // 1.4
    expect(profitCents(2, -300)).toBe(1); // 0.667
    expect(profitCents(1, -300)).toBe(0); // 0.333
    expect(profitCents(0, -110)).toBe(0);
    expect(profitCents(88_927_230, 18_145)).toBe(16_135_845_884); // exactly …883.5, which doubles see as …883.50000191
  });

  it('stays exact for stakes beyond floating point’s comfort', () => {
    // 9,007,199,254,740,991 × 100 overflows a double's integers; BigInt keeps the answer to the cent.
    expect(profitCents(Number.MAX_SAFE_INTEGER, -110)).toBe(8_188_362_958_855_446);
    expect(profitCents(Number.MAX_SAFE_INTEGER, 100)).toBe(Number.MAX_SAFE_INTEGER);
    expect(profitCents(1_000_000_000_00, -110)).toBe(90_909_090_909);
  });

  it('rejects fractional or negative stakes and fractional or impossible prices', () => {
    expect(() => profitCents(-1, -110)).toThrow(expect.objectContaining({ code: 'stake_not_cents' }));
    expect(() => profitCents(10.5, -110)).toThrow(expect.objectContaining({ code: 'stake_not_cents' }));
    expect(() => profitCents(100, -110.5)).toThrow(expect.objectContaining({ code: 'price_not_whole' }));
    expect(() => profitCents(100, 50)).toThrow(OddsError);
  });

  it('is stake × (decimal − 1) rounded to the nearest cent, halves up, and never negative (300 runs)', () => {
    const price = fc.oneof(fc.integer({ min: 100, max: 50_000 }), fc.integer({ min: -50_000, max: -100 }));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), price, (stake, american) => {
        const profit = profitCents(stake, american);
        // The exact profit is numerator / denominator; these products stay far below 2^53, so they are exact
        // where stake × (decimal − 1) in floating point is not (88,927,230 at +18145 is off by 2e-6).
        const [numerator, denominator] = american > 0 ? [stake * american, 100] : [stake * 100, -american];
        const twiceError = 2 * profit * denominator - 2 * numerator; // 2 × (profit − exact) × denominator
        expect(Number.isInteger(profit)).toBe(true);
        expect(profit).toBeGreaterThanOrEqual(0);
        expect(twiceError).toBeGreaterThan(-denominator); // less than half a cent below …
        expect(twiceError).toBeLessThanOrEqual(denominator); // … at most half a cent above, when exactly half
        // The same bound in the terms the ledger speaks: never more than stake × (decimal − 1) and half a cent.
        expect(profit).toBeLessThanOrEqual(stake * (americanToDecimal(american) - 1) + 0.5 + profit * 1e-12);
      }),
      { numRuns: 300 },
    );
  });
});

describe('profitCentsAtDecimal', () => {
  it('pays stake × (decimal − 1) on an exact fraction, rounded as profitCents rounds', () => {
    // 21/11 is −110: the same 9091 and 50 as profitCents.
    expect(profitCentsAtDecimal(10_000, { numerator: 21n, denominator: 11n })).toBe(9091);
    expect(profitCentsAtDecimal(55, { numerator: 21n, denominator: 11n })).toBe(50);
    expect(profitCentsAtDecimal(3, { numerator: 3n, denominator: 2n })).toBe(2); // 1.5
    expect(() => profitCentsAtDecimal(-1, { numerator: 3n, denominator: 2n })).toThrow(
      expect.objectContaining({ code: 'stake_not_cents' }),
    );
  });
});

describe('profitCentsUnrounded', () => {
  it('is the exact profit in cents, before any rounding', () => {
    expect(profitCentsUnrounded(1, -110)).toBeCloseTo(0.909_090_9, 6);
    expect(profitCentsUnrounded(10_000, 150)).toBe(15_000);
    expect(profitCentsUnrounded(11_000, -110)).toBe(10_000);
    expect(profitCentsUnrounded(3, -200)).toBe(1.5);
    expect(() => profitCentsUnrounded(100, 50)).toThrow(OddsError);
  });

  it('rounds to profitCents to within half a cent (300 runs)', () => {
    const price = fc.oneof(fc.integer({ min: 100, max: 50_000 }), fc.integer({ min: -50_000, max: -100 }));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), price, (stake, american) => {
        expect(Math.abs(profitCents(stake, american) - profitCentsUnrounded(stake, american))).toBeLessThanOrEqual(
          0.5 + 1e-9,
        );
      }),
      { numRuns: 300 },
    );
  });
});

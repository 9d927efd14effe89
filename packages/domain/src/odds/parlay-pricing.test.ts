import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWholeAmericanPrice, OddsError } from './american-odds.js';
import {
  parlayAmericanPrice,
  parlayDecimal,
  parlayDecimalFraction,
  parlayPayoutCents,
  parlayProfitCents,
} from './parlay-pricing.js';
import { profitCents } from './profit.js';

describe('parlay prices', () => {
  it('multiplies the legs’ decimal prices', () => {
    // −110 × −110: 1.9091² = 3.6446, +264 as a ticket prints it.
    expect(parlayDecimal([-110, -110])).toBeCloseTo(3.6446, 4);
    expect(parlayAmericanPrice([-110, -110])).toBe(264);
    expect(parlayDecimal([150, 200, -200])).toBeCloseTo(2.5 * 3 * 1.5, 10);
    expect(parlayAmericanPrice([150, 200, -200])).toBe(1025);
    expect(parlayAmericanPrice([])).toBeNull();
  });

  it('pays the product of the legs on a stake, to the cent', () => {
    // $100 on −110, −110, −110: 100 × ((21/11)³ − 1) = $595.79.
    expect(parlayProfitCents(10_000, [-110, -110, -110])).toBe(59_579);
    expect(parlayPayoutCents(10_000, [-110, -110, -110])).toBe(69_579);
    // The ticket's own price replaces the product.
    expect(parlayPayoutCents(10_000, [-110, -110, -110], 600)).toBe(70_000);
  });

  it('refuses a price no book could quote', () => {
    expect(() => parlayProfitCents(100, [-110, 50])).toThrow(OddsError);
    expect(() => parlayProfitCents(100, [-110.5, 120])).toThrow(OddsError);
    expect(() => parlayProfitCents(-1, [-110, 120])).toThrow(OddsError);
  });
  it('keeps the product as an exact fraction', () => {
    expect(parlayDecimalFraction([150, -110])).toEqual({ numerator: 250n * 210n, denominator: 100n * 110n });
    expect(parlayDecimalFraction([])).toEqual({ numerator: 1n, denominator: 1n });
  });
});

const americanPrice = fc.oneof(fc.integer({ min: 100, max: 2000 }), fc.integer({ min: -2000, max: -100 }));

describe('parlay price properties', () => {
  it('prints a whole price a book could quote (300 runs)', () => {
    fc.assert(
      fc.property(fc.array(americanPrice, { minLength: 1, maxLength: 10 }), (prices) => {
        expect(isWholeAmericanPrice(parlayAmericanPrice(prices)!)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a parlay of one leg pays exactly what that single would (300 runs)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), americanPrice, (stakeCents, price) => {
        expect(parlayProfitCents(stakeCents, [price])).toBe(profitCents(stakeCents, price));
        expect(parlayPayoutCents(stakeCents, [price])).toBe(stakeCents + profitCents(stakeCents, price));
      }),
      { numRuns: 300 },
    );
  });
});

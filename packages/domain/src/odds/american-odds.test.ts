import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  americanPriceText,
  americanToDecimal,
  americanToDecimalFraction,
  americanToImplied,
  assertAmericanPrice,
  assertWholeAmericanPrice,
  decimalToAmerican,
  decimalToAmericanExact,
  decimalToImplied,
  impliedToAmerican,
  impliedToDecimal,
  isAmericanPrice,
  isWholeAmericanPrice,
  OddsError,
} from './american-odds.js';

/** American prices as books quote them and as fair lines come out: |price| ≥ 100, whole or not. */
const americanPrice = fc.oneof(
  fc.integer({ min: 100, max: 100_000 }),
  fc.integer({ min: -100_000, max: -100 }),
  fc.double({ min: 100, max: 100_000, noNaN: true }),
  fc.double({ min: -100_000, max: -100, noNaN: true }),
);

describe('American, decimal and implied prices', () => {
  it('converts −110 to 1.9091 and 0.5238, +150 to 2.5 and 0.4', () => {
    expect(americanToDecimal(-110)).toBeCloseTo(1.9091, 4);
    expect(americanToImplied(-110)).toBeCloseTo(0.5238, 4);
    expect(americanToDecimal(150)).toBe(2.5);
    expect(americanToImplied(150)).toBe(0.4);
  });

  it('reads both −100 and +100 as even money and prints even money as +100', () => {
    expect(americanToDecimal(-100)).toBe(2);
    expect(americanToDecimal(100)).toBe(2);
    expect(americanToImplied(-100)).toBe(0.5);
    expect(decimalToAmericanExact(2)).toBe(100);
    expect(impliedToAmerican(0.5)).toBe(100);
  });

  it('converts back: 2.5 → +150, 1.5 → −200, 0.6 → −150, 0.2 → +400', () => {
    expect(decimalToAmericanExact(2.5)).toBe(150);
    expect(decimalToAmericanExact(1.5)).toBe(-200);
    expect(impliedToAmerican(0.6)).toBeCloseTo(-150, 9);
    expect(impliedToAmerican(0.2)).toBeCloseTo(400, 9);
    expect(decimalToImplied(4)).toBe(0.25);
    expect(impliedToDecimal(0.25)).toBe(4);
  });

  it('rejects prices strictly between −100 and +100 with a typed error, and non-numbers', () => {
    for (const price of [-99.99, -50, 0, 1, 99, 99.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isAmericanPrice(price)).toBe(false);
      expect(() => americanToDecimal(price)).toThrow(OddsError);
    }
    expect(() => assertAmericanPrice(-99)).toThrow(
      expect.objectContaining({ name: 'OddsError', code: 'inside_even_money' }),
    );
    expect(() => assertAmericanPrice(Number.NaN)).toThrow(expect.objectContaining({ code: 'not_a_number' }));
    expect([-100, 100, -110, 150, -100_000].every(isAmericanPrice)).toBe(true);
  });

  it('rejects decimal prices of 1 or less and probabilities outside (0, 1)', () => {
    expect(() => decimalToAmericanExact(1)).toThrow(expect.objectContaining({ code: 'decimal_out_of_range' }));
    expect(() => decimalToImplied(0.5)).toThrow(OddsError);
    for (const probability of [0, 1, -0.1, 1.1, Number.NaN]) {
      expect(() => impliedToDecimal(probability)).toThrow(
        expect.objectContaining({ code: 'probability_out_of_range' }),
      );
    }
  });

  it('round-trips American → decimal → American within a cent (300 runs)', () => {
    fc.assert(
      fc.property(americanPrice, (american) => {
        const back = decimalToAmericanExact(americanToDecimal(american));
        // −100 and +100 are one price, which the way back prints as +100: near even money, −100.000001 may
        // come back as +100, the same price by a hair.
        const nearEvenMoney = (price: number) => Math.abs(Math.abs(price) - 100) < 0.005;
        expect(Math.abs(back - american) < 0.01 || (nearEvenMoney(back) && nearEvenMoney(american))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips decimal → American → decimal within a cent on a 100 stake (300 runs)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1.001, max: 1000, noNaN: true }), (decimal) => {
        const back = americanToDecimal(decimalToAmericanExact(decimal));
        expect(Math.abs(back - decimal) * 100).toBeLessThan(0.01);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps implied probability and decimal price reciprocal, and inside (0, 1) (300 runs)', () => {
    fc.assert(
      fc.property(americanPrice, (american) => {
        const implied = americanToImplied(american);
        expect(implied).toBeGreaterThan(0);
        expect(implied).toBeLessThan(1);
        expect(implied * americanToDecimal(american)).toBeCloseTo(1, 12);
      }),
      { numRuns: 300 },
    );
  });

  it('tells a price as books quote it: whole, and ±100 or beyond', () => {
    expect([-110, 150, 100, -100, 100_000].every(isWholeAmericanPrice)).toBe(true);
    expect([-110.5, 99, 0, Number.NaN, Number.POSITIVE_INFINITY].some(isWholeAmericanPrice)).toBe(false);
    expect(() => assertWholeAmericanPrice(-110.5)).toThrow(expect.objectContaining({ code: 'price_not_whole' }));
    expect(() => assertWholeAmericanPrice(2 ** 60)).toThrow(expect.objectContaining({ code: 'price_not_whole' }));
    expect(() => assertWholeAmericanPrice(50)).toThrow(expect.objectContaining({ code: 'inside_even_money' }));
  });

  it('writes a price as books print it', () => {
    expect(americanPriceText(150)).toBe('+150');
    expect(americanPriceText(-110)).toBe('-110');
    expect(americanPriceText(100)).toBe('+100');
    expect(americanPriceText(-100)).toBe('-100');
  });

  it('keeps a whole price’s decimal as an exact fraction: +150 is 250/100, −110 is 210/110', () => {
    expect(americanToDecimalFraction(150)).toEqual({ numerator: 250n, denominator: 100n });
    expect(americanToDecimalFraction(-110)).toEqual({ numerator: 210n, denominator: 110n });
    expect(() => americanToDecimalFraction(-110.5)).toThrow(OddsError);
  });

  it('rounds a decimal price to the whole American price a book quotes', () => {
    expect(decimalToAmerican(2.5)).toBe(150);
    expect(decimalToAmerican(1.4)).toBe(-250);
    expect(decimalToAmerican(3.1)).toBe(210);
    expect(decimalToAmerican(1.9091)).toBe(-110);
    expect(decimalToAmerican(2)).toBe(100);
    expect(decimalToAmerican(1.995)).toBe(-101); // −100.5…
    expect(() => decimalToAmerican(1)).toThrow(expect.objectContaining({ code: 'decimal_out_of_range' }));
  });

  it('gives a whole price whose payout matches the decimal one within rounding (300 runs)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1.01, max: 100, noNaN: true }), (decimal) => {
        const american = decimalToAmerican(decimal);
        const profitPerUnit = american > 0 ? american / 100 : 100 / -american;
        expect(isWholeAmericanPrice(american)).toBe(true);
        expect(Math.abs(profitPerUnit - (decimal - 1)) / (decimal - 1)).toBeLessThan(0.01);
      }),
      { numRuns: 300 },
    );
  });

  it('gives a whole price back as it was: American → decimal → whole American (300 runs)', () => {
    const wholePrice = fc.oneof(fc.integer({ min: 100, max: 100_000 }), fc.integer({ min: -100_000, max: -101 }));
    fc.assert(
      fc.property(wholePrice, (american) => {
        expect(decimalToAmerican(americanToDecimal(american))).toBe(american);
      }),
      { numRuns: 300 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsOfDollarDigits,
  centsToDollars,
  centsToDollarsText,
  dollarsTextToCents,
  dollarsToCents,
  hasWholeCents,
} from './money.js';

describe('dollars and cents', () => {
  it('turns dollars written as text into cents from the digits, never through a float', () => {
    expect(dollarsTextToCents('0.29')).toBe(29);
    expect(dollarsTextToCents('$1,204.10')).toBe(120_410);
    expect(dollarsTextToCents(' $ 12.5 ')).toBe(1250);
    expect(dollarsTextToCents('0')).toBe(0);
    expect(dollarsTextToCents('19.999')).toBeUndefined();
    expect(dollarsTextToCents('-5.00')).toBeUndefined();
    expect(dollarsTextToCents('=1+1')).toBeUndefined();
    expect(dollarsTextToCents('1,20.00')).toBeUndefined();
    expect(dollarsTextToCents('99999999999999999')).toBeUndefined();
    expect(centsOfDollarDigits('12', '5')).toBe(1250);
    expect(centsOfDollarDigits('20')).toBe(2000);
  });

  it('rounds a number of dollars to the nearest cent', () => {
    expect(dollarsToCents(12.5)).toBe(1250);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.004)).toBe(0);
    expect(hasWholeCents(19.99)).toBe(true);
    expect(hasWholeCents(52.5)).toBe(true);
    expect(hasWholeCents(12.345)).toBe(false);
  });

  it('writes cents as dollars', () => {
    expect(centsToDollars(1250)).toBe(12.5);
    expect(centsToDollarsText(1250)).toBe('12.50');
    expect(centsToDollarsText(2000)).toBe('20.00');
    expect(centsToDollarsText(-500)).toBe('-5.00');
  });

  it('reads back the dollars it writes, to the cent (300 runs)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => {
        expect(dollarsTextToCents(centsToDollarsText(cents))).toBe(cents);
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
      { numRuns: 300 },
    );
  });

  it('finds whole cents in any amount up to a million dollars (300 runs)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        expect(hasWholeCents(centsToDollars(cents))).toBe(true);
        expect(hasWholeCents(centsToDollars(cents) + 0.005)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { dollarTick, roundUp, symmetricDomain, symmetricTicks } from './chart-axes';

describe('chart axes', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0.3, 1, 1.5, 3, 7, 15, 240, 501].map(roundUp)).toEqual([0.5, 1, 2, 5, 10, 20, 500, 1000]);
  });

  it('keeps 0 inside the range, in the middle, whatever the signs of the values', () => {
    expect(symmetricDomain([-13, -15])).toEqual([-20, 20]);
    expect(symmetricDomain([3, 8])).toEqual([-10, 10]);
    expect(symmetricDomain([-120, 40])).toEqual([-200, 200]);
    expect(symmetricDomain([])).toEqual([-1, 1]);
  });

  it('ticks a symmetric range evenly, with 0 in the middle', () => {
    expect(symmetricTicks([-20, 20])).toEqual([-20, -10, 0, 10, 20]);
  });

  it('writes dollar ticks with the sign before the dollar', () => {
    expect(dollarTick(-20)).toBe('−$20');
    expect(dollarTick(19.6)).toBe('$20');
    expect(dollarTick(0)).toBe('$0');
  });
});

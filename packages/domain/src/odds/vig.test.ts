import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { americanToImplied } from './american-odds.js';
import { fairAmericanLines, removeVig } from './vig.js';

describe('removeVig and fairAmericanLines', () => {
  it('turns −110/−110 into 0.5/0.5, a 4.76% overround, and +100 both ways', () => {
    const fair = removeVig(-110, -110);
    expect(fair.first).toBeCloseTo(0.5, 12);
    expect(fair.second).toBeCloseTo(0.5, 12);
    expect(fair.overround).toBeCloseTo(0.047619, 6);
    const lines = fairAmericanLines(-110, -110);
    expect(lines.first).toBeCloseTo(100, 9);
    expect(lines.second).toBeCloseTo(100, 9);
  });

  it('splits −150/+130 proportionally: 0.6/0.4348 → 0.5798/0.4202, fair −138/+138 (odds ratio 0.6 : 0.4348 = 1.38)', () => {
    const fair = removeVig(-150, 130);
    expect(fair.first).toBeCloseTo(0.6 / (0.6 + 100 / 230), 12);
    expect(fair.first).toBeCloseTo(0.5798, 4);
    expect(fair.second).toBeCloseTo(0.4202, 4);
    const lines = fairAmericanLines(-150, 130);
    expect(lines.first).toBeCloseTo(-138, 9);
    expect(lines.second).toBeCloseTo(138, 9);
  });

  it('leaves a market without margin as it is: +100/−100', () => {
    expect(removeVig(100, -100)).toEqual({ first: 0.5, second: 0.5, overround: 0 });
  });

  it('gives fair probabilities that sum to 1 and keep the order of the prices (300 runs)', () => {
    const price = fc.oneof(fc.integer({ min: 100, max: 2000 }), fc.integer({ min: -2000, max: -100 }));
    fc.assert(
      fc.property(price, price, (a, b) => {
        const fair = removeVig(a, b);
        expect(fair.first + fair.second).toBeCloseTo(1, 12);
        expect(Math.sign(fair.first - fair.second)).toBe(Math.sign(americanToImplied(a) - americanToImplied(b)));
      }),
      { numRuns: 300 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { moneylineClv, spreadClv, totalClv } from './closing-line-value.js';

describe('closing line value, positive when the bettor beat the close', () => {
  it('measures spreads in points from the bettor’s side', () => {
    expect(spreadClv(3.5, 2.5)).toBe(1); // took the dog at +3.5, it closed +2.5
    expect(spreadClv(-3, -4)).toBe(1); // took the favourite at −3, it closed −4
    expect(spreadClv(-7, -6.5)).toBe(-0.5); // laid 7 on a line that closed 6.5
    expect(Object.is(spreadClv(-3, -3), 0)).toBe(true);
  });

  it('measures totals in points: an over wants the total to rise after it, an under to fall', () => {
    expect(totalClv('over', 44.5, 46)).toBe(1.5);
    expect(totalClv('under', 44.5, 46)).toBe(-1.5);
    expect(totalClv('under', 47, 45.5)).toBe(1.5);
    expect(Object.is(totalClv('over', 40, 40), 0)).toBe(true);
  });

  it('measures moneylines in implied probability: close implied − taken implied', () => {
    expect(moneylineClv(150, 120)).toBeCloseTo(100 / 220 - 0.4, 12); // +0.0545
    expect(moneylineClv(-110, -130)).toBeCloseTo(130 / 230 - 110 / 210, 12); // +0.0414
    expect(moneylineClv(-130, -110)).toBeCloseTo(110 / 210 - 130 / 230, 12); // the price moved away
    expect(Object.is(moneylineClv(-110, -110), 0)).toBe(true);
  });
});

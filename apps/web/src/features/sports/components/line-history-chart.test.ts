import { describe, expect, it } from 'vitest';
import { chartMoments, halfPointTicks } from './line-history-chart';

const DAY = 24 * 3600 * 1000;

describe('line history chart axes', () => {
  it('keeps the opening quote and the last three days, dropping the quiet weeks between', () => {
    const open = Date.parse('2026-11-01T12:00:00Z');
    const last = open + 20 * DAY;
    const times = [last, open, open + 5 * DAY, open + 10 * DAY, last - 2 * DAY, last - 3 * DAY - 1, last - DAY, open];
    expect(chartMoments(times)).toEqual([open, last - 2 * DAY, last - DAY, last]);
    expect(chartMoments([])).toEqual([]);
    expect(chartMoments([open])).toEqual([open]);
  });

  it('steps the value axis in half points, around the values', () => {
    expect(halfPointTicks(-3.5, -2.5)).toEqual([-4, -3.5, -3, -2.5, -2]);
    expect(halfPointTicks(44, 44)).toEqual([43.5, 44, 44.5]);
    // A wide range steps in whole multiples of half points, never in thirds or fifths.
    const wide = halfPointTicks(-10, 0);
    expect(wide.length).toBeLessThanOrEqual(12);
    for (const tick of wide) expect(Number.isInteger(tick * 2)).toBe(true);
    expect(
      Object.is(
        wide.find((tick) => tick === 0),
        -0,
      ),
    ).toBe(false);
    expect(wide[0]).toBeLessThanOrEqual(-10);
    expect(wide[wide.length - 1]).toBeGreaterThanOrEqual(0);
  });
});

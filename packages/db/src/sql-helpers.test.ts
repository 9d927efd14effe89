import { describe, expect, it } from 'vitest';
import { chunks, groupBy } from './sql-helpers.js';

describe('the repositories’ helpers', () => {
  it('groups rows by their parent, each group in the rows’ order, mapped when asked', () => {
    const legs = [
      { parlayId: 2, position: 1 },
      { parlayId: 1, position: 1 },
      { parlayId: 2, position: 2 },
    ];
    expect([...groupBy(legs, (leg) => leg.parlayId)]).toEqual([
      [2, [legs[0], legs[2]]],
      [1, [legs[1]]],
    ]);
    expect(
      groupBy(
        legs,
        (leg) => leg.parlayId,
        (leg) => leg.position,
      ).get(2),
    ).toEqual([1, 2]);
    expect(groupBy([], (leg: { id: number }) => leg.id).size).toBe(0);
  });

  it('cuts a bulk write into runs of at most the size, in order', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 3)).toEqual([]);
  });
});

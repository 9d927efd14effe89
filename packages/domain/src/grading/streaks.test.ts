import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STREAK_LENGTH } from '../constants.js';
import { streaks } from './streaks.js';

describe('streaks', () => {
  it('marks 0 for a zero reward, 1 for at least the previous reward, −1 otherwise', () => {
    expect(streaks([5, 5, 10, -5, 0, -5, -10, 15])).toEqual([1, 1, 1, -1, 0, -1, -1, 1]);
  });

  it('compares the first entry with 0: a first win is 1, a first loss −1', () => {
    expect(streaks([9091])).toEqual([1]);
    expect(streaks([-11_000])).toEqual([-1]);
    expect(streaks([0])).toEqual([0]);
    expect(streaks([])).toEqual([]);
  });

  it('keeps the last 10, each still compared with its real predecessor', () => {
    const rewards = [5, -10, -5, 5, 5, -5, 10, 0, 5, -15, 15, 5];
    expect(STREAK_LENGTH).toBe(10);
    // The first kept reward, −5, follows −10, so it marks 1; compared afresh with 0 it would have been −1.
    expect(streaks(rewards)).toEqual([1, 1, 1, -1, 1, 0, 1, -1, 1, -1]);
  });

  it('is the tail of the full run’s marks, at most 10 long (300 runs)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20_000, max: 20_000 }), { maxLength: 40 }), (rewards) => {
        const marks = streaks(rewards);
        expect(marks).toHaveLength(Math.min(rewards.length, STREAK_LENGTH));
        const offset = rewards.length - marks.length;
        marks.forEach((mark, index) => {
          const reward = rewards[offset + index]!;
          const previous = offset + index === 0 ? 0 : rewards[offset + index - 1]!;
          expect(mark).toBe(reward === 0 ? 0 : reward >= previous ? 1 : -1);
        });
      }),
      { numRuns: 300 },
    );
  });
});

import { STREAK_LENGTH } from '../constants.js';

export type StreakMark = -1 | 0 | 1;

/**
 * The streak marks of a run of rewards, oldest first (product spec section 4): 0 if the reward is 0, 1 if it
 * is at least the previous entry's reward, otherwise −1. Only the last `STREAK_LENGTH` (10) are kept, but each
 * kept mark is still compared with its real predecessor, so the window does not change the marks.
 *
 * The specification leaves the first entry open; it is compared with 0, as if the run started from nothing:
 * a first win is 1, a first loss −1.
 */
export function streaks(rewards: readonly number[]): StreakMark[] {
  const marks = rewards.map((reward, index): StreakMark => {
    if (reward === 0) return 0;
    const previous = index === 0 ? 0 : rewards[index - 1]!;
    return reward >= previous ? 1 : -1;
  });
  return marks.slice(-STREAK_LENGTH);
}

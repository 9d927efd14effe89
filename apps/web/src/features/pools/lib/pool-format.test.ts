import { describe, expect, it } from 'vitest';
import { formatCountdown, formatSpread, rankOverSeason } from './pool-format';

describe('pool formatting', () => {
  it('writes spreads and countdowns as a bettor reads them', () => {
    expect(formatSpread(-3)).toBe('−3');
    expect(formatSpread(7.5)).toBe('+7.5');
    expect(formatSpread(0)).toBe('PK');
    expect(formatCountdown(30_000)).toBe('under a minute');
    expect(formatCountdown(45 * 60_000)).toBe('45m');
    expect(formatCountdown((3 * 60 + 12) * 60_000)).toBe('3h 12m');
    expect(formatCountdown((2 * 1440 + 4 * 60 + 5) * 60_000)).toBe('2d 4h');
  });

  it('ranks the members after every week on their season points, ties sharing a place', () => {
    const row = (username: string, points: number) => ({ username, points }) as never;
    const ranks = rankOverSeason([
      { week: 2, complete: true, winners: [], rows: [row('ann', -5), row('bob', 10), row('cy', 10)] },
      { week: 1, complete: true, winners: [], rows: [row('ann', 10), row('bob', 0), row('cy', -5)] },
    ]);
    expect(ranks).toEqual([
      { week: 1, ann: 1, bob: 2, cy: 3 },
      { week: 2, ann: 2, bob: 1, cy: 2 },
    ]);
  });
});

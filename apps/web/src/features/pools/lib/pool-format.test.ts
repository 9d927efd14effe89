import { describe, expect, it } from 'vitest';
import type { SlateGameView } from '@pass/contracts';
import {
  agoText,
  formatClv,
  formatCountdown,
  formatSpread,
  formatStanding,
  ordinal,
  rankOverSeason,
  sideClosingSpread,
} from './pool-format';

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

  it('says how long ago a reminder went, in the largest whole unit', () => {
    const now = Date.parse('2025-09-07T15:00:00Z');
    expect(agoText('2025-09-07T14:59:30Z', now)).toBe('just now');
    expect(agoText('2025-09-07T14:48:00Z', now)).toBe('12 min ago');
    expect(agoText('2025-09-07T12:59:00Z', now)).toBe('2 h ago');
    expect(agoText('2025-09-04T14:00:00Z', now)).toBe('3 d ago');
  });

  it('reads the close from either side and writes closing line value with its sign', () => {
    const game = { home_team: 'PHI', away_team: 'DAL', closing_home_spread: -8 } as SlateGameView;
    expect(sideClosingSpread(game, 'PHI')).toBe(-8);
    expect(sideClosingSpread(game, 'DAL')).toBe(8);
    expect(sideClosingSpread({ ...game, closing_home_spread: 0 }, 'DAL')).toBe(0);
    expect(sideClosingSpread({ ...game, closing_home_spread: null }, 'PHI')).toBeNull();
    expect(formatClv(1.5)).toBe('+1.5');
    expect(formatClv(-0.25)).toBe('−0.25');
    expect(formatClv(1 / 3)).toBe('+0.33');
    expect(formatClv(0)).toBe('0');
  });

  it('writes a place in the standings as "2nd of 9 · 35 pts"', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
    expect(formatStanding({ rank: 2, of: 9, points: 35 })).toBe('2nd of 9 · 35 pts');
    expect(formatStanding({ rank: 9, of: 9, points: -5 })).toBe('9th of 9 · −5 pts');
    expect(formatStanding({ rank: 1, of: 2, points: 1 })).toBe('1st of 2 · 1 pt');
  });

  it('ranks the members after every week on their season points, ties sharing a place', () => {
    const row = (name: string, points: number) => ({ username: `user-${name}`, name, points }) as never;
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

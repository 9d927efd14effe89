import { describe, expect, it } from 'vitest';
import { liveLabel, scoreAge } from './live-game';

describe('a game under way, in words', () => {
  it('names the quarter and clock of a football game, then overtime', () => {
    expect(liveLabel('americanfootball_nfl', { period: 3, clock: '4:12', detail: '3rd Quarter 4:12' })).toBe('Q3 4:12');
    expect(liveLabel('americanfootball_nfl', { period: 5, clock: '0:45', detail: 'OT 0:45' })).toBe('OT 0:45');
    expect(liveLabel('americanfootball_ncaaf', { period: 6, clock: '', detail: '2nd OT' })).toBe('2nd OT');
    expect(liveLabel('americanfootball_ncaaf', { period: 7, clock: '0:00', detail: '3OT' })).toBe('3OT 0:00');
    // A break has no clock: the source's line says it.
    expect(liveLabel('americanfootball_nfl', { period: 2, clock: null, detail: 'Halftime' })).toBe('Halftime');
  });

  it("names the half and the inning of a baseball game from the source's line", () => {
    expect(liveLabel('baseball_mlb', { period: 9, clock: null, detail: 'Bottom 9th' })).toBe('Bot 9th');
    expect(liveLabel('baseball_mlb', { period: 1, clock: null, detail: 'Top 1st' })).toBe('Top 1st');
    expect(liveLabel('baseball_mlb', { period: 5, clock: null, detail: 'Middle 5th' })).toBe('Mid 5th');
    expect(liveLabel('baseball_mlb', { period: 12, clock: null, detail: 'End 12th' })).toBe('End 12th');
    expect(liveLabel('baseball_mlb', { period: 2, clock: null, detail: 'Bot 2nd' })).toBe('Bot 2nd');
    expect(liveLabel('baseball_mlb', { period: 3, clock: null, detail: 'Top 3rd' })).toBe('Top 3rd');
    expect(liveLabel('baseball_mlb', { period: 6, clock: null, detail: 'Rain Delay' })).toBe('Rain Delay');
    expect(liveLabel('baseball_mlb', { period: null, clock: null, detail: 'In Progress' })).toBe('In Progress');
  });

  it('says how old a score is only past two minutes, by the server’s clock', () => {
    const now = new Date('2026-09-20T18:30:00Z');
    expect(scoreAge('2026-09-20T18:28:00Z', now)).toBeNull();
    expect(scoreAge('2026-09-20T18:27:59Z', now)).toBe('2 min old');
    expect(scoreAge('2026-09-20T16:10:00Z', now)).toBe('2 h old');
    expect(scoreAge('2026-09-17T18:30:00Z', now)).toBe('3 days old');
    expect(scoreAge(null, now)).toBeNull();
    expect(scoreAge('2026-09-20T18:00:00Z', null)).toBeNull();
  });
});

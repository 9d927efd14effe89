import { describe, expect, it } from 'vitest';
import type { LiveGameFrame, PoolWeekResponse } from '@pass/contracts';
import { event, eventsResponse } from '../features/sports/testing/fixtures';
import { liveLabel, patchGame, scoreAge } from './live-game';

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

describe('a frame applied to a pool week', () => {
  const week = {
    data: {
      week: 12,
      games: [
        {
          event_id: 7,
          home_team: 'HOU',
          away_team: 'BUF',
          kickoff: '2025-11-21T01:15:00Z',
          status: 'scheduled',
          home_score: null,
          away_score: null,
          frozen_home_spread: 6,
          closing_home_spread: null,
          frozen_line_source: null,
          frozen_at: null,
          current_home_spread: null,
          locked: false,
        },
      ],
    },
  } as unknown as PoolWeekResponse;
  const frame: LiveGameFrame = {
    type: 'game',
    event_id: 7,
    sport: 'americanfootball_nfl',
    season: 2025,
    week: 12,
    status: 'in_progress',
    scores: { home: 10, away: 3 },
    live: { period: 2, clock: '4:12', detail: '4:12 - 2nd Quarter' },
    as_of: '2025-11-21T02:00:00Z',
  };

  it('moves the slate game to the frame and locks it, leaving other weeks alone', () => {
    const patched = patchGame(week, frame);
    expect(patched && 'data' in patched && (patched.data as PoolWeekResponse).data.games[0]).toMatchObject({
      status: 'in_progress',
      home_score: 10,
      away_score: 3,
      locked: true,
      frozen_home_spread: 6,
    });
    expect(patchGame(week, { ...frame, event_id: 8 })).toBeNull();
  });
});

describe('a frame applied to a week of events', () => {
  const kickoffFrame: LiveGameFrame = {
    type: 'game',
    event_id: 1,
    sport: 'americanfootball_nfl',
    season: 2026,
    week: 2,
    status: 'in_progress',
    scores: { home: 7, away: 0 },
    live: { period: 1, clock: '9:12', detail: '9:12 - 1st Quarter' },
    as_of: '2026-09-20T17:10:00Z',
  };

  it('patches the game and asks for the week again at kickoff, when the line of record comes', () => {
    const week = eventsResponse(2, [event(1, 'BUF', 'KC', { status: 'scheduled' })]);
    const patched = patchGame(week, kickoffFrame);
    expect(patched).toMatchObject({ readAgain: true });
    const started = patched && 'data' in patched ? (patched.data as typeof week) : week;
    expect(started.events[0]).toMatchObject({ status: 'in_progress', event_scores: { home: 7, away: 0 } });
    // The next score of the game under way is patched alone: nothing to read again.
    const next = patchGame(started, { ...kickoffFrame, scores: { home: 14, away: 0 } });
    expect(next && 'readAgain' in next).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { cadenceOf, isDue, nextPollAt } from './source-poll-policy.js';

const now = new Date('2025-11-23T18:05:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the live sources calendar', () => {
  it('is live while a game is played, a game day within 12 hours of a kickoff, idle otherwise', () => {
    expect(cadenceOf({ playing: 1, nextKickoff: at(3 * HOUR) }, now)).toBe('live');
    expect(cadenceOf({ playing: 0, nextKickoff: at(3 * HOUR) }, now)).toBe('game-day');
    expect(cadenceOf({ playing: 0, nextKickoff: at(30 * HOUR) }, now)).toBe('idle');
    expect(cadenceOf({ playing: 0, nextKickoff: null }, now)).toBe('idle');
  });

  it('waits its cadence after a success: 30 s live, 15 minutes on a game day, a day otherwise', () => {
    expect(nextPollAt({ now, cadence: 'live', liveEveryMs: 30_000, failures: 0 })).toEqual(at(30_000));
    expect(nextPollAt({ now, cadence: 'game-day', liveEveryMs: 30_000, failures: 0 })).toEqual(at(15 * MINUTE));
    expect(nextPollAt({ now, cadence: 'idle', liveEveryMs: 30_000, failures: 0 })).toEqual(at(24 * HOUR));
  });

  it('backs off on failures, doubling up to an hour, and honours a longer Retry-After', () => {
    const waits = [1, 2, 3, 7, 12].map(
      (failures) => nextPollAt({ now, cadence: 'live', liveEveryMs: 30_000, failures }).getTime() - now.getTime(),
    );
    expect(waits).toEqual([MINUTE, 2 * MINUTE, 4 * MINUTE, HOUR, HOUR]);
    expect(nextPollAt({ now, cadence: 'live', liveEveryMs: 30_000, failures: 1, retryAfterMs: 5 * MINUTE })).toEqual(
      at(5 * MINUTE),
    );
  });

  it('is due when never polled or its time came, and early when a kickoff moves it to a faster cadence', () => {
    expect(isDue({ nextPollAt: null, cadence: null, failures: 0 }, 'idle', now, null, 30_000)).toBe(true);
    expect(isDue({ nextPollAt: at(-1), cadence: 'idle', failures: 0 }, 'idle', now, at(-HOUR), 30_000)).toBe(true);
    const waitingADay = { nextPollAt: at(20 * HOUR), cadence: 'idle' as const, failures: 0 };
    expect(isDue(waitingADay, 'idle', now, at(-4 * HOUR), 30_000)).toBe(false);
    expect(isDue(waitingADay, 'live', now, at(-4 * HOUR), 30_000)).toBe(true);
    // Just polled: the faster cadence's own wait has not passed yet.
    expect(isDue(waitingADay, 'live', now, at(-10_000), 30_000)).toBe(false);
    // A source backing off after failures keeps its back-off whatever the calendar says.
    expect(isDue({ ...waitingADay, failures: 2 }, 'live', now, at(-4 * HOUR), 30_000)).toBe(false);
  });

  it('never polls a metered source more often than its floor, a kickoff included', () => {
    const metered = { liveEveryMs: 5 * MINUTE, failures: 0, floorMs: 40 * MINUTE };
    expect(nextPollAt({ now, cadence: 'live', ...metered })).toEqual(at(40 * MINUTE));
    expect(nextPollAt({ now, cadence: 'game-day', ...metered })).toEqual(at(40 * MINUTE));
    expect(nextPollAt({ now, cadence: 'idle', ...metered })).toEqual(at(24 * HOUR));
    expect(nextPollAt({ now, cadence: 'live', ...metered, floorMs: MINUTE })).toEqual(at(5 * MINUTE));
    const waitingADay = { nextPollAt: at(20 * HOUR), cadence: 'idle' as const, failures: 0 };
    expect(isDue(waitingADay, 'live', now, at(-30 * MINUTE), 5 * MINUTE, 40 * MINUTE)).toBe(false);
    expect(isDue(waitingADay, 'live', now, at(-40 * MINUTE), 5 * MINUTE, 40 * MINUTE)).toBe(true);
  });
});

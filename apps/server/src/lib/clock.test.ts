import { describe, expect, it } from 'vitest';
import { clockFor, clockStartingAt, systemClock } from './clock.js';

describe('the server clock', () => {
  it('starts at the instant it is given and runs on at the real rate', () => {
    let real = Date.parse('2031-05-04T10:00:00Z');
    const clock = clockStartingAt(new Date('2026-11-22T17:00:00Z'), () => real);
    expect(clock().toISOString()).toBe('2026-11-22T17:00:00.000Z');
    real += 90_500;
    expect(clock().toISOString()).toBe('2026-11-22T17:01:30.500Z');
    // Each reading is a new Date: a caller changing one changes no other.
    clock().setUTCFullYear(1999);
    expect(clock().getUTCFullYear()).toBe(2026);
  });

  it('is the real clock unless the configuration sets where it starts', () => {
    expect(clockFor({ clockStart: undefined })).toBe(systemClock);
    const set = clockFor({ clockStart: new Date('2019-03-01T12:00:00Z') })();
    // Read a moment after it was made: at the start instant or a little after, not the real day.
    expect(set.getTime()).toBeGreaterThanOrEqual(Date.parse('2019-03-01T12:00:00Z'));
    expect(set.getTime()).toBeLessThan(Date.parse('2019-03-01T13:00:00Z'));
  });
});

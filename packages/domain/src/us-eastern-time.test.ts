import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { easternDateOf, easternToUtc } from './us-eastern-time.js';

/** The Eastern wall-clock date and time of an instant, from the platform's time-zone data. */
const easternWallClock = (instant: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
};

describe('easternToUtc', () => {
  it('puts an 8:20 PM kickoff at 00:20 UTC in September (EDT) and 01:20 UTC in December (EST)', () => {
    expect(easternToUtc('2022-09-08', '20:20')?.toISOString()).toBe('2022-09-09T00:20:00.000Z');
    expect(easternToUtc('2022-12-11', '20:20')?.toISOString()).toBe('2022-12-12T01:20:00.000Z');
  });

  it('switches on the second Sunday of March and the first Sunday of November since 2007', () => {
    expect(easternToUtc('2023-03-12', '01:59')?.toISOString()).toBe('2023-03-12T06:59:00.000Z');
    expect(easternToUtc('2023-03-12', '03:00')?.toISOString()).toBe('2023-03-12T07:00:00.000Z');
    expect(easternToUtc('2023-11-05', '00:59')?.toISOString()).toBe('2023-11-05T04:59:00.000Z');
    expect(easternToUtc('2023-11-05', '13:00')?.toISOString()).toBe('2023-11-05T18:00:00.000Z');
  });

  it('uses the first Sunday of April and last Sunday of October before 2007', () => {
    // 2006-10-29 was the last Sunday of October: a 1 PM game that day is EST; a week earlier EDT.
    expect(easternToUtc('2006-10-29', '13:00')?.toISOString()).toBe('2006-10-29T18:00:00.000Z');
    expect(easternToUtc('2006-10-22', '13:00')?.toISOString()).toBe('2006-10-22T17:00:00.000Z');
    expect(easternToUtc('2006-11-05', '13:00')?.toISOString()).toBe('2006-11-05T18:00:00.000Z');
  });

  it('agrees with the platform time-zone data on random instants of 1999–2035, most near the switches', () => {
    const anyInstant = fc.date({ min: new Date('1999-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:00Z') });
    // March, April, October and November hold every switch since 1987; minutes around them matter most.
    const nearSwitch = fc
      .record({
        year: fc.integer({ min: 1999, max: 2035 }),
        month: fc.constantFrom(2, 3, 9, 10),
        day: fc.integer({ min: 1, max: 31 }),
        minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
      })
      .map(({ year, month, day, minute }) => new Date(Date.UTC(year, month, day, 0, minute)));
    fc.assert(
      fc.property(
        fc.oneof(anyInstant, nearSwitch).filter((instant) => !Number.isNaN(instant.getTime())),
        (instant) => {
          const wall = easternWallClock(instant);
          const [date, time] = wall.split(' ') as [string, string];
          const utc = easternToUtc(date, time);
          // Converting the wall clock back lands on the same wall clock (the repeated autumn hour maps to
          // its first occurrence, so compare wall clocks rather than instants).
          expect(utc && easternWallClock(utc)).toBe(wall);
        },
      ),
      { numRuns: 2000 },
    );
    // 2,000 conversions through the platform's time-zone data: a second alone, several on a loaded machine.
  }, 30_000);

  it('rejects malformed dates and times', () => {
    for (const [date, time] of [
      ['2022-13-01', '13:00'],
      ['2022-02-30', '13:00'],
      ['20220901', '13:00'],
      ['2022-09-01', '25:00'],
      ['2022-09-01', ''],
    ] as const) {
      expect(easternToUtc(date, time), `${date} ${time}`).toBeUndefined();
    }
  });
});

describe('easternDateOf', () => {
  it('gives the Eastern date: an evening in New York is the next day in UTC, in summer and in winter', () => {
    expect(easternDateOf(new Date('2025-05-15T03:30:00Z'))).toBe('2025-05-14');
    expect(easternDateOf(new Date('2025-05-15T04:00:00Z'))).toBe('2025-05-15');
    expect(easternDateOf(new Date('2025-12-15T04:30:00Z'))).toBe('2025-12-14');
    expect(easternDateOf(new Date('2025-12-15T05:00:00Z'))).toBe('2025-12-15');
  });

  it('agrees with the platform time-zone data on random instants of 1999–2035', () => {
    fc.assert(
      fc.property(
        fc
          .date({ min: new Date('1999-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:00Z') })
          .filter((instant) => !Number.isNaN(instant.getTime())),
        (instant) => {
          expect(easternDateOf(instant)).toBe(easternWallClock(instant).slice(0, 10));
        },
      ),
      { numRuns: 1000 },
    );
  }, 30_000);
});

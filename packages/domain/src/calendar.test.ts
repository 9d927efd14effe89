import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nflOpeningThursday, seasonDateSpan, seasonForDate } from './calendar.js';

const utc = (iso: string) => new Date(iso);

describe('seasonForDate', () => {
  it.each([
    ['2025-01-01T00:00:00Z', 2024],
    ['2025-02-09T23:30:00Z', 2024], // a Super Bowl in February belongs to the season before
    ['2025-02-28T23:59:59.999Z', 2024],
    ['2025-03-01T00:00:00Z', 2025],
    ['2025-09-04T00:20:00Z', 2025],
    ['2025-12-31T23:59:59Z', 2025],
    ['2024-02-29T12:00:00Z', 2023], // leap day
  ])('places football on %s in season %i', (iso, season) => {
    expect(seasonForDate('americanfootball_nfl', utc(iso))).toBe(season);
    expect(seasonForDate('americanfootball_ncaaf', utc(iso))).toBe(season);
  });

  it.each([
    ['2025-01-15T00:00:00Z', 2025],
    ['2025-02-28T23:59:59Z', 2025],
    ['2025-10-30T03:00:00Z', 2025],
  ])('places baseball on %s in the calendar year %i', (iso, season) => {
    expect(seasonForDate('baseball_mlb', utc(iso))).toBe(season);
  });

  it('decides by UTC, not by the local time zone', () => {
    // 1 March 00:30 UTC is still 28 February in America; the season has changed in UTC terms.
    expect(seasonForDate('americanfootball_nfl', utc('2025-03-01T00:30:00Z'))).toBe(2025);
    expect(seasonForDate('americanfootball_nfl', utc('2025-02-28T23:30:00-05:00'))).toBe(2025);
  });

  it('never names a football season after the date’s year, nor more than one before', () => {
    fc.assert(
      fc.property(
        fc.date({ min: utc('1990-01-01T00:00:00Z'), max: utc('2100-12-31T23:59:59Z'), noInvalidDate: true }),
        (date) => {
          const season = seasonForDate('americanfootball_nfl', date);
          const year = date.getUTCFullYear();
          expect([year - 1, year]).toContain(season);
          expect(season === year - 1).toBe(date.getUTCMonth() <= 1);
        },
      ),
    );
  });
});

describe('nflOpeningThursday', () => {
  // Labor Day is the first Monday of September; the NFL opens on the Thursday after it.
  it.each([
    [2019, '2019-09-05'],
    [2020, '2020-09-10'],
    [2021, '2021-09-09'],
    [2022, '2022-09-08'],
    [2023, '2023-09-07'],
    [2024, '2024-09-05'],
    [2025, '2025-09-04'], // 1 September is itself Labor Day
    [2026, '2026-09-10'], // 1 September is a Tuesday: Labor Day is the 7th
  ])('opens season %i on %s', (season, day) => {
    expect(nflOpeningThursday(season).toISOString()).toBe(`${day}T00:00:00.000Z`);
  });

  it('is always a Thursday between 4 and 10 September, at midnight UTC', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1970, max: 2200 }), (season) => {
        const opening = nflOpeningThursday(season);
        expect(opening.getUTCFullYear()).toBe(season);
        expect(opening.getUTCMonth()).toBe(8);
        expect(opening.getUTCDay()).toBe(4);
        expect(opening.getUTCDate()).toBeGreaterThanOrEqual(4);
        expect(opening.getUTCDate()).toBeLessThanOrEqual(10);
        expect(opening.getUTCHours() + opening.getUTCMinutes() + opening.getUTCSeconds()).toBe(0);
        // Three days after the first Monday of September.
        const laborDay = new Date(opening.getTime() - 3 * 86_400_000);
        expect(laborDay.getUTCDay()).toBe(1);
        expect(laborDay.getUTCDate()).toBeLessThanOrEqual(7);
      }),
    );
  });

  it('falls in the season it opens', () => {
    for (const season of [2022, 2023, 2024, 2025, 2030]) {
      expect(seasonForDate('americanfootball_nfl', nflOpeningThursday(season))).toBe(season);
    }
  });
});

describe('the dates a season can hold games', () => {
  it('spans a football season into February and a baseball season within its year', () => {
    expect(seasonDateSpan('americanfootball_nfl', 2025)).toEqual({ from: '2025-08-20', to: '2026-02-20' });
    expect(seasonDateSpan('americanfootball_ncaaf', 2025)).toEqual({ from: '2025-08-20', to: '2026-02-20' });
    expect(seasonDateSpan('baseball_mlb', 2025)).toEqual({ from: '2025-03-01', to: '2025-11-30' });
  });

  it("holds the dates of its sport's games: the season a game's date belongs to spans that date", () => {
    const gameDates = {
      americanfootball_nfl: ['2025-09-04', '2025-12-25', '2026-01-18', '2026-02-08'],
      americanfootball_ncaaf: ['2025-08-23', '2025-11-29', '2026-01-19'],
      baseball_mlb: ['2025-03-18', '2025-07-04', '2025-11-01'],
    } as const;
    for (const [sport, dates] of Object.entries(gameDates) as [keyof typeof gameDates, readonly string[]][]) {
      for (const date of dates) {
        const span = seasonDateSpan(sport, seasonForDate(sport, new Date(`${date}T18:00:00Z`)));
        expect(date >= span.from && date <= span.to, `${sport} ${date}`).toBe(true);
      }
    }
  });
});

import type { Sport } from './enums.js';

/**
 * The season a date belongs to. A season is named by the year it starts in: football games of
 * January and February (playoffs, bowls) belong to the season before. Baseball seasons are the calendar year.
 * Computed in UTC so the server and every browser agree.
 */
export function seasonForDate(sport: Sport, date: Date): number {
  const year = date.getUTCFullYear();
  if (sport === 'baseball_mlb') return year;
  // Football: a new season's year begins in March, once the last season's playoffs and bowls are over.
  return date.getUTCMonth() < 2 ? year - 1 : year;
}

/**
 * The dates a sport's season can hold games, inclusive (YYYY-MM-DD): baseball March 1 to November 30 (spring's
 * last days to the World Series), football August 20 to February 20 of the next year (college week zero to the
 * Super Bowl and the last bowl). A source asked for a whole season asks for this span.
 */
export function seasonDateSpan(sport: Sport, season: number): { from: string; to: string } {
  return sport === 'baseball_mlb'
    ? { from: `${season}-03-01`, to: `${season}-11-30` }
    : { from: `${season}-08-20`, to: `${season + 1}-02-20` };
}

/** The first Thursday after Labor Day (the first Monday of September): the NFL's opening kickoff, in UTC date terms. */
export function nflOpeningThursday(season: number): Date {
  const septemberFirst = new Date(Date.UTC(season, 8, 1));
  const daysToMonday = (8 - septemberFirst.getUTCDay()) % 7;
  const laborDay = 1 + daysToMonday;
  return new Date(Date.UTC(season, 8, laborDay + 3));
}

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

/** The first Thursday after Labor Day (the first Monday of September): the NFL's opening kickoff, in UTC date terms. */
export function nflOpeningThursday(season: number): Date {
  const septemberFirst = new Date(Date.UTC(season, 8, 1));
  const daysToMonday = (8 - septemberFirst.getUTCDay()) % 7;
  const laborDay = 1 + daysToMonday;
  return new Date(Date.UTC(season, 8, laborDay + 3));
}

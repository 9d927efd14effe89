import { nflOpeningThursday, seasonForDate } from '@pass/domain';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The week of the NFL season the browser tests play in: the weeks before it are final (results, standings,
 * a graded week to compare with), and on its Thursday morning every game of it is still to be played.
 */
export const E2E_NFL_WEEK = 12;

/**
 * The instant the e2e server's clock starts at (PASS_CLOCK): 10:00 Eastern on the Thursday of week 12 of
 * the NFL season the machine's date belongs to, before that week's first kickoff. The demo season is
 * generated for the clock's season, so the tests see the same point of a season on any day and hour, in
 * season and off it: a Monday night, the day after the Super Bowl (the season just ended) or July (the
 * next one, to come).
 */
export function e2eServerClockStart(realNow: Date = new Date()): Date {
  const season = seasonForDate('americanfootball_nfl', realNow);
  const thursday = nflOpeningThursday(season).getTime() + (E2E_NFL_WEEK - 1) * 7 * DAY_MS;
  return new Date(thursday + 15 * HOUR_MS);
}

import type { SportKey } from '@pass/contracts';
import { weekLabel, weekShortLabel } from '@pass/domain';

interface WeekOfGame {
  season: number;
  week: number | null;
  game_date: string;
}

/**
 * How a game's week reads in a table or a chart (the sports calendar's names, decision 024): "7", "Bowl",
 * "CFP", "WC" … "SB" for football; the date for MLB, whose weeks are dates anyway, and for a game without one.
 */
export function gameWeekText(sport: SportKey, game: WeekOfGame): { short: string; long: string } {
  if (game.week === null || sport === 'baseball_mlb') return { short: game.game_date, long: game.game_date };
  const short = weekShortLabel(sport, game.season, game.week);
  return {
    short: short === `W${game.week}` ? String(game.week) : short,
    long: weekLabel(sport, game.season, game.week),
  };
}

/** "Game 2 of 3": an MLB game's place in its series. */
export const seriesText = (series: { game: number; of: number }) => `Game ${series.game} of ${series.of}`;

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const weekdayMonthDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * The calendar days a week covers, as baseball names its weeks: "Jun 3 – 9", "Jun 30 – Jul 6", one day alone
 * "Jun 3". Days are YYYY-MM-DD calendar days (no time zone).
 */
export function dateSpanText(start: string, end: string): string {
  const first = monthDay.format(noon(start));
  if (end === start) return first;
  const sameMonth = start.slice(0, 7) === end.slice(0, 7);
  const last = sameMonth ? String(Number(end.slice(8, 10))) : monthDay.format(noon(end));
  return `${first} – ${last}`;
}

/** A day heading of the baseball schedule: "Tue, Jun 3". */
export const dayHeadingText = (day: string) => weekdayMonthDay.format(noon(day));

/** How a week is named in a sport's schedule: football by its name ("Week 7", "Bowls"), baseball by its dates. */
export function periodText(period: 'Week' | 'Dates', week: { label: string; start: string; end: string }): string {
  return period === 'Dates' ? dateSpanText(week.start, week.end) : week.label;
}

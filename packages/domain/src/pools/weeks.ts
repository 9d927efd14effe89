import type { Sport } from '../enums.js';
import { calendarWeekOf, seasonCalendar, type CalendarWeek } from '../sports-calendar.js';
import { easternToUtc } from '../us-eastern-time.js';
import { instantMs, type PoolSettings, type WeekWindow } from './types.js';

/**
 * Pool weeks are the sports calendar's weeks (decision record 024): the NFL's and college football's as
 * their schedules number them, MLB's Monday to Sunday. A pool runs from its start week through the
 * regular season's last week (decision record 026).
 */

/** The last week a pool of the sport and season plays: the last regular-season week of the calendar. */
export function lastPoolWeek(sport: Sport, season: number): number {
  const weeks = seasonCalendar(sport, season).filter((week) => week.seasonType === 'regular');
  return weeks[weeks.length - 1]?.number ?? 1;
}

/** The sport weeks a pool plays, in order. */
export function poolWeekNumbers(settings: Pick<PoolSettings, 'sport' | 'season' | 'startWeek'>): number[] {
  const last = lastPoolWeek(settings.sport, settings.season);
  return seasonCalendar(settings.sport, settings.season)
    .map((week) => week.number)
    .filter((number) => number >= settings.startWeek && number <= last);
}

/** The calendar week a pool week is (its name and usual days); undefined outside the pool's weeks. */
export function poolCalendarWeek(
  settings: Pick<PoolSettings, 'sport' | 'season' | 'startWeek'>,
  week: number,
): CalendarWeek | undefined {
  return poolWeekNumbers(settings).includes(week) ? calendarWeekOf(settings.sport, settings.season, week) : undefined;
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The end of a calendar week: midnight US Pacific after its last day (03:00 Eastern the next day), so a
 * game on the week's last local date anywhere in the country is inside it.
 */
export function weekEnd(week: CalendarWeek): string {
  return easternToUtc(nextDay(week.end), '03:00')!.toISOString();
}

/**
 * A pool week's window: from the first kickoff of its slate (the calendar week's first day, 03:00 Eastern,
 * while it has none) to the end of the week. A postponed slate game counts only if played inside it.
 */
export function poolWeekWindow(week: CalendarWeek, slateKickoffs: readonly string[]): WeekWindow {
  const first = slateKickoffs.map(instantMs).reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
  const start = Number.isFinite(first)
    ? new Date(first).toISOString()
    : easternToUtc(week.start, '03:00')!.toISOString();
  return { start, end: weekEnd(week) };
}

/** When joining closes: the end of the pool's first week. Undefined if the start week is not in the calendar. */
export function joiningClosesAt(settings: Pick<PoolSettings, 'sport' | 'season' | 'startWeek'>): string | undefined {
  const first = calendarWeekOf(settings.sport, settings.season, settings.startWeek);
  return first && weekEnd(first);
}

/** Whether a guest may still join at `now`. */
export function canJoin(settings: Pick<PoolSettings, 'sport' | 'season' | 'startWeek'>, now: Date): boolean {
  const closes = joiningClosesAt(settings);
  return closes !== undefined && now.getTime() < instantMs(closes);
}

/**
 * US Eastern wall-clock time to UTC. nflverse gives kickoffs as an Eastern date and time ("2022-09-08",
 * "20:20") whatever the venue, so the offset depends on daylight saving time: UTC−4 in summer, UTC−5 in
 * winter. The US rules are written out here rather than taken from Intl so the result does not depend on
 * the time-zone data of the machine (tests cross-check them against Intl).
 */

/** Day of month of the n-th Sunday (n ≥ 1) of a month, or the last Sunday when n is 'last'. month0 is 0-based. */
function sundayOfMonth(year: number, month0: number, n: number | 'last'): number {
  if (n === 'last') {
    const lastDay = new Date(Date.UTC(year, month0 + 1, 0));
    return lastDay.getUTCDate() - lastDay.getUTCDay();
  }
  const firstWeekday = new Date(Date.UTC(year, month0, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + (n - 1) * 7;
}

/**
 * The UTC instants daylight saving time starts and ends in a year, both at 2:00 local time. Since 2007:
 * second Sunday of March to first Sunday of November; 1987–2006: first Sunday of April to last Sunday of
 * October (the data goes back to 1999).
 */
function easternDstBounds(year: number): { start: number; end: number } {
  const [startMonth, startSunday, endMonth, endSunday]: [number, number | 'last', number, number | 'last'] =
    year >= 2007 ? [2, 2, 10, 1] : [3, 1, 9, 'last'];
  return {
    // 2:00 EST = 07:00 UTC; 2:00 EDT = 06:00 UTC.
    start: Date.UTC(year, startMonth, sundayOfMonth(year, startMonth, startSunday), 7),
    end: Date.UTC(year, endMonth, sundayOfMonth(year, endMonth, endSunday), 6),
  };
}

/**
 * The UTC instant of an Eastern date (YYYY-MM-DD) and time (HH:MM or HH:MM:SS), or undefined when either
 * is malformed. A time in the hour skipped in spring is read as standard time; one in the hour repeated in
 * autumn as its first (daylight) occurrence.
 */
export function easternToUtc(date: string, time: string): Date | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!d || !t) return undefined;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hour, minute, second] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  const wallClockAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (new Date(wallClockAsUtc).getUTCDate() !== day) return undefined;
  const { start, end } = easternDstBounds(year);
  const ifDaylight = wallClockAsUtc + 4 * 3_600_000;
  return new Date(ifDaylight >= start && ifDaylight < end ? ifDaylight : wallClockAsUtc + 5 * 3_600_000);
}

/**
 * The US Eastern calendar date (YYYY-MM-DD) of an instant: the date the books and the schedules keep. 03:30 UTC on
 * 15 May is still 14 May in New York.
 */
export function easternDateOf(instant: Date): string {
  const time = instant.getTime();
  const { start, end } = easternDstBounds(instant.getUTCFullYear());
  const offsetHours = time >= start && time < end ? 4 : 5;
  return new Date(time - offsetHours * 3_600_000).toISOString().slice(0, 10);
}

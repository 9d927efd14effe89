import type { BookEvent } from '@pass/contracts';
import { mlbSeries } from '@pass/domain';
import { isStartedOrOver } from './lines';

/** The `?week=` of a schedule's address: a week number (1–99), else undefined (the current week). */
export function parseWeekParam(value: string | null): number | undefined {
  if (value === null || !/^\d{1,2}$/.test(value)) return undefined;
  const week = Number(value);
  return week >= 1 ? week : undefined;
}

/** When a game starts, for ordering: its kickoff, else noon UTC of its date (as the server reads it). */
const startOf = (event: BookEvent) => Date.parse(event.kickoff ?? `${event.game_date}T12:00:00Z`);

/**
 * The first game of a list still to be played: scheduled, its result not overdue and, by the server's clock
 * when known, not yet kicked off. Undefined when every game has started or is over.
 */
export function firstOpenGame(events: readonly BookEvent[], now: Date | null): BookEvent | undefined {
  return events
    .filter((event) => !isStartedOrOver(event, now))
    .reduce<BookEvent | undefined>(
      (first, event) => (first && startOf(first) <= startOf(event) ? first : event),
      undefined,
    );
}

/**
 * MLB games with their place in a series: the server's (found among the whole season) where it sent one, else
 * worked out from the games at hand (the same visitors at the same park on consecutive days). Football as is.
 */
export function withSeries(events: readonly BookEvent[]): readonly BookEvent[] {
  if (events.every((event) => event.sport !== 'baseball_mlb' || event.series)) return events;
  const ordered = [...events].sort((a, b) => startOf(a) - startOf(b));
  const series = mlbSeries(
    ordered
      .filter((event) => event.sport === 'baseball_mlb' && event.status !== 'cancelled')
      .map((event) => ({ id: event.event_id, home: event.home_team, away: event.away_team, date: event.game_date })),
  );
  return events.map((event) => {
    const position = event.series ?? series.get(event.event_id);
    return position && event.sport === 'baseball_mlb' ? { ...event, series: position } : event;
  });
}

/** Games grouped by their calendar day (YYYY-MM-DD, the day the league dates them), days and games in order. */
export function gamesByDay(events: readonly BookEvent[]): { day: string; games: BookEvent[] }[] {
  const days = new Map<string, BookEvent[]>();
  for (const event of [...events].sort((a, b) => a.game_date.localeCompare(b.game_date) || startOf(a) - startOf(b))) {
    days.set(event.game_date, [...(days.get(event.game_date) ?? []), event]);
  }
  return [...days].map(([day, games]) => ({ day, games }));
}

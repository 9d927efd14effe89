import type { BookEventsResponse, SportKey } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCurrentEvents } from '../../../lib/current-events';
import { LEDGER_KEY } from '../../../lib/ledger-cache';

/** A week's events by number (the coming week after the current one). */
export const weekEventsQuery = (sport: SportKey, season: number, week: number) =>
  queryOptions({
    queryKey: [LEDGER_KEY, 'events', sport, season, week],
    queryFn: ({ signal }) =>
      api.get<BookEventsResponse>(`/api/book/events/${sport}/${week}`, { query: { season_year: season }, signal }),
    staleTime: 60_000,
  });

/**
 * The coming week's games: asked for once the current week names the season's next one (none after its last).
 */
export function useNextWeekEvents(sport: SportKey, { enabled = true }: { enabled?: boolean } = {}) {
  const current = useCurrentEvents(sport, { enabled });
  const season = current.data?.season;
  const nextWeek = current.data?.next_week ?? null;
  const next = useQuery({
    ...weekEventsQuery(sport, season ?? 0, nextWeek ?? 0),
    enabled: enabled && season !== undefined && nextWeek !== null,
  });
  return { current, next };
}

/** The games a bet can be recorded on: this week's and the coming week's, in kickoff order. */
export function useComingEvents(sport: SportKey, { enabled = true }: { enabled?: boolean } = {}) {
  const { current, next } = useNextWeekEvents(sport, { enabled });
  const events = [...(current.data?.events ?? []), ...(next.data?.events ?? [])];
  const seen = new Set<number>();
  const unique = events.filter((event) => !seen.has(event.event_id) && seen.add(event.event_id));
  return {
    events: unique,
    isPending: current.isPending,
    isError: current.isError,
  };
}

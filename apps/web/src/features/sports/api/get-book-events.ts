import type { BookEventsResponse, SportKey } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface BookEventsFilter {
  season?: number | undefined;
  /** A week number; the current week when absent. */
  week?: number | undefined;
}

/** A week's events with every book's latest quote per market and outcome. */
export function getBookEvents(
  sport: SportKey,
  { season, week }: BookEventsFilter = {},
  signal?: AbortSignal,
): Promise<BookEventsResponse> {
  const path = week === undefined ? `/api/book/events/${sport}` : `/api/book/events/${sport}/${week}`;
  return api.get<BookEventsResponse>(path, { query: { season_year: season }, signal });
}

export const bookEventsQuery = (sport: SportKey, filter: BookEventsFilter = {}) =>
  queryOptions({
    queryKey: ['sports', sport, 'events', filter.season ?? 'current', filter.week ?? 'current'],
    queryFn: ({ signal }) => getBookEvents(sport, filter, signal),
    staleTime: 60_000,
    // Odds move: a page left open keeps them fresh.
    refetchInterval: 5 * 60_000,
  });

export function useBookEvents(sport: SportKey, filter: BookEventsFilter = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...bookEventsQuery(sport, filter), enabled: options.enabled ?? true });
}

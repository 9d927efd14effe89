import type { BookEventsResponse, CurrentWeekResponse, SportKey } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The current week's events with every book's latest quotes. */
export const currentEventsQuery = (sport: SportKey) =>
  queryOptions({
    queryKey: ['ledger', 'events', sport],
    queryFn: ({ signal }) => api.get<BookEventsResponse>(`/api/book/events/${sport}`, { signal }),
    staleTime: 60_000,
  });

export const useCurrentEvents = (sport: SportKey, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...currentEventsQuery(sport), enabled });

/** The current week, whose season is the default of the stats screen. */
export const currentWeekQuery = (sport: SportKey) =>
  queryOptions({
    queryKey: ['ledger', 'current-week', sport],
    queryFn: ({ signal }) => api.get<CurrentWeekResponse>(`/api/dates/${sport}/current-week`, { signal }),
    staleTime: 30_000,
  });

export const useCurrentWeek = (sport: SportKey) => useQuery(currentWeekQuery(sport));

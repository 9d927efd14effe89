import type { CurrentWeekResponse, SportKey } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getCurrentWeek(sport: SportKey, season?: number, signal?: AbortSignal): Promise<CurrentWeekResponse> {
  return api.get<CurrentWeekResponse>(`/api/dates/${sport}/current-week`, {
    query: { season_year: season },
    signal,
  });
}

/** The current week (today's, or the next one between weeks) of a season, the current season by default. */
export const currentWeekQuery = (sport: SportKey, season?: number) =>
  queryOptions({
    queryKey: ['sports', sport, 'current-week', season ?? 'current'],
    queryFn: ({ signal }) => getCurrentWeek(sport, season, signal),
    // Stored for 30 s, as the specification keeps it.
    staleTime: 30_000,
  });

export function useCurrentWeek(sport: SportKey, season?: number) {
  return useQuery(currentWeekQuery(sport, season));
}

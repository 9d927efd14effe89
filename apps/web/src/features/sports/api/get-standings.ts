import type { SportKey, StandingsResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getStandings(sport: SportKey, season?: number, signal?: AbortSignal): Promise<StandingsResponse> {
  return api.get<StandingsResponse>(`/api/standings/${sport}`, { query: { season }, signal });
}

export const standingsQuery = (sport: SportKey, season?: number) =>
  queryOptions({
    queryKey: ['sports', sport, 'standings', season ?? 'current'],
    queryFn: ({ signal }) => getStandings(sport, season, signal),
    staleTime: 5 * 60_000,
  });

export function useStandings(sport: SportKey, season?: number) {
  return useQuery(standingsQuery(sport, season));
}

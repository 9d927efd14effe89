import type { SeasonWeeksResponse, SportKey } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getSeasonWeeks(sport: SportKey, season: number, signal?: AbortSignal): Promise<SeasonWeeksResponse> {
  return api.get<SeasonWeeksResponse>(`/api/dates/season/${season}/${sport}`, { signal });
}

export const seasonWeeksQuery = (sport: SportKey, season: number) =>
  queryOptions({
    queryKey: ['sports', sport, 'weeks', season],
    queryFn: ({ signal }) => getSeasonWeeks(sport, season, signal),
    // The specification caches season dates for 10 s.
    staleTime: 10_000,
  });

export function useSeasonWeeks(sport: SportKey, season: number | undefined) {
  return useQuery({ ...seasonWeeksQuery(sport, season ?? 0), enabled: season !== undefined });
}

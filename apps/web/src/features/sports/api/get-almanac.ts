import type { AlmanacResponse, SportKey } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A team's SU / ATS / O-U records and the reward of backing or fading it; every season when `season` is absent. */
export function getAlmanac(
  sport: SportKey,
  team: string,
  season?: number,
  signal?: AbortSignal,
): Promise<AlmanacResponse> {
  return api.get<AlmanacResponse>(`/api/almanac/${sport}/${encodeURIComponent(team)}`, { query: { season }, signal });
}

export const almanacQuery = (sport: SportKey, team: string, season?: number) =>
  queryOptions({
    queryKey: ['sports', sport, 'almanac', team, season ?? 'all'],
    queryFn: ({ signal }) => getAlmanac(sport, team, season, signal),
    staleTime: 5 * 60_000,
  });

export function useAlmanac(sport: SportKey, team: string | undefined, season?: number) {
  return useQuery({ ...almanacQuery(sport, team ?? '', season), enabled: Boolean(team) });
}

import type { AlmanacResponse, SportKey } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * A team's SU / ATS / O-U records and the reward of backing or fading it; every season when `season` is
 * absent, without the generated demo season unless `includeDemo`.
 */
export function getAlmanac(
  sport: SportKey,
  team: string,
  season?: number,
  signal?: AbortSignal,
  includeDemo = false,
): Promise<AlmanacResponse> {
  return api.get<AlmanacResponse>(`/api/almanac/${sport}/${encodeURIComponent(team)}`, {
    query: { season, include_demo: includeDemo ? 'true' : undefined },
    signal,
  });
}

export const almanacQuery = (sport: SportKey, team: string, season?: number, includeDemo = false) =>
  queryOptions({
    queryKey: ['sports', sport, 'almanac', team, season ?? 'all', includeDemo ? 'with-demo' : 'real'],
    queryFn: ({ signal }) => getAlmanac(sport, team, season, signal, includeDemo),
    staleTime: 5 * 60_000,
  });

export function useAlmanac(sport: SportKey, team: string | undefined, season?: number, includeDemo = false) {
  return useQuery({ ...almanacQuery(sport, team ?? '', season, includeDemo), enabled: Boolean(team) });
}

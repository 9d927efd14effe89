import type { SportKey, TeamsResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getTeams(sport: SportKey, signal?: AbortSignal): Promise<TeamsResponse> {
  return api.get<TeamsResponse>(`/api/sport/${sport}/teams`, { signal });
}

export const teamsQuery = (sport: SportKey) =>
  queryOptions({
    queryKey: ['sports', sport, 'teams'],
    queryFn: ({ signal }) => getTeams(sport, signal),
    // Teams change between seasons, not between page views.
    staleTime: 60 * 60_000,
  });

export function useTeams(sport: SportKey) {
  return useQuery(teamsQuery(sport));
}

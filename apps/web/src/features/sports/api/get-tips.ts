import type { SportKey, TipsResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getTips(sport: SportKey, season?: number, signal?: AbortSignal): Promise<TipsResponse> {
  return api.get<TipsResponse>(`/api/book/tips/${sport}`, { query: { season_year: season }, signal });
}

export const tipsQuery = (sport: SportKey, season?: number) =>
  queryOptions({
    queryKey: ['sports', sport, 'tips', season ?? 'current'],
    queryFn: ({ signal }) => getTips(sport, season, signal),
    staleTime: 5 * 60_000,
  });

export function useTips(sport: SportKey, season?: number) {
  return useQuery(tipsQuery(sport, season));
}

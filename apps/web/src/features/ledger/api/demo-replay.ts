import type { DemoReplayResponse, SportKey } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A past season replayed with the demo's strategy; without a season, the server's default one. */
export function getDemoReplay(sport: SportKey, season?: number, signal?: AbortSignal): Promise<DemoReplayResponse> {
  return api.get<DemoReplayResponse>(`/api/demo/replay/${sport}`, { query: { season }, signal });
}

export const demoReplayQuery = (sport: SportKey, season?: number) =>
  queryOptions({
    queryKey: ['ledger', 'demo-replay', sport, season ?? 'default'],
    queryFn: ({ signal }) => getDemoReplay(sport, season, signal),
    // A past season changes only when an import corrects it.
    staleTime: 5 * 60_000,
  });

export const useDemoReplay = (sport: SportKey, season?: number) => useQuery(demoReplayQuery(sport, season));

import type { DemoReplayResponse, SportKey } from '@pass/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { replaySelectionOf } from '../lib/use-replay-selection';

/** A past season replayed with the demo's strategy; without a season, the server's default one. */
export function getDemoReplay(sport: SportKey, season?: number, signal?: AbortSignal): Promise<DemoReplayResponse> {
  return api.get<DemoReplayResponse>(`/api/demo/replay/${sport}`, { query: { season }, signal });
}

export const demoReplayQuery = (sport: SportKey, season?: number) =>
  queryOptions({
    // Not under the ledger's key: a member's entries do not change a past season's replay.
    queryKey: ['demo-replay', sport, season ?? 'default'],
    queryFn: ({ signal }) => getDemoReplay(sport, season, signal),
    // A past season changes only when an import corrects it.
    staleTime: 5 * 60_000,
  });

export const useDemoReplay = (sport: SportKey, season?: number) => useQuery(demoReplayQuery(sport, season));

/**
 * The replay a demo address shows, asked for as soon as its route is chosen, while the screen's code still
 * loads; the screen's query (same key) finds it answered or on its way.
 */
export function prefetchDemoReplay(queryClient: QueryClient, url: URL): Promise<void> {
  const { sport, season } = replaySelectionOf(url.searchParams);
  return queryClient.prefetchQuery(demoReplayQuery(sport, season));
}

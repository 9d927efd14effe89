import type { OutcomeResponse, SportKey, StatsResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getSessionUser } from '../../../lib/session-user';
import { cachedFetch } from '../../../lib/stored-cache';

/** Stats summary and bet outcomes are kept 60 s (spec section 9), per user. */
const STORED_SECONDS = 60;

const userUuid = () => String(getSessionUser()?.id ?? 'anonymous');

export function getStats(sport: SportKey, season: number, signal?: AbortSignal): Promise<StatsResponse> {
  return cachedFetch(`stats:${sport}:${season}`, { userUuid: userUuid(), ttlSeconds: STORED_SECONDS }, () =>
    api.get<StatsResponse>(`/api/user/stats/${sport}/season/${season}`, { signal }),
  );
}

export function getOutcomes(sport: SportKey, season: number, signal?: AbortSignal): Promise<OutcomeResponse> {
  return cachedFetch(`outcomes:${sport}:${season}`, { userUuid: userUuid(), ttlSeconds: STORED_SECONDS }, () =>
    api.get<OutcomeResponse>(`/api/user/bets/outcome/${sport}`, { query: { season }, signal }),
  );
}

export const statsQuery = (sport: SportKey, season: number) =>
  queryOptions({
    queryKey: ['ledger', 'stats', sport, season],
    queryFn: ({ signal }) => getStats(sport, season, signal),
    staleTime: STORED_SECONDS * 1000,
  });

export const outcomesQuery = (sport: SportKey, season: number) =>
  queryOptions({
    queryKey: ['ledger', 'outcomes', sport, season],
    queryFn: ({ signal }) => getOutcomes(sport, season, signal),
    staleTime: STORED_SECONDS * 1000,
  });

export const useStats = (sport: SportKey, season: number | undefined) =>
  useQuery({ ...statsQuery(sport, season ?? 0), enabled: season !== undefined });

export const useOutcomes = (sport: SportKey, season: number | undefined) =>
  useQuery({ ...outcomesQuery(sport, season ?? 0), enabled: season !== undefined });

import type { BookHistoryResponse, SportKey } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface BookHistoryFilter {
  /** The current season when absent. */
  season?: number | undefined;
  /** A week number; the whole season when absent. */
  week?: number | undefined;
}

/** Past events of a season (or one week of it) with their finals and every book's closing line. */
export function getBookHistory(
  sport: SportKey,
  { season, week }: BookHistoryFilter = {},
  signal?: AbortSignal,
): Promise<BookHistoryResponse> {
  const path = week === undefined ? `/api/book/history/${sport}` : `/api/book/history/${sport}/${week}`;
  return api.get<BookHistoryResponse>(path, { query: { season }, signal });
}

export const bookHistoryQuery = (sport: SportKey, filter: BookHistoryFilter = {}) =>
  queryOptions({
    queryKey: ['sports', sport, 'history', filter.season ?? 'current', filter.week ?? 'all'],
    queryFn: ({ signal }) => getBookHistory(sport, filter, signal),
    // Finals and closing lines change only when a game ends or a score is corrected.
    staleTime: 5 * 60_000,
  });

export function useBookHistory(sport: SportKey, filter: BookHistoryFilter = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...bookHistoryQuery(sport, filter), enabled: options.enabled ?? true });
}

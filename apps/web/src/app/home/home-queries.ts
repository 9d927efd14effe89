import type { BetListResponse, BookEventsResponse, CurrentWeekResponse, SportKey } from '@pass/contracts';
import type { Status } from '@pass/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api-client';
import { LEDGER_KEY } from '../../lib/ledger-cache';

/**
 * The member home's reads, each an existing endpoint. The member's entries sit under the ledger's key, so a
 * pick or bet recorded anywhere (which refreshes `['ledger']`) refreshes the home too.
 */

/** How many entries a section of the home shows at most. */
export const HOME_ENTRIES = 8;

/** The member's entries of one status as shown (open, pending or completed), newest first. */
export const homeEntriesQuery = (
  status: typeof Status.open | typeof Status.pending | typeof Status.completed,
  limit: number,
) =>
  queryOptions({
    queryKey: [LEDGER_KEY, 'home', status, limit],
    queryFn: ({ signal }) => api.get<BetListResponse>('/api/user/bets', { query: { status, limit }, signal }),
    staleTime: 10_000,
  });

/** The sport's current week, or null when the sport has no games loaded for its season (a 404). */
export const homeCurrentWeekQuery = (sport: SportKey) =>
  queryOptions({
    queryKey: ['sports', sport, 'home-current-week'],
    queryFn: ({ signal }) =>
      api.get<CurrentWeekResponse>(`/api/dates/${sport}/current-week`, { signal }).catch(orNullOn404),
    staleTime: 30_000,
  });

/** A week's games with their odds, or null when the season has no such week (the one after the last). */
export const homeWeekEventsQuery = (sport: SportKey, season: number, week: number) =>
  queryOptions({
    queryKey: ['sports', sport, 'home-events', season, week],
    queryFn: ({ signal }) =>
      api
        .get<BookEventsResponse>(`/api/book/events/${sport}/${week}`, { query: { season_year: season }, signal })
        .catch(orNullOn404),
    staleTime: 60_000,
  });

function orNullOn404(error: unknown): null {
  if (error instanceof ApiError && error.status === 404) return null;
  throw error;
}

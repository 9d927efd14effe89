import type { BookEventsResponse, SportKey } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { LEDGER_KEY } from './ledger-cache';

/**
 * The current week's events with every book's latest quotes: the games the ledger's forms and the teller take
 * bets on. Under the ledger's key, so a recorded bet asks again.
 */
export const currentEventsQuery = (sport: SportKey) =>
  queryOptions({
    queryKey: [LEDGER_KEY, 'events', sport],
    queryFn: ({ signal }) => api.get<BookEventsResponse>(`/api/book/events/${sport}`, { signal }),
    staleTime: 60_000,
  });

export const useCurrentEvents = (sport: SportKey, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...currentEventsQuery(sport), enabled });

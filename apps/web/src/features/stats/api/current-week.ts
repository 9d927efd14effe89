import type { CurrentWeekResponse, SportKey } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { LEDGER_KEY } from '../../../lib/ledger-cache';

/** The current week, whose season is the default of the stats screen. */
export const currentWeekQuery = (sport: SportKey) =>
  queryOptions({
    queryKey: [LEDGER_KEY, 'current-week', sport],
    queryFn: ({ signal }) => api.get<CurrentWeekResponse>(`/api/dates/${sport}/current-week`, { signal }),
    staleTime: 30_000,
  });

export const useCurrentWeek = (sport: SportKey) => useQuery(currentWeekQuery(sport));

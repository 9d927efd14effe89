import type { DataStatusResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** How often the status is asked again while the server is still loading its first data. */
export const DATA_STATUS_POLL_MS = 1000;

const DATA_STATUS_KEY = 'data-status';

export function getDataStatus(signal?: AbortSignal): Promise<DataStatusResponse> {
  return api.get<DataStatusResponse>('/api/health/data', { signal });
}

/**
 * The server's first-run import (docs/decisions/019): asked again every second while it loads, never once it
 * is over. When a load that was seen going ends, every other query is refreshed, so the screens that waited
 * for the data fetch it instead of keeping the empty answers they may have had.
 */
export const dataStatusQuery = () =>
  queryOptions({
    queryKey: [DATA_STATUS_KEY],
    queryFn: async ({ signal, client }) => {
      const previous = client.getQueryData<DataStatusResponse>([DATA_STATUS_KEY]);
      const status = await getDataStatus(signal);
      if (previous?.state === 'loading' && status.state !== 'loading') {
        void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== DATA_STATUS_KEY });
      }
      return status;
    },
    // A finished load stays finished for the life of the server.
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.state === 'loading' ? DATA_STATUS_POLL_MS : false),
  });

/** The status, on the screens that need data only (`enabled`). */
export function useDataStatus(enabled = true) {
  return useQuery({ ...dataStatusQuery(), enabled });
}

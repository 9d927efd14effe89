import type { ClientConfigResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** `GET /api/config`: public settings (support address, store links, pool limits). */
export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'],
  queryFn: ({ signal }) => api.get<ClientConfigResponse>('/api/config', { signal }),
  staleTime: 5 * 60_000,
});

export function useClientConfig() {
  return useQuery(clientConfigQuery);
}

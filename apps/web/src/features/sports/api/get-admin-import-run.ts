import type { AdminImportRunResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getAdminImportRun(id: number, signal?: AbortSignal): Promise<AdminImportRunResponse> {
  return api.get<AdminImportRunResponse>(`/api/admin/imports/runs/${id}`, { signal });
}

/** A run, polled every second while it runs. */
export const adminImportRunQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'imports', 'runs', id],
    queryFn: ({ signal }) => getAdminImportRun(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'running' || !query.state.data ? 1000 : false),
  });

export function useAdminImportRun(id: number | null) {
  return useQuery({ ...adminImportRunQuery(id ?? 0), enabled: id !== null });
}

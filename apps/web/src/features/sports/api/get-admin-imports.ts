import type { AdminImportsResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getAdminImports(signal?: AbortSignal): Promise<AdminImportsResponse> {
  return api.get<AdminImportsResponse>('/api/admin/imports', { signal });
}

export const adminImportsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'imports'],
    queryFn: ({ signal }) => getAdminImports(signal),
    staleTime: 0,
  });

export function useAdminImports() {
  return useQuery(adminImportsQuery());
}

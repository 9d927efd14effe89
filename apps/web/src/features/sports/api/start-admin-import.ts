import type { AdminImportStartResponse, ImportSourceKey } from '@pass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminImportsQuery } from './get-admin-imports';

export function startAdminImport(source: ImportSourceKey): Promise<AdminImportStartResponse> {
  return api.post<AdminImportStartResponse>(`/api/admin/imports/${source}`);
}

/** Re-runs an import; the table refreshes so the new run shows as running. */
export function useStartAdminImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startAdminImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminImportsQuery().queryKey }),
  });
}

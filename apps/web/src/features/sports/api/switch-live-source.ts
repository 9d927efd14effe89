import type { LiveSourceStatus } from '@pass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminImportsQuery } from './get-admin-imports';

/** Switches a live source off (not polled) or on again (polled at once); the imports screen refreshes. */
export function useSwitchLiveSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, enabled }: { key: string; enabled: boolean }) =>
      api.patch<LiveSourceStatus>(`/api/admin/imports/live/${encodeURIComponent(key)}`, { enabled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminImportsQuery().queryKey }),
  });
}

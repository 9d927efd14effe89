import type { PlayLimitsResponse, UpdatePlayLimitsBody } from '@pass/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { LEDGER_KEY } from '../../../lib/ledger-cache';

/**
 * `GET /api/user/play-limits`: the member's own limits, real money staked this month and the loss streak.
 * Under the ledger's key, so a new, changed or graded entry asks again.
 */
export const playLimitsQuery = () =>
  queryOptions({
    queryKey: [LEDGER_KEY, 'play-limits'],
    queryFn: ({ signal }) => api.get<PlayLimitsResponse>('/api/user/play-limits', { signal }),
  });

export const usePlayLimits = () => useQuery(playLimitsQuery());

/** `PUT /api/user/play-limits`: both limits at once, null clearing one. */
export function putPlayLimits(body: UpdatePlayLimitsBody): Promise<PlayLimitsResponse> {
  return api.put<PlayLimitsResponse>('/api/user/play-limits', body);
}

export function useUpdatePlayLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putPlayLimits,
    onSuccess: (answer) => queryClient.setQueryData(playLimitsQuery().queryKey, answer),
  });
}

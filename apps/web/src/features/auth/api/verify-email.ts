import type { VerifyResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/verify/{token}`: confirms the address the mailed link was sent to. A token works once. */
export function postVerifyEmail(token: string): Promise<VerifyResponse> {
  return api.post<VerifyResponse>(`/auth/verify/${encodeURIComponent(token)}`);
}

/**
 * Kept as a query keyed by the token, although it is a POST: the cache makes it run once per token,
 * however often the screen mounts (React's strict mode mounts it twice), and a second visit shows the
 * first answer instead of spending the token again.
 */
export const verifyEmailQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => postVerifyEmail(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQuery(token));
}

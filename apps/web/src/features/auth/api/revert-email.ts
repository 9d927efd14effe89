import type { EmailRevertResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/email/revert/{token}`: puts the old address back, ends every session, clears the password. */
export function postRevertEmail(token: string): Promise<EmailRevertResponse> {
  return api.post<EmailRevertResponse>(`/auth/email/revert/${encodeURIComponent(token)}`);
}

/**
 * A query keyed by the token, although it is a POST, as for the verification link: the link works once,
 * so it must run once per token however often the screen mounts, and a second visit shows the first answer.
 */
export const revertEmailQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'revert-email', token],
    queryFn: () => postRevertEmail(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

export function useRevertEmail(token: string) {
  return useQuery(revertEmailQuery(token));
}

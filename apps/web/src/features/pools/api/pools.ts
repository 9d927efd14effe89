import type {
  BookEventsResponse,
  CreatePoolBody,
  InvitationPreviewResponse,
  InviteManyResponse,
  PoolListResponse,
  PoolResponse,
  ShareLinkResponse,
  SportKey,
} from '@pass/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /api/pools`: the pools the member is in, as Lifeguard or guest, newest first. */
export const poolsQuery = queryOptions({
  queryKey: ['pools', 'list'],
  queryFn: ({ signal }) => api.get<PoolListResponse>('/api/pools', { signal }),
  staleTime: 10_000,
});

export const usePools = () => useQuery(poolsQuery);

function useInvalidatePools() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['pools'] });
}

/** `POST /api/pools`: 400 with each setting the rules refuse, 409 at the Lifeguard's limit. */
export function useCreatePool() {
  const invalidate = useInvalidatePools();
  return useMutation({
    mutationFn: (body: CreatePoolBody) => api.post<PoolResponse>('/api/pools', body),
    onSuccess: invalidate,
  });
}

/** `POST /api/pools/{id}/invitations/many`: a pasted list of addresses invited at once, each entry answered. */
export function useInviteMany() {
  return useMutation({
    mutationFn: ({ poolId, addresses }: { poolId: number; addresses: string }) =>
      api.post<InviteManyResponse>(`/api/pools/${poolId}/invitations/many`, { addresses }),
  });
}

/** `POST /api/pools/{id}/link`: a new shareable link (the one before stops working). */
export function useShareLink() {
  return useMutation({
    mutationFn: (poolId: number) => api.post<ShareLinkResponse>(`/api/pools/${poolId}/link`),
  });
}

/**
 * `POST /api/pools/invitation`: what an accept link invites to (the pool, its Lifeguard and rules, the invited
 * address, a refusal); 404 for an unknown token. Asked again when the caller signs in or out.
 */
export const invitationPreviewQuery = (token: string, userId: number | null) =>
  queryOptions({
    queryKey: ['pools', 'invitation', token, userId],
    queryFn: ({ signal }) => api.post<InvitationPreviewResponse>('/api/pools/invitation', { token }, { signal }),
    staleTime: 30_000,
    retry: false,
  });

/** `POST /api/pools/accept`: joins with an invitation's token; 404 unknown token, 409 with the reason. */
export function useAcceptInvitation() {
  const invalidate = useInvalidatePools();
  return useMutation({
    mutationFn: (token: string) => api.post<PoolResponse>('/api/pools/accept', { token }),
    onSuccess: invalidate,
  });
}

/** This week's games of a sport (`/api/book/events/{sport}`: the current week), for the Schedule tab. */
export const weekGamesQuery = (sport: SportKey) =>
  queryOptions({
    queryKey: ['pools', 'week-games', sport],
    queryFn: ({ signal }) => api.get<BookEventsResponse>(`/api/book/events/${sport}`, { signal }),
    staleTime: 60_000,
  });

export const useWeekGames = (sport: SportKey) => useQuery(weekGamesQuery(sport));

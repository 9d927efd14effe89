import type { PoolInvitationRefusalsResponse } from '@pass/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Rows a page of the admin's table: enough to see a pattern, few enough for a phone. */
export const REFUSALS_PAGE = 20;

/** `GET /api/admin/pool-invitation-refusals`: the refused invitations, newest first, page by page (admin). */
export const invitationRefusalsQuery = infiniteQueryOptions({
  queryKey: ['admin', 'pool-invitation-refusals'],
  queryFn: ({ pageParam, signal }) =>
    api.get<PoolInvitationRefusalsResponse>('/api/admin/pool-invitation-refusals', {
      query: { limit: REFUSALS_PAGE, before: pageParam ?? undefined },
      signal,
    }),
  initialPageParam: null as number | null,
  getNextPageParam: (page) => page.next_before,
  staleTime: 0,
});

export const useInvitationRefusals = () => useInfiniteQuery(invitationRefusalsQuery);

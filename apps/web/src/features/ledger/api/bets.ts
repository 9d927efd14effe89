import type { BetListResponse, BetResponse, CreateBetBody, SportKey } from '@pass/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface BetsFilter {
  sport?: SportKey | undefined;
  season?: number | undefined;
  status?: number | undefined;
  kind?: number | undefined;
}

/** The most entries one list loads (the server's maximum page). */
export const BETS_LIMIT = 500;

export function getBets(filter: BetsFilter, signal?: AbortSignal): Promise<BetListResponse> {
  return api.get<BetListResponse>('/api/user/bets', {
    query: { ...filter, limit: BETS_LIMIT },
    signal,
  });
}

export const betsQuery = (filter: BetsFilter) =>
  queryOptions({
    queryKey: ['ledger', 'bets', filter],
    queryFn: ({ signal }) => getBets(filter, signal),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export const useBets = (filter: BetsFilter) => useQuery(betsQuery(filter));

export function createBet(body: CreateBetBody, idempotencyKey: string): Promise<BetResponse> {
  return api.post<BetResponse>('/api/user/bets', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function cancelBet(id: number): Promise<BetResponse> {
  return api.delete<BetResponse>(`/api/user/bets/${id}`);
}

/** After any change to the ledger: lists, stats and the teller are stale. */
function useInvalidateLedger() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['ledger'] });
}

export function useCreateBet() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateBetBody; idempotencyKey: string }) =>
      createBet(body, idempotencyKey),
    onSuccess: invalidate,
  });
}

export function useCancelBet() {
  const invalidate = useInvalidateLedger();
  return useMutation({ mutationFn: cancelBet, onSuccess: invalidate });
}

import type { CreateParlayBody, ParlayListResponse, ParlayResponse } from '@pass/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { LEDGER_KEY, useInvalidateLedger } from '../../../lib/ledger-cache';

/** The most parlays one list loads (the server's maximum page). */
export const PARLAYS_LIMIT = 500;

export const parlaysQuery = () =>
  queryOptions({
    queryKey: [LEDGER_KEY, 'parlays'],
    queryFn: ({ signal }) =>
      api.get<ParlayListResponse>('/api/user/parlays', { query: { limit: PARLAYS_LIMIT }, signal }),
    staleTime: 10_000,
  });

export const useParlays = () => useQuery(parlaysQuery());

export function createParlay(body: CreateParlayBody, idempotencyKey: string): Promise<ParlayResponse> {
  return api.post<ParlayResponse>('/api/user/parlays', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function cancelParlay(id: number): Promise<ParlayResponse> {
  return api.delete<ParlayResponse>(`/api/user/parlays/${id}`);
}

export function useCreateParlay() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateParlayBody; idempotencyKey: string }) =>
      createParlay(body, idempotencyKey),
    onSuccess: invalidate,
  });
}

export function useCancelParlay() {
  const invalidate = useInvalidateLedger();
  return useMutation({ mutationFn: cancelParlay, onSuccess: invalidate });
}

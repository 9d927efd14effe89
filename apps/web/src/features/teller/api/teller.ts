import type { BetResponse, TellerBetBody, TellerResponse } from '@pass/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { LEDGER_KEY, useInvalidateLedger } from '../../../lib/ledger-cache';

export const tellerQuery = () =>
  queryOptions({
    queryKey: [LEDGER_KEY, 'teller'],
    queryFn: ({ signal }) => api.get<TellerResponse>('/api/teller', { signal }),
    staleTime: 10_000,
  });

export const useTeller = () => useQuery(tellerQuery());

export function placeTellerBet(body: TellerBetBody, idempotencyKey: string): Promise<BetResponse> {
  return api.post<BetResponse>('/api/teller/bets', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function usePlaceTellerBet() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TellerBetBody; idempotencyKey: string }) =>
      placeTellerBet(body, idempotencyKey),
    onSuccess: invalidate,
  });
}

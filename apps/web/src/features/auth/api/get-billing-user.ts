import type { BillingUserResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /billing/user`: the member's billing id, which the subscription screens pass to the payment provider. */
export function getBillingUser(signal?: AbortSignal): Promise<BillingUserResponse> {
  return api.get<BillingUserResponse>('/billing/user', { signal });
}

export const billingUserQuery = queryOptions({
  queryKey: ['billing', 'user'],
  queryFn: ({ signal }) => getBillingUser(signal),
  staleTime: 10 * 60_000,
});

export function useBillingUser() {
  return useQuery(billingUserQuery);
}

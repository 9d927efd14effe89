import type {
  BillingPlansResponse,
  BillingSubscription,
  BillingSubscriptionResponse,
  BillingUserResponse,
  CheckSubscriptionsRequiredResponse,
  UserResponse,
} from '@pass/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The member's billing calls (the specification's billing calls; decisions 045 and 046): the billing id the
 * PayPal button names as `custom_id`, the plans on sale, what is missing, the subscriptions, subscribe, cancel.
 */

export const billingUserQuery = queryOptions({
  queryKey: ['billing', 'user'],
  queryFn: async ({ signal }) => (await api.get<BillingUserResponse>('/billing/user', { signal })).data.billing_id,
  staleTime: Infinity,
});

export const plansQuery = queryOptions({
  queryKey: ['billing', 'plans'],
  queryFn: async ({ signal }) => (await api.get<BillingPlansResponse>('/billing/plans', { signal })).data,
  staleTime: 5 * 60_000,
});

export const checkSubscriptionsQuery = queryOptions({
  queryKey: ['billing', 'check-subscriptions-required'],
  queryFn: async ({ signal }) =>
    (await api.get<CheckSubscriptionsRequiredResponse>('/billing/check-subscriptions-required', { signal })).data,
  staleTime: 0,
});

export const subscriptionsQuery = queryOptions({
  queryKey: ['billing', 'subscriptions'],
  queryFn: async ({ signal }) =>
    (await api.get<{ data: BillingSubscription[] }>('/billing/subscriptions', { signal })).data,
  staleTime: 0,
});

export function useBillingUser(enabled = true) {
  return useQuery({ ...billingUserQuery, enabled });
}

export function usePlans() {
  return useQuery(plansQuery);
}

export function useCheckSubscriptions(enabled = true) {
  return useQuery({ ...checkSubscriptionsQuery, enabled });
}

export function useSubscriptions() {
  return useQuery(subscriptionsQuery);
}

/** `POST /billing/paypal/subscribe`: the server asks PayPal for the subscription the button approved. */
export async function confirmPayPalSubscription(billingId: string, subscriptionId: string) {
  return (
    await api.post<BillingSubscriptionResponse>('/billing/paypal/subscribe', {
      billing_id: billingId,
      subscription_id: subscriptionId,
    })
  ).data;
}

/**
 * Cancels a subscription with its provider: `POST /billing/paypal/cancel/{billingId}/{subscriptionId}` for
 * PayPal, `POST /billing/mobile/cancel/{billingId}/{subscriptionId}` for the app stores.
 */
export async function cancelSubscription(billingId: string, subscription: BillingSubscription) {
  const platform = subscription.billing_platform === 'mobile' ? 'mobile' : 'paypal';
  const path = `/billing/${platform}/cancel/${encodeURIComponent(billingId)}/${encodeURIComponent(subscription.subscription_id)}`;
  return (await api.post<BillingSubscriptionResponse>(path)).data;
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ billingId, subscription }: { billingId: string; subscription: BillingSubscription }) =>
      cancelSubscription(billingId, subscription),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['billing'] }),
  });
}

/** `GET /auth/whoami`, for what it says of college access (the free month's end). */
export const accountQuery = queryOptions({
  queryKey: ['billing', 'account'],
  queryFn: async ({ signal }) => (await api.get<UserResponse>('/auth/whoami', { signal })).data,
  staleTime: 0,
});

export function useAccount(enabled = true) {
  return useQuery({ ...accountQuery, enabled });
}

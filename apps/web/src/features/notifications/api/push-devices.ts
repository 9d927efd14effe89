import type {
  PushPublicKeyResponse,
  PushSubscriptionBody,
  PushSubscriptionResponse,
  PushTestResponse,
} from '@pass/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';

/** `GET /api/push/public-key`: the key this device subscribes with; null when the server has push off. */
export async function getPushPublicKey(signal?: AbortSignal): Promise<string | null> {
  return (await api.get<PushPublicKeyResponse>('/api/push/public-key', { signal })).data.public_key;
}

export const pushPublicKeyQuery = queryOptions({
  queryKey: ['push', 'public-key'],
  queryFn: ({ signal }) => getPushPublicKey(signal),
  staleTime: Infinity,
});

export function usePushPublicKey() {
  return useQuery(pushPublicKeyQuery);
}

/** `POST /api/user/push-subscriptions`: this device's subscription, now the caller's. */
export async function savePushSubscription(body: PushSubscriptionBody): Promise<void> {
  await api.post<PushSubscriptionResponse>('/api/user/push-subscriptions', body);
}

/** `DELETE /api/user/push-subscriptions`: forgets this device (404 when the server had it no longer). */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiRequest('/api/user/push-subscriptions', { method: 'DELETE', body: { endpoint } });
}

/** `POST /api/user/push-subscriptions/test`: a test notification to each of the caller's devices. */
export async function sendTestPush(): Promise<PushTestResponse['data']> {
  return (await api.post<PushTestResponse>('/api/user/push-subscriptions/test')).data;
}

export function useSendTestPush() {
  return useMutation({ mutationFn: sendTestPush });
}

import type { NotificationPreferencesResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /api/user/notifications`: the member's switches for the pool mails and the push kinds. */
export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferencesResponse> {
  return api.get<NotificationPreferencesResponse>('/api/user/notifications', { signal });
}

export const notificationPreferencesQuery = queryOptions({
  queryKey: ['user', 'notifications'],
  queryFn: ({ signal }) => getNotificationPreferences(signal),
});

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQuery);
}

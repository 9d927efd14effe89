import type { NotificationPreferencesResponse, UpdateNotificationPreferencesBody } from '@pass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationPreferencesQuery } from './get-notification-preferences';

/** `PUT /api/user/notifications`: changes the switches given, keeps the others. */
export function putNotificationPreferences(
  body: UpdateNotificationPreferencesBody,
): Promise<NotificationPreferencesResponse> {
  return api.put<NotificationPreferencesResponse>('/api/user/notifications', body);
}

/**
 * A switch moves the moment it is pressed (the change is applied to the cached settings first) and moves back
 * if the server refuses it; the server's answer then replaces the cache.
 */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationPreferencesQuery;
  return useMutation({
    mutationFn: putNotificationPreferences,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      if (before) queryClient.setQueryData(queryKey, { ...before, data: { ...before.data, ...change } });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(queryKey, answer),
  });
}

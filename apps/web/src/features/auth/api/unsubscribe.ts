import type { UnsubscribeResponse } from '@pass/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/notifications/unsubscribe?token=…`: the one-click unsubscribe a mail client sends (RFC 8058), sent
 * here by the confirm page's button; the token is the authority, no session is needed.
 */
export function postUnsubscribe(token: string): Promise<UnsubscribeResponse> {
  return api.post<UnsubscribeResponse>(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
    'List-Unsubscribe': 'One-Click',
  });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: postUnsubscribe });
}

import type { AdminSuspensionResponse } from '@pass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SuspensionTarget = 'users' | 'pools';

export interface SuspensionRequest {
  target: SuspensionTarget;
  id: number;
  /** Suspend with a reason, or lift (no reason). */
  action: 'suspend' | 'unsuspend';
  reason?: string;
}

/** `POST /api/admin/{users|pools}/{id}/suspend|unsuspend` (admin). */
export const changeSuspension = ({ target, id, action, reason }: SuspensionRequest) =>
  api
    .post<AdminSuspensionResponse>(
      `/api/admin/${target}/${id}/${action}`,
      action === 'suspend' ? { reason: reason ?? '' } : undefined,
    )
    .then((answer) => answer.data);

/** Suspends or lifts, then refreshes every admin list (the tables and the refused invitations). */
export function useChangeSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSuspension,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

import type { ChangePasswordBody, OkResponse } from '@pass/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/password`: needs the current password; the member's other sessions end. */
export function postChangePassword(body: ChangePasswordBody): Promise<OkResponse> {
  return api.post<OkResponse>('/auth/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: postChangePassword });
}

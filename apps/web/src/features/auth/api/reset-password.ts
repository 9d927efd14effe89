import type { OkResponse, PasswordResetBody } from '@pass/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/passwd/reset/{token}`: the new password, typed twice; every session of the account ends. */
export function postPasswordReset(body: PasswordResetBody): Promise<OkResponse> {
  return api.post<OkResponse>(`/auth/passwd/reset/${encodeURIComponent(body.token)}`, body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: postPasswordReset });
}

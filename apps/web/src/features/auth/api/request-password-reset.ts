import type { AcceptedResponse, PasswordResetRequestBody } from '@pass/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/passwd/reset` → 202, whether or not an account matched. */
export function postPasswordResetRequest(body: PasswordResetRequestBody): Promise<AcceptedResponse> {
  return api.post<AcceptedResponse>('/auth/passwd/reset', body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: postPasswordResetRequest });
}

import type { AcceptedResponse, ResendVerificationBody } from '@pass/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/verify/resend` → 202, whether or not the address has an unconfirmed account. */
export function postResendVerification(body: ResendVerificationBody): Promise<AcceptedResponse> {
  return api.post<AcceptedResponse>('/auth/verify/resend', body);
}

export function useResendVerification() {
  return useMutation({ mutationFn: postResendVerification });
}

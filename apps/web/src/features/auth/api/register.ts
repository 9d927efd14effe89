import type { RegisterBody, RegisterResponse } from '@pass/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/register` → 201: a verification mail is on its way (the same answer for a known address). */
export function postRegister(body: RegisterBody): Promise<RegisterResponse> {
  return api.post<RegisterResponse>('/auth/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: postRegister });
}

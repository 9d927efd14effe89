import type { LogoutOthersResponse } from '@pass/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/logout/others`: every session of the member but this one ends, with its chat rooms. */
export function postLogoutOthers(): Promise<LogoutOthersResponse> {
  return api.post<LogoutOthersResponse>('/auth/logout/others');
}

export function useLogoutOthers() {
  return useMutation({ mutationFn: postLogoutOthers });
}

import type { OkResponse } from '@pass/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSessionUser, getSessionUser } from '../../../lib/session-user';
import { forgetUserData } from '../lib/forget-user-data';
import { loginIdent } from './login';

/**
 * `POST /auth/logout` (with the CSRF pair, as every POST): ends the session, with the specification's identity
 * header when a user is known.
 */
export function postLogout(username?: string): Promise<OkResponse> {
  return api.post<OkResponse>(
    '/auth/logout',
    undefined,
    username ? { headers: { 'X-AUTH-IDENT': loginIdent(username) } } : {},
  );
}

/**
 * Logs out: the stored user and the user's cached data go whatever the server answers. The user goes first, so the
 * screens let go of the member's live channels before the session ends (a socket opened meanwhile is refused).
 */
export async function logOut(queryClient: QueryClient): Promise<void> {
  const username = getSessionUser()?.username;
  clearSessionUser();
  try {
    await postLogout(username);
  } finally {
    forgetUserData(queryClient);
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => logOut(queryClient) });
}

import type { LoginBody, UserResponse } from '@pass/contracts';
import { authIdentInput } from '@pass/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { md5 } from '../../../lib/md5';
import { storeSessionUser, toSessionUser, type SessionUser } from '../../../lib/session-user';
import { randomUuid } from '../lib/random-uuid';
import { forgetUserData } from '../lib/forget-user-data';
import { billingUserQuery, getBillingUser } from './get-billing-user';
import { getWhoami, whoamiQuery } from './get-whoami';

/** The identity header of the login call: MD5 of `user:` + the username (or email) as sent. */
export function loginIdent(username: string): string {
  return md5(authIdentInput(username));
}

/**
 * `POST /auth/login` with the specification's headers: X-AUTH-TOKEN a random UUID, X-AUTH-IDENT the
 * hash of the login name. The name is trimmed first, as the server trims it before checking the hash.
 */
export function postLogin(body: LoginBody): Promise<UserResponse | null> {
  const username = body.username.trim();
  return api.post<UserResponse | null>(
    '/auth/login',
    { username, password: body.password },
    { headers: { 'X-AUTH-TOKEN': randomUuid(), 'X-AUTH-IDENT': loginIdent(username) } },
  );
}

/** A login the server did not refuse with an error status but that still did not sign the user in. */
export class SignInError extends Error {
  constructor(
    /** `rejected`: no user id above 0 in the answer; `session`: the user could not be loaded after it. */
    readonly reason: 'rejected' | 'session',
    options?: { cause?: unknown },
  ) {
    super(
      reason === 'rejected' ? 'The login was not accepted' : 'The account could not be loaded after login',
      options,
    );
    this.name = 'SignInError';
  }
}

/**
 * The specification's login: it succeeds only on 200 with `data.id` above 0; then whoami and billing
 * are fetched and the user is stored. Errors of the login call itself (401, 403, 429…) are thrown as
 * they are; anything that fails after it is a SignInError.
 */
export async function signIn(body: LoginBody, queryClient: QueryClient): Promise<SessionUser> {
  const response = await postLogin(body);
  const id = response?.data?.id;
  if (typeof id !== 'number' || id <= 0) throw new SignInError('rejected');
  let user;
  try {
    user = await getWhoami();
  } catch (cause) {
    throw new SignInError('session', { cause });
  }
  // Billing is for the subscription screens; signing in does not depend on it.
  const billing = await getBillingUser().catch(() => null);
  forgetUserData(queryClient);
  queryClient.setQueryData(whoamiQuery.queryKey, user);
  if (billing) queryClient.setQueryData(billingUserQuery.queryKey, billing);
  const sessionUser = toSessionUser(user);
  storeSessionUser(sessionUser);
  return sessionUser;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: LoginBody) => signIn(body, queryClient) });
}

import type { AccountSetupBody, AccountUser, UserResponse } from '@pass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeSessionUser, toSessionUser } from '../../../lib/session-user';
import { whoamiQuery } from './get-whoami';

/** `POST /auth/setup`: the username and name of an account created through Google. */
export async function postAccountSetup(body: AccountSetupBody): Promise<AccountUser> {
  return (await api.post<UserResponse>('/auth/setup', body)).data;
}

export function useCompleteSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAccountSetup,
    onSuccess: (user) => {
      queryClient.setQueryData(whoamiQuery.queryKey, user);
      storeSessionUser(toSessionUser(user));
    },
  });
}

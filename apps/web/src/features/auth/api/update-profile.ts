import type { AccountUser, UpdateProfileBody, UserResponse } from '@pass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeSessionUser, toSessionUser } from '../../../lib/session-user';
import { whoamiQuery } from './get-whoami';

/** `PATCH /auth/profile`: name, username or email; a new email must be confirmed again. */
export async function patchProfile(body: UpdateProfileBody): Promise<AccountUser> {
  return (await api.patch<UserResponse>('/auth/profile', body)).data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(whoamiQuery.queryKey, user);
      storeSessionUser(toSessionUser(user));
    },
  });
}

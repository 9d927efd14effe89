import type { AccountUser, UserResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /auth/whoami`: the signed-in member's whole account record (email included). */
export async function getWhoami(signal?: AbortSignal): Promise<AccountUser> {
  const response = await api.get<UserResponse | null>('/auth/whoami', { signal });
  const user = response?.data;
  if (!user || typeof user.id !== 'number' || user.id <= 0) throw new Error('whoami answered without a user');
  return user;
}

export const whoamiQuery = queryOptions({
  queryKey: ['auth', 'whoami'],
  queryFn: ({ signal }) => getWhoami(signal),
  staleTime: 0,
});

export function useWhoami() {
  return useQuery(whoamiQuery);
}

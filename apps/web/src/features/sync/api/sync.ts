import type {
  CreatedSyncTokenResponse,
  SyncAccountResponse,
  SyncAccountsResponse,
  SyncAccountUnlinkedResponse,
  SyncBooksResponse,
  SyncTokenResponse,
  SyncTokensResponse,
} from '@pass/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Sportsbook sync's member calls (decision 051): the books, the linked accounts, and each account's tokens for
 * the bet-sync client. Linking or unlinking changes what billing says is missing, so those refresh too.
 */

const syncKey = ['sync'] as const;

export const syncBooksQuery = queryOptions({
  queryKey: [...syncKey, 'books'],
  queryFn: async ({ signal }) => (await api.get<SyncBooksResponse>('/api/sync/books', { signal })).data,
  staleTime: Infinity,
});

export const syncAccountsQuery = queryOptions({
  queryKey: [...syncKey, 'accounts'],
  queryFn: async ({ signal }) => (await api.get<SyncAccountsResponse>('/api/sync/accounts', { signal })).data,
  staleTime: 0,
});

export const syncTokensQuery = (accountId: string) =>
  queryOptions({
    queryKey: [...syncKey, 'accounts', accountId, 'tokens'],
    queryFn: async ({ signal }) =>
      (await api.get<SyncTokensResponse>(`/api/sync/accounts/${encodeURIComponent(accountId)}/tokens`, { signal }))
        .data,
    staleTime: 0,
  });

export const useSyncBooks = () => useQuery(syncBooksQuery);
export const useSyncAccounts = () => useQuery(syncAccountsQuery);
export const useSyncTokens = (accountId: string) => useQuery(syncTokensQuery(accountId));

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: syncKey }),
      queryClient.invalidateQueries({ queryKey: ['billing'] }),
    ]);
}

export function useLinkAccount() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async (book: string) => (await api.post<SyncAccountResponse>('/api/sync/accounts', { book })).data,
    onSettled: refresh,
  });
}

export function useUnlinkAccount() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async (accountId: string) =>
      (await api.delete<SyncAccountUnlinkedResponse>(`/api/sync/accounts/${encodeURIComponent(accountId)}`)).data,
    onSettled: refresh,
  });
}

export function useCreateToken(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (label: string) =>
      (
        await api.post<CreatedSyncTokenResponse>(`/api/sync/accounts/${encodeURIComponent(accountId)}/tokens`, {
          label,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: syncTokensQuery(accountId).queryKey }),
  });
}

export function useRevokeToken(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tokenId: number) =>
      (
        await api.delete<SyncTokenResponse>(
          `/api/sync/accounts/${encodeURIComponent(accountId)}/tokens/${encodeURIComponent(String(tokenId))}`,
        )
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: syncTokensQuery(accountId).queryKey }),
  });
}

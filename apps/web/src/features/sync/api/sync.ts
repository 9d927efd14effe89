import type {
  CreatedSyncTokenResponse,
  SyncBetCandidatesResponse,
  SyncBetListResponse,
  SyncBetResponse,
  SyncBetStatus,
  SyncSummaryResponse,
  SyncAccountResponse,
  SyncAccountsResponse,
  SyncAccountUnlinkedResponse,
  SyncBooksResponse,
  SyncMatchBody,
  SyncTokenResponse,
  SyncTokensResponse,
} from '@pass/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Sportsbook sync's member calls (decision 051): the books, the linked accounts, and each account's tokens for
 * the bet-sync client, an export file uploaded from the browser, and the synced bets. Linking or unlinking changes
 * what billing says is missing, so those refresh too.
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
  const queryClient = useQueryClient();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async (accountId: string) =>
      (await api.delete<SyncAccountUnlinkedResponse>(`/api/sync/accounts/${encodeURIComponent(accountId)}`)).data,
    // The card goes at once and its tokens are forgotten: asking for an unlinked account's tokens is a 404.
    onSuccess: (_unlinked, accountId) => {
      queryClient.setQueryData(syncAccountsQuery.queryKey, (accounts) =>
        accounts?.filter((account) => account.betsync_account_id !== accountId),
      );
      queryClient.removeQueries({ queryKey: syncTokensQuery(accountId).queryKey });
    },
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

/** The content type the server reads a file as: bet slips as JSON, anything else as a CSV export. */
export const uploadContentType = (file: File) =>
  /\.json$/i.test(file.name) || file.type === 'application/json' ? 'application/json' : 'text/csv';

/**
 * Sends a bet-history export to the account as it is (the server reads its bytes). After it, the account's last
 * sync and the synced bets are stale; `onSynced` lets the page refresh what else the new bets change.
 */
export function useUploadHistory(accountId: string, onSynced?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      (
        await api.postRaw<SyncSummaryResponse>(
          `/api/sync/accounts/${encodeURIComponent(accountId)}/uploads`,
          { raw: file, contentType: uploadContentType(file) },
          { query: { file_name: file.name.slice(0, 200) || undefined } },
        )
      ).data,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: syncKey }), onSynced?.()]),
  });
}

export interface SyncBetsFilter {
  account_id?: string | undefined;
  status?: SyncBetStatus | undefined;
}

/** The most synced bets one list shows (the server's largest page). */
export const SYNC_BETS_LIMIT = 200;

export const syncBetsQuery = (filter: SyncBetsFilter) =>
  queryOptions({
    queryKey: [...syncKey, 'bets', filter],
    queryFn: ({ signal }) =>
      api.get<SyncBetListResponse>('/api/sync/bets', { query: { ...filter, limit: SYNC_BETS_LIMIT }, signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useSyncBets = (filter: SyncBetsFilter) => useQuery(syncBetsQuery(filter));

export function useDismissSyncBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (betId: number) =>
      (await api.post<SyncBetResponse>(`/api/sync/bets/${encodeURIComponent(String(betId))}/dismiss`)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...syncKey, 'bets'] }),
  });
}

/** The stored games each leg of a synced bet could be on, to choose from. */
export const syncBetCandidatesQuery = (betId: number) =>
  queryOptions({
    queryKey: [...syncKey, 'bets', betId, 'candidates'],
    queryFn: async ({ signal }) =>
      (
        await api.get<SyncBetCandidatesResponse>(`/api/sync/bets/${encodeURIComponent(String(betId))}/candidates`, {
          signal,
        })
      ).data,
    staleTime: 0,
  });

export const useSyncBetCandidates = (betId: number) => useQuery(syncBetCandidatesQuery(betId));

/**
 * Matches a rejected bet to the games the member chose: it becomes a ledger entry, so `onMatched` lets the page
 * refresh what else the new entry changes.
 */
export function useMatchSyncBet(onMatched?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ betId, body }: { betId: number; body: SyncMatchBody }) =>
      (await api.post<SyncBetResponse>(`/api/sync/bets/${encodeURIComponent(String(betId))}/match`, body)).data,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: [...syncKey, 'bets'] }), onMatched?.()]),
  });
}

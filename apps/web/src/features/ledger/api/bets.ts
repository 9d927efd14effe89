import type { BetEntry, BetListResponse, BetResponse, CreateBetBody, SportKey, UpdateBetBody } from '@pass/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateLedger, LEDGER_KEY, useInvalidateLedger } from '../../../lib/ledger-cache';

export interface BetsFilter {
  sport?: SportKey | undefined;
  season?: number | undefined;
  status?: number | undefined;
  kind?: number | undefined;
  /** Entries on these events only (a schedule's week), in ascending order so equal lists share a cache entry. */
  event_ids?: readonly number[] | undefined;
}

/** The most entries one list loads (the server's maximum page). */
export const BETS_LIMIT = 500;

export function getBets(filter: BetsFilter, signal?: AbortSignal): Promise<BetListResponse> {
  return api.get<BetListResponse>('/api/user/bets', {
    query: { ...filter, event_ids: filter.event_ids?.join(','), limit: BETS_LIMIT },
    signal,
  });
}

export const betsQuery = (filter: BetsFilter) =>
  queryOptions({
    queryKey: [LEDGER_KEY, 'bets', filter],
    queryFn: ({ signal }) => getBets(filter, signal),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export const useBets = (filter: BetsFilter) => useQuery(betsQuery(filter));

export function createBet(body: CreateBetBody, idempotencyKey: string): Promise<BetResponse> {
  return api.post<BetResponse>('/api/user/bets', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function updateBet(id: number, body: UpdateBetBody): Promise<BetResponse> {
  return api.patch<BetResponse>(`/api/user/bets/${id}`, body);
}

export function cancelBet(id: number): Promise<BetResponse> {
  return api.delete<BetResponse>(`/api/user/bets/${id}`);
}

export function useCreateBet() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateBetBody; idempotencyKey: string }) =>
      createBet(body, idempotencyKey),
    onSuccess: invalidate,
  });
}

export function useCancelBet() {
  const invalidate = useInvalidateLedger();
  return useMutation({ mutationFn: cancelBet, onSuccess: invalidate });
}

export function useUpdateBet() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateBetBody }) => updateBet(id, body),
    onSuccess: invalidate,
  });
}

/** Marks the changes made through useOptimisticEntries, so the last one to settle refreshes the ledger. */
const OPTIMISTIC_KEY = [LEDGER_KEY, 'optimistic-change'];

/**
 * Changes to the entries of one list, shown before the server answers: each is applied to the cached list at
 * once and rolled back if the server refuses it. The ledger is refreshed once the last pending change settles,
 * so an earlier answer never overwrites a later change still on its way.
 */
export function useOptimisticEntries(filter: BetsFilter) {
  const queryClient = useQueryClient();
  const { queryKey } = betsQuery(filter);

  const change = async (edit: (entries: BetEntry[]) => BetEntry[]) => {
    await queryClient.cancelQueries({ queryKey });
    const previous = queryClient.getQueryData(queryKey);
    queryClient.setQueryData(queryKey, (list) => {
      if (!list) return list;
      const data = edit(list.data);
      return { ...list, data, total: list.total + data.length - list.data.length };
    });
    return { previous };
  };
  const rollback = (_error: unknown, _variables: unknown, context: { previous?: BetListResponse } | undefined) => {
    if (context) queryClient.setQueryData(queryKey, context.previous);
  };
  const replace = (id: number, entry: BetEntry) =>
    queryClient.setQueryData(queryKey, (list) =>
      list ? { ...list, data: list.data.map((item) => (item.id === id ? entry : item)) } : list,
    );
  const settle = () => {
    // This change still counts as pending while it settles.
    if (queryClient.isMutating({ mutationKey: OPTIMISTIC_KEY }) === 1) return invalidateLedger(queryClient);
  };

  const create = useMutation({
    mutationKey: OPTIMISTIC_KEY,
    mutationFn: ({ body, idempotencyKey }: { body: CreateBetBody; idempotencyKey: string; preview: BetEntry }) =>
      createBet(body, idempotencyKey),
    onMutate: ({ preview }) => change((entries) => [preview, ...entries]),
    onSuccess: (response, { preview }) => replace(preview.id, response.data),
    onError: rollback,
    onSettled: settle,
  });
  const update = useMutation({
    mutationKey: OPTIMISTIC_KEY,
    mutationFn: ({ preview, body }: { preview: BetEntry; body: UpdateBetBody }) => updateBet(preview.id, body),
    onMutate: ({ preview }) => change((entries) => entries.map((item) => (item.id === preview.id ? preview : item))),
    onSuccess: (response) => replace(response.data.id, response.data),
    onError: rollback,
    onSettled: settle,
  });
  const cancel = useMutation({
    mutationKey: OPTIMISTIC_KEY,
    mutationFn: (entry: BetEntry) => cancelBet(entry.id),
    onMutate: (entry) => change((entries) => entries.filter((item) => item.id !== entry.id)),
    onError: rollback,
    onSettled: settle,
  });
  return { create, update, cancel };
}

import type { LineHistoryResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getLineHistory(eventId: number, signal?: AbortSignal): Promise<LineHistoryResponse> {
  return api.get<LineHistoryResponse>(`/api/book/line-history/${eventId}`, { signal });
}

export const lineHistoryQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['sports', 'line-history', eventId],
    queryFn: ({ signal }) => getLineHistory(eventId, signal),
    staleTime: 60_000,
  });

export function useLineHistory(eventId: number) {
  return useQuery({ ...lineHistoryQuery(eventId), enabled: Number.isInteger(eventId) && eventId > 0 });
}

import type { ChatRoomsResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The member's chat rooms (`GET /api/chat/rooms`, decision 040): the chat screen's list and the navigation's
 * unread dot read the same query. Part of the first page's JavaScript (the navigation imports it): keep it
 * to this query; what only the chat screen needs is in room-reads.ts, loaded with it.
 */
export const chatRoomsQuery = () =>
  queryOptions({
    queryKey: ['chat', 'rooms'],
    queryFn: ({ signal }) => api.get<ChatRoomsResponse>('/api/chat/rooms', { signal }),
    // Modest: once a minute, and when the member comes back to the tab.
    staleTime: 10_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

/** Whether any of the member's rooms has an unread message (false while unknown, and for a visitor). */
export function useChatUnread(signedIn: boolean): boolean {
  const query = useQuery({
    ...chatRoomsQuery(),
    enabled: signedIn,
    select: (rooms) => rooms.data.some((room) => room.unread > 0),
  });
  return signedIn && query.data === true;
}

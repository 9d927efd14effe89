import type { ChatRoomsResponse } from '@pass/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The member's chat rooms (`GET /api/chat/rooms`, decision 040): the chat screen's list, the navigation's unread
 * dot and a pool's Chat tab read the same query, and a `chat_message` frame on the member's live channel reads it
 * again (live-connection.ts). Part of the first page's JavaScript (the navigation imports it): keep it to this
 * query; what only the chat screen needs is in features/chat/api/room-reads.ts, loaded with it.
 */
const CHAT_ROOMS_KEY = ['chat', 'rooms'] as const;

export const chatRoomsQuery = () =>
  queryOptions({
    queryKey: CHAT_ROOMS_KEY,
    queryFn: ({ signal }) => api.get<ChatRoomsResponse>('/api/chat/rooms', { signal }),
    // Modest: once a minute, and when the member comes back to the tab; a post in a room reads it at once.
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

/** A pool room's unread posts, and whether one of them names the member (0 and false while unknown). */
export function useRoomUnread(poolId: number, signedIn: boolean): number {
  const query = useQuery({
    ...chatRoomsQuery(),
    enabled: signedIn,
    select: (rooms) => rooms.data.find((room) => room.pool_id === poolId)?.unread ?? 0,
  });
  return signedIn ? (query.data ?? 0) : 0;
}

/** A post arrived in one of the member's rooms: the unread marks read again. */
export function invalidateChatRooms(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: CHAT_ROOMS_KEY });
}

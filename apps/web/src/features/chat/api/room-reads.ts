import type { ChatReadResponse, ChatRoomsResponse } from '@pass/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chatRoomsQuery } from '../../../lib/chat-rooms';

/** The member's rooms, for the chat screen's list (the navigation's dot reads the same query). */
export function useChatRooms() {
  return useQuery(chatRoomsQuery());
}

/** Moves the read marker of the pool's room and updates the rooms the screen and the navigation show. */
export async function markRoomRead(queryClient: QueryClient, poolId: number, lastReadId: number): Promise<void> {
  const { data } = await apiRequest<ChatReadResponse>(`/api/pools/${poolId}/chat/read`, {
    method: 'PUT',
    body: { last_read_id: lastReadId },
  });
  queryClient.setQueryData<ChatRoomsResponse>(chatRoomsQuery().queryKey, (previous) =>
    previous
      ? {
          data: previous.data.map((room) =>
            room.pool_id === data.pool_id
              ? {
                  ...room,
                  last_read_id: data.last_read_id,
                  unread: data.unread,
                  // Read up to the newest post: no mention is left unread (otherwise the next read of the rooms says).
                  unread_mentions: data.unread === 0 ? 0 : room.unread_mentions,
                }
              : room,
          ),
        }
      : previous,
  );
}

import type { ChatHistoryResponse } from '@pass/contracts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { api } from '../../../lib/api-client';
import { ChatRoomStore, type SocketLike } from './chat-room-store';
import type { Me } from './room-state';

/** The room's socket address on this page's host: `wss:` when the page is served over https. */
export function chatSocketUrl(poolId: number, after: number, location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws/pools/${poolId}/chat?after=${after}`;
}

/** One store per mounted room: history, socket, resume and the member's pending posts. */
export function useChatRoom(poolId: number, me: Me | null, readOnly: boolean) {
  const [store] = useState(
    () =>
      new ChatRoomStore({
        poolId,
        me,
        readOnly,
        fetchHistory: (before) =>
          api.get<ChatHistoryResponse>(`/api/pools/${poolId}/chat`, {
            query: { limit: 50, ...(before === null ? {} : { before }) },
          }),
        openSocket: (after) => new WebSocket(chatSocketUrl(poolId, after)) as SocketLike,
      }),
  );
  useEffect(() => {
    void store.start();
    const online = () => store.online();
    const offline = () => store.offline();
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      store.stop();
    };
  }, [store]);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { store, state };
}

import type { ChatHistoryResponse, ChatMessage, ChatServerFrame } from '@pass/contracts';

/**
 * A chat room as the web app holds it (decision 040): the messages in id order, the member's posts not yet
 * acknowledged, how far back the history goes, and the socket's state. Pure: the store (chat-room-store.ts)
 * feeds it what the HTTP history and the socket say.
 */

export type ConnectionStatus = 'connecting' | 'live' | 'offline' | 'gone';

export interface PendingPost {
  client_id: string;
  text: string;
  /** sending: waits for its `ack` (sent again after a reconnect); failed: refused, with why. */
  status: 'sending' | 'failed';
  error?: string;
}

export interface RoomState {
  /** Oldest first, one per id. */
  messages: ChatMessage[];
  pending: PendingPost[];
  /** The `before` of the next older page; null once the first message is loaded. */
  nextBefore: number | null;
  historyLoaded: boolean;
  status: ConnectionStatus;
  /** The pool has ended: the room takes no more posts. */
  readOnly: boolean;
  /** A line for the member about the room: too many messages, a refused frame. */
  notice: string | null;
}

export interface Me {
  memberId: number;
  username: string;
  /** How the room shows the member (`displayName`). */
  name: string;
}

export const initialRoomState = (readOnly = false): RoomState => ({
  messages: [],
  pending: [],
  nextBefore: null,
  historyLoaded: false,
  status: 'connecting',
  readOnly,
  notice: null,
});

/** The newest id the room has seen: what a socket resumes after. */
export function lastId(state: RoomState): number {
  return state.messages.at(-1)?.id ?? 0;
}

/** The messages of both lists, one per id (the later list's copy wins), oldest first. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The newest page of history: what the room starts from, and what it reloads when it missed too much. */
export function withNewestPage(state: RoomState, page: ChatHistoryResponse, replace: boolean): RoomState {
  return {
    ...state,
    messages: replace ? mergeMessages([], page.data) : mergeMessages(state.messages, page.data),
    nextBefore: replace || !state.historyLoaded ? page.next_before : state.nextBefore,
    historyLoaded: true,
  };
}

export function withOlderPage(state: RoomState, page: ChatHistoryResponse): RoomState {
  return { ...state, messages: mergeMessages(state.messages, page.data), nextBefore: page.next_before };
}

export function withPost(state: RoomState, clientId: string, text: string): RoomState {
  return { ...state, pending: [...state.pending, { client_id: clientId, text, status: 'sending' }], notice: null };
}

export function withRetry(state: RoomState, clientId: string): RoomState {
  return {
    ...state,
    pending: state.pending.map((post) =>
      post.client_id === clientId ? { client_id: post.client_id, text: post.text, status: 'sending' } : post,
    ),
  };
}

export function withoutPost(state: RoomState, clientId: string): RoomState {
  return { ...state, pending: state.pending.filter((post) => post.client_id !== clientId) };
}

/** The room after one frame from the server. `now` stamps a post acknowledged before its own message came. */
export function withFrame(state: RoomState, frame: ChatServerFrame, me: Me | null, now: string): RoomState {
  switch (frame.type) {
    case 'message':
      return { ...state, messages: mergeMessages(state.messages, [frame.message]) };
    case 'ack': {
      const post = state.pending.find((item) => item.client_id === frame.client_id);
      const next = withoutPost(state, frame.client_id);
      if (!post || next.messages.some((message) => message.id === frame.id) || !me) return next;
      // Shown as stored at once; the room's own message frame, when it comes, replaces it.
      const mine: ChatMessage = {
        id: frame.id,
        pool_id: state.messages[0]?.pool_id ?? 0,
        kind: 'member',
        author: { id: me.memberId, username: me.username, name: me.name },
        text: post.text,
        created_at: now,
        deleted: false,
      };
      return { ...next, messages: mergeMessages(next.messages, [mine]) };
    }
    case 'deleted':
      return {
        ...state,
        messages: state.messages.map((message) =>
          message.id === frame.id ? { ...message, text: '', deleted: true } : message,
        ),
      };
    case 'left':
      return me && frame.member_id === me.memberId ? { ...state, status: 'gone' } : state;
    case 'ready':
      return { ...state, status: state.status === 'gone' ? 'gone' : 'live' };
    case 'pong':
      return state;
    case 'error':
      return withError(state, frame);
  }
}

function withError(state: RoomState, frame: Extract<ChatServerFrame, { type: 'error' }>): RoomState {
  const ended = frame.fields?.some((field) => field.reason === 'pool_ended') ?? false;
  const reason = ended
    ? 'The pool has ended: its chat is read-only'
    : frame.code === 'RATE_LIMITED'
      ? `Too many messages: wait ${frame.retry_after_seconds ?? 10} s and try again`
      : frame.message;
  const failed = frame.client_id;
  return {
    ...state,
    readOnly: state.readOnly || ended,
    notice: reason,
    pending: state.pending.map((post) =>
      post.client_id === failed ? { ...post, status: 'failed', error: reason } : post,
    ),
  };
}

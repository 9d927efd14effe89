import type { ChatHistoryResponse, ChatMessage, ChatServerFrame } from '@pass/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatRoomStore, NO_LONGER_A_MEMBER, type SocketLike } from './chat-room-store';

/** A socket the test drives: what the store sent, and frames and closes from the "server". */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly after: number) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(frame: ChatServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  posts() {
    return this.sent.filter((frame) => (frame as { type: string }).type === 'post') as {
      client_id: string;
      text: string;
    }[];
  }
}

const message = (id: number, text = `message ${id}`): ChatMessage => ({
  id,
  pool_id: 7,
  kind: 'member',
  author: { id: 2, username: 'pat', name: 'pat' },
  text,
  created_at: '2026-11-24T18:00:00Z',
  deleted: false,
});
const page = (ids: number[], nextBefore: number | null = null): ChatHistoryResponse => ({
  data: ids.map((id) => message(id)).reverse(),
  next_before: nextBefore,
});

describe('ChatRoomStore', () => {
  let sockets: FakeSocket[];
  let history: ReturnType<typeof vi.fn<(before: number | null) => Promise<ChatHistoryResponse>>>;
  let store: ChatRoomStore;
  const latest = () => sockets.at(-1)!;
  const flush = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(async () => {
    vi.useFakeTimers();
    sockets = [];
    history = vi.fn(async (before: number | null) => (before === null ? page([3, 4, 5], 3) : page([1, 2])));
    store = new ChatRoomStore({
      poolId: 7,
      me: { memberId: 1, username: 'me', name: 'me' },
      fetchHistory: history,
      openSocket: (after) => {
        const socket = new FakeSocket(after);
        sockets.push(socket);
        return socket;
      },
      backoffMs: (attempt) => 1000 * attempt,
    });
    await store.start();
  });
  afterEach(() => {
    store.stop();
    vi.useRealTimers();
  });

  it('loads the newest history, then opens the socket after its last id, and keeps messages in id order', async () => {
    expect(latest().after).toBe(5);
    latest().open();
    latest().receive({ type: 'message', message: message(7) });
    latest().receive({ type: 'message', message: message(6) });
    latest().receive({ type: 'ready', last_id: 7, more: false });
    expect(store.getSnapshot().messages.map((item) => item.id)).toEqual([3, 4, 5, 6, 7]);
    expect(store.getSnapshot().status).toBe('live');

    await store.loadOlder();
    expect(history).toHaveBeenLastCalledWith(3);
    expect(store.getSnapshot().messages.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(store.getSnapshot().nextBefore).toBeNull();
  });

  it('resumes after the newest id it holds, and sends an unacknowledged post again with the same client id', async () => {
    latest().open();
    latest().receive({ type: 'ready', last_id: 5, more: false });
    store.post('first try');
    const [sent] = latest().posts();
    expect(sent).toMatchObject({ text: 'first try' });
    latest().receive({ type: 'message', message: message(6) });

    // The socket drops before the ack: the room waits out the backoff and resumes after 6.
    latest().drop();
    expect(store.getSnapshot().status).toBe('offline');
    expect(store.getSnapshot().pending).toEqual([{ client_id: sent!.client_id, text: 'first try', status: 'sending' }]);
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(latest().after).toBe(6);

    // Nothing is sent again before the missed messages and `ready`; then the same client id.
    latest().open();
    expect(latest().posts()).toEqual([]);
    latest().receive({ type: 'message', message: message(7, 'missed while away') });
    latest().receive({ type: 'ready', last_id: 7, more: false });
    expect(latest().posts()).toEqual([{ type: 'post', client_id: sent!.client_id, text: 'first try' }]);

    latest().receive({ type: 'ack', client_id: sent!.client_id, id: 8 });
    const state = store.getSnapshot();
    expect(state.pending).toEqual([]);
    expect(state.messages.map((item) => [item.id, item.text])).toEqual([
      [3, 'message 3'],
      [4, 'message 4'],
      [5, 'message 5'],
      [6, 'message 6'],
      [7, 'missed while away'],
      [8, 'first try'],
    ]);
    // The room's own frame for the post replaces the stand-in, once.
    latest().receive({
      type: 'message',
      message: { ...message(8, 'first try'), author: { id: 1, username: 'me', name: 'me' } },
    });
    expect(store.getSnapshot().messages.filter((item) => item.id === 8)).toHaveLength(1);
  });

  it('reconnects at once when the network comes back, and drops the socket when it goes', async () => {
    latest().open();
    latest().receive({ type: 'ready', last_id: 5, more: false });
    store.offline();
    expect(store.getSnapshot().status).toBe('offline');
    expect(sockets[0]!.readyState).toBe(3);
    store.online();
    expect(sockets).toHaveLength(2);
    expect(latest().after).toBe(5);
    await flush();
  });

  it('reloads the newest history when the server says more was missed than it replays', async () => {
    latest().open();
    history.mockResolvedValueOnce(page([600, 601], 600));
    latest().receive({ type: 'ready', last_id: 601, more: true });
    await flush();
    expect(store.getSnapshot().messages.map((item) => item.id)).toEqual([600, 601]);
    expect(store.getSnapshot().nextBefore).toBe(600);
  });

  it('stops for good on close code 4403, and never reconnects', async () => {
    latest().open();
    latest().receive({ type: 'ready', last_id: 5, more: false });
    latest().receive({ type: 'left', member_id: 1 });
    latest().drop(NO_LONGER_A_MEMBER);
    expect(store.getSnapshot().status).toBe('gone');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    store.post('anyone there?');
    expect(store.getSnapshot().pending).toEqual([]);
  });

  it('marks a refused post failed with why; the pool ending makes the room read-only; a retry keeps the id', async () => {
    latest().open();
    latest().receive({ type: 'ready', last_id: 5, more: false });
    store.post('too fast');
    const [fast] = latest().posts();
    latest().receive({
      type: 'error',
      code: 'RATE_LIMITED',
      message: 'slow down',
      client_id: fast!.client_id,
      retry_after_seconds: 4,
    });
    expect(store.getSnapshot().pending[0]).toMatchObject({
      status: 'failed',
      error: 'Too many messages: wait 4 s and try again',
    });
    store.retry(fast!.client_id);
    expect(
      latest()
        .posts()
        .map((post) => post.client_id),
    ).toEqual([fast!.client_id, fast!.client_id]);

    latest().receive({
      type: 'error',
      code: 'CONFLICT',
      message: 'ended',
      client_id: fast!.client_id,
      fields: [{ field: 'params.id', message: 'This pool has ended', reason: 'pool_ended' }],
    });
    expect(store.getSnapshot().readOnly).toBe(true);
    store.post('after the end');
    expect(latest().posts()).toHaveLength(2);

    latest().receive({ type: 'deleted', id: 4 });
    expect(store.getSnapshot().messages.find((item) => item.id === 4)).toMatchObject({ deleted: true, text: '' });
  });
});

import { ChatServerFrame, type ChatClientFrame, type ChatHistoryResponse } from '@pass/contracts';
import {
  initialRoomState,
  lastId,
  withFrame,
  withNewestPage,
  withOlderPage,
  withoutPost,
  withPost,
  withRetry,
  type Me,
  type RoomState,
} from './room-state';

/**
 * One chat room's connection (decision 040): the newest history over HTTP, then the socket opened with
 * `?after=<last id>` so what came in between is sent first. A dropped socket reconnects with backoff and
 * resumes from the newest id it holds; posts not yet acknowledged are sent again with the same `client_id`
 * (the server stores a post once per client id); `ready.more` reloads the newest history; close code 4403
 * means the member is no longer in the pool, and the room stops.
 */

/** The close code of a socket whose member left the pool or was removed. */
export const NO_LONGER_A_MEMBER = 4403;
/** A socket with no frame for this long is taken for dead (the client pings more often than this). */
const SILENCE_MS = 45_000;
const PING_MS = 20_000;

/** The part of a browser WebSocket the store uses (a test hands it a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface ChatRoomDeps {
  poolId: number;
  me: Me | null;
  readOnly?: boolean;
  /** A page of history, newest first (`GET /api/pools/{id}/chat`). */
  fetchHistory(before: number | null): Promise<ChatHistoryResponse>;
  openSocket(after: number): SocketLike;
  /** Milliseconds before the nth reconnect (1, 2, …). */
  backoffMs?: (attempt: number) => number;
  now?: () => Date;
  /** Told when the history could not be loaded. */
  onHistoryError?: (error: unknown) => void;
}

/** 1 s, 2 s, 4 s … up to 30 s, with a little jitter so a room's members do not all come back at once. */
export function defaultBackoffMs(attempt: number): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return base + Math.floor(Math.random() * 250);
}

/** A client id for a post: letters, digits and `-`, unique enough within one member's posts in a room. */
export function newClientId(): string {
  const random =
    typeof crypto !== 'undefined' && 'getRandomValues' in crypto
      ? Array.from(crypto.getRandomValues(new Uint32Array(2)), (value) => value.toString(36)).join('')
      : Math.random().toString(36).slice(2);
  return `${Date.now().toString(36)}-${random}`.slice(0, 64);
}

const OPEN = 1;

export class ChatRoomStore {
  private state: RoomState;
  private readonly listeners = new Set<() => void>();
  private socket: SocketLike | null = null;
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastFrameAt = 0;
  private started = false;
  /** Raised by each start and stop: an answer for an earlier one is dropped. */
  private generation = 0;
  private stopped = false;
  private loadingOlder = false;
  private readonly backoff: (attempt: number) => number;
  private readonly now: () => Date;

  constructor(private readonly deps: ChatRoomDeps) {
    this.state = initialRoomState(deps.readOnly ?? false);
    this.backoff = deps.backoffMs ?? defaultBackoffMs;
    this.now = deps.now ?? (() => new Date());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RoomState => this.state;

  private set(next: RoomState) {
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** Loads the newest history, then opens the socket. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopped = false;
    const generation = ++this.generation;
    try {
      const page = await this.deps.fetchHistory(null);
      if (generation !== this.generation) return;
      this.set(withNewestPage(this.state, page, true));
    } catch (error) {
      if (generation !== this.generation) return;
      this.deps.onHistoryError?.(error);
      // Not (or no longer) a member: the pool answers 404, and there is nothing to come back to.
      if ((error as { status?: unknown } | null)?.status === 404) {
        this.set({ ...this.state, status: 'gone' });
        return;
      }
      this.set({ ...this.state, status: 'offline' });
      this.scheduleReconnect();
      return;
    }
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.started = false;
    this.generation += 1;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'Room closed');
    }
  }

  /** The network came back: try at once rather than waiting out the backoff. */
  online(): void {
    if (this.stopped || this.state.status === 'gone' || this.state.status === 'live') return;
    this.attempts = 0;
    this.reconnectNow();
  }

  /** The network went away: the socket is dropped now and reopened when it comes back. */
  offline(): void {
    if (this.stopped || this.state.status === 'gone') return;
    this.dropSocket();
    this.set({ ...this.state, status: 'offline' });
    this.scheduleReconnect();
  }

  post(text: string): void {
    if (this.state.readOnly || this.state.status === 'gone') return;
    const clientId = newClientId();
    this.set(withPost(this.state, clientId, text));
    this.sendPost(clientId, text);
  }

  retry(clientId: string): void {
    const post = this.state.pending.find((item) => item.client_id === clientId);
    if (!post) return;
    this.set(withRetry(this.state, clientId));
    this.sendPost(clientId, post.text);
  }

  discard(clientId: string): void {
    this.set(withoutPost(this.state, clientId));
  }

  /** Shows a message deleted (the Lifeguard's delete answered before its frame came). */
  markDeleted(id: number): void {
    this.set(withFrame(this.state, { type: 'deleted', id }, this.deps.me, this.now().toISOString()));
  }

  /** The next older page of history, if there is one. */
  async loadOlder(): Promise<void> {
    const before = this.state.nextBefore;
    if (before === null || this.loadingOlder) return;
    this.loadingOlder = true;
    try {
      const page = await this.deps.fetchHistory(before);
      if (!this.stopped) this.set(withOlderPage(this.state, page));
    } finally {
      this.loadingOlder = false;
    }
  }

  private sendPost(clientId: string, text: string) {
    // Sent now when the room is live; otherwise when it is next (after `ready`).
    if (this.state.status === 'live') this.send({ type: 'post', client_id: clientId, text });
  }

  private send(frame: ChatClientFrame): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private connect() {
    if (this.stopped || this.state.status === 'gone') return;
    this.dropSocket();
    this.set({ ...this.state, status: 'connecting' });
    const socket = this.deps.openSocket(lastId(this.state));
    this.socket = socket;
    this.lastFrameAt = Date.now();
    socket.onopen = () => {
      this.lastFrameAt = Date.now();
      this.pingTimer = setInterval(() => this.heartbeat(), PING_MS);
    };
    socket.onmessage = (event) => {
      if (socket !== this.socket) return;
      this.lastFrameAt = Date.now();
      void this.receive(event.data);
    };
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.clearTimers();
      if (event.code === NO_LONGER_A_MEMBER) {
        this.set({ ...this.state, status: 'gone' });
        return;
      }
      this.set({ ...this.state, status: 'offline' });
      this.scheduleReconnect();
    };
  }

  private async receive(data: unknown) {
    let frame: ChatServerFrame;
    try {
      frame = ChatServerFrame.parse(JSON.parse(String(data)));
    } catch {
      return;
    }
    this.set(withFrame(this.state, frame, this.deps.me, this.now().toISOString()));
    if (frame.type !== 'ready') return;
    this.attempts = 0;
    if (frame.more) {
      // More was missed than the server replays: start again from the newest page.
      try {
        this.set(withNewestPage(this.state, await this.deps.fetchHistory(null), true));
      } catch (error) {
        this.deps.onHistoryError?.(error);
      }
    }
    for (const post of this.state.pending) {
      if (post.status === 'sending') this.send({ type: 'post', client_id: post.client_id, text: post.text });
    }
  }

  private heartbeat() {
    if (Date.now() - this.lastFrameAt > SILENCE_MS) {
      // Nothing heard, not even a pong: the connection is gone without a close. Start again.
      this.reconnectNow();
      return;
    }
    this.send({ type: 'ping' });
  }

  private reconnectNow() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    if (!this.state.historyLoaded) {
      this.started = false;
      void this.start();
      return;
    }
    this.connect();
  }

  private scheduleReconnect() {
    if (this.stopped || this.reconnectTimer) return;
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      // With the network known to be away, wait for it to come back (`online`) rather than fail again.
      if (this.isOffline()) return;
      this.reconnectNow();
    }, this.backoff(this.attempts));
  }

  private isOffline(): boolean {
    return typeof navigator !== 'undefined' && navigator.onLine === false;
  }

  private dropSocket() {
    const socket = this.socket;
    this.socket = null;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onopen = null;
      if (socket.readyState <= OPEN) socket.close(1000, 'Reconnecting');
    }
  }

  private clearTimers() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.reconnectTimer = null;
    this.pingTimer = null;
  }
}

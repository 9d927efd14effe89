import { LIVE_MAX_CHANNELS, LiveServerFrame, type LiveClientFrame, type LiveGameFrame } from '@pass/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateChatRooms } from './chat-rooms';
import { invalidateLedger } from './ledger-cache';
import { patchGame, showsWeeks } from './live-game';

/**
 * One live socket a tab (decision 071-live-push), shared by every screen that shows games: each screen holds the
 * channels it shows (use-live-games.ts) and the socket is open while any is held. A `game` frame patches the event
 * in every query that holds it, so scores and statuses move without a request; `entries_changed` makes the
 * member's ledger queries stale, so those shown ask again; `chat_message` reads the member's chat rooms again (the
 * unread marks). A dropped socket comes back after 1, 2, 4 … 30 s and
 * then reads again what is shown, for the frames it missed.
 */

/** The close code of a socket whose session ended: nothing to come back to until the member signs in again. */
export const SESSION_ENDED = 4401;
/** A socket with no frame for this long is taken for dead (the client pings more often than this). */
const SILENCE_MS = 45_000;
const PING_MS = 20_000;
/** How long the socket stays open once no screen holds a channel: moving between screens keeps it. */
const LINGER_MS = 5_000;
const OPEN = 1;

/** The part of a browser WebSocket the connection uses (a test hands it a fake). */
export interface LiveSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface LiveConnectionDeps {
  queryClient: QueryClient;
  openSocket(): LiveSocketLike;
  /** Milliseconds before the nth reconnect (1, 2, …). */
  backoffMs?: (attempt: number) => number;
}

/** 1 s, 2 s, 4 s … up to 30 s, with a little jitter so the tabs of a restarted server do not all come back at once. */
export function liveBackoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1)) + Math.floor(Math.random() * 250);
}

/** The socket's address on this page's host: `wss:` when the page is served over https. */
export function liveSocketUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/live`;
}

export class LiveConnection {
  /** How many screens hold each channel. */
  private readonly held = new Map<string, number>();
  /** The channels the open socket was asked for. */
  private readonly sent = new Set<string>();
  private socket: LiveSocketLike | null = null;
  private attempts = 0;
  /**
   * Whether a socket was open before in this tab: each later one reads again what is shown, which may have been kept
   * from before (a screen left and come back to while the socket was closed).
   */
  private wasOpen = false;
  private signedOut = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastFrameAt = 0;
  /** The newest time heard per game: a frame older than it (another instance's, late) is not applied. */
  private readonly newest = new Map<number, string>();
  private readonly backoff: (attempt: number) => number;
  private watching = false;

  constructor(private readonly deps: LiveConnectionDeps) {
    this.backoff = deps.backoffMs ?? liveBackoffMs;
  }

  /** Holds the channels until the function it returns is called; the socket opens with the first channel held. */
  hold(channels: readonly string[]): () => void {
    const unique = [...new Set(channels)];
    for (const channel of unique) this.held.set(channel, (this.held.get(channel) ?? 0) + 1);
    this.changed();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const channel of unique) {
        const left = (this.held.get(channel) ?? 1) - 1;
        if (left > 0) this.held.set(channel, left);
        else this.held.delete(channel);
      }
      this.changed();
    };
  }

  /** The network came back: try at once rather than wait out the backoff. */
  private readonly online = (): void => {
    if (this.socket || this.held.size === 0 || this.signedOut) return;
    this.attempts = 0;
    this.connect();
  };

  /** The network went away: the socket is dropped now and opened again when it comes back. */
  private readonly offline = (): void => {
    if (!this.socket) return;
    this.dropSocket();
    this.scheduleReconnect();
  };

  /** Follows the network while channels are held. */
  private watchNetwork(on: boolean) {
    if (on === this.watching || typeof window === 'undefined') return;
    this.watching = on;
    const change = on ? window.addEventListener : window.removeEventListener;
    change.call(window, 'online', this.online);
    change.call(window, 'offline', this.offline);
  }

  private changed() {
    if (this.held.size === 0) {
      // Nothing shown: close after a moment, unless a screen holds channels again meanwhile.
      this.signedOut = false;
      if (!this.lingerTimer && (this.socket || this.reconnectTimer)) {
        this.lingerTimer = setTimeout(() => {
          this.lingerTimer = null;
          if (this.held.size === 0) this.stop();
        }, LINGER_MS);
      }
      return;
    }
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    if (this.signedOut) return;
    if (!this.socket && !this.reconnectTimer) {
      this.connect();
      return;
    }
    if (this.socket?.readyState === OPEN) this.sync();
  }

  /** Asks the open socket for the channels held and not yet asked, and drops those no longer held. */
  private sync() {
    const wanted = [...this.held.keys()].slice(0, LIVE_MAX_CHANNELS);
    const dropped = [...this.sent].filter((channel) => !wanted.includes(channel));
    if (dropped.length > 0) {
      for (const channel of dropped) this.sent.delete(channel);
      this.send({ type: 'unsubscribe', channels: dropped });
    }
    const added = wanted.filter((channel) => !this.sent.has(channel));
    if (added.length > 0) {
      for (const channel of added) this.sent.add(channel);
      this.send({ type: 'subscribe', channels: added });
    }
  }

  private send(frame: LiveClientFrame) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private connect() {
    this.watchNetwork(true);
    this.dropSocket();
    let socket: LiveSocketLike;
    try {
      socket = this.deps.openSocket();
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.lastFrameAt = Date.now();
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.attempts = 0;
      this.lastFrameAt = Date.now();
      this.pingTimer = setInterval(() => this.heartbeat(), PING_MS);
      this.sent.clear();
      this.sync();
      if (this.wasOpen) this.readShownAgain();
      this.wasOpen = true;
    };
    socket.onmessage = (event) => {
      if (socket !== this.socket) return;
      this.lastFrameAt = Date.now();
      this.receive(event.data);
    };
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.clearPing();
      if (event.code === SESSION_ENDED) {
        this.signedOut = true;
        return;
      }
      this.scheduleReconnect();
    };
  }

  private receive(data: unknown) {
    let frame: LiveServerFrame;
    try {
      frame = LiveServerFrame.parse(JSON.parse(String(data)));
    } catch {
      return;
    }
    if (frame.type === 'game') this.applyGame(frame);
    else if (frame.type === 'games') for (const game of frame.games) this.applyGame(game);
    else if (frame.type === 'entries_changed') void invalidateLedger(this.deps.queryClient);
    else if (frame.type === 'chat_message') void invalidateChatRooms(this.deps.queryClient);
  }

  private applyGame(frame: LiveGameFrame) {
    const newest = this.newest.get(frame.event_id);
    if (frame.as_of !== null && newest !== undefined && Date.parse(frame.as_of) < Date.parse(newest)) return;
    if (frame.as_of !== null) this.newest.set(frame.event_id, frame.as_of);
    const { queryClient } = this.deps;
    for (const query of queryClient.getQueryCache().getAll()) {
      const patched = patchGame(query.state.data, frame);
      if (!patched) continue;
      if ('data' in patched) queryClient.setQueryData(query.queryKey, patched.data);
      if (!('data' in patched) || patched.readAgain) {
        void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      }
    }
  }

  /** After a time away: the weeks shown and the member's entries are read again, for what was missed. */
  private readShownAgain() {
    const { queryClient } = this.deps;
    const weeks = new Set(
      [...this.held.keys()].filter((channel) => channel.startsWith('games:')).map((channel) => channel.slice(6)),
    );
    void queryClient.invalidateQueries({ predicate: (query) => showsWeeks(query.state.data, weeks) });
    if ([...this.held.keys()].some((channel) => channel.startsWith('member:'))) void invalidateLedger(queryClient);
  }

  private heartbeat() {
    if (Date.now() - this.lastFrameAt > SILENCE_MS) {
      // Nothing heard, not even a pong: the connection is gone without a close. Start again.
      this.dropSocket();
      this.connect();
      return;
    }
    this.send({ type: 'ping' });
  }

  private scheduleReconnect() {
    if (this.reconnectTimer || this.held.size === 0) return;
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      // With the network known to be away, wait for it to come back (`online`) rather than fail again.
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
      if (this.held.size > 0 && !this.signedOut) this.connect();
    }, this.backoff(this.attempts));
  }

  private stop() {
    this.watchNetwork(false);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.dropSocket();
    this.attempts = 0;
  }

  private dropSocket() {
    const socket = this.socket;
    this.socket = null;
    this.clearPing();
    this.sent.clear();
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onopen = null;
      if (socket.readyState <= OPEN) socket.close(1000, 'Closed');
    }
  }

  private clearPing() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }
}

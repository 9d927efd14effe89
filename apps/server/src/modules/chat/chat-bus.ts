import { EventEmitter } from 'node:events';
import { ChatServerFrame } from '@pass/contracts';
import { Redis } from 'ioredis';
import { addToSetOf } from '../../lib/collections.js';

/**
 * How a stored message (or a deletion) reaches every socket of its pool: in-process for one instance, through
 * Redis pub/sub when REDIS_URL is set, so a message posted through one instance reaches sockets on the others
 * (DESIGN.md section 2). The bus carries only what is already stored: a socket that missed a frame finds it
 * again by resuming after its last id.
 */

/** What travels on the bus: the frames every socket of the pool is sent. */
export type ChatBroadcast = Extract<ChatServerFrame, { type: 'message' | 'deleted' | 'left' }>;
export type ChatListener = (frame: ChatBroadcast) => void;

/**
 * What a member's own sockets are told, on every instance: some of the member's sessions ended (each socket
 * checks its own), or the account's address changed (every socket closes; a live session opens it again).
 */
export interface MemberSignal {
  type: 'sessions_ended' | 'account_changed';
}
export type MemberListener = (signal: MemberSignal) => void;

export interface ChatBus {
  publish(poolId: number, frame: ChatBroadcast): Promise<void>;
  /** Resolves once frames of the pool will be delivered; the function it returns stops them. */
  subscribe(poolId: number, listener: ChatListener): Promise<() => Promise<void>>;
  /** Tells every socket of the member, on every instance. */
  publishMember(userId: number, signal: MemberSignal): Promise<void>;
  /** Resolves once the member's signals will be delivered; the function it returns stops them. */
  subscribeMember(userId: number, listener: MemberListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

function isMemberSignal(value: unknown): value is MemberSignal {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'sessions_ended' || type === 'account_changed';
}

export function createMemoryChatBus(): ChatBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(poolId, frame) {
      emitter.emit(String(poolId), frame);
    },
    async subscribe(poolId, listener) {
      emitter.on(String(poolId), listener);
      return async () => {
        emitter.off(String(poolId), listener);
      };
    },
    async publishMember(userId, signal) {
      emitter.emit(`member:${userId}`, signal);
    },
    async subscribeMember(userId, listener) {
      emitter.on(`member:${userId}`, listener);
      return async () => {
        emitter.off(`member:${userId}`, listener);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** The default channel prefix; tests give each run its own, so runs side by side never meet. */
export const CHAT_CHANNEL_PREFIX = 'pass:chat:';

/**
 * Redis pub/sub: one connection publishes, one subscribes to the channel of each pool that has a socket on
 * this instance (and leaves it when the last one closes).
 */
export function createRedisChatBus(url: string, options: { prefix?: string; onError?: (error: Error) => void } = {}) {
  const prefix = options.prefix ?? CHAT_CHANNEL_PREFIX;
  const publisher = new Redis(url);
  const subscriber = new Redis(url);
  const report = options.onError ?? (() => undefined);
  publisher.on('error', report);
  subscriber.on('error', report);
  const listeners = new Map<string, Set<ChatListener>>();
  const memberListeners = new Map<string, Set<MemberListener>>();

  subscriber.on('message', (channel: string, payload: string) => {
    const members = memberListeners.get(channel);
    if (members) {
      let signal: unknown;
      try {
        signal = JSON.parse(payload);
      } catch (error) {
        report(error as Error);
        return;
      }
      if (isMemberSignal(signal)) for (const listener of members) listener({ type: signal.type });
      return;
    }
    const local = listeners.get(channel);
    if (!local) return;
    let frame: ChatBroadcast;
    try {
      const parsed = ChatServerFrame.parse(JSON.parse(payload));
      if (parsed.type !== 'message' && parsed.type !== 'deleted' && parsed.type !== 'left') return;
      frame = parsed;
    } catch (error) {
      report(error as Error);
      return;
    }
    for (const listener of local) listener(frame);
  });

  const bus: ChatBus = {
    async publish(poolId, frame) {
      await publisher.publish(prefix + poolId, JSON.stringify(frame));
    },
    async subscribe(poolId, listener) {
      const channel = prefix + poolId;
      addToSetOf(listeners, channel, listener);
      // Every subscriber waits for Redis to confirm, so none reads its catch-up before live frames flow.
      await subscriber.subscribe(channel);
      return async () => {
        const current = listeners.get(channel);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) {
          listeners.delete(channel);
          await subscriber.unsubscribe(channel).catch(report);
        }
      };
    },
    async publishMember(userId, signal) {
      await publisher.publish(`${prefix}member:${userId}`, JSON.stringify(signal));
    },
    async subscribeMember(userId, listener) {
      const channel = `${prefix}member:${userId}`;
      addToSetOf(memberListeners, channel, listener);
      await subscriber.subscribe(channel);
      return async () => {
        const current = memberListeners.get(channel);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) {
          memberListeners.delete(channel);
          await subscriber.unsubscribe(channel).catch(report);
        }
      };
    },
    async close() {
      listeners.clear();
      memberListeners.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
  return bus;
}

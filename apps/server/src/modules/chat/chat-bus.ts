import { EventEmitter } from 'node:events';
import { ChatServerFrame } from '@pass/contracts';
import { Redis } from 'ioredis';

/**
 * How a stored message (or a deletion) reaches every socket of its pool: in-process for one instance, through
 * Redis pub/sub when REDIS_URL is set, so a message posted through one instance reaches sockets on the others
 * (DESIGN.md section 2). The bus carries only what is already stored: a socket that missed a frame finds it
 * again by resuming after its last id.
 */

/** What travels on the bus: the frames every socket of the pool is sent. */
export type ChatBroadcast = Extract<ChatServerFrame, { type: 'message' | 'deleted' | 'left' }>;
export type ChatListener = (frame: ChatBroadcast) => void;

export interface ChatBus {
  publish(poolId: number, frame: ChatBroadcast): Promise<void>;
  /** Resolves once frames of the pool will be delivered; the function it returns stops them. */
  subscribe(poolId: number, listener: ChatListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
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

  subscriber.on('message', (channel: string, payload: string) => {
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
      let local = listeners.get(channel);
      if (!local) {
        local = new Set();
        listeners.set(channel, local);
      }
      local.add(listener);
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
    async close() {
      listeners.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
  return bus;
}

import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * How what one instance stores reaches the open sockets of every instance (DESIGN.md section 2): in-process for
 * one instance, through Redis pub/sub when REDIS_URL is set. The chat rooms (modules/chat/chat-bus.ts) and the
 * live games (modules/live/live-bus.ts) are topics of the one bus an app holds, over one pair of Redis
 * connections.
 *
 * A topic is a family of channels (`chat` → `<prefix>chat:<pool id>`). A message is decoded once per instance,
 * whatever the number of its listeners there, and every listener gets the same object: a socket layer that
 * serialises a frame once per object sends the same bytes to all its sockets.
 */
export interface Topic<T> {
  /** Resolves once the message is on its way to every instance (Redis has it, or the listeners here have run). */
  publish(key: string, message: T): Promise<void>;
  /** Resolves once messages of `key` will be delivered; the function it returns stops them. */
  subscribe(key: string, listener: (message: T) => void): Promise<() => Promise<void>>;
}

export interface PubSub {
  /**
   * The topic `name`. `decode` reads a message another instance published (JSON already parsed) and answers
   * undefined for one it does not know, which is dropped; it is never called in-process.
   */
  topic<T>(name: string, decode: (value: unknown) => T | undefined): Topic<T>;
  /** Stops every subscription; closing again does nothing. */
  close(): Promise<void>;
}

export function createMemoryPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    topic<T>(name: string) {
      return {
        async publish(key: string, message: T) {
          emitter.emit(`${name}:${key}`, message);
        },
        async subscribe(key: string, listener: (message: T) => void) {
          const channel = `${name}:${key}`;
          emitter.on(channel, listener);
          return async () => {
            emitter.off(channel, listener);
          };
        },
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

interface Subscribed {
  decode: (value: unknown) => unknown;
  listeners: Set<(message: unknown) => void>;
}

/**
 * Redis pub/sub: one connection publishes, one subscribes to the channels that have a listener on this instance
 * (and leaves each when its last listener stops). `prefix` is the deployment's key prefix (REDIS_KEY_PREFIX).
 */
export function createRedisPubSub(url: string, options: { prefix: string; onError?: (error: Error) => void }): PubSub {
  const report = options.onError ?? (() => undefined);
  const publisher = new Redis(url);
  const subscriber = new Redis(url);
  publisher.on('error', report);
  subscriber.on('error', report);
  const channels = new Map<string, Subscribed>();
  let closed: Promise<void> | null = null;

  subscriber.on('message', (channel: string, payload: string) => {
    const local = channels.get(channel);
    if (!local) return;
    let message: unknown;
    try {
      message = local.decode(JSON.parse(payload));
    } catch (error) {
      report(error as Error);
      return;
    }
    if (message === undefined) return;
    for (const listener of local.listeners) listener(message);
  });

  return {
    topic<T>(name: string, decode: (value: unknown) => T | undefined): Topic<T> {
      const channelOf = (key: string) => `${options.prefix}${name}:${key}`;
      return {
        async publish(key, message) {
          await publisher.publish(channelOf(key), JSON.stringify(message));
        },
        async subscribe(key, listener) {
          const channel = channelOf(key);
          let local = channels.get(channel);
          if (!local) {
            local = { decode, listeners: new Set() };
            channels.set(channel, local);
          }
          local.listeners.add(listener as (message: unknown) => void);
          // Every subscriber waits for Redis to confirm, so none reads a catch-up before live messages flow.
          await subscriber.subscribe(channel);
          return async () => {
            const current = channels.get(channel);
            if (!current) return;
            current.listeners.delete(listener as (message: unknown) => void);
            if (current.listeners.size === 0) {
              channels.delete(channel);
              await subscriber.unsubscribe(channel).catch(report);
            }
          };
        },
      };
    },
    close() {
      closed ??= (async () => {
        channels.clear();
        await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      })();
      return closed;
    },
  };
}

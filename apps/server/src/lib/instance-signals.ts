import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { addToSetOf } from './collections.js';

/**
 * Short notices from one server instance to the others through Redis pub/sub (DESIGN.md section 2): "the
 * data behind this cache changed, drop what you built from it". A notice carries no data, only what to drop;
 * an instance that misses one serves its entry until the entry's own time limit, never wrong data for longer.
 * An instance does not hear its own notices: it has already acted on the change it made.
 */
export interface InstanceSignals {
  /** Tells every other instance; resolves once Redis has it. */
  publish(topic: string, message: string): Promise<void>;
  /** Resolves once the topic's notices from other instances will be delivered. */
  subscribe(topic: string, listener: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

interface Envelope {
  from: string;
  message: string;
}

function isEnvelope(value: unknown): value is Envelope {
  const candidate = value as Partial<Envelope> | null;
  return typeof candidate?.from === 'string' && typeof candidate.message === 'string';
}

/** `prefix` is the deployment's key prefix plus `signals:`; each topic is a channel under it. */
export function createRedisInstanceSignals(
  url: string,
  options: { prefix: string; onError?: (error: Error) => void },
): InstanceSignals {
  const instanceId = randomUUID();
  const report = options.onError ?? (() => undefined);
  const publisher = new Redis(url);
  const subscriber = new Redis(url);
  publisher.on('error', report);
  subscriber.on('error', report);
  const listeners = new Map<string, Set<(message: string) => void>>();

  subscriber.on('message', (channel: string, payload: string) => {
    const local = listeners.get(channel);
    if (!local) return;
    let envelope: unknown;
    try {
      envelope = JSON.parse(payload);
    } catch (error) {
      report(error as Error);
      return;
    }
    if (!isEnvelope(envelope) || envelope.from === instanceId) return;
    for (const listener of local) listener(envelope.message);
  });

  return {
    async publish(topic, message) {
      await publisher.publish(options.prefix + topic, JSON.stringify({ from: instanceId, message }));
    },
    async subscribe(topic, listener) {
      const channel = options.prefix + topic;
      addToSetOf(listeners, channel, listener);
      await subscriber.subscribe(channel);
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

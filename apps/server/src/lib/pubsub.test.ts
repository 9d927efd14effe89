import { afterEach, describe, expect, it } from 'vitest';
import { connectRedis, requireRedis, TEST_REDIS_URL, testRedisPrefix } from '../test/redis.js';
import { createMemoryPubSub, createRedisPubSub, type PubSub } from './pubsub.js';

/** Waits until `check` passes (a message through Redis arrives a moment later). */
async function eventually(check: () => unknown, timeoutMs = 3000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe('the bus between instances', () => {
  const opened: PubSub[] = [];
  afterEach(async () => {
    for (const bus of opened.splice(0)) await bus.close();
  });

  it('delivers in-process the object published, to the listeners of its key only, until they stop', async () => {
    const bus = createMemoryPubSub();
    opened.push(bus);
    const topic = bus.topic<{ n: number }>('things', () => undefined);
    const heard: unknown[] = [];
    const other: unknown[] = [];
    const stop = await topic.subscribe('a', (message) => heard.push(message));
    await topic.subscribe('b', (message) => other.push(message));
    const message = { n: 1 };
    await topic.publish('a', message);
    expect(heard).toEqual([message]);
    expect(heard[0]).toBe(message);
    expect(other).toEqual([]);
    await stop();
    await topic.publish('a', { n: 2 });
    expect(heard).toHaveLength(1);
  });

  it('through Redis: another instance decodes a message once for all its listeners, under the key prefix', async () => {
    await requireRedis();
    const prefix = testRedisPrefix();
    const publishing = createRedisPubSub(TEST_REDIS_URL, { prefix });
    const receiving = createRedisPubSub(TEST_REDIS_URL, { prefix });
    opened.push(publishing, receiving);
    let decoded = 0;
    const decode = (value: unknown) => {
      decoded += 1;
      return (value as { kind?: string }).kind === 'known' ? (value as { kind: string; n: number }) : undefined;
    };
    const heard: { kind: string; n: number }[][] = [[], []];
    const stops = await Promise.all(
      heard.map((list) => receiving.topic('things', decode).subscribe('a', (message) => list.push(message))),
    );

    // A plain Redis client sees the channel's full name: the prefix, the topic, the key.
    const watcher = await connectRedis();
    const seen: string[] = [];
    watcher.on('message', (channel: string) => seen.push(channel));
    await watcher.subscribe(`${prefix}things:a`);

    await publishing.topic('things', decode).publish('a', { kind: 'unknown', n: 0 });
    await publishing.topic('things', decode).publish('a', { kind: 'known', n: 1 });
    await eventually(() => expect(heard[0]).toEqual([{ kind: 'known', n: 1 }]));
    expect(heard[1]).toEqual(heard[0]);
    expect(heard[1]![0]).toBe(heard[0]![0]);
    expect(decoded).toBe(2);
    await eventually(() => expect(seen).toEqual([`${prefix}things:a`, `${prefix}things:a`]));

    // Once its last listener stops, the instance leaves the channel.
    const counter = await connectRedis();
    const subscribers = async () => ((await counter.pubsub('NUMSUB', `${prefix}things:a`)) as [string, number])[1];
    expect(await subscribers()).toBe(2);
    for (const stop of stops) await stop();
    await eventually(async () => expect(await subscribers()).toBe(1));
    watcher.disconnect();
    counter.disconnect();
    await receiving.close();
    await receiving.close();
  });
});

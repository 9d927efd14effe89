import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The machine's Redis, which CI provides: the tests of several instances meet through it. */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** A key prefix of this run only (REDIS_KEY_PREFIX), so runs side by side on one Redis never meet. */
export function testRedisPrefix(): string {
  return `test:${randomBytes(6).toString('hex')}:`;
}

/** A connected client of the machine's Redis; fails loudly when Redis is not there, never passing without it. */
export async function connectRedis(url = TEST_REDIS_URL): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  const errors: Error[] = [];
  client.on('error', (error: Error) => errors.push(error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new Error(`Redis is not reachable at ${url} (this test needs it): ${String(errors[0] ?? error)}`);
  }
  return client;
}

/** Fails loudly when Redis is not there: a test that needs it never passes without it. */
export async function requireRedis(url = TEST_REDIS_URL): Promise<void> {
  (await connectRedis(url)).disconnect();
}

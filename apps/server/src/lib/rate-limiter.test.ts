import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { DEVICE_COOKIE } from '../modules/auth/device-cookie.js';
import { LOGIN_FAILURE_LIMIT } from '../modules/auth/login-limits.js';
import { expectError, seedUser, TestClient, testPassword } from '../test/accounts.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { connectRedis, TEST_REDIS_URL } from '../test/redis.js';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter.js';

const REDIS_URL = TEST_REDIS_URL;
const KEY_PREFIX = 'pass:rate:';

describe('memory rate limiter', () => {
  function limiterWithClock(start = 1_000_000) {
    const clock = { now: start };
    return { clock, limiter: createMemoryRateLimiter(() => clock.now) };
  }

  it('counts hits in a fixed window and says how long is left', async () => {
    const { clock, limiter } = limiterWithClock();
    expect(await limiter.hit('a', 10_000)).toEqual({ count: 1, retryAfterSeconds: 10 });
    clock.now += 2_500;
    expect(await limiter.hit('a', 10_000)).toEqual({ count: 2, retryAfterSeconds: 8 });
    // A later hit with another window does not move the end of the running one.
    clock.now += 5_000;
    expect(await limiter.hit('a', 60_000)).toEqual({ count: 3, retryAfterSeconds: 3 });
    clock.now += 2_499;
    expect(await limiter.peek('a')).toEqual({ count: 3, retryAfterSeconds: 1 });
    await limiter.close();
  });

  it('starts again once the window has passed', async () => {
    const { clock, limiter } = limiterWithClock();
    await limiter.hit('a', 1_000);
    await limiter.hit('a', 1_000);
    clock.now += 999;
    expect((await limiter.peek('a')).count).toBe(2);
    clock.now += 1;
    expect(await limiter.peek('a')).toEqual({ count: 0, retryAfterSeconds: 0 });
    expect(await limiter.hit('a', 5_000)).toEqual({ count: 1, retryAfterSeconds: 5 });
    await limiter.close();
  });

  it('peeks without counting, keeps keys apart and forgets a reset key', async () => {
    const { limiter } = limiterWithClock();
    expect(await limiter.peek('a')).toEqual({ count: 0, retryAfterSeconds: 0 });
    await limiter.hit('a', 1_000);
    await limiter.hit('a', 1_000);
    await limiter.hit('b', 1_000);
    expect((await limiter.peek('a')).count).toBe(2);
    expect((await limiter.peek('a')).count).toBe(2);
    expect((await limiter.peek('b')).count).toBe(1);
    await limiter.reset('a');
    expect((await limiter.peek('a')).count).toBe(0);
    expect((await limiter.peek('b')).count).toBe(1);
    expect((await limiter.hit('a', 1_000)).count).toBe(1);
    await limiter.close();
  });
});

describe('Redis rate limiter (the real Redis at 127.0.0.1:6379)', () => {
  // Every key of this file lives under its own prefix, so runs side by side never meet, and all are removed at the end.
  const run = `test:${randomBytes(6).toString('hex')}`;
  let redis: Redis;
  const limiters: RateLimiter[] = [];

  const connect = () => connectRedis(REDIS_URL);

  async function newLimiter(): Promise<RateLimiter> {
    const limiter = createRedisRateLimiter(await connect());
    limiters.push(limiter);
    return limiter;
  }

  const key = (name: string) => `${run}:${name}`;

  beforeAll(async () => {
    redis = await connect();
  });
  afterAll(async () => {
    if (!redis) return;
    for (const limiter of limiters) await limiter.close();
    const keys = await redis.keys(`${KEY_PREFIX}${run}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts hits, sets the window on the first hit only, and says how long is left', async () => {
    const limiter = await newLimiter();
    expect(await limiter.hit(key('count'), 60_000)).toEqual({ count: 1, retryAfterSeconds: 60 });
    const second = await limiter.hit(key('count'), 600_000);
    expect(second.count).toBe(2);
    expect(second.retryAfterSeconds).toBeLessThanOrEqual(60);
    const ttl = await redis.pttl(KEY_PREFIX + key('count'));
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await redis.get(KEY_PREFIX + key('count'))).toBe('2');
  });

  it('peeks without counting and forgets a reset key', async () => {
    const limiter = await newLimiter();
    expect(await limiter.peek(key('peek'))).toEqual({ count: 0, retryAfterSeconds: 0 });
    await limiter.hit(key('peek'), 30_000);
    await limiter.hit(key('peek'), 30_000);
    expect(await limiter.peek(key('peek'))).toEqual({ count: 2, retryAfterSeconds: 30 });
    expect((await limiter.peek(key('peek'))).count).toBe(2);
    await limiter.reset(key('peek'));
    expect(await limiter.peek(key('peek'))).toEqual({ count: 0, retryAfterSeconds: 0 });
    expect(await redis.exists(KEY_PREFIX + key('peek'))).toBe(0);
  });

  it('starts again once the window has passed', async () => {
    const limiter = await newLimiter();
    await limiter.hit(key('expiry'), 60_000);
    await limiter.hit(key('expiry'), 60_000);
    // End the window now, as time would, and wait (bounded) for Redis to drop the key.
    await redis.pexpire(KEY_PREFIX + key('expiry'), 1);
    let left = await limiter.peek(key('expiry'));
    for (let attempt = 0; attempt < 200 && left.count > 0; attempt++) {
      await delay(5);
      left = await limiter.peek(key('expiry'));
    }
    expect(left).toEqual({ count: 0, retryAfterSeconds: 0 });
    expect(await limiter.hit(key('expiry'), 60_000)).toEqual({ count: 1, retryAfterSeconds: 60 });
  });

  it('shares counts between limiters on separate connections', async () => {
    const first = await newLimiter();
    const second = await newLimiter();
    await first.hit(key('shared'), 60_000);
    await second.hit(key('shared'), 60_000);
    expect((await first.hit(key('shared'), 60_000)).count).toBe(3);
    expect((await second.peek(key('shared'))).count).toBe(3);
    await second.reset(key('shared'));
    expect((await first.peek(key('shared'))).count).toBe(0);
  });

  describe('login lock across app instances', () => {
    let t: TestApp;
    let second: FastifyInstance;
    beforeAll(async () => {
      t = await buildTestApp({ REDIS_URL });
      // A second instance of the app on the same database and the same Redis, as behind a load balancer.
      second = await buildApp({ config: t.config, database: { ...t.database, close: async () => {} }, logger: false });
      await second.ready();
    });
    afterAll(async () => {
      await second?.close();
      await t?.app.close();
    });

    it('counts failed logins on both instances together, and each honours the device cookies of the other', async () => {
      // User ids key the lock in Redis: start this database's ids at a random point, so that
      // other runs of this suite (on another database, at the same time) use other keys.
      await t.database.db.execute(sql`select setval('users_id_seq', ${randomInt(1_000_000, 2_000_000_000)})`);
      const account = await seedUser(t.database.db);
      const onFirst = new TestClient(t.app);
      const onSecond = new TestClient(second, onFirst.remoteAddress);
      const fresh = new TestClient(second);
      try {
        for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT; attempt++) {
          const client = attempt % 2 === 0 ? onFirst : onSecond;
          expectError(await client.login(account.username, testPassword()), 401);
        }
        const lockKey = `${KEY_PREFIX}login:lock:user:${account.id}:src:${onFirst.remoteAddress}`;
        expect(await redis.exists(lockKey)).toBe(1);
        expectError(await onFirst.login(account.username, account.password), 429);
        expectError(await onSecond.login(account.username, account.password), 429);
        expect(onFirst.sessionId).toBeUndefined();
        expect(onSecond.sessionId).toBeUndefined();

        // A source that has not failed gets in on the second instance, and its device cookie then lets
        // the owner in on the first, even from the locked address.
        expect((await fresh.login(account.username, account.password)).statusCode).toBe(200);
        const owner = new TestClient(t.app, onFirst.remoteAddress);
        owner.cookies.set(DEVICE_COOKIE, fresh.cookies.get(DEVICE_COOKIE)!);
        expect((await owner.login(account.username, account.password)).statusCode).toBe(200);
      } finally {
        const keys = await redis.keys(`${KEY_PREFIX}login:*`);
        const ours = keys.filter(
          (key) =>
            key.includes(`user:${account.id}:`) ||
            key.endsWith(`:${onFirst.remoteAddress}`) ||
            key.endsWith(`:${fresh.remoteAddress}`),
        );
        if (ours.length > 0) await redis.del(...ours);
      }
    });
  });
});

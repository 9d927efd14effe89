import type { Redis } from 'ioredis';

/**
 * Fixed-window counters for abuse limits (login attempts, mails per address). In memory for one
 * instance; in Redis when REDIS_URL is set, so every instance counts the same attempts.
 */
export interface RateCount {
  count: number;
  /** Seconds until the window resets (at least 1 while counting). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Adds one to the key's count and returns the new count. */
  hit(key: string, windowMs: number): Promise<RateCount>;
  /** The key's count without adding to it. */
  peek(key: string): Promise<RateCount>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const window = windows.get(key);
    if (window && window.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  const toCount = (window: { count: number; resetAt: number } | undefined): RateCount =>
    window
      ? { count: window.count, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now()) / 1000)) }
      : { count: 0, retryAfterSeconds: 0 };
  // Expired windows are dropped as they are met and swept now and then, so memory stays bounded.
  const sweep = setInterval(() => {
    for (const key of windows.keys()) live(key);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const window = live(key) ?? { count: 0, resetAt: now() + windowMs };
      window.count += 1;
      windows.set(key, window);
      return toCount(window);
    },
    async peek(key) {
      return toCount(live(key));
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}

/** `keyPrefix` is the deployment's (REDIS_KEY_PREFIX); the limiter's keys follow it with `rate:`. */
export function createRedisRateLimiter(redis: Redis, keyPrefix = 'pass:'): RateLimiter {
  const KEY_PREFIX = `${keyPrefix}rate:`;
  return {
    async hit(key, windowMs) {
      // One round trip: count, start the window on the first hit only (NX), read what is left of it.
      const results = await redis
        .multi()
        .incr(KEY_PREFIX + key)
        .pexpire(KEY_PREFIX + key, windowMs, 'NX')
        .pttl(KEY_PREFIX + key)
        .exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(KEY_PREFIX + key), redis.pttl(KEY_PREFIX + key)]);
      const value = count === null ? 0 : Number.parseInt(count, 10);
      return { count: value, retryAfterSeconds: value > 0 ? Math.max(1, Math.ceil(ttl / 1000)) : 0 };
    },
    async reset(key) {
      await redis.del(KEY_PREFIX + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

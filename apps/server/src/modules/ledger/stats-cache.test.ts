import { describe, expect, it } from 'vitest';
import { StatsCache, type CachedStats } from './stats-cache.js';

const answer = (version: number, bytes: number): CachedStats => ({ version, body: Buffer.alloc(bytes, 'x') });

describe('StatsCache', () => {
  it('answers only for the version an entry was built at', () => {
    const cache = new StatsCache({ maxEntries: 10, maxBytes: 1000 });
    cache.set('a', answer(3, 10));
    expect(cache.get('a', 3)?.version).toBe(3);
    expect(cache.get('a', 4)).toBeUndefined();
    expect(cache.get('a', 2)).toBeUndefined();
    expect(cache.get('b', 3)).toBeUndefined();
  });

  it('replaces an entry with a later version, never with an earlier one', () => {
    const cache = new StatsCache({ maxEntries: 10, maxBytes: 1000 });
    cache.set('a', answer(3, 10));
    cache.set('a', answer(5, 20));
    cache.set('a', answer(4, 30));
    expect(cache.get('a', 5)?.body.length).toBe(20);
    expect(cache.get('a', 4)).toBeUndefined();
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(20);
  });

  it('answers within the stretch of time an entry holds for, and keeps the later stretch of one version', () => {
    const cache = new StatsCache({ maxEntries: 10, maxBytes: 1000 });
    cache.set('a', { ...answer(3, 10), from: 100, until: 200 });
    expect(cache.get('a', 3, 100)?.body.length).toBe(10);
    expect(cache.get('a', 3, 199)).toBeDefined();
    expect(cache.get('a', 3, 200)).toBeUndefined();
    expect(cache.get('a', 3, 99)).toBeUndefined();
    // Without an instant asked, or an entry without a stretch, time does not matter.
    expect(cache.get('a', 3)).toBeDefined();
    cache.set('b', answer(3, 10));
    expect(cache.get('b', 3, 5_000)).toBeDefined();
    // A build of the earlier stretch finishing last does not replace the later one.
    cache.set('a', { ...answer(3, 20), from: 200, until: 300 });
    cache.set('a', { ...answer(3, 30), from: 150, until: 200 });
    expect(cache.get('a', 3, 250)?.body.length).toBe(20);
  });

  it('tells the version of the entry holding at an instant, without making it recently used', () => {
    const cache = new StatsCache({ maxEntries: 2, maxBytes: 1000 });
    cache.set('a', { ...answer(3, 10), from: 100, until: 200 });
    cache.set('b', answer(7, 10));
    expect(cache.versionHeld('a', 150)).toBe(3);
    expect(cache.versionHeld('a', 200)).toBeUndefined();
    expect(cache.versionHeld('b', 5_000)).toBe(7);
    expect(cache.versionHeld('c', 150)).toBeUndefined();
    // Asking about a did not make it more recent than b: a is the one evicted.
    cache.set('c', answer(1, 10));
    expect(cache.versionHeld('a')).toBeUndefined();
    expect(cache.versionHeld('b')).toBe(7);
  });

  it('builds again when the build it would share ends up holding for another stretch of time', async () => {
    const cache = new StatsCache({ maxEntries: 10, maxBytes: 1000 });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let builds = 0;
    const early = cache.resolve(
      'a',
      1,
      async () => {
        builds += 1;
        await released;
        return { ...answer(1, 10), from: 0, until: 100 };
      },
      50,
    );
    const late = cache.resolve(
      'a',
      1,
      async () => {
        builds += 1;
        return { ...answer(1, 20), from: 100, until: 200 };
      },
      150,
    );
    release();
    expect((await early).body.length).toBe(10);
    expect((await late).body.length).toBe(20);
    expect(builds).toBe(2);
    expect(cache.get('a', 1, 150)?.body.length).toBe(20);
  });

  it('evicts the least recently used entry beyond its number of entries', () => {
    const cache = new StatsCache({ maxEntries: 2, maxBytes: 1000 });
    cache.set('a', answer(1, 10));
    cache.set('b', answer(1, 10));
    expect(cache.get('a', 1)).toBeDefined(); // a is now more recent than b
    cache.set('c', answer(1, 10));
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBeDefined();
    expect(cache.get('c', 1)).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('evicts the least recently used entries beyond its bytes, and keeps nothing larger than the limit', () => {
    const cache = new StatsCache({ maxEntries: 100, maxBytes: 100 });
    cache.set('a', answer(1, 40));
    cache.set('b', answer(1, 40));
    cache.set('c', answer(1, 40));
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.bytes).toBe(80);
    cache.set('d', answer(1, 90));
    expect([cache.get('b', 1), cache.get('c', 1)]).toEqual([undefined, undefined]);
    expect(cache.bytes).toBe(90);
    cache.set('e', answer(1, 101));
    expect(cache.get('e', 1)).toBeUndefined();
    expect(cache.get('d', 1)).toBeDefined();
    expect(cache.bytes).toBe(90);
  });

  it('shares one build among requests that miss together, and builds again for a later version', async () => {
    const cache = new StatsCache({ maxEntries: 10, maxBytes: 1000 });
    let builds = 0;
    const build = (version: number) => async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answer(version, 10);
    };
    const together = await Promise.all([cache.resolve('a', 1, build(1)), cache.resolve('a', 1, build(1))]);
    expect(builds).toBe(1);
    expect(together[0]).toBe(together[1]);
    expect(await cache.resolve('a', 1, build(1))).toBe(together[0]);
    expect(builds).toBe(1);
    expect((await cache.resolve('a', 2, build(2))).version).toBe(2);
    expect(builds).toBe(2);
  });

  it('keeps nothing from a failed build, and the next request builds again', async () => {
    const cache = new StatsCache({ maxEntries: 10, maxBytes: 1000 });
    await expect(cache.resolve('a', 1, () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    expect(cache.size).toBe(0);
    expect((await cache.resolve('a', 1, async () => answer(1, 10))).version).toBe(1);
  });
});

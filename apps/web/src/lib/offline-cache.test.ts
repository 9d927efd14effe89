import { describe, expect, it, vi } from 'vitest';
import { apiCacheName, clearOfflineCache, isAppPage, isOfflineRead, networkFirst } from './offline-cache';

const origin = 'https://pass.example.org';
const url = (path: string) => new URL(path, origin);

describe('isOfflineRead', () => {
  it.each([
    '/auth/whoami',
    '/api/config',
    '/api/health/data',
    '/api/dates/nfl/current-week',
    '/api/dates/season/2025/nfl',
    '/api/sport/nfl/teams',
    '/api/book/events/nfl/3?season_year=2025',
    '/api/standings/nfl?season=2025',
    '/api/user/stats/nfl/season/2025?rows=none',
    '/api/pools',
    '/api/pools/12/weeks/3',
    '/api/pools/12/standings',
  ])('keeps the GET of %s', (path) => {
    expect(isOfflineRead('GET', url(path), origin)).toBe(true);
  });

  it.each(['/api/segments', '/api/user/bets', '/api/admin/imports', '/auth/logout', '/billing/user', '/api/poolside'])(
    'does not keep %s, which no offline screen reads',
    (path) => {
      expect(isOfflineRead('GET', url(path), origin)).toBe(false);
    },
  );

  it('keeps nothing but reads, and nothing from another origin', () => {
    expect(isOfflineRead('POST', url('/api/pools'), origin)).toBe(false);
    expect(isOfflineRead('GET', new URL('https://elsewhere.example/api/pools'), origin)).toBe(false);
  });
});

describe('apiCacheName', () => {
  it('files each member apart, and anything else as a visitor', () => {
    expect(apiCacheName('42')).toBe('pass-api-user-42');
    expect(apiCacheName('43')).not.toBe(apiCacheName('42'));
    expect(apiCacheName('visitor')).toBe('pass-api-visitor');
    expect(apiCacheName(null)).toBe('pass-api-visitor');
    expect(apiCacheName('../42')).toBe('pass-api-visitor');
  });
});

describe('isAppPage', () => {
  it.each(['/', '/football/schedule', '/football/pool/12', '/user/stats', '/pool-party/accept/abc'])(
    '%s is a page of the app',
    (path) => expect(isAppPage(path)).toBe(true),
  );

  it.each([
    '/api/pools',
    '/auth/whoami',
    '/billing/plans',
    '/legal/terms-of-service',
    '/ws/chat',
    '/sw.js',
    '/assets/index-abc.js',
    '/manifest.webmanifest',
    '/u/passwd',
    '/user/password-reset',
    '/account/verify/abc',
    '/account/email/revert/abc',
    // PayPal's pages come with the server's wider policy (decision 046).
    '/subscribe',
    '/college/subscribe',
    '/campaign/pass-pool-party/signup-for-free',
    '/user/profile',
  ])('%s goes to the server', (path) => expect(isAppPage(path)).toBe(false));
});

describe('clearOfflineCache', () => {
  it("deletes every member's kept answers and leaves the app shell's precache", async () => {
    const names = new Set(['pass-api-user-1', 'pass-api-user-2', 'pass-api-visitor', 'workbox-precache-v2-x']);
    const storage = {
      keys: async () => [...names],
      delete: async (name: string) => names.delete(name),
    } as unknown as CacheStorage;
    await clearOfflineCache(storage);
    expect([...names]).toEqual(['workbox-precache-v2-x']);
  });

  it('does nothing where the browser has no Cache API', async () => {
    await expect(clearOfflineCache(undefined)).resolves.toBeUndefined();
  });
});

/** The Cache API in memory: one map of URL to answer per cache name. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const storage = {
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        put: async (request: Request, response: Response) => void store.set(request.url, response),
        match: async (request: Request) => store.get(request.url)?.clone(),
      } as unknown as Cache;
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  } as unknown as CacheStorage;
  return { storage, stores };
}

const read = (path: string, user: string) => new Request(url(path), { headers: { 'x-pass-user': user } });
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('networkFirst', () => {
  it("gives the server's answer whenever there is one, and keeps it for the member", async () => {
    const { storage, stores } = memoryCaches();
    const onStored = vi.fn(async () => {});
    let version = 1;
    const fetch = async () => answer({ version: version++ });
    await networkFirst(read('/api/user/stats/nfl/season/2025', '7'), { fetch, caches: storage, onStored });
    const second = await networkFirst(read('/api/user/stats/nfl/season/2025', '7'), { fetch, caches: storage });
    // Online, never the kept copy: the second answer is the server's newer one.
    expect(await second.json()).toEqual({ version: 2 });
    expect(second.headers.get('x-pass-offline')).toBeNull();
    expect([...stores.keys()]).toEqual(['pass-api-user-7']);
    expect(onStored).toHaveBeenCalledWith('pass-api-user-7', url('/api/user/stats/nfl/season/2025').href);
  });

  it('answers from the last kept copy when the network is down, marked as offline', async () => {
    const { storage } = memoryCaches();
    await networkFirst(read('/api/pools/3', '7'), { fetch: async () => answer({ pool: 3 }), caches: storage });
    const kept = await networkFirst(read('/api/pools/3', '7'), { fetch: offline, caches: storage });
    expect(kept.status).toBe(200);
    expect(kept.headers.get('x-pass-offline')).toBe('1');
    expect(kept.headers.get('content-type')).toBe('application/json');
    expect(await kept.json()).toEqual({ pool: 3 });
  });

  it("never answers one member with another's copy", async () => {
    const { storage } = memoryCaches();
    await networkFirst(read('/api/user/stats/nfl/season/2025', '7'), {
      fetch: async () => answer({ member: 7 }),
      caches: storage,
    });
    for (const other of ['8', 'visitor']) {
      await expect(
        networkFirst(read('/api/user/stats/nfl/season/2025', other), { fetch: offline, caches: storage }),
      ).rejects.toThrow('Failed to fetch');
    }
  });

  it('keeps only successful answers, and passes the others on', async () => {
    const { storage, stores } = memoryCaches();
    const refused = await networkFirst(read('/api/pools/3', '7'), {
      fetch: async () => answer({ error: { code: 'NOT_FOUND', message: 'x' } }, 404),
      caches: storage,
    });
    expect(refused.status).toBe(404);
    expect(stores.get('pass-api-user-7')?.size ?? 0).toBe(0);
  });
});

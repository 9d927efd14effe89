/**
 * What the service worker (src/sw.ts) keeps of the API for offline use, shared with the page so both sides
 * agree on the names. Read by both: nothing here may touch the DOM.
 *
 * The worker answers the reads of the schedule, stats and pool screens network-first: from the network
 * whenever it answers, from the last answer it kept only when the network is down, marked with
 * OFFLINE_HEADER so the page can say so. What it keeps is filed under the signed-in member the page names in
 * USER_HEADER, one cache per member, so a shared device never shows one member's answers to another; logging
 * in or out deletes every one of them (clearOfflineCache).
 */
import { isPayPalPage } from '@pass/domain';

/** On an answer the worker took from its cache because the network failed. */
export const OFFLINE_HEADER = 'x-pass-offline';

/** On each API request: whose answers it may be filed under and answered from (the member's id, or `visitor`). */
export const USER_HEADER = 'x-pass-user';

export const API_CACHE_PREFIX = 'pass-api-';

/**
 * The reads the offline screens need: the session and public settings every screen starts with, the
 * schedule (weeks, teams, games, standings), the member's stats, and the pools with all their pages.
 */
const OFFLINE_READS: readonly RegExp[] = [
  /^\/auth\/whoami$/,
  /^\/api\/config$/,
  /^\/api\/health\/data$/,
  /^\/api\/dates\//,
  /^\/api\/sport\/[^/]+\/teams$/,
  /^\/api\/book\/events\//,
  /^\/api\/book\/tips\//,
  /^\/api\/standings\//,
  /^\/api\/user\/stats\//,
  /^\/api\/pools(\/|$)/,
];

/** Whether the worker keeps this request's answer for offline use: a same-origin GET of an offline read. */
export function isOfflineRead(method: string, url: URL, origin: string): boolean {
  return method === 'GET' && url.origin === origin && OFFLINE_READS.some((pattern) => pattern.test(url.pathname));
}

/** The cache of the member a request names; anything that is not a plain id files under `visitor`. */
export function apiCacheName(user: string | null): string {
  return `${API_CACHE_PREFIX}${user !== null && /^\d{1,18}$/.test(user) ? `user-${user}` : 'visitor'}`;
}

/**
 * Paths the app's own pages never live under, so a navigation there goes to the server: the API, and any
 * path whose last segment looks like a file. The password and address pages carry a token in their address
 * and are always fetched, so the server's no-referrer policy comes with them; so are the pages with PayPal's
 * buttons, whose policy lets PayPal in (decision 046).
 */
const NOT_APP_PAGES: readonly RegExp[] = [
  /^\/(api|auth|billing|legal|ws)(\/|$)/,
  /\/[^/]+\.[^/]+$/,
  /^\/u\/passwd/,
  /^\/user\/password-reset/,
  /^\/account\/verify\//,
  /^\/account\/email\/revert\//,
];

export function isAppPage(pathname: string): boolean {
  return !NOT_APP_PAGES.some((pattern) => pattern.test(pathname)) && !isPayPalPage(pathname);
}

/** Deletes every member's kept answers (at login and logout). Safe where the Cache API is missing. */
export async function clearOfflineCache(storage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!storage) return;
  const names = await storage.keys();
  await Promise.all(names.filter((name) => name.startsWith(API_CACHE_PREFIX)).map((name) => storage.delete(name)));
}

/**
 * The worker's handler for an offline read (src/sw.ts), with its browser parts passed in so it can be tested:
 * network first, always. The server's answer is what the page gets, and a 200 is kept in the cache of the member
 * the request names; only when the request fails for want of a network is that member's last kept answer given,
 * marked with OFFLINE_HEADER. No kept answer: the network's failure stands.
 */
export async function networkFirst(
  request: Request,
  {
    fetch: send = globalThis.fetch,
    caches: storage = globalThis.caches,
    onStored = async () => {},
  }: {
    fetch?: (request: Request) => Promise<Response>;
    caches?: CacheStorage;
    /** After an answer was kept (the worker trims each member's cache here). */
    onStored?: (cacheName: string, url: string) => Promise<void>;
  } = {},
): Promise<Response> {
  const cacheName = apiCacheName(request.headers.get(USER_HEADER));
  let response: Response;
  try {
    response = await send(request);
  } catch (error) {
    const kept = await (await storage.open(cacheName)).match(request);
    if (!kept) throw error;
    const headers = new Headers(kept.headers);
    headers.set(OFFLINE_HEADER, '1');
    return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
  }
  if (response.status === 200) {
    await (await storage.open(cacheName)).put(request, response.clone());
    await onStored(cacheName, request.url);
  }
  return response;
}

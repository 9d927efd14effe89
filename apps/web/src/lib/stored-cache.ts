import { md5 } from './md5';

/**
 * The specification's stored cache: a value kept in local storage inside an envelope
 * `{ data, hash, ttl, version, user_uuid }`. `hash` is the MD5 of the JSON of `data`; `ttl` is the moment
 * (milliseconds since the epoch) the entry expires. An entry is discarded, and removed, when its hash does
 * not match, it has no version (or another one), it belongs to another user, it has expired, or it cannot
 * be read at all.
 */
export interface StoredEnvelope<T> {
  data: T;
  hash: string;
  ttl: number;
  version: number;
  user_uuid: string;
}

/** Bumped when the shape of cached data changes: older entries are then discarded. */
export const STORED_CACHE_VERSION = 1;

/** The default lifetime (spec section 9): 120 s. */
export const DEFAULT_TTL_SECONDS = 120;

const PREFIX = 'pass.cache.';

export interface StoredCacheOptions {
  /** Whose data this is: an entry of another user is never returned. */
  userUuid: string;
  /** Defaults to STORED_CACHE_VERSION. */
  version?: number;
  /** For tests; defaults to Date.now(). */
  now?: number;
}

function remove(key: string) {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // Storage may be unavailable (private mode): nothing to remove then.
  }
}

/** The cached value under `key`, or null when there is none usable (an unusable entry is removed). */
export function readStoredCache<T>(key: string, options: StoredCacheOptions): T | null {
  const { userUuid, version = STORED_CACHE_VERSION, now = Date.now() } = options;
  let raw: string | null;
  try {
    raw = localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const envelope = JSON.parse(raw) as Partial<StoredEnvelope<T>> | null;
    const usable =
      typeof envelope === 'object' &&
      envelope !== null &&
      'data' in envelope &&
      typeof envelope.version === 'number' &&
      envelope.version === version &&
      envelope.user_uuid === userUuid &&
      typeof envelope.ttl === 'number' &&
      envelope.ttl > now &&
      typeof envelope.hash === 'string' &&
      envelope.hash === md5(JSON.stringify(envelope.data));
    if (!usable) {
      remove(key);
      return null;
    }
    return envelope.data as T;
  } catch {
    remove(key);
    return null;
  }
}

/** Keeps `data` under `key` for `ttlSeconds`; a full or unavailable storage is ignored. */
export function writeStoredCache<T>(key: string, data: T, options: StoredCacheOptions & { ttlSeconds?: number }): void {
  const { userUuid, version = STORED_CACHE_VERSION, now = Date.now(), ttlSeconds = DEFAULT_TTL_SECONDS } = options;
  const envelope: StoredEnvelope<T> = {
    data,
    hash: md5(JSON.stringify(data)),
    ttl: now + ttlSeconds * 1000,
    version,
    user_uuid: userUuid,
  };
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(envelope));
  } catch {
    // A full or unavailable storage only means no cache.
  }
}

/** Drops the entry under `key`. */
export function clearStoredCache(key: string): void {
  remove(key);
}

/** Drops every entry whose key starts with `keyPrefix` (say, all of a feature's kept answers after a change). */
export function clearStoredCacheStartingWith(keyPrefix: string): void {
  try {
    const keys: string[] = [];
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key?.startsWith(PREFIX + keyPrefix)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // Storage may be unavailable (private mode): nothing is kept then.
  }
}

/**
 * The value under `key` when the cache holds a usable one, else what `load` gives (then kept for `ttlSeconds`).
 */
export async function cachedFetch<T>(
  key: string,
  options: StoredCacheOptions & { ttlSeconds?: number },
  load: () => Promise<T>,
): Promise<T> {
  const cached = readStoredCache<T>(key, options);
  if (cached !== null) return cached;
  const data = await load();
  writeStoredCache(key, data, { ...options, now: options.now ?? Date.now() });
  return data;
}

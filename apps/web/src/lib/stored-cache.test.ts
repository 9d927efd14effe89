import { afterEach, describe, expect, it, vi } from 'vitest';
import { md5 } from './md5';
import {
  cachedFetch,
  clearStoredCacheStartingWith,
  readStoredCache,
  STORED_CACHE_VERSION,
  writeStoredCache,
} from './stored-cache';

const KEY = 'stats:americanfootball_nfl:2025';
const STORAGE_KEY = `pass.cache.${KEY}`;
const data = { totals: { record: '3-1-0' }, rows: [1, 2, 3] };
const now = 1_700_000_000_000;

function store(envelope: unknown) {
  localStorage.setItem(STORAGE_KEY, typeof envelope === 'string' ? envelope : JSON.stringify(envelope));
}
const valid = () => ({
  data,
  hash: md5(JSON.stringify(data)),
  ttl: now + 60_000,
  version: STORED_CACHE_VERSION,
  user_uuid: '42',
});

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('stored cache', () => {
  it('writes the envelope {data, hash, ttl, version, user_uuid} with the MD5 of the JSON data', () => {
    writeStoredCache(KEY, data, { userUuid: '42', ttlSeconds: 60, now });
    const envelope = JSON.parse(localStorage.getItem(STORAGE_KEY)!) as Record<string, unknown>;
    expect(envelope).toEqual({
      data,
      hash: md5(JSON.stringify(data)),
      ttl: now + 60_000,
      version: STORED_CACHE_VERSION,
      user_uuid: '42',
    });
  });

  it('reads back what it wrote, for the same user, before it expires', () => {
    writeStoredCache(KEY, data, { userUuid: '42', ttlSeconds: 60, now });
    expect(readStoredCache(KEY, { userUuid: '42', now: now + 59_999 })).toEqual(data);
  });

  it.each([
    ['a wrong hash', { ...valid(), hash: md5('something else') }],
    ['data changed under its hash', { ...valid(), data: { ...data, rows: [9] } }],
    ['no version', { ...valid(), version: undefined }],
    ['another version', { ...valid(), version: STORED_CACHE_VERSION + 1 }],
    ["another user's id", { ...valid(), user_uuid: '43' }],
    ['no user id', { ...valid(), user_uuid: undefined }],
    ['an expired ttl', { ...valid(), ttl: now }],
    ['no ttl', { ...valid(), ttl: undefined }],
    ['no data', { hash: md5('undefined'), ttl: now + 1000, version: STORED_CACHE_VERSION, user_uuid: '42' }],
  ])('discards and removes an entry with %s', (_label, envelope) => {
    store(envelope);
    expect(readStoredCache(KEY, { userUuid: '42', now })).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    ['a number', '7'],
  ])('discards and removes an unreadable entry (%s)', (_label, raw) => {
    store(raw);
    expect(readStoredCache(KEY, { userUuid: '42', now })).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('drops every kept entry under a key prefix and nothing else', () => {
    writeStoredCache(KEY, data, { userUuid: '42', now });
    writeStoredCache('stats:baseball_mlb:2026', data, { userUuid: '42', now });
    writeStoredCache('outcomes:baseball_mlb:2026', data, { userUuid: '42', now });
    localStorage.setItem('stats:not-ours', 'kept');
    clearStoredCacheStartingWith('stats:');
    expect(readStoredCache(KEY, { userUuid: '42', now })).toBeNull();
    expect(readStoredCache('stats:baseball_mlb:2026', { userUuid: '42', now })).toBeNull();
    expect(readStoredCache('outcomes:baseball_mlb:2026', { userUuid: '42', now })).toEqual(data);
    expect(localStorage.getItem('stats:not-ours')).toBe('kept');
  });

  it('returns null when storage itself fails to read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(readStoredCache(KEY, { userUuid: '42', now })).toBeNull();
  });

  it('ignores a storage that refuses writes', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('quota');
    });
    expect(() => writeStoredCache(KEY, data, { userUuid: '42', now })).not.toThrow();
  });

  it('cachedFetch loads once, then serves the stored value until it expires', async () => {
    const load = vi.fn(() => Promise.resolve(data));
    expect(await cachedFetch(KEY, { userUuid: '42', ttlSeconds: 60, now }, load)).toEqual(data);
    expect(await cachedFetch(KEY, { userUuid: '42', ttlSeconds: 60, now: now + 30_000 }, load)).toEqual(data);
    expect(load).toHaveBeenCalledTimes(1);
    await cachedFetch(KEY, { userUuid: '42', ttlSeconds: 60, now: now + 60_000 }, load);
    expect(load).toHaveBeenCalledTimes(2);
    await cachedFetch(KEY, { userUuid: '7', ttlSeconds: 60, now: now + 60_001 }, load);
    expect(load).toHaveBeenCalledTimes(3);
  });
});

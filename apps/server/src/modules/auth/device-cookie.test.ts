import { randomBytes } from 'node:crypto';
import type { DbHandle } from '@pass/db';
import { serverSecrets } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { getOrCreateServerSecret } from './auth.repository.js';
import { DEVICE_COOKIE_MAX_AGE_MS, deviceCookieKey, readDeviceCookie, signDeviceCookie } from './device-cookie.js';

const ISSUED = new Date('2026-11-22T12:00:00Z');
const key = randomBytes(32);

describe('device cookies', () => {
  it('reads back what it signed: the user, the nonce and the time of issue', () => {
    const value = signDeviceCookie(key, 42, ISSUED, 'nonce-of-sixteen-chars');
    expect(readDeviceCookie(key, value, new Date(ISSUED.getTime() + 1000))).toEqual({
      userId: 42,
      nonce: 'nonce-of-sixteen-chars',
      issuedAt: ISSUED,
    });
    // Each issue has its own nonce.
    expect(signDeviceCookie(key, 42, ISSUED)).not.toBe(signDeviceCookie(key, 42, ISSUED));
  });

  it('refuses a cookie with another user, another signature, another key, another version, or past its age', () => {
    const value = signDeviceCookie(key, 42, ISSUED);
    const [version, , issued, nonce, signature] = value.split('.') as [string, string, string, string, string];
    const later = new Date(ISSUED.getTime() + 1000);
    for (const forged of [
      [version, '43', issued, nonce, signature].join('.'),
      [version, '42', issued, nonce, `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`].join('.'),
      ['d0', '42', issued, nonce, signature].join('.'),
      `${value}.extra`,
      '',
      'x'.repeat(300),
    ]) {
      expect(readDeviceCookie(key, forged, later), forged).toBeNull();
    }
    expect(readDeviceCookie(randomBytes(32), value, later)).toBeNull();
    expect(readDeviceCookie(key, undefined, later)).toBeNull();
    expect(readDeviceCookie(key, value, new Date(ISSUED.getTime() + DEVICE_COOKIE_MAX_AGE_MS - 1000))).not.toBeNull();
    expect(readDeviceCookie(key, value, new Date(ISSUED.getTime() + DEVICE_COOKIE_MAX_AGE_MS))).toBeNull();
  });
});

describe('the device cookie key in the database', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is made once, and every caller, racing or not, reads the same value', async () => {
    const values = await Promise.all(
      ['a', 'b', 'c'].map((candidate) => getOrCreateServerSecret(database.db, 'race-test', () => candidate)),
    );
    expect(new Set(values).size).toBe(1);
    expect(await getOrCreateServerSecret(database.db, 'race-test', () => 'later')).toBe(values[0]);
  });

  it('is shared by every connection to the database, as by every instance of the server', async () => {
    const first = await deviceCookieKey(database.db);
    // A transaction is another executor: the key is read from the table, not from this process's cache.
    const second = await database.db.transaction((tx) => deviceCookieKey(tx));
    expect(second.equals(first)).toBe(true);
    expect(first.length).toBe(32);
    const rows = await database.db.select().from(serverSecrets);
    expect(rows.map((row) => row.name)).toContain('device-cookie-key');
  });
});

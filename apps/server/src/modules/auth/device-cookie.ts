import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DbExecutor } from '@pass/db';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../env.js';
import { getOrCreateServerSecret } from './auth.repository.js';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that has
 * logged in to an account gets a signed cookie naming that account. Failed logins from a browser with
 * such a cookie are counted against the cookie alone, so strangers guessing the password from elsewhere
 * cannot lock the owner out of the devices they already use (docs/decisions/017).
 */
export const DEVICE_COOKIE = 'pass_device';
export const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;
// Only the login reads it, so only the login is sent it.
const DEVICE_COOKIE_PATH = '/auth/login';
const SECRET_NAME = 'device-cookie-key';
const VERSION = 'd1';

export interface DeviceCookie {
  userId: number;
  /** Random per issue: the key its failed logins are counted under. */
  nonce: string;
  issuedAt: Date;
}

// One read of the database per process and database; every instance on the database shares the key.
const keys = new WeakMap<object, Promise<Buffer>>();

/** The key that signs device cookies, made and stored in the database the first time it is needed. */
export function deviceCookieKey(db: DbExecutor): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = getOrCreateServerSecret(db, SECRET_NAME, () => randomBytes(32).toString('base64url')).then((value) =>
      Buffer.from(value, 'base64url'),
    );
    // A failed read is not cached: the next login tries again.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const signature = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signDeviceCookie(
  key: Buffer,
  userId: number,
  issuedAt: Date,
  nonce = randomBytes(16).toString('base64url'),
) {
  const payload = `${VERSION}.${userId}.${Math.floor(issuedAt.getTime() / 1000)}.${nonce}`;
  return `${payload}.${signature(key, payload)}`;
}

/** The cookie's content when its signature is the server's and it has not aged out; otherwise null. */
export function readDeviceCookie(key: Buffer, value: string | undefined, now: Date): DeviceCookie | null {
  if (!value || value.length > 200) return null;
  const parts = value.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) return null;
  const [, user, issued, nonce, given] = parts as [string, string, string, string, string];
  const expected = Buffer.from(signature(key, parts.slice(0, 4).join('.')));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (!/^\d{1,10}$/.test(user) || !/^\d{1,12}$/.test(issued) || nonce.length < 16) return null;
  const issuedAt = new Date(Number(issued) * 1000);
  if (now.getTime() - issuedAt.getTime() >= DEVICE_COOKIE_MAX_AGE_MS) return null;
  return { userId: Number(user), nonce, issuedAt };
}

export function setDeviceCookie(reply: FastifyReply, config: Config, value: string): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: Math.floor(DEVICE_COOKIE_MAX_AGE_MS / 1000),
  });
}

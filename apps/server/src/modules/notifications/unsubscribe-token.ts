import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { UnsubscribeKind } from '@pass/contracts';
import { serverSecrets, type DbExecutor } from '@pass/db';
import { eq } from 'drizzle-orm';
import { getOrCreateServerSecret } from '../auth/server-secrets.service.js';

/**
 * One-click unsubscribe tokens (decision 042): an HMAC over the member and the kind of mail, with a key the
 * server makes and keeps in server_secrets (as the device cookie's), so no table is needed and every instance
 * checks alike. A token never expires (a mail read months later must still unsubscribe) and can do one
 * thing only: turn that kind of mail off for that member.
 */

const SECRET_NAME = 'unsubscribe-key';
const VERSION = 'u1';
const TOKEN_PATTERN = /^u1\.(\d{1,10})\.([a-z_]{1,32})\.([A-Za-z0-9_-]{43})$/;

const keys = new WeakMap<object, Promise<Buffer>>();

/** The signing key, made and stored the first time it is needed; one read per process and database. */
export function unsubscribeKey(db: DbExecutor): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = getOrCreateServerSecret(db, SECRET_NAME, () => randomBytes(32).toString('base64url')).then((value) =>
      Buffer.from(value, 'base64url'),
    );
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/**
 * The signing key when one has been made, else null (then no token can be valid): checking a token never
 * creates the key, so a refused request changes nothing.
 */
export async function existingUnsubscribeKey(db: DbExecutor): Promise<Buffer | null> {
  const cached = keys.get(db);
  if (cached) return cached;
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME))
    .limit(1);
  return row ? Buffer.from(row.value, 'base64url') : null;
}

const signature = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signUnsubscribeToken(key: Buffer, userId: number, kind: UnsubscribeKind): string {
  const payload = `${VERSION}.${userId}.${kind}`;
  return `${payload}.${signature(key, payload)}`;
}

/** The member and kind a token names when the server signed it; otherwise null. */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: number; kind: UnsubscribeKind } | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, user, kindText, given] = match as unknown as [string, string, string, string];
  const kind = UnsubscribeKind.safeParse(kindText);
  if (!kind.success) return null;
  const expected = Buffer.from(signature(key, `${VERSION}.${user}.${kindText}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { userId: Number(user), kind: kind.data };
}

/** The address a mail's unsubscribe link and List-Unsubscribe header point to. */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

/** The web page a person following the link lands on: it asks before it unsubscribes. */
export const unsubscribePageUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/unsubscribe?token=${encodeURIComponent(token)}`;

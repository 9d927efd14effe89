import { serverSecrets, sessions, users } from '@pass/db';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, seedUser, TestClient, testPassword, unique } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { INCORRECT_LOGIN } from './auth.service.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS, deviceCookieKey, readDeviceCookie } from './device-cookie.js';
import { LOGIN_FAILURE_LIMIT, LOGIN_IP_LIMIT, LOGIN_LOCK_MS } from './login-limits.js';
import { SESSION_COOKIE } from './sessions.service.js';

const hasSessionCookie = (response: LightMyRequestResponse) =>
  response.cookies.some((cookie) => cookie.name === SESSION_COOKIE && cookie.value !== '');

function expectRetryAfter(response: LightMyRequestResponse, maxSeconds: number): number {
  const header = String(response.headers['retry-after']);
  expect(header).toMatch(/^\d+$/);
  const seconds = Number(header);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
  return seconds;
}

describe('login abuse limits and CSRF', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.app.close();
  });

  const sessionCount = async (userId: number) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(eq(sessions.userId, userId))
    )[0]!.n;

  describe('failed logins', () => {
    it(`refuses a source after ${LOGIN_FAILURE_LIMIT} failures on an account: 429 with Retry-After, even with the right password`, async () => {
      const account = await seedUser(t.database.db);
      const client = new TestClient(t.app);
      for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT; attempt++) {
        const response = await client.login(account.username, `${account.password}-${attempt}`);
        expect(expectError(response, 401).error.message).toBe(INCORRECT_LOGIN);
      }
      const locked = await client.login(account.username, account.password);
      const body = expectError(locked, 429);
      expect(body.error.code).toBe('RATE_LIMITED');
      expectRetryAfter(locked, LOGIN_LOCK_MS / 1000);
      expect(hasSessionCookie(locked)).toBe(false);
      expect(client.sessionId).toBeUndefined();
      // The same account by its email, from the same source, is refused too.
      expectError(await client.login(account.email, account.password), 429);
      // The source is held back from this account only.
      const other = await seedUser(t.database.db);
      expect((await client.login(other.username, other.password)).statusCode).toBe(200);
      expect(await sessionCount(account.id)).toBe(0);
    });

    it("does not let a stranger's failures from other addresses stop the owner: a fresh source and the owner's device still get in", async () => {
      const account = await seedUser(t.database.db);
      // The owner has logged in on this browser before, and logged out since.
      const ownerBrowser = new TestClient(t.app);
      expect((await ownerBrowser.login(account.username, account.password)).statusCode).toBe(200);
      expect(ownerBrowser.cookies.get(DEVICE_COOKIE)).toBeDefined();
      expect((await ownerBrowser.post('/auth/logout')).statusCode).toBe(200);

      const strangers = [new TestClient(t.app), new TestClient(t.app)];
      for (const stranger of strangers) {
        for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT; attempt++)
          expectError(await stranger.login(account.username, testPassword()), 401);
        const refused = await stranger.login(account.username, account.password);
        expectError(refused, 429);
        expectRetryAfter(refused, LOGIN_LOCK_MS / 1000);
      }

      // The owner's browser, even behind the stranger's own address (one NAT), gets in with the device cookie.
      const ownerBehindNat = new TestClient(t.app, strangers[0]!.remoteAddress);
      ownerBehindNat.cookies.set(DEVICE_COOKIE, ownerBrowser.cookies.get(DEVICE_COOKIE)!);
      const throughNat = await ownerBehindNat.login(account.username, account.password);
      expect(throughNat.statusCode).toBe(200);
      expect(ownerBehindNat.sessionId).toBeDefined();
      expect((await ownerBrowser.login(account.username, account.password)).statusCode).toBe(200);

      // A source that has not failed gets in with the right password, without any device cookie.
      const fresh = new TestClient(t.app);
      expect((await fresh.login(account.username, account.password)).statusCode).toBe(200);
      expect((await fresh.whoami()).json().data.id).toBe(account.id);

      // And the strangers are still refused.
      for (const stranger of strangers) expectError(await stranger.login(account.username, account.password), 429);
    });

    it('issues a signed device cookie at login, only for the login path, and renews it at each login', async () => {
      const account = await seedUser(t.database.db);
      const client = new TestClient(t.app);
      const login = await client.login(account.username, account.password);
      const cookie = login.cookies.find((entry) => entry.name === DEVICE_COOKIE)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth/login' });
      expect(cookie.maxAge).toBe(DEVICE_COOKIE_MAX_AGE_MS / 1000);
      const key = await deviceCookieKey(t.database.db);
      expect(readDeviceCookie(key, cookie.value, new Date())).toMatchObject({ userId: account.id });
      // The key lives in the database, made once.
      expect(await t.database.db.select().from(serverSecrets)).toHaveLength(1);
      const again = await client.login(account.username, account.password);
      const renewed = again.cookies.find((entry) => entry.name === DEVICE_COOKIE)!;
      expect(renewed.value).not.toBe(cookie.value);
      expect(readDeviceCookie(key, renewed.value, new Date())).toMatchObject({ userId: account.id });
    });

    it('locks a device cookie that fails from itself, and treats a forged or borrowed one as none', async () => {
      const account = await seedUser(t.database.db);
      const other = await seedUser(t.database.db);
      const device = new TestClient(t.app);
      expect((await device.login(account.username, account.password)).statusCode).toBe(200);
      const deviceCookie = device.cookies.get(DEVICE_COOKIE)!;

      // A stolen device cookie is worth LOGIN_FAILURE_LIMIT guesses, then it is locked wherever it is used.
      for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT; attempt++)
        expectError(await device.login(account.username, testPassword()), 401);
      expectError(await device.login(account.username, account.password), 429);
      const elsewhere = new TestClient(t.app);
      elsewhere.cookies.set(DEVICE_COOKIE, deviceCookie);
      expectError(await elsewhere.login(account.username, account.password), 429);
      // The failures were the cookie's: this address is not held back without it.
      const sameAddress = new TestClient(t.app, device.remoteAddress);
      expect((await sameAddress.login(account.username, account.password)).statusCode).toBe(200);

      // A changed signature, or another account's cookie, counts as no cookie: the source is locked as usual.
      const forger = new TestClient(t.app);
      const parts = sameAddress.cookies.get(DEVICE_COOKIE)!.split('.');
      const signature = parts[4]!;
      const forged = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      forger.cookies.set(DEVICE_COOKIE, [...parts.slice(0, 4), forged].join('.'));
      const borrower = new TestClient(t.app);
      expect((await borrower.login(other.username, other.password)).statusCode).toBe(200);
      for (const client of [forger, borrower]) {
        for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT; attempt++)
          expectError(await client.login(account.username, testPassword()), 401);
        expectError(await client.login(account.username, account.password), 429);
      }
    });

    it('a success before the limit starts the count again', async () => {
      const account = await seedUser(t.database.db);
      const client = new TestClient(t.app);
      for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT - 1; attempt++)
        expectError(await client.login(account.username, testPassword()), 401);
      expect((await client.login(account.username, account.password)).statusCode).toBe(200);
      for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT - 1; attempt++)
        expectError(await client.login(account.username, testPassword()), 401);
      expect((await client.login(account.username, account.password)).statusCode).toBe(200);
    });

    it('locks an unknown username the same way, with the same 429 body', async () => {
      const known = await seedUser(t.database.db);
      const unknownName = unique('ghost');
      const client = new TestClient(t.app);
      for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT; attempt++) {
        expectError(await client.login(known.username, testPassword()), 401);
        expectError(await client.login(unknownName, testPassword()), 401);
      }
      const knownLocked = await client.login(known.username, known.password);
      const unknownLocked = await client.login(unknownName, testPassword());
      expect(unknownLocked.statusCode).toBe(429);
      expect(knownLocked.statusCode).toBe(429);
      expect(unknownLocked.json()).toEqual(knownLocked.json());
      expectRetryAfter(unknownLocked, LOGIN_LOCK_MS / 1000);
    });

    it('answers an unknown user exactly as a wrong password', async () => {
      const account = await seedUser(t.database.db);
      const unverified = await seedUser(t.database.db, { verified: false });
      const client = new TestClient(t.app);
      const wrongPassword = await client.login(account.username, testPassword());
      const unknownUser = await client.login(unique('nobody'), testPassword());
      const unknownEmail = await client.login(`${unique('nobody')}@example.com`, testPassword());
      // An unverified account with a wrong password says nothing about the account either.
      const unverifiedWrong = await client.login(unverified.username, testPassword());
      expect(wrongPassword.statusCode).toBe(401);
      for (const response of [unknownUser, unknownEmail, unverifiedWrong]) {
        expect(response.statusCode).toBe(wrongPassword.statusCode);
        expect(response.json()).toEqual(wrongPassword.json());
        expect(response.headers['content-type']).toBe(wrongPassword.headers['content-type']);
        expect(hasSessionCookie(response)).toBe(false);
      }
      expect(wrongPassword.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: INCORRECT_LOGIN } });
    });

    it(`limits one address to ${LOGIN_IP_LIMIT} attempts a minute, whatever the usernames`, async () => {
      const account = await seedUser(t.database.db);
      const client = new TestClient(t.app);
      for (let attempt = 0; attempt < LOGIN_IP_LIMIT; attempt++) {
        expectError(await client.login(unique(`spray${attempt}`), testPassword()), 401);
      }
      const limited = await client.login(account.username, account.password);
      expectError(limited, 429);
      expectRetryAfter(limited, 60);
      expect(hasSessionCookie(limited)).toBe(false);
      // Another address is not held back, and the account itself is not locked.
      const elsewhere = new TestClient(t.app);
      expect((await elsewhere.login(account.username, account.password)).statusCode).toBe(200);
    });
  });

  describe('CSRF', () => {
    it('refuses a login without the CSRF header, with a wrong one or without the cookie: 403, no session', async () => {
      const account = await seedUser(t.database.db);
      const client = new TestClient(t.app);
      const payload = { username: account.username, password: account.password };
      const attempts = [
        await client.post('/auth/login', payload, { csrf: false }),
        await client.post('/auth/login', payload, { csrf: false, headers: { 'x-xsrf-token': `${client.csrfToken}x` } }),
        await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload,
          headers: { 'x-xsrf-token': client.csrfToken },
        }),
      ];
      for (const response of attempts) {
        expect(expectError(response, 403).error.code).toBe('FORBIDDEN');
        expect(hasSessionCookie(response)).toBe(false);
      }
      expect(await sessionCount(account.id)).toBe(0);
      // With the pair it works.
      expect((await client.login(account.username, account.password)).statusCode).toBe(200);
      expect(await sessionCount(account.id)).toBe(1);
    });

    it('refuses a sign-up and a logout by POST without the CSRF header, changing nothing', async () => {
      const client = new TestClient(t.app);
      const username = unique('nocsrf');
      expectError(
        await client.post(
          '/auth/register',
          { username, email: `${username}@example.com`, password: testPassword() },
          { csrf: false },
        ),
        403,
      );
      expect(await t.database.db.select().from(users).where(eq(users.username, username))).toEqual([]);

      const account = await seedUser(t.database.db);
      expect((await client.login(account.username, account.password)).statusCode).toBe(200);
      expectError(await client.post('/auth/logout', undefined, { csrf: false }), 403);
      expect((await client.whoami()).statusCode).toBe(200);
    });
  });

  describe('logout', () => {
    it("ends by POST with the CSRF pair only the caller's session; a GET from another site ends nothing", async () => {
      const alice = await seedUser(t.database.db);
      const bob = await seedUser(t.database.db);
      const aliceLaptop = new TestClient(t.app);
      const alicePhone = new TestClient(t.app);
      const bobClient = new TestClient(t.app);
      expect((await aliceLaptop.login(alice.username, alice.password)).statusCode).toBe(200);
      expect((await alicePhone.login(alice.username, alice.password)).statusCode).toBe(200);
      expect((await bobClient.login(bob.username, bob.password)).statusCode).toBe(200);
      const ended = aliceLaptop.sessionId!;

      // What a link or an image on another site sends: the cookie, no CSRF header.
      const linked = await t.app.inject({ method: 'GET', url: '/auth/logout', cookies: { [SESSION_COOKIE]: ended } });
      expect(linked.statusCode).toBe(404);
      expect((await aliceLaptop.whoami(ended)).statusCode).toBe(200);
      expectError(await aliceLaptop.post('/auth/logout', undefined, { csrf: false }), 403);
      expect((await aliceLaptop.whoami(ended)).statusCode).toBe(200);

      const logout = await aliceLaptop.post('/auth/logout');
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toEqual({ data: { ok: true } });
      const cleared = logout.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
      expect(cleared?.value).toBe('');

      expectError(await aliceLaptop.whoami(ended), 401);
      expect((await alicePhone.whoami()).json().data.username).toBe(alice.username);
      expect((await bobClient.whoami()).json().data.username).toBe(bob.username);
      expect(await sessionCount(alice.id)).toBe(1);
      expect(await sessionCount(bob.id)).toBe(1);
    });

    it('answers 200 with no session, or with a session that does not exist', async () => {
      const none = await new TestClient(t.app).post('/auth/logout');
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual({ data: { ok: true } });
      const client = new TestClient(t.app);
      const unknown = await client.post('/auth/logout', undefined, {
        cookies: { [SESSION_COOKIE]: 'no-such-session-id-0123456789' },
      });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ data: { ok: true } });
    });
  });
});

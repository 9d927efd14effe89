import { createHash } from 'node:crypto';
import { SessionInfoResponse, UserResponse } from '@pass/contracts';
import { mailOutbox, sessions, users } from '@pass/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectError,
  isExistingAccountMail,
  isVerificationMail,
  seedUser,
  signUpAndVerify,
  TestClient,
  testPassword,
  unique,
} from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { resetToken, startSmtpCapture, verificationToken, type SmtpCapture } from '../../test/smtp-capture.js';
import { createMemoryRateLimiter } from '../../lib/rate-limiter.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { register } from './auth.service.js';
import { hashSecret } from './crypto.js';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, SESSION_IDLE_MS } from './sessions.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('sign-up, verification and login', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.app.close();
    await smtp?.close();
  });

  const sessionRows = (userId: number) => t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
  const sessionRow = async (sessionId: string) =>
    (
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, hashSecret(sessionId)))
    )[0];
  const sessionCookieOf = (response: { cookies: { name: string; value: string }[] }) =>
    response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);

  it('signs up, mails a verification link over SMTP, verifies, logs in, answers whoami, logs out and refuses the old cookie', async () => {
    const client = new TestClient(t.app);
    const username = unique('Flow');
    const email = `${username}@Example.com`;
    const password = testPassword();

    const register = await client.post('/auth/register', { username, email, password, name: 'Flow Tester' });
    expect(register.statusCode).toBe(201);
    expect(register.json()).toEqual({ data: { status: 'verification_sent' } });

    const mail = await smtp.waitForMail(email.toLowerCase(), isVerificationMail);
    expect(mail.to).toEqual([email.toLowerCase()]);
    expect(mail.text).toContain(`Hi ${username},`);
    expect(mail.text).toContain('— PA$$');
    const token = verificationToken(mail);
    expect(mail.text).toContain(`${t.config.publicUrl}/account/verify/${token}`);
    expect(mail.html).toContain(`/account/verify/${token}`);

    // Not before the address is confirmed: 403, and no session.
    const early = await client.login(username, password);
    expectError(early, 403);
    expect(sessionCookieOf(early)).toBeUndefined();
    expect(client.sessionId).toBeUndefined();

    const verify = await client.post(`/auth/verify/${token}`);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ data: { verified: true } });
    // The link works once.
    expectError(await client.post(`/auth/verify/${token}`), 400, 'params.token');

    const login = await client.login(username, password);
    expect(login.statusCode).toBe(200);
    const user = UserResponse.parse(login.json()).data;
    expect(user).toMatchObject({
      username,
      email: email.toLowerCase(),
      name: 'Flow Tester',
      emailVerified: true,
      setupComplete: true,
      isAdmin: false,
    });
    const cookie = sessionCookieOf(login)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value.length).toBeGreaterThanOrEqual(40);
    // Only the hash of the id is stored.
    expect(await sessionRow(cookie.value)).toMatchObject({ userId: user.id });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.idHash, cookie.value))).toEqual([]);

    const whoami = await client.whoami();
    expect(whoami.statusCode).toBe(200);
    expect(whoami.headers['cache-control']).toBe('no-store');
    expect(UserResponse.parse(whoami.json()).data).toEqual(user);

    const logout = await client.post('/auth/logout');
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ data: { ok: true } });
    expect(client.sessionId).toBeUndefined();

    expectError(await client.whoami(cookie.value), 401);
    expect(await sessionRows(user.id)).toEqual([]);
  });

  it('logs in with the email address instead of the username, in any case', async () => {
    const account = await seedUser(t.database.db);
    const client = new TestClient(t.app);
    const login = await client.login(account.email.toUpperCase(), account.password);
    expect(login.statusCode).toBe(200);
    expect(login.json().data.username).toBe(account.username);
    expect((await client.whoami()).json().data.id).toBe(account.id);
  });

  it('refuses a wrong password and a login to an unverified account without a session', async () => {
    const account = await seedUser(t.database.db);
    const unverified = await seedUser(t.database.db, { verified: false });
    const client = new TestClient(t.app);
    const wrong = await client.login(account.username, `${account.password}x`);
    expectError(wrong, 401);
    expect(sessionCookieOf(wrong)).toBeUndefined();
    const early = await client.login(unverified.username, unverified.password);
    expectError(early, 403);
    expect(sessionCookieOf(early)).toBeUndefined();
    expect([...(await sessionRows(account.id)), ...(await sessionRows(unverified.id))]).toEqual([]);
  });

  it("accepts X-AUTH-IDENT equal to md5('user:' + username) and refuses a wrong one with 400 and no session", async () => {
    const account = await seedUser(t.database.db, { username: unique('Ident') });
    const ident = createHash('md5').update(`user:${account.username}`).digest('hex');
    const client = new TestClient(t.app);

    const good = await client.login(account.username, account.password, { 'x-auth-ident': ident });
    expect(good.statusCode).toBe(200);
    expect(sessionCookieOf(good)).toBeDefined();

    const other = new TestClient(t.app);
    const wrongIdent = createHash('md5').update(`user:${account.username}-other`).digest('hex');
    const bad = await other.login(account.username, account.password, { 'x-auth-ident': wrongIdent });
    expectError(bad, 400, 'headers.x-auth-ident');
    expect(sessionCookieOf(bad)).toBeUndefined();
    expect(other.sessionId).toBeUndefined();
    expect(await sessionRows(account.id)).toHaveLength(1);
  });

  it('stores X-AUTH-TOKEN as the session device id', async () => {
    const account = await seedUser(t.database.db);
    const client = new TestClient(t.app);
    const deviceId = '6f1c7a52-3d2b-4c1e-9a57-0b8e2f4d9c11';
    const login = await client.login(account.username, account.password, { 'x-auth-token': deviceId });
    expect(login.statusCode).toBe(200);
    expect(await sessionRow(client.sessionId!)).toMatchObject({ userId: account.id, deviceId });

    const withoutToken = new TestClient(t.app);
    expect((await withoutToken.login(account.username, account.password)).statusCode).toBe(200);
    expect(await sessionRow(withoutToken.sessionId!)).toMatchObject({ userId: account.id, deviceId: null });
  });

  it('gives a new session id at every login and ends the session the client had', async () => {
    const account = await seedUser(t.database.db);
    const client = new TestClient(t.app);
    expect((await client.login(account.username, account.password)).statusCode).toBe(200);
    const first = client.sessionId!;

    const again = await client.login(account.username, account.password);
    expect(again.statusCode).toBe(200);
    const second = sessionCookieOf(again)!.value;
    expect(second).not.toBe(first);
    expect(client.sessionId).toBe(second);

    expect(await sessionRow(first)).toBeUndefined();
    expect(await sessionRows(account.id)).toHaveLength(1);
    expectError(await client.whoami(first), 401);
    expect((await client.whoami(second)).statusCode).toBe(200);

    // A session id planted in the browser before login (someone else's, or made up) does not survive it.
    const victim = await seedUser(t.database.db);
    const attacker = new TestClient(t.app);
    expect((await attacker.login(account.username, account.password)).statusCode).toBe(200);
    const planted = attacker.sessionId!;
    const browser = new TestClient(t.app);
    browser.cookies.set(SESSION_COOKIE, planted);
    expect((await browser.login(victim.username, victim.password)).statusCode).toBe(200);
    expect(browser.sessionId).not.toBe(planted);
    expectError(await browser.whoami(planted), 401);
    expect((await browser.whoami()).json().data.username).toBe(victim.username);
  });

  it('/auth/info describes the session of a signed-in caller and says no for an anonymous one', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/auth/info' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    expect(anonymous.json()).toEqual({ data: { authenticated: false, user: null, session: null } });

    const unknownCookie = await t.app.inject({
      method: 'GET',
      url: '/auth/info',
      cookies: { [SESSION_COOKIE]: 'not-a-session-id-at-all' },
    });
    expect(unknownCookie.json()).toEqual({ data: { authenticated: false, user: null, session: null } });

    const account = await seedUser(t.database.db);
    const client = new TestClient(t.app);
    const before = Date.now();
    expect((await client.login(account.username, account.password)).statusCode).toBe(200);
    const info = await client.get('/auth/info');
    expect(info.statusCode).toBe(200);
    const { data } = SessionInfoResponse.parse(info.json());
    expect(data.authenticated).toBe(true);
    expect(data.user).toMatchObject({ id: account.id, username: account.username, emailVerified: true });
    const session = data.session!;
    const createdAt = Date.parse(session.createdAt);
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Date.parse(session.expiresAt) - createdAt).toBe(SESSION_ABSOLUTE_MS);
    expect(Date.parse(session.idleExpiresAt) - Date.parse(session.lastSeenAt)).toBe(SESSION_IDLE_MS);
  });

  it('/billing/user gives the member their uuid billing id, and 401 without a session', async () => {
    const account = await seedUser(t.database.db);
    const client = new TestClient(t.app);
    expectError(await client.get('/billing/user'), 401);
    expect((await client.login(account.username, account.password)).statusCode).toBe(200);
    const billing = await client.get('/billing/user');
    expect(billing.statusCode).toBe(200);
    const billingId = billing.json().data.billing_id as string;
    expect(billingId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const [row] = await t.database.db
      .select({ billingId: users.billingId })
      .from(users)
      .where(eq(users.id, account.id));
    expect(billingId).toBe(row!.billingId);
    expect((await client.get('/billing/user')).json().data.billing_id).toBe(billingId);
  });

  it('ends a session left unused for more than 7 days, and keeps one used 6 days ago', async () => {
    const account = await seedUser(t.database.db);
    const recent = new TestClient(t.app);
    const idle = new TestClient(t.app);
    expect((await recent.login(account.username, account.password)).statusCode).toBe(200);
    expect((await idle.login(account.username, account.password)).statusCode).toBe(200);

    const now = Date.now();
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now - 6 * DAY_MS) })
      .where(eq(sessions.idHash, hashSecret(recent.sessionId!)));
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now - 8 * DAY_MS) })
      .where(eq(sessions.idHash, hashSecret(idle.sessionId!)));

    expectError(await idle.whoami(), 401);
    expect((await idle.get('/auth/info')).json().data.authenticated).toBe(false);
    expect((await recent.whoami()).statusCode).toBe(200);
    // Using the session moves its idle end forward.
    expect((await sessionRow(recent.sessionId!))!.lastSeenAt.getTime()).toBeGreaterThan(now - 60_000);
  });

  it('ends a session past its absolute end however recently it was used', async () => {
    const account = await seedUser(t.database.db);
    const client = new TestClient(t.app);
    expect((await client.login(account.username, account.password)).statusCode).toBe(200);
    expect((await client.whoami()).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(sessions.idHash, hashSecret(client.sessionId!)));
    expectError(await client.whoami(), 401);
    expectError(await client.get('/billing/user'), 401);
  });

  describe('sign-up validation', () => {
    const userCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

    it('refuses a common password, naming body.password, and creates nothing', async () => {
      const client = new TestClient(t.app);
      const before = await userCount();
      for (const password of ['password123', 'Password123', 'qwerty123']) {
        const username = unique('common');
        const response = await client.post('/auth/register', { username, email: `${username}@example.com`, password });
        const body = expectError(response, 400, 'body.password');
        expect(body.error.message).toMatch(/common/);
      }
      expect(await userCount()).toBe(before);
    });

    it('refuses a short password', async () => {
      const client = new TestClient(t.app);
      const username = unique('short');
      const body = expectError(
        await client.post('/auth/register', { username, email: `${username}@example.com`, password: 'a1b2c3' }),
        400,
        'body.password',
      );
      expect(body.error.fields!.find((field) => field.field === 'body.password')!.message).toMatch(/at least 8/);
      expect(
        await t.database.db
          .select()
          .from(users)
          .where(sql`lower(${users.username}) = ${username.toLowerCase()}`),
      ).toEqual([]);
    });

    it('refuses an email outside .com, .org and .net, and a malformed one', async () => {
      const client = new TestClient(t.app);
      for (const email of ['someone@example.io', 'not-an-email', '']) {
        const username = unique('mail');
        expectError(
          await client.post('/auth/register', { username, email, password: testPassword() }),
          400,
          'body.email',
        );
      }
    });

    it('refuses a bad username', async () => {
      const client = new TestClient(t.app);
      for (const username of ['ab', '-dash-first', 'has space', 'x'.repeat(31)]) {
        expectError(
          await client.post('/auth/register', {
            username,
            email: `${unique('u')}@example.com`,
            password: testPassword(),
          }),
          400,
          'body.username',
        );
      }
    });

    it('says a taken username is taken, whatever its case', async () => {
      const account = await seedUser(t.database.db, { username: unique('Taken') });
      const client = new TestClient(t.app);
      for (const username of [account.username, account.username.toLowerCase(), account.username.toUpperCase()]) {
        const response = await client.post('/auth/register', {
          username,
          email: `${unique('other')}@example.com`,
          password: testPassword(),
        });
        const body = expectError(response, 400, 'body.username');
        expect(body.error.fields).toEqual([{ field: 'body.username', message: 'is taken' }]);
      }
      const rows = await t.database.db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ${account.username.toLowerCase()}`);
      expect(rows).toHaveLength(1);
    });

    it('answers a taken email exactly as a fresh sign-up, creates no user, and mails the owner', async () => {
      const owner = await signUpAndVerify(new TestClient(t.app), smtp, t.database.db);
      const client = new TestClient(t.app);
      const freshName = unique('fresh');
      const fresh = await client.post('/auth/register', {
        username: freshName,
        email: `${freshName}@example.com`,
        password: testPassword(),
      });

      const intruderName = unique('intruder');
      const taken = await client.post('/auth/register', {
        username: intruderName,
        email: owner.email.toUpperCase(),
        password: testPassword(),
      });
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(taken.statusCode).toBe(201);
      expect(taken.json()).toEqual(fresh.json());
      expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);

      expect(
        await t.database.db
          .select()
          .from(users)
          .where(sql`lower(${users.username}) = ${intruderName.toLowerCase()}`),
      ).toEqual([]);
      const owners = await t.database.db.select().from(users).where(eq(users.email, owner.email));
      expect(owners.map((row) => row.id)).toEqual([owner.id]);

      const note = await smtp.waitForMail(owner.email, isExistingAccountMail);
      expect(note.subject).toBe('Someone tried to sign up to PA$$ with your address');
      expect(note.text).toContain(`${t.config.publicUrl}/login`);
      // The note verifies nothing and signs no one in; its reset link works for the mailbox's owner alone.
      expect(note.text).not.toMatch(/verify/);
      const token = resetToken(note);
      expect(note.text).toContain(`${t.config.publicUrl}/u/passwd?token=${token}`);
      expect((await client.get(`/auth/passwd/reset/${token}`)).json()).toBe(true);
      // And the owner's password still works.
      expect((await new TestClient(t.app).login(owner.username, owner.password)).statusCode).toBe(200);
    });

    it('does the same steps for a taken email as for a new one, and one mail each', async () => {
      const owner = await seedUser(t.database.db);
      const audit = { requestId: 'steps', ip: '127.0.0.1', log: t.app.log };
      const run = async (email: string) => {
        const steps: string[] = [];
        const sent: MailMessage[] = [];
        const mailer: Mailer = {
          send: async (_db, message) => {
            sent.push(message);
            return sent.length;
          },
          store: async (_db, message) => {
            sent.push(message);
            return { id: sent.length, message };
          },
          deliver: () => {},
          idle: async () => {},
          close: async () => {},
        };
        const limiter = createMemoryRateLimiter();
        const deps = {
          db: t.database.db,
          config: t.config,
          mailer,
          limiter,
          now: () => new Date(),
          steps: (name: string) => steps.push(name),
        };
        await register(deps, audit, { username: unique('steps'), email, password: testPassword() });
        await limiter.close();
        return { steps, sent };
      };
      const fresh = await run(`${unique('fresh')}@example.com`);
      const taken = await run(owner.email);
      expect(fresh.steps).toEqual([
        'username checked',
        'email looked up',
        'password hashed',
        'mail limit counted',
        'transaction',
        'account written',
        'token stored',
        'audited',
        'mail queued',
        'audited',
      ]);
      expect(taken.steps).toEqual(fresh.steps);
      expect(fresh.sent.map((mail) => mail.subject)).toEqual(['Confirm your PA$$ email address']);
      expect(taken.sent.map((mail) => [mail.to, mail.subject])).toEqual([
        [owner.email, 'Someone tried to sign up to PA$$ with your address'],
      ]);
    });

    it('answers sign-ups racing for one new address alike: one account, the others as for a taken address', async () => {
      const email = `${unique('race')}@example.com`;
      const responses = await Promise.all(
        Array.from({ length: 4 }, () =>
          new TestClient(t.app).post('/auth/register', { username: unique('racer'), email, password: testPassword() }),
        ),
      );
      for (const response of responses) {
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json()).toEqual({ data: { status: 'verification_sent' } });
      }
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    });

    it('stores the email trimmed and lower-cased', async () => {
      const client = new TestClient(t.app);
      const username = unique('Case');
      const response = await client.post('/auth/register', {
        username,
        email: `  ${username.toUpperCase()}@EXAMPLE.COM `,
        password: testPassword(),
      });
      expect(response.statusCode).toBe(201);
      const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
      expect(row!.email).toBe(`${username.toLowerCase()}@example.com`);
      const [outbox] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, row!.email));
      expect(outbox!.subject).toBe('Confirm your PA$$ email address');
    });
  });
});

import { auditEvents, authTokens, mailOutbox, sessions } from '@pass/db';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectError,
  isResetMail,
  seedUser,
  signUpAndVerify,
  TestClient,
  testPassword,
  unique,
  type TestAccount,
} from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { resetToken, startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.js';

describe('password reset', () => {
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

  const requestReset = (client: TestClient, email: string, username?: string) =>
    client.post('/auth/passwd/reset', username === undefined ? { email } : { email, username });
  const tokenUsable = async (client: TestClient, token: string) => {
    const response = await client.get(`/auth/passwd/reset/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    return response.json() as boolean;
  };
  const resetWith = (client: TestClient, token: string, password: string, verify = password) =>
    client.post(`/auth/passwd/reset/${token}`, { token, password, verify });
  const outboxTo = (address: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
  const resetMailsInOutbox = async (address: string) =>
    (await outboxTo(address)).filter((row) => row.subject === 'Reset your PA$$ password');
  /** Asks for a reset and returns the token from the mail the local SMTP server received (the nth reset mail). */
  async function mailedResetToken(client: TestClient, account: TestAccount, nth = 1): Promise<string> {
    const response = await requestReset(client, account.email);
    expect(response.statusCode).toBe(202);
    await smtp.waitForMail(account.email, () => smtp.mailsTo(account.email).filter(isResetMail).length >= nth);
    return resetToken(smtp.mailsTo(account.email).filter(isResetMail)[nth - 1]!);
  }
  const expectNoReferrer = (response: LightMyRequestResponse) =>
    expect(response.headers['referrer-policy']).toBe('no-referrer');

  it('mails a link that sets a new password once, ends every earlier session, and retires the old password', async () => {
    const account = await signUpAndVerify(new TestClient(t.app), smtp, t.database.db);
    const laptop = new TestClient(t.app);
    const phone = new TestClient(t.app);
    expect((await laptop.login(account.username, account.password)).statusCode).toBe(200);
    expect((await phone.login(account.email, account.password)).statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(2);

    const visitor = new TestClient(t.app);
    const request = await requestReset(visitor, account.email, account.username);
    expect(request.statusCode).toBe(202);
    expect(request.json()).toEqual({ data: { status: 'accepted' } });
    const mail = await smtp.waitForMail(account.email, isResetMail);
    const token = resetToken(mail);
    expect(mail.text).toContain(`${t.config.publicUrl}/u/passwd?token=${token}`);
    expect(mail.text).toContain(`Hi ${account.username},`);

    expect(await tokenUsable(visitor, token)).toBe(true);

    const newPassword = testPassword();
    const reset = await resetWith(visitor, token, newPassword);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ data: { ok: true } });
    expectNoReferrer(reset);
    // The reset itself signs nobody in.
    expect(visitor.sessionId).toBeUndefined();

    expectError(await laptop.whoami(), 401);
    expectError(await phone.whoami(), 401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);

    expectError(await new TestClient(t.app).login(account.username, account.password), 401);
    const fresh = new TestClient(t.app);
    expect((await fresh.login(account.username, newPassword)).statusCode).toBe(200);
    expect((await fresh.whoami()).json().data.id).toBe(account.id);

    // The link works once: a second use is refused, changes nothing, and the check says false.
    const reuse = await resetWith(visitor, token, testPassword());
    expectError(reuse, 400, 'params.token');
    expectNoReferrer(reuse);
    expect(await tokenUsable(visitor, token)).toBe(false);
    expect((await fresh.whoami()).statusCode).toBe(200);
    expect((await new TestClient(t.app).login(account.username, newPassword)).statusCode).toBe(200);

    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, account.id), eq(auditEvents.event, 'password_reset')));
    expect(audit!.detail).toEqual({ sessionsEnded: 2 });
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const account = await seedUser(t.database.db);
    const client = new TestClient(t.app);
    const token = await mailedResetToken(client, account);
    expect(await tokenUsable(client, token)).toBe(true);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(authTokens.userId, account.id), eq(authTokens.purpose, 'password_reset')));

    expect(await tokenUsable(client, token)).toBe(false);
    const response = await resetWith(client, token, testPassword());
    expectError(response, 400, 'params.token');
    expectNoReferrer(response);
    expect((await client.login(account.username, account.password)).statusCode).toBe(200);
  });

  it('voids an earlier link when a newer one is mailed', async () => {
    const account = await seedUser(t.database.db);
    const client = new TestClient(t.app);
    const older = await mailedResetToken(client, account, 1);
    const newer = await mailedResetToken(client, account, 2);
    expect(newer).not.toBe(older);

    expect(await tokenUsable(client, older)).toBe(false);
    expect(await tokenUsable(client, newer)).toBe(true);
    expectError(await resetWith(client, older, testPassword()), 400, 'params.token');
    const newPassword = testPassword();
    expect((await resetWith(client, newer, newPassword)).statusCode).toBe(200);
    expect((await client.login(account.username, newPassword)).statusCode).toBe(200);
  });

  it('refuses a second password that does not match, a common password and a body token unlike the link, and keeps the link usable', async () => {
    const account = await seedUser(t.database.db);
    const client = new TestClient(t.app);
    const token = await mailedResetToken(client, account);

    const mismatch = await resetWith(client, token, testPassword(), testPassword());
    expectError(mismatch, 400, 'body.verify');
    expectNoReferrer(mismatch);
    expectError(await resetWith(client, token, 'password123'), 400, 'body.password');
    expectError(await resetWith(client, token, 'short'), 400, 'body.password');
    const otherToken = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const password = testPassword();
    expectError(
      await client.post(`/auth/passwd/reset/${token}`, { token: otherToken, password, verify: password }),
      400,
      'body.token',
    );

    expect(await tokenUsable(client, token)).toBe(true);
    expect((await client.login(account.username, account.password)).statusCode).toBe(200);
  });

  it('refuses malformed and unknown tokens', async () => {
    const client = new TestClient(t.app);
    expectError(await client.get('/auth/passwd/reset/short'), 400, 'params.token');
    expectError(await client.get('/auth/passwd/reset/has.dots.in.it.0123456789'), 400, 'params.token');
    const unknown = 'A'.repeat(43);
    expect(await tokenUsable(client, unknown)).toBe(false);
    expectError(await resetWith(client, unknown, testPassword()), 400, 'params.token');
  });

  it('answers a reset request for an unknown address exactly as for a known one, and mails nobody', async () => {
    const account = await seedUser(t.database.db);
    const client = new TestClient(t.app);
    const unknownEmail = `${unique('nobody')}@example.com`;

    const known = await requestReset(client, account.email);
    const unknown = await requestReset(client, unknownEmail);
    const wrongUsername = await requestReset(client, account.email, `${account.username}-not`);
    for (const response of [unknown, wrongUsername]) {
      expect(response.statusCode).toBe(known.statusCode);
      expect(response.body).toBe(known.body);
      expect(response.headers['content-type']).toBe(known.headers['content-type']);
    }
    expect(known.statusCode).toBe(202);

    expect(await outboxTo(unknownEmail)).toEqual([]);
    // The known address got one mail (the request with the wrong username sent none).
    await smtp.waitForMail(account.email, isResetMail);
    expect(await resetMailsInOutbox(account.email)).toHaveLength(1);
    expect(smtp.mailsTo(unknownEmail)).toEqual([]);
  });

  it('sends at most three mails an hour to one address, still answering 202', async () => {
    const account = await seedUser(t.database.db);
    const client = new TestClient(t.app);
    const responses: LightMyRequestResponse[] = [];
    for (let attempt = 0; attempt < 4; attempt++) responses.push(await requestReset(client, account.email));
    for (const response of responses) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ data: { status: 'accepted' } });
    }
    expect(await resetMailsInOutbox(account.email)).toHaveLength(3);
    await smtp.waitForMail(account.email, () => smtp.mailsTo(account.email).length >= 3);
    const limited = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, account.id), eq(auditEvents.event, 'mail_limited')));
    expect(limited).toHaveLength(1);
    // Each new link voided the one before: only the last stored mail's link works. (Deliveries run
    // in parallel, so the SMTP server may get them in any order.)
    const delivered = smtp.mailsTo(account.email).filter(isResetMail).map(resetToken);
    const stored = (await resetMailsInOutbox(account.email)).sort((a, b) => a.id - b.id);
    const last = /token=([A-Za-z0-9_-]+)/.exec(stored[2]!.textBody)![1]!;
    expect(delivered.sort()).toEqual(stored.map((row) => /token=([A-Za-z0-9_-]+)/.exec(row.textBody)![1]!).sort());
    for (const token of delivered) expect(await tokenUsable(client, token)).toBe(token === last);
    // A mail is delivered only from the outbox, which holds three: the SMTP server saw exactly those.
    expect(smtp.mailsTo(account.email).map((mail) => mail.subject)).toEqual(
      (await outboxTo(account.email)).map((row) => row.subject),
    );
  });

  it('also confirms the address of an account that had not verified it', async () => {
    const account = await seedUser(t.database.db, { verified: false });
    const client = new TestClient(t.app);
    expectError(await client.login(account.username, account.password), 403);
    const token = await mailedResetToken(client, account);
    const newPassword = testPassword();
    expect((await resetWith(client, token, newPassword)).statusCode).toBe(200);
    const login = await client.login(account.username, newPassword);
    expect(login.statusCode).toBe(200);
    expect(login.json().data.emailVerified).toBe(true);
  });
});

import { auditEvents, users } from '@pass/db';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../app.js';
import { expectError, isResetMail, isVerificationMail, TestClient, testPassword, unique } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { resetToken, startSmtpCapture, verificationToken, type SmtpCapture } from '../../test/smtp-capture.js';

describe('redactUrl', () => {
  it.each([
    ['/auth/verify/Zm9vYmFyYmF6cXV4LXRva2Vu_12', '/auth/verify/[redacted]'],
    ['/account/verify/Zm9vYmFyYmF6cXV4LXRva2Vu_12', '/account/verify/[redacted]'],
    ['/auth/email/revert/Zm9vYmFyYmF6cXV4LXRva2Vu_12', '/auth/email/revert/[redacted]'],
    ['/account/email/revert/Zm9vYmFyYmF6cXV4LXRva2Vu_12', '/account/email/revert/[redacted]'],
    ['/auth/passwd/reset/Zm9vYmFyYmF6cXV4LXRva2Vu-12', '/auth/passwd/reset/[redacted]'],
    ['/auth/passwd/reset/Zm9vYmFyYmF6cXV4LXRva2Vu?lang=en', '/auth/passwd/reset/[redacted]?lang=en'],
    ['/u/passwd?token=Zm9vYmFyYmF6cXV4LXRva2Vu', '/u/passwd?token=[redacted]'],
    ['/u/passwd?lang=en&token=Zm9vYmFy&next=%2F#top', '/u/passwd?lang=en&token=[redacted]&next=%2F#top'],
    ['/auth/google/callback?state=s3cr3t&code=c0de', '/auth/google/callback?state=[redacted]&code=[redacted]'],
  ])('hides the secret in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves URLs without secrets as they are', () => {
    for (const url of ['/api/health', '/auth/login', '/auth/passwd/reset', '/api/segments?utm_source=mail', '/']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('audit trail and logs of an account session', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // Logged as in production, at the most detailed level, into memory.
    t = await buildTestApp(
      { SMTP_URL: smtp.url, LOG_LEVEL: 'trace' },
      { logStream: { write: (line) => void logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await t?.app.close();
    await smtp?.close();
  });

  it('records every account event with the user and request ids, and logs no password, token or session id', async () => {
    const client = new TestClient(t.app);
    const username = unique('Audited');
    const email = `${username.toLowerCase()}@example.com`;
    const password = testPassword();
    const wrongPassword = testPassword();
    const newPassword = testPassword();
    const secrets: Record<string, string> = { password, wrongPassword, newPassword, csrfToken: client.csrfToken };
    const as = (requestId: string) => ({ headers: { 'x-request-id': requestId } });

    const register = await client.post(
      '/auth/register',
      { username, email, password, name: 'Audited Member' },
      as('audit-register'),
    );
    expect(register.statusCode).toBe(201);
    expect(register.headers['x-request-id']).toBe('audit-register');
    secrets.verificationToken = verificationToken(await smtp.waitForMail(email, isVerificationMail));
    // The browser opens the mailed link, then the page confirms it.
    await client.get(`/account/verify/${secrets.verificationToken}`);
    expect(
      (await client.post(`/auth/verify/${secrets.verificationToken}`, undefined, as('audit-verify'))).statusCode,
    ).toBe(200);
    expectError(
      await client.post(`/auth/verify/${secrets.verificationToken}`, undefined, as('audit-verify-again')),
      400,
    );

    expectError(await client.login(username, wrongPassword, as('audit-login-failed').headers), 401);
    expect((await client.login(username, password, as('audit-login').headers)).statusCode).toBe(200);
    secrets.firstSession = client.sessionId!;
    expect((await client.whoami()).statusCode).toBe(200);
    expect((await client.post('/auth/logout', undefined, as('audit-logout'))).statusCode).toBe(200);

    expect((await client.post('/auth/passwd/reset', { email }, as('audit-reset-request'))).statusCode).toBe(202);
    secrets.resetToken = resetToken(await smtp.waitForMail(email, isResetMail));
    await client.get(`/u/passwd?token=${secrets.resetToken}`);
    expect((await client.get(`/auth/passwd/reset/${secrets.resetToken}`)).json()).toBe(true);
    const reset = await client.post(
      `/auth/passwd/reset/${secrets.resetToken}`,
      { token: secrets.resetToken, password: newPassword, verify: newPassword },
      as('audit-reset'),
    );
    expect(reset.statusCode).toBe(200);
    expect((await client.login(email, newPassword, as('audit-login-again').headers)).statusCode).toBe(200);
    secrets.secondSession = client.sessionId!;
    expect((await client.get('/auth/info')).json().data.authenticated).toBe(true);
    expect((await client.post('/auth/logout', undefined, as('audit-logout-again'))).statusCode).toBe(200);

    const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.userId, user!.id))
      .orderBy(asc(auditEvents.id));
    expect(rows.map((row) => [row.event, row.requestId])).toEqual([
      ['signup', 'audit-register'],
      ['verification_sent', 'audit-register'],
      ['email_verified', 'audit-verify'],
      ['login_failed', 'audit-login-failed'],
      ['login', 'audit-login'],
      ['logout', 'audit-logout'],
      ['password_reset_requested', 'audit-reset-request'],
      ['password_reset', 'audit-reset'],
      ['login', 'audit-login-again'],
      ['logout', 'audit-logout-again'],
    ]);
    for (const row of rows) {
      expect(row.ip).toBe(client.remoteAddress);
      expect(row.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(rows.find((row) => row.event === 'login_failed')!.detail).toEqual({ login: username });
    expect(rows.find((row) => row.event === 'password_reset')!.detail).toEqual({ sessionsEnded: 0 });

    // A failure for a name nobody has is recorded without a user.
    const ghost = unique('ghost');
    expectError(await client.login(ghost, testPassword(), as('audit-ghost').headers), 401);
    const ghostRows = await t.database.db
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.requestId, ['audit-ghost']));
    expect(ghostRows.map((row) => [row.event, row.userId, row.detail])).toEqual([
      ['login_failed', null, { login: ghost }],
    ]);

    // Every delivery is over before the logs are read.
    await smtp.waitForMail(email, () => smtp.mailsTo(email).length === 2);
    const auditText = JSON.stringify(await t.database.db.select().from(auditEvents));
    const logText = logLines.join('');

    // The logs were written, as JSON lines with the requests and the audit events, and the token links redacted.
    expect(logLines.length).toBeGreaterThan(20);
    for (const line of logLines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(logText).toContain('"reqId":"audit-register"');
    expect(logText).toContain('audit: password_reset');
    expect(logText).toContain('/auth/verify/[redacted]');
    expect(logText).toContain('/account/verify/[redacted]');
    expect(logText).toContain('/auth/passwd/reset/[redacted]');
    expect(logText).toContain('/u/passwd?token=[redacted]');
    expect(logText).toContain(email);
    // One line per request, once answered: the request, its status and its time together.
    const registered = logLines
      .map(
        (line) =>
          JSON.parse(line) as {
            reqId?: string;
            msg?: string;
            req?: { method?: string };
            res?: { statusCode?: number };
            responseTime?: number;
          },
      )
      .filter((entry) => entry.reqId === 'audit-register' && entry.req !== undefined);
    expect(registered).toHaveLength(1);
    expect(registered[0]).toMatchObject({ msg: 'request completed', req: { method: 'POST' } });
    expect(registered[0]!.res?.statusCode).toBeGreaterThanOrEqual(200);
    expect(registered[0]!.responseTime).toBeGreaterThan(0);

    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThanOrEqual(16);
      expect(logText.includes(secret), `the log contains the ${name}`).toBe(false);
      expect(auditText.includes(secret), `the audit table contains the ${name}`).toBe(false);
    }
  });
});

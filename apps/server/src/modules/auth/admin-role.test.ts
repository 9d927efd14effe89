import { UserResponse } from '@pass/contracts';
import { auditEvents, mailOutbox, users } from '@pass/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseAdminArguments,
  runAdminCommand,
  UsageError,
  type AdminCommand,
  type CommandOutput,
} from '../../cli/admin-command.js';
import type { Config } from '../../env.js';
import {
  adminClient,
  expectError,
  seedAdmin,
  seedUser,
  TestClient,
  testPassword,
  unique,
} from '../../test/accounts.js';
import { buildTestApp, testConfig, type TestApp } from '../../test/helpers.js';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.js';
import { createMailer } from '../mail/mailer.js';

/** An admin endpoint to knock on. */
const ADMIN_READ = '/api/admin/outbox';

describe('the admin role is a flag granted by the operator, never a name', () => {
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

  const db = () => t.database.db;

  /** Runs `npm run admin -- <argv>` in-process on the test database; returns its status and what it printed. */
  async function admin(argv: string[], config: Config = t.config) {
    const lines = { out: [] as string[], err: [] as string[] };
    const output: CommandOutput = { out: (line) => lines.out.push(line), err: (line) => lines.err.push(line) };
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: { info() {}, error() {} } });
    try {
      const status = await runAdminCommand(parseAdminArguments(argv), { db: db(), config, mailer }, output);
      return { status, out: lines.out.join('\n'), err: lines.err.join('\n') };
    } finally {
      await mailer.close();
    }
  }

  async function expectNoAdmin(client: TestClient) {
    const whoami = await client.whoami();
    expect(whoami.statusCode).toBe(200);
    expect(UserResponse.parse(whoami.json()).data.isAdmin).toBe(false);
    expect((await client.get(ADMIN_READ)).statusCode).toBe(403);
    expect((await client.get('/api/admin/page-views')).statusCode).toBe(403);
  }

  async function loggedIn(account: { username: string; password: string }) {
    const client = new TestClient(t.app);
    const login = await client.login(account.username, account.password);
    expect(login.statusCode, login.body).toBe(200);
    return client;
  }

  const renameAway = async (client: TestClient) => {
    const response = await client.request({
      method: 'PATCH',
      url: '/auth/profile',
      payload: { username: unique('was') },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('refuses the names that pass for the service, in any case, at sign-up and in the profile', async () => {
    for (const username of ['admin', 'Admin', 'Support', 'no-reply', 'root2']) {
      const client = new TestClient(t.app);
      const register = await client.post('/auth/register', {
        username,
        email: `${unique('signup')}@example.com`,
        password: testPassword(),
      });
      expect(expectError(register, 400, 'body.username').error.fields?.[0]?.message).toBe(
        'is reserved: choose another name',
      );
    }
    const member = await seedUser(db());
    const client = await loggedIn(member);
    const renamed = await client.request({ method: 'PATCH', url: '/auth/profile', payload: { username: 'ADMIN' } });
    expectError(renamed, 400, 'body.username');
    expect(UserResponse.parse((await client.whoami()).json()).data.username).toBe(member.username);
    await expectNoAdmin(client);
  });

  it('takes no username from the setup once the account is set up, not even a free one', async () => {
    const member = await seedUser(db());
    const client = await loggedIn(member);
    const setup = await client.post('/auth/setup', { username: unique('taken'), name: 'Someone Else' });
    expect(expectError(setup, 409, 'body.username').error.fields?.[0]?.reason).toBe('already_set_up');
    expect(UserResponse.parse((await client.whoami()).json()).data.username).toBe(member.username);
  });

  it("keeps the role with the account: whoever takes an admin's old name gets nothing", async () => {
    const boss = await seedAdmin(db());
    const bossClient = await loggedIn(boss);
    const member = await loggedIn(await seedUser(db()));
    const taken = await member.request({ method: 'PATCH', url: '/auth/profile', payload: { username: boss.username } });
    expect(taken.statusCode).toBe(400);

    await renameAway(bossClient);
    expect((await bossClient.get(ADMIN_READ)).statusCode).toBe(200);
    const renamed = await member.request({
      method: 'PATCH',
      url: '/auth/profile',
      payload: { username: boss.username },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectNoAdmin(member);
  });

  it('grants and revokes the role from the command line, at once and audited', async () => {
    const member = await seedUser(db(), { username: unique('Deputy') });
    const client = await loggedIn(member);
    await expectNoAdmin(client);

    const granted = await admin(['grant', member.username.toUpperCase()]);
    expect(granted).toMatchObject({ status: 0, out: `${member.username} is now an admin.` });
    expect((await client.get(ADMIN_READ)).statusCode).toBe(200);
    expect(UserResponse.parse((await client.whoami()).json()).data.isAdmin).toBe(true);
    expect((await admin(['grant', member.username])).out).toBe(`${member.username} already is an admin.`);

    const revoked = await admin(['revoke', member.username]);
    expect(revoked).toMatchObject({ status: 0, out: `${member.username} is no longer an admin.` });
    await expectNoAdmin(client);

    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.userId, member.id))
      .orderBy(auditEvents.id);
    const changes = audit.filter((row) => row.event === 'admin_granted' || row.event === 'admin_revoked');
    expect(changes.map((row) => row.event)).toEqual(['admin_granted', 'admin_revoked']);
    expect(changes[0]).toMatchObject({ requestId: null, ip: null });
    expect(changes[0]!.detail).toMatchObject({ username: member.username, via: 'command line' });
  });

  it('names an unknown username plainly and changes nothing', async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.isAdmin, true));
    for (const command of ['grant', 'revoke']) {
      const result = await admin([command, 'nobody-by-that-name']);
      expect(result).toMatchObject({ status: 1, out: '', err: 'No account has the username "nobody-by-that-name".' });
    }
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.isAdmin, true));
    expect(after).toEqual(before);
  });

  it('creates a verified admin with no password, and a one-time link (also mailed) that sets it', async () => {
    const username = unique('Chief');
    const email = `${username.toLowerCase()}@example.com`;
    const created = await admin(['create', username, email]);
    expect(created.status, created.err).toBe(0);
    const link = /^https?:\/\/\S+\/u\/passwd\?token=([A-Za-z0-9_-]+)$/m.exec(created.out);
    expect(link, created.out).not.toBeNull();
    expect(created.out).toContain(`The link was also mailed to ${email}.`);
    const mail = await smtp.waitForMail(email, (mail) => mail.subject === 'Your PA$$ admin account');
    expect(mail.text).toContain(link![0]);

    // No password works until one is chosen through the link.
    expect((await new TestClient(t.app).login(username, '')).statusCode).toBe(400);
    expect((await new TestClient(t.app).login(username, 'password')).statusCode).toBe(401);
    const token = link![1]!;
    const visitor = new TestClient(t.app);
    expect((await visitor.get(`/auth/passwd/reset/${token}`)).json()).toBe(true);
    const password = testPassword();
    const reset = await visitor.post(`/auth/passwd/reset/${token}`, { token, password, verify: password });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await visitor.post(`/auth/passwd/reset/${token}`, { token, password, verify: password });
    expect(again.statusCode).toBe(400);

    const client = await loggedIn({ username, password });
    expect(UserResponse.parse((await client.whoami()).json()).data).toMatchObject({
      username,
      email,
      isAdmin: true,
      emailVerified: true,
      setupComplete: true,
    });
    expect((await client.get(ADMIN_READ)).statusCode).toBe(200);
    const [row] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'admin_created'), sql`${auditEvents.detail}->>'username' = ${username}`));
    expect(row?.detail).toMatchObject({ via: 'command line', mailed: true });
  });

  it('prints the link only, without SMTP, and refuses a taken name or a bad address', async () => {
    const noSmtp = testConfig();
    const username = unique('quiet');
    const email = `${username}@example.com`;
    const created = await admin(['create', username, email], noSmtp);
    expect(created.status).toBe(0);
    expect(created.out).toMatch(/\/u\/passwd\?token=/);
    expect(created.out).not.toContain('mailed');
    const stored = await db()
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.toAddress}) = ${email}`);
    expect(stored).toEqual([]);

    expect(await admin(['create', username.toUpperCase(), `other-${email}`], noSmtp)).toMatchObject({
      status: 1,
      err: expect.stringContaining('is taken'),
    });
    expect(await admin(['create', unique('other'), email.toUpperCase()], noSmtp)).toMatchObject({
      status: 1,
      err: expect.stringContaining('belongs to another account'),
    });
    expect(await admin(['create', unique('other'), 'not-an-address'], noSmtp)).toMatchObject({
      status: 1,
      err: expect.stringContaining('The email "not-an-address"'),
    });
  });

  it('prints unsent mail in full to the command line only, and audits the reading', async () => {
    const noSmtp = testConfig();
    const unsentMailer = createMailer({ smtpUrl: undefined, from: noSmtp.mailFrom, log: { info() {}, error() {} } });
    const email = `${unique('waiting')}@example.com`;
    const link = `${noSmtp.publicUrl}/u/passwd?token=${unique('live-token-0123456789')}`;
    await unsentMailer.send(db(), { to: email, subject: 'Reset your PA$$ password', text: `Reset: ${link}`, html: '' });

    const printed = await admin(['outbox', '--to', email.toUpperCase()]);
    expect(printed.status).toBe(0);
    expect(printed.out).toContain(`to ${email}`);
    expect(printed.out).toContain('Subject: Reset your PA$$ password');
    expect(printed.out).toContain(`Reset: ${link}`);
    expect((await admin(['outbox', `--to=nobody-${email}`])).out).toBe(`No unsent mail to nobody-${email}.`);

    const [read] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.event, 'admin_outbox_read'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(read?.detail).toMatchObject({ to: `nobody-${email}`, mails: 0, via: 'command line' });
  });
});

describe('every request to an admin endpoint is audited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.app.close();
  });

  const adminRequests = () =>
    t.database.db.select().from(auditEvents).where(eq(auditEvents.event, 'admin_request')).orderBy(auditEvents.id);

  it("records the admin's reads and writes with the route, before they act", async () => {
    const client = await adminClient(t.app, t.database.db);
    const before = (await adminRequests()).length;
    const read = await client.get('/api/admin/outbox?to=someone@example.com', {
      headers: { 'x-request-id': 'audit-read-1' },
    });
    expect(read.statusCode).toBe(200);
    const write = await client.post(
      '/api/admin/events/2147480000/result',
      { status: 'final', home_score: 1, away_score: 0 },
      { headers: { 'x-request-id': 'audit-write-1' } },
    );
    expect(write.statusCode).toBe(404);

    const rows = (await adminRequests()).slice(before);
    expect(rows).toHaveLength(2);
    const whoami = UserResponse.parse((await client.whoami()).json()).data;
    expect(rows[0]).toMatchObject({ userId: whoami.id, requestId: 'audit-read-1' });
    expect(rows[0]!.detail).toEqual({ method: 'GET', route: '/api/admin/outbox', path: '/api/admin/outbox' });
    expect(rows[1]).toMatchObject({ userId: whoami.id, requestId: 'audit-write-1' });
    expect(rows[1]!.detail).toEqual({
      method: 'POST',
      route: '/api/admin/events/:id/result',
      path: '/api/admin/events/2147480000/result',
    });
  });

  it('records nothing for a member or a visitor, who are refused', async () => {
    const before = (await adminRequests()).length;
    const member = await seedUser(t.database.db);
    const client = new TestClient(t.app);
    await client.login(member.username, member.password);
    expect((await client.get('/api/admin/outbox')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/admin/imports')).statusCode).toBe(401);
    expect(await adminRequests()).toHaveLength(before);
  });
});

describe('npm run admin arguments', () => {
  it.each<[string[], AdminCommand]>([
    [['create', 'boss', 'boss@example.com'], { command: 'create', username: 'boss', email: 'boss@example.com' }],
    [['grant', 'boss'], { command: 'grant', username: 'boss' }],
    [['revoke', 'boss'], { command: 'revoke', username: 'boss' }],
    [['outbox'], { command: 'outbox', to: undefined }],
    [['outbox', '--to', 'pat@example.com'], { command: 'outbox', to: 'pat@example.com' }],
    [['outbox', '--to=pat@example.com'], { command: 'outbox', to: 'pat@example.com' }],
    [['grant', '--help'], { command: 'help' }],
  ])('reads %j', (argv, expected) => {
    expect(parseAdminArguments(argv)).toEqual(expected);
  });

  it.each([
    [[]],
    [['promote', 'boss']],
    [['create', 'boss']],
    [['grant']],
    [['grant', 'boss', 'extra']],
    [['revoke', '--force', 'boss']],
    [['outbox', '--to']],
    [['outbox', '--from', 'x@example.com']],
  ])('refuses %j as a usage error', (argv) => {
    expect(() => parseAdminArguments(argv)).toThrow(UsageError);
  });
});

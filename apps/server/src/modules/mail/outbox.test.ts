import { OutboxResponse } from '@pass/contracts';
import { mailOutbox } from '@pass/db';
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, seedUser, TestClient, unique } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { MASK, maskLinkSecrets } from './mask-secrets.js';

describe('GET /api/admin/outbox', () => {
  let testApp: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    testApp = await buildTestApp();
    admin = await adminClient(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  /** The full text of the newest mail to an address, as stored (the command line's view). */
  async function storedText(to: string): Promise<string> {
    const [row] = await testApp.database.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.toAddress}) = ${to.toLowerCase()}`)
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    return row!.text;
  }

  it('shows the admin mail that had no SMTP server to go to, its reset link masked', async () => {
    const visitor = new TestClient(testApp.app);
    const email = `${unique('pat')}@example.com`;
    expect((await visitor.post('/auth/passwd/reset', { email })).statusCode).toBe(202);
    const member = await seedUser(testApp.database.db);
    await visitor.post('/auth/passwd/reset', { email: member.email });
    const token = /\/u\/passwd\?token=([A-Za-z0-9_-]+)/.exec(await storedText(member.email))![1]!;

    const response = await admin.get(`/api/admin/outbox?to=${encodeURIComponent(member.email.toUpperCase())}`);
    expect(response.statusCode).toBe(200);
    const { data } = OutboxResponse.parse(response.json());
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ to: member.email, subject: 'Reset your PA$$ password', sentAt: null });
    expect(data[0]!.text).toContain(`/u/passwd?token=${MASK}`);
    expect(response.body).not.toContain(token);
  });

  it('never answers with a live token: verification links are masked too', async () => {
    const visitor = new TestClient(testApp.app);
    const username = unique('newbie');
    const email = `${username}@example.com`;
    const register = await visitor.post('/auth/register', { username, email, password: 'Otter-Lantern-Quiet-42' });
    expect(register.statusCode, register.body).toBe(201);
    const token = /\/account\/verify\/([A-Za-z0-9_-]+)/.exec(await storedText(email))![1]!;

    const response = await admin.get('/api/admin/outbox?limit=500');
    expect(response.statusCode).toBe(200);
    const { data } = OutboxResponse.parse(response.json());
    expect(data.find((mail) => mail.to === email)?.text).toContain(`/account/verify/${MASK}`);
    expect(response.body).not.toContain(token);
  });

  it('is for the admin only', async () => {
    const member = await seedUser(testApp.database.db);
    const client = new TestClient(testApp.app);
    await client.login(member.username, member.password);
    expect((await client.get('/api/admin/outbox')).statusCode).toBe(403);
    expect((await new TestClient(testApp.app).get('/api/admin/outbox')).statusCode).toBe(401);
  });
});

describe('maskLinkSecrets', () => {
  const token = 'Zq3vN8pK1xW7bR2mT5yH9cL4dF6gJ0sA_e-uIoP2kQw';

  it.each([
    [
      `Reset: https://pass.example.org/u/passwd?token=${token}`,
      `Reset: https://pass.example.org/u/passwd?token=${MASK}`,
    ],
    [
      `Confirm: http://localhost:3000/account/verify/${token}.`,
      `Confirm: http://localhost:3000/account/verify/${MASK}.`,
    ],
    [
      `https://x.example/a/${token}/b?x=1&code=${token}#${token}`,
      `https://x.example/a/${MASK}/b?x=${MASK}&code=${MASK}#${MASK}`,
    ],
    [`(https://x.example/invite?${token})`, `(https://x.example/invite?${MASK})`],
  ])('masks the secret part of %s', (text, masked) => {
    expect(maskLinkSecrets(text)).toBe(masked);
  });

  it('leaves words and links without secrets as they are', () => {
    const text =
      'Hi pat-1234abcd, log in at https://pass.example.org/login, or reset your password at https://pass.example.org/user/password-reset.';
    expect(maskLinkSecrets(text)).toBe(text);
  });
});

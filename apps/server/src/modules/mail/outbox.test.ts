import { OutboxResponse } from '@pass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser, TestClient, unique } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

describe('GET /api/admin/outbox', () => {
  let testApp: TestApp;
  const adminName = unique('admin');

  beforeAll(async () => {
    testApp = await buildTestApp({ ADMIN_USERNAMES: adminName });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('lets the admin read mail that had no SMTP server to go to', async () => {
    const visitor = new TestClient(testApp.app);
    const email = `${unique('pat')}@example.com`;
    expect((await visitor.post('/auth/passwd/reset', { email })).statusCode).toBe(202);
    const member = await seedUser(testApp.database.db);
    await visitor.post('/auth/passwd/reset', { email: member.email });

    const admin = await seedUser(testApp.database.db, { username: adminName });
    const client = new TestClient(testApp.app);
    await client.login(admin.username, admin.password);
    const response = await client.get(`/api/admin/outbox?to=${encodeURIComponent(member.email.toUpperCase())}`);
    expect(response.statusCode).toBe(200);
    const { data } = OutboxResponse.parse(response.json());
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ to: member.email, subject: 'Reset your PA$$ password', sentAt: null });
    expect(data[0]!.text).toContain('/u/passwd?token=');
  });

  it('is for the admin only', async () => {
    const member = await seedUser(testApp.database.db);
    const client = new TestClient(testApp.app);
    await client.login(member.username, member.password);
    expect((await client.get('/api/admin/outbox')).statusCode).toBe(403);
    expect((await new TestClient(testApp.app).get('/api/admin/outbox')).statusCode).toBe(401);
  });
});

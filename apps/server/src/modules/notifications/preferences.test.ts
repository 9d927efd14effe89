import { NotificationPreferencesResponse } from '@pass/contracts';
import { notificationPreferences } from '@pass/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';

/** The member's notification switches: defaults without a row, partial updates, bad input refused. */
describe('GET and PUT /api/user/notifications', () => {
  let testApp: TestApp;
  const clock = new Date('2025-09-01T12:00:00Z');

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  const read = async (client: TestClient) => {
    const response = await client.get('/api/user/notifications');
    expect(response.statusCode, response.body).toBe(200);
    return NotificationPreferencesResponse.parse(response.json()).data;
  };
  const put = (client: TestClient, payload: unknown) =>
    client.request({ method: 'PUT', url: '/api/user/notifications', payload: payload as object });

  it('answers the defaults for a member who never chose: mails on, push off', async () => {
    const { client } = await signedInMember(testApp.app, testApp.database.db);
    expect(await read(client)).toEqual({
      mail_pick_reminder: true,
      mail_pool_results: true,
      push_pick_reminder: false,
      push_pool_results: false,
      push_chat_mention: false,
    });
  });

  it('changes only the switches given, and keeps them', async () => {
    const { account, client } = await signedInMember(testApp.app, testApp.database.db);
    const first = await put(client, { mail_pool_results: false, push_chat_mention: true });
    expect(first.statusCode, first.body).toBe(200);
    const second = await put(client, { push_pick_reminder: true });
    expect(NotificationPreferencesResponse.parse(second.json()).data).toEqual({
      mail_pick_reminder: true,
      mail_pool_results: false,
      push_pick_reminder: true,
      push_pool_results: false,
      push_chat_mention: true,
    });
    expect(await read(client)).toEqual(NotificationPreferencesResponse.parse(second.json()).data);
    const [row] = await testApp.database.db
      .select({ updatedAt: notificationPreferences.updatedAt })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, account.id));
    expect(row!.updatedAt.toISOString()).toBe(clock.toISOString());
  });

  it('refuses bad input with 400, the field named, and changes nothing', async () => {
    const { account, client } = await signedInMember(testApp.app, testApp.database.db);
    for (const payload of [{}, { mail_pick_reminder: 'no' }, { push_chat_mention: null }]) {
      const error = expectError(await put(client, payload), 400).error;
      expect(error.fields?.length).toBeGreaterThan(0);
    }
    expect(expectError(await put(client, { mail_pick_reminder: 1 }), 400).error.fields?.[0]?.field).toBe(
      'body.mail_pick_reminder',
    );
    const rows = await testApp.database.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, account.id));
    expect(rows).toEqual([]);
  });

  it('is for members only', async () => {
    const visitor = new TestClient(testApp.app);
    expectError(await visitor.get('/api/user/notifications'), 401);
    expectError(await put(visitor, { mail_pick_reminder: false }), 401);
  });
});

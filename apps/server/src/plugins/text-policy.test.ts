import { auditEvents, users } from '@pass/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, expectError, seedUser, TestClient, unique } from '../test/accounts.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { makeGame, postEntry, signedInMember, storedEntries } from '../test/ledger.js';

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

describe('the text rule at the boundary', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  const count = async (table: typeof users | typeof auditEvents) => {
    const [row] = await testApp.database.db.select({ n: sql<number>`count(*)` }).from(table);
    return Number(row!.n);
  };

  it.each([
    ['a NUL', `ad${NUL}min`],
    ['a lone surrogate', `ad${LONE_SURROGATE}min`],
  ])('refuses %s in the login username with 400 naming it, and records no audit event', async (_case, username) => {
    const before = await count(auditEvents);
    const response = await new TestClient(testApp.app).login(username, 'whatever-password');
    const body = expectError(response, 400, 'body.username');
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(await count(auditEvents)).toBe(before);
  });

  it('refuses a NUL in the sign-up name and creates no account', async () => {
    const before = await count(users);
    const username = unique('nul');
    const response = await new TestClient(testApp.app).post('/auth/register', {
      username,
      email: `${username}@example.com`,
      password: 'a long enough passphrase 42',
      name: `Pat${NUL}`,
    });
    expectError(response, 400, 'body.name');
    expect(await count(users)).toBe(before);
  });

  it('refuses a lone surrogate in a new profile name and keeps the old one', async () => {
    const { client, account } = await signedInMember(testApp.app, testApp.database.db);
    const response = await client.request({
      method: 'PATCH',
      url: '/auth/profile',
      payload: { name: `Pat ${LONE_SURROGATE}` },
    });
    expectError(response, 400, 'body.name');
    const [row] = await testApp.database.db
      .select({ name: users.name })
      .from(users)
      .where(sql`${users.id} = ${account.id}`);
    expect(row!.name).toBeNull();
  });

  it('refuses a NUL in a bet’s book and stores no entry', async () => {
    const { client, account } = await signedInMember(testApp.app, testApp.database.db);
    const eventId = await makeGame(testApp.database.db);
    const response = await postEntry(client, {
      event_id: eventId,
      bet_mode: 3,
      bet_kind: 3,
      bet_type: 3,
      bet_team: 'BUF',
      line: 4.5,
      price: -110,
      stake: 110,
      book: `bet${NUL}us`,
    });
    expectError(response, 400, 'body.book');
    expect(await storedEntries(testApp.database.db, account.id)).toBe(0);
  });

  it('refuses %00 in the query (the outbox filter) to the admin, and a visitor before looking at it', async () => {
    expectError(await new TestClient(testApp.app).get('/api/admin/outbox?to=pat%00@example.com'), 401);
    const admin = await adminClient(testApp.app, testApp.database.db);
    expectError(await admin.get('/api/admin/outbox?to=pat%00@example.com'), 400, 'querystring.to');
  });

  it('refuses %00 in a path parameter', async () => {
    const response = await new TestClient(testApp.app).get('/api/almanac/americanfootball_nfl/K%00C');
    expectError(response, 400, 'params.team');
  });

  it('refuses a lone surrogate anywhere in a body, in fields no schema names', async () => {
    const response = await new TestClient(testApp.app).post('/auth/login', {
      username: 'someone',
      password: 'something',
      extra: { list: ['fine', { deep: `x${LONE_SURROGATE}` }] },
    });
    const body = expectError(response, 400, 'body.extra.list.1.deep');
    expect(body.error.fields).toEqual([
      { field: 'body.extra.list.1.deep', message: 'must be valid Unicode text (it contains a lone surrogate)' },
    ]);
  });

  it('refuses a NUL in a key, naming the object that holds it', async () => {
    const response = await new TestClient(testApp.app).post('/auth/login', {
      username: 'someone',
      password: 'something',
      extra: { [`a${NUL}b`]: 1 },
    });
    expectError(response, 400, 'body.extra');
  });

  it('refuses %00 in a query key on a route with no query schema', async () => {
    const response = await new TestClient(testApp.app).get('/api/health?a%00b=1');
    expectError(response, 400, 'querystring');
  });

  it('refuses the escape \\u0000 written in the JSON text itself', async () => {
    const response = await new TestClient(testApp.app).request({
      method: 'POST',
      url: '/auth/login',
      payload: '{"username":"a\\u0000b","password":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    expectError(response, 400, 'body.username');
  });

  it('accepts text with characters outside the Basic Multilingual Plane (surrogate pairs)', async () => {
    const account = await seedUser(testApp.database.db);
    const client = new TestClient(testApp.app);
    expect((await client.login(account.username, account.password)).statusCode).toBe(200);
    const response = await client.request({ method: 'PATCH', url: '/auth/profile', payload: { name: 'Pat 🏈' } });
    expect(response.statusCode, response.body).toBe(200);
  });
});

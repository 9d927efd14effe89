import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, expectError, TestClient } from '../test/accounts.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { makeGame, newKey, postEntry, signedInMember, storedEntries } from '../test/ledger.js';

/** One past the largest value of an integer column: the database refuses it, so the API must first. */
const TOO_BIG = 2_147_483_648;

describe('ids in the range of the database', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it.each([TOO_BIG, 99_999_999_999, 0])('refuses event %s in the line-history path with 400', async (id) => {
    const response = await new TestClient(testApp.app).get(`/api/book/line-history/${id}`);
    expectError(response, 400, 'params.eventId');
  });

  it('looks up the largest id there can be, and finds nothing', async () => {
    const response = await new TestClient(testApp.app).get('/api/book/line-history/2147483647');
    expect(response.statusCode).not.toBe(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('refuses an entry id out of range in every entry path, and finds an in-range one missing', async () => {
    const { client } = await signedInMember(testApp.app, testApp.database.db);
    expectError(await client.get(`/api/user/bets/${TOO_BIG}`), 400, 'params.id');
    expectError(
      await client.request({ method: 'PATCH', url: `/api/user/bets/${TOO_BIG}`, payload: { book: 'betus' } }),
      400,
      'params.id',
    );
    expectError(await client.request({ method: 'DELETE', url: `/api/user/bets/${TOO_BIG}` }), 400, 'params.id');
    expectError(await client.get('/api/user/bets/2147483647'), 404);
  });

  it('refuses an event id out of range in a new entry and stores nothing', async () => {
    const { client, account } = await signedInMember(testApp.app, testApp.database.db);
    await makeGame(testApp.database.db);
    const response = await postEntry(client, { event_id: TOO_BIG, bet_mode: 1, bet_kind: 1, bet_type: 1 });
    expectError(response, 400, 'body.event_id');
    expect(await storedEntries(testApp.database.db, account.id)).toBe(0);
  });

  it('refuses an event id out of range in a teller bet and stores nothing', async () => {
    const { client, account } = await signedInMember(testApp.app, testApp.database.db);
    const response = await client.post(
      '/api/teller/bets',
      { event_id: TOO_BIG, bet_team: 'KC', price: -110, stake: 10 },
      { headers: { 'idempotency-key': newKey() } },
    );
    expectError(response, 400, 'body.event_id');
    expect(await storedEntries(testApp.database.db, account.id)).toBe(0);
  });

  // A visitor is refused before the path is looked at (the route's access rule); the admin gets the 400.
  it('refuses ids out of range in the admin’s result and import-run paths', async () => {
    const visitor = new TestClient(testApp.app);
    expectError(await visitor.get(`/api/admin/imports/runs/${TOO_BIG}`), 401);
    const admin = await adminClient(testApp.app, testApp.database.db);
    expectError(
      await admin.post(`/api/admin/events/${TOO_BIG}/result`, { status: 'final', home_score: 1, away_score: 0 }),
      400,
      'params.id',
    );
    expectError(await admin.get(`/api/admin/imports/runs/${TOO_BIG}`), 400, 'params.id');
  });
});

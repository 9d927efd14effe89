import { PageViewsResponse } from '@pass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, seedUser, TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

describe('GET /api/admin/page-views', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // A fixed clock: the views and the admin's "last day" fall on one date at any hour of the run.
    testApp = await buildTestApp({}, { now: () => new Date('2026-11-24T23:59:59.999Z') });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('shows the admin the views per route and query, most viewed first', async () => {
    const visitor = new TestClient(testApp.app);
    for (let i = 0; i < 3; i++) await visitor.get('/api/segments?_route=menu');
    await visitor.get('/api/segments?_route=home&week=3');

    const client = await adminClient(testApp.app, testApp.database.db);
    const response = await client.get('/api/admin/page-views?days=1');
    expect(response.statusCode).toBe(200);
    const { data } = PageViewsResponse.parse(response.json());
    expect(data[0]).toEqual({ route: 'menu', query: '', views: 3 });
    expect(data).toContainEqual({ route: 'home', query: 'week=3', views: 1 });
  });

  it('refuses members who are not the admin, and visitors', async () => {
    const member = await seedUser(testApp.database.db);
    const client = new TestClient(testApp.app);
    await client.login(member.username, member.password);
    expect((await client.get('/api/admin/page-views')).statusCode).toBe(403);
    expect((await new TestClient(testApp.app).get('/api/admin/page-views')).statusCode).toBe(401);
  });

  it("checks the admin's query, and refuses a visitor's before looking at it", async () => {
    const visitorAnswer = await new TestClient(testApp.app).get('/api/admin/page-views?days=0');
    expect(visitorAnswer.statusCode).toBe(401);
    const client = await adminClient(testApp.app, testApp.database.db);
    const response = await client.get('/api/admin/page-views?days=0');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[0].field).toBe('querystring.days');
  });
});

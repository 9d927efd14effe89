import { users } from '@pass/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, seedUser, TestClient, testPassword, unique } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

/** Requests racing for one username or email: the unique index decides, and the losers hear it plainly. */
describe('races for a unique name', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  const accountsNamed = async (username: string) => {
    const [row] = await testApp.database.db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
    return Number(row!.n);
  };

  it('ten simultaneous sign-ups of one username: one account, nine "is taken"', async () => {
    const username = unique('race');
    const password = testPassword();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        new TestClient(testApp.app).post('/auth/register', {
          username,
          email: `${username}-${index}@example.com`,
          password,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses, responses.map((response) => response.body).join('\n')).toEqual([
      201, 400, 400, 400, 400, 400, 400, 400, 400, 400,
    ]);
    for (const response of responses.filter((each) => each.statusCode === 400)) {
      const body = expectError(response, 400, 'body.username');
      expect(body.error.fields).toEqual([{ field: 'body.username', message: 'is taken' }]);
    }
    expect(await accountsNamed(username)).toBe(1);
  });

  it('simultaneous sign-ups of one email: every caller hears the same as for a new address, one account', async () => {
    const email = `${unique('same')}@example.com`;
    const password = testPassword();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        new TestClient(testApp.app).post('/auth/register', { username: unique('mail'), email, password }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const [row] = await testApp.database.db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(eq(users.email, email));
    expect(Number(row!.n)).toBe(1);
  });

  it('members renaming themselves to one free username at once: one gets it, the others hear "is taken"', async () => {
    const wanted = unique('wanted');
    const clients = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const account = await seedUser(testApp.database.db);
        const client = new TestClient(testApp.app);
        expect((await client.login(account.username, account.password)).statusCode).toBe(200);
        return client;
      }),
    );
    const responses = await Promise.all(
      clients.map((client) => client.request({ method: 'PATCH', url: '/auth/profile', payload: { username: wanted } })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses, responses.map((response) => response.body).join('\n')).toEqual([200, 400, 400, 400, 400, 400]);
    for (const response of responses.filter((each) => each.statusCode === 400)) {
      expectError(response, 400, 'body.username');
    }
    expect(await accountsNamed(wanted)).toBe(1);
  });
});

import { UserResponse } from '@pass/contracts';
import { users } from '@pass/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser, TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('college access on the signed-in user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.app.close();
  });

  async function whoamiOf(options: { username?: string; admin?: boolean; signedUpDaysAgo: number }) {
    const account = await seedUser(t.database.db, {
      ...(options.username ? { username: options.username } : {}),
      admin: options.admin ?? false,
    });
    const signedUpAt = new Date(Date.now() - options.signedUpDaysAgo * DAY_MS);
    await t.database.db.update(users).set({ createdAt: signedUpAt }).where(eq(users.id, account.id));
    const client = new TestClient(t.app);
    expect((await client.login(account.username, account.password)).statusCode).toBe(200);
    const response = await client.whoami();
    expect(response.statusCode).toBe(200);
    return { user: UserResponse.parse(response.json()).data, signedUpAt };
  }

  it('opens college football during the first month after sign-up, and says until when', async () => {
    const { user, signedUpAt } = await whoamiOf({ signedUpDaysAgo: 3 });
    expect(user.createdAt).toBe(signedUpAt.toISOString());
    expect(user.collegeAccess.granted).toBe(true);
    expect(user.collegeAccess.reason).toBe('trial');
    const trialDays = (Date.parse(user.collegeAccess.trialEndsAt) - signedUpAt.getTime()) / DAY_MS;
    expect(trialDays).toBeGreaterThanOrEqual(28);
    expect(trialDays).toBeLessThanOrEqual(31);
  });

  it('closes it once the month has passed without a membership', async () => {
    const { user } = await whoamiOf({ signedUpDaysAgo: 40 });
    expect(user.collegeAccess).toMatchObject({ granted: false, reason: 'trial-ended' });
    expect(Date.parse(user.collegeAccess.trialEndsAt)).toBeLessThan(Date.now());
  });

  it('keeps it open for the admin', async () => {
    const { user } = await whoamiOf({ admin: true, signedUpDaysAgo: 400 });
    expect(user.isAdmin).toBe(true);
    expect(user.collegeAccess).toMatchObject({ granted: true, reason: 'admin' });
  });

  it('gives a member named admin nothing of the admin, the college screens included', async () => {
    const { user } = await whoamiOf({ username: 'Admin', signedUpDaysAgo: 400 });
    expect(user.isAdmin).toBe(false);
    expect(user.collegeAccess).toMatchObject({ granted: false, reason: 'trial-ended' });
  });
});

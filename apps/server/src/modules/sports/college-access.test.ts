import { BookHistoryResponse } from '@pass/contracts';
import { billingPlans, billingSubscriptions, events, users } from '@pass/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberCookies } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { ensurePlans } from '../billing/billing.repository.js';

/**
 * College football's season data is the membership's (DESIGN.md section 7; decision 050), on the server and
 * not only in the web's guard: a visitor gets 401, a member whose free month is over 403, a member in the free
 * month or with an active membership the data; the odds stay free, and the NFL's data stays public.
 */

const NCAAF = 'americanfootball_ncaaf';
const clock = new Date('2025-11-24T12:00:00Z');
const SEASON_READS = [
  `/api/book/history/${NCAAF}?season=2025`,
  `/api/book/tips/${NCAAF}?season_year=2025`,
  `/api/standings/${NCAAF}?season=2025`,
  `/api/almanac/${NCAAF}/ALA?season=2025`,
];

describe('college football data and the membership', () => {
  let testApp: TestApp;
  const get = (url: string, cookies: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, cookies });

  /** A member who signed up on the given day. */
  async function memberSince(signedUpAt: Date): Promise<{ cookies: Record<string, string>; userId: number }> {
    const cookies = await memberCookies(testApp.database.db);
    const [user] = await testApp.database.db
      .update(users)
      .set({ createdAt: signedUpAt })
      .where(eq(users.id, await userOf(cookies)))
      .returning({ id: users.id });
    return { cookies, userId: user!.id };
  }

  async function userOf(cookies: Record<string, string>): Promise<number> {
    const response = await get('/auth/whoami', cookies);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id: number } }>().data.id;
  }

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
    await testApp.database.db.insert(events).values({
      sport: NCAAF,
      season: 2025,
      week: 10,
      seasonType: 'regular',
      kickoffAt: new Date('2025-11-01T19:30:00Z'),
      gameDate: '2025-11-01',
      homeTeam: 'ALA',
      awayTeam: 'LSU',
      status: 'final',
      homeScore: 20,
      awayScore: 9,
    });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('asks a visitor to log in for every college season read, and keeps the odds and the NFL public', async () => {
    for (const url of SEASON_READS) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json<{ error: { message: string } }>().error.message).toBe('Log in to see college football');
    }
    expect((await get(`/api/book/events/${NCAAF}?season_year=2025`)).statusCode).toBe(200);
    expect((await get('/api/book/history/americanfootball_nfl?season=2025')).statusCode).toBe(200);
  });

  it('answers a member in the free month, privately', async () => {
    const { cookies } = await memberSince(new Date('2025-11-10T12:00:00Z'));
    const response = await get(`/api/book/history/${NCAAF}?season=2025`, cookies);
    expect(response.statusCode, response.body).toBe(200);
    expect(BookHistoryResponse.parse(response.json()).events.map((event) => event.home_team)).toEqual(['ALA']);
    expect(response.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    // The same cached answer is never sent to a visitor after a member asked for it.
    expect((await get(`/api/book/history/${NCAAF}?season=2025`)).statusCode).toBe(401);
  });

  it('refuses a member whose free month is over, until a membership is active', async () => {
    const { cookies, userId } = await memberSince(new Date('2025-09-01T12:00:00Z'));
    for (const url of SEASON_READS) {
      const response = await get(url, cookies);
      expect(response.statusCode, url).toBe(403);
      expect(response.json<{ error: { message: string } }>().error.message).toContain('/college/subscribe');
    }
    await ensurePlans(testApp.database.db);
    const [plan] = await testApp.database.db.select().from(billingPlans).where(eq(billingPlans.code, 'member'));
    const [subscription] = await testApp.database.db
      .insert(billingSubscriptions)
      .values({
        userId,
        planId: plan!.id,
        billingPlatform: 'paypal',
        subscriptionId: `I-COLLEGE${userId}`,
        status: 'ACTIVE',
        paypalSubscriptionStatus: 'ACTIVE',
      })
      .returning();
    expect((await get(`/api/book/history/${NCAAF}?season=2025`, cookies)).statusCode).toBe(200);
    await testApp.database.db
      .update(billingSubscriptions)
      .set({ status: 'CANCELLED', paypalSubscriptionStatus: 'CANCELLED' })
      .where(eq(billingSubscriptions.id, subscription!.id));
    expect((await get(`/api/book/history/${NCAAF}?season=2025`, cookies)).statusCode).toBe(403);
  });

  it('answers the admin whatever their sign-up day', async () => {
    const { cookies, userId } = await memberSince(new Date('2024-01-01T12:00:00Z'));
    await testApp.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
    const response = await get(`/api/standings/${NCAAF}?season=2025`, cookies);
    expect(response.statusCode, response.body).toBe(200);
  });
});

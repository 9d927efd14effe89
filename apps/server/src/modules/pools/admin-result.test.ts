import { PoolStandingsResponse, PoolWeekResponse } from '@pass/contracts';
import { events } from '@pass/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, expectError, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { newKey, signedInMember } from '../../test/ledger.js';
import { poolSettings, poolWithGuests } from '../../test/pools.js';
import { importDemoSeason } from '../imports/demo-season.js';

/**
 * The admin's result on a demo game (a cancellation) stands over the demo's own result when the demo season
 * is written again, as at every start, and the pool standings keep it; cleared by the admin, the demo's
 * result applies again (docs/decisions/022).
 */

const NFL = 'americanfootball_nfl';
const START = new Date('2025-09-02T12:00:00Z');
let clock = START;

describe("the admin's result over the demo's", () => {
  let testApp: TestApp;
  let admin: TestClient;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
    admin = await adminClient(testApp.app, db());
    await importDemoSeason(db(), { sport: NFL, now: START });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('keeps a cancellation the admin entered through a later demo run, until the admin clears it', async () => {
    const { pool, guests } = await poolWithGuests(
      testApp.app,
      db(),
      poolSettings({ games_per_week: 1, win_basis: 'straight', last_man_standing: false }),
      1,
    );
    const guest = guests[0]!;
    const week = PoolWeekResponse.parse((await guest.client.get(`/api/pools/${pool.id}/weeks/1`)).json()).data;
    const game = week.games[0]!;
    const picked = await guest.client.request({
      method: 'PUT',
      url: `/api/pools/${pool.id}/weeks/1/picks`,
      payload: { picks: [{ event_id: game.event_id, team: game.home_team }] },
      headers: { 'idempotency-key': newKey() },
    });
    expect(picked.statusCode, picked.body).toBe(200);
    const pointsOf = async () => {
      const response = await guest.client.get(`/api/pools/${pool.id}/standings`);
      expect(response.statusCode, response.body).toBe(200);
      const rows = PoolStandingsResponse.parse(response.json()).data.rows;
      return rows.find((row) => row.member_id === guest.memberId)!.points;
    };
    const statusOf = async () =>
      (await db().select({ status: events.status }).from(events).where(eq(events.id, game.event_id)))[0]!.status;

    // A week on, the demo has played the game; the admin calls it off.
    clock = new Date(Date.parse(game.kickoff) + 7 * 24 * 3_600_000);
    await importDemoSeason(db(), { sport: NFL, now: clock });
    expect(await statusOf()).toBe('final');
    const demoPoints = await pointsOf();
    expect(Math.abs(demoPoints)).toBe(5);
    const cancelled = await admin.post(`/api/admin/events/${game.event_id}/result`, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await pointsOf()).toBe(0);

    // The next start writes the demo season again, later still: the admin's result stands, and so do the standings.
    clock = new Date(clock.getTime() + 24 * 3_600_000);
    await importDemoSeason(db(), { sport: NFL, now: clock });
    expect(await statusOf()).toBe('cancelled');
    expect(await pointsOf()).toBe(0);

    // Cleared, the game waits for its next observation, which the demo gives it again.
    const cleared = await admin.request({ method: 'DELETE', url: `/api/admin/events/${game.event_id}/result` });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ data: { event_id: game.event_id, status: 'scheduled' } });
    expect(await statusOf()).toBe('scheduled');
    // Nothing of the admin's is left to clear.
    expectError(await admin.request({ method: 'DELETE', url: `/api/admin/events/${game.event_id}/result` }), 404);
    await importDemoSeason(db(), { sport: NFL, now: clock });
    expect(await statusOf()).toBe('final');
    expect(await pointsOf()).toBe(demoPoints);
  });

  it('answers 404 for an unknown event and refuses a member', async () => {
    expectError(await admin.request({ method: 'DELETE', url: '/api/admin/events/2147480000/result' }), 404);
    const member = await signedInMember(testApp.app, db());
    expectError(await member.client.request({ method: 'DELETE', url: '/api/admin/events/1/result' }), 403);
  });
});

import { BetListResponse, BetResponse, CurrentWeekResponse, HealthResponse } from '@pass/contracts';
import { events } from '@pass/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './test/accounts.js';
import { buildTestApp, type TestApp } from './test/helpers.js';
import { makeGame, newKey, NFL, postEntry, signedInMember } from './test/ledger.js';
import { importDemoSeason } from './modules/imports/demo-season.js';

const HOUR = 3_600_000;

describe('a deployment whose clock PASS_CLOCK sets', () => {
  // Thanksgiving 2026, 10:00 Eastern: the Thursday of week 12, before its first kickoff.
  const START = '2026-11-26T15:00:00Z';
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ PASS_CLOCK: START });
    await importDemoSeason(testApp.database.db, { sport: NFL, now: new Date(START) });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it("tells its time in the health check and answers the current week by it, whatever the day's real date", async () => {
    const health = HealthResponse.parse((await testApp.app.inject({ method: 'GET', url: '/api/health' })).json());
    // Read a moment after start: at the instant set or a little after it.
    expect(Date.parse(health.time)).toBeGreaterThanOrEqual(Date.parse(START));
    expect(Date.parse(health.time)).toBeLessThan(Date.parse(START) + HOUR);

    const response = await testApp.app.inject({ method: 'GET', url: `/api/dates/${NFL}/current-week` });
    expect(response.statusCode, response.body).toBe(200);
    expect(CurrentWeekResponse.parse(response.json())).toMatchObject({ season: 2026, number: 12 });
  });

  it("takes a pick on a game of the clock's week that has not kicked off by it", async () => {
    const [game] = await testApp.database.db
      .select({ id: events.id, kickoffAt: events.kickoffAt })
      .from(events)
      .where(eq(events.week, 12));
    expect(game!.kickoffAt!.getTime()).toBeGreaterThan(Date.parse(START));
    const { client } = await signedInMember(testApp.app, testApp.database.db);
    const created = await postEntry(client, { event_id: game!.id, bet_mode: 1, bet_kind: 2, bet_type: 1, line: 44.5 });
    expect(created.statusCode, created.body).toBe(201);
    expect(BetResponse.parse(created.json()).data.status).toBe(1);
  });
});

describe("a fixed server clock, years from the database's", () => {
  let at = new Date('2020-10-01T16:00:00Z');
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => at });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('locks picks at kickoff by the server clock, and stamps entries with its time', async () => {
    at = new Date('2020-10-01T16:00:00Z');
    const kickoff = new Date('2020-10-04T17:00:00Z');
    const eventId = await makeGame(testApp.database.db, { kickoff, season: 2020, week: 4 });
    const { client } = await signedInMember(testApp.app, testApp.database.db);
    const pick = { event_id: eventId, bet_mode: 1, bet_kind: 3, bet_type: 4, bet_team: 'KC', line: -4.5 };

    // Long past by the real date, still to come by the server's: open.
    const created = await postEntry(client, pick);
    expect(created.statusCode, created.body).toBe(201);
    const entry = BetResponse.parse(created.json()).data;
    expect(entry).toMatchObject({ status: 1, created_at: at.toISOString(), updated_at: at.toISOString() });

    at = new Date('2020-10-02T09:30:00Z');
    const changed = await client.request({ method: 'PATCH', url: `/api/user/bets/${entry.id}`, payload: { line: -5 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(BetResponse.parse(changed.json()).data.updated_at).toBe(at.toISOString());

    at = new Date(kickoff.getTime() + HOUR);
    expectError(await postEntry(client, { ...pick, line: -5 }), 400, 'body.event_id');
    const listed = BetListResponse.parse((await client.get('/api/user/bets')).json()).data;
    expect(listed.map((row) => row.status)).toEqual([3]);
  });

  it("grades a real bet on a finished game at the server clock's time, never before the entry was recorded", async () => {
    const kickoff = new Date('2020-10-11T17:00:00Z');
    const eventId = await makeGame(testApp.database.db, { kickoff, season: 2020, week: 5 });
    await testApp.database.db
      .update(events)
      .set({ status: 'final', homeScore: 31, awayScore: 20 })
      .where(eq(events.id, eventId));
    at = new Date(kickoff.getTime() + 6 * HOUR);
    const { client } = await signedInMember(testApp.app, testApp.database.db);
    const created = await postEntry(
      client,
      {
        event_id: eventId,
        bet_mode: 3,
        bet_kind: 1,
        bet_type: 5,
        bet_team: 'KC',
        price: -200,
        stake: 20,
        is_simulated: false,
      },
      newKey(),
    );
    expect(created.statusCode, created.body).toBe(201);
    const entry = BetResponse.parse(created.json()).data;
    expect(entry).toMatchObject({ outcome: 'win', recorded_after_start: true });
    expect(entry.graded_at).toBe(at.toISOString());
    expect(entry.created_at).toBe(at.toISOString());

    at = new Date(kickoff.getTime() - 2 * HOUR);
    const other = await makeGame(testApp.database.db, { kickoff, season: 2020, week: 5, home: 'DEN', away: 'LV' });
    const open = BetResponse.parse(
      (await postEntry(client, { event_id: other, bet_mode: 1, bet_kind: 2, bet_type: 1, line: 47.5 })).json(),
    ).data;
    const canceled = await client.request({ method: 'DELETE', url: `/api/user/bets/${open.id}` });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(BetResponse.parse(canceled.json()).data.updated_at).toBe(at.toISOString());
  });
});

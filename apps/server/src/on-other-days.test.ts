import { readFileSync } from 'node:fs';
import { BetResponse, CurrentWeekResponse, HealthResponse } from '@pass/contracts';
import { events } from '@pass/db';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDemoSeason } from './modules/imports/demo-season.js';
import { buildTestApp, type TestApp } from './test/helpers.js';
import { postEntry, signedInMember } from './test/ledger.js';

/**
 * The server on the three days `npm run test:days` moves the machine's clock to (scripts/test-days.json), in
 * process: each day is the server clock (PASS_CLOCK) of an app whose demo seasons were made on that day. Server
 * code reads the time only through that clock or, for what the machine dates, `systemClock()` (a lint rule,
 * docs/decisions/056), so what decides by the date here decides the same under faketime.
 */
const DAYS = JSON.parse(readFileSync(new URL('../../../scripts/test-days.json', import.meta.url), 'utf8')) as {
  name: string;
  at: string;
}[];

const SPORTS = ['americanfootball_nfl', 'americanfootball_ncaaf', 'baseball_mlb'] as const;
type Sport = (typeof SPORTS)[number];
const HOUR = 3_600_000;

/**
 * The current week of each sport on each day, by the calendar rules: on the Monday night every game of NFL week 11
 * has kicked off, so week 12 is the one to pick (college's is rivalry week, 13; baseball's 2026 season is over and
 * shows its last week, the World Series'); the day after the Super Bowl, the demo seasons' last weeks (the Super Bowl, the college
 * playoff) and baseball's next season; in mid-July, the next football seasons' first weeks and baseball's week in
 * play.
 */
const CURRENT_WEEKS: Record<string, Record<Sport, { season: number; number: number }>> = {
  '2026-11-24T04:30:00Z': {
    americanfootball_nfl: { season: 2026, number: 12 },
    americanfootball_ncaaf: { season: 2026, number: 13 },
    baseball_mlb: { season: 2026, number: 32 },
  },
  '2027-02-15T15:00:00Z': {
    americanfootball_nfl: { season: 2026, number: 22 },
    americanfootball_ncaaf: { season: 2026, number: 17 },
    baseball_mlb: { season: 2027, number: 1 },
  },
  '2027-07-15T16:00:00Z': {
    americanfootball_nfl: { season: 2027, number: 1 },
    americanfootball_ncaaf: { season: 2027, number: 1 },
    baseball_mlb: { season: 2027, number: 17 },
  },
};

describe.each(DAYS)('the server on $name ($at)', ({ at }) => {
  const instant = new Date(at);
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ PASS_CLOCK: at });
    for (const sport of SPORTS) await importDemoSeason(testApp.database.db, { sport, now: instant });
  }, 120_000);
  afterAll(async () => {
    await testApp.app.close();
  });

  it('tells its time by the server clock', async () => {
    const health = HealthResponse.parse((await testApp.app.inject({ method: 'GET', url: '/api/health' })).json());
    expect(Date.parse(health.time)).toBeGreaterThanOrEqual(instant.getTime());
    expect(Date.parse(health.time)).toBeLessThan(instant.getTime() + HOUR);
  });

  it.each(SPORTS)('answers the current week of %s', async (sport) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/dates/${sport}/current-week` });
    expect(response.statusCode, response.body).toBe(200);
    const week = CurrentWeekResponse.parse(response.json());
    expect({ season: week.season, number: week.number }).toEqual(CURRENT_WEEKS[at]![sport]);
    expect(week.games).toBeGreaterThan(0);
  });

  it('takes a pick on a game still to come by the clock, and refuses one on a game under way', async () => {
    const { db } = testApp.database;
    const { client } = await signedInMember(testApp.app, db);
    const pick = (eventId: number) =>
      postEntry(client, { event_id: eventId, bet_mode: 1, bet_kind: 2, bet_type: 1, line: 44.5 });
    let taken = 0;
    let refused = 0;
    for (const sport of SPORTS) {
      const [next] = await db
        .select({ id: events.id, kickoffAt: events.kickoffAt })
        .from(events)
        .where(and(eq(events.sport, sport), gt(events.kickoffAt, instant)))
        .orderBy(asc(events.kickoffAt))
        .limit(1);
      const [last] = await db
        .select({ id: events.id, kickoffAt: events.kickoffAt, status: events.status })
        .from(events)
        .where(and(eq(events.sport, sport), lte(events.kickoffAt, instant)))
        .orderBy(desc(events.kickoffAt))
        .limit(1);
      if (next) {
        const created = await pick(next.id);
        expect(created.statusCode, created.body).toBe(201);
        expect(BetResponse.parse(created.json()).data.status).toBe(1);
        taken += 1;
      }
      if (last) {
        expect(last.status).not.toBe('scheduled');
        const response = await pick(last.id);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ error: { fields: [{ field: 'body.event_id' }] } });
        refused += 1;
      }
    }
    // Each day has a game still to come and one already started in at least one sport.
    expect(taken).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});

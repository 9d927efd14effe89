import { BetResponse, BookEventsResponse, CurrentWeekResponse } from '@pass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { postEntry, signedInMember } from '../../test/ledger.js';
import { importDemoSeason } from './demo-season.js';

/**
 * Thanksgiving week on the server clock (Friday 27 November 2026, 10:00 Eastern): the demo's college season
 * runs through rivalry week, so there are college games to pick, and the NFL's runs on to the Super Bowl.
 */
const AT = '2026-11-27T15:00:00Z';
const NCAAF = 'americanfootball_ncaaf';

describe('the demo season on Thanksgiving week', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ PASS_CLOCK: AT });
    await importDemoSeason(testApp.database.db, { sport: NCAAF, now: new Date(AT) });
  }, 120_000);
  afterAll(async () => {
    await testApp.app.close();
  });

  it('answers rivalry week as the current college week, with games still to come that take a pick', async () => {
    const current = await testApp.app.inject({ method: 'GET', url: `/api/dates/${NCAAF}/current-week` });
    expect(current.statusCode, current.body).toBe(200);
    const week = CurrentWeekResponse.parse(current.json());
    expect({ season: week.season, number: week.number }).toEqual({ season: 2026, number: 13 });

    const listed = await testApp.app.inject({ method: 'GET', url: `/api/book/events/${NCAAF}/13?season_year=2026` });
    expect(listed.statusCode, listed.body).toBe(200);
    const { events } = BookEventsResponse.parse(listed.json());
    // Thanksgiving night is over; Friday's and Saturday's games are to come.
    expect(new Set(events.map((event) => event.game_date))).toEqual(
      new Set(['2026-11-26', '2026-11-27', '2026-11-28']),
    );
    const toCome = events.filter((event) => Date.parse(event.kickoff!) > Date.parse(AT));
    expect(toCome.length).toBeGreaterThan(25);
    expect(events.filter((event) => event.game_date === '2026-11-26').every((event) => event.status === 'final')).toBe(
      true,
    );

    const { client } = await signedInMember(testApp.app, testApp.database.db);
    const created = await postEntry(client, {
      event_id: toCome[0]!.event_id,
      bet_mode: 1,
      bet_kind: 2,
      bet_type: 1,
      line: 52.5,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(BetResponse.parse(created.json()).data.status).toBe(1);
  });

  it('lists the conference championships, the bowls and the playoff as weeks of the season', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/dates/season/2026/${NCAAF}` });
    expect(response.statusCode, response.body).toBe(200);
    const { weeks } = response.json() as { weeks: { number: number; label: string; games: number }[] };
    expect(weeks.slice(12).map((week) => [week.number, week.label, week.games])).toEqual([
      [13, 'Week 13', expect.any(Number)],
      [14, 'Week 14', 4],
      [15, 'Week 15', 1],
      [16, 'Bowls', 16],
      [17, 'Playoff', 11],
    ]);
  });
});

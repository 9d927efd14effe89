import cookie from '@fastify/cookie';
import { AlmanacResponse, BookEventsResponse, BookHistoryResponse, SeasonWeeksResponse } from '@pass/contracts';
import type { DbHandle } from '@pass/db';
import { teamRegistry } from '@pass/domain';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../../plugins/error-handler.js';
import { memberCookies } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { importCfbd, importSportsdataverse, importStatsapi } from '../imports/game-importers.js';
import { importOddsApiOdds } from '../imports/odds-api.service.js';
import { readHistoryFile } from '../imports/history-files.js';
import { sportsRoutes } from './sports.routes.js';
import { invalidateSportCache } from './sports.service.js';

const NCAAF = 'americanfootball_ncaaf';
const MLB = 'baseball_mlb';

/** The sports routes alone, on the test app's database, with a clock after both college seasons. */
async function appAt(database: DbHandle, now: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  await app.register(cookie);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(sportsRoutes, { db: database.db, now: () => new Date(now) });
  await app.ready();
  return app;
}

describe('one week numbering for the stored college seasons (decision 024)', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  // College season data answers members with college access (decision 050): a member in their free month asks.
  let cookies: Record<string, string>;
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, cookies });
    expect(response.statusCode, url).toBe(200);
    return response.json() as unknown;
  };

  beforeAll(async () => {
    testApp = await buildTestApp();
    const { db } = testApp.database;
    await importCfbd(db, readHistoryFile('cfbd/games_2024_regular_v1.json'));
    await importCfbd(db, readHistoryFile('cfbd/games_2024_postseason_v1.json'));
    await importSportsdataverse(db, { schedule: readHistoryFile('sportsdataverse-cfb/cfb_schedule_2025.csv') });
    await importStatsapi(db, readHistoryFile('mlb/statsapi/games_2025.csv'));
    app = await appAt(testApp.database, '2026-03-01T12:00:00Z');
    cookies = await memberCookies(db);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await testApp.app.close();
  });

  it('stores the calendar week: no college bowl in week 1, the bowls week 17, the playoff week 18', async () => {
    const { rows } = (await testApp.database.db.execute(
      sql`select season, week, season_type, count(*)::int as games from events
          where sport = ${NCAAF} and (season_type = 'postseason' or week = 1) group by 1, 2, 3 order by 1, 2, 3`,
    )) as unknown as { rows: { season: number; week: number; season_type: string; games: number }[] };
    expect(rows.filter((row) => row.week === 1).every((row) => row.season_type === 'regular')).toBe(true);
    const postseason = rows.filter((row) => row.season_type === 'postseason');
    expect(postseason.map((row) => [row.season, row.week])).toEqual([
      [2024, 17],
      [2024, 18],
      [2025, 17],
      [2025, 18],
    ]);
    // 2024: ten playoff games in the file (the final is not in it); 2025: all eleven.
    expect(postseason.map((row) => row.games)).toEqual([
      expect.any(Number) as number,
      10,
      expect.any(Number) as number,
      11,
    ]);
  });

  for (const season of [2024, 2025]) {
    it(`agrees on every ${season} game's week in the dates, the history by week, the week's events and the almanac`, async () => {
      const { weeks } = SeasonWeeksResponse.parse(await get(`/api/dates/season/${season}/${NCAAF}`));
      expect(weeks.slice(-2).map((week) => [week.number, week.label, week.season_type])).toEqual([
        [17, 'Bowls', 'postseason'],
        [18, 'Playoff', 'postseason'],
      ]);
      const weekOfEvent = new Map<number, number>();
      const teams = new Set<string>();
      for (const week of weeks) {
        const history = BookHistoryResponse.parse(
          await get(`/api/book/history/${NCAAF}/${week.number}?season=${season}`),
        );
        const events = BookEventsResponse.parse(
          await get(`/api/book/events/${NCAAF}/${week.number}?season_year=${season}`),
        );
        expect(history.events.length, week.label).toBe(week.games);
        expect(events.events.map((event) => event.event_id).sort()).toEqual(
          history.events.map((event) => event.event_id).sort(),
        );
        // No week mixes regular-season and postseason games.
        const types = new Set(history.events.map((event) => event.season_type));
        expect([...types], week.label).toEqual([week.season_type]);
        for (const event of history.events) {
          expect(event.week).toBe(week.number);
          expect(event.yr_week).toBe(season * 100 + week.number);
          const usDate = new Date(Date.parse(event.kickoff!) - 6 * 3_600_000).toISOString().slice(0, 10);
          expect(usDate >= week.start && usDate <= week.end, `${event.event_id} on ${usDate}`).toBe(true);
          weekOfEvent.set(event.event_id, week.number);
          teams.add(event.home_team).add(event.away_team);
        }
      }
      let checked = 0;
      // FCS opponents have no almanac of their own (decision 023): their games are checked from the FBS side.
      for (const team of [...teams].filter((abbr) => teamRegistry.get(NCAAF, abbr)?.conference !== null)) {
        const almanac = AlmanacResponse.parse(
          await get(`/api/almanac/${NCAAF}/${encodeURIComponent(team)}?season=${season}`),
        );
        for (const game of almanac.games) {
          expect(game.week, `${team} ${game.event_id}`).toBe(weekOfEvent.get(game.event_id));
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(1_000);
      // Every team's almanac of a college season: 15 s alone, twice that beside other suites.
    }, 120_000);
  }

  it('accepts the Bowls and Playoff weeks as the extra path parameter', async () => {
    const events = BookEventsResponse.parse(await get(`/api/book/events/${NCAAF}/18?season_year=2024`));
    expect(events.week).toMatchObject({ number: 18, label: 'Playoff' });
    expect(events.events.every((event) => event.season_type === 'postseason')).toBe(true);
  });

  it("reads a college bowl stored with the source's week 1 (a database from before) in the Bowls week", async () => {
    const { db } = testApp.database;
    await db.execute(
      sql`update events set week = 1 where sport = ${NCAAF} and season = 2024 and season_type = 'postseason'`,
    );
    invalidateSportCache(testApp.database.db, NCAAF);
    const { weeks } = SeasonWeeksResponse.parse(await get(`/api/dates/season/2024/${NCAAF}`));
    expect(weeks[0]).toMatchObject({ number: 1, season_type: 'regular' });
    // Without the game's name the kind is unknown: every postseason game reads as a bowl until a re-import.
    expect(weeks.at(-1)).toMatchObject({ number: 17, label: 'Bowls', games: 45 });
    await importCfbd(db, readHistoryFile('cfbd/games_2024_postseason_v1.json'));
    invalidateSportCache(testApp.database.db, NCAAF);
    const reimported = SeasonWeeksResponse.parse(await get(`/api/dates/season/2024/${NCAAF}`));
    expect(reimported.weeks.slice(-2).map((week) => [week.label, week.games])).toEqual([
      ['Bowls', 35],
      ['Playoff', 10],
    ]);
  });

  it('files the bowls The Odds API lists, with no schedule loaded for them, in the Bowls week by date', async () => {
    const body = readHistoryFile(
      'fixtures/the-odds-api/captured/americanfootball_ncaaf_odds_us_h2h-spreads-totals_american_2022-12-27.json',
    );
    await importOddsApiOdds(testApp.database.db, {
      body,
      location: 'captured',
      fetchedAt: new Date('2022-12-27T21:40:00Z'),
    });
    const { weeks } = SeasonWeeksResponse.parse(await get(`/api/dates/season/2022/${NCAAF}`));
    // 2022's regular season ended in week 15 (Army–Navy on December 10): the bowls are week 16.
    expect(weeks.map((week) => [week.number, week.label])).toEqual([[16, 'Bowls']]);
    expect(weeks[0]!.games).toBeGreaterThan(10);
    const { rows } = (await testApp.database.db.execute(
      sql`select distinct week from events where sport = ${NCAAF} and season = 2022`,
    )) as unknown as { rows: { week: number | null }[] };
    expect(rows).toEqual([{ week: 16 }]);
  });

  it('numbers MLB 2025 Monday to Sunday from the Tokyo series', async () => {
    const { rows } = (await testApp.database.db.execute(
      sql`select count(*) filter (where week is null)::int as without, count(*) filter (where week = 1)::int as first
          from events where sport = ${MLB} and season = 2025`,
    )) as unknown as { rows: { without: number; first: number }[] };
    expect(rows[0]).toEqual({ without: 0, first: 2 });
    const { weeks } = SeasonWeeksResponse.parse(await get(`/api/dates/season/2025/${MLB}`));
    expect(weeks[0]).toMatchObject({ number: 1, start: '2025-03-17', end: '2025-03-23', games: 2 });
    expect(weeks[1]).toMatchObject({ number: 2, label: 'Week 2', start: '2025-03-24', end: '2025-03-30' });
    expect(weeks.every((week) => week.season_type === 'regular')).toBe(true);
    expect(weeks.reduce((sum, week) => sum + week.games, 0)).toBe(2430);
  });

  it('gives each MLB game of a week its place in its series, and no football game one', async () => {
    const tokyo = BookEventsResponse.parse(await get(`/api/book/events/${MLB}/1?season_year=2025`));
    expect(tokyo.events.map((event) => [event.game_date, event.series])).toEqual([
      ['2025-03-18', { game: 1, of: 2 }],
      ['2025-03-19', { game: 2, of: 2 }],
    ]);
    const week10 = BookEventsResponse.parse(await get(`/api/book/events/${MLB}/10?season_year=2025`));
    expect(week10.events.length).toBeGreaterThan(80);
    for (const event of week10.events) {
      expect(event.series!.game).toBeGreaterThanOrEqual(1);
      expect(event.series!.game).toBeLessThanOrEqual(event.series!.of);
    }
    const bowls = BookEventsResponse.parse(await get(`/api/book/events/${NCAAF}/17?season_year=2025`));
    expect(bowls.events.every((event) => event.series === undefined)).toBe(true);
  });
});

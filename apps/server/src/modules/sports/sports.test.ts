import {
  BookEventsResponse,
  BookHistoryResponse,
  CurrentWeekResponse,
  ErrorBody,
  SeasonWeeksResponse,
  TeamsResponse,
} from '@pass/contracts';
import type { DbHandle } from '@pass/db';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHistoryFile } from '../imports/history-files.js';
import { errorHandlerPlugin } from '../../plugins/error-handler.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { importNflverse } from '../imports/game-importers.js';
import { importOddsApiOdds } from '../imports/odds-api.service.js';
import { SportsCache } from './sports-cache.js';
import { sportsRoutes } from './sports.routes.js';
import { warmPublicReads } from './warm-reads.js';

const NFL_ODDS = readHistoryFile(
  'fixtures/the-odds-api/captured/americanfootball_nfl_odds_us_h2h-spreads-totals_american_2022-12-27.json',
);
const ODDS_FETCHED_AT = new Date('2022-12-27T21:40:00Z');
const NFL = 'americanfootball_nfl';

/** The sports routes alone, on the test app's database, with a fixed clock. */
async function appAt(database: DbHandle, now: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(sportsRoutes, { db: database.db, now: () => new Date(now) });
  await app.ready();
  return app;
}

describe('sports read API', () => {
  let testApp: TestApp;
  /** Thursday of week 17, 2022: the day DAL at TEN kicks off. */
  let week17: FastifyInstance;
  /** After the 2022 season. */
  let february: FastifyInstance;
  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    testApp = await buildTestApp();
    const { db } = testApp.database;
    await importNflverse(db, readHistoryFile('nflverse/games.csv'), { seasons: { from: 2022, to: 2023 } });
    await importOddsApiOdds(db, { body: NFL_ODDS, location: 'captured', fetchedAt: ODDS_FETCHED_AT });
    week17 = await appAt(testApp.database, '2022-12-29T15:00:00Z');
    february = await appAt(testApp.database, '2023-02-20T12:00:00Z');
  });
  afterAll(async () => {
    await week17.close();
    await february.close();
    await testApp.app.close();
  });

  it('lists the teams of a sport with conference and division', async () => {
    const response = await get(testApp.app, `/api/sport/${NFL}/teams`);
    expect(response.statusCode).toBe(200);
    const { teams } = TeamsResponse.parse(response.json());
    expect(teams).toHaveLength(32);
    expect(teams.find((team) => team.abbv === 'KC')).toMatchObject({
      name: 'Kansas City Chiefs',
      conference: 'AFC',
      division: 'AFC West',
    });
    const mlb = TeamsResponse.parse((await get(testApp.app, '/api/sport/baseball_mlb/teams')).json());
    expect(mlb.teams).toHaveLength(30);
  });

  it('computes the weeks of a season from its games, Thursday to Wednesday', async () => {
    const response = await get(testApp.app, `/api/dates/season/2022/${NFL}`);
    expect(response.statusCode).toBe(200);
    const { weeks } = SeasonWeeksResponse.parse(response.json());
    expect(weeks.map((week) => week.label)).toEqual([
      ...Array.from({ length: 18 }, (_, index) => `Week ${index + 1}`),
      'Wild Card',
      'Divisional Round',
      'Conference Championships',
      'Super Bowl',
    ]);
    expect(weeks[0]).toEqual({
      number: 1,
      label: 'Week 1',
      season_type: 'regular',
      start: '2022-09-08',
      end: '2022-09-14',
      games: 16,
    });
    expect(weeks.find((week) => week.number === 17)).toMatchObject({
      start: '2022-12-29',
      end: '2023-01-04',
      games: 15,
    });
    // The Super Bowl's week takes in the open week before it: two weeks from the Thursday after the conference games.
    expect(weeks.at(-1)).toMatchObject({
      number: 22,
      season_type: 'postseason',
      start: '2023-02-02',
      end: '2023-02-15',
      games: 1,
    });
  });

  it('gives the current week from the clock, with the season', async () => {
    const response = await get(week17, `/api/dates/${NFL}/current-week`);
    expect(response.statusCode).toBe(200);
    expect(CurrentWeekResponse.parse(response.json())).toEqual({
      sport: NFL,
      season: 2022,
      number: 17,
      label: 'Week 17',
      season_type: 'regular',
      start: '2022-12-29',
      end: '2023-01-04',
      games: 15,
    });
    // After the Super Bowl the last week stays current; season_year picks another season.
    expect((await get(february, `/api/dates/${NFL}/current-week`)).json()).toMatchObject({ season: 2022, number: 22 });
    expect((await get(february, `/api/dates/${NFL}/current-week?season_year=2023`)).json()).toMatchObject({
      season: 2023,
      number: 1,
    });
  });

  it('makes current the week of the next game still to play: Monday night keeps week 16, Tuesday is week 17', async () => {
    // Week 16 of 2022 ended with LAC at IND on Monday 2022-12-26, 8:15 pm ET (2022-12-27T01:15Z).
    const at = async (now: string) => {
      const app = await appAt(testApp.database, now);
      try {
        const current = CurrentWeekResponse.parse((await get(app, `/api/dates/${NFL}/current-week`)).json());
        const events = BookEventsResponse.parse((await get(app, `/api/book/events/${NFL}`)).json());
        expect(events.week?.number).toBe(current.number);
        return current.number;
      } finally {
        await app.close();
      }
    };
    // Sunday night, 10 pm ET: Monday's game is still to play.
    expect(await at('2022-12-26T03:00:00Z')).toBe(16);
    // Monday, a minute before that kickoff.
    expect(await at('2022-12-27T01:14:00Z')).toBe(16);
    // Once it has kicked off, the next game to play is Thursday's: week 17, though week 16 runs to Wednesday.
    expect(await at('2022-12-27T01:16:00Z')).toBe(17);
    // Tuesday after the finished week.
    expect(await at('2022-12-27T15:00:00Z')).toBe(17);
  });

  it('lists the current week’s events with the latest quote per book, market and outcome', async () => {
    const response = await get(week17, `/api/book/events/${NFL}`);
    expect(response.statusCode).toBe(200);
    const body = BookEventsResponse.parse(response.json());
    expect(body.week).toMatchObject({ number: 17 });
    expect(body.events).toHaveLength(15);
    const dalTen = body.events.find((event) => event.away_team === 'DAL' && event.home_team === 'TEN')!;
    expect(dalTen).toMatchObject({ yr_week: 202217, status: 'final', event_scores: { home: 13, away: 27 } });
    expect(dalTen.odds.filter((quote) => quote.book === 'draftkings' && quote.market === 'spreads')).toEqual([
      expect.objectContaining({ outcome: 'DAL', price: -105, point: -10.5, fetched_at: ODDS_FETCHED_AT.toISOString() }),
      expect.objectContaining({ outcome: 'TEN', price: -115, point: 10.5 }),
    ]);
    // One quote per book × market × outcome.
    const keys = dalTen.odds.map((quote) => `${quote.book}|${quote.market}|${quote.outcome}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(dalTen.odds.map((quote) => quote.book))).toContain('consensus');
  });

  it('takes a week number or a bookmaker key as extra', async () => {
    const byWeek = BookEventsResponse.parse(
      (await get(february, `/api/book/events/${NFL}/17?season_year=2022`)).json(),
    );
    expect(byWeek.events).toHaveLength(15);
    expect(byWeek.next_week).toBe(18);
    // The season's last week (the Super Bowl's) names no week after it: the forms ask for none.
    const { weeks } = SeasonWeeksResponse.parse((await get(testApp.app, `/api/dates/season/2022/${NFL}`)).json());
    const last = BookEventsResponse.parse(
      (await get(february, `/api/book/events/${NFL}/${weeks.at(-1)!.number}?season_year=2022`)).json(),
    );
    expect(last).toMatchObject({ week: { number: 22 }, next_week: null });
    const byBook = BookEventsResponse.parse((await get(week17, `/api/book/events/${NFL}/betus`)).json());
    expect(byBook.book).toBe('betus');
    expect(byBook.events.every((event) => event.odds.length > 0 && event.odds.every((q) => q.book === 'betus'))).toBe(
      true,
    );
  });

  it('answers history with finals and closing lines: the last quote at or before kickoff per book', async () => {
    const { db } = testApp.database;
    const [dalTen] = (
      (await db.execute(
        sql`select event_id as id from event_source_keys where source = 'nflverse' and source_key = '2022_17_DAL_TEN'`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    // A quote after kickoff is line history, not the close.
    await db.execute(sql`insert into odds_quotes (event_id, book, market, outcome, price, point, fetched_at, source)
      values (${dalTen!.id}, 'draftkings', 'spreads', 'DAL', -110, -3.5, '2022-12-30T03:00:00Z', 'odds-api')`);

    const response = await get(february, `/api/book/history/${NFL}/17?season=2022`);
    expect(response.statusCode).toBe(200);
    const history = BookHistoryResponse.parse(response.json());
    expect(history.events).toHaveLength(15);
    const game = history.events.find((event) => event.event_id === Number(dalTen!.id))!;
    expect(game.event_scores).toEqual({ home: 13, away: 27 });
    const spread = (book: string, outcome: string) =>
      game.odds.find((quote) => quote.book === book && quote.market === 'spreads' && quote.outcome === outcome)?.point;
    expect(spread('draftkings', 'DAL')).toBe(-10.5);
    // nflverse's close: spread_line −14 (DAL favoured) is TEN +14 in the sportsbook convention.
    expect(spread('consensus', 'TEN')).toBe(14);

    // A book with no quote on a game falls back to the consensus close.
    const superBowl = BookHistoryResponse.parse(
      (await get(february, `/api/book/history/${NFL}/betus?season=2022`)).json(),
    );
    const sb = superBowl.events.find((event) => event.home_team === 'PHI' && event.away_team === 'KC')!;
    expect(sb.odds.every((quote) => quote.book === 'consensus')).toBe(true);
    expect(sb.odds.find((quote) => quote.market === 'spreads' && quote.outcome === 'PHI')?.point).toBe(-1);
  });

  it.each([
    [`/api/dates/season/2021/${NFL}`, 'params.season'],
    [`/api/dates/${NFL}/current-week?season_year=2021`, 'querystring.season_year'],
    [`/api/book/events/${NFL}?season_year=2019`, 'querystring.season_year'],
    [`/api/book/history/${NFL}?season=2021`, 'querystring.season'],
  ])('refuses a season before 2022: %s', async (url, field) => {
    const response = await get(testApp.app, url);
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).error).toEqual({
      code: 'BAD_REQUEST',
      message: 'Illegal Argument for SportStore',
      fields: [{ field, message: 'must be 2022 or later' }],
    });
  });

  it.each([
    '/api/sport/soccer_epl/teams',
    '/api/dates/season/2022/hockey',
    '/api/book/events/nfl',
    `/api/book/events/${NFL}/0`,
    `/api/book/events/${NFL}/Week-1!`,
    `/api/book/history/${NFL}/-3`,
    `/api/dates/season/twenty/${NFL}`,
  ])('answers 400 to an unknown sport or a malformed week: %s', async (url) => {
    const response = await get(testApp.app, url);
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).error.code).toBe('BAD_REQUEST');
  });

  it('answers 404 for a week the season does not have', async () => {
    const response = await get(week17, `/api/book/events/${NFL}/40?season_year=2022`);
    expect(response.statusCode).toBe(404);
  });

  it('serves cached bytes with an ETag and answers If-None-Match with 304', async () => {
    const url = `/api/sport/${NFL}/teams`;
    const first = await get(testApp.app, url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const second = await get(testApp.app, url);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(etag);
    const revalidated = await get(testApp.app, url, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect((await get(testApp.app, url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('drops the cached answers of a sport when an import changes its data', async () => {
    const url = `/api/book/events/${NFL}/17?season_year=2022`;
    const before = await get(week17, url);
    const etag = before.headers.etag as string;
    expect((await get(week17, url, { 'if-none-match': etag })).statusCode).toBe(304);

    // An import that changes nothing keeps the cache.
    await importOddsApiOdds(testApp.database.db, { body: NFL_ODDS, location: 'captured', fetchedAt: ODDS_FETCHED_AT });
    expect((await get(week17, url, { 'if-none-match': etag })).statusCode).toBe(304);

    // A new snapshot with a moved line does not.
    const moved = NFL_ODDS.replace('"price": -490', '"price": -520');
    await importOddsApiOdds(testApp.database.db, {
      body: moved,
      location: 'captured',
      fetchedAt: new Date('2022-12-28T12:00:00Z'),
    });
    const after = await get(week17, url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const dalTen = BookEventsResponse.parse(after.json()).events.find((event) => event.away_team === 'DAL')!;
    expect(dalTen.odds.find((q) => q.book === 'draftkings' && q.market === 'h2h' && q.outcome === 'DAL')?.price).toBe(
      -520,
    );
  });

  it('builds the costly answers of a first visit before it comes, and serves what it built', async () => {
    const app = await appAt(testApp.database, '2022-12-29T15:00:00Z');
    const { db } = testApp.database;
    try {
      // The NFL's teams, this week's games, the season's standings and trends; the demo replay is not routed here.
      expect((await warmPublicReads(app)).warmed).toBe(4);
      const url = `/api/standings/${NFL}?season=2022`;
      // The answer as another app builds it from the same data.
      const built = (await get(week17, url)).body;
      // A change behind the cache's back (no import, so nothing clears it) is not seen: the answer was built.
      await db.execute(sql`update events set home_score = home_score + 50 where sport = ${NFL} and season = 2022
        and status = 'final' and home_team = 'KC'`);
      try {
        expect((await get(app, url)).body).toBe(built);
      } finally {
        await db.execute(sql`update events set home_score = home_score - 50 where sport = ${NFL} and season = 2022
          and status = 'final' and home_team = 'KC'`);
      }
      // A stopped warm-up builds nothing.
      const stopped = new AbortController();
      stopped.abort();
      expect((await warmPublicReads(app, stopped.signal)).warmed).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('the sports cache', () => {
  it('keeps an entry for its own limit when given one, else for the cache’s', () => {
    const cache = new SportsCache(60_000);
    cache.set('clocked', NFL, { a: 1 }, 0);
    cache.set('stored', NFL, { b: 1 }, 0, 600_000);
    expect(cache.get('clocked', 59_999)).toBeDefined();
    expect(cache.get('clocked', 60_000)).toBeUndefined();
    expect(cache.get('stored', 599_999)?.body.toString()).toBe('{"b":1}');
    expect(cache.get('stored', 600_000)).toBeUndefined();
  });

  it('builds an entry once for the requests that ask while it is being built, and keeps no failed build', async () => {
    const cache = new SportsCache();
    let builds = 0;
    let finish: (value: unknown) => void = () => {};
    const build = () => {
      builds++;
      return new Promise<unknown>((resolve) => (finish = resolve));
    };
    const first = cache.getOrBuild('k', NFL, build);
    const second = cache.getOrBuild('k', NFL, build);
    finish({ n: 1 });
    expect((await first).etag).toBe((await second).etag);
    expect(builds).toBe(1);
    await expect(cache.getOrBuild('bad', NFL, () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect((await cache.getOrBuild('bad', NFL, async () => ({ n: 2 }))).body.toString()).toBe('{"n":2}');
  });
});

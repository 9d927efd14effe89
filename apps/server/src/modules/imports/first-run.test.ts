import { BookEventsResponse, CurrentWeekResponse } from '@pass/contracts';
import type { DbHandle } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorHandlerPlugin } from '../../plugins/error-handler.js';
import { sportsRoutes } from '../sports/sports.routes.js';
import { runFirstRun } from './first-run.js';
import type { PolledSource } from './source-polls.service.js';

const NFL = 'americanfootball_nfl';
const MLB = 'baseball_mlb';
/** Saturday of week 11 of the 2026 season (nflverse's file ends with 2025). */
const NOW = new Date('2026-11-21T15:00:00Z');

const openDb = () => createTestDb({ pgliteTemplate: inject('pgliteTemplate') });

async function query<T>(database: DbHandle, text: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(text)) as unknown as { rows: T[] }).rows;
}

async function count(database: DbHandle, text: ReturnType<typeof sql>): Promise<number> {
  return Number((await query<{ n: number | string }>(database, text))[0]!.n);
}

/** The sports routes alone on a database, with a fixed clock. */
async function sportsAppAt(database: DbHandle, now: Date): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(sportsRoutes, { db: database.db, now: () => now });
  await app.ready();
  return app;
}

describe('first run with PASS_SEED=demo on an empty database', () => {
  let database: DbHandle;
  let app: FastifyInstance;
  const logs: string[] = [];
  let steps: Awaited<ReturnType<typeof runFirstRun>>;

  beforeAll(async () => {
    database = await openDb();
    const started = performance.now();
    steps = await runFirstRun(database.db, { seed: 'demo', now: NOW, log: (line) => logs.push(line) });
    // Measured here, asserted nowhere (DESIGN.md section 8).
    console.info(
      `first run (nflverse, MLB history and three demo seasons) on ${database.kind}: ${Math.round(performance.now() - started)} ms`,
    );
    app = await sportsAppAt(database, NOW);
    // The whole first run: about a minute on PGlite on a loaded 2-core machine, beside the other suites.
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('imports NFL, college and MLB history and generates the demo seasons, logging each step', async () => {
    expect(steps.map((step) => [step.step, step.outcome])).toEqual([
      ['nflverse', 'done'],
      ['college', 'done'],
      ['retrosheet', 'done'],
      ['statsapi', 'done'],
      ['demo americanfootball_nfl', 'done'],
      ['demo americanfootball_ncaaf', 'done'],
      ['demo baseball_mlb', 'done'],
    ]);
    expect(logs).toHaveLength(7);
    // games.csv, then the 2025 export's 13 playoff games.
    expect(logs[0]).toMatch(
      /^first run: nflverse done in \d+ ms: 7276 games added from .*games\.csv\.gz, .*export\.csv\.gz$/,
    );
    expect(logs[1]).toMatch(/^first run: college done in \d+ ms: \d+ games added from .*cfbd.*sportsdataverse.*$/);
    expect(logs[2]).toMatch(
      /^first run: retrosheet done in \d+ ms: 4859 games added from .*GL2023\.TXT\.gz, .*GL2024\.TXT\.gz$/,
    );
    expect(logs[3]).toMatch(/^first run: statsapi done in \d+ ms: 2430 games added from .*games_2025\.csv\.gz$/);
    expect(await count(database, sql`select count(*) as n from event_source_keys where source = 'nflverse'`)).toBe(
      7276,
    );
    // Real college seasons beside the demo's: 2024 from CFBD (with its lines), 2025 from sportsdataverse.
    const collegeSeasons = await query<{ season: number; demo: boolean; lines: boolean }>(
      database,
      sql`select e.season, bool_and(e.is_demo) as demo,
            bool_or(exists (select 1 from odds_quotes q where q.event_id = e.id)) as lines
          from events e where e.sport = 'americanfootball_ncaaf' group by e.season order by e.season`,
    );
    expect(collegeSeasons).toEqual([
      { season: 2024, demo: false, lines: true },
      { season: 2025, demo: false, lines: true },
      { season: 2026, demo: true, lines: true },
    ]);
    expect(
      await count(database, sql`select count(*) as n from events where sport = ${NFL} and season = 2026 and is_demo`),
    ).toBe(285);
    const mlbSeasons = await query<{ season: number; n: number; demo: boolean }>(
      database,
      sql`select season, count(*)::int as n, bool_and(is_demo) as demo from events
          where sport = ${MLB} group by season order by season`,
    );
    expect(mlbSeasons).toEqual([
      { season: 2023, n: 2430, demo: false },
      { season: 2024, n: 2429, demo: false },
      { season: 2025, n: 2430, demo: false },
      { season: 2026, n: 2474, demo: true },
    ]);
    // Two nflverse files, six CFBD files and sportsdataverse's, two Retrosheet files, the Stats API file and three
    // demo seasons.
    expect(await count(database, sql`select count(*) as n from import_runs where trigger = 'first-run'`)).toBe(15);
  });

  it('serves the last week of the finished 2026 baseball season, the World Series, every game final with lines from three books', async () => {
    const week = CurrentWeekResponse.parse((await app.inject({ url: `/api/dates/${MLB}/current-week` })).json());
    expect(week).toMatchObject({ season: 2026, start: '2026-10-26', end: '2026-11-01' });
    const response = await app.inject({ url: `/api/book/events/${MLB}` });
    expect(response.statusCode).toBe(200);
    const body = BookEventsResponse.parse(response.json());
    expect(body.season).toBe(2026);
    // The World Series' last week: games 3 to 6 of the demo's (the Marlins at home for three, then Boston).
    expect(body.events.map((event) => [event.game_date, event.season_type, event.series])).toEqual([
      ['2026-10-26', 'postseason', { game: 1, of: 3 }],
      ['2026-10-27', 'postseason', { game: 2, of: 3 }],
      ['2026-10-28', 'postseason', { game: 3, of: 3 }],
      ['2026-10-30', 'postseason', { game: 1, of: 1 }],
    ]);
    for (const event of body.events) {
      expect(event).toMatchObject({ is_demo: true, status: 'final' });
      expect(event.event_scores.home).not.toBe(event.event_scores.away);
      expect(new Set(event.odds.map((quote) => quote.book)).size).toBe(3);
      expect(new Set(event.odds.map((quote) => quote.market))).toEqual(new Set(['h2h', 'spreads', 'totals']));
      const runLine = event.odds.filter((quote) => quote.market === 'spreads').map((quote) => quote.point);
      expect(new Set(runLine)).toEqual(new Set([-1.5, 1.5]));
    }
  });

  it("serves the current week's schedule with odds from several books", async () => {
    const week = CurrentWeekResponse.parse((await app.inject({ url: `/api/dates/${NFL}/current-week` })).json());
    expect(week).toMatchObject({ season: 2026, number: 11, start: '2026-11-19', end: '2026-11-25' });

    const response = await app.inject({ url: `/api/book/events/${NFL}` });
    expect(response.statusCode).toBe(200);
    const body = BookEventsResponse.parse(response.json());
    expect(body.season).toBe(2026);
    expect(body.week?.number).toBe(11);
    expect(body.events.length).toBeGreaterThanOrEqual(10);
    for (const event of body.events) {
      expect(event.week).toBe(11);
      expect(event.is_demo).toBe(true);
      const books = new Set(event.odds.map((quote) => quote.book));
      expect(books.size, `${event.away_team}@${event.home_team}`).toBeGreaterThanOrEqual(5);
      for (const market of ['h2h', 'spreads', 'totals']) {
        expect(event.odds.some((quote) => quote.market === market)).toBe(true);
      }
      // Thursday's game is final, the weekend's are to come.
      if (Date.parse(event.kickoff!) > NOW.getTime()) expect(event.status).toBe('scheduled');
      else expect(event.status).toBe('final');
    }
    expect(body.events.some((event) => event.status === 'final')).toBe(true);
    expect(body.events.some((event) => event.status === 'scheduled')).toBe(true);
  });

  it('changes nothing when run again', async () => {
    const before = await count(database, sql`select count(*) as n from odds_quotes`);
    const again = await runFirstRun(database.db, { seed: 'demo', now: NOW });
    expect(again.map((step) => step.outcome)).toEqual([
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      'done',
      'done',
      'done',
    ]);
    expect(again[1]!.message).toBe('college games already loaded');
    expect(again[2]!.message).toBe('retrosheet games already loaded');
    expect(again[4]!.message).toContain('0 added, 0 updated, 285 unchanged');
    expect(again[6]!.message).toContain('0 added, 0 updated, 2474 unchanged');
    expect(await count(database, sql`select count(*) as n from odds_quotes`)).toBe(before);
  });
});

describe('first run, other modes', () => {
  let database: DbHandle;
  afterEach(async () => {
    await database.close();
  });

  it('does nothing with PASS_SEED=none', async () => {
    database = await openDb();
    const logs: string[] = [];
    expect(await runFirstRun(database.db, { seed: 'none', now: NOW, log: (line) => logs.push(line) })).toEqual([]);
    expect(logs).toEqual(['first run: PASS_SEED=none, no data imported']);
    expect(await count(database, sql`select count(*) as n from events`)).toBe(0);
  });

  it('falls back to the demo season with PASS_SEED=auto when The Odds API cannot be reached', async () => {
    database = await openDb();
    const steps = await runFirstRun(database.db, {
      seed: 'auto',
      now: NOW,
      oddsApiKey: 'test-key',
      oddsApiUrl: 'http://127.0.0.1:9',
      fetch: () => Promise.reject(new Error('connect ECONNREFUSED')),
      nflverseFile: null,
      collegeFiles: null,
      mlbFiles: null,
      demoSports: [NFL],
    });
    expect(steps.map((step) => [step.step, step.outcome])).toEqual([
      ['nflverse', 'skipped'],
      ['college', 'skipped'],
      ['retrosheet', 'skipped'],
      ['statsapi', 'skipped'],
      [`odds-api ${NFL}`, 'failed'],
      [`demo ${NFL}`, 'done'],
    ]);
    expect(steps[4]!.message).toContain('could not be reached');
    expect(steps[4]!.message).not.toContain('test-key');
    expect(await count(database, sql`select count(*) as n from events where is_demo`)).toBe(285);
  });

  it('falls back to the demo season with PASS_SEED=auto when The Odds API has no games of the sport', async () => {
    database = await openDb();
    const urls: string[] = [];
    const steps = await runFirstRun(database.db, {
      seed: 'auto',
      now: NOW,
      oddsApiKey: 'test-key',
      oddsApiUrl: 'http://127.0.0.1:9',
      // The API's answer in a sport's off-season: no events, at no cost.
      fetch: async (input) => {
        urls.push(String(input));
        return new Response('[]', { status: 200, headers: { 'x-requests-remaining': '400' } });
      },
      nflverseFile: null,
      collegeFiles: null,
      mlbFiles: null,
      demoSports: [NFL],
    });
    expect(urls).toHaveLength(2);
    expect(steps.map((step) => [step.step, step.outcome])).toEqual([
      ['nflverse', 'skipped'],
      ['college', 'skipped'],
      ['retrosheet', 'skipped'],
      ['statsapi', 'skipped'],
      [`odds-api ${NFL}`, 'done'],
      [`demo ${NFL}`, 'done'],
    ]);
    expect(await count(database, sql`select count(*) as n from events where is_demo`)).toBe(285);
  });

  it('asks the live sources for the current season with PASS_SEED=auto: a sport they serve gets no demo', async () => {
    database = await openDb();
    const asked: string[] = [];
    /** A live source of our own polling interface; the outside sources' fakes are in their adapters' tests. */
    const source = (sport: typeof NFL | typeof MLB, answers: boolean): PolledSource => ({
      key: `espn:${sport}`,
      name: 'ESPN scoreboard',
      sport,
      liveEveryMs: 30_000,
      async poll(_db, now) {
        asked.push(`${sport} ${now.toISOString()}`);
        if (!answers) throw new Error('the ESPN scoreboard could not be reached');
        await database.db.execute(sql`insert into events (sport, season, week, season_type, kickoff_at, game_date,
          home_team, away_team, status) values (${sport}, 2026, 12, 'regular', '2026-11-22T18:00:00Z'::timestamptz,
          '2026-11-22', 'HOU', 'BUF', 'scheduled')`);
        return { status: 200, changed: true, etag: null, bodyHash: 'h', summaries: [] };
      },
    });
    const steps = await runFirstRun(database.db, {
      seed: 'auto',
      now: NOW,
      liveSources: [source(NFL, true), source(MLB, false)],
      nflverseFile: null,
      collegeFiles: null,
      mlbFiles: null,
      demoSports: [NFL, MLB],
    });
    expect(asked).toEqual([`${NFL} ${NOW.toISOString()}`, `${MLB} ${NOW.toISOString()}`]);
    expect(steps.slice(4).map((step) => [step.step, step.outcome])).toEqual([
      [`live ${NFL}`, 'done'],
      [`live ${MLB}`, 'failed'],
      [`demo ${NFL}`, 'skipped'],
      [`demo ${MLB}`, 'done'],
    ]);
    expect(steps[5]!.message).toContain('no live source answered');
    expect(await count(database, sql`select count(*) as n from events where is_demo and sport = ${NFL}`)).toBe(0);
    expect(
      await count(database, sql`select count(*) as n from events where is_demo and sport = ${MLB}`),
    ).toBeGreaterThan(2000);
    // The scheduler finds each source's first answer recorded: the failed one backs off.
    const polls = await query<{ key: string; failures: number }>(
      database,
      sql`select key, failures from source_polls order by key`,
    );
    expect(polls).toEqual([
      { key: `espn:${NFL}`, failures: 0 },
      { key: `espn:${MLB}`, failures: 1 },
    ]);
  }, 120_000);

  it("takes the season from the server clock's time, and leaves a season with real games alone", async () => {
    database = await openDb();
    // Mid-July: the NFL's next season, not yet begun.
    const july = new Date('2027-07-15T16:00:00Z');
    const options = {
      seed: 'demo',
      now: july,
      nflverseFile: null,
      collegeFiles: null,
      mlbFiles: null,
      demoSports: [NFL],
    } as const;
    const steps = await runFirstRun(database.db, options);
    expect(steps[4]!.message).toContain('2027 demo season');
    expect(await count(database, sql`select count(*) as n from events where season = 2027 and status = 'final'`)).toBe(
      0,
    );
    await database.db.execute(sql`update events set is_demo = false where id = (select min(id) from events)`);
    const again = await runFirstRun(database.db, options);
    expect(again[4]).toMatchObject({ outcome: 'skipped' });
  });
});

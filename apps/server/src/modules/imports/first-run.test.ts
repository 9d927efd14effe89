import { BookEventsResponse, CurrentWeekResponse } from '@pass/contracts';
import type { DbHandle } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import { seasonForDate } from '@pass/domain';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorHandlerPlugin } from '../../plugins/error-handler.js';
import { sportsRoutes } from '../sports/sports.routes.js';
import { runFirstRun } from './first-run.js';

const NFL = 'americanfootball_nfl';
/** Saturday of week 11 of the 2026 season (nflverse's file ends with 2025). */
const NOW = new Date('2026-11-21T15:00:00Z');

const openDb = () => createTestDb({ pgliteTemplate: inject('pgliteTemplate') });

async function count(database: DbHandle, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await database.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]!.n);
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
      `first run (nflverse + demo seasons) on ${database.kind}: ${Math.round(performance.now() - started)} ms`,
    );
    app = await sportsAppAt(database, NOW);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('imports nflverse history and generates the demo seasons, logging each step', async () => {
    expect(steps.map((step) => [step.step, step.outcome])).toEqual([
      ['nflverse', 'done'],
      ['demo americanfootball_nfl', 'done'],
      ['demo americanfootball_ncaaf', 'done'],
    ]);
    expect(logs).toHaveLength(3);
    expect(logs[0]).toMatch(/^first run: nflverse done in \d+ ms: 7263 games added/);
    expect(await count(database, sql`select count(*) as n from event_source_keys where source = 'nflverse'`)).toBe(
      7263,
    );
    expect(
      await count(database, sql`select count(*) as n from events where sport = ${NFL} and season = 2026 and is_demo`),
    ).toBe(272);
    expect(await count(database, sql`select count(*) as n from import_runs where trigger = 'first-run'`)).toBe(3);
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
    expect(again.map((step) => step.outcome)).toEqual(['skipped', 'done', 'done']);
    expect(again[1]!.message).toContain('0 added, 0 updated, 272 unchanged');
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
      demoSports: [NFL],
    });
    expect(steps.map((step) => [step.step, step.outcome])).toEqual([
      ['nflverse', 'skipped'],
      [`odds-api ${NFL}`, 'failed'],
      [`demo ${NFL}`, 'done'],
    ]);
    expect(steps[1]!.message).toContain('could not be reached');
    expect(steps[1]!.message).not.toContain('test-key');
    expect(await count(database, sql`select count(*) as n from events where is_demo`)).toBe(272);
  });

  it('uses the current date when given none, and leaves a season with real games alone', async () => {
    database = await openDb();
    const steps = await runFirstRun(database.db, { seed: 'demo', nflverseFile: null, demoSports: [NFL] });
    expect(steps[1]!.message).toContain(`${seasonForDate(NFL, new Date())} demo season`);
    await database.db.execute(sql`update events set is_demo = false where id = (select min(id) from events)`);
    const again = await runFirstRun(database.db, { seed: 'demo', nflverseFile: null, demoSports: [NFL] });
    expect(again[1]).toMatchObject({ outcome: 'skipped' });
  });
});

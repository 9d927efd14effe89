import type { Database, DbHandle } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedUser } from '../../test/accounts.js';
import { gradeEvents } from '../ledger/grading.service.js';
import { setEventResult } from '../ledger/results.service.js';
import { DEFAULT_FILES, runSourceImport } from './import-jobs.js';
import { findRepoRoot } from './history-files.js';
import { STORED_FILES, type StoredFile } from './stored-files.js';

/**
 * Imports only move forward (docs/decisions/022): every stored file that has an importer, imported in
 * several orders on fresh databases (the natural order then all once more), ends in the same events, scores and quotes,
 * compared by the sources' keys (never by serial ids), and no game that was final at any point is not final
 * at the end.
 */

/** The server clock of these imports: after every stored file's data, fixed so the test reads no real date. */
const NOW = new Date('2026-06-01T12:00:00Z');

const FILES = [...STORED_FILES];

/** Natural order, reversed, and interleaved (odd positions, then even ones reversed). */
const ORDERS: Record<string, StoredFile[]> = {
  natural: FILES,
  reversed: [...FILES].reverse(),
  interleaved: [
    ...FILES.filter((_, index) => index % 2 === 1),
    ...FILES.filter((_, index) => index % 2 === 0).reverse(),
  ],
};

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every source key of a final game, as `source|key`. */
async function finalKeys(db: Database): Promise<string[]> {
  const found = await rows<{ key: string }>(
    db,
    sql`select k.source || '|' || k.source_key as key
        from event_source_keys k join events e on e.id = k.event_id where e.status = 'final'`,
  );
  return found.map((row) => row.key);
}

/**
 * The database as the sources know it: each event under its sorted source keys, with its fields and
 * provenance and its quotes (book, market, outcome, price, point, fetch time, source), sorted.
 */
async function snapshot(db: Database): Promise<Map<string, string>> {
  const events = await rows<{ keys: string; event: string }>(
    db,
    sql`select (select string_agg(k.source || ':' || k.source_key || '@' || coalesce(k.quotes_as_of::text, ''), ','
                  order by k.source, k.source_key)
                from event_source_keys k where k.event_id = e.id) as keys,
          concat_ws('|', e.sport, e.season, e.week, e.season_type, e.kickoff_at, e.game_date, e.home_team,
            e.away_team, e.neutral_site, e.status, e.home_score, e.away_score, e.is_demo, e.schedule_source,
            e.schedule_as_of, e.kickoff_source, e.kickoff_as_of, e.result_source, e.result_as_of) ||
          ' quotes: ' || coalesce((select string_agg(concat_ws('|', q.source, q.book, q.market, q.outcome, q.price,
              q.point, q.quoted_at, q.fetched_at), ';' order by q.source, q.book, q.market, q.outcome, q.fetched_at)
            from odds_quotes q where q.event_id = e.id), '') as event
        from events e`,
  );
  const byKeys = new Map<string, string>();
  for (const { keys, event } of events) {
    // Two events under the same keys would be a duplicate the comparison must see.
    expect(byKeys.has(keys), keys).toBe(false);
    byKeys.set(keys, event);
  }
  return byKeys;
}

describe('imports in any order', () => {
  const finals = new Map<string, Map<string, string>>();
  const everFinal = new Set<string>();
  const endKeys = new Map<string, Set<string>>();
  const databases: DbHandle[] = [];

  beforeAll(async () => {
    for (const [order, files] of Object.entries(ORDERS)) {
      const database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
      databases.push(database);
      const started = performance.now();
      // Once more in one order only: importing everything again is the same whichever order came first.
      for (const file of order === 'natural' ? [...files, ...files] : files) {
        await file.load(database.db, NOW);
        for (const key of await finalKeys(database.db)) everFinal.add(key);
      }
      console.info(
        `every stored file, ${order} order${order === 'natural' ? ' and once more' : ''}, on ${database.kind}: ${Math.round(performance.now() - started)} ms`,
      );
      finals.set(order, await snapshot(database.db));
      endKeys.set(order, new Set(await finalKeys(database.db)));
    }
  }, 600_000);

  afterAll(async () => {
    for (const database of databases) await database.close();
  });

  it('ends in the same events, scores and quotes whatever the order', () => {
    const [first, ...others] = [...finals.values()];
    expect(first!.size).toBeGreaterThan(15_000);
    for (const other of others) {
      const differing = [...new Set([...first!.keys(), ...other.keys()])].filter(
        (keys) => first!.get(keys) !== other.get(keys),
      );
      const shown = (value: string | undefined) => value?.slice(0, 400);
      expect(differing.slice(0, 5).map((keys) => [keys, shown(first!.get(keys)), shown(other.get(keys))])).toEqual([]);
    }
  });

  it('never leaves a game that was final at any point non-final', () => {
    expect(everFinal.size).toBeGreaterThan(10_000);
    for (const [order, keys] of endKeys) {
      const lost = [...everFinal].filter((key) => !keys.has(key));
      expect({ order, lost: lost.slice(0, 5) }).toEqual({ order, lost: [] });
    }
  });

  it('marks the game never played cancelled and keeps the playoff semifinals missing from the snapshot scheduled', async () => {
    const [db] = databases.map((database) => database.db);
    const games = await rows<{ home_team: string; away_team: string; status: string; game_date: string }>(
      db!,
      sql`select e.home_team, e.away_team, e.status, e.game_date from events e
          where e.sport = 'americanfootball_ncaaf' and e.season = 2024 and e.status <> 'final' order by e.game_date`,
    );
    expect(games[0]).toMatchObject({ game_date: '2024-09-28', status: 'cancelled' });
    // The two semifinals, 2025-01-09 and 10 (filed under their UTC dates), after the snapshot's data time.
    expect(games.slice(1).map((game) => [game.game_date > '2025-01-08', game.status])).toEqual([
      [true, 'scheduled'],
      [true, 'scheduled'],
    ]);
  });
});

describe('the cfbd re-run of issue 15', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps every 2025 final, sportsdataverse kickoffs and neutral sites, and graded entries graded', async () => {
    const { db } = database;
    await runSourceImport(db, 'sportsdataverse', { now: NOW });
    const before = await rows<{ id: number; state: string }>(
      db,
      sql`select id, concat_ws('|', status, home_score, away_score, kickoff_at, neutral_site) as state
          from events where sport = 'americanfootball_ncaaf' and season = 2025 order by id`,
    );
    expect(before.filter((event) => event.state.startsWith('final|')).length).toBeGreaterThan(800);
    // A spread pick on the home side of every 2025 game, graded as the results stand.
    const account = await seedUser(db);
    await db.execute(sql`insert into user_bets (user_id, event_id, sport, season, week, bet_mode, bet_kind, bet_type,
        bet_team, line, price, stake_cents, is_simulated, source, idempotency_key, status)
      select ${account.id}, e.id, e.sport, e.season, e.week, 3, 3, 4, e.home_team, 0.5, -110, 1100, true, 'manual',
        'order-' || e.id, 1
      from events e where e.sport = 'americanfootball_ncaaf' and e.season = 2025`);
    await gradeEvents(
      db,
      before.map((event) => event.id),
      NOW,
    );
    const pending = async () =>
      (await rows<{ n: number }>(db, sql`select count(*)::int as n from user_bets where status = 1`))[0]!.n;
    expect(await pending()).toBe(0);

    const rerun = await runSourceImport(db, 'cfbd', { now: NOW });
    expect(rerun).toHaveLength(DEFAULT_FILES.cfbd.length);
    const after = await rows<{ id: number; state: string }>(
      db,
      sql`select id, concat_ws('|', status, home_score, away_score, kickoff_at, neutral_site) as state
          from events where sport = 'americanfootball_ncaaf' and season = 2025 order by id`,
    );
    // The 2025 games of the pre-season snapshot sportsdataverse has too are exactly as sportsdataverse left them.
    expect(after.filter((event) => before.some((was) => was.id === event.id))).toEqual(before);
    expect(await pending()).toBe(0);
  });

  it("keeps the admin's correction of a result when the same file is imported again", async () => {
    const { db } = database;
    const [game] = await rows<{ id: number; home_score: number }>(
      db,
      sql`select e.id, e.home_score from events e join event_source_keys k on k.event_id = e.id
          where k.source = 'sportsdataverse' and e.status = 'final' order by k.source_key limit 1`,
    );
    const corrected = { status: 'final' as const, home_score: game!.home_score + 1, away_score: 0 };
    await setEventResult(db, game!.id, corrected, NOW);
    await runSourceImport(db, 'sportsdataverse', { now: NOW });
    const [after] = await rows<Record<string, unknown>>(
      db,
      sql`select status, home_score, away_score, result_source from events where id = ${game!.id}`,
    );
    expect(after).toEqual({ status: 'final', home_score: corrected.home_score, away_score: 0, result_source: 'admin' });
  });
});

describe('a database stored before provenance was kept (migration 0009)', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
  });
  afterAll(async () => {
    await database.close();
  });

  it('takes its sources from the keys, and no final of it goes back when an older snapshot is imported', async () => {
    const { db } = database;
    await runSourceImport(db, 'sportsdataverse', { now: NOW });
    // The rows as 0009 finds them: no provenance at all; then the migration's backfill statement.
    await db.execute(sql`update events set schedule_source = null, schedule_as_of = null, kickoff_source = null,
        kickoff_as_of = null, result_source = null, result_as_of = null`);
    await db.execute(sql`update event_source_keys set quotes_as_of = null`);
    const migration = readFileSync(
      path.join(findRepoRoot()!, 'packages/db/migrations/0009_event_provenance.sql'),
      'utf8',
    ).split('--> statement-breakpoint');
    await db.execute(sql.raw(migration.at(-1)!));
    const [sources] = await rows<{ sources: string }>(
      db,
      sql`select string_agg(distinct concat_ws('/', schedule_source, kickoff_source, result_source), ',') as sources
          from events`,
    );
    expect(sources!.sources).toBe('sportsdataverse/sportsdataverse/sportsdataverse');

    const finals = async () =>
      (await rows<{ id: number }>(db, sql`select id from events where status = 'final' order by id`)).map(
        (row) => row.id,
      );
    const before = await finals();
    expect(before.length).toBeGreaterThan(800);
    await runSourceImport(db, 'cfbd', { now: NOW });
    const after = new Set(await finals());
    expect(before.filter((id) => !after.has(id))).toEqual([]);
    // Their data time unknown, the schedule fields give way once; the next sportsdataverse run restores them
    // for good, and a re-run of the snapshot after it changes nothing.
    await runSourceImport(db, 'sportsdataverse', { now: NOW });
    const settled = await snapshot(db);
    await runSourceImport(db, 'cfbd', { now: NOW });
    expect(await snapshot(db)).toEqual(settled);
  });
});

import type { DbHandle } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readHistoryFile } from './history-files.js';
import {
  importCfbd,
  importNflverse,
  importRetrosheet,
  importSportsdataverse,
  importStatsapi,
} from './game-importers.js';
import { parseSeasonRange, type ImportSummary } from './imports.service.js';
import { importOddsApiOdds } from './odds-api.service.js';

/** shared/ sits beside the repository. */

async function query<T>(database: DbHandle, text: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(text)) as unknown as { rows: T[] }).rows;
}

async function openDb() {
  return createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
}

/** The file with one cell of one game's row replaced. */
function editCell(csv: string, gameId: string, column: string, value: string): string {
  const lines = csv.split('\n');
  const index = lines[0]!.split(',').indexOf(column);
  const row = lines.findIndex((line) => line.startsWith(`${gameId},`));
  const cells = lines[row]!.split(',');
  expect(cells[index]).not.toBe(value);
  cells[index] = value;
  lines[row] = cells.join(',');
  return lines.join('\n');
}

const nothingChanged = (summary: ImportSummary, total: number) =>
  expect({ added: summary.added, updated: summary.updated, unchanged: summary.unchanged }).toEqual({
    added: 0,
    updated: 0,
    unchanged: total,
  });

describe('nflverse games.csv, all of it', () => {
  const csv = readHistoryFile('nflverse/games.csv');
  let database: DbHandle;
  let first: ImportSummary;

  beforeAll(async () => {
    database = await openDb();
    const started = performance.now();
    first = await importNflverse(database.db, csv, { location: 'games.csv' });
    // Measured here, asserted nowhere (DESIGN.md section 8): the bench records it.
    console.info(`nflverse full import on ${database.kind}: ${Math.round(performance.now() - started)} ms`);
  });
  afterAll(async () => {
    await database.close();
  });

  const eventOf = async (gameId: string) => {
    const [row] = await query<Record<string, unknown>>(
      database,
      sql`select e.* from events e join event_source_keys k on k.event_id = e.id
          where k.source = 'nflverse' and k.source_key = ${gameId}`,
    );
    return row!;
  };
  const quotesOf = async (eventId: unknown) =>
    (
      await query<{
        market: string;
        outcome: string;
        price: number;
        point: number | null;
        book: string;
        source: string;
      }>(
        database,
        sql`select book, market, outcome, price, point, source, fetched_at from odds_quotes where event_id = ${eventId}
            order by market, outcome`,
      )
    ).map((quote) => ({
      ...quote,
      price: Number(quote.price),
      point: quote.point === null ? null : Number(quote.point),
    }));

  it('loads all 7,263 games, each keyed by its game_id', async () => {
    expect(first).toMatchObject({ added: 7263, updated: 0, unchanged: 0, skipped: [], rawStored: true });
    const [counts] = await query<{ events: string; keys: string }>(
      database,
      sql`select (select count(*) from events) as events,
                 (select count(*) from event_source_keys where source = 'nflverse') as keys`,
    );
    expect(counts).toEqual({ events: expect.anything(), keys: expect.anything() });
    expect(Number(counts!.events)).toBe(7263);
    expect(Number(counts!.keys)).toBe(7263);
  });

  it('has the finals: Super Bowl LVII, KC 38 at PHI 35, neutral site', async () => {
    const event = await eventOf('2022_22_KC_PHI');
    expect(event).toMatchObject({
      sport: 'americanfootball_nfl',
      season: 2022,
      week: 22,
      season_type: 'postseason',
      home_team: 'PHI',
      away_team: 'KC',
      home_score: 35,
      away_score: 38,
      neutral_site: true,
      status: 'final',
      game_date: '2023-02-12',
    });
    expect(new Date(event.kickoff_at as string).toISOString()).toBe('2023-02-12T23:30:00.000Z');
  });

  it('stores the closing lines as consensus quotes at kickoff, home spread with the sportsbook sign', async () => {
    const event = await eventOf('2022_22_KC_PHI');
    const quotes = await quotesOf(event.id);
    expect(quotes.map(({ market, outcome, price, point }) => ({ market, outcome, price, point }))).toEqual([
      { market: 'h2h', outcome: 'KC', price: 104, point: null },
      { market: 'h2h', outcome: 'PHI', price: -115, point: null },
      // nflverse spread_line 1: the home team (PHI) favoured by 1, which a sportsbook writes −1.
      { market: 'spreads', outcome: 'KC', price: -103, point: 1 },
      { market: 'spreads', outcome: 'PHI', price: -107, point: -1 },
      { market: 'totals', outcome: 'Over', price: -108, point: 51 },
      { market: 'totals', outcome: 'Under', price: -104, point: 51 },
    ]);
    expect(quotes.every((quote) => quote.book === 'consensus' && quote.source === 'nflverse')).toBe(true);
    const [fetched] = await query<{ fetched_at: string }>(
      database,
      sql`select distinct fetched_at from odds_quotes where event_id = ${event.id}`,
    );
    expect(new Date(fetched!.fetched_at).toISOString()).toBe('2023-02-12T23:30:00.000Z');
  });

  it('keeps the sign when the away team is favoured (Super Bowl LVIII: SF −1.5 at KC)', async () => {
    const event = await eventOf('2023_22_SF_KC');
    expect(event).toMatchObject({ home_team: 'KC', away_team: 'SF', home_score: 25, away_score: 22 });
    const spreads = (await quotesOf(event.id)).filter((quote) => quote.market === 'spreads');
    expect(spreads.map(({ outcome, point }) => [outcome, point])).toEqual([
      ['KC', 1.5],
      ['SF', -1.5],
    ]);
  });

  it('files a 1999 game without a kickoff time at noon UTC of its date, with -110 where nflverse has no price', async () => {
    const event = await eventOf('1999_01_MIN_ATL');
    expect(event).toMatchObject({ kickoff_at: null, game_date: '1999-09-12', home_score: 14, away_score: 17 });
    const quotes = await query<{ fetched_at: string; market: string; price: number }>(
      database,
      sql`select fetched_at, market, price from odds_quotes where event_id = ${event.id}`,
    );
    expect(quotes.map((quote) => quote.market).sort()).toEqual(['spreads', 'spreads', 'totals', 'totals']);
    expect(quotes.every((quote) => new Date(quote.fetched_at).toISOString() === '1999-09-12T12:00:00.000Z')).toBe(true);
    expect(quotes.every((quote) => Number(quote.price) === -110)).toBe(true);
  });

  it('changes nothing on a second run of the same file, and stores the file once', async () => {
    const [before] = await query<{ latest: string }>(database, sql`select max(updated_at) as latest from events`);
    const second = await importNflverse(database.db, csv, { location: 'games.csv' });
    nothingChanged(second, 7263);
    expect(second.rawStored).toBe(false);
    const [after] = await query<{ latest: string }>(database, sql`select max(updated_at) as latest from events`);
    expect(after!.latest).toEqual(before!.latest);
    const [raw] = await query<{ n: string }>(database, sql`select count(*) as n from raw_responses`);
    expect(Number(raw!.n)).toBe(1);
    const runs = await query<{ status: string; added: number; unchanged: number }>(
      database,
      sql`select status, added, unchanged from import_runs where source = 'nflverse' order by id`,
    );
    expect(runs).toEqual([
      { status: 'succeeded', added: 7263, unchanged: 0 },
      { status: 'succeeded', added: 0, unchanged: 7263 },
    ]);
  });

  it('updates only the game whose row changed: a corrected score, a moved line', async () => {
    const corrected = editCell(
      editCell(csv, '2022_22_KC_PHI', 'away_score', '39'),
      '2023_22_SF_KC',
      'spread_line',
      '-2.5',
    );
    const summary = await importNflverse(database.db, corrected, { location: 'games.csv' });
    expect(summary).toMatchObject({ added: 0, updated: 2, unchanged: 7261 });
    expect(await eventOf('2022_22_KC_PHI')).toMatchObject({ away_score: 39 });
    const spreads = (await quotesOf((await eventOf('2023_22_SF_KC')).id)).filter((q) => q.market === 'spreads');
    expect(spreads.map(({ outcome, point }) => [outcome, point])).toEqual([
      ['KC', 2.5],
      ['SF', -2.5],
    ]);
    const touched = await query<{ n: string }>(
      database,
      sql`select count(*) as n from events where updated_at > created_at`,
    );
    // The event row changed for the corrected score only; the moved line changed quotes, not the event.
    expect(Number(touched[0]!.n)).toBe(1);
    // And back: the original file restores both.
    expect(await importNflverse(database.db, csv)).toMatchObject({ added: 0, updated: 2, unchanged: 7261 });
  });
});

describe('a schedule arriving after The Odds API created its games', () => {
  const oddsFile = readHistoryFile(
    'fixtures/the-odds-api/captured/americanfootball_nfl_odds_us_h2h-spreads-totals_american_2022-12-27.json',
  );
  /** nflverse's week 17 of 2022 alone: the week the captured odds are about. */
  const week17 = readHistoryFile('nflverse/games.csv')
    .split('\n')
    .filter((line, index) => index === 0 || line.startsWith('2022_17_'))
    .join('\n');
  let database: DbHandle;
  beforeAll(async () => {
    database = await openDb();
  });
  afterAll(async () => {
    await database.close();
  });

  const oddsImport = (fetchedAt: string) =>
    importOddsApiOdds(database.db, { body: oddsFile, location: 'replay', fetchedAt: new Date(fetchedAt) });
  const quotesByEvent = async () =>
    query<{ event_id: number; n: string }>(
      database,
      sql`select event_id, count(*) as n from odds_quotes where source = 'odds-api' group by event_id order by event_id`,
    );

  it('keys the events The Odds API made instead of adding second ones, and keeps their quotes', async () => {
    const odds = await oddsImport('2022-12-27T21:40:00Z');
    expect(odds.added).toBeGreaterThan(1000);
    const [created] = await query<{ n: string }>(database, sql`select count(*) as n from events`);
    // No schedule covers the week yet: every event of the file is created, BUF at CIN included.
    expect(Number(created!.n)).toBe(16);
    const quotesBefore = await quotesByEvent();

    const summary = await importNflverse(database.db, week17, { location: 'games.csv' });
    expect(summary).toMatchObject({ added: 0, updated: 15, unchanged: 0, skipped: [] });
    const [run] = await query<{ detail: { matchedExisting: number; oddsEventsRemoved: number } }>(
      database,
      sql`select detail from import_runs where id = ${summary.runId}`,
    );
    expect(run!.detail.matchedExisting).toBe(15);
    // BUF at CIN, which nflverse does not list among the week's games, goes with its quotes: had nflverse come
    // first, the odds importer would have skipped it, and any order of imports ends the same (decision 022).
    expect(run!.detail.oddsEventsRemoved).toBe(1);

    const events = await query<{ id: number; sources: string; week: number; status: string }>(
      database,
      sql`select e.id, e.week, e.status, string_agg(k.source, ',' order by k.source) as sources
          from events e join event_source_keys k on k.event_id = e.id group by e.id order by e.id`,
    );
    expect(events).toHaveLength(15);
    // Each game is one event with both keys, its quotes kept.
    expect(events.filter((event) => event.sources === 'nflverse,odds-api')).toHaveLength(15);
    const kept = new Set(events.map((event) => event.id));
    expect(await quotesByEvent()).toEqual(quotesBefore.filter((entry) => kept.has(Number(entry.event_id))));

    // The event now has nflverse's fields: DAL 27 at TEN 13, final, week 17.
    const [dalTen] = await query<Record<string, unknown>>(
      database,
      sql`select e.* from events e join event_source_keys k on k.event_id = e.id
          where k.source = 'nflverse' and k.source_key = '2022_17_DAL_TEN'`,
    );
    expect(dalTen).toMatchObject({ week: 17, status: 'final', home_score: 13, away_score: 27, season: 2022 });
    const [dalTenQuotes] = await query<{ books: string }>(
      database,
      sql`select count(distinct book) as books from odds_quotes where event_id = ${dalTen!.id}`,
    );
    expect(Number(dalTenQuotes!.books)).toBeGreaterThan(5);
  });

  it('changes nothing on a second run, and the next odds land on the same events', async () => {
    nothingChanged(await importNflverse(database.db, week17, { location: 'games.csv' }), 15);
    const later = await oddsImport('2022-12-28T21:40:00Z');
    expect(later.added).toBeGreaterThan(1000);
    const [counts] = await query<{ events: string; keys: string }>(
      database,
      sql`select (select count(*) from events) as events, (select count(*) from event_source_keys) as keys`,
    );
    expect({ events: Number(counts!.events), keys: Number(counts!.keys) }).toEqual({ events: 15, keys: 30 });
    expect(later.skipped.map((entry) => entry.reason).join(' ')).toMatch(/BUF|Buffalo/);
  });

  it('leaves the demo season alone: a real game never takes over a demo event', async () => {
    const other = await openDb();
    try {
      await importNflverse(other.db, week17, { location: 'games.csv' });
      // The week's games again, now as demo events of a database with no nflverse keys.
      await other.db.execute(sql`update events set is_demo = true`);
      await other.db.execute(sql`delete from event_source_keys`);
      const summary = await importNflverse(other.db, week17, { location: 'games.csv' });
      expect(summary).toMatchObject({ added: 15, updated: 0 });
      const [count] = await query<{ n: string }>(other, sql`select count(*) as n from events`);
      expect(Number(count!.n)).toBe(30);
    } finally {
      await other.close();
    }
  });
});

describe('nflverse with --seasons', () => {
  it('parses season ranges', () => {
    expect(parseSeasonRange('2015-2025')).toEqual({ from: 2015, to: 2025 });
    expect(parseSeasonRange('2022')).toEqual({ from: 2022, to: 2022 });
    expect(parseSeasonRange('2025-2015')).toBeUndefined();
    expect(parseSeasonRange('22')).toBeUndefined();
  });

  it('imports only the seasons asked for: 2022 has 284 games (BUF at CIN was never completed)', async () => {
    const database = await openDb();
    try {
      const summary = await importNflverse(database.db, readHistoryFile('nflverse/games.csv'), {
        seasons: { from: 2022, to: 2022 },
      });
      expect(summary).toMatchObject({ added: 284, updated: 0, unchanged: 0, skipped: [] });
      const [row] = await query<{ n: string }>(database, sql`select count(*) as n from events where season <> 2022`);
      expect(Number(row!.n)).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe('college football: CFBD and sportsdataverse', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await openDb();
  });
  afterAll(async () => {
    await database.close();
  });

  it('loads the 874 games of FBS teams in CFBD 2024 (v1), 121 against FCS teams, and says why it left out the rest', async () => {
    const summary = await importCfbd(database.db, readHistoryFile('cfbd/games_2024_regular_v1.json'));
    expect(summary).toMatchObject({ added: 874, updated: 0, unchanged: 0 });
    expect(summary.skipped).toEqual([{ reason: 'not an FBS game', count: 3747 - 874 }]);
    const [game] = await query<Record<string, unknown>>(
      database,
      sql`select e.* from events e join event_source_keys k on k.event_id = e.id
          where k.source = 'cfbd' and e.home_team = 'OSU' and e.away_team = 'MICH' and e.season = 2024`,
    );
    expect(game).toMatchObject({ home_score: 10, away_score: 13, status: 'final', sport: 'americanfootball_ncaaf' });
    nothingChanged(await importCfbd(database.db, readHistoryFile('cfbd/games_2024_regular_v1.json')), 874);
  });

  it('loads the v2 2025 schedule, then lets sportsdataverse results land on the same games by ESPN id', async () => {
    expect(await importCfbd(database.db, readHistoryFile('cfbd/games_2025_v2_snapshot_2025-08-28.json'))).toMatchObject(
      {
        added: 879,
      },
    );
    const files = {
      schedule: readHistoryFile('sportsdataverse-cfb/cfb_schedule_2025.csv'),
      betting: readHistoryFile('sportsdataverse-cfb/betting_2025.csv'),
    };
    const summary = await importSportsdataverse(database.db, files);
    expect(summary.added + summary.updated + summary.unchanged).toBe(934);
    // Most 2025 games were on the CFBD schedule already: they are updated with their finals, not duplicated.
    expect(summary.updated).toBeGreaterThan(700);
    const [counts] = await query<{ events: string; shared: string }>(
      database,
      sql`select (select count(*) from events where season = 2025) as events,
                 (select count(distinct event_id) from event_source_keys where source = 'sportsdataverse') as shared`,
    );
    expect(Number(counts!.events)).toBe(879 + summary.added);
    expect(Number(counts!.shared)).toBe(934);
    const [spreads] = await query<{ n: string }>(
      database,
      sql`select count(*) as n from odds_quotes where source = 'sportsdataverse' and market = 'spreads'`,
    );
    expect(Number(spreads!.n)).toBeGreaterThan(1500);
    nothingChanged(await importSportsdataverse(database.db, files), 934);
  });
});

describe('MLB: Stats API and Retrosheet', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await openDb();
  });
  afterAll(async () => {
    await database.close();
  });

  it('loads the 2,430 games of 2025 keyed by game_pk', async () => {
    const summary = await importStatsapi(database.db, readHistoryFile('mlb/statsapi/games_2025.csv'));
    expect(summary).toMatchObject({ added: 2430, updated: 0, unchanged: 0, skipped: [] });
    nothingChanged(await importStatsapi(database.db, readHistoryFile('mlb/statsapi/games_2025.csv')), 2430);
  });

  it('loads the 2,430 games of Retrosheet 2023, the two games of each of the 35 doubleheaders distinct', async () => {
    const summary = await importRetrosheet(database.db, readHistoryFile('mlb/retrosheet/GL2023.TXT'));
    expect(summary).toMatchObject({ added: 2430, updated: 0, unchanged: 0, skipped: [] });
    const doubleheaders = await query<{ n: string }>(
      database,
      sql`select count(*) as n from (
            select game_date, home_team from events where sport = 'baseball_mlb' and season = 2023
            group by game_date, home_team having count(*) = 2) as pairs`,
    );
    expect(Number(doubleheaders[0]!.n)).toBe(35);
    nothingChanged(await importRetrosheet(database.db, readHistoryFile('mlb/retrosheet/GL2023.TXT')), 2430);
  });
});

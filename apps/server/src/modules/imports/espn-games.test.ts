import {
  AdminImportRunResponse,
  AdminImportsResponse,
  AdminImportStartResponse,
  BetResponse,
  BookEventsResponse,
  PoolResponse,
  WhatIfResponse,
} from '@pass/contracts';
import { eventSourceKeys, events, type Database, type DbExecutor } from '@pass/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type TestClient } from '../../test/accounts.js';
import {
  ESPN_FIXTURES,
  FakeEspn,
  finalState,
  readEspnBoard,
  withState,
  type Board,
  type BoardEvent,
} from '../../test/espn.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { newKey, postEntry, signedInMember } from '../../test/ledger.js';
import { poolSettings } from '../../test/pools.js';
import { EspnClient, fetchAndImportEspn, type EspnBoard } from './espn-client.js';
import { importCfbd, importEspn, importNflverse } from './game-importers.js';
import { readHistoryFile } from './history-files.js';
import { runSourceImport } from './import-jobs.js';
import type { ImportSummary } from './imports.service.js';
import { SourceFetchError } from './source-fetch.js';
import { linesOfRecord } from '../sports/sports.service.js';

/**
 * The ESPN scoreboard against a fake ESPN serving the captures (and states made from them): events created and
 * found again, a game followed from before kickoff to its final through the schedule endpoint and the ledger,
 * conditional polls, failures, and ESPN's place among the other sources.
 */

const NFL = 'americanfootball_nfl';
const WEEK_12: EspnBoard = { sport: NFL, week: 12, seasonType: 'regular', season: 2025 };
const WILD_CARD: EspnBoard = { sport: NFL, week: 1, seasonType: 'postseason', season: 2025 };
/** Bills at Texans, Thursday night of week 12: ESPN BET had BUF −6, HOU +6; the Texans won 23–19. */
const BUF_HOU = '401772946';

async function query<T>(db: DbExecutor, text: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(text)) as unknown as { rows: T[] }).rows;
}

let testApp: TestApp;
let db: Database;
let clock = new Date('2025-11-20T15:00:00Z');
const espn = new FakeEspn();
const waits: number[] = [];
const newClient = () =>
  new EspnClient({
    baseUrl: espn.url,
    // The fake listens on loopback: tests only.
    outbound: { allowPrivateAddresses: true },
    timeoutMs: 150,
    sleep: async (ms) => void waits.push(ms),
    clock: () => clock,
  });
let client: EspnClient;
const at = (iso: string) => (clock = new Date(iso));
const pathOf = (board: EspnBoard) => {
  const url = client.scoreboardUrl(board);
  return `${url.pathname}${url.search}`;
};
const poll = (board: EspnBoard) => fetchAndImportEspn(db, client, board, { now: clock });
const imported = (result: ImportSummary | 'unchanged'): ImportSummary => {
  expect(result).not.toBe('unchanged');
  return result as ImportSummary;
};

const eventOf = async (espnId: string) => {
  const [row] = await query<Record<string, unknown>>(
    db,
    sql`select e.id, e.status, e.home_team, e.away_team, e.home_score, e.away_score, e.week, e.season_type,
          e.game_date, e.live_period, e.live_clock, e.live_detail, e.result_source, e.result_as_of
        from events e join event_source_keys k on k.event_id = e.id
        where k.source = 'espn' and k.source_key = ${espnId}`,
  );
  return row!;
};
/** ESPN BET's spread of Bills at Texans as the week's schedule sends it, with the time it was filed. */
const espnLineOnSchedule = async () => {
  const week = BookEventsResponse.parse(
    (await testApp.app.inject({ method: 'GET', url: `/api/book/events/${NFL}/12?season_year=2025` })).json(),
  );
  const spreads = week.events
    .find((item) => item.home_team === 'HOU')!
    .odds.filter((quote) => quote.book === 'espnbet' && quote.market === 'spreads');
  return {
    fetched_at: spreads[0]?.fetched_at,
    spreads: Object.fromEntries(spreads.map((quote) => [quote.outcome, quote.point])),
  };
};
/** The board with one game's ESPN line moved (`details` names the favourite, `spread` is the home team's). */
function withLine(board: Board, eventId: string, details: string, homeSpread: number): Board {
  const event = board.events.find((item) => item.id === eventId)!;
  const odds = event.competitions[0]!.odds![0] as Record<string, unknown>;
  Object.assign(odds, { details, spread: homeSpread });
  return board;
}
const runCount = async () =>
  Number((await query<{ n: number }>(db, sql`select count(*)::int as n from import_runs where source = 'espn'`))[0]!.n);
const eventsSnapshot = () =>
  query(
    db,
    sql`select id, status, home_score, away_score, live_period, live_detail, result_as_of from events order by id`,
  );

beforeAll(async () => {
  await espn.server.start();
  testApp = await buildTestApp({ ESPN_API_URL: espn.url }, { now: () => clock });
  db = testApp.database.db;
  client = newClient();
});
afterAll(async () => {
  await espn.server.stop();
  await testApp.app.close();
});

describe('the ESPN scoreboard, NFL week 12 of 2025 from before kickoff to the final', () => {
  let member: { client: TestClient };
  let entryId: number;
  /** The member's straight-up pool of week 12 with Bills at Texans alone on its slate, and HOU picked. */
  let poolId: number;
  const poolVersions = async () =>
    query(
      db,
      sql`select p.version, w.week, w.inputs_version from pools p join pool_weeks w on w.pool_id = p.id
          where p.id = ${poolId} order by w.week`,
    );

  it('creates the week’s events keyed by ESPN id, with ESPN BET’s line as quotes filed when seen', async () => {
    espn.serve(pathOf(WEEK_12), readEspnBoard(ESPN_FIXTURES.nflWeek12));
    const summary = imported(await poll(WEEK_12));
    expect(summary).toMatchObject({ added: 14, updated: 0, unchanged: 0, skipped: [] });
    expect(espn.server.requests.at(-1)!.url).toBe(
      '/apis/site/v2/sports/football/nfl/scoreboard?dates=2025&seasontype=2&week=12',
    );
    const game = await eventOf(BUF_HOU);
    expect(game).toMatchObject({
      status: 'scheduled',
      home_team: 'HOU',
      away_team: 'BUF',
      week: 12,
      game_date: '2025-11-20',
      live_detail: null,
      result_source: 'espn',
    });
    const quotes = await query<Record<string, unknown>>(
      db,
      sql`select book, market, outcome, price::int as price, point::float as point, source, fetched_at, quoted_at
          from odds_quotes where event_id = ${game.id} order by market, outcome`,
    );
    expect(quotes.map(({ fetched_at: _f, quoted_at: _q, ...quote }) => quote)).toEqual([
      { book: 'espnbet', market: 'h2h', outcome: 'BUF', price: -290, point: null, source: 'espn' },
      { book: 'espnbet', market: 'h2h', outcome: 'HOU', price: 240, point: null, source: 'espn' },
      { book: 'espnbet', market: 'spreads', outcome: 'BUF', price: -115, point: -6, source: 'espn' },
      { book: 'espnbet', market: 'spreads', outcome: 'HOU', price: -105, point: 6, source: 'espn' },
      { book: 'espnbet', market: 'totals', outcome: 'Over', price: -110, point: 43.5, source: 'espn' },
      { book: 'espnbet', market: 'totals', outcome: 'Under', price: -110, point: 43.5, source: 'espn' },
    ]);
    // Filed at the poll that saw it, before kickoff (01:15Z), so the schedule shows it as this week's line.
    expect(new Date(quotes[0]!.fetched_at as string).toISOString()).toBe(clock.toISOString());
    expect(new Date(quotes[0]!.quoted_at as string).toISOString()).toBe(clock.toISOString());
    expect(await espnLineOnSchedule()).toEqual({ fetched_at: clock.toISOString(), spreads: { BUF: -6, HOU: 6 } });
  });

  it('starts no import run for a poll ESPN answers 304, nor for the same body without an ETag', async () => {
    const runs = await runCount();
    at('2025-11-20T15:01:00Z');
    expect(await poll(WEEK_12)).toBe('unchanged');
    expect(espn.server.requests.at(-1)!.ifNoneMatch).toMatch(/^"[0-9a-f]{40}"$/);
    expect(await runCount()).toBe(runs);
    // A source without ETags: the first poll of a new client imports (nothing changes), the next is unchanged.
    espn.sendsEtags = false;
    try {
      client = newClient();
      expect(imported(await poll(WEEK_12))).toMatchObject({ added: 0, updated: 0, unchanged: 14 });
      expect(await runCount()).toBe(runs + 1);
      expect(await poll(WEEK_12)).toBe('unchanged');
      expect(espn.server.requests.at(-1)!.ifNoneMatch).toBeNull();
      expect(await runCount()).toBe(runs + 1);
    } finally {
      espn.sendsEtags = true;
    }
  });

  it('keeps an unchanged line filed when first seen, and files a moved one at the poll that saw it move', async () => {
    at('2025-11-20T18:00:00Z');
    espn.serve(pathOf(WEEK_12), withLine(readEspnBoard(ESPN_FIXTURES.nflWeek12), BUF_HOU, 'BUF -6', 6));
    // A body with a changed field elsewhere (the ETag differs) and the same line: imported, the line left as filed.
    const sameLine = withLine(readEspnBoard(ESPN_FIXTURES.nflWeek12), BUF_HOU, 'BUF -6', 6);
    sameLine.events[0]!.competitions[0]!.attendance = 71_000;
    espn.serve(pathOf(WEEK_12), sameLine);
    imported(await poll(WEEK_12));
    expect(await espnLineOnSchedule()).toEqual({
      fetched_at: '2025-11-20T15:00:00.000Z',
      spreads: { BUF: -6, HOU: 6 },
    });
    at('2025-11-20T21:00:00Z');
    espn.serve(pathOf(WEEK_12), withLine(readEspnBoard(ESPN_FIXTURES.nflWeek12), BUF_HOU, 'BUF -6.5', 6.5));
    expect(imported(await poll(WEEK_12))).toMatchObject({ added: 0 });
    expect(await espnLineOnSchedule()).toEqual({
      fetched_at: '2025-11-20T21:00:00.000Z',
      spreads: { BUF: -6.5, HOU: 6.5 },
    });
    // A pool publishing its against-the-spread slate now freezes the line ESPN shows (no paid odds source needed).
    const game = await eventOf(BUF_HOU);
    const lines = await linesOfRecord(
      db,
      [{ id: game.id as number, homeTeam: 'HOU', awayTeam: 'BUF' }],
      new Date('2025-11-20T21:30:00Z'),
    );
    expect(lines.get(game.id as number)).toMatchObject({ homeSpread: 6.5 });
    // Back to the capture's line for what follows.
    at('2025-11-20T22:00:00Z');
    espn.serve(pathOf(WEEK_12), readEspnBoard(ESPN_FIXTURES.nflWeek12));
    imported(await poll(WEEK_12));
    expect(await espnLineOnSchedule()).toEqual({
      fetched_at: '2025-11-20T22:00:00.000Z',
      spreads: { BUF: -6, HOU: 6 },
    });
  });

  it('takes a member’s pick on HOU +6 before kickoff', async () => {
    member = await signedInMember(testApp.app, db);
    const game = await eventOf(BUF_HOU);
    const posted = await postEntry(member.client, {
      event_id: game.id,
      bet_mode: 1,
      bet_kind: 3,
      bet_type: 3,
      bet_team: 'HOU',
      line: 6,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    entryId = BetResponse.parse(posted.json()).data.id;

    const created = await member.client.post(
      '/api/pools',
      poolSettings({ start_week: 12, games_per_week: 1, win_basis: 'straight', last_man_standing: false }),
    );
    expect(created.statusCode, created.body).toBe(201);
    poolId = PoolResponse.parse(created.json()).data.id;
    const week = `/api/pools/${poolId}/weeks/12`;
    const slate = await member.client.request({
      method: 'PUT',
      url: `${week}/slate`,
      payload: { event_ids: [game.id] },
    });
    expect(slate.statusCode, slate.body).toBe(200);
    const picked = await member.client.request({
      method: 'PUT',
      url: `${week}/picks`,
      payload: { picks: [{ event_id: game.id, team: 'HOU' }] },
      headers: { 'idempotency-key': newKey() },
    });
    expect(picked.statusCode, picked.body).toBe(200);
  });

  it('shows the game in its second quarter, with the live state the schedule endpoint sends', async () => {
    at('2025-11-21T02:10:00Z');
    const secondQuarter = withState(
      readEspnBoard(ESPN_FIXTURES.nflWeek12),
      BUF_HOU,
      { name: 'STATUS_IN_PROGRESS', state: 'in', period: 2, clock: '4:12', detail: '4:12 - 2nd Quarter' },
      { home: 3, away: 10 },
    );
    espn.serve(pathOf(WEEK_12), secondQuarter);
    expect(imported(await poll(WEEK_12))).toMatchObject({ added: 0, updated: 1, unchanged: 13 });
    expect(await eventOf(BUF_HOU)).toMatchObject({
      status: 'in_progress',
      home_score: 3,
      away_score: 10,
      live_period: 2,
      live_clock: '4:12',
      live_detail: '4:12 - 2nd Quarter',
    });
    // ESPN dropped the line at kickoff: the stored one stays.
    const [quotes] = await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from odds_quotes where source = 'espn' and event_id = ${(await eventOf(BUF_HOU)).id}`,
    );
    expect(quotes!.n).toBe(6);
    // The last line seen before kickoff is the game's closing line.
    expect(await espnLineOnSchedule()).toEqual({
      fetched_at: '2025-11-20T22:00:00.000Z',
      spreads: { BUF: -6, HOU: 6 },
    });
    const week = BookEventsResponse.parse(
      (await testApp.app.inject({ method: 'GET', url: `/api/book/events/${NFL}/12?season_year=2025` })).json(),
    );
    const event = week.events.find((item) => item.home_team === 'HOU')!;
    expect(event).toMatchObject({
      status: 'in_progress',
      event_scores: { home: 3, away: 10 },
      live: { period: 2, clock: '4:12', detail: '4:12 - 2nd Quarter', as_of: '2025-11-21T02:10:00.000Z' },
    });
    expect(week.events.find((item) => item.home_team === 'CHI')!.live).toBeNull();
    const entry = BetResponse.parse((await member.client.get(`/api/user/bets/${entryId}`)).json()).data;
    expect(entry.outcome).toBeNull();
  });

  it('never puts an earlier quarter back from an older poll', async () => {
    const firstQuarter = withState(
      readEspnBoard(ESPN_FIXTURES.nflWeek12),
      BUF_HOU,
      { name: 'STATUS_IN_PROGRESS', state: 'in', period: 1, clock: '2:30', detail: '2:30 - 1st Quarter' },
      { home: 0, away: 7 },
    );
    const summary = await importEspn(db, JSON.stringify(firstQuarter), {
      sport: NFL,
      fetchedAt: new Date('2025-11-21T01:40:00Z'),
      now: clock,
    });
    expect(summary).toMatchObject({ updated: 0, unchanged: 14 });
    expect(await eventOf(BUF_HOU)).toMatchObject({ live_period: 2, home_score: 3, away_score: 10 });
  });

  it('regrades nothing while only the score moves, and the pool’s "if the games ended now" follows the score', async () => {
    const before = await poolVersions();
    expect(before.length).toBeGreaterThan(0);
    at('2025-11-21T02:50:00Z');
    espn.serve(
      pathOf(WEEK_12),
      withState(
        readEspnBoard(ESPN_FIXTURES.nflWeek12),
        BUF_HOU,
        { name: 'STATUS_IN_PROGRESS', state: 'in', period: 3, clock: '9:01', detail: '9:01 - 3rd Quarter' },
        { home: 13, away: 10 },
      ),
    );
    expect(imported(await poll(WEEK_12))).toMatchObject({ updated: 1, unchanged: 13 });
    expect(await eventOf(BUF_HOU)).toMatchObject({ status: 'in_progress', home_score: 13, away_score: 10 });
    // The week's totals stored before the score moved are still current: nothing to work out again.
    expect(await poolVersions()).toEqual(before);
    const endedNow = await member.client.get(`/api/pools/${poolId}/what-if?rules=ended_now`);
    expect(endedNow.statusCode, endedNow.body).toBe(200);
    // HOU leads 13–10: ended now, the pick wins; as things stand, nothing is decided.
    expect(WhatIfResponse.parse(endedNow.json()).data.rows).toMatchObject([
      { actual: { points: 0, wins: 0 }, what_if: { points: 5, wins: 1 } },
    ]);
  });

  it('grades the pick at the final and clears the live state', async () => {
    at('2025-11-21T04:30:00Z');
    espn.serve(
      pathOf(WEEK_12),
      withState(readEspnBoard(ESPN_FIXTURES.nflWeek12), BUF_HOU, finalState(), { home: 23, away: 19 }),
    );
    expect(imported(await poll(WEEK_12))).toMatchObject({ updated: 1, unchanged: 13 });
    expect(await eventOf(BUF_HOU)).toMatchObject({
      status: 'final',
      home_score: 23,
      away_score: 19,
      live_period: null,
      live_clock: null,
      live_detail: null,
    });
    const entry = BetResponse.parse((await member.client.get(`/api/user/bets/${entryId}`)).json()).data;
    expect(entry).toMatchObject({ status: 8, outcome: 'win' });
    // The final is a result: the pool's week is worked out again.
    const [pool] = await poolVersions();
    expect(Number((pool as { inputs_version: number }).inputs_version)).toBeGreaterThan(0);
  });

  it('applies ESPN’s own correction of its final, and grades again', async () => {
    at('2025-11-21T05:00:00Z');
    espn.serve(
      pathOf(WEEK_12),
      withState(readEspnBoard(ESPN_FIXTURES.nflWeek12), BUF_HOU, finalState(), { home: 23, away: 30 }),
    );
    expect(imported(await poll(WEEK_12))).toMatchObject({ updated: 1 });
    expect(await eventOf(BUF_HOU)).toMatchObject({ status: 'final', home_score: 23, away_score: 30 });
    const entry = BetResponse.parse((await member.client.get(`/api/user/bets/${entryId}`)).json()).data;
    expect(entry).toMatchObject({ status: 8, outcome: 'loss' });
  });

  it('keeps the time a final was first seen when later polls show it again', async () => {
    at('2025-11-21T05:10:00Z');
    const board = withState(readEspnBoard(ESPN_FIXTURES.nflWeek12), BUF_HOU, finalState(), { home: 23, away: 30 });
    // Something else on the board changed (a record line no importer reads): the body is new, the final is not.
    const other = board.events.find((event) => event.id === '401772780')!.competitions[0]!.competitors[0]!;
    other.records = [];
    espn.serve(pathOf(WEEK_12), board);
    expect(imported(await poll(WEEK_12))).toMatchObject({ updated: 0, unchanged: 14 });
    const game = await eventOf(BUF_HOU);
    expect(new Date(game.result_as_of as string).toISOString()).toBe('2025-11-21T05:00:00.000Z');
  });

  it('gives way to the official final read after the game, and keeps it over ESPN from then on', async () => {
    const lines = readHistoryFile('nflverse/games_2025_complete_nfl_data_py_export.csv').split('\n');
    const thursday = [lines[0]!, lines.find((line) => line.startsWith('2025_12_BUF_HOU,'))!].join('\n');
    // nflverse's file, read at 6 am, is as of the game's end (kickoff + 4 h, 05:15): newer than ESPN's final.
    await importNflverse(db, thursday, { now: new Date('2025-11-21T06:00:00Z') });
    expect(await eventOf(BUF_HOU)).toMatchObject({ home_score: 23, away_score: 19, result_source: 'nflverse' });
    let entry = BetResponse.parse((await member.client.get(`/api/user/bets/${entryId}`)).json()).data;
    expect(entry).toMatchObject({ status: 8, outcome: 'win' });

    at('2025-11-21T12:00:00Z');
    espn.serve(
      pathOf(WEEK_12),
      withState(readEspnBoard(ESPN_FIXTURES.nflWeek12), BUF_HOU, finalState(), { home: 23, away: 30 }),
    );
    expect(imported(await poll(WEEK_12)).skipped).toEqual([
      { reason: "ESPN's final differs from nflverse's: kept BUF 19 at HOU 23 (ESPN: BUF 30 at HOU 23)", count: 1 },
    ]);
    expect(await eventOf(BUF_HOU)).toMatchObject({ home_score: 23, away_score: 19, result_source: 'nflverse' });
    entry = BetResponse.parse((await member.client.get(`/api/user/bets/${entryId}`)).json()).data;
    expect(entry).toMatchObject({ outcome: 'win' });
  });
});

describe('the ESPN scoreboard when ESPN fails or changes its answer', () => {
  beforeAll(() => {
    at('2025-11-23T16:00:00Z');
    client = newClient();
  });

  it('tries a 429 again after its Retry-After, then imports', async () => {
    waits.length = 0;
    espn.server.failNext(429, { headers: { 'retry-after': '2' } });
    expect(imported(await poll(WEEK_12)).runId).toBeGreaterThan(0);
    expect(waits).toEqual([2000]);
  });

  it('starts no run and changes nothing on a 500 after the last try, or an answer that does not come', async () => {
    client = newClient();
    const runs = await runCount();
    const before = await eventsSnapshot();
    espn.server.failNext(500, { times: 2 });
    await expect(poll(WEEK_12)).rejects.toMatchObject({ name: 'SourceFetchError', status: 500 });
    espn.server.failNext('slow', { times: 2 });
    const slow = await poll(WEEK_12).catch((error: unknown) => error);
    expect(slow).toBeInstanceOf(SourceFetchError);
    expect((slow as Error).message).toMatch(/within 150 ms/);
    expect(await runCount()).toBe(runs);
    expect(await eventsSnapshot()).toEqual(before);
  });

  it('records a failed run for a body cut off, changes nothing, and imports the next good one', async () => {
    client = newClient();
    const before = await eventsSnapshot();
    espn.server.failNext('malformed');
    await expect(poll(WEEK_12)).rejects.toThrow(/not JSON/);
    const [run] = await query<{ status: string; error: string }>(
      db,
      sql`select status, error from import_runs where source = 'espn' order by id desc limit 1`,
    );
    expect(run).toMatchObject({ status: 'failed', error: expect.stringMatching(/cut off/) });
    expect(await eventsSnapshot()).toEqual(before);
    // The cut-off body was not remembered: the same board again is imported.
    expect(imported(await poll(WEEK_12))).toMatchObject({ added: 0 });
  });

  it('skips an event whose competitions ESPN renamed, with the reason, and reads the rest', async () => {
    at('2025-11-23T19:00:00Z');
    const board = withState(
      readEspnBoard(ESPN_FIXTURES.nflWeek12),
      '401772780',
      { name: 'STATUS_IN_PROGRESS', state: 'in', period: 1, clock: '3:00', detail: '3:00 - 1st Quarter' },
      { home: 7, away: 0 },
    );
    const renamed = board.events.find((event) => event.id === '401772781')! as Partial<BoardEvent>;
    (renamed as Record<string, unknown>).contests = renamed.competitions;
    delete renamed.competitions;
    espn.serve(pathOf(WEEK_12), board);
    const summary = imported(await poll(WEEK_12));
    expect(summary).toMatchObject({
      updated: 1,
      unchanged: 12,
      skipped: [{ reason: 'no competitions[0]', count: 1 }],
    });
    expect(await eventOf('401772780')).toMatchObject({ status: 'in_progress', home_score: 7, live_period: 1 });
    expect(await eventOf('401772781')).toMatchObject({ status: 'scheduled' });
  });
});

describe('ESPN among the other sources', () => {
  it('finds the nflverse events of the Wild Card round by teams and kickoff, and never replaces their finals', async () => {
    const lines = readHistoryFile('nflverse/games_2025_complete_nfl_data_py_export.csv').split('\n');
    const wildCard = [lines[0]!, ...lines.filter((line) => line.startsWith('2025_19_'))].join('\n');
    // nflverse read on the Tuesday morning, ESPN polled later that day.
    await importNflverse(db, wildCard, { now: new Date('2026-01-13T06:00:00Z') });
    const events = async () =>
      Number(
        (
          await query<{ n: number }>(db, sql`select count(*)::int as n from events where season_type = 'postseason'`)
        )[0]!.n,
      );
    expect(await events()).toBe(6);

    const board = readEspnBoard(ESPN_FIXTURES.nflWildCard) as Board;
    const carolina = board.events.find((event) => event.id === '401772979')!.competitions[0]!;
    carolina.competitors.find((side) => side.homeAway === 'home')!.score = '30';
    at('2026-01-13T12:00:00Z');
    espn.serve(pathOf(WILD_CARD), board);
    const summary = imported(await poll(WILD_CARD));
    expect(summary).toMatchObject({
      added: 0,
      updated: 0,
      unchanged: 6,
      skipped: [
        { reason: "ESPN's final differs from nflverse's: kept LA 34 at CAR 31 (ESPN: LA 34 at CAR 30)", count: 1 },
      ],
    });
    expect(await events()).toBe(6);
    // Found, keyed and left as nflverse said: the agreeing finals keep nflverse as their source too.
    expect(await eventOf('401772979')).toMatchObject({
      home_score: 31,
      away_score: 34,
      result_source: 'nflverse',
      week: 19,
    });
    expect(await eventOf('401772976')).toMatchObject({ home_score: 6, away_score: 30, result_source: 'nflverse' });
  });

  it('finds college events by the ESPN id CFBD keys them with', async () => {
    await importCfbd(db, readHistoryFile('cfbd/games_2025_v2_snapshot_2025-08-28.json'), {
      now: new Date('2025-08-29T12:00:00Z'),
    });
    const [before] = await query<{ n: number }>(db, sql`select count(*)::int as n from events`);
    at('2025-08-30T13:00:00Z');
    const board: EspnBoard = { sport: 'americanfootball_ncaaf', date: '2025-08-30' };
    espn.serve(pathOf(board), readEspnBoard(ESPN_FIXTURES.collegeDay));
    const summary = imported(await poll(board));
    expect(espn.server.requests.at(-1)!.url).toBe(
      '/apis/site/v2/sports/football/college-football/scoreboard?dates=20250830&groups=80&limit=400',
    );
    expect(summary).toMatchObject({ added: 0, skipped: [{ reason: 'not an FBS game', count: 1 }] });
    const [after] = await query<{ n: number }>(db, sql`select count(*)::int as n from events`);
    expect(after!.n).toBe(before!.n);
    // Texas at Ohio State, the CFBD event: OSU −1.5 from ESPN BET; 8 pm Eastern at BYU files under Saturday.
    const osu = await eventOf('401752677');
    expect(osu).toMatchObject({ home_team: 'OSU', away_team: 'TEX', status: 'scheduled' });
    const [spread] = await query<{ point: number }>(
      db,
      sql`select point::float as point from odds_quotes
          where event_id = ${osu.id} and source = 'espn' and market = 'spreads' and outcome = 'OSU'`,
    );
    expect(spread!.point).toBe(-1.5);
    expect(await eventOf('401756851')).toMatchObject({ home_team: 'BYU', game_date: '2025-08-30' });
  });
});

describe('MLB from the ESPN scoreboard, and the named source', () => {
  it("imports a day's games with the one still in the ninth under way, from the admin's source", async () => {
    // An event The Odds API made for a game of the next day: a board of one day says nothing of it.
    const [tomorrow] = await db
      .insert(events)
      .values({
        sport: 'baseball_mlb',
        season: 2025,
        week: 25,
        seasonType: 'regular',
        kickoffAt: new Date('2025-09-03T23:10:00Z'),
        gameDate: '2025-09-03',
        homeTeam: 'PHI',
        awayTeam: 'MIL',
        status: 'scheduled',
      })
      .returning({ id: events.id });
    await db.insert(eventSourceKeys).values({ source: 'odds-api', sourceKey: 'odds-mil-phi', eventId: tomorrow!.id });
    // 11:30 pm in the East: the board of the day, the last game in the ninth.
    at('2025-09-03T03:30:00Z');
    const day: EspnBoard = { sport: 'baseball_mlb', date: '2025-09-02' };
    espn.serve(pathOf(day), readEspnBoard(ESPN_FIXTURES.mlbDay));
    const summaries = await runSourceImport(db, 'espn', {
      now: clock,
      espnApiUrl: espn.url,
      outbound: { allowPrivateAddresses: true },
    });
    // Today (US Eastern) is 2025-09-02: one board a sport, the NFL's and college's without games that day.
    expect(espn.server.requests.slice(-3).map((request) => request.url)).toEqual([
      '/apis/site/v2/sports/football/nfl/scoreboard?dates=20250902',
      '/apis/site/v2/sports/football/college-football/scoreboard?dates=20250902&groups=80&limit=400',
      '/apis/site/v2/sports/baseball/mlb/scoreboard?dates=20250902',
    ]);
    expect(summaries.map((summary) => summary.added)).toEqual([0, 0, 14]);
    expect(await query(db, sql`select id from events where id = ${tomorrow!.id}`)).toHaveLength(1);
    expect(await eventOf('401696991')).toMatchObject({
      status: 'in_progress',
      home_team: 'SD',
      away_team: 'BAL',
      home_score: 2,
      away_score: 6,
      live_period: 9,
      live_clock: null,
      live_detail: 'Bottom 9th',
      game_date: '2025-09-02',
    });
  });

  it('keeps a suspended game under way, ungraded, until ESPN says it ended', async () => {
    at('2025-09-03T03:45:00Z');
    const day: EspnBoard = { sport: 'baseball_mlb', date: '2025-09-02' };
    espn.serve(
      pathOf(day),
      withState(
        readEspnBoard(ESPN_FIXTURES.mlbDay),
        '401696991',
        { name: 'STATUS_SUSPENDED', state: 'post', period: 9, detail: 'Suspended: Rain' },
        { home: 2, away: 6 },
      ),
    );
    imported(await poll(day));
    expect(await eventOf('401696991')).toMatchObject({ status: 'in_progress', live_detail: 'Suspended' });
  });

  it("is run from the admin's import screen like the other sources", async () => {
    const admin = await adminClient(testApp.app, db);
    const runs = await runCount();
    const started = await admin.post('/api/admin/imports/espn', {});
    expect(started.statusCode, started.body).toBe(202);
    const runId = AdminImportStartResponse.parse(started.json()).run_id;
    // One run a sport, one after the other: wait for the third to end.
    const running = async () =>
      (await query<{ n: number }>(db, sql`select count(*)::int as n from import_runs where status = 'running'`))[0]!.n;
    for (let tries = 0; ((await runCount()) < runs + 3 || (await running()) > 0) && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const run = AdminImportRunResponse.parse((await admin.get(`/api/admin/imports/runs/${runId}`)).json());
    expect(run).toMatchObject({ source: 'espn', trigger: 'admin', status: 'succeeded' });
    expect(espn.server.requests.at(-1)!.url).toBe('/apis/site/v2/sports/baseball/mlb/scoreboard?dates=20250902');
    const { sources } = AdminImportsResponse.parse((await admin.get('/api/admin/imports')).json());
    // Its events: the ones it created and the ones it found (CFBD's college events carry ESPN ids already).
    const [keyed] = await query<{ n: number }>(
      db,
      sql`select count(distinct event_id)::int as n from event_source_keys where source = 'espn'`,
    );
    expect(sources.find((source) => source.source === 'espn')).toMatchObject({
      last_success: { trigger: 'admin' },
      counts: { events: keyed!.n },
    });
    expect(keyed!.n).toBeGreaterThan(14 + 6 + 10 + 14);
  });
});

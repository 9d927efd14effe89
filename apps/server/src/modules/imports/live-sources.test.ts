import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AdminImportRunResponse, AdminImportStartResponse, BookEventsResponse } from '@pass/contracts';
import { rows, type Database, type DbExecutor, type DbHandle } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminClient, seedUser } from '../../test/accounts.js';
import { FakeHttpServer, header, type FakeAnswer, type FakeRequest } from '../../test/fake-http-server.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { importStatsapi } from './game-importers.js';
import { findRepoRoot, readHistoryFile } from './history-files.js';
import { fetchAndImportNflverse, fetchAndImportStatsapiSchedule } from './live-sources.js';
import { MlbStatsApiClient } from './mlb-statsapi-client.js';
import { NflverseClient } from './nflverse-client.js';
import { SourceFetchError } from './source-fetch.js';

/**
 * The free live sources against local fakes that answer as the real ones do: the MLB Stats API's schedule
 * (real answers, packages/domain/src/sources/fixtures/statsapi-schedule, changed as a later poll would see the
 * games) and nflverse's games.csv behind GitHub's redirect, with ETags and 304s (the held copy of the file).
 */

const SCHEDULE_FIXTURES = path.join(findRepoRoot()!, 'packages/domain/src/sources/fixtures/statsapi-schedule');
/** The evening of 2023-08-29 at about 9:30 pm Eastern: 12 games under way, 3 in the West before their first pitch. */
const EVENING = readFileSync(path.join(SCHEDULE_FIXTURES, 'schedule_2023-08-29.json'), 'utf8');

interface Side {
  score?: number;
  team: { id: number; name: string; link?: string };
}
interface Game extends Record<string, unknown> {
  gamePk: number;
  gameDate: string;
  officialDate?: string;
  status: Record<string, unknown>;
  teams: { home: Side; away: Side };
  linescore?: Record<string, unknown>;
}
interface Schedule {
  dates: { date: string; games: Game[] }[];
}

const evening = (): Schedule => JSON.parse(EVENING) as Schedule;
/** The evening's answer with some of its games as a later poll shows them. */
function eveningWith(changes: Record<number, (game: Game) => void>): string {
  const answer = evening();
  for (const game of answer.dates[0]!.games) changes[game.gamePk]?.(game);
  return JSON.stringify(answer);
}
/** An answer of one date with the given games (made from the evening's, changed). */
function scheduleOf(date: string, games: Game[]): string {
  return JSON.stringify({ ...evening(), totalGames: games.length, dates: [{ date, games }] });
}
const gameOf = (gamePk: number, change: (game: Game) => void): Game => {
  const game = structuredClone(evening().dates[0]!.games.find((entry) => entry.gamePk === gamePk)!);
  change(game);
  return game;
};
const LIVE = { abstractGameState: 'Live', codedGameState: 'I', detailedState: 'In Progress', statusCode: 'I' };
const FINAL = { abstractGameState: 'Final', codedGameState: 'F', detailedState: 'Final', statusCode: 'F' };
const scores = (game: Game, home: number, away: number) => {
  game.teams.home.score = home;
  game.teams.away.score = away;
};

/** What the fakes serve, changed by the tests as the sources change. */
const served = { schedules: new Map<string, string>(), games: '' };
const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('hex').slice(0, 20)}"`;
const GAMES_PATH = '/nflverse/nfldata/raw/master/data/games.csv';
const RAW_GAMES_PATH = '/nflverse/nfldata/master/data/games.csv';

const server = new FakeHttpServer({
  routes: [
    {
      // The Stats API sends no ETag here: an unchanged answer is told by its body.
      method: 'GET',
      path: '/api/v1/schedule',
      answer: (request): FakeAnswer => {
        const date = request.url.searchParams.get('date');
        if (request.url.searchParams.get('sportId') !== '1' || !date) {
          return { status: 400, json: { messageNumber: 1, message: 'Missing sportId or date' } };
        }
        const body = served.schedules.get(date) ?? JSON.stringify({ totalGames: 0, dates: [] });
        return { status: 200, headers: { 'content-type': 'application/json;charset=UTF-8' }, text: body };
      },
    },
    // github.com answers the file's address with a redirect to raw.githubusercontent.com, which has the ETag.
    { method: 'GET', path: GAMES_PATH, answer: () => ({ status: 302, headers: { location: RAW_GAMES_PATH } }) },
    {
      method: 'GET',
      path: RAW_GAMES_PATH,
      answer: (request): FakeAnswer => {
        const etag = etagOf(served.games);
        if (header(request, 'if-none-match') === etag) return { status: 304, headers: { etag } };
        return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8', etag }, text: served.games };
      },
    },
  ],
  notFound: () => ({ status: 404, text: 'Not Found' }),
  record: (request: FakeRequest) => ({
    path: request.path,
    query: request.url.search,
    ifNoneMatch: header(request, 'if-none-match') ?? null,
  }),
  slowMs: 1_500,
});

const waits: number[] = [];
const fetcherOptions = {
  outbound: { allowPrivateAddresses: true },
  timeoutMs: 1_000,
  sleep: async (ms: number) => void waits.push(ms),
};
const mlb = () => new MlbStatsApiClient({ baseUrl: server.url, ...fetcherOptions });
const nflverse = () => new NflverseClient({ url: `${server.url}${GAMES_PATH}`, ...fetcherOptions });

const eventOf = async (db: DbExecutor, source: string, key: string) =>
  (
    await rows<{
      id: number;
      status: string;
      home_team: string;
      away_team: string;
      home_score: number | null;
      away_score: number | null;
      kickoff_at: string | Date | null;
      game_date: string;
      live_period: number | null;
      live_detail: string | null;
      schedule_source: string;
    }>(
      db,
      sql`select e.id, e.status, e.home_team, e.away_team, e.home_score, e.away_score, e.kickoff_at, e.game_date,
            e.live_period, e.live_detail, e.schedule_source
          from events e join event_source_keys k on k.event_id = e.id
          where k.source = ${source} and k.source_key = ${key}`,
    )
  )[0]!;
const runsOf = async (db: DbExecutor, source: string) =>
  rows<{ id: number; status: string; error: string | null; detail: Record<string, unknown> | null }>(
    db,
    sql`select id, status, error, detail from import_runs where source = ${source} order by id`,
  );
/** Every event as stored: what "nothing changed" compares. */
const snapshot = async (db: DbExecutor) =>
  rows(db, sql`select * from events order by id`).then((all) => JSON.stringify(all));

/** A moneyline pick on the home team of an event; its outcome is null until the game is graded. */
async function pickHome(db: DbExecutor, eventId: number): Promise<() => Promise<string | null>> {
  const account = await seedUser(db);
  await db.execute(sql`insert into user_bets (user_id, event_id, sport, season, week, bet_mode, bet_kind, bet_type,
      bet_team, stake_cents, is_simulated, source, idempotency_key, status)
    select ${account.id}, e.id, e.sport, e.season, e.week, 1, 1, 5, e.home_team, 0, true, 'manual',
      'live-' || e.id, 1
    from events e where e.id = ${eventId}`);
  return async () =>
    (await rows<{ outcome: string | null }>(db, sql`select outcome from user_bets where event_id = ${eventId}`))[0]!
      .outcome;
}

beforeAll(() => server.start());
afterAll(() => server.stop());

describe('the MLB Stats API schedule, live', () => {
  let testApp: TestApp;
  let db: Database;
  let clock = new Date('2023-08-30T01:31:00Z');
  const poll = (date: string, at: string) => {
    clock = new Date(at);
    return fetchAndImportStatsapiSchedule(db, mlb(), { date }, { now: clock });
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ MLB_STATSAPI_URL: server.url }, { now: () => clock });
    db = testApp.database.db;
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('follows a game from before its first pitch through the 5th inning to its final, graded only then', async () => {
    served.schedules.set('2023-08-29', EVENING);
    const first = await poll('2023-08-29', '2023-08-30T01:31:00Z');
    expect(first).toMatchObject({ status: 'imported', summary: { added: 15, updated: 0, skipped: [] } });
    expect(server.requests.at(-1)).toEqual({
      path: '/api/v1/schedule',
      query: '?sportId=1&date=2023-08-29&hydrate=linescore',
      ifNoneMatch: null,
    });
    // Athletics at Mariners, 6:40 pm in Seattle: before its first pitch, without the 0–0 the answer shows.
    const before = await eventOf(db, 'statsapi', '716790');
    expect(before).toMatchObject({ status: 'scheduled', home_team: 'SEA', away_team: 'ATH', home_score: null });
    expect(before.live_detail).toBeNull();
    const outcome = await pickHome(db, before.id);

    // The same answer again: unchanged, and no import run for it.
    const runs = (await runsOf(db, 'statsapi')).length;
    expect(await poll('2023-08-29', '2023-08-30T01:32:00Z')).toMatchObject({ status: 'unchanged', httpStatus: 200 });
    expect(await runsOf(db, 'statsapi')).toHaveLength(runs);

    served.schedules.set(
      '2023-08-29',
      eveningWith({
        716790: (game) => {
          game.status = LIVE;
          scores(game, 2, 1);
          game.linescore = {
            currentInning: 5,
            currentInningOrdinal: '5th',
            inningState: 'Top',
            inningHalf: 'Top',
            isTopInning: true,
            scheduledInnings: 9,
          };
        },
      }),
    );
    const fifth = await poll('2023-08-29', '2023-08-30T02:45:00Z');
    expect(fifth).toMatchObject({ status: 'imported', summary: { added: 0, updated: 1, unchanged: 14 } });
    expect(await eventOf(db, 'statsapi', '716790')).toMatchObject({
      status: 'in_progress',
      home_score: 2,
      away_score: 1,
      live_period: 5,
      live_detail: 'Top 5th',
    });
    // The schedule a screen reads sends it, with when the source showed it.
    const week = await testApp.app.inject({ method: 'GET', url: '/api/book/events/baseball_mlb' });
    expect(week.statusCode, week.body).toBe(200);
    const shown = BookEventsResponse.parse(week.json()).events.find((event) => event.event_id === before.id);
    expect(shown).toMatchObject({
      status: 'in_progress',
      event_scores: { home: 2, away: 1 },
      live: { period: 5, clock: null, detail: 'Top 5th', as_of: '2023-08-30T02:45:00.000Z' },
    });
    expect(await outcome()).toBeNull();

    served.schedules.set(
      '2023-08-29',
      eveningWith({
        716790: (game) => {
          game.status = FINAL;
          scores(game, 5, 3);
          game.linescore = { currentInning: 9, currentInningOrdinal: '9th', inningState: 'Top', inningHalf: 'Top' };
        },
      }),
    );
    expect(await poll('2023-08-29', '2023-08-30T04:30:00Z')).toMatchObject({ status: 'imported' });
    const final = await eventOf(db, 'statsapi', '716790');
    expect(final).toMatchObject({ status: 'final', home_score: 5, away_score: 3, live_detail: null });
    expect(await outcome()).toBe('win');
  });

  it('keeps a suspended game in progress and ungraded until it is completed on another date', async () => {
    const suspendedGame = await eventOf(db, 'statsapi', '716800');
    const outcome = await pickHome(db, suspendedGame.id);
    served.schedules.set(
      '2023-08-29',
      eveningWith({
        716800: (game) => {
          game.status = { abstractGameState: 'Live', codedGameState: 'U', detailedState: 'Suspended: Rain' };
          scores(game, 1, 1);
          game.linescore = { currentInning: 7, currentInningOrdinal: '7th', inningState: 'Bottom' };
        },
      }),
    );
    await poll('2023-08-29', '2023-08-30T05:00:00Z');
    expect(await eventOf(db, 'statsapi', '716800')).toMatchObject({
      status: 'in_progress',
      live_period: 7,
      live_detail: 'Suspended: Rain',
    });
    expect(await outcome()).toBeNull();

    // Resumed and completed the next day, under the same gamePk: the same event, final and graded.
    served.schedules.set(
      '2023-08-30',
      scheduleOf('2023-08-30', [
        gameOf(716800, (game) => {
          game.status = FINAL;
          scores(game, 3, 1);
          game.gameDate = '2023-08-30T21:05:00Z';
        }),
      ]),
    );
    expect(await poll('2023-08-30', '2023-08-31T00:30:00Z')).toMatchObject({
      status: 'imported',
      summary: { added: 0, updated: 1 },
    });
    expect(await eventOf(db, 'statsapi', '716800')).toMatchObject({
      id: suspendedGame.id,
      status: 'final',
      home_score: 3,
      away_score: 1,
      game_date: '2023-08-29',
      live_detail: null,
    });
    expect(await outcome()).toBe('win');
  });

  it('keeps the two games of a doubleheader two events', async () => {
    const [first, second] = [716890, 716891].map((gamePk, index) =>
      gameOf(716790, (game) => {
        game.gamePk = gamePk;
        game.officialDate = '2023-08-31';
        game.gameDate = index === 0 ? '2023-08-31T20:10:00Z' : '2023-09-01T02:10:00Z';
        game.doubleHeader = 'S';
        game.gameNumber = index + 1;
        game.status = { abstractGameState: 'Preview', codedGameState: 'S', detailedState: 'Scheduled' };
      }),
    );
    served.schedules.set('2023-08-31', scheduleOf('2023-08-31', [first!, second!]));
    expect(await poll('2023-08-31', '2023-08-31T12:00:00Z')).toMatchObject({
      status: 'imported',
      summary: { added: 2 },
    });
    const games = await Promise.all(['716890', '716891'].map((key) => eventOf(db, 'statsapi', key)));
    expect(games[0]!.id).not.toBe(games[1]!.id);
    expect(
      games.map((game) => [game.home_team, game.away_team, game.game_date, new Date(game.kickoff_at!).toISOString()]),
    ).toEqual([
      ['SEA', 'ATH', '2023-08-31', '2023-08-31T20:10:00.000Z'],
      ['SEA', 'ATH', '2023-08-31', '2023-09-01T02:10:00.000Z'],
    ]);
  });

  it('skips the games of an answer whose field was renamed, with the reason, and writes none of them', async () => {
    const renamed = evening();
    for (const game of renamed.dates[0]!.games) {
      game.officialDay = game.officialDate;
      delete game.officialDate;
    }
    served.schedules.set('2023-09-01', JSON.stringify(renamed));
    const before = await snapshot(db);
    const result = await poll('2023-09-01', '2023-09-01T12:00:00Z');
    expect(result).toMatchObject({
      status: 'imported',
      summary: { added: 0, updated: 0, unchanged: 0, skipped: [{ reason: 'officialDate missing', count: 15 }] },
    });
    expect(await snapshot(db)).toBe(before);
    const run = (await runsOf(db, 'statsapi')).at(-1)!;
    expect(run.status).toBe('succeeded');
    expect((run.detail!.skippedExamples as string[])[0]).toBe('716806: officialDate missing');
  });

  it('fails the run on a body that is not JSON, and changes nothing', async () => {
    served.schedules.set('2023-09-02', scheduleOf('2023-09-02', [gameOf(716790, (game) => (game.status = LIVE))]));
    const before = await snapshot(db);
    server.failNext('malformed', { path: '/api/v1/schedule' });
    await expect(poll('2023-09-02', '2023-09-02T12:00:00Z')).rejects.toThrow(SyntaxError);
    expect((await runsOf(db, 'statsapi')).at(-1)).toMatchObject({ status: 'failed' });
    expect(await snapshot(db)).toBe(before);
  });

  it('records a failed run of the source when the Stats API answers 500 after its retry, and changes nothing', async () => {
    const before = await snapshot(db);
    server.failNext(500, { path: '/api/v1/schedule', times: 2 });
    await expect(poll('2023-09-02', '2023-09-02T12:05:00Z')).rejects.toMatchObject({
      name: 'SourceFetchError',
      status: 500,
    });
    expect((await runsOf(db, 'statsapi')).at(-1)).toMatchObject({
      status: 'failed',
      error: 'The MLB Stats API answered 500',
    });
    expect(await snapshot(db)).toBe(before);
  });

  it('lands the same game from the CSV history and from the schedule on one event', async () => {
    // The 2025 export's games of July 4 (the file's date is the UTC date of the first pitch; no start time).
    const csv = readHistoryFile('mlb/statsapi/games_2025.csv').split('\n');
    const day = [csv[0], ...csv.filter((line) => /^\d+,2025-07-04,/.test(line))].join('\n');
    await importStatsapi(db, day, { now: new Date('2025-07-05T12:00:00Z') });
    const fromCsv = await eventOf(db, 'statsapi', '777236');
    expect(fromCsv).toMatchObject({
      status: 'final',
      home_team: 'SEA',
      away_team: 'PIT',
      home_score: 6,
      away_score: 0,
    });
    expect(fromCsv.kickoff_at).toBeNull();
    const events = (await rows(db, sql`select id from events`)).length;

    served.schedules.set(
      '2025-07-04',
      scheduleOf('2025-07-04', [
        gameOf(716790, (game) => {
          game.gamePk = 777236;
          game.season = '2025';
          game.officialDate = '2025-07-04';
          game.gameDate = '2025-07-04T20:10:00Z';
          game.teams.home.team = { id: 136, name: 'Seattle Mariners' };
          game.teams.away.team = { id: 134, name: 'Pittsburgh Pirates' };
          game.status = FINAL;
          scores(game, 6, 0);
        }),
      ]),
    );
    expect(await poll('2025-07-04', '2025-07-05T13:00:00Z')).toMatchObject({
      status: 'imported',
      summary: { added: 0, updated: 1 },
    });
    const both = await eventOf(db, 'statsapi', '777236');
    expect(both).toMatchObject({
      id: fromCsv.id,
      status: 'final',
      home_score: 6,
      away_score: 0,
      schedule_source: 'statsapi',
    });
    expect(new Date(both.kickoff_at!).toISOString()).toBe('2025-07-04T20:10:00.000Z');
    expect(await rows(db, sql`select id from events`)).toHaveLength(events);
  });

  it("runs for the admin as statsapi-live: today's schedule by the server clock, nothing when nothing changed", async () => {
    const admin = await adminClient(testApp.app, db);
    // 1:30 am Eastern: still the 29th's games.
    clock = new Date('2023-08-30T05:30:00Z');
    served.schedules.set(
      '2023-08-29',
      eveningWith({
        716790: (game) => {
          game.status = FINAL;
          scores(game, 5, 3);
        },
        716803: (game) => {
          game.status = FINAL;
          scores(game, 4, 2);
        },
      }),
    );
    const started = await admin.post('/api/admin/imports/statsapi-live');
    expect(started.statusCode, started.body).toBe(202);
    const { run_id: runId } = AdminImportStartResponse.parse(started.json());
    let run = AdminImportRunResponse.parse((await admin.get(`/api/admin/imports/runs/${runId}`)).json());
    for (let tries = 0; run.status === 'running' && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = AdminImportRunResponse.parse((await admin.get(`/api/admin/imports/runs/${runId}`)).json());
    }
    expect(run).toMatchObject({ source: 'statsapi', trigger: 'admin', status: 'succeeded' });
    expect(run.detail).toMatchObject({
      location: `${server.url}/api/v1/schedule?sportId=1&date=2023-08-29&hydrate=linescore`,
    });
    expect(await eventOf(db, 'statsapi', '716803')).toMatchObject({ status: 'final', home_score: 4, away_score: 2 });
    // The run is recorded as succeeded before its games are told to open screens: the runner frees the source then.
    let again = await admin.post('/api/admin/imports/statsapi-live');
    for (let tries = 0; again.json().error?.message?.includes('already running') && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await admin.post('/api/admin/imports/statsapi-live');
    }
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('had nothing to import');
  });
});

describe("nflverse's games.csv, live", () => {
  let database: DbHandle;
  /** The held file as of 2025-12-01, the 2024 and 2025 seasons: the 2025 season has no result after week 13. */
  const held = readHistoryFile('nflverse/games.csv')
    .split('\n')
    .filter((line, index) => index === 0 || /^202[45]_/.test(line))
    .join('\n');
  const columns = held.split('\n')[0]!.split(',');
  /** The file once a game has its result (as nflverse's complete 2025 export has it). */
  const withResult = (csv: string, gameId: string, away: number, home: number) =>
    csv
      .split('\n')
      .map((line) => {
        if (!line.startsWith(`${gameId},`)) return line;
        const cells = line.split(',');
        const set = (column: string, value: number) => (cells[columns.indexOf(column)] = String(value));
        set('away_score', away);
        set('home_score', home);
        set('result', home - away);
        set('total', home + away);
        return cells.join(',');
      })
      .join('\n');
  const poll = (at: string) => fetchAndImportNflverse(database.db, nflverse(), { now: new Date(at) });

  beforeAll(async () => {
    database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
  });
  afterAll(async () => {
    await database.close();
  });

  it('imports the current season through GitHub’s redirect, then takes a 304 as unchanged without an import run', async () => {
    served.games = held;
    const requests = server.requests.length;
    const first = await poll('2025-12-02T12:00:00Z');
    expect(first).toMatchObject({
      status: 'imported',
      location: `${server.url}${GAMES_PATH}`,
      summary: { added: 272, updated: 0, skipped: [] },
    });
    expect(server.requests.slice(requests)).toEqual([
      { path: GAMES_PATH, query: '', ifNoneMatch: null },
      { path: RAW_GAMES_PATH, query: '', ifNoneMatch: null },
    ]);
    // Only the 2025 season is written: a poll does not rewrite 1999 to 2024.
    expect(await rows(database.db, sql`select 1 from events where season = 2024`)).toEqual([]);
    expect(await eventOf(database.db, 'nflverse', '2025_13_NYG_NE')).toMatchObject({ status: 'scheduled' });

    const runs = (await runsOf(database.db, 'nflverse')).length;
    expect(await poll('2025-12-02T12:05:00Z')).toMatchObject({ status: 'unchanged', httpStatus: 304 });
    expect(server.requests.at(-1)).toEqual({ path: RAW_GAMES_PATH, query: '', ifNoneMatch: etagOf(held) });
    expect(await runsOf(database.db, 'nflverse')).toHaveLength(runs);
  });

  it('imports only the game that changed', async () => {
    served.games = withResult(held, '2025_13_NYG_NE', 15, 33);
    const changed = await poll('2025-12-02T12:10:00Z');
    expect(changed).toMatchObject({ status: 'imported', summary: { added: 0, updated: 1, unchanged: 271 } });
    expect(await eventOf(database.db, 'nflverse', '2025_13_NYG_NE')).toMatchObject({
      status: 'final',
      away_score: 15,
      home_score: 33,
    });
  });

  it('waits as a 429 asks, then fetches', async () => {
    served.games = withResult(withResult(held, '2025_13_NYG_NE', 15, 33), '2025_14_DAL_DET', 30, 44);
    waits.length = 0;
    server.failNext(429, { path: RAW_GAMES_PATH, headers: { 'retry-after': '2' } });
    expect(await poll('2025-12-05T12:00:00Z')).toMatchObject({ status: 'imported', summary: { updated: 1 } });
    expect(waits).toEqual([2000]);
    expect(await eventOf(database.db, 'nflverse', '2025_14_DAL_DET')).toMatchObject({
      status: 'final',
      home_score: 44,
    });
  });

  it('records a failed run and changes nothing on a 500, no answer in time, or a body cut short', async () => {
    const file = served.games;
    served.games = withResult(file, '2025_14_SEA_ATL', 37, 9);
    const before = await snapshot(database.db);
    for (const [failure, message] of [
      [500, /answered 500/],
      ['slow', /did not answer .* within 1000 ms/],
      ['truncated', /could not be reached/],
    ] as const) {
      const runs = (await runsOf(database.db, 'nflverse')).length;
      server.failNext(failure, { path: RAW_GAMES_PATH, times: 2 });
      const error = await poll('2025-12-08T12:00:00Z').catch((caught: unknown) => caught);
      expect(error, String(failure)).toBeInstanceOf(SourceFetchError);
      expect((error as Error).message).toMatch(message);
      const recorded = await runsOf(database.db, 'nflverse');
      expect(recorded).toHaveLength(runs + 1);
      expect(recorded.at(-1)).toMatchObject({ status: 'failed', error: (error as Error).message });
      expect(await snapshot(database.db)).toBe(before);
    }
    // Nothing of the failed fetches was kept as seen: the next poll imports the change.
    expect(await poll('2025-12-08T12:05:00Z')).toMatchObject({ status: 'imported', summary: { updated: 1 } });
    expect(await eventOf(database.db, 'nflverse', '2025_14_SEA_ATL')).toMatchObject({
      status: 'final',
      away_score: 37,
    });
  });
});

import type { DbHandle } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import { parseOddsApiOdds } from '@pass/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { readHistoryFile } from './history-files.js';
import { FakeHttpServer, type FakeAnswer } from '../../test/fake-http-server.js';
import { importNflverse } from './game-importers.js';
import { OddsApiClient, OddsApiError, OddsApiQuotaError } from './odds-api-client.js';
import {
  fetchAndImportOdds,
  fetchAndImportScores,
  importOddsApiOdds,
  importOddsApiScores,
} from './odds-api.service.js';

const NFL_ODDS = readHistoryFile(
  'fixtures/the-odds-api/captured/americanfootball_nfl_odds_us_h2h-spreads-totals_american_2022-12-27.json',
);
const NCAAF_ODDS = readHistoryFile(
  'fixtures/the-odds-api/captured/americanfootball_ncaaf_odds_us_h2h-spreads-totals_american_2022-12-27.json',
);
const API_KEY = 'test-key-0123456789abcdef';

const nflEvents = parseOddsApiOdds(JSON.parse(NFL_ODDS)).records;
const eventId = (away: string, home: string) => nflEvents.find((e) => e.away === away && e.home === home)!.id;

/**
 * A stand-in for The Odds API: replays the captured responses with quota headers, and a /scores answer in
 * the API's documented shape for two week-17 games (the captured files hold no NFL scores).
 */
function scoresBody() {
  const event = JSON.parse(NFL_ODDS) as {
    id: string;
    sport_key: string;
    commence_time: string;
    home_team: string;
    away_team: string;
  }[];
  const game = (away: string, home: string, scores: [string, string] | null, completed: boolean) => {
    const item = event.find((e) => e.id === eventId(away, home))!;
    return {
      id: item.id,
      sport_key: item.sport_key,
      sport_title: 'NFL',
      commence_time: item.commence_time,
      completed,
      home_team: item.home_team,
      away_team: item.away_team,
      scores: scores && [
        { name: item.home_team, score: scores[0] },
        { name: item.away_team, score: scores[1] },
      ],
      last_update: '2022-12-30T05:00:00Z',
    };
  };
  return JSON.stringify([game('DAL', 'TEN', ['13', '27'], true), game('BUF', 'CIN', ['7', '3'], false)]);
}

interface ReplayServer {
  url: string;
  /** Each request's path and query. */
  requests: string[];
  quota: { remaining: number; used: number };
  /** The next answer is a 429 or a 5xx, with these headers, before the replayed ones. */
  failNext(status: number, headers?: Record<string, string>): void;
  clearFailures(): void;
  close(): Promise<void>;
}

async function startReplayServer(): Promise<ReplayServer> {
  const quota = { remaining: 480, used: 20 };
  const quotaHeaders = (cost: number) => ({
    'x-requests-remaining': String(quota.remaining),
    'x-requests-used': String(quota.used),
    'x-requests-last': String(cost),
  });
  const bodies: Record<string, string> = {
    '/v4/sports/americanfootball_nfl/odds': NFL_ODDS,
    '/v4/sports/americanfootball_ncaaf/odds': NCAAF_ODDS,
    '/v4/sports/americanfootball_nfl/scores': scoresBody(),
  };
  const server = new FakeHttpServer({
    routes: [
      {
        method: 'GET',
        path: /^\/v4\/sports\/[^/]+\/(odds|scores)$/,
        answer: (request): FakeAnswer => {
          if (request.url.searchParams.get('apiKey') !== API_KEY) {
            return { status: 401, json: { message: 'API key is not valid' } };
          }
          const body = bodies[request.path];
          const cost = request.params[0] === 'odds' ? 3 : 2;
          quota.remaining -= cost;
          quota.used += cost;
          return body
            ? { status: 200, headers: { 'content-type': 'application/json', ...quotaHeaders(cost) }, text: body }
            : { status: 404, headers: quotaHeaders(cost), json: { message: 'Unknown sport' } };
        },
      },
    ],
    notFound: () => ({ status: 404, json: { message: 'Unknown path' } }),
    // A refused call costs nothing; the quota headers still come back.
    failure: (status) => ({
      status,
      headers: quotaHeaders(0),
      json: { message: status === 429 ? 'Too many requests' : 'Service unavailable' },
    }),
    record: (request) => `${request.path}${request.url.search}`,
  });
  return {
    url: await server.start(),
    requests: server.requests,
    quota,
    failNext: (status, headers = {}) => server.failNext(status, { headers }),
    clearFailures: () => server.clearFailures(),
    close: () => server.stop(),
  };
}

async function query<T>(database: DbHandle, text: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(text)) as unknown as { rows: T[] }).rows;
}

describe('The Odds API replayed against nflverse 2022', () => {
  let database: DbHandle;
  let server: ReplayServer;
  let logs: string[];
  const client = () =>
    new OddsApiClient({
      // The fake service listens on loopback: tests only.
      outbound: { allowPrivateAddresses: true },
      apiKey: API_KEY,
      baseUrl: server.url,
      log: (message) => logs.push(message),
    });

  beforeAll(async () => {
    database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
    server = await startReplayServer();
    await importNflverse(database.db, readHistoryFile('nflverse/games.csv'), { seasons: { from: 2022, to: 2022 } });
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  beforeEach(() => {
    logs = [];
    server.clearFailures();
  });

  const eventOfGame = async (gameId: string) =>
    (
      await query<{ id: number }>(
        database,
        sql`select event_id as id from event_source_keys where source = 'nflverse' and source_key = ${gameId}`,
      )
    )[0]!.id;

  it('joins the 2022-12-27 NFL odds to the week-17 games and leaves BUF at CIN unmatched, with the reason', async () => {
    const summary = await fetchAndImportOdds(database.db, client(), 'americanfootball_nfl');
    const bufCin = eventId('BUF', 'CIN');
    // The matcher's own reason: the 14 games within 36 h of its kickoff, none between these teams.
    expect(summary.skipped).toContainEqual({
      reason: `americanfootball_nfl BUF at CIN (${bufCin}): no game between these teams among 14 candidates`,
      count: 1,
    });
    expect(summary.skipped).toContainEqual({ reason: 'market h2h_lay is not tracked', count: 16 });
    expect(summary.updated).toBe(0);
    expect(summary.unchanged).toBe(0);

    const keys = await query<{ source_key: string; game: string }>(
      database,
      sql`select o.source_key, n.source_key as game from event_source_keys o
          join event_source_keys n on n.event_id = o.event_id and n.source = 'nflverse'
          where o.source = 'odds-api'`,
    );
    expect(keys).toHaveLength(15);
    expect(keys.every(({ game }) => game.startsWith('2022_17_'))).toBe(true);
    expect(keys.find((key) => key.source_key === eventId('DAL', 'TEN'))?.game).toBe('2022_17_DAL_TEN');

    // No event was created for the abandoned game: the schedule covers that week.
    const [created] = await query<{ n: string }>(database, sql`select count(*) as n from events where season = 2022`);
    expect(Number(created!.n)).toBe(284);

    const dalTen = await eventOfGame('2022_17_DAL_TEN');
    const draftKings = await query<{ market: string; outcome: string; price: number; point: number | null }>(
      database,
      sql`select market, outcome, price, point from odds_quotes
          where event_id = ${dalTen} and book = 'draftkings' order by market, outcome`,
    );
    expect(
      draftKings.map((q) => [q.market, q.outcome, Number(q.price), q.point === null ? null : Number(q.point)]),
    ).toEqual([
      ['h2h', 'DAL', -490, null],
      ['h2h', 'TEN', 390, null],
      ['spreads', 'DAL', -105, -10.5],
      ['spreads', 'TEN', -115, 10.5],
      ['totals', 'Over', -110, 40.5],
      ['totals', 'Under', -110, 40.5],
    ]);
    const [quoteCount] = await query<{ n: string }>(
      database,
      sql`select count(*) as n from odds_quotes where source = 'odds-api'`,
    );
    expect(Number(quoteCount!.n)).toBe(summary.added);
  });

  it('sends the key to the API only: logs, stored locations and the run keep none of it', async () => {
    expect(server.requests.at(-1)).toContain(`apiKey=${API_KEY}`);
    expect(server.requests.at(-1)).toContain('regions=us&markets=h2h%2Cspreads%2Ctotals&oddsFormat=american');
    const raw = await query<{ location: string; headers: Record<string, string> }>(
      database,
      sql`select location, headers from raw_responses where source = 'odds-api'`,
    );
    expect(raw).toHaveLength(1);
    expect(raw[0]!.location).toBe(
      `${server.url}/v4/sports/americanfootball_nfl/odds?regions=us&markets=h2h%2Cspreads%2Ctotals&oddsFormat=american`,
    );
    expect(raw[0]!.headers).toMatchObject({ 'x-requests-remaining': '477', 'x-requests-used': '23' });
    const runs = await query<{ detail: unknown; error: string | null }>(
      database,
      sql`select detail, error from import_runs where source = 'odds-api'`,
    );
    expect(JSON.stringify({ runs, logs })).not.toContain(API_KEY);
    expect(runs[0]!.detail).toMatchObject({ quota: { remaining: 477, used: 23, last: 3 } });
  });

  it('logs the quota of each call', async () => {
    const summary = await fetchAndImportOdds(database.db, client(), 'americanfootball_nfl');
    // A new fetch is a new snapshot: the same prices again, filed under the new fetch time.
    expect(summary.added).toBeGreaterThan(1000);
    expect(logs).toEqual([
      expect.stringMatching(/^The Odds API 200 .*: 474 requests remaining, 26 used, this call cost 3$/),
    ]);
  });

  it('adds nothing when the same fetch is replayed (same fetch time)', async () => {
    const fetchedAt = new Date('2022-12-27T21:40:00Z');
    const first = await importOddsApiOdds(database.db, { body: NFL_ODDS, location: 'replay', fetchedAt });
    expect(first.added).toBeGreaterThan(1000);
    const replay = await importOddsApiOdds(database.db, { body: NFL_ODDS, location: 'replay', fetchedAt });
    expect(replay).toMatchObject({ added: 0, updated: 0, unchanged: first.added, rawStored: false });
  });

  it('updates scores and status from /scores, by the event ids the odds import matched', async () => {
    const summary = await fetchAndImportScores(database.db, client(), 'americanfootball_nfl');
    expect(server.requests.at(-1)).toMatch(/^\/v4\/sports\/americanfootball_nfl\/scores\?daysFrom=3&apiKey=/);
    // The 2022 file already has DAL 27 at TEN 13 final: nothing to change. BUF at CIN has no game.
    expect(summary).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
    expect(summary.skipped).toEqual([
      {
        reason: `americanfootball_nfl BUF at CIN (${eventId('BUF', 'CIN')}): no game between these teams among 14 candidates`,
        count: 1,
      },
    ]);
  });

  it('writes a changed score and status', async () => {
    const dalTen = await eventOfGame('2022_17_DAL_TEN');
    await database.db.execute(
      sql`update events set home_score = null, away_score = null, status = 'scheduled' where id = ${dalTen}`,
    );
    const summary = await fetchAndImportScores(database.db, client(), 'americanfootball_nfl');
    expect(summary).toMatchObject({ updated: 1, unchanged: 0 });
    const [event] = await query<Record<string, unknown>>(database, sql`select * from events where id = ${dalTen}`);
    expect(event).toMatchObject({ home_score: 13, away_score: 27, status: 'final' });
  });

  it('moves a kickoff only when the odds are newer data than the schedule that set it', async () => {
    const dalTen = await eventOfGame('2022_17_DAL_TEN');
    const kickoff = async () =>
      (
        await query<{ kickoff: string; source: string }>(
          database,
          sql`select kickoff_at::text as kickoff, kickoff_source as source from events where id = ${dalTen}`,
        )
      )[0];
    const moved = (JSON.parse(NFL_ODDS) as { id: string; commence_time: string }[]).map((event) =>
      event.id === eventId('DAL', 'TEN') ? { ...event, commence_time: '2022-12-30T02:15:00Z' } : event,
    );
    const replay = (fetchedAt: string) =>
      importOddsApiOdds(database.db, {
        body: JSON.stringify(moved),
        location: 'moved',
        fetchedAt: new Date(fetchedAt),
      });
    const before = await kickoff();
    expect(before!.kickoff).toBe('2022-12-30 01:15:00+00');
    // The 2022 fetch is older than the nflverse file's data (and the replays above): its kickoff does not apply.
    await replay('2022-12-27T22:40:00Z');
    expect(await kickoff()).toEqual(before);
    // A fetch newer than all of them moves the game.
    await replay('2099-12-29T12:00:00Z');
    expect(await kickoff()).toEqual({ kickoff: '2022-12-30 02:15:00+00', source: 'odds-api' });
  });

  it('never turns a final back with a live score, and takes a corrected final only from newer data', async () => {
    const dalTen = await eventOfGame('2022_17_DAL_TEN');
    const result = async () =>
      (
        await query<Record<string, unknown>>(
          database,
          sql`select status, home_score, away_score, result_source from events where id = ${dalTen}`,
        )
      )[0];
    const scores = (home: string, away: string, completed: boolean) =>
      JSON.stringify(
        (JSON.parse(scoresBody()) as { scores: { score: string }[]; completed: boolean }[]).slice(0, 1).map((game) => ({
          ...game,
          completed,
          scores: [
            { ...game.scores[0], score: home },
            { ...game.scores[1], score: away },
          ],
        })),
      );
    const replay = (body: string, fetchedAt: string) =>
      importOddsApiScores(database.db, { body, location: 'replay', fetchedAt: new Date(fetchedAt) });
    const before = await result();
    expect(before).toMatchObject({ status: 'final', home_score: 13, away_score: 27 });

    // A live score fetched during the game, imported after the final: the final stays.
    expect(await replay(scores('7', '3', false), '2099-12-30T00:00:00Z')).toMatchObject({ updated: 0 });
    // A different final from data older than the stored final's: ignored.
    expect(await replay(scores('14', '27', true), '2022-12-30T05:00:00Z')).toMatchObject({ updated: 0 });
    expect(await result()).toEqual(before);
    // The same correction from newer data applies.
    expect(await replay(scores('14', '27', true), '2099-12-31T00:00:00Z')).toMatchObject({ updated: 1 });
    expect(await result()).toMatchObject({
      status: 'final',
      home_score: 14,
      away_score: 27,
      result_source: 'odds-api',
    });
  });

  it('creates events for games no schedule source covers (2022 bowls) and finds them by id next time', async () => {
    const first = await fetchAndImportOdds(database.db, client(), 'americanfootball_ncaaf');
    expect(first.skipped.filter((entry) => !entry.reason.startsWith('market'))).toEqual([
      // The FCS championship: both teams are known (FCS opponents of FBS teams), neither is FBS.
      { reason: expect.stringMatching(/: not an FBS game \(North Dakota State Bison at South Dakota State/), count: 1 },
    ]);
    const created = await query<Record<string, unknown>>(
      database,
      sql`select e.* from events e join event_source_keys k on k.event_id = e.id
          where k.source = 'odds-api' and e.sport = 'americanfootball_ncaaf' order by e.kickoff_at`,
    );
    expect(created).toHaveLength(23);
    expect(created[0]).toMatchObject({ home_team: 'USU', away_team: 'MEM', season: 2022, status: 'in_progress' });
    await fetchAndImportOdds(database.db, client(), 'americanfootball_ncaaf');
    const [count] = await query<{ n: string }>(
      database,
      sql`select count(*) as n from events where sport = 'americanfootball_ncaaf'`,
    );
    expect(Number(count!.n)).toBe(23);
  });

  /** A client whose waits are recorded instead of slept. */
  const patientClient = (waits: number[]) =>
    new OddsApiClient({
      // The fake service listens on loopback: tests only.
      outbound: { allowPrivateAddresses: true },
      apiKey: API_KEY,
      baseUrl: server.url,
      log: (message) => logs.push(message),
      sleep: async (ms) => void waits.push(ms),
    });

  it('tries again after a 429, waiting what Retry-After asks, and imports the answer', async () => {
    server.failNext(429, { 'retry-after': '2' });
    const calls = server.requests.length;
    const waits: number[] = [];
    const summary = await fetchAndImportOdds(database.db, patientClient(waits), 'americanfootball_nfl');
    expect(summary.added).toBeGreaterThan(1000);
    expect(waits).toEqual([2000]);
    expect(server.requests.length).toBe(calls + 2);
    expect(logs).toContainEqual('The Odds API answered 429: trying again in 2000 ms (try 2 of 3)');
  });

  it('backs off on 5xx answers without Retry-After, doubling the wait, and gives up after three tries', async () => {
    server.failNext(503);
    server.failNext(502);
    server.failNext(503);
    server.failNext(503);
    const calls = server.requests.length;
    const waits: number[] = [];
    const error = await fetchAndImportOdds(database.db, patientClient(waits), 'americanfootball_nfl').catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(OddsApiError);
    expect((error as OddsApiError).status).toBe(503);
    expect(waits).toEqual([1000, 2000]);
    expect(server.requests.length).toBe(calls + 3);
  });

  it('does not call again early when Retry-After asks for more than the longest wait', async () => {
    server.failNext(429, { 'retry-after': '3600' });
    const calls = server.requests.length;
    const waits: number[] = [];
    await expect(fetchAndImportOdds(database.db, patientClient(waits), 'americanfootball_nfl')).rejects.toThrow(
      'the API asks to wait 3600 s, longer than the 30 s this client waits; not tried again',
    );
    expect(waits).toEqual([]);
    expect(server.requests.length).toBe(calls + 1);
  });

  it('does not try again a refused key or an unknown sport', async () => {
    const calls = server.requests.length;
    const waits: number[] = [];
    const bad = new OddsApiClient({
      // The fake service listens on loopback: tests only.
      outbound: { allowPrivateAddresses: true },
      apiKey: 'wrong-key',
      baseUrl: server.url,
      sleep: async (ms) => void waits.push(ms),
    });
    await expect(bad.fetchOdds('americanfootball_nfl')).rejects.toThrow(OddsApiError);
    await expect(patientClient(waits).fetchOdds('baseball_mlb')).rejects.toThrow('Unknown sport');
    expect(waits).toEqual([]);
    expect(server.requests.length).toBe(calls + 2);
  });

  it('never tries again once a refused answer reports the quota below the reserve', async () => {
    const saved = server.quota.remaining;
    server.quota.remaining = 9;
    server.failNext(429, { 'retry-after': '1' });
    const calls = server.requests.length;
    const waits: number[] = [];
    await expect(fetchAndImportOdds(database.db, patientClient(waits), 'americanfootball_nfl')).rejects.toThrow(
      OddsApiQuotaError,
    );
    expect(waits).toEqual([]);
    expect(server.requests.length).toBe(calls + 1);
    server.quota.remaining = saved;
  });

  it('refuses to call once the remaining quota is below the reserve, and says so', async () => {
    server.quota.remaining = 12;
    const calls = server.requests.length;
    const spender = client();
    await fetchAndImportOdds(database.db, spender, 'americanfootball_nfl'); // 12 → 9
    expect(spender.remaining).toBe(9);
    await expect(fetchAndImportOdds(database.db, spender, 'americanfootball_nfl')).rejects.toThrow(OddsApiQuotaError);
    await expect(fetchAndImportOdds(database.db, spender, 'americanfootball_nfl')).rejects.toThrow(
      'The Odds API quota is nearly spent: 9 requests remain, below the reserve of 10. No call was made.',
    );
    // A new client (the next CLI run) knows the last quota from the database and does not call either.
    await expect(fetchAndImportScores(database.db, client(), 'americanfootball_nfl')).rejects.toThrow(
      OddsApiQuotaError,
    );
    expect(server.requests.length).toBe(calls + 1);
  });

  it('reports a refused key without the key', async () => {
    const bad = new OddsApiClient({
      // The fake service listens on loopback: tests only.
      outbound: { allowPrivateAddresses: true },
      apiKey: 'wrong-key',
      baseUrl: server.url,
      lastKnownRemaining: 100,
    });
    const error = await bad.fetchOdds('americanfootball_nfl').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OddsApiError);
    expect((error as OddsApiError).status).toBe(401);
    expect((error as Error).message).toContain('API key is not valid');
    expect((error as Error).message).not.toContain('wrong-key');
  });
});

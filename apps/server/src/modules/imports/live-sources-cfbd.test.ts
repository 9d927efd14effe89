import { AdminImportsResponse } from '@pass/contracts';
import { rows, type Database, type DbExecutor } from '@pass/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, seedUser } from '../../test/accounts.js';
import { FakeCfbd } from '../../test/cfbd.js';
import { buildTestApp, testConfig, type TestApp } from '../../test/helpers.js';
import { listImportSources } from './admin-imports.service.js';
import { CFBD_LINES_SOURCE } from './cfbd-lines.js';
import { createLiveSources } from './live-sources.js';
import { listLiveSources, pollDueSources, setLiveSourceEnabled } from './source-polls.service.js';

/**
 * CollegeFootballData as a keyed live source (docs/decisions/073-cfbd-live-source.md), against a local fake of its
 * API v2 serving 2025 week 1 (packages/domain/src/sources/fixtures/cfbd): the daily poll asks for the season, a
 * game day for the week's games and lines, a game under way for the games alone; unchanged answers import nothing;
 * the calls left come from each answer's X-CallLimit-Remaining, pace the polls, stop them below the reserve and
 * show on the admin's imports screen.
 */

const KEY = 'cfbd-test-key';
const CFBD = 'cfbd:americanfootball_ncaaf';
/** South Florida (home) against Boise State, Thursday 2025-08-28, 5:30 pm Eastern: the first kickoff of the day. */
const USF_BOISE = 401762522;
/** Iowa State at Kansas State in Dublin, 2025-08-23: final, 24–21, when the capture was made. */
const ISU_KSU = 401756846;
const MINUTE = 60_000;

const SEASON_GAMES = '/games?year=2025&seasonType=both&classification=fbs';
const SEASON_LINES = '/lines?year=2025&seasonType=both';
const WEEK_GAMES = '/games?year=2025&seasonType=regular&week=1&classification=fbs';
const WEEK_LINES = '/lines?year=2025&seasonType=regular&week=1';

const eventOf = async (db: DbExecutor, id: number) =>
  (
    await rows<{
      id: number;
      status: string;
      home_team: string;
      away_team: string;
      home_score: number | null;
      away_score: number | null;
      result_source: string | null;
    }>(
      db,
      sql`select e.id, e.status, e.home_team, e.away_team, e.home_score, e.away_score, e.result_source
          from events e join event_source_keys k on k.event_id = e.id
          where k.source = 'cfbd' and k.source_key = ${String(id)}`,
    )
  )[0];
const runsOf = (db: DbExecutor) =>
  rows<{ id: number; status: string }>(db, sql`select id, status from import_runs where source = 'cfbd' order by id`);
const budgetOf = async (db: DbExecutor) =>
  (await rows<{ remaining: number; reported_at: Date | string }>(db, sql`select * from source_budgets`))[0];

/** A moneyline pick on the home team; its outcome is null until the game is graded. */
async function pickHome(db: DbExecutor, eventId: number): Promise<() => Promise<string | null>> {
  const account = await seedUser(db);
  await db.execute(sql`insert into user_bets (user_id, event_id, sport, season, week, bet_mode, bet_kind, bet_type,
      bet_team, stake_cents, is_simulated, source, idempotency_key, status)
    select ${account.id}, e.id, e.sport, e.season, e.week, 1, 1, 5, e.home_team, 0, true, 'manual',
      'cfbd-' || e.id, 1
    from events e where e.id = ${eventId}`);
  return async () =>
    (await rows<{ outcome: string | null }>(db, sql`select outcome from user_bets where event_id = ${eventId}`))[0]!
      .outcome;
}

describe('CollegeFootballData, polled live with its calls counted', () => {
  const cfbd = new FakeCfbd(KEY);
  let testApp: TestApp;
  let db: Database;
  let clock = new Date('2025-08-27T12:00:00Z');
  const sources = (key = KEY) =>
    createLiveSources(testConfig({ CFBD_API_KEY: key, CFBD_API_URL: cfbd.url }), () => {}, {
      timeoutMs: 1_000,
      attempts: 1,
    }).filter((source) => source.key === CFBD);
  const poll = (at: string, polled = sources()) => {
    clock = new Date(at);
    return pollDueSources(db, polled, clock);
  };
  const state = async (polled = sources()) => (await listLiveSources(db, polled))[0]!;

  beforeAll(async () => {
    await cfbd.server.start();
    testApp = await buildTestApp({ CFBD_API_KEY: KEY, CFBD_API_URL: cfbd.url }, { now: () => clock });
    db = testApp.database.db;
  });
  afterAll(async () => {
    await testApp?.app.close();
    await cfbd.server.stop();
  });

  it('asks for the season daily, imports its games and every provider’s lines, and keeps the calls left', async () => {
    const polled = sources();
    expect(polled.map((source) => [source.key, source.name])).toEqual([[CFBD, 'CollegeFootballData']]);
    // Wednesday: no college game stored, none within 12 hours: the daily poll of the whole season.
    expect((await poll('2025-08-27T12:00:00Z', polled)).polled).toEqual([{ key: CFBD, outcome: 'changed' }]);
    expect(cfbd.asked).toEqual([SEASON_GAMES, SEASON_LINES]);
    expect(cfbd.server.requests.every((request) => request.authorization === `Bearer ${KEY}`)).toBe(true);

    expect(await eventOf(db, ISU_KSU)).toMatchObject({
      status: 'final',
      home_team: 'KSU',
      away_team: 'ISU',
      home_score: 21,
      away_score: 24,
      result_source: 'cfbd',
    });
    const usf = (await eventOf(db, USF_BOISE))!;
    expect(usf).toMatchObject({ status: 'scheduled', home_team: 'USF', away_team: 'BOIS', home_score: null });
    // The lines as quotes of each provider's book: CFBD's consensus and ESPN Bet, USF +5.5 at home.
    const spreads = await rows<{ book: string; point: number }>(
      db,
      sql`select book, point from odds_quotes where event_id = ${usf.id} and source = ${CFBD_LINES_SOURCE}
          and market = 'spreads' and outcome = 'USF' order by book`,
    );
    expect(spreads).toEqual([
      { book: 'consensus', point: 5.5 },
      { book: 'espnbet', point: 5.5 },
    ]);

    // Two calls spent, the count of the last answer kept with its time.
    expect(cfbd.remaining).toBe(998);
    const budget = await budgetOf(db);
    expect(budget).toMatchObject({ remaining: 998 });
    expect(new Date(budget!.reported_at).toISOString()).toBe('2025-08-27T12:00:00.000Z');
    // The daily poll waits a day: the calls left would last longer than that.
    expect(await state(polled)).toMatchObject({
      cadence: 'idle',
      last_status: 200,
      last_outcome: 'changed',
      next_poll_at: '2025-08-28T12:00:00.000Z',
      every_ms: 24 * 60 * MINUTE,
    });
  });

  it('asks for the week on a game day, and takes 304s as unchanged with no import run (the calls still spent)', async () => {
    const polled = sources();
    cfbd.server.requests.length = 0;
    // Thursday 10:00 UTC: the first kickoff (21:30) is within 12 hours. The week's games and lines.
    expect((await poll('2025-08-28T10:00:00Z', polled)).polled).toEqual([{ key: CFBD, outcome: 'changed' }]);
    expect(cfbd.asked).toEqual([WEEK_GAMES, WEEK_LINES]);
    const runs = (await runsOf(db)).length;

    // Not due again before 15 minutes; then the same answers: 304 to the ETags imported, nothing imported.
    expect((await poll('2025-08-28T10:10:00Z', polled)).polled).toEqual([]);
    expect((await poll('2025-08-28T10:15:00Z', polled)).polled).toEqual([{ key: CFBD, outcome: 'unchanged' }]);
    const [games, lines] = cfbd.server.requests.slice(-2);
    expect(games).toMatchObject({ path: '/games', ifNoneMatch: expect.stringMatching(/^W\/"/) });
    expect(lines).toMatchObject({ path: '/lines', ifNoneMatch: expect.stringMatching(/^W\/"/) });
    expect(await runsOf(db)).toHaveLength(runs);
    expect(await state(polled)).toMatchObject({ cadence: 'game-day', last_status: 304, last_outcome: 'unchanged' });
    expect(await budgetOf(db)).toMatchObject({ remaining: 994 });

    // ESPN Bet moves USF to +6.5, then back to +5.5: the answer seen again is the newest again, its lines stand
    // and its ETag is the one sent back.
    const usf = (await eventOf(db, USF_BOISE))!;
    const espnBet = async () =>
      (
        await rows<{ point: number }>(
          db,
          sql`select point from odds_quotes where event_id = ${usf.id} and source = ${CFBD_LINES_SOURCE}
              and book = 'espnbet' and market = 'spreads' and outcome = 'USF'`,
        )
      ).map((quote) => quote.point);
    const moveEspnBet = (spread: number) =>
      Object.assign(
        cfbd.lines.find((game) => game.id === USF_BOISE)!.lines.find((line) => line.provider === 'ESPN Bet')!,
        {
          spread,
          formattedSpread: `Boise State -${spread}`,
        },
      );
    moveEspnBet(6.5);
    expect((await poll('2025-08-28T10:30:00Z', polled)).polled).toEqual([{ key: CFBD, outcome: 'changed' }]);
    expect(await espnBet()).toEqual([6.5]);
    moveEspnBet(5.5);
    expect((await poll('2025-08-28T10:45:00Z', polled)).polled).toEqual([{ key: CFBD, outcome: 'changed' }]);
    expect(await espnBet()).toEqual([5.5]);
    expect((await poll('2025-08-28T11:00:00Z', polled)).polled).toEqual([{ key: CFBD, outcome: 'unchanged' }]);
    expect(cfbd.server.requests.at(-1)).toMatchObject({ path: '/lines', ifNoneMatch: expect.stringMatching(/^W\//) });
  });

  it('asks for the games alone while one is played, every 5 minutes, and grades the final it brings', async () => {
    const polled = sources();
    const usf = (await eventOf(db, USF_BOISE))!;
    const outcome = await pickHome(db, usf.id);
    cfbd.server.requests.length = 0;
    // Kicked off at 21:30: live. The lines of games under way no longer move; only the games are asked for.
    expect((await poll('2025-08-28T21:45:00Z', polled)).polled).toEqual([{ key: CFBD, outcome: 'unchanged' }]);
    expect(cfbd.asked).toEqual([WEEK_GAMES]);
    expect(await state(polled)).toMatchObject({
      cadence: 'live',
      next_poll_at: '2025-08-28T21:50:00.000Z',
      every_ms: 5 * MINUTE,
    });
    expect((await poll('2025-08-28T21:49:00Z', polled)).polled).toEqual([]);

    cfbd.finish(USF_BOISE, 34, 7);
    // 126 calls left before this poll, 125 after it, 25 kept back.
    cfbd.remaining = 126;
    expect((await poll('2025-08-29T00:40:00Z', polled)).polled).toEqual([{ key: CFBD, outcome: 'changed' }]);
    expect(await eventOf(db, USF_BOISE)).toMatchObject({
      status: 'final',
      home_score: 34,
      away_score: 7,
      result_source: 'cfbd',
    });
    expect(await outcome()).toBe('win');
    const after = await state(polled);
    expect(after.last_summary).toMatchObject({ updated: 1 });
    // Paced: the 100 calls to spend last one live poll each until 1 September, 71 h 20 min away: one every
    // 42.8 minutes, not every 5.
    expect(after.every_ms).toBe(Math.ceil(((71 * 60 + 20) * MINUTE) / 100));
    expect(await budgetOf(db)).toMatchObject({ remaining: 125 });
  });

  it('makes no call below the reserve, says why, and waits for the calls to renew', async () => {
    const polled = sources();
    cfbd.remaining = 25;
    cfbd.server.requests.length = 0;
    // Friday: no college game left in the week held, the daily poll. Its games' call leaves 24, below the reserve
    // of 25: the lines' call is not made.
    expect((await poll('2025-08-29T12:00:00Z', polled)).polled).toEqual([{ key: CFBD, outcome: 'failed' }]);
    expect(cfbd.asked).toEqual([SEASON_GAMES]);
    const stopped = await state(polled);
    expect(stopped.last_error).toBe(
      'CollegeFootballData: 24 calls left this month, below the reserve of 25: no call made until the calls ' +
        'renew on 2025-09-01.',
    );
    expect(stopped).toMatchObject({ failures: 1, next_poll_at: '2025-09-01T00:00:00.000Z', every_ms: null });
    expect(await budgetOf(db)).toMatchObject({ remaining: 24 });

    // Switched off and on again (due at once), by another server instance: still no call.
    await setLiveSourceEnabled(db, polled, CFBD, false);
    await setLiveSourceEnabled(db, polled, CFBD, true);
    expect((await poll('2025-08-29T13:00:00Z', sources())).polled).toEqual([{ key: CFBD, outcome: 'failed' }]);
    expect(cfbd.asked).toEqual([SEASON_GAMES]);

    // 1 September: the month's calls have renewed (CFBD's count too); the daily poll calls again.
    cfbd.remaining = 1000;
    expect((await poll('2025-09-01T00:00:00Z', polled)).polled).toEqual([{ key: CFBD, outcome: 'changed' }]);
    expect(cfbd.asked.slice(1)).toEqual([SEASON_GAMES, SEASON_LINES]);
    expect(await budgetOf(db)).toMatchObject({ remaining: 998 });
  });

  it('records a refused key and a 429, backs off (at least the Retry-After), and keeps the count', async () => {
    const wrongKey = sources('not-the-key');
    await setLiveSourceEnabled(db, wrongKey, CFBD, false);
    await setLiveSourceEnabled(db, wrongKey, CFBD, true);
    expect((await poll('2025-09-02T12:00:00Z', wrongKey)).polled).toEqual([{ key: CFBD, outcome: 'failed' }]);
    const refused = await state(wrongKey);
    expect(refused).toMatchObject({
      last_status: 401,
      last_outcome: 'failed',
      last_error: 'CollegeFootballData answered 401: Unauthorized',
      failures: 1,
      next_poll_at: '2025-09-02T12:01:00.000Z',
    });
    expect(refused.last_error).not.toContain('not-the-key');
    expect((await poll('2025-09-02T12:01:00Z', wrongKey)).polled).toEqual([{ key: CFBD, outcome: 'failed' }]);
    expect(await state(wrongKey)).toMatchObject({ failures: 2, next_poll_at: '2025-09-02T12:03:00.000Z' });
    // A refused call tells no count: the one kept stands.
    expect(await budgetOf(db)).toMatchObject({ remaining: 998 });

    // Rate limited with a Retry-After of 10 minutes: no retry sooner, and the poll waits that long.
    const polled = sources();
    cfbd.server.failNext(429, { path: '/games', headers: { 'retry-after': '600' } });
    expect((await poll('2025-09-02T12:03:00Z', polled)).polled).toEqual([{ key: CFBD, outcome: 'failed' }]);
    expect(await state(polled)).toMatchObject({
      last_status: 429,
      failures: 3,
      last_error: 'CollegeFootballData answered 429: Too Many Requests',
      next_poll_at: '2025-09-02T12:13:00.000Z',
    });
    expect((await poll('2025-09-02T12:12:00Z', polled)).polled).toEqual([]);

    // The month's calls spent: 429 with none left, kept as such; no call after it.
    cfbd.remaining = 0;
    expect((await poll('2025-09-02T12:13:00Z', polled)).polled).toEqual([{ key: CFBD, outcome: 'failed' }]);
    expect(await state(polled)).toMatchObject({
      last_status: 429,
      last_error: 'CollegeFootballData answered 429: Monthly call quota exceeded.',
    });
    expect(await budgetOf(db)).toMatchObject({ remaining: 0 });
    const asked = cfbd.asked.length;
    await setLiveSourceEnabled(db, polled, CFBD, false);
    await setLiveSourceEnabled(db, polled, CFBD, true);
    await poll('2025-09-02T13:00:00Z', polled);
    expect(cfbd.asked).toHaveLength(asked);
    expect((await state(polled)).next_poll_at).toBe('2025-10-01T00:00:00.000Z');
  });

  it('shows the calls left beside The Odds API’s credits on the admin’s imports screen', async () => {
    clock = new Date('2025-09-02T14:00:00Z');
    const admin = await adminClient(testApp.app, db);
    const answer = await admin.get('/api/admin/imports');
    expect(answer.statusCode, answer.body).toBe(200);
    const imports = AdminImportsResponse.parse(answer.json());
    expect(imports.live_sources.map((source) => source.key)).toContain(CFBD);
    expect(imports.budgets).toEqual([
      {
        source: 'odds-api',
        unit: 'credits',
        remaining: null,
        used: null,
        reported_at: null,
        reserve: 10,
        configured: false,
      },
      {
        source: 'cfbd',
        unit: 'calls',
        remaining: 0,
        used: null,
        reported_at: '2025-09-02T12:13:00.000Z',
        reserve: 25,
        configured: true,
      },
    ]);

    // A count of last month is not shown as this month's: the calls have renewed since.
    const october = await listImportSources(db, testApp.config.refresh, {
      sources: sources(),
      oddsApiConfigured: false,
      cfbdConfigured: true,
      now: new Date('2025-10-01T08:00:00Z'),
    });
    expect(october.budgets[1]).toMatchObject({ source: 'cfbd', remaining: null, reported_at: null });
  });

  it('is no live source without a key, and the screen says it is not called', async () => {
    const keyless = createLiveSources(testConfig({ CFBD_API_URL: cfbd.url }));
    expect(keyless.map((source) => source.key)).not.toContain(CFBD);
    const imports = await listImportSources(db, testApp.config.refresh, {
      sources: keyless,
      oddsApiConfigured: false,
      cfbdConfigured: false,
      now: clock,
    });
    expect(imports.live_sources.map((source) => source.key)).not.toContain(CFBD);
    expect(imports.budgets[1]).toMatchObject({ source: 'cfbd', configured: false });
  });
});

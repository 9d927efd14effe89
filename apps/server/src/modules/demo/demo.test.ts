import { DemoReplayResponse, StatsResponse, type ReplayEntry, type StatsTotals } from '@pass/contracts';
import { userBets } from '@pass/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHistoryFile } from '../imports/history-files.js';
import { expectError, seedUser, TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { importDemoSeason } from '../imports/demo-season.js';
import { importNflverse } from '../imports/game-importers.js';
import { gradeEvents } from '../ledger/grading.service.js';

const GAMES_CSV = readHistoryFile('nflverse/games.csv');
const NFL = 'americanfootball_nfl';

/** games.csv with the rows of these game ids changed: a corrected file for a re-import. */
function gamesCsvWith(rows: Record<string, (row: string[]) => string[]>): string {
  // The whole file with the rows changed: a corrected games.csv is as new as the original, so its correction
  // applies (an excerpt of one 2024 game would be older data than the full file: docs/decisions/022).
  return GAMES_CSV.split('\n')
    .map((line) => (line.split(',')[0]! in rows ? rows[line.split(',')[0]!]!(line.split(',')).join(',') : line))
    .join('\n');
}

const pick = (team: string, line: number, outcome: string, reward: number) =>
  expect.objectContaining({ bet_mode: 1, bet_kind: 3, bet_type: 3, bet_team: team, line, outcome, reward });

describe('the demo replay', () => {
  let testApp: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });
  const replay = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return DemoReplayResponse.parse(response.json());
  };

  beforeAll(async () => {
    testApp = await buildTestApp();
    // 2024 is complete; 2025 stops at week 13 in this file, so 2024 is the default replay.
    await importNflverse(testApp.database.db, GAMES_CSV, { seasons: { from: 2024, to: 2025 } });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('replays the most recent completed season by default, every week graded', async () => {
    const body = await replay(`/api/demo/replay/${NFL}`);
    expect(body).toMatchObject({ sport: NFL, season: 2024, is_demo: false, complete: true });
    expect(body.seasons.map((season) => [season.season, season.complete])).toEqual([
      [2025, false],
      [2024, true],
    ]);
    expect(body.weeks.map((week) => week.label)).toEqual([
      ...Array.from({ length: 18 }, (_, index) => `Week ${index + 1}`),
      'Wild Card',
      'Divisional Round',
      'Conference Championships',
      'Super Bowl',
    ]);
    const entries = body.weeks.flatMap((week) => week.entries);
    expect(entries.every((entry) => entry.status === 8 && entry.outcome !== null)).toBe(true);
    // The Super Bowl is at a neutral site: no home underdog to pick.
    expect(body.weeks.at(-1)!.entries).toEqual([]);
    expect(body.weeks.at(-1)!.running).toEqual(body.totals);
  });

  it('grades weeks 1 and 2 of 2024 as games.csv says (checked by hand)', async () => {
    const { weeks } = await replay(`/api/demo/replay/${NFL}?season=2024`);
    const [week1, week2] = weeks;
    // Week 1: two home underdogs. HOU 29 at IND 27, IND +3 covers; MIN 28 at NYG 6, NYG +1 loses.
    // The $100 moneyline bet on IND at +130 loses (IND lost outright). The Brazil game (neutral) is left out.
    expect(week1!.entries).toEqual([
      pick('IND', 3, 'win', 5),
      pick('NYG', 1, 'loss', -5),
      expect.objectContaining({ bet_mode: 3, bet_kind: 1, bet_team: 'IND', price: 130, stake_cents: 10_000 }),
    ]);
    expect(week1!.entries[2]).toMatchObject({ outcome: 'loss', reward: -10_000 });
    expect(week1!.totals).toMatchObject({ record: '1-2-0', picks: { count: 2, points: 0 } });
    // Week 2: the four biggest home underdogs of seven. CAR +5 loses 3–26; MIN +4.5 wins 23–17; TEN +3.5
    // (ML +150) before NE +3.5 (ML +142): TEN loses 17–24, NE covers losing 20–23. $100 on CAR at +185 loses.
    expect(week2!.entries).toEqual([
      pick('CAR', 5, 'loss', -5),
      pick('MIN', 4.5, 'win', 5),
      pick('TEN', 3.5, 'loss', -5),
      pick('NE', 3.5, 'win', 5),
      expect.objectContaining({ bet_mode: 3, bet_team: 'CAR', price: 185, outcome: 'loss', reward: -10_000 }),
    ]);
    expect(week2!.games.find((game) => game.home_team === 'MIN')).toMatchObject({
      away_team: 'SF',
      event_scores: { home: 23, away: 17 },
      lines: { book: 'consensus', home_spread: 4.5, away_spread: -4.5, home_price: 180 },
    });
    // Two weeks in: picks 3–3, bets 0–2; $200 staked, $200 lost: ROI −100%, −2 units of $100.
    expect(week2!.running).toEqual({
      entries: 8,
      wins: 3,
      losses: 5,
      pushes: 0,
      voids: 0,
      record: '3-5-0',
      picks: { count: 6, points: 0 },
      bets: { count: 2, staked_cents: 20_000, profit_cents: -20_000, roi: -1, units: -2 },
    });
    // nflverse files only closing lines: every line taken is the close, so CLV is 0.
    expect(week2!.running_clv).toEqual({
      spread: { count: 6, average: 0 },
      totals: { count: 0, average: null },
      moneyline: { count: 2, average: 0 },
    });
    expect(week2!.entries.every((entry) => entry.closing_line === entry.line)).toBe(true);
  });

  it('sums the season exactly as a member’s stats sum the same entries', async () => {
    const body = await replay(`/api/demo/replay/${NFL}?season=2024`);
    const { db } = testApp.database;
    const account = await seedUser(db);
    const gameOf = new Map(body.weeks.flatMap((week) => week.games.map((game) => [game.event_id, week.number])));
    const entries: ReplayEntry[] = body.weeks.flatMap((week) => week.entries);
    await db.insert(userBets).values(
      entries.map((entry, index) => ({
        userId: account.id,
        eventId: entry.event_id,
        sport: NFL,
        season: 2024,
        week: gameOf.get(entry.event_id)!,
        betMode: entry.bet_mode,
        betKind: entry.bet_kind,
        betType: entry.bet_type,
        betTeam: entry.bet_team,
        line: entry.line,
        price: entry.price,
        stakeCents: entry.stake_cents,
        isSimulated: true,
        source: 'demo' as const,
        idempotencyKey: `replay-${index}`,
        status: 1,
      })),
    );
    await gradeEvents(db, [...new Set(entries.map((entry) => entry.event_id))], new Date());
    const client = new TestClient(testApp.app);
    expect((await client.login(account.username, account.password)).statusCode).toBe(200);
    // The demo's entries are simulated money.
    const response = await client.get(`/api/user/stats/${NFL}/season/2024?money=simulated`);
    expect(response.statusCode, response.body).toBe(200);
    const stats = StatsResponse.parse(response.json());

    expect(body.totals.entries).toBeGreaterThan(60);
    expect(body.totals).toEqual(stats.totals);
    expect(body.clv).toEqual(stats.clv);
    const totalsOnly = ({ entries, wins, losses, pushes, voids, record, picks, bets }: StatsTotals) => ({
      entries,
      ...{ wins, losses, pushes, voids, record, picks, bets },
    });
    expect(body.by_kind).toEqual(stats.by_kind.map((row) => ({ bet_kind: row.bet_kind, ...totalsOnly(row) })));
    expect(body.by_team).toEqual(stats.by_team.map((row) => ({ team: row.team, ...totalsOnly(row) })));
    expect(body.weeks.map((week) => ({ nbr: week.number, ...week.totals })).filter((week) => week.entries > 0)).toEqual(
      stats.by_week.map(({ yr_week: _yrWeek, ...week }) => week),
    );
  });

  it('replays a season in progress as far as it has been played', async () => {
    const body = await replay(`/api/demo/replay/${NFL}?season=2025`);
    expect(body).toMatchObject({ season: 2025, complete: false });
    expect(body.weeks.at(-1)!.number).toBe(13);
  });

  it.each([
    [
      '/api/demo/replay/soccer_epl',
      'params.sport',
      'must be one of americanfootball_nfl, americanfootball_ncaaf, baseball_mlb',
    ],
    [
      '/api/demo/replay/nfl?season=2024',
      'params.sport',
      'must be one of americanfootball_nfl, americanfootball_ncaaf, baseball_mlb',
    ],
    [`/api/demo/replay/${NFL}?season=2021`, 'querystring.season', 'must be 2022 or later'],
    [`/api/demo/replay/${NFL}?season=last`, 'querystring.season', 'must be a year such as 2024'],
    [`/api/demo/replay/${NFL}?season=20245`, 'querystring.season', 'must be a year such as 2024'],
    [`/api/demo/replay/${NFL}?season=`, 'querystring.season', 'must be a year such as 2024'],
  ])('refuses %s with the sport store’s message', async (url, field, message) => {
    const body = expectError(await get(url), 400, field);
    expect(body.error).toEqual({
      code: 'BAD_REQUEST',
      message: 'Illegal Argument for SportStore',
      fields: [{ field, message }],
    });
  });

  it('answers a sport or season without final games with an empty replay', async () => {
    const mlb = await replay('/api/demo/replay/baseball_mlb');
    expect(mlb).toMatchObject({
      sport: 'baseball_mlb',
      season: null,
      seasons: [],
      weeks: [],
      by_kind: [],
      by_team: [],
    });
    expect(mlb.totals).toMatchObject({ entries: 0, record: '0-0-0', bets: { roi: null, units: null } });
    expect(mlb.strategy.name).toBe('Home underdogs');
    const future = await replay(`/api/demo/replay/${NFL}?season=2030`);
    expect(future).toMatchObject({ season: 2030, weeks: [], is_demo: false, complete: false });
  });

  it('serves cached bytes with an ETag, and a new import of the season’s games clears them', async () => {
    const url = `/api/demo/replay/${NFL}?season=2024`;
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);

    // A corrected score: IND 20 instead of 27 no longer covers +3 against HOU's 29.
    await importNflverse(
      testApp.database.db,
      gamesCsvWith({
        '2024_01_HOU_IND': (cells) => {
          const corrected = [...cells];
          corrected[10] = '20';
          corrected[12] = '-9';
          corrected[13] = '49';
          return corrected;
        },
      }),
      { seasons: { from: 2024, to: 2024 } },
    );
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    const week1 = DemoReplayResponse.parse(after.json()).weeks[0]!;
    expect(week1.entries[0]).toMatchObject({ bet_team: 'IND', outcome: 'loss', reward: -5 });
  });
});

describe('the demo replay on an empty database', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('answers 200 with no season and no weeks, not an error', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/demo/replay/${NFL}` });
    expect(response.statusCode).toBe(200);
    const body = DemoReplayResponse.parse(response.json());
    expect(body).toMatchObject({ sport: NFL, season: null, seasons: [], weeks: [], is_demo: false });
    expect(body.clv.spread).toEqual({ count: 0, average: null });
  });
});

describe('the demo replay of a generated demo season', () => {
  let testApp: TestApp;
  /** Mid-season: the demo season has finals through early November. */
  const NOW = new Date('2025-11-05T12:00:00Z');
  beforeAll(async () => {
    testApp = await buildTestApp();
    await importDemoSeason(testApp.database.db, { sport: NFL, now: NOW });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('replays it as demo data, taking each line a day before kickoff and measuring it against the close', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/demo/replay/${NFL}` });
    expect(response.statusCode).toBe(200);
    const body = DemoReplayResponse.parse(response.json());
    expect(body).toMatchObject({ season: 2025, is_demo: true, complete: false });
    expect(body.seasons).toEqual([expect.objectContaining({ season: 2025, is_demo: true, complete: false })]);
    const entries = body.weeks.flatMap((week) => week.entries);
    expect(entries.length).toBeGreaterThan(20);
    expect(body.weeks.flatMap((week) => week.games).every((game) => game.lines.book === 'betus')).toBe(true);

    const firstPick = body.weeks[0]!.entries[0]!;
    const game = body.weeks[0]!.games.find((item) => item.event_id === firstPick.event_id)!;
    const taken = (await testApp.database.db.execute(
      sql`select point from odds_quotes
          where event_id = ${firstPick.event_id} and book = 'betus' and market = 'spreads' and outcome = ${game.home_team}
            and fetched_at <= ${game.kickoff}::timestamptz - interval '1 day'
          order by fetched_at desc limit 1`,
    )) as unknown as { rows: { point: number }[] };
    expect(firstPick.line).toBe(Number(taken.rows[0]!.point));
    // The books move between the day before and kickoff, so some lines beat the close and some miss it.
    expect(entries.some((entry) => entry.clv !== null && entry.clv !== 0)).toBe(true);
    expect(body.clv.spread.count).toBe(entries.filter((entry) => entry.bet_kind === 3 && entry.status === 8).length);
  });
});

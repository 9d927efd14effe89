import {
  MissingPicksResponse,
  PoolStandingsResponse,
  PoolWeekResponse,
  SurvivorBoardResponse,
  type CreatePoolBody,
  type PoolWeekView,
} from '@pass/contracts';
import { poolSlateGames, poolWeeks, poolWeekTotals } from '@pass/db';
import { lastManStanding, lastPoolWeek, type Sport } from '@pass/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, expectError, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey } from '../../test/ledger.js';
import { poolSettings, poolWithGuests, quoteSpread } from '../../test/pools.js';
import * as repository from './pools.repository.js';
import { loadSeason } from './slates.service.js';

/**
 * Last Man Standing on every team playing the week, with strikes and buy-back (the decision record on survivor
 * strikes and buy-back), through the API: a team off the slate picked, revealed at its lock and graded on its own
 * game against its frozen line; an eliminated member no longer asked for a team; a strike; a buy-back.
 */

const START = new Date('2025-09-02T12:00:00Z');
const QUOTED = new Date('2025-09-01T12:00:00Z');
const AFTER_WEEK_1 = new Date('2025-09-10T12:00:00Z');

interface Game {
  id: number;
  home: string;
  away: string;
}

describe('survivor: every team playing the week, strikes and buy-back', () => {
  let testApp: TestApp;
  let admin: TestClient;
  let clock = START;
  const db = () => testApp.database.db;

  const game = async (home: string, away: string, kickoff: string, homeSpread: number, week = 1): Promise<Game> => {
    const id = await makeGame(db(), { home, away, kickoff: new Date(kickoff), week, season: 2025, lines: false });
    await quoteSpread(db(), { eventId: id, home, away, homeSpread, fetchedAt: QUOTED });
    return { id, home, away };
  };
  const weekUrl = (poolId: number, week: number) => `/api/pools/${poolId}/weeks/${week}`;
  const readWeek = async (client: TestClient, poolId: number, week = 1): Promise<PoolWeekView> => {
    const response = await client.get(weekUrl(poolId, week));
    expect(response.statusCode, response.body).toBe(200);
    return PoolWeekResponse.parse(response.json()).data;
  };
  const submit = (client: TestClient, poolId: number, body: object, week = 1) =>
    client.request({
      method: 'PUT',
      url: `${weekUrl(poolId, week)}/picks`,
      payload: body,
      headers: { 'idempotency-key': newKey() },
    });
  const standingsOf = async (client: TestClient, poolId: number) => {
    const response = await client.get(`/api/pools/${poolId}/standings`);
    expect(response.statusCode, response.body).toBe(200);
    return PoolStandingsResponse.parse(response.json()).data;
  };
  const boardOf = async (client: TestClient, poolId: number) => {
    const response = await client.get(`/api/pools/${poolId}/survivors`);
    expect(response.statusCode, response.body).toBe(200);
    return SurvivorBoardResponse.parse(response.json()).data;
  };
  const result = async (target: Game, homeScore: number, awayScore: number) => {
    const response = await admin.post(`/api/admin/events/${target.id}/result`, {
      status: 'final',
      home_score: homeScore,
      away_score: awayScore,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** Last Man Standing of the whole season read afresh, as the standings' answer must give it. */
  const recomputed = async (poolId: number) => {
    const [pool] = await repository.poolsByIds(db(), [poolId]);
    const members = await repository.currentMembers(db(), [poolId]);
    const season = await loadSeason(db(), pool!, clock, members, { record: false });
    const lms = lastManStanding(season, clock, lastPoolWeek(pool!.sport as Sport, pool!.season));
    return {
      survivors: lms.survivors.map(Number),
      eliminated: [...lms.eliminatedIn].map(([memberId, week]) => ({ member_id: Number(memberId), week })),
      winners: lms.winners.map(Number),
    };
  };

  let thursday: Game; // DAL at PHI, PHI −7: on the slate
  let sunday: Game; // LAC at KC, KC −3: on the slate
  let offSlate: Game; // BAL at BUF, BUF −1.5: off the slate, a Last Man Standing choice only
  let week2: Game; // DET at GB, GB −2.5
  let week2Other: Game; // NE at MIA, MIA −1

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
    admin = await adminClient(testApp.app, db());
    thursday = await game('PHI', 'DAL', '2025-09-05T00:20:00Z', -7);
    sunday = await game('KC', 'LAC', '2025-09-07T20:25:00Z', -3);
    offSlate = await game('BUF', 'BAL', '2025-09-07T17:00:00Z', -1.5);
    week2 = await game('GB', 'DET', '2025-09-14T17:00:00Z', -2.5, 2);
    week2Other = await game('MIA', 'NE', '2025-09-14T20:25:00Z', -1, 2);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  /** A pool whose week 1 slate is Thursday's and Sunday's game; BAL at BUF is kept off the slate. */
  const newPool = async (overrides: Partial<CreatePoolBody> = {}) => {
    clock = START;
    const made = await poolWithGuests(
      testApp.app,
      db(),
      poolSettings({ name: 'Survivors', games_per_week: 2, ...overrides }),
    );
    const published = await made.lifeguard.client.request({
      method: 'PUT',
      url: `${weekUrl(made.pool.id, 1)}/slate`,
      payload: { event_ids: [thursday.id, sunday.id] },
    });
    expect(published.statusCode, published.body).toBe(200);
    return made;
  };

  // The results are entered once every pool has its picks: the games are shared.
  let plain: Awaited<ReturnType<typeof newPool>>;
  let strikes: Awaited<ReturnType<typeof newPool>>;
  let buyBack: Awaited<ReturnType<typeof newPool>>;

  it('lists every team playing the week as a choice, keeps the game off the slate apart, and takes its team', async () => {
    plain = await newPool();
    const [first, second] = plain.guests;
    const view = await readWeek(first!.client, plain.pool.id);
    // The slate is unchanged; the choices are every team of the week, first by kickoff, with the line frozen.
    expect(view.games.map((row) => row.event_id)).toEqual([thursday.id, sunday.id]);
    expect(view.lms_choices.map((choice) => [choice.team, choice.on_slate, choice.frozen_spread])).toEqual([
      ['DAL', true, 7],
      ['PHI', true, -7],
      ['BAL', false, 1.5],
      ['BUF', false, -1.5],
      ['LAC', true, 3],
      ['KC', true, -3],
    ]);
    expect(view.lms_status).toEqual({
      may_pick: true,
      buy_back: false,
      out_week: null,
      strikes_used: 0,
      strikes_allowed: 0,
      bought_back_in: null,
    });
    const stored = await db().select().from(poolSlateGames).where(eq(poolSlateGames.eventId, offSlate.id));
    expect(stored.some((row) => row.survivorOnly && row.frozenHomeSpread === -1.5)).toBe(true);

    // A team of the game off the slate is a Last Man Standing pick, never a pick of the week.
    const offSlatePick = await submit(first!.client, plain.pool.id, {
      picks: [{ event_id: offSlate.id, team: 'BUF' }],
    });
    expect(expectError(offSlatePick, 400).error.fields?.map((field) => field.reason)).toEqual(['not_on_slate']);
    expect((await submit(first!.client, plain.pool.id, { picks: [], lms_team: 'buf' })).statusCode).toBe(200);
    expect((await submit(second!.client, plain.pool.id, { picks: [], lms_team: 'PHI' })).statusCode).toBe(200);

    // Revealed to the others at its own game's lock, not before.
    clock = new Date('2025-09-06T12:00:00Z');
    const beforeLock = await readWeek(second!.client, plain.pool.id);
    expect(beforeLock.sheets.find((sheet) => sheet.member_id === first!.memberId)?.lms_team).toBeNull();
    // The survivor board by the same rule: the caller's own team, another's once its game has locked.
    const board = await boardOf(second!.client, plain.pool.id);
    const weekOne = (memberId: number) => board.members.find((row) => row.member_id === memberId)!.weeks[0];
    expect(weekOne(second!.memberId)).toEqual({ week: 1, team: 'PHI', outcome: 'pending', hidden: false });
    expect(weekOne(first!.memberId)).toEqual({ week: 1, team: null, outcome: null, hidden: true });
    expect(board.members.every((row) => row.alive && row.strikes_used === 0)).toBe(true);
    expect(beforeLock.lms_choices.find((choice) => choice.team === 'PHI')?.locked).toBe(true);
    // Its own lock, kept like a slate game's: the team cannot move once BUF has kicked off.
    clock = new Date('2025-09-07T17:30:00Z');
    const afterLock = await readWeek(second!.client, plain.pool.id);
    expect(afterLock.sheets.find((sheet) => sheet.member_id === first!.memberId)?.lms_team).toBe('BUF');
    const revealed = await boardOf(second!.client, plain.pool.id);
    expect(revealed.members.find((row) => row.member_id === first!.memberId)!.weeks[0]).toEqual({
      week: 1,
      team: 'BUF',
      outcome: 'pending',
      hidden: false,
    });
    const moved = await submit(first!.client, plain.pool.id, { picks: [], lms_team: 'KC' });
    expect(expectError(moved, 400).error.fields?.map((field) => field.reason)).toEqual(['locked']);
  });

  it('prepares a strikes pool and a buy-back pool with the same week', async () => {
    strikes = await newPool({ survivor_strikes: 1 });
    buyBack = await newPool({ survivor_buy_back_week: 1 });
    for (const pool of [strikes, buyBack]) {
      // The first guest takes BUF off the slate (it will not cover), the second PHI (it will).
      expect((await submit(pool.guests[0]!.client, pool.pool.id, { picks: [], lms_team: 'BUF' })).statusCode).toBe(200);
      expect((await submit(pool.guests[1]!.client, pool.pool.id, { picks: [], lms_team: 'PHI' })).statusCode).toBe(200);
    }
    const view = await readWeek(strikes.guests[0]!.client, strikes.pool.id);
    expect(view.lms_status?.strikes_allowed).toBe(1);
  });

  it('grades the team off the slate on its own game: its result eliminates, and stored standings match a recomputation', async () => {
    clock = new Date('2025-09-07T21:00:00Z');
    const before = await standingsOf(plain.guests[1]!.client, plain.pool.id);
    // Every game of the week has locked: the Lifeguard, with no team, is out already; the others wait on results.
    expect(before.last_man_standing?.eliminated).toEqual([{ member_id: plain.lifeguard.memberId, week: 1 }]);
    // BUF −1.5 wins by 1: BAL covers, BUF's survivor is out. PHI −7 wins by 10: covers.
    await result(offSlate, 21, 20);
    await result(thursday, 30, 20);
    await result(sunday, 24, 17);
    clock = AFTER_WEEK_1;
    const after = await standingsOf(plain.guests[1]!.client, plain.pool.id);
    // The Lifeguard picked no team: out too, in the same week.
    expect(after.last_man_standing).toEqual({
      survivors: [plain.guests[1]!.memberId],
      eliminated: expect.arrayContaining([
        { member_id: plain.guests[0]!.memberId, week: 1 },
        { member_id: plain.lifeguard.memberId, week: 1 },
      ]),
      winners: [plain.guests[1]!.memberId],
    });
    expect(after.last_man_standing).toEqual(await recomputed(plain.pool.id));
    // A correction of the game off the slate reaches the stored week: BUF covers now.
    await result(offSlate, 28, 20);
    const corrected = await standingsOf(plain.guests[1]!.client, plain.pool.id);
    expect(corrected.last_man_standing?.survivors).toEqual(
      [plain.guests[0]!.memberId, plain.guests[1]!.memberId].sort((a, b) => a - b),
    );
    expect(corrected.last_man_standing).toEqual(await recomputed(plain.pool.id));
    await result(offSlate, 21, 20);
    expect((await standingsOf(plain.guests[1]!.client, plain.pool.id)).last_man_standing).toEqual(
      after.last_man_standing,
    );
  });

  it('no longer asks an eliminated member for a team: not in the missing list, no picker, a refusal', async () => {
    clock = AFTER_WEEK_1;
    const [out, standing] = plain.guests;
    const missing = await plain.lifeguard.client.get(`/api/pools/${plain.pool.id}/weeks/2/missing`);
    expect(missing.statusCode, missing.body).toBe(200);
    const rows = MissingPicksResponse.parse(missing.json()).data;
    const missingLms = (memberId: number) => rows.find((row) => row.member_id === memberId)?.missing_lms_team ?? false;
    expect(missingLms(standing!.memberId)).toBe(true);
    expect(missingLms(out!.memberId)).toBe(false);
    expect(missingLms(plain.lifeguard.memberId)).toBe(false);
    const view = await readWeek(out!.client, plain.pool.id, 2);
    expect(view.lms_status).toMatchObject({ may_pick: false, buy_back: false, out_week: 1 });
    const refused = await submit(out!.client, plain.pool.id, { picks: [], lms_team: 'GB' }, 2);
    expect(expectError(refused, 400).error.fields?.map((field) => field.reason)).toEqual(['eliminated']);
  });

  it("checks a submission against the earlier weeks' rows remembered from a read, inside its own transaction", async () => {
    clock = AFTER_WEEK_1;
    const [out, standing] = plain.guests;
    expect((await standingsOf(standing!.client, plain.pool.id)).last_man_standing?.survivors).toEqual([
      standing!.memberId,
    ]);
    // Week 1's stored rows gone behind its versions' back: only the rows remembered from the read above still
    // say how the member went out (read again, the week would hold no row of theirs at all).
    const [week1] = await db()
      .select({ id: poolWeeks.id })
      .from(poolWeeks)
      .where(and(eq(poolWeeks.poolId, plain.pool.id), eq(poolWeeks.week, 1)));
    await db().delete(poolWeekTotals).where(eq(poolWeekTotals.poolWeekId, week1!.id));
    try {
      const refused = await submit(out!.client, plain.pool.id, { picks: [], lms_team: 'GB' }, 2);
      expect(expectError(refused, 400).error.fields?.map((field) => field.reason)).toEqual(['eliminated']);
    } finally {
      // Worked out and stored again at the next read.
      await db()
        .update(poolWeeks)
        .set({ inputsVersion: sql`${poolWeeks.inputsVersion} + 1` })
        .where(eq(poolWeeks.id, week1!.id));
    }
    expect((await standingsOf(standing!.client, plain.pool.id)).last_man_standing).toEqual(
      await recomputed(plain.pool.id),
    );
  });

  it('keeps a survivor standing on a strike, and puts them out at the next', async () => {
    clock = AFTER_WEEK_1;
    const [struck] = strikes.guests;
    const standing = await standingsOf(struck!.client, strikes.pool.id);
    expect(standing.last_man_standing?.survivors).toContain(struck!.memberId);
    expect(standing.last_man_standing).toEqual(await recomputed(strikes.pool.id));
    const view = await readWeek(struck!.client, strikes.pool.id, 2);
    expect(view.lms_status).toMatchObject({ may_pick: true, strikes_used: 1, strikes_allowed: 1, out_week: null });
    const board = await boardOf(strikes.guests[1]!.client, strikes.pool.id);
    expect(board.strikes_allowed).toBe(1);
    expect(board.members.find((row) => row.member_id === struck!.memberId)).toMatchObject({
      alive: true,
      strikes_used: 1,
      out_week: null,
      weeks: [{ week: 1, team: 'BUF', outcome: 'eliminated', hidden: false }],
    });
    // Week 2: MIA −1 loses outright: the second strike puts the member out.
    expect((await submit(struck!.client, strikes.pool.id, { picks: [], lms_team: 'MIA' }, 2)).statusCode).toBe(200);
    await result(week2Other, 17, 20);
    clock = new Date('2025-09-16T12:00:00Z');
    const out = await standingsOf(struck!.client, strikes.pool.id);
    expect(out.last_man_standing?.eliminated).toContainEqual({ member_id: struck!.memberId, week: 2 });
    expect(out.last_man_standing).toEqual(await recomputed(strikes.pool.id));
    clock = AFTER_WEEK_1;
  });

  it('brings back a member who picks in the week after going out, once', async () => {
    clock = AFTER_WEEK_1;
    const [returning] = buyBack.guests;
    const before = await standingsOf(returning!.client, buyBack.pool.id);
    expect(before.last_man_standing?.eliminated).toContainEqual({ member_id: returning!.memberId, week: 1 });
    const view = await readWeek(returning!.client, buyBack.pool.id, 2);
    expect(view.lms_status).toMatchObject({ may_pick: true, buy_back: true, out_week: 1 });
    // Asked for a team like a survivor: the pick is the buy-back.
    const missing = MissingPicksResponse.parse(
      (await buyBack.lifeguard.client.get(`/api/pools/${buyBack.pool.id}/weeks/2/missing`)).json(),
    ).data;
    expect(missing.find((row) => row.member_id === returning!.memberId)?.missing_lms_team).toBe(true);
    expect((await submit(returning!.client, buyBack.pool.id, { picks: [], lms_team: week2.home }, 2)).statusCode).toBe(
      200,
    );
    const back = await standingsOf(returning!.client, buyBack.pool.id);
    expect(back.last_man_standing?.survivors).toContain(returning!.memberId);
    expect(back.last_man_standing).toEqual(await recomputed(buyBack.pool.id));
    const board = await boardOf(returning!.client, buyBack.pool.id);
    expect(board.buy_back_week).toBe(1);
    expect(board.members.find((row) => row.member_id === returning!.memberId)).toMatchObject({
      alive: true,
      bought_back_in: 2,
      out_week: null,
      strikes_used: 0,
    });
    const after = await readWeek(returning!.client, buyBack.pool.id, 2);
    expect(after.lms_status).toMatchObject({ may_pick: true, buy_back: true, out_week: 1, bought_back_in: null });
  });
});

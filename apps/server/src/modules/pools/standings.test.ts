import {
  HeadToHeadResponse,
  PointsPossibleResponse,
  PoolListResponse,
  PoolResponse,
  PoolStandingsResponse,
  LiveStandingsResponse,
  standingsIfEndedNowOf,
  WeeklyResultsResponse,
  WhatIfResponse,
  type CreatePoolBody,
} from '@pass/contracts';
import { pools } from '@pass/db';
import { eq, sql } from 'drizzle-orm';
import { whatIf } from '@pass/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, expectError, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey } from '../../test/ledger.js';
import { poolSettings, poolWithGuests, quoteSpread } from '../../test/pools.js';
import { listEventsKickingOffBetween } from '../imports/imports.repository.js';
import { updateEvents } from '../imports/imports.service.js';
import { loadSeason } from './slates.service.js';

/**
 * Standings through the API (DESIGN.md section 6; decision records 026 and 027): a whole pool week played
 * with results entered by the admin's result endpoint, checked against numbers worked out here; a corrected
 * score changes the (cached) standings; a postponed game not played within its week is void. The server
 * clock is set by the test and moved, never waited for.
 */

const START = new Date('2025-09-02T12:00:00Z');
let clock = START;

const settings = (overrides: Partial<CreatePoolBody> = {}): CreatePoolBody =>
  poolSettings({ name: 'Standings pool', games_per_week: 3, ...overrides });

describe('pool standings', () => {
  let testApp: TestApp;
  let admin: TestClient;
  const db = () => testApp.database.db;

  const game = async (home: string, away: string, kickoff: string, homeSpread: number, week: number) => {
    const id = await makeGame(db(), { home, away, kickoff: new Date(kickoff), week, season: 2025, lines: false });
    await quoteSpread(db(), { eventId: id, home, away, homeSpread, fetchedAt: new Date('2025-09-01T12:00:00Z') });
    return id;
  };
  const result = async (eventId: number, status: string, home?: number, away?: number) => {
    const response = await admin.post(`/api/admin/events/${eventId}/result`, {
      status,
      ...(home === undefined ? {} : { home_score: home, away_score: away }),
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const poolOf = (overrides: Partial<CreatePoolBody>) => poolWithGuests(testApp.app, db(), settings(overrides));
  const submit = async (client: TestClient, poolId: number, week: number, body: object) => {
    const response = await client.request({
      method: 'PUT',
      url: `/api/pools/${poolId}/weeks/${week}/picks`,
      payload: body,
      headers: { 'idempotency-key': newKey() },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** A sheet's picks, each [game, team, play]. */
  const picked = (...picks: [number, string, 'double'?][]) => ({
    picks: picks.map(([event_id, team, play]) => ({ event_id, team, ...(play ? { play } : {}) })),
  });
  const standingsOf = async (client: TestClient, poolId: number) => {
    const response = await client.get(`/api/pools/${poolId}/standings`);
    expect(response.statusCode, response.body).toBe(200);
    return PoolStandingsResponse.parse(response.json()).data;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
    admin = await adminClient(testApp.app, db());
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('plays a week: points, a push, a missed pick, the tiebreaker, Last Man Standing, and a corrected score', async () => {
    const thursday = await game('PHI', 'DAL', '2025-09-05T00:20:00Z', -7, 1);
    const sunday = await game('KC', 'LAC', '2025-09-07T20:25:00Z', -3, 1);
    const monday = await game('CHI', 'MIN', '2025-09-09T00:15:00Z', 1.5, 1);
    const { pool, lifeguard, guests } = await poolOf({ start_week: 1 });
    const [first, second] = guests as [(typeof guests)[0], (typeof guests)[0]];
    const published = await lifeguard.client.request({
      method: 'PUT',
      url: `/api/pools/${pool.id}/weeks/1/slate`,
      payload: { event_ids: [thursday, sunday, monday] },
    });
    expect(published.statusCode, published.body).toBe(200);

    await submit(lifeguard.client, pool.id, 1, {
      picks: [
        { event_id: thursday, team: 'PHI', play: 'double' },
        { event_id: sunday, team: 'KC' },
        { event_id: monday, team: 'CHI' },
      ],
      tiebreaker: 40,
      lms_team: 'KC',
    });
    await submit(first.client, pool.id, 1, {
      picks: [
        { event_id: thursday, team: 'DAL' },
        { event_id: sunday, team: 'LAC' },
        { event_id: monday, team: 'MIN', play: 'double' },
      ],
      tiebreaker: 35,
      lms_team: 'PHI',
    });
    // The second guest misses Monday's game: a loss (−5) once it locks.
    await submit(second.client, pool.id, 1, {
      picks: [
        { event_id: thursday, team: 'PHI' },
        { event_id: sunday, team: 'KC' },
      ],
      tiebreaker: 50,
      lms_team: 'CHI',
    });

    clock = new Date('2025-09-10T12:00:00Z');
    try {
      await result(thursday, 'final', 24, 20); // PHI by 4: DAL covers +7
      await result(sunday, 'final', 27, 24); // KC by 3 at −3: a push
      await result(monday, 'final', 20, 17); // CHI wins outright at +1.5: CHI covers

      const table = await standingsOf(second.client, pool.id);
      // Lifeguard −10 + 0 + 5 = −5 (one win); first guest 5 + 0 − 10 = −5 (one win), nearer on the tiebreaker
      // (|35 − 37| = 2 against |40 − 37| = 3); second guest −5 + 0 − 5 = −10.
      expect(
        table.rows.map((row) => [
          row.member_id,
          row.rank,
          row.points,
          row.wins,
          row.losses,
          row.pushes,
          row.tiebreaker_error,
        ]),
      ).toEqual([
        [first.memberId, 1, -5, 1, 1, 1, 2],
        [lifeguard.memberId, 2, -5, 1, 1, 1, 3],
        [second.memberId, 3, -10, 0, 2, 1, 13],
      ]);
      // KC pushed (out), PHI did not cover (out), CHI covered: the last one standing.
      expect(table.last_man_standing).toEqual({
        survivors: [second.memberId],
        eliminated: expect.arrayContaining([
          { member_id: lifeguard.memberId, week: 1 },
          { member_id: first.memberId, week: 1 },
        ]),
        winners: [second.memberId],
      });

      const grid = WeeklyResultsResponse.parse((await first.client.get(`/api/pools/${pool.id}/results`)).json()).data;
      expect(grid.weeks).toHaveLength(1);
      expect(grid.weeks[0]!.complete).toBe(true);
      expect(grid.weeks[0]!.winners).toEqual([first.memberId]);
      const missed = grid.weeks[0]!.rows.find((row) => row.member_id === second.memberId)!;
      expect(missed.picks.map((pick) => [pick.event_id, pick.team, pick.outcome, pick.points])).toEqual([
        [thursday, 'PHI', 'loss', -5],
        [sunday, 'KC', 'push', 0],
        [monday, null, 'missed', -5],
      ]);

      const h2h = HeadToHeadResponse.parse(
        (await first.client.get(`/api/pools/${pool.id}/head-to-head/${first.memberId}/${lifeguard.memberId}`)).json(),
      ).data;
      expect(h2h.weeks).toEqual([{ week: 1, a_points: -5, b_points: -5, winner: 'tie' }]);
      expect([h2h.agreed, h2h.disagreed]).toEqual([0, 3]);
      expectError(await first.client.get(`/api/pools/${pool.id}/head-to-head/${first.memberId}/2000000000`), 404);

      const possible = PointsPossibleResponse.parse(
        (await first.client.get(`/api/pools/${pool.id}/weeks/1/possible`)).json(),
      ).data;
      expect(possible.rows.find((row) => row.member_id === first.memberId)).toMatchObject({
        week_points: -5,
        remaining: 0,
        season_possible: -5,
      });

      // Straight up, the Lifeguard's PHI double play wins (+10) and KC wins (+5): 20 points, first place.
      const whatIf = WhatIfResponse.parse(
        (await first.client.get(`/api/pools/${pool.id}/what-if?rules=straight`)).json(),
      ).data;
      const lifeguardRow = whatIf.rows.find((row) => row.member_id === lifeguard.memberId)!;
      expect(lifeguardRow.what_if).toMatchObject({ rank: 1, points: 20 });
      expect(lifeguardRow.actual).toMatchObject({ rank: 2, points: -5 });
      expect(lifeguardRow.rank_change).toBe(1);

      // The pools list shows each member's place from the same standings.
      const listed = async (client: TestClient) =>
        PoolListResponse.parse((await client.get('/api/pools')).json()).data.find((row) => row.id === pool.id)
          ?.standing;
      expect(await listed(first.client)).toEqual({ rank: 1, of: 3, points: -5 });
      expect(await listed(second.client)).toEqual({ rank: 3, of: 3, points: -10 });

      // A corrected score changes the standings, cached as they were: PHI by 11 covers the 7.
      const versionBefore = (await db().select().from(pools).where(eq(pools.id, pool.id)))[0]!.version;
      expect(await standingsOf(lifeguard.client, pool.id)).toEqual(table);
      await result(thursday, 'final', 31, 20);
      const versionAfter = (await db().select().from(pools).where(eq(pools.id, pool.id)))[0]!.version;
      expect(versionAfter).toBeGreaterThan(versionBefore);
      const corrected = await standingsOf(first.client, pool.id);
      expect(corrected.rows.map((row) => [row.member_id, row.rank, row.points])).toEqual([
        [lifeguard.memberId, 1, 15],
        [second.memberId, 2, 0],
        [first.memberId, 3, -15],
      ]);
      expect(await listed(lifeguard.client)).toEqual({ rank: 1, of: 3, points: 15 });
      expect(await listed(first.client)).toEqual({ rank: 3, of: 3, points: -15 });
      expect(corrected.last_man_standing?.survivors.sort()).toEqual([first.memberId, second.memberId].sort());
      // Corrected back: every standing as it was.
      await result(thursday, 'final', 24, 20);
      expect(await standingsOf(first.client, pool.id)).toEqual(table);
    } finally {
      clock = START;
    }
  });

  it('counts a postponed game as pending within its week and void (0 for all, Last Man Standing carried) after it', async () => {
    const early = await game('NE', 'MIA', '2025-09-21T17:00:00Z', -3, 3);
    const late = await game('DEN', 'LV', '2025-09-21T20:05:00Z', -6, 3);
    const { pool, lifeguard, guests } = await poolOf({ start_week: 3, games_per_week: 2 });
    const [first, second] = guests as [(typeof guests)[0], (typeof guests)[0]];
    await submit(lifeguard.client, pool.id, 3, {
      picks: [
        { event_id: early, team: 'NE' },
        { event_id: late, team: 'DEN', play: 'double' },
      ],
      lms_team: 'DEN',
    });
    await submit(first.client, pool.id, 3, {
      picks: [
        { event_id: early, team: 'MIA' },
        { event_id: late, team: 'LV' },
      ],
      lms_team: 'NE',
    });

    clock = new Date('2025-09-21T23:00:00Z');
    try {
      await result(early, 'final', 20, 10); // NE by 10 covers −3
      await result(late, 'postponed');
      // Within the week the postponed game may still be played: the second guest's missing pick on it counts
      // from its lock (−5), as any missed pick does, until the game is void.
      const during = await standingsOf(first.client, pool.id);
      expect(during.rows.map((row) => [row.member_id, row.points])).toEqual([
        [lifeguard.memberId, 5],
        [first.memberId, -5],
        [second.memberId, -10],
      ]);
      expect(during.last_man_standing?.survivors.sort()).toEqual([lifeguard.memberId, first.memberId].sort());

      // The week ends (midnight Pacific after its last day) without the game: it is void.
      clock = new Date('2025-09-25T08:00:00Z');
      const after = await standingsOf(first.client, pool.id);
      expect(after.rows.map((row) => [row.member_id, row.points, row.wins, row.losses])).toEqual([
        [lifeguard.memberId, 5, 1, 0],
        [first.memberId, -5, 0, 1],
        [second.memberId, -5, 0, 1],
      ]);
      // The Lifeguard's DEN was on the void game: carried. The second guest never picked: out.
      expect(after.last_man_standing).toMatchObject({
        survivors: expect.arrayContaining([lifeguard.memberId, first.memberId]),
        eliminated: [{ member_id: second.memberId, week: 3 }],
      });
      const grid = WeeklyResultsResponse.parse((await first.client.get(`/api/pools/${pool.id}/results`)).json()).data;
      const voided = grid.weeks[0]!.rows.flatMap((row) => row.picks.filter((pick) => pick.event_id === late));
      expect(voided.map((pick) => [pick.outcome, pick.points])).toEqual([
        ['void', 0],
        ['void', 0],
        ['void', 0],
      ]);
    } finally {
      clock = START;
    }
  });

  it("hides another member's pick of a game not yet locked in the results grid", async () => {
    const sunday = await game('ATL', 'TB', '2025-09-28T17:00:00Z', -1, 4);
    const { pool, lifeguard, guests } = await poolOf({ start_week: 4, games_per_week: 1 });
    await submit(lifeguard.client, pool.id, 4, { picks: [{ event_id: sunday, team: 'ATL', play: 'double' }] });
    const grid = WeeklyResultsResponse.parse(
      (await guests[0]!.client.get(`/api/pools/${pool.id}/results`)).json(),
    ).data;
    const row = grid.weeks[0]!.rows.find((candidate) => candidate.member_id === lifeguard.memberId)!;
    expect(row.picks).toEqual([
      { event_id: sunday, team: null, multiplier: 1, confidence: null, auto: false, outcome: 'pending', points: 0 },
    ]);
    const own = WeeklyResultsResponse.parse((await lifeguard.client.get(`/api/pools/${pool.id}/results`)).json()).data;
    expect(own.weeks[0]!.rows.find((candidate) => candidate.member_id === lifeguard.memberId)!.picks[0]).toMatchObject({
      team: 'ATL',
      multiplier: 2,
    });
    expectError(await guests[0]!.client.get(`/api/pools/${pool.id}/what-if?rules=sideways`), 400);
  });

  it('counts a missed pick from its game’s lock, with nothing changed but the time (the answer read before it)', async () => {
    const sunday = await game('CLE', 'PIT', '2025-11-30T18:00:00Z', 2.5, 13);
    const { pool, lifeguard, guests } = await poolOf({ start_week: 13, games_per_week: 1 });
    await submit(lifeguard.client, pool.id, 13, { picks: [{ event_id: sunday, team: 'CLE' }] });
    const pointsOf = (table: Awaited<ReturnType<typeof standingsOf>>) =>
      new Map(table.rows.map((row) => [row.member_id, [row.points, row.losses]]));
    // Read (and kept) an hour before the kickoff: nobody has anything yet.
    clock = new Date('2025-11-30T17:00:00Z');
    try {
      const before = pointsOf(await standingsOf(lifeguard.client, pool.id));
      expect(before.get(guests[0]!.memberId)).toEqual([0, 0]);
      expect(await standingsOf(lifeguard.client, pool.id)).toEqual(await standingsOf(guests[0]!.client, pool.id));
      // Past the lock, no result yet and nothing written: the guests' missing picks count as losses.
      clock = new Date('2025-11-30T18:30:00Z');
      const after = pointsOf(await standingsOf(lifeguard.client, pool.id));
      expect(after.get(lifeguard.memberId)).toEqual([0, 0]);
      for (const guest of guests) expect(after.get(guest.memberId)).toEqual([-5, 1]);
    } finally {
      clock = START;
    }
  });

  it('replays the season under confidence scoring, ranking others’ picks among their locked ones', async () => {
    const chargers = await game('LAC', 'TEN', '2025-11-09T18:00:00Z', -7, 10);
    const saints = await game('NO', 'CAR', '2025-11-09T21:05:00Z', 2.5, 10);
    const chiefs = await game('KC', 'DEN', '2025-11-16T18:00:00Z', -3, 11);
    const niners = await game('SF', 'ARI', '2025-11-17T01:20:00Z', -9.5, 11);
    const { pool, lifeguard, guests } = await poolOf({ start_week: 10, games_per_week: 2 });
    const [first, second] = guests as [(typeof guests)[0], (typeof guests)[0]];
    const replayOf = async (client: TestClient) => {
      const response = await client.get(`/api/pools/${pool.id}/what-if?rules=confidence`);
      expect(response.statusCode, response.body).toBe(200);
      const data = WhatIfResponse.parse(response.json()).data;
      expect(data.rules).toEqual(['confidence']);
      return new Map(data.rows.map((row) => [row.member_id, [row.actual.points, row.what_if.points]]));
    };
    clock = new Date('2025-11-05T12:00:00Z');
    try {
      // Ranked by the picked side's frozen spread, the biggest favourite 2: the Lifeguard's LAC (−7) 2 and NO
      // (+2.5) 1, the first guest's CAR (−2.5) 2 and TEN (+7) 1, the second guest's LAC 2 and CAR 1.
      await submit(lifeguard.client, pool.id, 10, picked([chargers, 'LAC', 'double'], [saints, 'NO']));
      await submit(first.client, pool.id, 10, picked([chargers, 'TEN'], [saints, 'CAR']));
      await submit(second.client, pool.id, 10, picked([chargers, 'LAC'], [saints, 'CAR']));
      clock = new Date('2025-11-12T12:00:00Z');
      await result(chargers, 'final', 24, 10); // LAC by 14 covers −7
      await result(saints, 'final', 20, 17); // NO wins outright: covers +2.5
      // Real: Lifeguard 10 + 5, first guest −5 − 5, second guest 5 − 5. Replayed: 2 + 1, 0, 2.
      expect(await replayOf(first.client)).toEqual(
        new Map([
          [lifeguard.memberId, [15, 3]],
          [second.memberId, [0, 2]],
          [first.memberId, [-10, 0]],
        ]),
      );

      // Week 11: the Sunday game is final (DEN wins outright: covers +3), the Sunday-night game still open.
      await submit(lifeguard.client, pool.id, 11, picked([chiefs, 'KC'], [niners, 'SF']));
      await submit(first.client, pool.id, 11, picked([chiefs, 'KC'], [niners, 'ARI']));
      const secondPicks = (open: string) => picked([chiefs, 'DEN'], [niners, open]);
      await submit(second.client, pool.id, 11, secondPicks('SF'));
      clock = new Date('2025-11-16T22:00:00Z');
      await result(chiefs, 'final', 17, 20);
      // The second guest's DEN (+3) ranks 1 beside SF (−9.5), 2 beside ARI (+9.5): to anyone else it is ranked
      // among the locked picks alone (2), whichever side of the open game he holds.
      const seen = [];
      for (const open of ['SF', 'ARI']) {
        // The locked pick sent again as it was; only the open one changes.
        if (open === 'ARI') await submit(second.client, pool.id, 11, secondPicks(open));
        const own = await replayOf(second.client);
        expect(own.get(second.memberId)).toEqual([5, open === 'SF' ? 3 : 4]);
        seen.push([await replayOf(first.client), await replayOf(lifeguard.client)]);
      }
      expect(seen[1]).toEqual(seen[0]);
      // The first guest's own KC (−3) ranks 2 beside ARI; lost, as the Lifeguard's KC did: 0 added.
      expect(seen[0]![0]).toEqual(
        new Map([
          [second.memberId, [5, 4]],
          [lifeguard.memberId, [10, 3]],
          [first.memberId, [-15, 0]],
        ]),
      );

      expectError(await first.client.get(`/api/pools/${pool.id}/what-if?rules=confidence,sideways`), 400);
    } finally {
      clock = START;
    }
  });

  it('replays a straight-up pool by the closing spreads, and refuses the replay to a confidence pool', async () => {
    const ravens = await game('BAL', 'NYJ', '2025-11-23T18:00:00Z', -1, 12);
    const packers = await game('GB', 'MIN', '2025-11-23T21:25:00Z', -10, 12);
    const { pool, lifeguard } = await poolOf({ start_week: 12, games_per_week: 2, win_basis: 'straight' });
    clock = new Date('2025-11-20T12:00:00Z');
    try {
      await submit(lifeguard.client, pool.id, 12, picked([ravens, 'BAL'], [packers, 'GB']));
      clock = new Date('2025-11-24T12:00:00Z');
      await result(ravens, 'final', 17, 20); // NYJ wins outright
      await result(packers, 'final', 30, 10);
      // No spread was frozen: GB closed at −10, BAL at −1, so GB ranks 2 (by kickoff it would rank 1).
      const response = await lifeguard.client.get(`/api/pools/${pool.id}/what-if?rules=confidence`);
      expect(response.statusCode, response.body).toBe(200);
      const row = WhatIfResponse.parse(response.json()).data.rows.find(
        (candidate) => candidate.member_id === lifeguard.memberId,
      )!;
      expect([row.actual.points, row.what_if.points]).toEqual([0, 2]);

      const confidencePool = await poolOf({ start_week: 12, games_per_week: 2, confidence: true, double_play: false });
      const refused = expectError(
        await confidencePool.lifeguard.client.get(`/api/pools/${confidencePool.pool.id}/what-if?rules=confidence`),
        400,
      );
      expect(refused.error.fields?.map((field) => field.field)).toEqual(['querystring.rules']);
    } finally {
      clock = START;
    }
  });

  it('voids a cancelled game for everyone and carries its Last Man Standing pick, its team still unused', async () => {
    const jets = await game('NYJ', 'DAL', '2025-10-05T17:00:00Z', -1, 5);
    const niners = await game('SF', 'LAR', '2025-10-05T20:25:00Z', -3, 5);
    await game('NYJ', 'DEN', '2025-10-12T17:00:00Z', 2, 6);
    await game('SF', 'TB', '2025-10-12T20:05:00Z', -2.5, 6);
    const { pool, lifeguard, guests } = await poolOf({ start_week: 5, games_per_week: 2 });
    const [first, second] = guests as [(typeof guests)[0], (typeof guests)[0]];
    clock = new Date('2025-10-01T12:00:00Z');
    try {
      await submit(lifeguard.client, pool.id, 5, {
        picks: [
          { event_id: jets, team: 'NYJ', play: 'double' },
          { event_id: niners, team: 'SF' },
        ],
        lms_team: 'NYJ',
      });
      await submit(first.client, pool.id, 5, {
        picks: [
          { event_id: jets, team: 'DAL' },
          { event_id: niners, team: 'LAR' },
        ],
        lms_team: 'SF',
      });

      clock = new Date('2025-10-06T12:00:00Z');
      await result(jets, 'cancelled');
      await result(niners, 'final', 30, 20); // SF by 10 covers −3
      const table = await standingsOf(first.client, pool.id);
      // The cancelled game scores 0 for everyone (a double play too, and a missing pick).
      expect(table.rows.map((row) => [row.member_id, row.points])).toEqual([
        [lifeguard.memberId, 5],
        [first.memberId, -5],
        [second.memberId, -5],
      ]);
      expect(table.last_man_standing).toMatchObject({
        survivors: expect.arrayContaining([lifeguard.memberId, first.memberId]),
        eliminated: [{ member_id: second.memberId, week: 5 }],
      });

      // Week 6: the Jets were never played for the Lifeguard, so they may be taken again; SF was used.
      await submit(lifeguard.client, pool.id, 6, { picks: [], lms_team: 'NYJ' });
      const used = await first.client.request({
        method: 'PUT',
        url: `/api/pools/${pool.id}/weeks/6/picks`,
        payload: { picks: [], lms_team: 'SF' },
        headers: { 'idempotency-key': newKey() },
      });
      expect(expectError(used, 400).error.fields?.map((field) => field.reason)).toEqual(['lms_used']);
      const out = await second.client.request({
        method: 'PUT',
        url: `/api/pools/${pool.id}/weeks/6/picks`,
        payload: { picks: [], lms_team: 'NYJ' },
        headers: { 'idempotency-key': newKey() },
      });
      expect(expectError(out, 400).error.fields?.map((field) => field.reason)).toEqual(['eliminated']);
    } finally {
      clock = START;
    }
  });

  it('completes the pool once every game of its last week is decided; an ended pool reads as closed', async () => {
    const finale = await game('PIT', 'CLE', '2026-01-04T18:00:00Z', -3, 18);
    const { pool, lifeguard } = await poolOf({ start_week: 18, games_per_week: 1 });
    const statusOf = async () =>
      PoolResponse.parse((await lifeguard.client.get(`/api/pools/${pool.id}`)).json()).data.status;
    clock = new Date('2026-01-01T12:00:00Z');
    try {
      await submit(lifeguard.client, pool.id, 18, { picks: [{ event_id: finale, team: 'PIT' }] });
      expect(await statusOf()).toBe(1);
      clock = new Date('2026-01-04T19:00:00Z');
      await result(finale, 'in_progress', 7, 3);
      expect(await statusOf()).toBe(2);
      await result(finale, 'final', 24, 10);
      expect(await statusOf()).toBe(8);
      expect((await lifeguard.client.post(`/api/pools/${pool.id}/end`)).statusCode).toBe(200);
      expect(await statusOf()).toBe(4);
    } finally {
      clock = START;
    }
  });

  it('keeps the lock of a game a result arrived for, even if no one looked at the pool since its kickoff', async () => {
    const moved = await game('HOU', 'JAX', '2025-10-19T17:00:00Z', -2, 7);
    const { pool, lifeguard } = await poolOf({ start_week: 7, games_per_week: 1 });
    clock = new Date('2025-10-15T12:00:00Z');
    try {
      await submit(lifeguard.client, pool.id, 7, { picks: [{ event_id: moved, team: 'HOU' }] });
      // Under way an hour after kickoff (the first anyone hears of it), then moved a day later.
      clock = new Date('2025-10-19T18:00:00Z');
      await result(moved, 'in_progress', 0, 0);
      await db().execute(sql`update events set kickoff_at = '2025-10-20T17:00:00Z' where id = ${moved}`);
      await result(moved, 'postponed');
      const week = (await lifeguard.client.get(`/api/pools/${pool.id}/weeks/7`)).json<{
        data: { games: { locked: boolean }[] };
      }>().data;
      expect(week.games[0]!.locked).toBe(true);
    } finally {
      clock = START;
    }
  });
  it('keeps the lock of a game an import moves later after its kickoff passed, though no one looked at the pool', async () => {
    const kickoff = new Date('2025-10-26T17:00:00Z');
    const moved = await game('DEN', 'DAL', kickoff.toISOString(), -3, 8);
    const { pool, lifeguard } = await poolOf({ start_week: 8, games_per_week: 1 });
    clock = new Date('2025-10-22T12:00:00Z');
    try {
      await submit(lifeguard.client, pool.id, 8, { picks: [{ event_id: moved, team: 'DEN' }] });
      // Half an hour after kickoff a schedule import says the game starts two hours later: too late to reopen it.
      clock = new Date('2025-10-26T17:30:00Z');
      const [stored] = await listEventsKickingOffBetween(db(), 'americanfootball_nfl', kickoff, kickoff);
      expect(stored!.id).toBe(moved);
      const later = new Date('2025-10-26T19:00:00Z');
      await updateEvents(db(), [{ ...stored!, kickoffAt: later.toISOString() }], clock);
      const week = (await lifeguard.client.get(`/api/pools/${pool.id}/weeks/8`)).json<{
        data: { games: { kickoff: string; locked: boolean }[] };
      }>().data;
      expect(week.games[0]).toMatchObject({ kickoff: later.toISOString(), locked: true });
    } finally {
      clock = START;
    }
  });
  it('counts a week whose automatic slate is first stored by reading it, in standings cached before', async () => {
    const unseen = await game('CIN', 'PIT', '2025-11-02T18:00:00Z', -4, 9);
    const { pool, lifeguard } = await poolOf({ start_week: 9, games_per_week: 1 });
    clock = new Date('2025-11-01T12:00:00Z');
    try {
      expect((await standingsOf(lifeguard.client, pool.id)).rows.map((row) => row.points)).toEqual([0, 0, 0]);
      // No one picked and no one looked until after the game: the first read stores the slate, and every
      // member's missed pick counts in the standings from then on.
      clock = new Date('2025-11-02T21:00:00Z');
      await result(unseen, 'final', 24, 20);
      const week = (await lifeguard.client.get(`/api/pools/${pool.id}/weeks/9`)).json<{
        data: { games: { event_id: number }[]; slate_source: string | null };
      }>().data;
      expect(week.slate_source).toBe('auto');
      expect(week.games.map((row) => row.event_id)).toEqual([unseen]);
      expect((await standingsOf(lifeguard.client, pool.id)).rows.map((row) => row.points)).toEqual([-5, -5, -5]);
    } finally {
      clock = START;
    }
  });
  it('works out the standings if the games ended now from the stored weeks and the week being played', async () => {
    const early = await game('BUF', 'NE', '2025-12-07T18:00:00Z', -3, 14);
    const late = await game('DEN', 'LV', '2025-12-07T21:25:00Z', -7, 14);
    const detroit = await game('DET', 'GB', '2025-12-14T18:00:00Z', -2.5, 15);
    const seattle = await game('SEA', 'LAR', '2025-12-14T21:25:00Z', 1.5, 15);
    const { pool, lifeguard, guests } = await poolOf({ start_week: 14, games_per_week: 2 });
    const [first, second] = guests as [(typeof guests)[0], (typeof guests)[0]];
    const liveOf = async (client: TestClient) => {
      const response = await client.get(`/api/pools/${pool.id}/live-standings`);
      expect(response.statusCode, response.body).toBe(200);
      return LiveStandingsResponse.parse(response.json()).data;
    };
    const endedNowOf = async (client: TestClient) => {
      const response = await client.get(`/api/pools/${pool.id}/what-if?rules=ended_now`);
      expect(response.statusCode, response.body).toBe(200);
      return WhatIfResponse.parse(response.json()).data;
    };
    clock = new Date('2025-12-03T12:00:00Z');
    try {
      await submit(lifeguard.client, pool.id, 14, {
        picks: [
          { event_id: early, team: 'BUF' },
          { event_id: late, team: 'DEN', play: 'double' },
        ],
      });
      await submit(first.client, pool.id, 14, {
        picks: [
          { event_id: early, team: 'NE' },
          { event_id: late, team: 'LV' },
        ],
      });
      await submit(second.client, pool.id, 14, {
        picks: [
          { event_id: early, team: 'BUF' },
          { event_id: late, team: 'LV' },
        ],
      });
      clock = new Date('2025-12-10T12:00:00Z');
      await result(early, 'final', 27, 20); // BUF by 7 covers −3
      await result(late, 'final', 24, 20); // DEN by 4 does not cover −7
      await submit(lifeguard.client, pool.id, 15, {
        picks: [
          { event_id: detroit, team: 'DET' },
          { event_id: seattle, team: 'SEA' },
        ],
      });
      await submit(first.client, pool.id, 15, {
        picks: [
          { event_id: detroit, team: 'GB' },
          { event_id: seattle, team: 'LAR' },
        ],
      });
      await submit(second.client, pool.id, 15, {
        picks: [
          { event_id: detroit, team: 'DET' },
          { event_id: seattle, team: 'LAR', play: 'double' },
        ],
      });

      // Before week 15 kicks off, the live-standings answer holds a member's own picks and no one else's.
      const before = (await liveOf(first.client)).open_weeks.find((week) => week.week === 15)!;
      const sheetOf = (memberId: number) => before.sheets.find((sheet) => sheet.member_id === memberId)!;
      expect(sheetOf(first.memberId).picks.map((pick) => pick.team)).toEqual(['GB', 'LAR']);
      expect(sheetOf(lifeguard.memberId).picks).toEqual([]);
      expect(sheetOf(second.memberId).picks).toEqual([]);

      // Week 15's Sunday: DET final by 10 (covers −2.5), LAR leads SEA 20–17 (SEA +1.5 not covering).
      clock = new Date('2025-12-14T23:00:00Z');
      await result(detroit, 'final', 30, 20);
      const [playing] = await listEventsKickingOffBetween(
        db(),
        'americanfootball_nfl',
        new Date('2025-12-14T21:25:00Z'),
        new Date('2025-12-14T21:25:00Z'),
      );
      await updateEvents(db(), [{ ...playing!, status: 'in_progress', homeScore: 17, awayScore: 20 }], clock);

      const endedNow = await endedNowOf(first.client);
      const points = (memberId: number) => {
        const row = endedNow.rows.find((candidate) => candidate.member_id === memberId)!;
        return [row.actual.points, row.what_if.points];
      };
      // Week 14: lifeguard +5 −10 = −5, first guest −5 +5 = 0, second guest +5 +5 = 10. Week 15 so far, DET final:
      // lifeguard +5, first −5, second +5; SEA–LAR as it stands: lifeguard −5, first +5, second +10 (double).
      expect(points(lifeguard.memberId)).toEqual([0, -5]);
      expect(points(first.memberId)).toEqual([-5, 0]);
      expect(points(second.memberId)).toEqual([15, 25]);
      // The same rows as the whole season worked out by the domain with the games under way ended.
      const stored = (await db().select().from(pools).where(eq(pools.id, pool.id)))[0]!;
      const season = await loadSeason(db(), stored, clock);
      expect(endedNow.rows.map((row) => [row.member_id, row.actual, row.what_if, row.rank_change])).toEqual(
        whatIf(season, clock, ['ended_now']).map((row) => [
          Number(row.memberId),
          ...[row.actual, row.whatIf].map((ranked) => ({
            rank: ranked.rank,
            points: ranked.points,
            wins: ranked.wins,
            losses: ranked.losses,
            pushes: ranked.pushes,
            tiebreaker_error: ranked.tiebreakerError,
          })),
          row.rankChange,
        ]),
      );

      // A browser works out the same rows from the live-standings answer, and again as the score moves,
      // without asking the server: LAR's lead cut to 20–19 (SEA +1.5 covers) swings the SEA–LAR picks.
      const live = await liveOf(second.client);
      expect(live.open_weeks.map((week) => week.week)).toEqual([15]);
      expect(live.settled_weeks.map((week) => week.week)).toEqual([14]);
      const ranked = (rows: ReturnType<typeof standingsIfEndedNowOf>) =>
        rows.map((row) => [Number(row.memberId), row.rank, row.points, row.wins, row.losses, row.tiebreakerError]);
      const servedRows = (rows: typeof endedNow.rows) =>
        rows.map((row) => [
          row.member_id,
          row.what_if.rank,
          row.what_if.points,
          row.what_if.wins,
          row.what_if.losses,
          row.what_if.tiebreaker_error,
        ]);
      const served = servedRows(endedNow.rows);
      const byId = (rows: unknown[][]) => [...rows].sort((a, b) => Number(a[0]) - Number(b[0]));
      expect(byId(ranked(standingsIfEndedNowOf(live)))).toEqual(byId(served));
      const closer = [{ event_id: seattle, status: 'in_progress' as const, home_score: 19, away_score: 20 }];
      const moved = standingsIfEndedNowOf(live, closer);
      const pointsOf = (memberId: number) => moved.find((row) => row.memberId === String(memberId))!.points;
      expect([pointsOf(lifeguard.memberId), pointsOf(first.memberId), pointsOf(second.memberId)]).toEqual([5, -10, 5]);
      await updateEvents(db(), [{ ...playing!, status: 'in_progress', homeScore: 19, awayScore: 20 }], clock);
      expect(byId(ranked(moved))).toEqual(byId(servedRows((await endedNowOf(first.client)).rows)));

      // The game ends as it stood: the standings are what "if ended now" said, and nothing is under way.
      await result(seattle, 'final', 17, 20);
      const after = await endedNowOf(second.client);
      expect(after.rows.map((row) => row.actual)).toEqual(after.rows.map((row) => row.what_if));
      const byMember = (rows: number[][]) => [...rows].sort((a, b) => a[0]! - b[0]!);
      expect(byMember(after.rows.map((row) => [row.member_id, row.actual.points]))).toEqual(
        byMember(endedNow.rows.map((row) => [row.member_id, row.what_if.points])),
      );
    } finally {
      clock = START;
    }
  });
});

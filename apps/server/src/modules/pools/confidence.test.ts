import {
  HeadToHeadResponse,
  LiveStandingsResponse,
  PointsPossibleResponse,
  PoolResponse,
  PoolStandingsResponse,
  PoolWeekResponse,
  standingsIfEndedNowOf,
  WeeklyResultsResponse,
  WhatIfResponse,
  type CreatePoolBody,
  type PoolWeekView,
} from '@pass/contracts';
import { poolPicks } from '@pass/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, expectError, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey } from '../../test/ledger.js';
import { poolSettings, poolWithGuests, quoteSpread } from '../../test/pools.js';

/**
 * Confidence pools through the API: the setting (no double or triple play with it), the picks ranked 1..N (a
 * value used twice refused with its field and reason, a locked pick's confidence kept), and the standings, the
 * grid, head-to-head, points still possible and the browser's "if the games ended now" under confidence points.
 * The server clock is set by the test.
 */

const START = new Date('2025-09-02T12:00:00Z');
let clock = START;

const settings = (overrides: Partial<CreatePoolBody> = {}): CreatePoolBody =>
  poolSettings({
    name: 'Confidence pool',
    games_per_week: 3,
    double_play: false,
    triple_play: false,
    last_man_standing: false,
    confidence: true,
    ...overrides,
  });

describe('confidence pools', () => {
  let testApp: TestApp;
  let admin: TestClient;
  const db = () => testApp.database.db;
  let thursday: number; // DAL at PHI, PHI −7
  let sunday: number; // LAC at KC, KC −3
  let monday: number; // MIN at CHI, CHI +1.5

  const game = async (home: string, away: string, kickoff: string, homeSpread: number) => {
    const id = await makeGame(db(), { home, away, kickoff: new Date(kickoff), week: 1, season: 2025, lines: false });
    await quoteSpread(db(), { eventId: id, home, away, homeSpread, fetchedAt: new Date('2025-09-01T12:00:00Z') });
    return id;
  };
  const result = async (eventId: number, home: number, away: number) => {
    const response = await admin.post(`/api/admin/events/${eventId}/result`, {
      status: 'final',
      home_score: home,
      away_score: away,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const get = async (client: TestClient, url: string) => {
    const response = await client.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<unknown>();
  };
  /** The game of each team of the week-1 slate. */
  const gameOf = (team: string): number =>
    ({ PHI: thursday, DAL: thursday, KC: sunday, LAC: sunday, CHI: monday, MIN: monday })[team]!;
  /**
   * A week-1 sheet as the tests write it: "PHI 3, KC 1", each pick its team and confidence (a team alone has none).
   */
  const sheetOf = (picks: string, extra: object = {}) => ({
    picks: picks.split(', ').map((pick) => {
      const [team, confidence] = pick.split(' ') as [string, string?];
      return { event_id: gameOf(team), team, ...(confidence === undefined ? {} : { confidence: Number(confidence) }) };
    }),
    ...extra,
  });
  /** `username`'s picks in a week's answer, written as sheetOf reads them, in kickoff order ("" for none). */
  const written = (week: PoolWeekView, username: string) =>
    week.sheets
      .find((sheet) => sheet.username === username)!
      .picks.map((pick) => (pick.confidence === null ? pick.team : `${pick.team} ${pick.confidence}`))
      .join(', ');

  /**
   * A confidence pool with its Lifeguard and two guests, its week-1 slate published, and the steps the tests take
   * in its week 1.
   */
  const confidencePool = async () => {
    const made = await poolWithGuests(testApp.app, db(), settings());
    const poolId = made.pool.id;
    const published = await made.lifeguard.client.request({
      method: 'PUT',
      url: `/api/pools/${poolId}/weeks/1/slate`,
      payload: { event_ids: [thursday, sunday, monday] },
    });
    expect(published.statusCode, published.body).toBe(200);
    const submit = (client: TestClient, picks: string, extra: object = {}) =>
      client.request({
        method: 'PUT',
        url: `/api/pools/${poolId}/weeks/1/picks`,
        payload: sheetOf(picks, extra),
        headers: { 'idempotency-key': newKey() },
      });
    return {
      ...made,
      /** Submits `client`'s sheet, which must be taken: `username`'s picks in the week it answers. */
      accept: async (client: TestClient, picks: string, extra: object = {}) => {
        const response = await submit(client, picks, extra);
        expect(response.statusCode, response.body).toBe(200);
        return PoolWeekResponse.parse(response.json()).data;
      },
      /** Submits `client`'s sheet, which must be refused: each problem as "field:reason". */
      refuse: async (client: TestClient, picks: string) =>
        expectError(await submit(client, picks), 400).error.fields?.map(({ field, reason }) =>
          reason ? `${field}:${reason}` : field,
        ),
      /** `username`'s picks as `client` sees them in week 1. */
      seen: async (client: TestClient, username: string) =>
        written(PoolWeekResponse.parse(await get(client, `/api/pools/${poolId}/weeks/1`)).data, username),
      /** The Lifeguard's entry of a member's picks. */
      edit: (memberId: number, body: object) =>
        made.lifeguard.client.request({
          method: 'PUT',
          url: `/api/pools/${poolId}/weeks/1/members/${memberId}/picks`,
          payload: body,
        }),
      /** The Lifeguard's change of the pool's settings. */
      change: (body: object) =>
        made.lifeguard.client.request({ method: 'PATCH', url: `/api/pools/${poolId}`, payload: body }),
      /** A read of the pool's that must answer 200: its body. */
      read: (client: TestClient, path: string) => get(client, `/api/pools/${poolId}${path}`),
    };
  };

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
    admin = await adminClient(testApp.app, db());
    thursday = await game('PHI', 'DAL', '2025-09-05T00:20:00Z', -7);
    sunday = await game('KC', 'LAC', '2025-09-07T20:25:00Z', -3);
    monday = await game('CHI', 'MIN', '2025-09-09T00:15:00Z', 1.5);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('is a setting chosen at creation, without double or triple plays, and off when left out', async () => {
    const { pool, lifeguard } = await poolWithGuests(testApp.app, db(), settings(), 0);
    expect(pool.confidence).toBe(true);
    const refused = expectError(
      await lifeguard.client.post('/api/pools', settings({ name: 'Plays too', double_play: true, triple_play: true })),
      400,
    );
    expect(refused.error.fields?.map(({ field, reason }) => `${field}:${reason}`)).toEqual([
      'body.double_play:confidence_no_plays',
      'body.triple_play:confidence_no_plays',
    ]);
    // Left out, the setting is off.
    const { confidence: _left, ...plain } = settings({ name: 'Plain pool', double_play: true });
    const created = await lifeguard.client.post('/api/pools', plain);
    expect(created.statusCode, created.body).toBe(201);
    expect(PoolResponse.parse(created.json()).data.confidence).toBe(false);
  });

  it('turned off before the pool starts, clears the picks’ confidences; kept from the first lock', async () => {
    const week = await confidencePool();
    const guest = week.guests[0]!;
    await week.accept(guest.client, 'PHI 3, KC 1');
    const off = await week.change({ confidence: false, double_play: true });
    expect(off.statusCode, off.body).toBe(200);
    expect(PoolResponse.parse(off.json()).data).toMatchObject({ confidence: false, double_play: true });
    expect(await week.seen(guest.client, guest.account.username)).toBe('PHI, KC');
    // The Lifeguard's edit keeps the member's other picks, which no longer carry a confidence to refuse.
    const edited = await week.edit(guest.memberId, { picks: [{ event_id: monday, team: 'CHI', play: 'double' }] });
    expect(edited.statusCode, edited.body).toBe(200);

    clock = new Date('2025-09-05T00:20:00Z');
    try {
      const started = expectError(await week.change({ confidence: true }), 400);
      expect(started.error.fields?.map(({ field, reason }) => `${field}:${reason}`)).toContain(
        'body.confidence:pool_started',
      );
    } finally {
      clock = START;
    }
  });

  it('takes each confidence once a week, refusing a duplicate with its field and reason and storing nothing', async () => {
    const week = await confidencePool();
    const guest = week.guests[0]!;
    const [row] = await db()
      .select({ n: sql<number>`count(*)` })
      .from(poolPicks);
    const picksBefore = Number(row!.n);
    expect(await week.refuse(guest.client, 'PHI 3, KC 3')).toEqual(['body.picks:confidence_used']);
    expect(await week.refuse(guest.client, 'PHI')).toEqual(['body.picks:confidence_required']);
    expect(await week.refuse(guest.client, 'PHI 4')).toEqual(['body.picks:confidence_out_of_range']);
    expect(await week.refuse(guest.client, 'PHI 0')).toEqual(['body.picks.0.confidence']);
    const [after] = await db()
      .select({ n: sql<number>`count(*)` })
      .from(poolPicks);
    expect(Number(after!.n)).toBe(picksBefore);

    const taken = await week.accept(guest.client, 'PHI 3, KC 1, CHI 2');
    expect(written(taken, guest.account.username)).toBe('PHI 3, KC 1, CHI 2');
  });

  it('keeps a locked pick’s confidence, and reveals it to the others with the pick at the lock', async () => {
    const week = await confidencePool();
    const [guest, other] = week.guests as [(typeof week.guests)[0], (typeof week.guests)[0]];
    const username = guest.account.username;
    await week.accept(guest.client, 'PHI 3, KC 1, CHI 2');
    expect(await week.seen(other.client, username)).toBe('');

    clock = new Date('2025-09-05T00:20:00Z');
    try {
      // The locked pick's confidence cannot move, nor be taken by an open pick.
      expect(await week.refuse(guest.client, 'PHI 1, KC 3')).toEqual(['body.picks:locked']);
      expect(await week.refuse(guest.client, 'KC 3, CHI 2')).toEqual(['body.picks:confidence_used']);
      // Left out, it stays; the open picks swap their values.
      expect(written(await week.accept(guest.client, 'LAC 2, CHI 1'), username)).toBe('PHI 3, LAC 2, CHI 1');
      expect(await week.seen(other.client, username)).toBe('PHI 3');
    } finally {
      clock = START;
    }
  });

  it('lets the Lifeguard enter a confidence an open pick held: that pick takes the edited game’s old value', async () => {
    const week = await confidencePool();
    const guest = week.guests[0]!;
    await week.accept(guest.client, 'PHI 3, KC 1, CHI 2');
    const edited = await week.edit(guest.memberId, sheetOf('MIN 3'));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await week.seen(guest.client, guest.account.username)).toBe('PHI 2, KC 1, MIN 3');
  });

  it('gives the browser what it needs to grade confidence points if the games ended now', async () => {
    const week = await confidencePool();
    const { lifeguard, guests } = week;
    await week.accept(lifeguard.client, 'PHI 3, KC 2, CHI 1');
    clock = new Date('2025-09-05T01:00:00Z');
    try {
      const live = LiveStandingsResponse.parse(await week.read(guests[0]!.client, '/live-standings')).data;
      expect(live.confidence).toBe(true);
      const lifeguardSheet = live.open_weeks[0]!.sheets.find((sheet) => sheet.member_id === lifeguard.memberId)!;
      // Only the locked game's pick, with its confidence.
      expect(lifeguardSheet.picks).toEqual([{ event_id: thursday, team: 'PHI', play: null, confidence: 3 }]);
      // PHI leads by 14 at −7: it would cover, for its 3.
      const rows = standingsIfEndedNowOf(live, [
        { event_id: thursday, status: 'in_progress', home_score: 21, away_score: 7 },
      ]);
      expect(rows.find((row) => row.memberId === String(lifeguard.memberId))?.points).toBe(3);
    } finally {
      clock = START;
    }
  });

  it('scores a win its confidence, a loss, a push and a missed pick 0, in every view', async () => {
    const week = await confidencePool();
    const { lifeguard, guests } = week;
    const [first, second] = guests as [(typeof guests)[0], (typeof guests)[0]];
    await week.accept(lifeguard.client, 'PHI 3, KC 2, CHI 1', { tiebreaker: 40 });
    await week.accept(first.client, 'DAL 1, LAC 3, MIN 2', { tiebreaker: 35 });
    // The second guest leaves Monday's game unpicked.
    await week.accept(second.client, 'PHI 2, KC 3', { tiebreaker: 50 });

    clock = new Date('2025-09-06T12:00:00Z');
    try {
      await result(thursday, 24, 20); // PHI by 4: DAL covers +7
      const possible = PointsPossibleResponse.parse(await week.read(first.client, '/weeks/1/possible')).data.rows.map(
        (row) => [row.member_id, row.week_points, row.remaining],
      );
      // Lifeguard: KC 2 and CHI 1 open; first guest: DAL won 1, LAC 3 and MIN 2 open; second guest: KC 3 open,
      // Monday unpicked may still take the 1.
      expect(possible).toEqual([
        [lifeguard.memberId, 0, 3],
        [first.memberId, 1, 5],
        [second.memberId, 0, 4],
      ]);

      clock = new Date('2025-09-10T12:00:00Z');
      await result(sunday, 27, 24); // KC by 3 at −3: a push
      await result(monday, 20, 17); // CHI wins outright at +1.5: CHI covers

      const table = PoolStandingsResponse.parse(await week.read(second.client, '/standings')).data;
      // Lifeguard: 0 + 0 + 1 = 1; first guest: 1 + 0 + 0 = 1, nearer on the tiebreaker (|35 − 37| against
      // |40 − 37|); second guest: 0 + 0 + a missed pick 0 = 0.
      expect(table.rows.map((row) => [row.member_id, row.rank, row.points, row.wins, row.losses, row.pushes])).toEqual([
        [first.memberId, 1, 1, 1, 1, 1],
        [lifeguard.memberId, 2, 1, 1, 1, 1],
        [second.memberId, 3, 0, 0, 2, 1],
      ]);

      const grid = WeeklyResultsResponse.parse(await week.read(second.client, '/results')).data;
      const firstRow = grid.weeks[0]!.rows.find((row) => row.member_id === first.memberId)!;
      expect(firstRow.picks.map((pick) => [pick.team, pick.confidence, pick.outcome, pick.points])).toEqual([
        ['DAL', 1, 'win', 1],
        ['LAC', 3, 'push', 0],
        ['MIN', 2, 'loss', 0],
      ]);

      const versus = HeadToHeadResponse.parse(
        await week.read(second.client, `/head-to-head/${lifeguard.memberId}/${second.memberId}`),
      ).data;
      expect(versus.games.map((row) => [row.a_team, row.a_confidence, row.b_team, row.b_confidence])).toEqual([
        ['PHI', 3, 'PHI', 2],
        ['KC', 2, 'KC', 3],
        ['CHI', 1, null, null],
      ]);
      expect(versus.weeks).toEqual([{ week: 1, a_points: 1, b_points: 0, winner: 'a' }]);

      const halfPush = WhatIfResponse.parse(
        await week.read(second.client, '/what-if?rules=half_point_push'),
      ).data.rows.map((row) => [row.member_id, row.what_if.points]);
      // A push is worth half its confidence: first guest 1 + 1.5, the Lifeguard 1 + 1, the second guest 1.5.
      expect(halfPush).toEqual([
        [first.memberId, 2.5],
        [lifeguard.memberId, 2],
        [second.memberId, 1.5],
      ]);
    } finally {
      clock = START;
    }
  });
});

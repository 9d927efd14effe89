import {
  HeadToHeadResponse,
  LiveStandingsResponse,
  PoolResponse,
  PoolStandingsResponse,
  standingsIfEndedNowOf,
  WeeklyResultsResponse,
  type CreatePoolBody,
} from '@pass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, expectError, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey } from '../../test/ledger.js';
import { poolSettings, poolWithGuests, quoteSpread } from '../../test/pools.js';

/**
 * Dropped worst weeks and default picks through the API: the settings at creation (left out: 0 and none), bad
 * values refused with their field and reason, no change once the pool has started; the standings leaving out
 * each member's worst complete week and naming it; default picks given at the lock and marked auto in the grid
 * and head-to-head, never before the lock, and the browser's "if the games ended now" agreeing. The server
 * clock is set by the test.
 */

const START = new Date('2025-09-02T12:00:00Z');
const AFTER_WEEK_2 = new Date('2025-09-20T12:00:00Z');
let clock = START;

const settings = (overrides: Partial<CreatePoolBody> = {}): CreatePoolBody =>
  poolSettings({
    name: 'Forgiving pool',
    games_per_week: 2,
    double_play: false,
    triple_play: false,
    last_man_standing: false,
    drop_worst_weeks: 1,
    default_picks: 'favourites',
    ...overrides,
  });

const problems = (body: { error: { fields?: { field: string; reason?: string | undefined }[] | undefined } }) =>
  body.error.fields?.map(({ field, reason }) => (reason ? `${field}:${reason}` : field));

describe('dropped worst weeks and default picks', () => {
  let testApp: TestApp;
  let admin: TestClient;
  const db = () => testApp.database.db;
  let thursday: number; // DAL at PHI, PHI −7
  let sunday: number; // KC at LAC, KC −3
  let week2a: number; // BUF at MIA, BUF −3
  let week2b: number; // NE at GB, GB −6

  const game = async (home: string, away: string, kickoff: string, homeSpread: number, week: number) => {
    const id = await makeGame(db(), { home, away, kickoff: new Date(kickoff), week, season: 2025, lines: false });
    await quoteSpread(db(), { eventId: id, home, away, homeSpread, fetchedAt: new Date('2025-09-01T12:00:00Z') });
    return id;
  };
  const result = async (eventId: number, home: number, away: number, status = 'final') => {
    const response = await admin.post(`/api/admin/events/${eventId}/result`, {
      status,
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
  const submit = async (client: TestClient, poolId: number, week: number, picks: object[]) => {
    const response = await client.request({
      method: 'PUT',
      url: `/api/pools/${poolId}/weeks/${week}/picks`,
      payload: { picks },
      headers: { 'idempotency-key': newKey() },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  /** A pool with its Lifeguard and two guests, both weeks' slates published. */
  const forgivingPool = async (overrides: Partial<CreatePoolBody> = {}) => {
    const made = await poolWithGuests(testApp.app, db(), settings(overrides));
    for (const [week, ids] of [
      [1, [thursday, sunday]],
      [2, [week2a, week2b]],
    ] as const) {
      const published = await made.lifeguard.client.request({
        method: 'PUT',
        url: `/api/pools/${made.pool.id}/weeks/${week}/slate`,
        payload: { event_ids: ids },
      });
      expect(published.statusCode, published.body).toBe(200);
    }
    return made;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
    admin = await adminClient(testApp.app, db());
    thursday = await game('PHI', 'DAL', '2025-09-05T00:20:00Z', -7, 1);
    sunday = await game('LAC', 'KC', '2025-09-07T20:25:00Z', 3, 1);
    week2a = await game('MIA', 'BUF', '2025-09-12T00:15:00Z', 3, 2);
    week2b = await game('GB', 'NE', '2025-09-14T17:00:00Z', -6, 2);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('are settings chosen at creation, 0 and none when left out', async () => {
    const { pool, lifeguard } = await poolWithGuests(testApp.app, db(), settings({ default_picks: 'home' }), 0);
    expect(pool).toMatchObject({ drop_worst_weeks: 1, default_picks: 'home' });
    const { drop_worst_weeks: _drop, default_picks: _defaults, ...plain } = settings({ name: 'Plain pool' });
    const created = await lifeguard.client.post('/api/pools', plain);
    expect(created.statusCode, created.body).toBe(201);
    expect(PoolResponse.parse(created.json()).data).toMatchObject({ drop_worst_weeks: 0, default_picks: 'none' });
  });

  it('refuses bad values with the field and the reason, and a change once the pool has started', async () => {
    const { pool, lifeguard } = await poolWithGuests(testApp.app, db(), settings({ name: 'Refusals' }), 0);
    expect(
      problems(expectError(await lifeguard.client.post('/api/pools', settings({ drop_worst_weeks: 4 })), 400)),
    ).toEqual(['body.drop_worst_weeks:out_of_range']);
    expect(
      problems(expectError(await lifeguard.client.post('/api/pools', settings({ drop_worst_weeks: -1 })), 400)),
    ).toEqual(['body.drop_worst_weeks']);
    expect(
      problems(
        expectError(await lifeguard.client.post('/api/pools', { ...settings(), default_picks: 'away' as never }), 400),
      ),
    ).toEqual(['body.default_picks']);
    const listed = await get(lifeguard.client, '/api/pools');
    expect((listed as { data: unknown[] }).data).toHaveLength(1);

    const patch = (payload: object) =>
      lifeguard.client.request({ method: 'PATCH', url: `/api/pools/${pool.id}`, payload });
    const changed = await patch({ drop_worst_weeks: 2, default_picks: 'none' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(PoolResponse.parse(changed.json()).data).toMatchObject({ drop_worst_weeks: 2, default_picks: 'none' });
    const published = await lifeguard.client.request({
      method: 'PUT',
      url: `/api/pools/${pool.id}/weeks/1/slate`,
      payload: { event_ids: [thursday, sunday] },
    });
    expect(published.statusCode, published.body).toBe(200);
    clock = new Date('2025-09-05T00:20:00Z');
    try {
      expect(problems(expectError(await patch({ drop_worst_weeks: 0, default_picks: 'home' }), 400))).toEqual([
        'body.drop_worst_weeks:pool_started',
        'body.default_picks:pool_started',
      ]);
    } finally {
      clock = START;
    }
  });

  it('gives the favourite at the lock, marked auto, never before it, and drops each member’s worst week', async () => {
    const { pool, lifeguard, guests } = await forgivingPool({ name: 'Played pool' });
    const [ann, bob] = guests as [(typeof guests)[0], (typeof guests)[0]];
    // ann picks only week 2's BUF; bob picks DAL in week 1 and both underdogs in week 2; the Lifeguard nothing.
    await submit(ann.client, pool.id, 2, [{ event_id: week2a, team: 'BUF' }]);
    await submit(bob.client, pool.id, 1, [{ event_id: thursday, team: 'DAL' }]);
    await submit(bob.client, pool.id, 2, [
      { event_id: week2a, team: 'MIA' },
      { event_id: week2b, team: 'NE' },
    ]);
    const grid = async (client: TestClient) =>
      WeeklyResultsResponse.parse(await get(client, `/api/pools/${pool.id}/results`)).data;
    const picksOf = (data: Awaited<ReturnType<typeof grid>>, week: number, username: string) =>
      data.weeks
        .find((candidate) => candidate.week === week)!
        .rows.find((row) => row.username === username)!
        .picks.map((pick) => [pick.team, pick.auto, pick.outcome]);

    // Before any lock, nobody has a default pick.
    expect(picksOf(await grid(bob.client), 1, ann.account.username)).toEqual([
      [null, false, 'pending'],
      [null, false, 'pending'],
    ]);

    // Week 1: PHI 31–20 covers −7; KC 24–20 at LAC covers −3. Week 2: BUF 31–21 at MIA covers −3; GB 27–10
    // covers −6.
    await result(thursday, 31, 20);
    await result(sunday, 20, 24);
    await result(week2a, 21, 31);
    await result(week2b, 27, 10);
    clock = AFTER_WEEK_2;
    try {
      const data = await grid(bob.client);
      expect(picksOf(data, 1, ann.account.username)).toEqual([
        ['PHI', true, 'win'],
        ['KC', true, 'win'],
      ]);
      expect(picksOf(data, 1, bob.account.username)).toEqual([
        ['DAL', false, 'loss'],
        ['KC', true, 'win'],
      ]);
      expect(picksOf(data, 2, ann.account.username)).toEqual([
        ['BUF', false, 'win'],
        ['GB', true, 'win'],
      ]);

      // ann: +10 and +10; bob: 0 and −10; the Lifeguard: +10 (favourites) and +10. Each drops their worst week.
      const standings = PoolStandingsResponse.parse(await get(ann.client, `/api/pools/${pool.id}/standings`)).data;
      const row = (username: string) => standings.rows.find((candidate) => candidate.username === username)!;
      expect([row(ann.account.username).points, row(ann.account.username).dropped_weeks]).toEqual([10, [1]]);
      expect([row(bob.account.username).points, row(bob.account.username).dropped_weeks]).toEqual([0, [2]]);
      expect([row(lifeguard.account.username).points, row(lifeguard.account.username).dropped_weeks]).toEqual([
        10,
        [1],
      ]);
      // Wins still count the dropped week.
      expect(row(ann.account.username).wins).toBe(4);

      const h2h = HeadToHeadResponse.parse(
        await get(
          ann.client,
          `/api/pools/${pool.id}/head-to-head/${row(ann.account.username).member_id}/${row(bob.account.username).member_id}`,
        ),
      ).data;
      expect(h2h.games.map((g) => [g.a_team, g.a_auto, g.b_team, g.b_auto])).toEqual([
        ['PHI', true, 'DAL', false],
        ['KC', true, 'KC', true],
        ['BUF', false, 'MIA', false],
        ['GB', true, 'NE', false],
      ]);

      // The browser's "if the games ended now" gives the same table.
      const live = LiveStandingsResponse.parse(await get(ann.client, `/api/pools/${pool.id}/live-standings`)).data;
      expect(live).toMatchObject({ drop_worst_weeks: 1, default_picks: 'favourites' });
      const browser = standingsIfEndedNowOf(live);
      const byMember = (rows: { member: number; points: number; dropped: number[] }[]) =>
        [...rows].sort((a, b) => a.member - b.member);
      expect(
        byMember(
          browser.map((ranked) => ({
            member: Number(ranked.memberId),
            points: ranked.points,
            dropped: ranked.droppedWeeks,
          })),
        ),
      ).toEqual(
        byMember(
          standings.rows.map((ranked) => ({
            member: ranked.member_id,
            points: ranked.points,
            dropped: ranked.dropped_weeks,
          })),
        ),
      );
    } finally {
      clock = START;
    }
  });
});

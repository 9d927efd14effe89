import {
  BetListResponse,
  BetResponse,
  CreateBetBody,
  EventResultResponse,
  OutcomeResponse,
  StatsResponse,
  TellerResponse,
} from '@pass/contracts';
import { events, userBets } from '@pass/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, expectError, TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import {
  makeGame,
  newKey,
  NFL,
  postEntry,
  signedInMember,
  storedEntries,
  type GameOptions,
} from '../../test/ledger.js';
import { runImport, writeGames, type IncomingGame } from '../imports/imports.service.js';
import { createEntry } from './entries.service.js';
import { gradeEvent } from './grading.service.js';

const HOUR = 3_600_000;

describe('the ledger', () => {
  let testApp: TestApp;
  let admin: TestClient;
  const key = newKey;

  beforeAll(async () => {
    testApp = await buildTestApp();
    admin = await adminClient(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  const makeEvent = (options: GameOptions = {}) => makeGame(testApp.database.db, options);
  const member = () => signedInMember(testApp.app, testApp.database.db);
  const post = (client: TestClient, body: unknown, idempotencyKey: string | null = newKey()) =>
    idempotencyKey === null ? client.post('/api/user/bets', body) : postEntry(client, body, idempotencyKey);
  const storedCount = (userId: number) => storedEntries(testApp.database.db, userId);

  const finish = (eventId: number, home: number, away: number, status = 'final') =>
    admin.post(`/api/admin/events/${eventId}/result`, { status, home_score: home, away_score: away });

  it('records a pick (201), and the same Idempotency-Key again returns the stored entry (200, same body)', async () => {
    const { client, account } = await member();
    const eventId = await makeEvent();
    const body = {
      event_id: eventId,
      bet_mode: 1,
      bet_kind: 3,
      bet_type: 4,
      bet_team: 'kc',
      line: -3.5,
      multiplier: 2,
    };
    const first = await post(client, body, 'pick-1');
    expect(first.statusCode, first.body).toBe(201);
    const { data } = BetResponse.parse(first.json());
    expect(data).toMatchObject({
      event_id: eventId,
      bet_team: 'KC',
      line: -3.5,
      price: null,
      stake_cents: null,
      multiplier: 2,
      is_simulated: true,
      source: 'manual',
      status: 1,
      outcome: null,
      reward: null,
      yr_week: 202507,
      event: { home_team: 'KC', away_team: 'BUF', status: 'scheduled' },
    });
    const again = await post(client, body, 'pick-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await storedCount(account.id)).toBe(1);
  });

  it('keeps two members’ ledgers apart: another’s entry is 404 on GET, PATCH and DELETE; lists show only one’s own', async () => {
    const alice = await member();
    const bob = await member();
    const eventId = await makeEvent();
    const created = await post(alice.client, {
      event_id: eventId,
      bet_mode: 3,
      bet_kind: 1,
      bet_type: 5,
      bet_team: 'BUF',
      price: 170,
      stake: 25.5,
      book: 'betus',
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = BetResponse.parse(created.json()).data;
    expect(entry.stake_cents).toBe(2550);
    // The same key is Bob's own to use: keys are per member.
    await post(bob.client, { event_id: eventId, bet_mode: 1, bet_kind: 2, bet_type: 1, line: 47.5 }, 'shared-key');
    await post(alice.client, { event_id: eventId, bet_mode: 1, bet_kind: 2, bet_type: 2, line: 47.5 }, 'shared-key');

    expectError(await bob.client.get(`/api/user/bets/${entry.id}`), 404);
    expectError(
      await bob.client.request({ method: 'PATCH', url: `/api/user/bets/${entry.id}`, payload: { price: 180 } }),
      404,
    );
    expectError(await bob.client.request({ method: 'DELETE', url: `/api/user/bets/${entry.id}` }), 404);
    expect((await alice.client.get(`/api/user/bets/${entry.id}`)).json().data.price).toBe(170);

    const aliceList = BetListResponse.parse((await alice.client.get('/api/user/bets')).json());
    const bobList = BetListResponse.parse((await bob.client.get('/api/user/bets')).json());
    expect(aliceList.total).toBe(2);
    expect(aliceList.data.map((row) => row.bet_mode)).toEqual([1, 3]); // newest first
    expect(bobList.total).toBe(1);
    expect(bobList.data[0]!.bet_type).toBe(1);
    const filtered = BetListResponse.parse(
      (await alice.client.get(`/api/user/bets?mode=3&season=2025&sport=${NFL}`)).json(),
    );
    expect(filtered.data.map((row) => row.id)).toEqual([entry.id]);
    expect((await new TestClient(testApp.app).get('/api/user/bets')).statusCode).toBe(401);
  });

  it('refuses bad bodies with 400 naming the field, and stores nothing', async () => {
    const { client, account } = await member();
    const eventId = await makeEvent();
    const started = await makeEvent({ hoursFromNow: -1 });
    const bet = {
      event_id: eventId,
      bet_mode: 3,
      bet_kind: 3,
      bet_type: 3,
      bet_team: 'BUF',
      line: 4.5,
      price: -110,
      stake: 110,
    };
    const cases: [unknown, string][] = [
      [{ ...bet, bet_mode: 9 }, 'body.bet_mode'],
      [{ ...bet, bet_kind: 'spread' }, 'body.bet_kind'],
      [{ ...bet, stake: -5 }, 'body.stake'],
      [{ ...bet, stake: 1.234 }, 'body.stake'],
      [{ ...bet, price: 50 }, 'body.price'],
      [{ ...bet, price: -99 }, 'body.price'],
      [{ ...bet, price: undefined }, 'body.price'],
      [{ ...bet, stake: undefined }, 'body.stake'],
      [{ ...bet, event_id: 99_999_999 }, 'body.event_id'],
      [{ ...bet, event_id: started }, 'body.event_id'],
      [{ ...bet, bet_mode: 1, price: undefined, stake: undefined, event_id: started }, 'body.event_id'],
      [{ ...bet, bet_type: 1 }, 'body.bet_type'],
      [{ ...bet, bet_team: 'NYJ' }, 'body.bet_team'],
      [{ ...bet, line: undefined }, 'body.line'],
      [{ ...bet, bet_mode: 1 }, 'body.price'],
      [{ ...bet, multiplier: 2 }, 'body.multiplier'],
      [{ ...bet, teaser_points: 6 }, 'body.teaser_points'],
    ];
    for (const [body, field] of cases) {
      const response = await post(client, body);
      expectError(response, 400, field);
    }
    const noKey = await post(client, bet, null);
    expectError(noKey, 400, 'headers.idempotency-key');
    expectError(await post(client, bet, 'x'.repeat(101)), 400, 'headers.idempotency-key');
    expect(await storedCount(account.id)).toBe(0);
  });

  it('accepts a real bet after kickoff, marked and pending; simulated bets and picks close at kickoff', async () => {
    const { client } = await member();
    const started = await makeEvent({ hoursFromNow: -1 });
    const body = { event_id: started, bet_mode: 3, bet_kind: 1, bet_type: 5, bet_team: 'KC', price: -150, stake: 150 };
    expectError(await post(client, body), 400, 'body.event_id');
    const real = await post(client, { ...body, is_simulated: false });
    expect(real.statusCode, real.body).toBe(201);
    expect(BetResponse.parse(real.json()).data).toMatchObject({
      recorded_after_start: true,
      status: 3,
      is_simulated: false,
    });
  });

  it('leaves a bet logged after its game started out of closing line value, its closing line kept', async () => {
    const { client } = await member();
    const started = await makeEvent({ hoursFromNow: -1 });
    const ahead = await makeEvent({ hoursFromNow: 2 });
    const bet = { bet_mode: 3, bet_kind: 1, bet_type: 5, bet_team: 'KC', price: -150, stake: 150, is_simulated: false };
    const late = BetResponse.parse((await post(client, { ...bet, event_id: started })).json()).data;
    const early = BetResponse.parse((await post(client, { ...bet, event_id: ahead })).json()).data;
    expect((await finish(started, 24, 20)).statusCode).toBe(200);
    expect((await finish(ahead, 24, 20)).statusCode).toBe(200);
    const read = async (id: number) => BetResponse.parse((await client.get(`/api/user/bets/${id}`)).json()).data;
    expect(await read(late.id)).toMatchObject({
      recorded_after_start: true,
      closing_price: -200,
      clv: null,
      outcome: 'win',
    });
    const counted = await read(early.id);
    expect(counted.clv).toBeCloseTo(200 / 300 - 150 / 250, 4);
    const stats = StatsResponse.parse((await client.get(`/api/user/stats/${NFL}/season/2025?money=real`)).json());
    expect(stats.totals.bets.count).toBe(2);
    expect(stats.clv.moneyline).toEqual({ count: 1, average: counted.clv });
  });

  it('changes and cancels an entry until kickoff, and refuses both after', async () => {
    const { client } = await member();
    const eventId = await makeEvent();
    const created = BetResponse.parse(
      (
        await post(client, {
          event_id: eventId,
          bet_mode: 3,
          bet_kind: 3,
          bet_type: 4,
          bet_team: 'KC',
          line: -3,
          price: -110,
          stake: 55,
        })
      ).json(),
    ).data;
    const patched = await client.request({
      method: 'PATCH',
      url: `/api/user/bets/${created.id}`,
      payload: { line: -3.5, price: -105, stake: 100, book: 'draftkings' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(BetResponse.parse(patched.json()).data).toMatchObject({
      line: -3.5,
      price: -105,
      stake_cents: 10_000,
      book: 'draftkings',
    });
    expectError(
      await client.request({ method: 'PATCH', url: `/api/user/bets/${created.id}`, payload: { bet_type: 1 } }),
      400,
      'body.bet_type',
    );
    const canceled = await client.request({ method: 'DELETE', url: `/api/user/bets/${created.id}` });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().data.status).toBe(6);
    expectError(await client.get(`/api/user/bets/${created.id}`), 404);
    expect(BetListResponse.parse((await client.get('/api/user/bets')).json()).total).toBe(0);
    const row = await testApp.database.db.select().from(userBets).where(eq(userBets.id, created.id));
    expect(row[0]).toMatchObject({ status: 6 });
    expect(row[0]!.deletedAt).not.toBeNull();

    const started = await makeEvent({ hoursFromNow: -1 });
    const late = BetResponse.parse(
      (
        await post(client, {
          event_id: started,
          bet_mode: 3,
          bet_kind: 1,
          bet_type: 5,
          bet_team: 'KC',
          price: -150,
          stake: 15,
          is_simulated: false,
        })
      ).json(),
    ).data;
    expectError(await client.request({ method: 'DELETE', url: `/api/user/bets/${late.id}` }), 400, 'params.id');
    expectError(
      await client.request({ method: 'PATCH', url: `/api/user/bets/${late.id}`, payload: { price: -140 } }),
      400,
      'params.id',
    );
  });

  it('lists the entries on the events named by event_ids, and refuses a malformed list with 400', async () => {
    const { client } = await member();
    const [first, second, third] = [await makeEvent(), await makeEvent(), await makeEvent()];
    const pickOn = async (eventId: number) =>
      BetResponse.parse(
        (await post(client, { event_id: eventId, bet_mode: 1, bet_kind: 1, bet_type: 5, bet_team: 'KC' })).json(),
      ).data.id;
    const [onFirst, , onThird] = [await pickOn(first), await pickOn(second), await pickOn(third)];

    const listed = await client.get(`/api/user/bets?event_ids=${third},${first},${third}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const list = BetListResponse.parse(listed.json());
    expect(list.total).toBe(2);
    expect(list.data.map((entry) => entry.id)).toEqual([onThird, onFirst]);

    const tooMany = Array.from({ length: 301 }, (_, index) => index + 1).join(',');
    for (const bad of ['abc', `${first},`, `${first},,${second}`, '0', '-4', '2147483648', tooMany]) {
      expectError(await client.get(`/api/user/bets?event_ids=${bad}`), 400, 'querystring.event_ids');
    }
  });

  it('changes a teaser’s points until kickoff, keeps them across other changes and drops them with the teaser', async () => {
    const { client } = await member();
    const eventId = await makeEvent();
    const created = await post(client, {
      event_id: eventId,
      bet_mode: 3,
      bet_kind: 3,
      bet_type: 7,
      bet_team: 'KC',
      line: -8.5,
      price: -120,
      stake: 50,
      teaser_points: 6,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = BetResponse.parse(created.json()).data.id;
    const patch = (payload: Record<string, unknown>) =>
      client.request({ method: 'PATCH', url: `/api/user/bets/${id}`, payload });

    const changed = await patch({ teaser_points: 7 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(BetResponse.parse(changed.json()).data.teaser_points).toBe(7);
    const repriced = BetResponse.parse((await patch({ price: -130 })).json()).data;
    expect(repriced).toMatchObject({ price: -130, teaser_points: 7 });

    expectError(await patch({ teaser_points: 0 }), 400, 'body.teaser_points');
    expectError(await patch({ teaser_points: 20.5 }), 400, 'body.teaser_points');
    expectError(await patch({ bet_type: 4, teaser_points: 6 }), 400, 'body.teaser_points');
    expect(BetResponse.parse((await client.get(`/api/user/bets/${id}`)).json()).data).toMatchObject({
      bet_type: 7,
      teaser_points: 7,
    });

    const plain = BetResponse.parse((await patch({ bet_type: 4, line: -2.5 })).json()).data;
    expect(plain).toMatchObject({ bet_type: 4, line: -2.5, teaser_points: null });
  });

  it('stores exactly one entry per key under 1,000 concurrent requests with 200 keys', async () => {
    const { client, account } = await member();
    const eventId = await makeEvent();
    const body = { event_id: eventId, bet_mode: 1, bet_kind: 3, bet_type: 3, bet_team: 'BUF', line: 4.5 };
    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: 1000 }, (_, index) => post(client, body, `concurrent-${index % 200}`)),
    );
    const elapsed = performance.now() - started;
    console.info(`1,000 concurrent POSTs (200 keys): ${Math.round(elapsed)} ms on ${testApp.database.kind}`);
    expect(responses.every((response) => response.statusCode === 200 || response.statusCode === 201)).toBe(true);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(200);
    expect(await storedCount(account.id)).toBe(200);
    const byKey = new Map<string, number>();
    responses.forEach((response, index) => {
      const id = response.json().data.id as number;
      const expected = byKey.get(`k${index % 200}`) ?? id;
      byKey.set(`k${index % 200}`, expected);
      expect(id).toBe(expected);
    });
    // A burst of 1,000 writes on PGlite's one connection: seconds alone, far more beside other suites.
  }, 120_000);

  it('grades when the admin finishes a game, regrades every entry after a score correction, and the stats follow', async () => {
    const { client } = await member();
    const eventId = await makeEvent({ week: 3 });
    const other = await makeEvent({ week: 4, home: 'KC', away: 'DEN' });
    const entries = [
      { event_id: eventId, bet_mode: 1, bet_kind: 3, bet_type: 4, bet_team: 'KC', line: -3.5 }, // pick KC −3.5
      { event_id: eventId, bet_mode: 2, bet_kind: 3, bet_type: 4, bet_team: 'KC', line: -3.5, multiplier: 3 }, // fade
      { event_id: eventId, bet_mode: 3, bet_kind: 2, bet_type: 1, line: 46.5, price: -110, stake: 110 }, // over 46.5
      {
        event_id: eventId,
        bet_mode: 3,
        bet_kind: 1,
        bet_type: 5,
        bet_team: 'BUF',
        price: 180,
        stake: 100,
        book: 'betus',
      },
      { event_id: other, bet_mode: 1, bet_kind: 3, bet_type: 3, bet_team: 'DEN', line: 7 },
    ];
    const ids: number[] = [];
    for (const body of entries) {
      const response = await post(client, body);
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().data.id);
    }
    // KC 27 – BUF 24: KC by 3 does not cover −3.5; 51 points goes over; BUF loses outright.
    const result = await finish(eventId, 27, 24);
    expect(result.statusCode, result.body).toBe(200);
    expect(EventResultResponse.parse(result.json()).data).toMatchObject({ graded: 4, status: 'final' });
    const graded = async (id: number) => BetResponse.parse((await client.get(`/api/user/bets/${id}`)).json()).data;
    expect(await graded(ids[0]!)).toMatchObject({ status: 8, outcome: 'loss', reward: -5, closing_line: -4.5, clv: 1 });
    expect(await graded(ids[1]!)).toMatchObject({ outcome: 'win', reward: 15, closing_line: -4.5, clv: -1 });
    expect(await graded(ids[2]!)).toMatchObject({
      outcome: 'win',
      reward: 10_000,
      closing_line: 47.5,
      closing_price: -110,
      clv: 1,
    });
    const moneyline = await graded(ids[3]!);
    expect(moneyline).toMatchObject({ outcome: 'loss', reward: -10_000, closing_price: 170 });
    // Took +180 on a side that closed +170: 1/2.7 − 1/2.8 of implied probability in the bettor's favour.
    expect(moneyline.clv).toBeCloseTo(100 / 270 - 100 / 280, 4);
    expect(moneyline.graded_at).not.toBeNull();
    expect((await graded(ids[4]!)).status).toBe(1);

    const statsUrl = `/api/user/stats/${NFL}/season/2025?money=all`;
    let stats = StatsResponse.parse((await client.get(statsUrl)).json());
    expect(stats.totals).toMatchObject({ entries: 4, wins: 2, losses: 2, pushes: 0, record: '2-2-0' });
    expect(stats.totals.picks).toEqual({ count: 2, points: 10 });
    expect(stats.totals.bets).toEqual({ count: 2, staked_cents: 21_000, profit_cents: 0, roi: 0, units: 0 });
    expect(stats.data).toContainEqual({
      reward: -5,
      team: 'KC',
      yr_week: 202503,
      bet_mode: 1,
      bet_kind: 3,
      bet_type: 4,
      nbr: 3,
    });
    expect(stats.data).toContainEqual({
      reward: 10_000,
      team: null,
      yr_week: 202503,
      bet_mode: 3,
      bet_kind: 2,
      bet_type: 1,
      nbr: 3,
    });
    expect(stats.by_team.find((row) => row.team === 'KC')).toMatchObject({
      record: '1-1-0',
      ats: { wins: 1, losses: 1, pushes: 0 },
      streak: { picks: [1], bets: [] },
    });
    // The sides held: the KC pick backs the favourite; the KC fade and the BUF moneyline back the underdog.
    expect(stats.by_side.map((row) => [row.side, row.record])).toEqual([
      ['favored', '0-1-0'],
      ['underdog', '1-1-0'],
    ]);
    expect(stats.by_book).toContainEqual(expect.objectContaining({ book: 'betus', record: '0-1-0' }));
    expect(stats.clv.spread).toEqual({ count: 2, average: 0 });
    expect(stats.clv.totals).toEqual({ count: 1, average: 1 });

    // The score is corrected to KC 31 – BUF 14: every entry whose grade changes is regraded, and only those.
    const corrected = await finish(eventId, 31, 14);
    expect(EventResultResponse.parse(corrected.json()).data.graded).toBe(3);
    expect(await graded(ids[0]!)).toMatchObject({ outcome: 'win', reward: 5 });
    expect(await graded(ids[1]!)).toMatchObject({ outcome: 'loss', reward: -15 });
    expect(await graded(ids[2]!)).toMatchObject({ outcome: 'loss', reward: -11_000 });
    expect(await graded(ids[3]!)).toMatchObject({ outcome: 'loss', reward: -10_000 });
    stats = StatsResponse.parse((await client.get(statsUrl)).json());
    expect(stats.totals).toMatchObject({ record: '1-3-0', picks: { count: 2, points: -10 } });
    expect(stats.totals.bets).toMatchObject({ profit_cents: -21_000, staked_cents: 21_000, roi: -1, units: -2 });
    expect(stats.by_side.map((row) => [row.side, row.record])).toEqual([
      ['favored', '1-0-0'],
      ['underdog', '0-2-0'],
    ]);
    expect(stats.by_team.find((row) => row.team === 'KC')!.streak.picks).toEqual([-1]);

    // Outcomes: the specification's rows for graded entries only.
    const outcomes = OutcomeResponse.parse((await client.get(`/api/user/bets/outcome/${NFL}?season=2025`)).json());
    expect(outcomes.total).toBe(4);
    expect(outcomes.data[0]).toEqual({
      event_id: eventId,
      event_scores: { home: 31, away: 14 },
      bet_mode: 1,
      bet_kind: 3,
      bet_type: 4,
      bet_team: 'KC',
      reward: 5,
      favored: true,
    });
    expect(outcomes.data.map((row) => row.favored)).toEqual([true, true, null, false]);
  });

  it('says a season must be specified for statistics, and refuses an unknown sport', async () => {
    const { client } = await member();
    for (const url of [
      `/api/user/stats/${NFL}/season`,
      `/api/user/stats/${NFL}`,
      `/api/user/stats/${NFL}/season/abc`,
    ]) {
      const body = expectError(await client.get(url), 400);
      expect(body.error.message).toBe('Season must be specified for BetStats');
    }
    expect(expectError(await client.get(`/api/user/bets/outcome/${NFL}`), 400).error.message).toBe(
      'Season must be specified for BetStats',
    );
    expectError(await client.get('/api/user/stats/curling/season/2025'), 400, 'params.sport');
    const empty = StatsResponse.parse((await client.get(`/api/user/stats/${NFL}/season/2024`)).json());
    expect(empty).toMatchObject({ data: [], by_team: [], totals: { entries: 0, record: '0-0-0' } });
  });

  it('lets only the admin set a result', async () => {
    const { client } = await member();
    const eventId = await makeEvent();
    expectError(
      await client.post(`/api/admin/events/${eventId}/result`, { status: 'final', home_score: 1, away_score: 0 }),
      403,
    );
    expectError(await finish(99_999_999, 1, 0), 404);
    expectError(
      await admin.post(`/api/admin/events/${eventId}/result`, { status: 'final', home_score: 3 }),
      400,
      'body.away_score',
    );
  });

  it('keeps a paper bankroll: $1,000 to start, refuses stakes beyond it, settles with the game', async () => {
    const { client } = await member();
    const eventId = await makeEvent();
    const initial = TellerResponse.parse((await client.get('/api/teller')).json()).data;
    expect(initial).toMatchObject({
      start_cents: 100_000,
      balance_cents: 100_000,
      open_stakes_cents: 0,
      available_cents: 100_000,
    });
    const bet = (stake: number, idempotencyKey = key()) =>
      client.post(
        '/api/teller/bets',
        { event_id: eventId, bet_team: 'BUF', price: 170, stake },
        { headers: { 'idempotency-key': idempotencyKey } },
      );
    const placed = await bet(600, 'teller-1');
    expect(placed.statusCode, placed.body).toBe(201);
    expect(BetResponse.parse(placed.json()).data).toMatchObject({
      source: 'teller',
      bet_mode: 3,
      bet_kind: 1,
      is_simulated: true,
      stake_cents: 60_000,
    });
    expect((await bet(600, 'teller-1')).statusCode).toBe(200); // a retry, not a second bet
    expectError(await bet(400.01), 400, 'body.stake');
    expect((await bet(400)).statusCode).toBe(201);
    const open = TellerResponse.parse((await client.get('/api/teller')).json()).data;
    expect(open).toMatchObject({ balance_cents: 100_000, open_stakes_cents: 100_000, available_cents: 0 });
    expect(open.open).toHaveLength(2);
    // A teller bet is held against the bankroll: it can be cancelled, never raised past it through PATCH.
    const tellerBetId = BetResponse.parse(placed.json()).data.id;
    const raised = await client.request({
      method: 'PATCH',
      url: `/api/user/bets/${tellerBetId}`,
      payload: { stake: 900 },
    });
    expectError(raised, 400, 'params.id');
    expect(TellerResponse.parse((await client.get('/api/teller')).json()).data.open_stakes_cents).toBe(100_000);

    await finish(eventId, 20, 24); // BUF wins at +170
    const settled = TellerResponse.parse((await client.get('/api/teller')).json()).data;
    expect(settled).toMatchObject({ balance_cents: 270_000, open_stakes_cents: 0, available_cents: 270_000, open: [] });
    expect(settled.history.map((row) => row.balance_cents)).toEqual([202_000, 270_000]);
  });

  it('grades the entries of games an import finishes', async () => {
    const { client } = await member();
    const { db } = testApp.database;
    const kickoff = new Date(Date.now() + 24 * HOUR);
    const game = (fields: Partial<IncomingGame['fields']>): IncomingGame => ({
      keys: [{ source: 'test-import', key: 'game-1' }],
      fields: {
        sport: NFL,
        season: 2025,
        week: 9,
        seasonType: 'regular',
        kickoffAt: kickoff.toISOString(),
        gameDate: kickoff.toISOString().slice(0, 10),
        homeTeam: 'PHI',
        awayTeam: 'DAL',
        neutralSite: false,
        status: 'scheduled',
        homeScore: null,
        awayScore: null,
        ...fields,
      },
      quotes: [],
    });
    const run = (incoming: IncomingGame) =>
      runImport(
        db,
        { source: 'test-import', location: 'test', body: JSON.stringify(incoming), options: {} },
        async (context) => {
          const written = await writeGames(context, {
            sport: NFL,
            quoteSource: 'test-import',
            keySources: ['test-import'],
            games: [incoming],
          });
          return { ...written, skipped: [], changedSports: [NFL] };
        },
      );
    await run(game({}));
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.homeTeam, 'PHI'));
    const created = await post(client, { event_id: event!.id, bet_mode: 1, bet_kind: 1, bet_type: 5, bet_team: 'PHI' });
    expect(created.statusCode, created.body).toBe(201);
    await run(game({ status: 'final', homeScore: 31, awayScore: 17 }));
    const entry = BetResponse.parse((await client.get(`/api/user/bets/${created.json().data.id}`)).json()).data;
    expect(entry).toMatchObject({ status: 8, outcome: 'win', reward: 5 });
  });

  it('never stamps a grade before its entry was stored: real bets recorded after their game', async () => {
    const { client, account } = await member();
    const { db } = testApp.database;
    const eventId = await makeEvent({ hoursFromNow: -5 });
    await db.update(events).set({ status: 'final', homeScore: 30, awayScore: 20 }).where(eq(events.id, eventId));
    const body = {
      event_id: eventId,
      bet_mode: 3,
      bet_kind: 1,
      bet_type: 5,
      bet_team: 'KC',
      price: -150,
      stake: 150,
      is_simulated: false,
    };
    const late = await post(client, body);
    expect(late.statusCode, late.body).toBe(201);
    const entry = BetResponse.parse(late.json()).data;
    expect(entry).toMatchObject({ status: 8, outcome: 'win', reward: 10_000, recorded_after_start: true });
    expect(Date.parse(entry.graded_at!)).toBeGreaterThanOrEqual(Date.parse(entry.created_at));
    // A ledger clock an hour behind the database's, which stamps created_at: graded as it is stored.
    const behind = await createEntry(db, {
      userId: account.id,
      idempotencyKey: key(),
      body: CreateBetBody.parse(body),
      source: 'manual',
      now: new Date(Date.parse(entry.created_at) - HOUR),
    });
    expect(behind.entry.outcome).toBe('win');
    expect(behind.entry.graded_at).toBe(behind.entry.created_at);
    // Regrading on that clock keeps the stamp; in the database neither is before its entry, to the microsecond.
    await db.update(events).set({ homeScore: 10 }).where(eq(events.id, eventId));
    expect(await gradeEvent(db, eventId, new Date(Date.parse(entry.created_at) - HOUR))).toBe(2);
    const stored = (await db.execute(sql`select outcome, graded_at >= created_at as after
        from user_bets where event_id = ${eventId}`)) as unknown as { rows: { outcome: string; after: boolean }[] };
    expect(stored.rows).toEqual([
      { outcome: 'loss', after: true },
      { outcome: 'loss', after: true },
    ]);
  });

  it('grades 10,000 entries of one game in a few statements', async () => {
    const { account } = await member();
    const { db } = testApp.database;
    const eventId = await makeEvent({ home: 'SF', away: 'SEA' });
    await db.execute(sql`insert into user_bets (user_id, event_id, sport, season, week, bet_mode, bet_kind, bet_type,
        bet_team, line, price, stake_cents, is_simulated, source, idempotency_key, status)
      select ${account.id}, ${eventId}, ${NFL}, 2025, 7, 3, 3, 4, case when n % 2 = 0 then 'SF' else 'SEA' end,
        case when n % 2 = 0 then -3.5 else 3.5 end, -110, 1100, true, 'manual', 'bulk-' || n, 1
      from generate_series(1, 10000) as n`);
    await db.update(events).set({ status: 'final', homeScore: 24, awayScore: 20 }).where(eq(events.id, eventId));
    const started = performance.now();
    const changed = await gradeEvent(db, eventId, new Date());
    const elapsed = performance.now() - started;
    console.info(`grading 10,000 entries: ${Math.round(elapsed)} ms on ${testApp.database.kind}`);
    expect(changed).toBe(10_000);
    const result = (await db.execute(sql`select count(*) filter (where outcome = 'win') as wins, sum(reward) as reward
        from user_bets where event_id = ${eventId}`)) as unknown as { rows: { wins: unknown; reward: unknown }[] };
    expect(Number(result.rows[0]!.wins)).toBe(5000);
    expect(Number(result.rows[0]!.reward)).toBe(5000 * 1000 - 5000 * 1100);
    expect(await gradeEvent(db, eventId, new Date())).toBe(0); // nothing changed, nothing written
  });
});

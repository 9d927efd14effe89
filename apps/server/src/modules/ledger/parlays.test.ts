import { ParlayListResponse, ParlayResponse, StatsResponse } from '@pass/contracts';
import { parlays } from '@pass/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, expectError, TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey, NFL, postEntry, signedInMember, type GameOptions } from '../../test/ledger.js';

const NCAAF = 'americanfootball_ncaaf';

/** Every kind of money together: parlays are counted beside the other entries. */
const statsUrl = `/api/user/stats/${NFL}/season/2025?money=all`;

describe('parlays', () => {
  let testApp: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    testApp = await buildTestApp();
    admin = await adminClient(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  const member = () => signedInMember(testApp.app, testApp.database.db);
  const game = (options: GameOptions = {}) => makeGame(testApp.database.db, options);
  const post = (client: TestClient, body: unknown, key = newKey()) =>
    client.post('/api/user/parlays', body, { headers: { 'idempotency-key': key } });
  const finish = (eventId: number, home: number, away: number, status = 'final') =>
    admin.post(`/api/admin/events/${eventId}/result`, { status, home_score: home, away_score: away });
  const moneyline = (eventId: number, team = 'KC', price = -110) => ({
    event_id: eventId,
    bet_kind: 1,
    bet_type: 5,
    bet_team: team,
    price,
  });
  const storedParlays = async (userId: number) =>
    Number(
      (
        await testApp.database.db
          .select({ n: sql<number>`count(*)` })
          .from(parlays)
          .where(eq(parlays.userId, userId))
      )[0]!.n,
    );
  const stats = async (client: TestClient) => {
    const response = await client.get(statsUrl);
    expect(response.statusCode, response.body).toBe(200);
    return StatsResponse.parse(response.json());
  };

  it('records a three-leg parlay priced from its legs, once per Idempotency-Key', async () => {
    const { client, account } = await member();
    const [a, b, c] = [await game({ hoursFromNow: 30 }), await game({ hoursFromNow: 50 }), await game()];
    const body = {
      legs: [
        moneyline(a),
        { event_id: b, bet_kind: 3, bet_type: 3, bet_team: 'buf', line: 4.5, price: -110 },
        { event_id: c, bet_kind: 2, bet_type: 1, line: 47.5, price: -110 },
      ],
      stake: 100,
      is_simulated: false,
      book: 'betus',
    };
    const first = await post(client, body, 'parlay-1');
    expect(first.statusCode, first.body).toBe(201);
    const { data } = ParlayResponse.parse(first.json());
    expect(data).toMatchObject({
      sport: NFL,
      season: 2025,
      is_simulated: false,
      stake_cents: 10_000,
      ticket_price: null,
      price: 596,
      payout_cents: 69_579,
      status: 1,
      outcome: null,
      book: 'betus',
    });
    expect(data.legs.map((leg) => [leg.event_id, leg.bet_team, leg.line])).toEqual([
      [a, 'KC', null],
      [b, 'BUF', 4.5],
      [c, null, 47.5],
    ]);
    const again = await post(client, body, 'parlay-1');
    expect(again.statusCode).toBe(200);
    expect(ParlayResponse.parse(again.json()).data.id).toBe(data.id);
    expectError(await post(client, { ...body, stake: 50 }, 'parlay-1'), 409, 'headers.idempotency-key');
    expect(await storedParlays(account.id)).toBe(1);

    const list = ParlayListResponse.parse((await client.get('/api/user/parlays')).json());
    expect(list.data.map((parlay) => parlay.id)).toEqual([data.id]);
    // Another member sees none of it.
    const other = await member();
    expect(ParlayListResponse.parse((await other.client.get('/api/user/parlays')).json()).total).toBe(0);
    expectError(await other.client.get(`/api/user/parlays/${data.id}`), 404);
  });

  it('refuses bad parlays with 400 naming the field, and stores nothing', async () => {
    const { client, account } = await member();
    const [a, b] = [await game(), await game({ hoursFromNow: 60 })];
    const started = await game({ hoursFromNow: -1 });
    const valid = { legs: [moneyline(a), moneyline(b)], stake: 10, is_simulated: true };
    expectError(await post(client, { ...valid, legs: [moneyline(a)] }), 400, 'body.legs');
    const eleven = await Promise.all(Array.from({ length: 11 }, () => game()));
    expectError(await post(client, { ...valid, legs: eleven.map((id) => moneyline(id)) }), 400, 'body.legs');
    // Two legs on one game's market, with or without the ticket's price.
    expectError(
      await post(client, { ...valid, legs: [moneyline(a), moneyline(a, 'BUF')] }),
      400,
      'body.legs.1.bet_kind',
    );
    expectError(
      await post(client, { ...valid, ticket_price: 300, legs: [moneyline(a), moneyline(a, 'BUF')] }),
      400,
      'body.legs.1.bet_kind',
    );
    // A simulated parlay closes at its first kickoff.
    expectError(
      await post(client, { ...valid, legs: [moneyline(a), moneyline(started)] }),
      400,
      'body.legs.1.event_id',
    );
    expectError(
      await post(client, { ...valid, legs: [moneyline(a), moneyline(b, 'KC', 50)] }),
      400,
      'body.legs.1.price',
    );
    expectError(await post(client, { ...valid, ticket_price: -99 }), 400, 'body.ticket_price');
    expectError(
      await post(client, { ...valid, legs: [moneyline(a), moneyline(b, 'NYJ')] }),
      400,
      'body.legs.1.bet_team',
    );
    expectError(
      await post(client, {
        ...valid,
        legs: [moneyline(a), { event_id: b, bet_kind: 3, bet_type: 4, bet_team: 'BUF', line: 4.5, price: -110 }],
      }),
      400,
      'body.legs.1.bet_type',
    );
    expectError(await post(client, { legs: valid.legs, stake: 10 }), 400, 'body.is_simulated');
    expectError(
      await post(client, { ...valid, legs: [moneyline(a), moneyline(999_999)] }),
      400,
      'body.legs.1.event_id',
    );
    expect(await storedParlays(account.id)).toBe(0);
    // Members only.
    const visitor = new TestClient(testApp.app);
    expect(
      (await visitor.post('/api/user/parlays', valid, { headers: { 'idempotency-key': newKey() } })).statusCode,
    ).toBe(401);
  });

  it('loses as soon as one leg loses, counts once in the stats, and regrades on a score correction', async () => {
    const { client } = await member();
    const before = await stats(client);
    const [a, b] = [await game({ hoursFromNow: 1 }), await game({ hoursFromNow: 3 })];
    const created = await post(client, {
      legs: [moneyline(a), moneyline(b, 'BUF', 170)],
      stake: 20,
      is_simulated: true,
    });
    const { data } = ParlayResponse.parse(created.json());
    expect(data.price).toBe(Math.round((1 + 100 / 110) * 2.7 * 100 - 100));

    // KC loses the first game while the second is still to be played.
    expect((await finish(a, 10, 20)).statusCode).toBe(200);
    let shown = ParlayResponse.parse((await client.get(`/api/user/parlays/${data.id}`)).json()).data;
    expect(shown).toMatchObject({ status: 8, outcome: 'loss', reward: -2000 });
    expect(shown.legs.map((leg) => leg.outcome)).toEqual(['loss', null]);
    let after = await stats(client);
    expect(after.parlays).toMatchObject({ entries: 1, losses: 1, bets: { count: 1, profit_cents: -2000 } });
    expect(after.totals.bets.count - before.totals.bets.count).toBe(1);
    expect(after.by_book.reduce((sum, row) => sum + row.bets.profit_cents, 0)).toBe(after.totals.bets.profit_cents);
    expect(after.by_mode.find((row) => row.bet_mode === 3)?.bets.count).toBe(1);
    expect(after.by_kind.reduce((sum, row) => sum + row.entries, 0)).toBe(0);

    // The score is corrected: KC won; the parlay now waits for its second leg, then wins it at +170 × −110.
    expect((await finish(a, 30, 20)).statusCode).toBe(200);
    shown = ParlayResponse.parse((await client.get(`/api/user/parlays/${data.id}`)).json()).data;
    expect(shown).toMatchObject({ status: 3, outcome: null, reward: null });
    expect((await finish(b, 10, 20)).statusCode).toBe(200);
    shown = ParlayResponse.parse((await client.get(`/api/user/parlays/${data.id}`)).json()).data;
    // $20 × (21/11 × 2.7 − 1) = $83.09.
    expect(shown).toMatchObject({ status: 8, outcome: 'win', reward: 8309 });
    after = await stats(client);
    expect(after.totals).toMatchObject({ wins: 1, losses: 0, bets: { profit_cents: 8309, staked_cents: 2000 } });
    expect(after.totals.bets.roi).toBeCloseTo(4.1545, 4);
  });

  it('drops a pushed leg: a boosted ticket is divided by its price, any other repriced from the rest; all legs pushed is a push', async () => {
    const { client } = await member();
    const [a, b, c, d, e, f] = await Promise.all([game(), game(), game(), game(), game(), game()]);
    const spreadLeg = (eventId: number) => ({
      event_id: eventId,
      bet_kind: 3,
      bet_type: 4,
      bet_team: 'KC',
      line: -3,
      price: -110,
    });
    const one = ParlayResponse.parse(
      (
        await post(client, {
          legs: [spreadLeg(a), moneyline(b, 'KC', 150)],
          stake: 10,
          is_simulated: true,
          ticket_price: 400,
        })
      ).json(),
    ).data;
    const two = ParlayResponse.parse(
      (await post(client, { legs: [spreadLeg(c), moneyline(d, 'KC', 150)], stake: 10, is_simulated: true })).json(),
    ).data;
    // Not boosted: +350 is less than the legs' +377.
    const plain = ParlayResponse.parse(
      (
        await post(client, {
          legs: [spreadLeg(e), moneyline(f, 'KC', 150)],
          stake: 10,
          is_simulated: true,
          ticket_price: 350,
        })
      ).json(),
    ).data;
    expect(one.payout_cents).toBe(5000);
    await finish(a, 23, 20); // KC by 3: the −3 leg pushes.
    await finish(b, 21, 20);
    // The legs make +377 (21/11 × 2.5); the ticket's +400 is a boost, kept: 5.0 ÷ 21/11 = 2.619, $10 wins $16.19.
    const graded = ParlayResponse.parse((await client.get(`/api/user/parlays/${one.id}`)).json()).data;
    expect(graded).toMatchObject({ outcome: 'win', reward: 1619, price: 162, ticket_price: 400 });
    await finish(e, 23, 20);
    await finish(f, 21, 20);
    const repriced = ParlayResponse.parse((await client.get(`/api/user/parlays/${plain.id}`)).json()).data;
    expect(repriced).toMatchObject({ outcome: 'win', reward: 1500, price: 150 });
    await finish(c, 23, 20);
    await finish(d, 0, 0, 'cancelled');
    const pushed = ParlayResponse.parse((await client.get(`/api/user/parlays/${two.id}`)).json()).data;
    expect(pushed).toMatchObject({ outcome: 'push', reward: 0 });
    expect(pushed.legs.map((leg) => leg.outcome)).toEqual(['push', 'void']);
  });

  it('counts each parlay once beside single bets: the stats sum to the rewards of the graded entries', async () => {
    const { client } = await member();
    const [a, b, c] = [await game(), await game(), await game()];
    const single = await postEntry(client, { ...moneyline(a, 'BUF', 170), bet_mode: 3, stake: 50, book: 'betus' });
    expect(single.statusCode, single.body).toBe(201);
    await post(client, { legs: [moneyline(a), moneyline(b)], stake: 10, is_simulated: false, book: 'betus' });
    await post(client, { legs: [moneyline(b), moneyline(c, 'BUF', 150)], stake: 25, is_simulated: true });
    await finish(a, 27, 20);
    await finish(b, 24, 21);
    await finish(c, 17, 20);

    const singles = (await client.get('/api/user/bets')).json() as { data: { reward: number | null }[] };
    const tickets = ParlayListResponse.parse((await client.get('/api/user/parlays')).json()).data;
    const rewards = [...singles.data, ...tickets].map((entry) => entry.reward!);
    // The single lost $50; the first parlay won $10 × ((21/11)² − 1); the second won $25 × (21/11 × 2.5 − 1).
    expect(rewards.sort((x, y) => x - y)).toEqual([-5000, 2645, 9432]);
    const answer = await stats(client);
    const sum = rewards.reduce((total, reward) => total + reward, 0);
    expect(answer.totals).toMatchObject({ entries: 3, wins: 2, losses: 1, bets: { count: 3, profit_cents: sum } });
    expect(answer.parlays).toMatchObject({ entries: 2, wins: 2, bets: { count: 2, profit_cents: 2645 + 9432 } });
    for (const grouping of [answer.by_week, answer.by_mode, answer.by_book]) {
      expect(grouping.reduce((total, row) => total + row.bets.profit_cents, 0)).toBe(sum);
    }
    // Legs are no bets of their own: only the single is in the groupings by team and kind.
    expect(answer.by_kind.reduce((total, row) => total + row.entries, 0)).toBe(1);
    expect(answer.by_team.reduce((total, row) => total + row.entries, 0)).toBe(1);
    expect((answer.data ?? []).reduce((total, row) => total + row.reward, 0)).toBe(-5000);
  });

  it('takes legs of different sports and seasons, grades each on its own game, and counts the ticket once, in its first game’s sport', async () => {
    const { client } = await member();
    const college = await game({ sport: NCAAF, home: 'ALA', away: 'UGA', hoursFromNow: 20, week: 9 });
    const nfl = await game({ hoursFromNow: 40 });
    const lastSeason = await game({ season: 2024, week: 18, hoursFromNow: 60 });
    const created = await post(client, {
      legs: [moneyline(nfl), moneyline(college, 'UGA', 150), moneyline(lastSeason, 'BUF', 170)],
      stake: 10,
      is_simulated: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { data } = ParlayResponse.parse(created.json());
    expect(data).toMatchObject({ sport: NCAAF, season: 2025, week: 9, same_game: false, recorded_after_start: false });
    expect(data.legs.map((leg) => [leg.sport, leg.season])).toEqual([
      [NFL, 2025],
      [NCAAF, 2025],
      [NFL, 2024],
    ]);
    await finish(college, 10, 24);
    await finish(nfl, 27, 20);
    let shown = ParlayResponse.parse((await client.get(`/api/user/parlays/${data.id}`)).json()).data;
    expect(shown.legs.map((leg) => leg.outcome)).toEqual(['win', 'win', null]);
    expect(shown.status).toBe(3);
    await finish(lastSeason, 20, 23);
    shown = ParlayResponse.parse((await client.get(`/api/user/parlays/${data.id}`)).json()).data;
    // $10 × (21/11 × 2.5 × 2.7 − 1) = $118.86.
    expect(shown).toMatchObject({ status: 8, outcome: 'win', reward: 11_886 });
    const collegeStats = StatsResponse.parse(
      (await client.get(`/api/user/stats/${NCAAF}/season/2025?money=real`)).json(),
    );
    expect(collegeStats.parlays).toMatchObject({ entries: 1, wins: 1, bets: { profit_cents: 11_886 } });
    const nflStats = StatsResponse.parse((await client.get(`/api/user/stats/${NFL}/season/2025?money=real`)).json());
    expect(nflStats.parlays?.entries ?? 0).toBe(0);
  });

  it('records a same-game parlay only at the ticket’s price, and scales that price when a leg pushes', async () => {
    const { client, account } = await member();
    const [a, b] = [await game(), await game()];
    const spread = { event_id: a, bet_kind: 3, bet_type: 4, bet_team: 'KC', line: -3, price: -110 };
    const total = { event_id: a, bet_kind: 2, bet_type: 1, line: 40.5, price: -110 };
    const legs = [spread, total, moneyline(b, 'KC', -110)];
    const unpriced = expectError(await post(client, { legs, stake: 10, is_simulated: true }), 400, 'body.ticket_price');
    expect(unpriced.error.message).toMatch(/same-game parlay/);
    expect(await storedParlays(account.id)).toBe(0);
    const created = await post(client, { legs, stake: 10, is_simulated: true, ticket_price: 500 });
    expect(created.statusCode, created.body).toBe(201);
    const { data } = ParlayResponse.parse(created.json());
    expect(data).toMatchObject({ same_game: true, ticket_price: 500, price: 500, payout_cents: 6000 });
    await finish(a, 23, 20); // KC by 3 (the spread pushes), 43 points (the over wins).
    await finish(b, 24, 20);
    const graded = ParlayResponse.parse((await client.get(`/api/user/parlays/${data.id}`)).json()).data;
    // 6.0 ÷ 21/11 = 3.143: $10 wins $21.43.
    expect(graded).toMatchObject({ outcome: 'win', reward: 2143, price: 214 });
    expect(graded.legs.map((leg) => leg.outcome)).toEqual(['push', 'win', 'win']);
  });

  it('accepts a real parlay after its first game started, marked, and grades what is decided; simulated ones close', async () => {
    const { client } = await member();
    const underway = await game({ hoursFromNow: -1 });
    const later = await game({ sport: NCAAF, home: 'ALA', away: 'UGA', hoursFromNow: 5 });
    const ended = await game({ hoursFromNow: -30 });
    const body = { legs: [moneyline(later, 'ALA'), moneyline(underway)], stake: 10, is_simulated: true };
    expectError(await post(client, body), 400, 'body.legs.1.event_id');
    const real = await post(client, { ...body, is_simulated: false });
    expect(real.statusCode, real.body).toBe(201);
    const { data } = ParlayResponse.parse(real.json());
    expect(data).toMatchObject({ recorded_after_start: true, status: 3, sport: NFL });
    // One game already lost when the ticket is logged: it is graded at once.
    await finish(ended, 10, 20);
    const lost = await post(client, {
      legs: [moneyline(later, 'ALA'), moneyline(ended)],
      stake: 10,
      is_simulated: false,
    });
    expect(lost.statusCode, lost.body).toBe(201);
    expect(ParlayResponse.parse(lost.json()).data).toMatchObject({
      recorded_after_start: true,
      status: 8,
      outcome: 'loss',
      reward: -1000,
    });
  });

  it('cancels before the first kickoff only, and a cancelled parlay leaves the list and the stats', async () => {
    const { client } = await member();
    const [a, b] = [await game(), await game({ hoursFromNow: 70 })];
    const open = ParlayResponse.parse(
      (await post(client, { legs: [moneyline(a), moneyline(b)], stake: 10, is_simulated: true })).json(),
    ).data;
    const versionBefore = (await client.get(statsUrl)).headers.etag;
    const cancel = await client.request({ method: 'DELETE', url: `/api/user/parlays/${open.id}` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(ParlayResponse.parse(cancel.json()).data.status).toBe(6);
    expect((await client.get(statsUrl)).headers.etag).not.toBe(versionBefore);
    expect(ParlayListResponse.parse((await client.get('/api/user/parlays')).json()).total).toBe(0);

    const [c, d] = [await game({ hoursFromNow: 1 }), await game()];
    const started = ParlayResponse.parse(
      (await post(client, { legs: [moneyline(c), moneyline(d)], stake: 10, is_simulated: true })).json(),
    ).data;
    await admin.post(`/api/admin/events/${c}/result`, { status: 'in_progress' });
    const refused = await client.request({ method: 'DELETE', url: `/api/user/parlays/${started.id}` });
    expectError(refused, 400, 'params.id');
  });
});

describe('a bet whose type contradicts its line', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('is refused with 400 naming bet_type, on creation and on a change', async () => {
    const { client } = await signedInMember(testApp.app, testApp.database.db);
    const eventId = await makeGame(testApp.database.db);
    const spread = { event_id: eventId, bet_mode: 3, bet_kind: 3, bet_team: 'KC', price: -110, stake: 10 };
    const favouriteAtPlus = expectError(
      await postEntry(client, { ...spread, bet_type: 4, line: 4.5 }),
      400,
      'body.bet_type',
    );
    expect(favouriteAtPlus.error.message).toMatch(/positive spread/);
    expectError(await postEntry(client, { ...spread, bet_type: 3, line: -4.5 }), 400, 'body.bet_type');
    expectError(await postEntry(client, { ...spread, bet_type: 7, line: 2 }), 400, 'body.bet_type');
    const fine = await postEntry(client, { ...spread, bet_type: 4, line: -4.5 });
    expect(fine.statusCode, fine.body).toBe(201);
    const pickEm = await postEntry(client, { ...spread, bet_type: 3, line: 0 });
    expect(pickEm.statusCode, pickEm.body).toBe(201);
    const id = (fine.json() as { data: { id: number } }).data.id;
    const change = await client.request({ method: 'PATCH', url: `/api/user/bets/${id}`, payload: { line: 4.5 } });
    expectError(change, 400, 'body.bet_type');
  });
});

import { BetResponse, StatsResponse } from '@pass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, expectError, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey, NFL, postEntry, signedInMember } from '../../test/ledger.js';

const statsUrl = (query = '') => `/api/user/stats/${NFL}/season/2025${query}`;

/**
 * Real money apart from play money (docs/decisions/078-real-money-apart): the statistics count real money
 * unless asked otherwise, and carry each kind's totals beside the figures asked for.
 */
describe('statistics by kind of money', () => {
  let testApp: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    testApp = await buildTestApp();
    admin = await adminClient(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  const db = () => testApp.database.db;

  async function read(client: TestClient, query = '') {
    const response = await client.get(statsUrl(query));
    expect(response.statusCode, response.body).toBe(200);
    return { etag: String(response.headers.etag), stats: StatsResponse.parse(response.json()) };
  }

  /**
   * A member with one graded entry of each kind on KC (home) v BUF, KC winning 30–20: a real moneyline bet on
   * KC at −200 for $200 (+$100), a simulated spread bet on KC −4.5 at −110 for $55 (+$50), a pick on KC −3.5
   * (+5 points) and a teller bet on BUF at +170 for $100 (−$100); and a real parlay and a simulated one on
   * two other games, both lost.
   */
  async function memberWithEveryKind() {
    const { client } = await signedInMember(testApp.app, db());
    const game = await makeGame(db(), { week: 3 });
    const [second, third] = [await makeGame(db(), { week: 4 }), await makeGame(db(), { week: 4 })];
    const posted = async (body: object) => {
      const response = await postEntry(client, { event_id: game, bet_kind: 3, bet_type: 4, bet_team: 'KC', ...body });
      expect(response.statusCode, response.body).toBe(201);
      return BetResponse.parse(response.json()).data;
    };
    await posted({ bet_mode: 3, bet_kind: 1, bet_type: 5, price: -200, stake: 200, is_simulated: false });
    await posted({ bet_mode: 3, line: -4.5, price: -110, stake: 55, is_simulated: true });
    await posted({ bet_mode: 1, line: -3.5 });
    const teller = await client.post(
      '/api/teller/bets',
      { event_id: game, bet_team: 'BUF', price: 170, stake: 100 },
      { headers: { 'idempotency-key': newKey() } },
    );
    expect(teller.statusCode, teller.body).toBe(201);
    for (const [stake, simulated] of [
      [40, false],
      [30, true],
    ] as const) {
      const parlay = await client.post(
        '/api/user/parlays',
        {
          legs: [
            { event_id: second, bet_kind: 1, bet_type: 5, bet_team: 'KC', price: -200 },
            { event_id: third, bet_kind: 1, bet_type: 5, bet_team: 'KC', price: -200 },
          ],
          stake,
          is_simulated: simulated,
        },
        { headers: { 'idempotency-key': newKey() } },
      );
      expect(parlay.statusCode, parlay.body).toBe(201);
    }
    for (const [eventId, home, away] of [
      [game, 30, 20],
      [second, 10, 20],
      [third, 30, 20],
    ] as const) {
      const response = await admin.post(`/api/admin/events/${eventId}/result`, {
        status: 'final',
        home_score: home,
        away_score: away,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    return client;
  }

  it('counts real money alone by default, with each kind of money beside it', async () => {
    const client = await memberWithEveryKind();
    const { stats } = await read(client, '?rows=summary');
    expect(stats.money).toBe('real');
    // The real bet (+$100) and the real parlay (−$40).
    expect(stats.totals).toMatchObject({
      entries: 2,
      record: '1-1-0',
      picks: { count: 0, points: 0 },
      bets: { count: 2, staked_cents: 24_000, profit_cents: 6_000 },
    });
    expect(stats.totals.bets.roi).toBe(0.25);
    expect(stats.by_team.map((row) => [row.team, row.bets.profit_cents])).toEqual([['KC', 10_000]]);
    expect(stats.by_kind.map((row) => [row.bet_kind, row.entries])).toEqual([[1, 1]]);
    expect(stats.parlays).toMatchObject({ entries: 1, bets: { profit_cents: -4_000 } });
    expect(stats.by_week.map((row) => [row.nbr, row.bets.profit_cents])).toEqual([
      [3, 10_000],
      [4, -4_000],
    ]);
    expect(stats.data?.map((row) => row.reward)).toEqual([10_000]);

    expect(stats.by_money.real).toEqual(stats.totals);
    expect(stats.by_money.simulated).toMatchObject({
      entries: 3,
      record: '2-1-0',
      picks: { count: 1, points: 5 },
      bets: { count: 2, staked_cents: 8_500, profit_cents: 2_000 },
    });
    expect(stats.by_money.teller).toMatchObject({
      entries: 1,
      record: '0-1-0',
      bets: { count: 1, staked_cents: 10_000, profit_cents: -10_000, roi: -1 },
    });
  });

  it('counts the simulated entries, the teller’s paper or everything when asked, the same kinds beside', async () => {
    const client = await memberWithEveryKind();
    const real = await read(client);

    const simulated = (await read(client, '?money=simulated')).stats;
    expect(simulated.money).toBe('simulated');
    expect(simulated.totals).toEqual(real.stats.by_money.simulated);
    expect(simulated.by_mode.map((row) => [row.bet_mode, row.entries])).toEqual([
      [1, 1],
      [3, 2],
    ]);
    expect(simulated.by_money).toEqual(real.stats.by_money);

    const teller = (await read(client, '?money=teller')).stats;
    expect(teller.totals).toEqual(real.stats.by_money.teller);
    expect(teller.by_team.map((row) => row.team)).toEqual(['BUF']);
    expect(teller.parlays?.entries ?? 0).toBe(0);

    const all = (await read(client, '?money=all')).stats;
    expect(all.money).toBe('all');
    expect(all.totals).toMatchObject({
      entries: 6,
      record: '3-3-0',
      picks: { count: 1, points: 5 },
      bets: { count: 5, profit_cents: 6_000 + 2_000 - 10_000 },
    });
  });

  it('keeps an answer and an ETag per kind of money', async () => {
    const client = await memberWithEveryKind();
    const real = await read(client);
    const teller = await read(client, '?money=teller');
    expect(teller.etag).not.toBe(real.etag);
    // Each is cached under its own kind: asking again gives the same figures, not the other kind's.
    expect((await read(client)).stats.totals).toEqual(real.stats.totals);
    expect((await read(client, '?money=teller')).stats.totals).toEqual(teller.stats.totals);
    const revalidated = await client.get(statsUrl('?money=teller'), { headers: { 'if-none-match': real.etag } });
    expect(revalidated.statusCode).toBe(200);
  });

  it('refuses another kind of money with 400 naming the field and the reason', async () => {
    const { client } = await signedInMember(testApp.app, db());
    for (const value of ['paper', 'REAL', '']) {
      const body = expectError(await client.get(statsUrl(`?money=${value}`)), 400, 'querystring.money');
      expect(body.error.fields?.find((entry) => entry.field === 'querystring.money')?.message).toBe(
        'must be real, simulated, teller or all',
      );
    }
  });
});

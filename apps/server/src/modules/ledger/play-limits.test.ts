import { BetResponse, PlayLimitsResponse, type PlayLimitsStatus } from '@pass/contracts';
import { playLimits, syncAccounts, syncBets } from '@pass/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, expectError, TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey, postEntry, signedInMember } from '../../test/ledger.js';

const HOUR = 3_600_000;

/**
 * Responsible play on a server clock the tests move: the month is counted in US Eastern time, real money
 * only (singles, parlays, synced bets by their placement), and a loss streak that pushes do not break.
 */
describe('GET and PUT /api/user/play-limits', () => {
  let testApp: TestApp;
  let admin: TestClient;
  // 7 AM in New York on 30 November.
  let clock = new Date('2026-11-30T12:00:00Z');

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
    admin = await adminClient(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  const db = () => testApp.database.db;
  const member = () => signedInMember(testApp.app, db());
  const read = async (client: TestClient): Promise<PlayLimitsStatus> => {
    const response = await client.get('/api/user/play-limits');
    expect(response.statusCode, response.body).toBe(200);
    return PlayLimitsResponse.parse(response.json()).data;
  };
  const put = (client: TestClient, payload: unknown) =>
    client.request({ method: 'PUT', url: '/api/user/play-limits', payload: payload as object });
  /** A game an hour after the clock, home KC (moneyline −200), total 47.5. */
  const game = () => makeGame(db(), { kickoff: new Date(clock.getTime() + HOUR), season: 2026, week: 12 });
  const realBet = async (client: TestClient, eventId: number, stake: number, extra: object = {}) => {
    const response = await postEntry(client, {
      event_id: eventId,
      bet_mode: 3,
      bet_kind: 1,
      bet_type: 5,
      bet_team: 'KC',
      price: -200,
      stake,
      is_simulated: false,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return BetResponse.parse(response.json()).data;
  };
  const finish = async (eventId: number, home: number, away: number) => {
    const response = await admin.post(`/api/admin/events/${eventId}/result`, {
      status: 'final',
      home_score: home,
      away_score: away,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('answers no limits, nothing staked and no streak for a new member, in the Eastern month', async () => {
    clock = new Date('2026-11-30T12:00:00Z');
    const { client } = await member();
    expect(await read(client)).toEqual({
      limits: { monthly_budget_cents: null, loss_streak_alert: null, updated_at: null },
      month: { month: '2026-11', start: '2026-11-01T04:00:00.000Z', end: '2026-12-01T05:00:00.000Z' },
      month_staked_cents: 0,
      loss_streak: 0,
      notices: { budget_reached: false, loss_streak_reached: false },
    });
  });

  it('sets both limits on the server clock, clears them with null, and keeps them per member', async () => {
    clock = new Date('2026-11-30T12:00:00Z');
    const { account, client } = await member();
    const other = await member();
    const set = await put(client, { monthly_budget_cents: 10_000, loss_streak_alert: 3 });
    expect(set.statusCode, set.body).toBe(200);
    expect(PlayLimitsResponse.parse(set.json()).data.limits).toEqual({
      monthly_budget_cents: 10_000,
      loss_streak_alert: 3,
      updated_at: clock.toISOString(),
    });
    const [row] = await db().select().from(playLimits).where(eq(playLimits.userId, account.id));
    expect(row!.updatedAt.toISOString()).toBe(clock.toISOString());
    expect((await read(other.client)).limits.monthly_budget_cents).toBeNull();

    clock = new Date('2026-11-30T13:00:00Z');
    const cleared = await put(client, { monthly_budget_cents: null, loss_streak_alert: 5 });
    expect(PlayLimitsResponse.parse(cleared.json()).data.limits).toEqual({
      monthly_budget_cents: null,
      loss_streak_alert: 5,
      updated_at: '2026-11-30T13:00:00.000Z',
    });
    expect((await read(client)).limits).toEqual(PlayLimitsResponse.parse(cleared.json()).data.limits);
  });

  it('refuses bad input with 400 naming the field and the reason, and changes nothing', async () => {
    const { account, client } = await member();
    const cases: [unknown, string][] = [
      [{ monthly_budget_cents: 99, loss_streak_alert: null }, 'body.monthly_budget_cents'],
      [{ monthly_budget_cents: 150.5, loss_streak_alert: null }, 'body.monthly_budget_cents'],
      [{ monthly_budget_cents: '100', loss_streak_alert: null }, 'body.monthly_budget_cents'],
      [{ monthly_budget_cents: 2_000_000_000, loss_streak_alert: null }, 'body.monthly_budget_cents'],
      [{ monthly_budget_cents: null, loss_streak_alert: 1 }, 'body.loss_streak_alert'],
      [{ monthly_budget_cents: null, loss_streak_alert: 21 }, 'body.loss_streak_alert'],
      [{ monthly_budget_cents: null, loss_streak_alert: 2.5 }, 'body.loss_streak_alert'],
      [{ monthly_budget_cents: null }, 'body.loss_streak_alert'],
      [{ loss_streak_alert: 3 }, 'body.monthly_budget_cents'],
    ];
    for (const [payload, field] of cases) {
      const error = expectError(await put(client, payload), 400, field).error;
      expect(error.fields?.find((problem) => problem.field === field)?.message).toBeTruthy();
    }
    expect(await db().select().from(playLimits).where(eq(playLimits.userId, account.id))).toEqual([]);
  });

  it('is for members only', async () => {
    const visitor = new TestClient(testApp.app);
    expectError(await visitor.get('/api/user/play-limits'), 401);
    expectError(await put(visitor, { monthly_budget_cents: 1000, loss_streak_alert: null }), 401);
  });

  it("counts this Eastern month's real stakes, singles and parlays, and notices the budget once reached", async () => {
    clock = new Date('2026-11-30T12:00:00Z');
    const { client } = await member();
    await put(client, { monthly_budget_cents: 10_000, loss_streak_alert: null });
    const [a, b, c] = [await game(), await game(), await game()];
    await realBet(client, a, 60);
    // Simulated bets and picks are not real money.
    await realBet(client, b, 500, { is_simulated: true });
    expect(
      (await postEntry(client, { event_id: c, bet_mode: 1, bet_kind: 1, bet_type: 5, bet_team: 'KC' })).statusCode,
    ).toBe(201);
    const parlay = await client.post(
      '/api/user/parlays',
      {
        legs: [
          { event_id: b, bet_kind: 1, bet_type: 5, bet_team: 'KC', price: -200 },
          { event_id: c, bet_kind: 1, bet_type: 5, bet_team: 'KC', price: -200 },
        ],
        stake: 30,
        is_simulated: false,
      },
      { headers: { 'idempotency-key': newKey() } },
    );
    expect(parlay.statusCode, parlay.body).toBe(201);
    // A canceled real bet was never a bet.
    const canceled = await realBet(client, c, 1000);
    expect((await client.request({ method: 'DELETE', url: `/api/user/bets/${canceled.id}` })).statusCode).toBe(200);

    let status = await read(client);
    expect(status.month_staked_cents).toBe(9_000);
    expect(status.notices.budget_reached).toBe(false);

    await realBet(client, c, 10);
    status = await read(client);
    expect(status.month_staked_cents).toBe(10_000);
    expect(status.notices).toEqual({ budget_reached: true, loss_streak_reached: false });

    // 11:30 PM on 30 November in New York is still November, though UTC says December.
    clock = new Date('2026-12-01T04:30:00Z');
    expect((await read(client)).month_staked_cents).toBe(10_000);
    // Midnight in New York: a new month, nothing staked in it yet.
    clock = new Date('2026-12-01T05:00:00Z');
    status = await read(client);
    expect(status.month).toEqual({
      month: '2026-12',
      start: '2026-12-01T05:00:00.000Z',
      end: '2027-01-01T05:00:00.000Z',
    });
    expect(status.month_staked_cents).toBe(0);
    expect(status.notices.budget_reached).toBe(false);
  });

  it('counts a synced bet in the month the book says it was placed, and leaves a voided bet out', async () => {
    clock = new Date('2026-12-02T15:00:00Z');
    const { account, client } = await member();
    const [a, b] = [await game(), await game()];
    const synced = await realBet(client, a, 40);
    const [linked] = await db()
      .insert(syncAccounts)
      .values({ userId: account.id, book: 'draftkings', createdAt: clock })
      .returning();
    await db()
      .insert(syncBets)
      .values({
        accountId: linked!.id,
        userId: account.id,
        bookBetId: 'dk-1',
        status: 'matched',
        slip: {},
        placedAt: new Date('2026-11-28T18:00:00Z'),
        stakeCents: 4_000,
        bookResult: 'open',
        legCount: 1,
        userBetId: synced.id,
        createdAt: clock,
        updatedAt: clock,
      });
    await realBet(client, b, 25);
    expect((await read(client)).month_staked_cents).toBe(2_500);
    clock = new Date(clock.getTime() + 5 * HOUR);
    await admin.post(`/api/admin/events/${b}/result`, { status: 'cancelled' });
    expect((await read(client)).month_staked_cents).toBe(0);
    clock = new Date('2026-11-30T12:00:00Z');
    expect((await read(client)).month_staked_cents).toBe(4_000);
  });

  it('counts real losses since the last win, lets pushes neither break nor extend it, and a win ends it', async () => {
    clock = new Date('2026-11-10T12:00:00Z');
    const { client } = await member();
    await put(client, { monthly_budget_cents: null, loss_streak_alert: 3 });
    const games = [await game(), await game(), await game(), await game(), await game(), await game()];
    const [won, lost1, lost2, pushed, lost3, simulated] = games;
    for (const eventId of [won!, lost1!, lost2!, lost3!]) await realBet(client, eventId, 10);
    // Under 47 on a 47-point game: a push.
    await realBet(client, pushed!, 10, { bet_kind: 2, bet_type: 2, bet_team: null, line: 47, price: -110 });
    await realBet(client, simulated!, 10, { is_simulated: true });

    const grade = async (eventId: number, home: number, away: number) => {
      clock = new Date(clock.getTime() + 4 * HOUR);
      await finish(eventId, home, away);
    };
    await grade(won!, 30, 10);
    await grade(lost1!, 10, 30);
    await grade(lost2!, 10, 30);
    let status = await read(client);
    expect(status.loss_streak).toBe(2);
    expect(status.notices.loss_streak_reached).toBe(false);

    await grade(pushed!, 27, 20);
    expect((await read(client)).loss_streak).toBe(2);
    await grade(lost3!, 10, 30);
    // A simulated win is not real money: it ends nothing.
    await grade(simulated!, 30, 10);
    status = await read(client);
    expect(status.loss_streak).toBe(3);
    expect(status.notices).toEqual({ budget_reached: false, loss_streak_reached: true });

    const next = await game();
    await realBet(client, next, 10);
    await grade(next, 30, 10);
    status = await read(client);
    expect(status.loss_streak).toBe(0);
    expect(status.notices.loss_streak_reached).toBe(false);
  });

  it("leaves the teller's paper bets out of the month's stakes and the loss streak", async () => {
    clock = new Date('2026-11-12T12:00:00Z');
    const { client } = await member();
    await put(client, { monthly_budget_cents: 5_000, loss_streak_alert: 2 });
    const [real, paper] = [await game(), await game()];
    await realBet(client, real, 10);
    const teller = await client.post(
      '/api/teller/bets',
      { event_id: paper, bet_team: 'BUF', price: 170, stake: 900 },
      { headers: { 'idempotency-key': newKey() } },
    );
    expect(teller.statusCode, teller.body).toBe(201);
    expect((await read(client)).month_staked_cents).toBe(1_000);

    clock = new Date(clock.getTime() + 4 * HOUR);
    await finish(real, 10, 30); // a real loss
    await finish(paper, 30, 10); // BUF loses: a paper loss
    const status = await read(client);
    expect(status.month_staked_cents).toBe(1_000);
    expect(status.loss_streak).toBe(1);
    expect(status.notices).toEqual({ budget_reached: false, loss_streak_reached: false });
  });
});

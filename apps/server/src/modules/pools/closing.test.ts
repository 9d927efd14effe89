import { PoolStandingsResponse, PoolWeekResponse, type CreatePoolBody, type PoolWeekView } from '@pass/contracts';
import { poolSlateGames } from '@pass/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey } from '../../test/ledger.js';
import { poolSettings, poolWithGuests, quoteSpread } from '../../test/pools.js';

/**
 * Closing line value of pool picks (DESIGN.md section 6; decision records 026 and 029): each slate game of an
 * `ats` pool keeps its closing spread, the line of record as it stood at its lock (quotes fetched after
 * kickoff do not count), recorded by the first read that sees it locked or by grading when its result
 * arrives; each pick's CLV is its frozen spread against that close from the picked side, and the standings
 * average it over graded picks. The server clock is set by the test, never waited for.
 */

const START = new Date('2025-09-02T12:00:00Z');
let clock = START;
const at = (instant: string) => new Date(instant);

const settings = (overrides: Partial<CreatePoolBody> = {}): CreatePoolBody =>
  poolSettings({ name: 'Closing pool', games_per_week: 2, last_man_standing: false, ...overrides });

describe('pool closing line value', () => {
  let testApp: TestApp;
  let admin: TestClient;
  const db = () => testApp.database.db;

  /** A consensus spread quote pair (home and away side) fetched at `fetchedAt`. */
  const quote = (eventId: number, home: string, away: string, homeSpread: number, fetchedAt: Date) =>
    quoteSpread(db(), { eventId, home, away, homeSpread, fetchedAt });
  const game = async (home: string, away: string, kickoff: string, homeSpread: number, week: number) => {
    const id = await makeGame(db(), { home, away, kickoff: new Date(kickoff), week, season: 2025, lines: false });
    await quote(id, home, away, homeSpread, at('2025-09-01T12:00:00Z'));
    return { id, home, away, kickoff: new Date(kickoff) };
  };
  const result = async (eventId: number, home: number, away: number) => {
    const response = await admin.post(`/api/admin/events/${eventId}/result`, {
      status: 'final',
      home_score: home,
      away_score: away,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const poolOf = (overrides: Partial<CreatePoolBody> = {}) => poolWithGuests(testApp.app, db(), settings(overrides));
  const publish = async (client: TestClient, poolId: number, week: number, eventIds: number[]) => {
    const response = await client.request({
      method: 'PUT',
      url: `/api/pools/${poolId}/weeks/${week}/slate`,
      payload: { event_ids: eventIds },
    });
    expect(response.statusCode, response.body).toBe(200);
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
  const readWeek = async (client: TestClient, poolId: number, week: number): Promise<PoolWeekView> => {
    const response = await client.get(`/api/pools/${poolId}/weeks/${week}`);
    expect(response.statusCode, response.body).toBe(200);
    return PoolWeekResponse.parse(response.json()).data;
  };
  const standingsOf = async (client: TestClient, poolId: number) => {
    const response = await client.get(`/api/pools/${poolId}/standings`);
    expect(response.statusCode, response.body).toBe(200);
    return PoolStandingsResponse.parse(response.json()).data;
  };
  const storedCloses = async (eventId: number) =>
    (
      await db()
        .select({ close: poolSlateGames.closingHomeSpread, lockedAt: poolSlateGames.lockedAt })
        .from(poolSlateGames)
        .where(eq(poolSlateGames.eventId, eventId))
    ).map((row) => [row.close, row.lockedAt?.toISOString() ?? null]);
  const HOUR = 3_600_000;
  const before = (kickoff: Date, hours: number) => new Date(kickoff.getTime() - hours * HOUR);

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
    admin = await adminClient(testApp.app, db());
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('records the close from the last quotes before kickoff and shows each pick its CLV from its side', async () => {
    clock = START;
    const thursday = await game('PHI', 'DAL', '2025-09-05T00:20:00Z', -7, 1);
    const sunday = await game('KC', 'LAC', '2025-09-07T20:25:00Z', -3, 1);
    const { pool, lifeguard, guests } = await poolOf();
    const [first, second] = guests as [(typeof guests)[0], (typeof guests)[0]];
    await publish(lifeguard.client, pool.id, 1, [thursday.id, sunday.id]);
    await submit(first.client, pool.id, 1, [
      { event_id: thursday.id, team: 'PHI' },
      { event_id: sunday.id, team: 'LAC' },
    ]);
    await submit(second.client, pool.id, 1, [
      { event_id: thursday.id, team: 'DAL' },
      { event_id: sunday.id, team: 'KC' },
    ]);
    // The line moves after publish: PHI −8 an hour before kickoff, PHI −10 after kickoff (not the close).
    await quote(thursday.id, 'PHI', 'DAL', -8, before(thursday.kickoff, 1));
    await quote(thursday.id, 'PHI', 'DAL', -10, new Date(thursday.kickoff.getTime() + HOUR));

    clock = before(thursday.kickoff, 0.5);
    const open = await readWeek(first.client, pool.id, 1);
    expect(open.games.map((row) => [row.frozen_home_spread, row.closing_home_spread])).toEqual([
      [-7, null],
      [-3, null],
    ]);
    expect(open.sheets.find((sheet) => sheet.member_id === first.memberId)!.picks.map((pick) => pick.clv)).toEqual([
      null,
      null,
    ]);
    // The other member's picks of open games stay hidden, and so does their CLV.
    expect(open.sheets.find((sheet) => sheet.member_id === second.memberId)!.picks).toEqual([]);

    clock = new Date(thursday.kickoff.getTime() + 2 * HOUR);
    const locked = await readWeek(first.client, pool.id, 1);
    const thursdayRow = locked.games.find((row) => row.event_id === thursday.id)!;
    expect([thursdayRow.frozen_home_spread, thursdayRow.closing_home_spread]).toEqual([-7, -8]);
    expect(locked.games.find((row) => row.event_id === sunday.id)!.closing_home_spread).toBeNull();
    const picksOf = (view: PoolWeekView, memberId: number) =>
      view.sheets.find((sheet) => sheet.member_id === memberId)!.picks.map((pick) => [pick.team, pick.clv]);
    // PHI −7 taken, closed −8: +1 for PHI; DAL +7 taken, closed +8: −1. The open Sunday game has none yet.
    expect(picksOf(locked, first.memberId)).toEqual([
      ['PHI', 1],
      ['LAC', null],
    ]);
    // The other member's locked pick shows with its CLV; their open one stays hidden.
    expect(picksOf(locked, second.memberId)).toEqual([['DAL', -1]]);
    expect(await storedCloses(thursday.id)).toEqual([[-8, thursday.kickoff.toISOString()]]);

    // A quote fetched later, after kickoff, never moves the close, even when grading reaches the game.
    await quote(thursday.id, 'PHI', 'DAL', -12, new Date(thursday.kickoff.getTime() + 3 * HOUR));
    clock = new Date(thursday.kickoff.getTime() + 4 * HOUR);
    await result(thursday.id, 24, 20);
    expect(await storedCloses(thursday.id)).toEqual([[-8, thursday.kickoff.toISOString()]]);

    const table = await standingsOf(first.client, pool.id);
    const avg = (memberId: number) => table.rows.find((row) => row.member_id === memberId)!.avg_clv;
    expect([avg(first.memberId), avg(second.memberId), avg(lifeguard.memberId)]).toEqual([1, -1, null]);
  });

  it('gives a game nobody looked at its close when its result arrives, and averages CLV over graded picks', async () => {
    clock = START;
    const thursday = await game('NE', 'MIA', '2025-09-12T00:15:00Z', 3, 2);
    const sunday = await game('GB', 'DET', '2025-09-14T17:00:00Z', -2.5, 2);
    const { pool, lifeguard, guests } = await poolOf({ start_week: 2 });
    const [first, second] = guests as [(typeof guests)[0], (typeof guests)[0]];
    await publish(lifeguard.client, pool.id, 2, [thursday.id, sunday.id]);
    await submit(first.client, pool.id, 2, [
      { event_id: thursday.id, team: 'MIA' },
      { event_id: sunday.id, team: 'GB' },
    ]);
    await submit(second.client, pool.id, 2, [
      { event_id: thursday.id, team: 'NE' },
      { event_id: sunday.id, team: 'DET' },
    ]);
    // NE +3 at publish closes NE +1.5 (MIA −3 → −1.5); GB −2.5 closes GB −3.5.
    await quote(thursday.id, 'NE', 'MIA', 1.5, before(thursday.kickoff, 2));
    await quote(sunday.id, 'GB', 'DET', -3.5, before(sunday.kickoff, 2));

    // No one reads the pool from before the first game until after the second is final.
    clock = new Date(sunday.kickoff.getTime() + 4 * HOUR);
    expect(await storedCloses(thursday.id)).toEqual([[null, null]]);
    await result(sunday.id, 27, 20);
    expect(await storedCloses(sunday.id)).toEqual([[-3.5, sunday.kickoff.toISOString()]]);
    // The Thursday game has no result yet: the room notices behind the Sunday result read the pool's week as a
    // standings request does, which writes the close it finds missing (the line of record at the lock).
    await testApp.app.roomNotices.run();
    expect(await storedCloses(thursday.id)).toEqual([[1.5, thursday.kickoff.toISOString()]]);
    await result(thursday.id, 17, 21);
    expect(await storedCloses(thursday.id)).toEqual([[1.5, thursday.kickoff.toISOString()]]);

    // MIA −3 taken against −1.5: −1.5; GB −2.5 against −3.5: +1 → −0.25. NE +3 against +1.5: +1.5;
    // DET +2.5 against +3.5: −1 → +0.25.
    const table = await standingsOf(second.client, pool.id);
    const avg = (memberId: number) => table.rows.find((row) => row.member_id === memberId)!.avg_clv;
    expect([avg(first.memberId), avg(second.memberId), avg(lifeguard.memberId)]).toEqual([-0.25, 0.25, null]);
    const view = await readWeek(second.client, pool.id, 2);
    expect(view.sheets.find((sheet) => sheet.member_id === first.memberId)!.picks.map((pick) => pick.clv)).toEqual([
      -1.5, 1,
    ]);
  });

  it('corrects a close when a quote from before the lock arrives late and grading reaches the game again', async () => {
    clock = START;
    const monday = await game('CHI', 'MIN', '2025-09-23T00:15:00Z', 1.5, 3);
    const { pool, lifeguard, guests } = await poolOf({ start_week: 3, games_per_week: 1 });
    await publish(lifeguard.client, pool.id, 3, [monday.id]);
    await submit(guests[0]!.client, pool.id, 3, [{ event_id: monday.id, team: 'CHI' }]);
    clock = new Date(monday.kickoff.getTime() + HOUR);
    expect((await readWeek(guests[0]!.client, pool.id, 3)).games[0]!.closing_home_spread).toBe(1.5);
    // Lines fetched 30 minutes before kickoff are imported only now (CHI +2.5), then the result arrives.
    await quote(monday.id, 'CHI', 'MIN', 2.5, before(monday.kickoff, 0.5));
    clock = new Date(monday.kickoff.getTime() + 4 * HOUR);
    await result(monday.id, 20, 17);
    const view = await readWeek(guests[0]!.client, pool.id, 3);
    expect(view.games[0]!.closing_home_spread).toBe(2.5);
    // CHI +1.5 taken, closed +2.5: a point worse than the close.
    expect(view.sheets.find((sheet) => sheet.member_id === guests[0]!.memberId)!.picks[0]!.clv).toBe(-1);
    const table = await standingsOf(guests[0]!.client, pool.id);
    expect(table.rows.find((row) => row.member_id === guests[0]!.memberId)!.avg_clv).toBe(-1);
  });

  it('keeps no close and shows no CLV in a straight-up pool', async () => {
    clock = START;
    const game1 = await game('SEA', 'SF', '2025-09-28T20:05:00Z', -1, 4);
    const { pool, lifeguard, guests } = await poolOf({ win_basis: 'straight', games_per_week: 1, start_week: 4 });
    await publish(lifeguard.client, pool.id, 4, [game1.id]);
    await submit(guests[0]!.client, pool.id, 4, [{ event_id: game1.id, team: 'SEA' }]);
    await quote(game1.id, 'SEA', 'SF', -2, before(game1.kickoff, 1));
    clock = new Date(game1.kickoff.getTime() + 4 * HOUR);
    await result(game1.id, 24, 20);
    const view = await readWeek(guests[0]!.client, pool.id, 4);
    expect(view.games[0]!.closing_home_spread).toBeNull();
    expect(view.sheets.find((sheet) => sheet.member_id === guests[0]!.memberId)!.picks[0]!.clv).toBeNull();
    expect((await storedCloses(game1.id))[0]![0]).toBeNull();
    const table = await standingsOf(guests[0]!.client, pool.id);
    expect(table.rows.every((row) => row.avg_clv === null)).toBe(true);
  });
});

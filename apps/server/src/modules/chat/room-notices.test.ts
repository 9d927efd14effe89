import { ChatHistoryResponse, type ChatMessage } from '@pass/contracts';
import { chatRoomNotices } from '@pass/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type TestClient } from '../../test/accounts.js';
import { listen, openChat, type ChatSocket } from '../../test/chat.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey } from '../../test/ledger.js';
import { poolSettings, poolWithGuests } from '../../test/pools.js';
import { setEventResult } from '../ledger/results.service.js';
import { StatsCache, type CachedStats } from '../ledger/stats-cache.js';
import { keepStandingsAnswers, registerStandingsRun, standingsAnswer } from '../pools/standings.service.js';
import { poolsByIds } from '../pools/pools.repository.js';
import { membersAndWeekTotals, WorkStopped } from '../pools/week-totals.service.js';
import { createMemoryChatBus } from './chat-bus.js';
import { createRoomNotices, lmsOutNotice, STANDINGS_NOTICE, tellRoomNotices } from './room-notices.service.js';

/** A standings cache that counts the answers it had to build (a read that found one kept builds none). */
class CountingCache extends StatsCache {
  builds = 0;
  override resolve(key: string, version: number, build: () => Promise<CachedStats>): Promise<CachedStats> {
    return super.resolve(key, version, () => {
      this.builds += 1;
      return build();
    });
  }
}

/**
 * The room notices job (decision 041) on a pool week played with the server clock moved past it: results
 * entered through the admin's endpoint tell the room of eliminations and the standings once, live on the bus;
 * a run repeated, or two runs at once, tell nothing more; a corrected score that reverses the standings and an
 * elimination tells the room again.
 */

const START = new Date('2025-09-02T12:00:00Z');
let clock = START;

describe('room notices', () => {
  const bus = createMemoryChatBus();
  let testApp: TestApp;
  let admin: TestClient;
  let base: string;
  let socket: ChatSocket | undefined;
  const db = () => testApp.database.db;
  const context = () => ({ db: db(), bus });

  const result = async (eventId: number, home: number, away: number) => {
    const response = await admin.post(`/api/admin/events/${eventId}/result`, {
      status: 'final',
      home_score: home,
      away_score: away,
    });
    expect(response.statusCode, response.body).toBe(200);
    // The answer comes once the grade is committed; the rooms hear of it behind it.
    await testApp.app.roomNotices.run();
  };
  const systemLines = async (client: TestClient, poolId: number): Promise<string[]> => {
    const response = await client.get(`/api/pools/${poolId}/chat?limit=100`);
    expect(response.statusCode, response.body).toBe(200);
    return ChatHistoryResponse.parse(response.json())
      .data.filter((message) => message.kind === 'system')
      .map((message) => message.text)
      .reverse();
  };

  const publish = async (client: TestClient, poolId: number, week: number, eventIds: number[]) => {
    const response = await client.request({
      method: 'PUT',
      url: `/api/pools/${poolId}/weeks/${week}/slate`,
      payload: { event_ids: eventIds },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const submitWeek = async (client: TestClient, poolId: number, week: number, body: object) => {
    const response = await client.request({
      method: 'PUT',
      url: `/api/pools/${poolId}/weeks/${week}/picks`,
      payload: body,
      headers: { 'idempotency-key': newKey() },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const game = (home: string, away: string, kickoff: string, week: number) =>
    makeGame(db(), { home, away, kickoff: new Date(kickoff), week, lines: false });

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock, chatBus: bus });
    admin = await adminClient(testApp.app, db());
    base = await listen(testApp.app);
  });
  afterAll(async () => {
    await socket?.close();
    await testApp.app.close();
  });

  it('tells eliminations and the standings once, again only when a corrected score changes them', async () => {
    clock = START;
    const thursday = await makeGame(db(), {
      home: 'PHI',
      away: 'DAL',
      kickoff: new Date('2025-09-05T00:20:00Z'),
      week: 1,
      lines: false,
    });
    const monday = await makeGame(db(), {
      home: 'KC',
      away: 'LAC',
      kickoff: new Date('2025-09-09T00:15:00Z'),
      week: 1,
      lines: false,
    });
    const { pool, lifeguard, guests } = await poolWithGuests(
      testApp.app,
      db(),
      poolSettings({ name: 'Notices pool', games_per_week: 2, win_basis: 'straight', double_play: false }),
    );
    const [first, second] = guests as [(typeof guests)[0], (typeof guests)[0]];
    const names = {
      lifeguard: lifeguard.account.username,
      first: first.account.username,
      second: second.account.username,
    };
    const published = await lifeguard.client.request({
      method: 'PUT',
      url: `/api/pools/${pool.id}/weeks/1/slate`,
      payload: { event_ids: [thursday, monday] },
    });
    expect(published.statusCode, published.body).toBe(200);
    const submit = async (client: TestClient, body: object) => {
      const response = await client.request({
        method: 'PUT',
        url: `/api/pools/${pool.id}/weeks/1/picks`,
        payload: body,
        headers: { 'idempotency-key': newKey() },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const picks = (home: string, away: string) => [
      { event_id: thursday, team: home },
      { event_id: monday, team: away },
    ];
    await submit(lifeguard.client, { picks: picks('PHI', 'KC'), tiebreaker: 30, lms_team: 'PHI' });
    await submit(first.client, { picks: picks('DAL', 'LAC'), tiebreaker: 50, lms_team: 'DAL' });
    // The second guest makes no Last Man Standing pick: out once the week's games have locked.
    await submit(second.client, { picks: picks('PHI', 'LAC'), tiebreaker: 40 });
    socket = await openChat(base, first.client, pool.id);

    clock = new Date('2025-09-10T12:00:00Z');
    // Thursday's result settles Last Man Standing (every survivor's game is graded, and every game has locked
    // for the pick that was never made); the standings wait for Monday's game.
    await result(thursday, 24, 20);
    const eliminations = [
      `${names.first} is out of Last Man Standing (week 1: picked DAL, lost)`,
      `${names.second} is out of Last Man Standing (week 1: missed the pick)`,
    ];
    expect((await systemLines(first.client, pool.id)).sort()).toEqual([...eliminations].sort());
    // KC 27–24: the lifeguard 10 points (PHI, KC), the second guest 0, the first −10.
    await result(monday, 27, 24);
    const standings = `Standings after week 1: 1. ${names.lifeguard} 10, 2. ${names.second} 0, 3. ${names.first} -10`;
    const told = [...eliminations, standings];
    const lines = await systemLines(first.client, pool.id);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe(standings);
    // Published on the bus once committed.
    for (const text of told) await socket.next('message', (frame) => frame.message.text === text);

    // Run again, through the job and directly: nothing more is told.
    expect(await testApp.app.roomNotices.run()).toMatchObject({ lines: 0 });
    expect(await tellRoomNotices(context(), { now: clock, poolIds: [pool.id] })).toMatchObject({ lines: 0 });
    // Time passing alone (a week later) tells nothing new either.
    clock = new Date('2025-09-17T12:00:00Z');
    expect(await tellRoomNotices(context(), { now: clock, poolIds: [pool.id] })).toMatchObject({ lines: 0 });
    // Looked at once more at most: the room's record says nothing has changed since.
    expect(await tellRoomNotices(context(), { now: clock, poolIds: [pool.id] })).toEqual({ looked: 0, lines: 0 });
    expect(await systemLines(first.client, pool.id)).toHaveLength(3);

    const notices = await db().select().from(chatRoomNotices).where(eq(chatRoomNotices.poolId, pool.id));
    expect(notices.map((notice) => notice.noticeKey).sort()).toEqual(
      [STANDINGS_NOTICE, lmsOutNotice(first.memberId), lmsOutNotice(second.memberId)].sort(),
    );
    expect(notices.find((notice) => notice.noticeKey === STANDINGS_NOTICE)?.state).toMatchObject({
      week: 1,
      order: [lifeguard.memberId, second.memberId, first.memberId].map(String),
      points: [10, 0, -10],
    });

    // A corrected score, graded without the endpoint's run, then two runs at once: DAL won 31–24. The lifeguard
    // (PHI lost) and the first guest (DAL won) have 0 points each, the first guest ahead on the tiebreaker
    // (|50 − 51| against |30 − 51|); the lifeguard is out of Last Man Standing and the first guest back in.
    await setEventResult(db(), thursday, { status: 'final', home_score: 24, away_score: 31 }, clock);
    const runs = await Promise.all([
      tellRoomNotices(context(), { now: clock }),
      tellRoomNotices(context(), { now: clock }),
    ]);
    expect(runs.reduce((total, run) => total + run.lines, 0)).toBe(3);
    const corrected = [
      `${names.first} is back in Last Man Standing (week 1 corrected)`,
      `${names.lifeguard} is out of Last Man Standing (week 1: picked PHI, lost)`,
      `Standings after week 1: 1. ${names.first} 0, 2. ${names.lifeguard} 0, 3. ${names.second} -10`,
    ];
    expect((await systemLines(first.client, pool.id)).slice(3)).toEqual(corrected);
    const live: ChatMessage[] = [];
    for (const text of corrected) {
      live.push((await socket.next('message', (frame) => frame.message.text === text)).message);
    }
    expect(live.every((message) => message.kind === 'system' && message.author === null)).toBe(true);
    expect(await tellRoomNotices(context(), { now: clock })).toMatchObject({ lines: 0 });
  });

  it('on a first look mid-season tells only the latest week’s eliminations, a missed pick once its last game locked', async () => {
    clock = START;
    const thursday1 = await game('PHI', 'DAL', '2025-09-05T00:20:00Z', 1);
    const monday1 = await game('KC', 'LAC', '2025-09-09T00:15:00Z', 1);
    const thursday2 = await game('GB', 'WAS', '2025-09-12T00:15:00Z', 2);
    const monday2 = await game('DET', 'CHI', '2025-09-16T00:15:00Z', 2);
    const { pool, lifeguard, guests } = await poolWithGuests(
      testApp.app,
      db(),
      poolSettings({ name: 'Mid-season pool', games_per_week: 2, win_basis: 'straight', double_play: false }),
      3,
    );
    const [a, b, c] = guests as [(typeof guests)[0], (typeof guests)[0], (typeof guests)[0]];
    await publish(lifeguard.client, pool.id, 1, [thursday1, monday1]);
    const week1 = (first: string, second: string, tiebreaker: number, lms: string) => ({
      picks: [
        { event_id: thursday1, team: first },
        { event_id: monday1, team: second },
      ],
      tiebreaker,
      lms_team: lms,
    });
    await submitWeek(lifeguard.client, pool.id, 1, week1('PHI', 'KC', 40, 'PHI'));
    await submitWeek(a.client, pool.id, 1, week1('DAL', 'LAC', 40, 'DAL'));
    await submitWeek(b.client, pool.id, 1, week1('PHI', 'KC', 45, 'KC'));
    await submitWeek(c.client, pool.id, 1, week1('PHI', 'LAC', 40, 'PHI'));
    // Graded without the endpoint's run: the room has never been looked at.
    clock = new Date('2025-09-10T12:00:00Z');
    await setEventResult(db(), thursday1, { status: 'final', home_score: 24, away_score: 20 }, clock);
    await setEventResult(db(), monday1, { status: 'final', home_score: 27, away_score: 24 }, clock);

    await publish(lifeguard.client, pool.id, 2, [thursday2, monday2]);
    const week2 = (first: string, lms: string | null) => ({
      picks: [
        { event_id: thursday2, team: first },
        { event_id: monday2, team: 'DET' },
      ],
      tiebreaker: 40,
      ...(lms === null ? {} : { lms_team: lms }),
    });
    await submitWeek(lifeguard.client, pool.id, 2, week2('GB', 'GB'));
    await submitWeek(b.client, pool.id, 2, week2('GB', null));
    await submitWeek(c.client, pool.id, 2, week2('WAS', 'WAS'));
    clock = new Date('2025-09-13T12:00:00Z');
    await setEventResult(db(), thursday2, { status: 'final', home_score: 30, away_score: 20 }, clock);

    // Monday night has kicked off, its result not in: every game of week 2 has locked, so the second guest, with
    // no Last Man Standing pick, is out by time alone; week 2's standings wait for the result.
    clock = new Date('2025-09-16T01:00:00Z');
    expect(await tellRoomNotices(context(), { now: clock, poolIds: [pool.id] })).toMatchObject({ lines: 3 });
    const lines = await systemLines(lifeguard.client, pool.id);
    expect(lines).toHaveLength(3);
    expect(lines.slice(0, 2).sort()).toEqual(
      [
        `${b.account.username} is out of Last Man Standing (week 2: missed the pick)`,
        `${c.account.username} is out of Last Man Standing (week 2: picked WAS, lost)`,
      ].sort(),
    );
    // Week 1: the lifeguard and the second guest 10 points each, the second nearer on the tiebreaker (51 points).
    expect(lines[2]).toBe(
      `Standings after week 1: 1. ${b.account.username} 10, 2. ${lifeguard.account.username} 10, 3. ${c.account.username} 0`,
    );
    // The first guest's week-1 elimination is recorded as told, without a line.
    const [old] = await db()
      .select()
      .from(chatRoomNotices)
      .where(and(eq(chatRoomNotices.poolId, pool.id), eq(chatRoomNotices.noticeKey, lmsOutNotice(a.memberId))));
    expect(old).toMatchObject({ state: { week: 1, team: 'DAL', result: 'lost' }, chatMessageId: null });
    expect(await tellRoomNotices(context(), { now: clock, poolIds: [pool.id] })).toMatchObject({ lines: 0 });
  });

  it('tells the rooms of many pools in one run, each its own lines and records, a few rooms per transaction', async () => {
    clock = START;
    const early = await game('SEA', 'ARI', '2025-09-05T00:20:00Z', 1);
    const late = await game('MIA', 'BUF', '2025-09-09T00:15:00Z', 1);
    const picksOf = (first: string, second: string, tiebreaker: number, lms?: string) => ({
      picks: [
        { event_id: early, team: first },
        { event_id: late, team: second },
      ],
      tiebreaker,
      ...(lms ? { lms_team: lms } : {}),
    });
    // Five pools on the same two games, each with its own members and picks: in pool n the lifeguard picks the
    // winners and the guest the losers, the guest's Last Man Standing team (ARI) losing.
    const pools = [];
    for (let index = 0; index < 5; index += 1) {
      const made = await poolWithGuests(
        testApp.app,
        db(),
        poolSettings({ name: `Many rooms ${index}`, games_per_week: 2, win_basis: 'straight', double_play: false }),
        1,
      );
      await publish(made.lifeguard.client, made.pool.id, 1, [early, late]);
      await submitWeek(made.lifeguard.client, made.pool.id, 1, picksOf('SEA', 'BUF', 30 + index, 'SEA'));
      await submitWeek(made.guests[0]!.client, made.pool.id, 1, picksOf('ARI', 'MIA', 40, 'ARI'));
      pools.push(made);
    }
    clock = new Date('2025-09-10T12:00:00Z');
    await setEventResult(db(), early, { status: 'final', home_score: 27, away_score: 10 }, clock);
    await setEventResult(db(), late, { status: 'final', home_score: 17, away_score: 20 }, clock);

    // Two rooms per transaction: three of them, each room told once.
    const run = await tellRoomNotices(context(), {
      now: clock,
      poolIds: pools.map((made) => made.pool.id),
      roomsTogether: 2,
    });
    expect(run).toEqual({ looked: 5, lines: 10 });
    for (const { pool, lifeguard, guests } of pools) {
      const guest = guests[0]!;
      expect(await systemLines(lifeguard.client, pool.id)).toEqual([
        `${guest.account.username} is out of Last Man Standing (week 1: picked ARI, lost)`,
        `Standings after week 1: 1. ${lifeguard.account.username} 10, 2. ${guest.account.username} -10`,
      ]);
      const records = await db().select().from(chatRoomNotices).where(eq(chatRoomNotices.poolId, pool.id));
      const messages = ChatHistoryResponse.parse(
        (await lifeguard.client.get(`/api/pools/${pool.id}/chat?limit=100`)).json(),
      ).data;
      const idOf = (text: string) => messages.find((message) => message.text.startsWith(text))?.id;
      // Each record names its own room's line.
      expect(records.find((record) => record.noticeKey === lmsOutNotice(guest.memberId))).toMatchObject({
        state: { week: 1, team: 'ARI', result: 'lost' },
        chatMessageId: idOf(guest.account.username),
      });
      expect(records.find((record) => record.noticeKey === STANDINGS_NOTICE)).toMatchObject({
        state: { week: 1, order: [lifeguard.memberId, guest.memberId].map(String), points: [10, -10] },
        chatMessageId: idOf('Standings'),
      });
    }
    expect(
      await tellRoomNotices(context(), { now: clock, poolIds: pools.map((made) => made.pool.id), roomsTogether: 2 }),
    ).toMatchObject({ lines: 0 });
  });

  it('starts a run after results once they stop coming, and one no result stops after the longest wait', async () => {
    clock = START;
    const sunday = await game('MIA', 'NE', '2025-09-07T17:00:00Z', 1);
    const { pool, lifeguard, guests } = await poolWithGuests(
      testApp.app,
      db(),
      poolSettings({ name: 'Flood pool', games_per_week: 1, win_basis: 'straight', double_play: false }),
      1,
    );
    await publish(lifeguard.client, pool.id, 1, [sunday]);
    await submitWeek(lifeguard.client, pool.id, 1, { picks: [{ event_id: sunday, team: 'MIA' }], tiebreaker: 40 });
    await submitWeek(guests[0]!.client, pool.id, 1, { picks: [{ event_id: sunday, team: 'NE' }], tiebreaker: 40 });
    clock = new Date('2025-09-08T12:00:00Z');
    let results = 0;
    /** Results committed when each run started. */
    const startedAfter: number[] = [];
    /** Called as a run starts, before it reads anything. */
    let onStart = () => {};
    const notices = (waits: { quietMs: number; maxWaitMs: number }) =>
      createRoomNotices({
        ...context(),
        waits,
        now: () => {
          startedAfter.push(results);
          onStart();
          return clock;
        },
      });
    // A corrected score each time: the pool has news for every run. The run it asks for is handed back in a
    // list, not awaited.
    const correct = async (job: ReturnType<typeof notices>) => {
      results += 1;
      await setEventResult(
        db(),
        sunday,
        { status: 'final', home_score: 20 + (results % 2) * 7, away_score: 24 },
        clock,
      );
      return [job.run({ newResults: true })] as const;
    };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    // Six results 150 ms apart, each within the quiet wait of the one before (not all within one of the first):
    // one run, after the last.
    const together = notices({ quietMs: 400, maxWaitMs: 10_000 });
    const runs = [];
    for (let index = 0; index < 6; index += 1) {
      const [run] = await correct(together);
      runs.push(run);
      await pause(150);
    }
    expect(new Set(runs).size).toBe(1);
    expect((await runs[0])?.looked).toBeGreaterThan(0);
    expect(startedAfter).toEqual([6]);
    await together.close();

    // Results that keep coming: after the longest wait a run starts while they still come, and is not stopped
    // by them (a run stopped answers that it looked at nothing); the one after it waits for them to stop.
    startedAfter.length = 0;
    results = 0;
    const flood = notices({ quietMs: 600, maxWaitMs: 800 });
    // A result comes as that run starts: a run that waited its longest goes on.
    onStart = () => {
      onStart = () => {};
      void flood.run({ newResults: true });
    };
    const [first] = await correct(flood);
    while (startedAfter.length === 0) {
      await pause(100);
      await correct(flood);
    }
    const during = results;
    for (let index = 0; index < 3; index += 1) {
      await pause(100);
      await correct(flood);
    }
    expect((await first)?.looked).toBeGreaterThan(0);
    expect(startedAfter[0]).toBeLessThan(results);
    expect(startedAfter[0]).toBeLessThanOrEqual(during);
    await flood.run({ newResults: true });
    expect(startedAfter).toEqual([startedAfter[0], results]);
    await flood.close();
  });

  it('keeps each pool’s standings answer as a read builds it; a run stopped for newer results leaves the rooms to the next', async () => {
    clock = START;
    const thursday = await game('BUF', 'NYJ', '2025-09-05T00:20:00Z', 1);
    const monday = await game('SEA', 'ARI', '2025-09-09T00:15:00Z', 1);
    const { pool, lifeguard, guests } = await poolWithGuests(
      testApp.app,
      db(),
      poolSettings({ name: 'Kept answers pool', games_per_week: 2, win_basis: 'straight', double_play: false }),
      1,
    );
    const [guest] = guests as [(typeof guests)[0]];
    await publish(lifeguard.client, pool.id, 1, [thursday, monday]);
    const sheet = (first: string, second: string) => ({
      picks: [
        { event_id: thursday, team: first },
        { event_id: monday, team: second },
      ],
      tiebreaker: 40,
      lms_team: first,
    });
    await submitWeek(lifeguard.client, pool.id, 1, sheet('BUF', 'SEA'));
    await submitWeek(guest.client, pool.id, 1, sheet('NYJ', 'ARI'));
    clock = new Date('2025-09-10T12:00:00Z');
    await setEventResult(db(), thursday, { status: 'final', home_score: 24, away_score: 20 }, clock);
    await setEventResult(db(), monday, { status: 'final', home_score: 27, away_score: 24 }, clock);
    const records = () => db().select().from(chatRoomNotices).where(eq(chatRoomNotices.poolId, pool.id));

    // A run the job stops for newer results stops before its first batch: nothing told, nothing recorded. The run
    // it queued looks at the room.
    const notices = createRoomNotices({ ...context(), now: () => clock });
    const first = notices.run();
    const next = notices.run({ newResults: true });
    expect(await first).toEqual({ looked: 0, lines: 0 });
    const told = await next;
    expect(told?.looked).toBeGreaterThan(0);
    expect(await systemLines(lifeguard.client, pool.id)).toContain(
      `Standings after week 1: 1. ${lifeguard.account.username} 10, 2. ${guest.account.username} -10`,
    );
    expect((await records()).map((row) => row.noticeKey)).toContain(STANDINGS_NOTICE);

    // Results arriving together make one run; a job closing starts none of those still waiting.
    const together = notices.run({ newResults: true });
    expect(notices.run({ newResults: true })).toBe(together);
    expect(notices.run()).toBe(together);
    // It ran (a run not started answers null), and found nothing new since the last.
    expect(await together).toEqual({ looked: 0, lines: 0 });
    const notStarted = notices.run({ newResults: true });
    await notices.close();
    expect(await notStarted).toBeNull();
    expect(await notices.run()).toBeNull();

    // A correction: the run keeps the new standings answer of the pool read before, and a read finds it without
    // building one.
    const cache = new CountingCache();
    await standingsAnswer(db(), cache, { poolId: pool.id, userId: lifeguard.account.id, now: clock });
    expect(cache.builds).toBe(1);
    clock = new Date('2025-09-10T13:00:00Z');
    await setEventResult(db(), thursday, { status: 'final', home_score: 10, away_score: 20 }, clock);
    await tellRoomNotices({ ...context(), standingsCache: cache }, { now: clock, poolIds: [pool.id] });
    const read = { poolId: pool.id, userId: lifeguard.account.id, now: clock };
    const kept = await standingsAnswer(db(), cache, read);
    expect(cache.builds).toBe(1);
    // The same bytes as a read with nothing kept builds. A run keeps nothing for a pool never read from a cache.
    const cold = new CountingCache();
    await tellRoomNotices({ ...context(), standingsCache: cold }, { now: clock, poolIds: [pool.id] });
    expect(cold.size).toBe(0);
    expect((await standingsAnswer(db(), cold, read)).toString()).toBe(kept.toString());
    expect(cold.builds).toBe(1);
    // Corrected, each has one win and one loss.
    expect(JSON.parse(kept.toString()).data.rows.map((row: { points: number }) => row.points)).toEqual([0, 0]);

    // A read of a pool a run has still to do waits for the run to keep its answer, and builds none itself.
    const waiting = new CountingCache();
    await standingsAnswer(db(), waiting, read);
    clock = new Date('2025-09-10T14:00:00Z');
    await setEventResult(db(), monday, { status: 'final', home_score: 20, away_score: 24 }, clock);
    const readLater = { ...read, now: clock };
    let keep!: () => void;
    const kept2 = new Promise<void>((resolve) => (keep = resolve));
    const unregister = registerStandingsRun(waiting, { bringForward: (poolId) => (poolId === pool.id ? kept2 : null) });
    const answer = standingsAnswer(db(), waiting, readLater);
    const [row] = await poolsByIds(db(), [pool.id]);
    // A run told to stop gives its batch up between two pools: nothing worked out is kept or stored.
    await expect(membersAndWeekTotals(db(), [row!], clock, { stop: () => true })).rejects.toBeInstanceOf(WorkStopped);
    keepStandingsAnswers(waiting, await membersAndWeekTotals(db(), [row!], clock), clock);
    keep();
    const afterRun = JSON.parse((await answer).toString());
    // Corrected again: the guest's ARI now wins and the Lifeguard's SEA loses.
    expect(afterRun.data.rows.map((row: { points: number }) => row.points)).toEqual([10, -10]);
    expect(waiting.builds).toBe(1);
    unregister();

    // A run that listed the pool before a change, asked by a read of the newer version: the run reads the pool
    // again (as its lane for waiting reads does), keeps the answer at the read's version, and the read builds none.
    const [listedBefore] = await poolsByIds(db(), [pool.id]);
    clock = new Date('2025-09-10T15:00:00Z');
    await setEventResult(db(), monday, { status: 'final', home_score: 27, away_score: 24 }, clock);
    const newer = new CountingCache();
    let keepNewer!: () => void;
    const keptNewer = new Promise<void>((resolve) => (keepNewer = resolve));
    const unregisterNewer = registerStandingsRun(newer, {
      bringForward: (poolId) => (poolId === pool.id ? keptNewer : null),
    });
    const newerAnswer = standingsAnswer(db(), newer, { ...read, now: clock });
    const [worked] = await membersAndWeekTotals(db(), [listedBefore!], clock, { poolsAgain: true });
    expect(worked!.pool.version).toBeGreaterThan(listedBefore!.version);
    keepStandingsAnswers(newer, [worked!], clock);
    keepNewer();
    // Monday's score back: each again has one win and one loss.
    expect(JSON.parse((await newerAnswer).toString()).data.rows.map((row: { points: number }) => row.points)).toEqual([
      0, 0,
    ]);
    expect(newer.builds).toBe(0);
    unregisterNewer();
  });
});

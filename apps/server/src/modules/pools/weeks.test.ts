import {
  AnnouncementListResponse,
  MissingPicksResponse,
  PoolEditListResponse,
  PoolWeekResponse,
  type CreatePoolBody,
  type PoolWeekView,
} from '@pass/contracts';
import { events, poolPicks, poolSheets, poolSubmissions, poolWeeks } from '@pass/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey, signedInMember } from '../../test/ledger.js';
import { poolSettings, poolWithGuests as makePool, quoteSpread } from '../../test/pools.js';

/**
 * Slates and picks through the API (DESIGN.md section 6; decision records 026 and 027): the Lifeguard's slate
 * with frozen spreads, the automatic one, picks submitted whole with an Idempotency-Key, locks by the server
 * clock (moved by the test, never waited for), and what each member sees of the others.
 */

const START = new Date('2025-09-02T12:00:00Z');
let clock = START;
const QUOTED = new Date('2025-09-01T12:00:00Z');

const settings: CreatePoolBody = poolSettings({ name: 'Sunday pool', games_per_week: 3 });

interface Game {
  id: number;
  home: string;
  away: string;
}

describe('pool weeks: slates and picks', () => {
  let testApp: TestApp;
  const db = () => testApp.database.db;

  /** A 2025 NFL game with the consensus spread quoted at `quotedAt` (none: no line). */
  const game = async (
    home: string,
    away: string,
    kickoff: string,
    homeSpread: number | null,
    week = 1,
    quotedAt = QUOTED,
  ): Promise<Game> => {
    const id = await makeGame(db(), { home, away, kickoff: new Date(kickoff), week, season: 2025, lines: false });
    if (homeSpread !== null) await quote(id, home, away, homeSpread, quotedAt);
    return { id, home, away };
  };
  const quote = (id: number, home: string, away: string, homeSpread: number, fetchedAt: Date) =>
    quoteSpread(db(), { eventId: id, home, away, homeSpread, fetchedAt });

  const weekUrl = (poolId: number, week = 1) => `/api/pools/${poolId}/weeks/${week}`;
  const readWeek = async (client: TestClient, poolId: number, week = 1): Promise<PoolWeekView> => {
    const response = await client.get(weekUrl(poolId, week));
    expect(response.statusCode, response.body).toBe(200);
    return PoolWeekResponse.parse(response.json()).data;
  };
  const publish = (client: TestClient, poolId: number, eventIds: number[], week = 1) =>
    client.request({ method: 'PUT', url: `${weekUrl(poolId, week)}/slate`, payload: { event_ids: eventIds } });
  const submit = (client: TestClient, poolId: number, body: object, key = newKey(), week = 1) =>
    client.request({
      method: 'PUT',
      url: `${weekUrl(poolId, week)}/picks`,
      payload: body,
      headers: { 'idempotency-key': key },
    });
  const reasons = (response: Awaited<ReturnType<typeof publish>>) =>
    expectError(response, 400).error.fields?.map((field) => field.reason);

  /** A pool with its Lifeguard and two guests who joined by the link. */
  const poolWithGuests = (overrides: Partial<CreatePoolBody> = {}) =>
    makePool(testApp.app, db(), { ...settings, ...overrides });

  let thursday: Game; // DAL at PHI, PHI −7
  let early: Game; // BAL at BUF, BUF −1.5
  let noLine: Game; // WAS at NYG, no line
  let late: Game; // LAC at KC, KC −3
  let monday: Game; // MIN at CHI, CHI +1.5
  let nextWeek: Game;

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
    thursday = await game('PHI', 'DAL', '2025-09-05T00:20:00Z', -7);
    early = await game('BUF', 'BAL', '2025-09-07T17:00:00Z', -1.5);
    noLine = await game('NYG', 'WAS', '2025-09-07T17:00:00Z', null);
    late = await game('KC', 'LAC', '2025-09-07T20:25:00Z', -3);
    monday = await game('CHI', 'MIN', '2025-09-09T00:15:00Z', 1.5);
    nextWeek = await game('GB', 'DET', '2025-09-14T17:00:00Z', -2.5, 2);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('shows the automatic slate until one is stored: the first games by kickoff with a line, spreads as of now', async () => {
    const { pool, guests } = await poolWithGuests();
    const week = await readWeek(guests[0]!.client, pool.id);
    expect(week.slate_source).toBeNull();
    expect(week.slate_deadline).toBe('2025-09-05T00:20:00.000Z');
    expect(week.games.map((row) => [row.event_id, row.frozen_home_spread, row.locked])).toEqual([
      [thursday.id, -7, false],
      [early.id, -1.5, false],
      [late.id, -3, false],
    ]);
    // Not frozen yet: the automatic slate freezes when it is stored.
    expect(week.games.every((row) => row.frozen_at === null && row.frozen_line_source === null)).toBe(true);
    // Every game of the week to choose from, by kickoff, with its line now (none for the game without one).
    expect(week.choices.map((row) => [row.event_id, row.home_spread])).toEqual([
      [thursday.id, -7],
      [early.id, -1.5],
      [noLine.id, null],
      [late.id, -3],
      [monday.id, 1.5],
    ]);
    expect(week.sheets).toHaveLength(3);
    const stored = await db().select().from(poolWeeks).where(eq(poolWeeks.poolId, pool.id));
    expect(stored).toEqual([]);

    clock = new Date('2025-09-05T00:20:00Z');
    try {
      expect((await readWeek(guests[0]!.client, pool.id)).choices).toEqual([]);
    } finally {
      clock = START;
    }
  });

  it("publishes the Lifeguard's slate with the spreads frozen at publish; later lines do not move them", async () => {
    const { pool, lifeguard, guests } = await poolWithGuests();
    expectError(await publish(guests[0]!.client, pool.id, [thursday.id, late.id, monday.id]), 403);
    expect(reasons(await publish(lifeguard.client, pool.id, [thursday.id, late.id]))).toEqual(['count']);
    expect(reasons(await publish(lifeguard.client, pool.id, [thursday.id, late.id, noLine.id]))).toEqual(['no_line']);
    expect(reasons(await publish(lifeguard.client, pool.id, [thursday.id, late.id, nextWeek.id]))).toEqual([
      'not_this_week',
    ]);
    expect(reasons(await publish(lifeguard.client, pool.id, [thursday.id, late.id, late.id]))).toContain('duplicate');

    const published = await publish(lifeguard.client, pool.id, [monday.id, late.id, thursday.id]);
    expect(published.statusCode, published.body).toBe(200);
    const week = PoolWeekResponse.parse(published.json()).data;
    expect(week.slate_source).toBe('lifeguard');
    expect(week.games.map((row) => [row.event_id, row.frozen_home_spread])).toEqual([
      [thursday.id, -7],
      [late.id, -3],
      [monday.id, 1.5],
    ]);
    // Each spread says where it came from and when it was frozen (decision 084): the source's own line here.
    expect(week.games.map((row) => [row.frozen_line_source, row.frozen_at, row.current_home_spread])).toEqual([
      ["test's line", START.toISOString(), -7],
      ["test's line", START.toISOString(), -3],
      ["test's line", START.toISOString(), 1.5],
    ]);
    // The line moves after publish: the slate keeps its frozen spread, and shows the line now beside it.
    await quote(late.id, 'KC', 'LAC', -6.5, new Date(START.getTime() + 60_000));
    clock = new Date(START.getTime() + 3_600_000);
    try {
      const later = await readWeek(guests[1]!.client, pool.id);
      expect(later.games.find((row) => row.event_id === late.id)).toMatchObject({
        frozen_home_spread: -3,
        frozen_at: START.toISOString(),
        current_home_spread: -6.5,
      });
      // After the week's first kickoff the slate can no longer change.
      clock = new Date('2025-09-05T00:20:00Z');
      expect(reasons(await publish(lifeguard.client, pool.id, [early.id, late.id, monday.id]))).toContain(
        'week_started',
      );
    } finally {
      clock = START;
    }
  });

  it('takes a whole week of picks once per Idempotency-Key, and hides them from the others until each game locks', async () => {
    const { pool, lifeguard, guests } = await poolWithGuests();
    expect((await publish(lifeguard.client, pool.id, [thursday.id, late.id, monday.id])).statusCode).toBe(200);
    const guest = guests[0]!;
    const body = {
      picks: [
        { event_id: thursday.id, team: 'phi', play: 'double' },
        { event_id: late.id, team: 'LAC' },
      ],
      lms_team: 'KC',
      tiebreaker: 44,
    };
    const key = newKey();
    const first = await submit(guest.client, pool.id, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const mine = PoolWeekResponse.parse(first.json()).data.sheets.find(
      (sheet) => sheet.username === guest.account.username,
    )!;
    expect(mine).toMatchObject({
      picks: [
        { event_id: thursday.id, team: 'PHI', play: 'double' },
        { event_id: late.id, team: 'LAC', play: null },
      ].sort((a, b) => a.event_id - b.event_id),
      lms_team: 'KC',
      tiebreaker: 44,
      submitted_at: START.toISOString(),
    });

    // A retry a minute later: the same sheet, stored once, its submission time unmoved.
    clock = new Date(START.getTime() + 60_000);
    try {
      const retry = await submit(guest.client, pool.id, body, key);
      expect(retry.statusCode).toBe(200);
      const again = PoolWeekResponse.parse(retry.json()).data.sheets.find(
        (sheet) => sheet.member_id === mine.member_id,
      );
      expect(again).toEqual(mine);
      expectError(await submit(guest.client, pool.id, { ...body, tiebreaker: 45 }, key), 409);
    } finally {
      clock = START;
    }
    const [stored] = await db()
      .select({ picks: sql<number>`count(*)` })
      .from(poolPicks)
      .innerJoin(poolSheets, eq(poolSheets.id, poolPicks.sheetId))
      .where(eq(poolSheets.memberId, mine.member_id));
    expect(Number(stored!.picks)).toBe(2);

    // Before any lock the Lifeguard sees that the guest has submitted, and nothing of the picks.
    const seen = (await readWeek(lifeguard.client, pool.id)).sheets.find((sheet) => sheet.member_id === mine.member_id);
    expect(seen).toEqual({ ...mine, picks: [], lms_team: null, tiebreaker: null });
  });

  it('refuses a change to a locked game by the server clock, naming the game; a lock never reopens', async () => {
    const { pool, lifeguard, guests } = await poolWithGuests();
    expect((await publish(lifeguard.client, pool.id, [thursday.id, late.id, monday.id])).statusCode).toBe(200);
    const guest = guests[0]!;
    const picks = [
      { event_id: thursday.id, team: 'DAL', play: 'double' },
      { event_id: late.id, team: 'KC' },
    ];
    expect((await submit(guest.client, pool.id, { picks, tiebreaker: 40 })).statusCode).toBe(200);

    clock = new Date('2025-09-05T00:20:00Z');
    try {
      const changed = expectError(
        await submit(guest.client, pool.id, { picks: [{ event_id: thursday.id, team: 'PHI', play: 'double' }] }),
        400,
      );
      expect(changed.error.fields).toEqual([
        {
          field: 'body.picks',
          reason: 'locked',
          message: 'DAL at PHI kicked off at 2025-09-05T00:20:00.000Z; its pick is locked',
        },
      ]);
      // The double play cannot leave the locked game either.
      const moved = await submit(guest.client, pool.id, {
        picks: [
          { event_id: thursday.id, team: 'DAL' },
          { event_id: late.id, team: 'KC', play: 'double' },
        ],
      });
      expect(expectError(moved, 400).error.fields?.[0]?.reason).toBe('locked');
      // Left out, the locked pick stays; the open game changes.
      const kept = await submit(guest.client, pool.id, { picks: [{ event_id: late.id, team: 'LAC' }] });
      expect(kept.statusCode, kept.body).toBe(200);
      const own = PoolWeekResponse.parse(kept.json()).data.sheets.find(
        (sheet) => sheet.username === guest.account.username,
      )!;
      expect(own.picks).toEqual(
        [
          // The line did not move before the Thursday kickoff: taken at the close, CLV 0; the open game has none.
          { event_id: thursday.id, team: 'DAL', play: 'double', confidence: null, clv: 0 },
          { event_id: late.id, team: 'LAC', play: null, confidence: null, clv: null },
        ].sort((a, b) => a.event_id - b.event_id),
      );
      expect(own.tiebreaker).toBe(40);

      // The others now see the locked game's pick, and only it.
      const seen = (await readWeek(guests[1]!.client, pool.id)).sheets.find(
        (sheet) => sheet.username === guest.account.username,
      )!;
      expect(seen.picks).toEqual([{ event_id: thursday.id, team: 'DAL', play: 'double', confidence: null, clv: 0 }]);

      // The game is moved a day later after it locked: it stays locked.
      await db()
        .update(events)
        .set({ kickoffAt: new Date('2025-09-06T00:20:00Z') })
        .where(eq(events.id, thursday.id));
      const week = await readWeek(guest.client, pool.id);
      expect(week.games.find((row) => row.event_id === thursday.id)?.locked).toBe(true);
      expect(
        expectError(await submit(guest.client, pool.id, { picks: [{ event_id: thursday.id, team: 'PHI' }] }), 400).error
          .fields?.[0]?.reason,
      ).toBe('locked');
    } finally {
      await db()
        .update(events)
        .set({ kickoffAt: new Date('2025-09-05T00:20:00Z') })
        .where(eq(events.id, thursday.id));
      clock = START;
    }
  });

  it("applies the pool's play and Last Man Standing rules, and refuses picks off the slate", async () => {
    const { pool, lifeguard, guests } = await poolWithGuests();
    expect((await publish(lifeguard.client, pool.id, [thursday.id, late.id, monday.id])).statusCode).toBe(200);
    const client = guests[0]!.client;
    const reasonsOf = async (body: object) => reasons(await submit(client, pool.id, body));
    expect(await reasonsOf({ picks: [{ event_id: late.id, team: 'KC', play: 'triple' }] })).toEqual(['triple_off']);
    expect(
      await reasonsOf({
        picks: [
          { event_id: late.id, team: 'KC', play: 'double' },
          { event_id: monday.id, team: 'CHI', play: 'double' },
        ],
      }),
    ).toEqual(['one_play']);
    expect(await reasonsOf({ picks: [{ event_id: early.id, team: 'BUF' }] })).toEqual(['not_on_slate']);
    expect(await reasonsOf({ picks: [{ event_id: late.id, team: 'BUF' }] })).toEqual(['bad_team']);
    // Any team playing the week is a Last Man Standing choice (BUF's game is off the slate); GB plays in week 2.
    expect(await reasonsOf({ picks: [], lms_team: 'GB' })).toEqual(['lms_not_on_slate']);
    const [row] = await db()
      .select({ n: sql<number>`count(*)` })
      .from(poolSubmissions);
    const before = Number(row!.n);
    expect((await submit(client, pool.id, { picks: [], lms_team: 'KC' })).statusCode).toBe(200);
    const [after] = await db()
      .select({ n: sql<number>`count(*)` })
      .from(poolSubmissions);
    // Refused submissions stored nothing, not even their keys.
    expect(Number(after!.n)).toBe(before + 1);
  });

  it('tells the caller the Last Man Standing teams they used in earlier weeks, and no one else’s', async () => {
    const { pool, lifeguard, guests } = await poolWithGuests();
    expect((await publish(lifeguard.client, pool.id, [thursday.id, late.id, monday.id])).statusCode).toBe(200);
    expect((await submit(guests[0]!.client, pool.id, { picks: [], lms_team: 'kc' })).statusCode).toBe(200);
    expect((await readWeek(guests[0]!.client, pool.id, 2)).lms_used_teams).toEqual(['KC']);
    // Not before the week it was used in, and not for another member.
    expect((await readWeek(guests[0]!.client, pool.id, 1)).lms_used_teams).toEqual([]);
    expect((await readWeek(guests[1]!.client, pool.id, 2)).lms_used_teams).toEqual([]);
    expect((await readWeek(lifeguard.client, pool.id, 2)).lms_used_teams).toEqual([]);
    // A pick on a game called off is not used: the team may be taken again.
    await db().update(events).set({ status: 'cancelled' }).where(eq(events.id, late.id));
    try {
      expect((await readWeek(guests[0]!.client, pool.id, 2)).lms_used_teams).toEqual([]);
    } finally {
      await db().update(events).set({ status: 'scheduled' }).where(eq(events.id, late.id));
    }
    const plain = await poolWithGuests({ last_man_standing: false });
    expect((await readWeek(plain.guests[0]!.client, plain.pool.id, 2)).lms_used_teams).toEqual([]);
  });

  it('fills and stores the slate by kickoff when the week started without one, with the lines of its first kickoff', async () => {
    const { pool, guests } = await poolWithGuests({ start_week: 1 });
    const second = await game('SEA', 'SF', '2025-09-14T20:05:00Z', 3, 2);
    await quote(second.id, 'SEA', 'SF', 4, new Date('2025-09-15T00:00:00Z'));
    clock = new Date('2025-09-14T18:00:00Z');
    try {
      const week = await readWeek(guests[0]!.client, pool.id, 2);
      expect(week.slate_source).toBe('auto');
      expect(week.games.map((row) => [row.event_id, row.frozen_home_spread])).toEqual([
        [nextWeek.id, -2.5],
        [second.id, 3],
      ]);
      expect(week.games[0]!.locked).toBe(true);
      const stored = await db().select().from(poolWeeks).where(eq(poolWeeks.poolId, pool.id));
      expect(stored.map((row) => [row.week, row.slateSource])).toEqual([[2, 'auto']]);
    } finally {
      clock = START;
    }
  });

  it('fills a slate stored after the week with the closing line of a game that had none at the first kickoff', async () => {
    const { pool, guests } = await poolWithGuests({ start_week: 1, games_per_week: 4 });
    // Filed as a closing line only, a minute before its kickoff, long after the week's first game.
    const closeOnly = await game('LV', 'NE', '2025-09-15T00:20:00Z', null, 2);
    await quote(closeOnly.id, 'LV', 'NE', -1, new Date('2025-09-15T00:19:00Z'));
    clock = new Date('2025-09-20T12:00:00Z');
    try {
      const week = await readWeek(guests[0]!.client, pool.id, 2);
      expect(week.slate_source).toBe('auto');
      const spreads = new Map(week.games.map((row) => [row.event_id, row.frozen_home_spread]));
      expect(spreads.get(nextWeek.id)).toBe(-2.5);
      expect(spreads.get(closeOnly.id)).toBe(-1);
      // A game quoted by the first kickoff keeps that line, though it moved before its own kickoff.
      const second = week.games.find((row) => row.home_team === 'SEA');
      expect(second?.frozen_home_spread).toBe(3);
    } finally {
      clock = START;
    }
  });

  it('answers 404 for a week the pool does not play and to anyone outside the pool', async () => {
    const { pool, lifeguard } = await poolWithGuests({ start_week: 2 });
    expectError(await lifeguard.client.get(weekUrl(pool.id, 1)), 404);
    expectError(await lifeguard.client.get(weekUrl(pool.id, 19)), 404);
    const outsider = await signedInMember(testApp.app, db());
    expectError(await outsider.client.get(weekUrl(pool.id, 2)), 404);
    expectError(await submit(outsider.client, pool.id, { picks: [] }, newKey(), 2), 404);
    expectError(await publish(outsider.client, pool.id, [nextWeek.id], 2), 404);
  });

  // 500 requests on the embedded database of a loaded 2-core machine take a while: the limit is not a measure.
  it('stores each pick once under 500 parallel submissions of 100 keys, each sent 5 times', async () => {
    const { pool, lifeguard, guests } = await poolWithGuests();
    expect((await publish(lifeguard.client, pool.id, [thursday.id, late.id, monday.id])).statusCode).toBe(200);
    const members = [lifeguard, ...guests];
    const sides = [
      ['PHI', 'KC', 'CHI'],
      ['DAL', 'LAC', 'MIN'],
    ] as const;
    const submissions = Array.from({ length: 100 }, (_, index) => {
      const side = sides[index % 2]!;
      return {
        member: members[index % 3]!,
        key: newKey(),
        body: {
          picks: [thursday, late, monday].map((slateGame, position) => ({
            event_id: slateGame.id,
            team: side[position]!,
          })),
          tiebreaker: index,
        },
      };
    });
    const requests = submissions.flatMap((submission) => Array.from({ length: 5 }, () => submission));
    const responses = await Promise.all(
      requests.map((submission) => submit(submission.member.client, pool.id, submission.body, submission.key)),
    );
    expect(responses.map((response) => response.statusCode).filter((status) => status !== 200)).toEqual([]);

    const keys = await db()
      .select({ n: sql<number>`count(*)` })
      .from(poolSubmissions)
      .innerJoin(poolWeeks, eq(poolWeeks.id, poolSubmissions.poolWeekId))
      .where(eq(poolWeeks.poolId, pool.id));
    expect(Number(keys[0]!.n)).toBe(100);
    const week = await readWeek(lifeguard.client, pool.id);
    const picks = await db()
      .select({ sheetId: poolPicks.sheetId, n: sql<number>`count(*)` })
      .from(poolPicks)
      .innerJoin(poolSheets, eq(poolSheets.id, poolPicks.sheetId))
      .innerJoin(poolWeeks, eq(poolWeeks.id, poolSheets.poolWeekId))
      .where(eq(poolWeeks.poolId, pool.id))
      .groupBy(poolPicks.sheetId);
    expect(picks.map((row) => Number(row.n))).toEqual([3, 3, 3]);
    // Each member's sheet is one of the sheets they sent, whole.
    for (const member of members) {
      const own = PoolWeekResponse.parse((await member.client.get(weekUrl(pool.id))).json()).data.sheets.find(
        (sheet) => sheet.username === member.account.username,
      )!;
      const sent = submissions.filter((submission) => submission.member === member);
      const match = sent.find((submission) => submission.body.tiebreaker === own.tiebreaker)!;
      expect(own.picks.map((pick) => pick.team)).toEqual(match.body.picks.map((pick) => pick.team));
    }
    expect(week.sheets).toHaveLength(3);
  }, 180_000);

  it("lets the Lifeguard enter and correct a member's picks before lock, logged for the pool, the submission time unmoved", async () => {
    const { pool, lifeguard, guests } = await poolWithGuests();
    expect((await publish(lifeguard.client, pool.id, [thursday.id, late.id, monday.id])).statusCode).toBe(200);
    const [guest, other] = guests as [(typeof guests)[0], (typeof guests)[0]];
    expect((await submit(guest.client, pool.id, { picks: [{ event_id: late.id, team: 'KC' }] })).statusCode).toBe(200);
    const guestId = (await readWeek(guest.client, pool.id)).sheets.find(
      (sheet) => sheet.username === guest.account.username,
    )!.member_id;
    const edit = (client: TestClient, memberId: number, body: object) =>
      client.request({
        method: 'PUT',
        url: `${weekUrl(pool.id)}/members/${memberId}/picks`,
        payload: body,
      });

    clock = new Date(START.getTime() + 3_600_000);
    try {
      const edited = await edit(lifeguard.client, guestId, {
        picks: [
          { event_id: late.id, team: 'LAC' },
          { event_id: monday.id, team: 'CHI', play: 'double' },
        ],
        tiebreaker: 41,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const own = (await readWeek(guest.client, pool.id)).sheets.find((sheet) => sheet.member_id === guestId)!;
      expect(own.picks.map((pick) => [pick.event_id, pick.team, pick.play])).toEqual([
        [late.id, 'LAC', null],
        [monday.id, 'CHI', 'double'],
      ]);
      expect(own.submitted_at).toBe(START.toISOString());

      const readLog = async (client: TestClient) =>
        PoolEditListResponse.parse((await client.get(`/api/pools/${pool.id}/edits`)).json()).data;
      const whole = [
        [guest.account.username, lifeguard.account.username, late.id, 'pick', 'KC', 'LAC', false],
        [guest.account.username, lifeguard.account.username, monday.id, 'pick', null, 'CHI (double play)', false],
        [guest.account.username, lifeguard.account.username, null, 'tiebreaker', null, '41', false],
      ];
      const rows = (log: PoolEditListResponse['data']) =>
        log.map((row) => [row.member, row.editor, row.event_id, row.field, row.before, row.after, row.hidden]);
      // The member sees the edit whole; the pool (the Lifeguard too) sees that it was made, not the open picks.
      const log = await readLog(guest.client);
      expect(rows(log)).toEqual(whole);
      expect(log.every((row) => row.week === 1 && row.created_at === clock.toISOString())).toBe(true);
      const withheld = whole.map(([member, editor, eventId, field]) => [
        member,
        editor,
        eventId,
        field,
        null,
        null,
        true,
      ]);
      expect(rows(await readLog(other.client))).toEqual(withheld);
      expect(rows(await readLog(lifeguard.client))).toEqual(withheld);
      // Each change shows in full as its game locks: the late game's on Sunday, the rest on Monday night.
      clock = new Date('2025-09-07T20:25:00Z');
      expect(rows(await readLog(other.client))).toEqual([whole[0], withheld[1], withheld[2]]);
      clock = new Date('2025-09-09T00:15:00Z');
      expect(rows(await readLog(other.client))).toEqual(whole);
      clock = new Date(START.getTime() + 3_600_000);

      // An edit sends only what the Lifeguard enters: the member's other picks stay as they are.
      expect(
        (await edit(lifeguard.client, guestId, { picks: [{ event_id: thursday.id, team: 'DAL' }] })).statusCode,
      ).toBe(200);
      const merged = (await readWeek(guest.client, pool.id)).sheets.find((sheet) => sheet.member_id === guestId)!;
      expect(merged.picks.map((pick) => [pick.event_id, pick.team, pick.play])).toEqual([
        [thursday.id, 'DAL', null],
        [late.id, 'LAC', null],
        [monday.id, 'CHI', 'double'],
      ]);
      expect(merged.tiebreaker).toBe(41);
      // A double play the Lifeguard enters moves the member's, whose game the Lifeguard cannot see.
      const moved = await edit(lifeguard.client, guestId, {
        picks: [{ event_id: late.id, team: 'LAC', play: 'double' }],
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const after = (await readWeek(guest.client, pool.id)).sheets.find((sheet) => sheet.member_id === guestId)!;
      expect(after.picks.map((pick) => [pick.event_id, pick.team, pick.play])).toEqual([
        [thursday.id, 'DAL', null],
        [late.id, 'LAC', 'double'],
        [monday.id, 'CHI', null],
      ]);

      expectError(await edit(other.client, guestId, { picks: [] }), 403);
      expectError(await edit(lifeguard.client, 2_000_000_000, { picks: [] }), 404);
      clock = new Date('2025-09-05T00:20:00Z');
      const locked = await edit(lifeguard.client, guestId, { picks: [{ event_id: thursday.id, team: 'PHI' }] });
      expect(expectError(locked, 400).error.fields?.[0]?.reason).toBe('locked');
    } finally {
      clock = START;
    }
  });

  it('lists for the Lifeguard who is missing which picks, the tiebreaker or the Last Man Standing team', async () => {
    const { pool, lifeguard, guests } = await poolWithGuests();
    expect((await publish(lifeguard.client, pool.id, [thursday.id, late.id, monday.id])).statusCode).toBe(200);
    const [guest, other] = guests as [(typeof guests)[0], (typeof guests)[0]];
    const all = [thursday, late, monday].map((slateGame) => ({ event_id: slateGame.id, team: slateGame.home }));
    expect((await submit(lifeguard.client, pool.id, { picks: all, tiebreaker: 40, lms_team: 'KC' })).statusCode).toBe(
      200,
    );
    expect((await submit(guest.client, pool.id, { picks: all.slice(0, 2), lms_team: 'PHI' })).statusCode).toBe(200);

    const missing = MissingPicksResponse.parse((await lifeguard.client.get(`${weekUrl(pool.id)}/missing`)).json()).data;
    expect(
      missing.map((row) => [row.username, row.missing_event_ids, row.missing_tiebreaker, row.missing_lms_team]),
    ).toEqual([
      [guest.account.username, [monday.id], true, false],
      [other.account.username, [thursday.id, late.id, monday.id], true, true],
    ]);
    expectError(await guest.client.get(`${weekUrl(pool.id)}/missing`), 403);
  });

  it('posts the Lifeguard’s announcements to the pool, and only there', async () => {
    const { pool, lifeguard, guests } = await poolWithGuests();
    const post = (client: TestClient, body: string) => client.post(`/api/pools/${pool.id}/announcements`, { body });
    expect((await post(lifeguard.client, '  Picks lock at kickoff, each game.  ')).statusCode).toBe(201);
    clock = new Date(START.getTime() + 60_000);
    try {
      expect((await post(lifeguard.client, 'Week 1 slate is up')).statusCode).toBe(201);
    } finally {
      clock = START;
    }
    const list = AnnouncementListResponse.parse(
      (await guests[0]!.client.get(`/api/pools/${pool.id}/announcements`)).json(),
    );
    expect(list.data.map((row) => [row.body, row.author])).toEqual([
      ['Week 1 slate is up', lifeguard.account.username],
      ['Picks lock at kickoff, each game.', lifeguard.account.username],
    ]);
    expectError(await post(guests[0]!.client, 'Me too'), 403);
    expectError(await post(lifeguard.client, '   '), 400, 'body.body');
    const outsider = await signedInMember(testApp.app, db());
    expectError(await outsider.client.get(`/api/pools/${pool.id}/announcements`), 404);
  });
  it('plays the demo season in a week without real games, marked as demo; a week with real games plays only those', async () => {
    const { pool, lifeguard } = await poolWithGuests();
    const demoGame = async (home: string, away: string, kickoff: string, homeSpread: number, week: number) => {
      const made = await game(home, away, kickoff, homeSpread, week);
      await db().update(events).set({ isDemo: true }).where(eq(events.id, made.id));
      return made;
    };
    const demoOnly = [
      await demoGame('SEA', 'ARI', '2025-11-09T18:00:00Z', -3.5, 10),
      await demoGame('DEN', 'LV', '2025-11-09T21:05:00Z', -9, 10),
    ];
    const demoBesideReal = await demoGame('NE', 'NYJ', '2025-09-14T17:00:00Z', -6, 2);

    const demoWeek = await readWeek(lifeguard.client, pool.id, 10);
    expect(demoWeek.demo).toBe(true);
    expect(demoWeek.games.map((row) => [row.event_id, row.frozen_home_spread])).toEqual([
      [demoOnly[0]!.id, -3.5],
      [demoOnly[1]!.id, -9],
    ]);
    const published = await publish(lifeguard.client, pool.id, [demoOnly[1]!.id, demoOnly[0]!.id], 10);
    expect(published.statusCode, published.body).toBe(200);

    const realWeek = await readWeek(lifeguard.client, pool.id, 2);
    expect(realWeek.demo).toBe(false);
    const realIds = realWeek.games.map((row) => row.event_id);
    expect(realIds).toContain(nextWeek.id);
    expect(realIds).not.toContain(demoBesideReal.id);
    expect(reasons(await publish(lifeguard.client, pool.id, [demoBesideReal.id], 2))).toContain('not_this_week');
  });

  it("answers each submission with the week's lines as they stand at its moment: a quote filed since, a new import", async () => {
    const { pool, lifeguard, guests } = await poolWithGuests();
    expect((await publish(lifeguard.client, pool.id, [thursday.id, late.id, early.id])).statusCode).toBe(200);
    const spreadOfEarly = async (guest: (typeof guests)[number]) => {
      const response = await submit(guest.client, pool.id, { picks: [{ event_id: early.id, team: 'BUF' }] });
      expect(response.statusCode, response.body).toBe(200);
      const week = PoolWeekResponse.parse(response.json()).data;
      return week.games.find((row) => row.event_id === early.id)!.current_home_spread;
    };
    // A quote already stored, filed two minutes after the first submission's moment.
    await quote(early.id, 'BUF', 'BAL', -2.5, new Date(START.getTime() + 120_000));
    expect(await spreadOfEarly(guests[0]!)).toBe(-1.5);
    expect(await spreadOfEarly(guests[1]!)).toBe(-1.5);
    clock = new Date(START.getTime() + 180_000);
    try {
      // The same week, read again past the quote's moment.
      expect(await spreadOfEarly(guests[0]!)).toBe(-2.5);
      // An import files a quote at a moment already past: the week is read again.
      await quote(early.id, 'BUF', 'BAL', -3.5, new Date(START.getTime() + 150_000));
      expect(await spreadOfEarly(guests[1]!)).toBe(-3.5);
    } finally {
      clock = START;
    }
  });
});

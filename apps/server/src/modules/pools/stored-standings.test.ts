import { PoolStandingsResponse } from '@pass/contracts';
import {
  averageClv,
  displayName,
  lastManStanding,
  lastPoolWeek,
  roomNoticeChanges,
  roomNoticeChangesOfWeeks,
  standings,
  type PoolWeekData,
  type Sport,
} from '@pass/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey } from '../../test/ledger.js';
import { poolSettings, poolWithGuests, quoteSpread } from '../../test/pools.js';
import * as repository from './pools.repository.js';
import { loadSeason, loadWeeks, loadWeeksOfPools } from './slates.service.js';
import { weekTotalsStates } from './week-totals.repository.js';
import { currentWeekTotals, weekTotalsStored } from './week-totals.service.js';

/**
 * The stored week totals (decision 059) against a full recomputation: a pool of three members over two weeks
 * takes generated steps (picks submitted, results entered, corrected, cleared, games cancelled or postponed,
 * the server clock moved on or set back), and after every step the standings the API answers, from stored
 * totals worked out only where a change reached, equal the domain's standings of the whole season read afresh;
 * and what the room notices read from the stored totals (complete weeks, eliminations and how they went) equals
 * what the whole season says. Confidence pools take the same steps, their picks ranked 1 to 3, and so do pools
 * that drop each member's worst week and give default picks.
 */

const WEEKS = [1, 2] as const;
const WEEK_KICKOFFS = ['2025-09-05T00:20:00Z', '2025-09-07T17:00:00Z', '2025-09-09T00:15:00Z'];
/** A survivor pool's fourth game of each week: off the slate, a Last Man Standing choice only. */
const OFF_SLATE_KICKOFF = '2025-09-07T20:25:00Z';
const DAY = 24 * 3_600_000;
const EARLIEST = Date.parse('2025-09-02T12:00:00Z');

type Step =
  | {
      kind: 'picks';
      member: number;
      week: 1 | 2;
      sides: ('home' | 'away' | null)[];
      /** Each game's confidence, in a confidence pool. */
      ranks: number[];
      play: number;
      lms: number;
      tiebreaker: number;
    }
  | {
      kind: 'result';
      game: number;
      status: 'final' | 'cancelled' | 'postponed' | 'in_progress';
      away: number;
      /** Home minus away: 3 is a push against the home side's −3. */
      margin: number;
    }
  | { kind: 'clear'; game: number }
  | { kind: 'later'; hours: number }
  | { kind: 'clock'; hoursFromStart: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('picks' as const),
    member: fc.integer({ min: 0, max: 2 }),
    week: fc.constantFrom(1 as const, 2 as const),
    sides: fc.array(fc.constantFrom('home' as const, 'away' as const, null), { minLength: 3, maxLength: 3 }),
    ranks: fc.shuffledSubarray([1, 2, 3], { minLength: 3, maxLength: 3 }),
    play: fc.integer({ min: 0, max: 3 }),
    lms: fc.integer({ min: 0, max: 8 }),
    tiebreaker: fc.integer({ min: 20, max: 60 }),
  }),
  fc.record({
    kind: fc.constant('result' as const),
    game: fc.integer({ min: 0, max: 7 }),
    status: fc.constantFrom(
      'final' as const,
      'final' as const,
      'cancelled' as const,
      'postponed' as const,
      'in_progress' as const,
    ),
    away: fc.integer({ min: 10, max: 30 }),
    margin: fc.constantFrom(-7, -3, 0, 3, 3, 7, 10),
  }),
  fc.record({ kind: fc.constant('clear' as const), game: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant('later' as const), hours: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ kind: fc.constant('clock' as const), hoursFromStart: fc.integer({ min: 0, max: 24 * 16 }) }),
);

/** The scoring settings a generated pool plays by. */
interface PoolKind {
  confidence: boolean;
  dropWorstWeeks: number;
  defaultPicks: 'none' | 'favourites' | 'home';
  /** One strike, a buy-back through week 1 and a game off the slate each week. */
  survivor?: boolean;
}

describe('stored week totals against a full recomputation', () => {
  let testApp: TestApp;
  let admin: TestClient;
  let clock = new Date(EARLIEST);
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
    admin = await adminClient(testApp.app, db());
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  /**
   * A new pool with its two weeks' slates published: three games each, home favoured by 3. A survivor pool (one
   * strike, buy-back through week 1) has a fourth game each week off the slate, kept for Last Man Standing.
   */
  async function newPool({ confidence, dropWorstWeeks, defaultPicks, survivor = false }: PoolKind) {
    clock = new Date(EARLIEST);
    const games: { id: number; home: string; away: string; week: number; onSlate: boolean }[] = [];
    for (const week of WEEKS) {
      for (const [index, kickoff] of [...WEEK_KICKOFFS, ...(survivor ? [OFF_SLATE_KICKOFF] : [])].entries()) {
        const home = `H${week}${index}${games.length}`;
        const away = `A${week}${index}${games.length}`;
        const at = new Date(Date.parse(kickoff) + (week - 1) * 7 * DAY);
        const id = await makeGame(db(), { home, away, kickoff: at, week, season: 2025, lines: false });
        await quoteSpread(db(), { eventId: id, home, away, homeSpread: -3, fetchedAt: new Date(EARLIEST - DAY) });
        games.push({ id, home, away, week, onSlate: index < WEEK_KICKOFFS.length });
      }
    }
    const { pool, lifeguard, guests } = await poolWithGuests(
      testApp.app,
      db(),
      poolSettings({
        name: 'Stored totals',
        games_per_week: 3,
        start_week: 1,
        double_play: !confidence,
        last_man_standing: true,
        confidence,
        ...(survivor ? { survivor_strikes: 1, survivor_buy_back_week: 1 } : {}),
        drop_worst_weeks: dropWorstWeeks,
        default_picks: defaultPicks,
      }),
    );
    for (const week of WEEKS) {
      const published = await lifeguard.client.request({
        method: 'PUT',
        url: `/api/pools/${pool.id}/weeks/${week}/slate`,
        payload: { event_ids: games.filter((game) => game.week === week && game.onSlate).map((game) => game.id) },
      });
      expect(published.statusCode, published.body).toBe(200);
    }
    return { poolId: pool.id, members: [lifeguard, ...guests], games, confidence };
  }

  async function take(step: Step, pool: Awaited<ReturnType<typeof newPool>>): Promise<void> {
    switch (step.kind) {
      case 'picks': {
        const slate = pool.games.filter((game) => game.week === step.week && game.onSlate);
        const picks = slate.flatMap((game, index): object[] => {
          const side = step.sides[index];
          if (!side) return [];
          if (pool.confidence) return [{ event_id: game.id, team: game[side], confidence: step.ranks[index] }];
          return [{ event_id: game.id, team: game[side], ...(index === step.play ? { play: 'double' } : {}) }];
        });
        // Every team playing the week is a Last Man Standing choice, off the slate too.
        const teams = pool.games.filter((game) => game.week === step.week).flatMap((game) => [game.home, game.away]);
        // A sheet refused (a game locked, a team used before) changes nothing: the comparison still holds.
        await pool.members[step.member]!.client.request({
          method: 'PUT',
          url: `/api/pools/${pool.poolId}/weeks/${step.week}/picks`,
          payload: { picks, tiebreaker: step.tiebreaker, lms_team: teams[step.lms] ?? null },
          headers: { 'idempotency-key': newKey() },
        });
        return;
      }
      case 'result': {
        const scored = step.status === 'final' || step.status === 'in_progress';
        const response = await admin.post(`/api/admin/events/${pool.games[step.game % pool.games.length]!.id}/result`, {
          status: step.status,
          ...(scored ? { home_score: step.away + step.margin, away_score: step.away } : {}),
        });
        expect(response.statusCode, response.body).toBe(200);
        return;
      }
      case 'clear': {
        const response = await admin.request({
          method: 'DELETE',
          url: `/api/admin/events/${pool.games[step.game % pool.games.length]!.id}/result`,
        });
        expect([200, 204, 404]).toContain(response.statusCode);
        return;
      }
      case 'later':
        clock = new Date(clock.getTime() + step.hours * 3_600_000);
        return;
      case 'clock':
        clock = new Date(EARLIEST + step.hoursFromStart * 3_600_000);
        return;
    }
  }

  /** The standings' answer worked out here from the whole season, read afresh: nothing stored is used. */
  async function recomputed(poolId: number): Promise<PoolStandingsResponse['data']> {
    const [pool] = await repository.poolsByIds(db(), [poolId]);
    const members = await repository.currentMembers(db(), [poolId]);
    const season = await loadSeason(db(), pool!, clock, members, { record: false });
    const names = new Map(members.map((member) => [String(member.id), member]));
    const clv = averageClv(season, clock);
    const lms = lastManStanding(season, clock, lastPoolWeek(pool!.sport as Sport, pool!.season));
    return {
      pool: { id: pool!.id, name: pool!.name },
      rows: standings(season, clock).map((row) => ({
        member_id: Number(row.memberId),
        username: names.get(row.memberId)?.username ?? '',
        name: displayName(names.get(row.memberId)!),
        rank: row.rank,
        points: row.points,
        wins: row.wins,
        losses: row.losses,
        pushes: row.pushes,
        tiebreaker_error: row.tiebreakerError,
        avg_clv: clv.get(row.memberId) ?? null,
        dropped_weeks: row.droppedWeeks,
      })),
      last_man_standing: {
        survivors: lms.survivors.map(Number),
        eliminated: [...lms.eliminatedIn].map(([memberId, week]) => ({ member_id: Number(memberId), week })),
        winners: lms.winners.map(Number),
      },
    };
  }

  /** The room's news on a first look, from the stored totals (as the job reads them) and from the season. */
  async function roomNews(poolId: number) {
    const [pool] = await repository.poolsByIds(db(), [poolId]);
    const members = await repository.currentMembers(db(), [poolId]);
    const lastWeek = lastPoolWeek(pool!.sport as Sport, pool!.season);
    const nothingTold = { lmsOut: new Map() };
    const season = await loadSeason(db(), pool!, clock, members, { record: false });
    const weeks = await currentWeekTotals(db(), pool!, members, clock);
    return {
      stored: roomNoticeChangesOfWeeks(
        {
          memberIds: season.members.map((member) => member.id),
          lastManStanding: pool!.lastManStanding,
          survivorStrikes: pool!.survivorStrikes,
          survivorBuyBackWeek: pool!.survivorBuyBackWeek,
          lastWeek,
          weeks,
        },
        nothingTold,
      ),
      recomputed: roomNoticeChanges(season, clock, nothingTold, lastWeek),
    };
  }

  it.each<[string, PoolKind, number]>([
    ['', { confidence: false, dropWorstWeeks: 0, defaultPicks: 'none' }, 10],
    [', in a confidence pool', { confidence: true, dropWorstWeeks: 0, defaultPicks: 'none' }, 6],
    [
      ', in a pool dropping the worst week and giving the favourites',
      { confidence: false, dropWorstWeeks: 1, defaultPicks: 'favourites' },
      6,
    ],
    [
      ', in a confidence pool dropping a week and giving the home teams',
      { confidence: true, dropWorstWeeks: 1, defaultPicks: 'home' },
      4,
    ],
    [
      ', in a survivor pool with a strike, a buy-back and a game off the slate',
      { confidence: false, dropWorstWeeks: 0, defaultPicks: 'none', survivor: true },
      6,
    ],
  ])(
    'answers after every step what a full recomputation of the season gives%s',
    async (_where, kind, numRuns) => {
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 4, maxLength: 14 }), async (steps) => {
          const pool = await newPool(kind);
          for (const step of steps) {
            await take(step, pool);
            const response = await pool.members[1]!.client.get(`/api/pools/${pool.poolId}/standings`);
            expect(response.statusCode, response.body).toBe(200);
            const answered = PoolStandingsResponse.parse(response.json()).data;
            // Read back after the answer: a member's read records the locks it finds, which the recomputation sees.
            expect(answered, JSON.stringify(step)).toEqual(await recomputed(pool.poolId));
            const news = await roomNews(pool.poolId);
            expect(news.stored, JSON.stringify(step)).toEqual(news.recomputed);
          }
        }),
        {
          numRuns,
          examples: [
            [
              [
                // Week 1 played with each member's Last Man Standing team at home: the first member's game is a
                // push against −3 (out, "pushed"), the others' home sides cover.
                ...[0, 1, 2].map((member): Step => ({
                  kind: 'picks',
                  member,
                  week: 1,
                  sides: ['home', 'home', 'away'],
                  ranks: [3, 1, 2],
                  play: 0,
                  lms: member * 2,
                  tiebreaker: 40,
                })),
                { kind: 'clock', hoursFromStart: 24 * 8 },
                { kind: 'result', game: 0, status: 'final', away: 17, margin: 3 },
                { kind: 'result', game: 1, status: 'final', away: 17, margin: 7 },
                { kind: 'result', game: 2, status: 'final', away: 17, margin: 10 },
              ],
            ],
          ],
        },
      );
      // Ten pools (six for confidence) of up to fourteen steps, each read twice: minutes on a busy machine.
    },
    600_000,
  );

  it('stores the weeks a standings read worked out once its answer has gone', async () => {
    const pool = await newPool({ confidence: false, dropWorstWeeks: 0, defaultPicks: 'none' });
    const step: Step = {
      kind: 'picks',
      member: 0,
      week: 1,
      sides: ['home', 'away', 'home'],
      ranks: [1, 2, 3],
      play: 0,
      lms: 0,
      tiebreaker: 41,
    };
    await take(step, pool);
    // The picks raised week 1's inputs: its stored totals are not current until a read works them out.
    const before = await weekTotalsStates(db(), [pool.poolId]);
    expect(before.find((state) => state.week === 1)!.totalsVersion).not.toBe(
      before.find((state) => state.week === 1)!.inputsVersion,
    );
    const response = await pool.members[1]!.client.get(`/api/pools/${pool.poolId}/standings`);
    expect(response.statusCode, response.body).toBe(200);
    await weekTotalsStored();
    const after = await weekTotalsStates(db(), [pool.poolId]);
    expect(after.map((state) => state.totalsVersion)).toEqual(after.map((state) => state.inputsVersion));
    expect(PoolStandingsResponse.parse(response.json()).data).toEqual(await recomputed(pool.poolId));
  });

  it("reads many pools' weeks in groups, each pool's weeks as it alone would read them", async () => {
    const made = [];
    for (const [index, kind] of (
      [
        { confidence: false, dropWorstWeeks: 0, defaultPicks: 'none' },
        { confidence: true, dropWorstWeeks: 0, defaultPicks: 'none' },
        { confidence: false, dropWorstWeeks: 0, defaultPicks: 'home', survivor: true },
      ] satisfies PoolKind[]
    ).entries()) {
      const pool = await newPool(kind);
      for (const week of WEEKS) {
        await take(
          {
            kind: 'picks',
            member: index,
            week,
            sides: ['home', index === 1 ? null : 'away', 'home'],
            ranks: [2, 3, 1],
            play: week,
            lms: index + week,
            tiebreaker: 30 + index,
          },
          pool,
        );
      }
      made.push(pool);
    }
    clock = new Date(Date.parse(WEEK_KICKOFFS[1]!) + 3_600_000);
    const pools = await repository.poolsByIds(
      db(),
      made.map((pool) => pool.poolId),
    );
    const entries = await Promise.all(
      pools.map(async (pool) => ({ pool, weekRows: await weekTotalsStates(db(), [pool.id]) })),
    );
    expect(entries.map((entry) => entry.weekRows.length)).toEqual([2, 2, 2]);
    const alone = [];
    for (const { pool, weekRows } of entries)
      alone.push(await loadWeeks(db(), pool, clock, weekRows, { record: false }));
    // Week 1's first games have kicked off: locked, in every pool's slate, the picks beside them.
    expect(alone.flat().flatMap((week) => week.slate.filter((game) => Boolean(game.lockedAt)))).not.toHaveLength(0);
    expect(alone.flat().flatMap((week) => week.sheets)).not.toHaveLength(0);
    // Groups of one pool, of two then one, and all three in one read.
    for (const weeksPerRead of [1, 3, 100]) {
      expect(await loadWeeksOfPools(db(), entries, clock, { record: false, weeksPerRead })).toEqual(alone);
    }
    // A week read alone (one statement, as after a result) as it is read with others, its sheets in any order.
    const sheetsInOrder = (week: PoolWeekData) => ({
      ...week,
      sheets: week.sheets.toSorted((a, b) => a.memberId.localeCompare(b.memberId)),
    });
    for (const [index, { pool, weekRows }] of entries.entries()) {
      for (const [week, weekRow] of weekRows.entries()) {
        const [read] = await loadWeeks(db(), pool, clock, [weekRow], { record: false });
        expect(sheetsInOrder(read!)).toEqual(sheetsInOrder(alone[index]![week]!));
      }
    }
  });
});

import { groupBy, schema, type Database, type DbHandle } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import { TransactionRollbackError } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as chatRepository from './modules/chat/chat.repository.js';
import * as closingRepository from './modules/pools/closing.repository.js';
import * as poolsRepository from './modules/pools/pools.repository.js';
import { loadSeason } from './modules/pools/slates.service.js';
import * as standingsRepository from './modules/pools/standings.repository.js';
import * as weekTotalsRepository from './modules/pools/week-totals.repository.js';
import { currentWeekTotalsOfPools } from './modules/pools/week-totals.service.js';
import * as weeksRepository from './modules/pools/weeks.repository.js';

/**
 * The hot statements of a Sunday keep their index plans on a database of a real Sunday's size (issue: a
 * season's slate query scanned all of `events`): 2,000 pools of 5 members, 18 weeks of 16 games each
 * (576,000 slate games over 2,000 copies of one season's 288 games), 40,000 events of other seasons and
 * three weeks of picks (480,000). Each statement a path issues is captured as it runs and EXPLAINed with its
 * own parameters after ANALYZE; a sequential scan of a large table fails the test with the plan.
 */

const POOLS = 2_000;
const MEMBERS_PER_POOL = 5;
const WEEKS = 18;
const GAMES_PER_WEEK = 16;
const WEEKS_PICKED = 3;
const OTHER_EVENTS = 40_000;
/** Pools whose rooms a result has changed since they were last looked at. */
const CHANGED_POOLS = 10;
/**
 * The tables a Sunday's statements must reach by index. Smaller ones (36,000 pool weeks) may be hashed whole
 * when a result touches thousands of pools: the planner's choice there is the cheaper one.
 */
const LARGE_TABLES = ['events', 'pool_slate_games', 'pool_picks'];
// Week 7 of the 2025 season, Sunday afternoon: weeks 1–6 graded (1–3 picked), week 7 under way.
const NOW = new Date('2025-10-19T20:00:00Z');
const SEASON_START = Date.parse('2025-09-07T17:00:00Z');

interface Captured {
  query: string;
  params: unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function sequentialScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(sequentialScans)];
}

/** Seeds a Sunday's database in set-based SQL: a few seconds on PostgreSQL. */
async function seedSunday(handle: DbHandle): Promise<void> {
  if (handle.raw.kind !== 'postgres') throw new Error('query plans are checked on PostgreSQL');
  const client = handle.raw.pool;
  const members = POOLS * MEMBERS_PER_POOL;
  await client.query(`
    insert into users (username, email)
      select 'member' || i, 'member' || i || '@example.test' from generate_series(1, ${members}) i;
    -- Other seasons first, so the season in play is a small part of the table, as in a real one.
    insert into events (sport, season, week, season_type, kickoff_at, game_date, home_team, away_team, status,
                        home_score, away_score)
      select 'nfl', 1999 + (i % 26), 1 + (i % 18), 'regular', timestamptz '1999-09-12 17:00Z' + i * interval '4 hours',
             '1999-09-12', 'H' || (i % 32), 'A' || (i % 32), 'final', 20, 17
      from generate_series(1, ${OTHER_EVENTS}) i;
    insert into events (sport, season, week, season_type, kickoff_at, game_date, home_team, away_team, status,
                        home_score, away_score)
      select 'nfl', 2025, w, 'regular',
             to_timestamp(${SEASON_START / 1000}) + (w - 1) * interval '7 days' + g * interval '10 minutes',
             '2025-09-07', 'H' || g, 'A' || g,
             case when w < 7 then 'final' when w = 7 and g < 8 then 'in_progress' else 'scheduled' end,
             case when w < 7 then 24 end, case when w < 7 then 21 end
      from generate_series(1, ${WEEKS}) w, generate_series(1, ${GAMES_PER_WEEK}) g;
    insert into pools (lifeguard_id, name, icon, icon_color, icon_background, sport, season, start_week,
                       games_per_week, win_basis, double_play, triple_play, last_man_standing)
      select (p - 1) * ${MEMBERS_PER_POOL} + 1, 'Pool ' || p, 'waves', '#fff', '#000', 'nfl', 2025, 1,
             ${GAMES_PER_WEEK}, 'ats', false, false, true
      from generate_series(1, ${POOLS}) p;
    insert into pool_members (pool_id, user_id, role, joined_at)
      select p, (p - 1) * ${MEMBERS_PER_POOL} + m, case when m = 1 then 'lifeguard' else 'guest' end,
             timestamptz '2025-08-01Z'
      from generate_series(1, ${POOLS}) p, generate_series(1, ${MEMBERS_PER_POOL}) m;
    insert into pool_weeks (pool_id, week, slate_source, published_at)
      select p, w, 'auto', timestamptz '2025-09-01Z' from generate_series(1, ${POOLS}) p, generate_series(1, ${WEEKS}) w;
    insert into pool_slate_games (pool_week_id, event_id, frozen_home_spread, locked_at)
      select pw.id, e.id, -3, case when e.week < 7 then e.kickoff_at end
      from pool_weeks pw join events e on e.season = 2025 and e.week = pw.week;
    insert into pool_sheets (pool_week_id, member_id, tiebreaker, submitted_at)
      select pw.id, pm.id, 40, timestamptz '2025-09-06Z'
      from pool_weeks pw join pool_members pm on pm.pool_id = pw.pool_id
      where pw.week <= ${WEEKS_PICKED};
    insert into pool_picks (sheet_id, event_id, team)
      select s.id, g.event_id, 'H1'
      from pool_sheets s join pool_slate_games g on g.pool_week_id = s.pool_week_id;
    -- Every room looked at since its pool last changed, but for the ten pools a result has just changed.
    insert into chat_room_notices (pool_id, notice_key, state)
      select id, 'standings', jsonb_build_object('week', 6, 'order', '[]'::jsonb, 'points', '[]'::jsonb,
                                                 'version', version, 'until', ${Number.MAX_SAFE_INTEGER})
      from pools where id % ${POOLS / CHANGED_POOLS} <> 0;
    analyze;
  `);
}

describe('the hot statements of a Sunday use their indexes (PostgreSQL)', () => {
  let handle: DbHandle;
  const captured: Captured[] = [];
  let capturing: Database;

  beforeAll(async () => {
    handle = await createTestDb();
    await seedSunday(handle);
    if (handle.raw.kind !== 'postgres') throw new Error('query plans are checked on PostgreSQL');
    // The same pool and schema as the app's, with every statement recorded as it is sent.
    capturing = drizzle(handle.raw.pool, {
      schema,
      casing: 'snake_case',
      logger: { logQuery: (query, params) => captured.push({ query, params }) },
    }) as unknown as Database;
  }, 300_000);

  afterAll(async () => {
    await handle?.close();
  });

  /** Runs a path, then EXPLAINs every statement it sent: the sequential scans of large tables, by statement. */
  async function scansOf(path: () => Promise<unknown>): Promise<{ statements: number; scans: string[] }> {
    captured.length = 0;
    await path();
    const statements = [...captured];
    const scans: string[] = [];
    if (handle.raw.kind !== 'postgres') throw new Error('query plans are checked on PostgreSQL');
    for (const statement of statements) {
      if (/^\s*(begin|commit|rollback|savepoint|release)/i.test(statement.query)) continue;
      const result = await handle.raw.pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `explain (format json) ${statement.query}`,
        statement.params,
      );
      const plan = result.rows[0]!['QUERY PLAN'][0]!.Plan;
      for (const table of sequentialScans(plan).filter((name) => LARGE_TABLES.includes(name))) {
        scans.push(`${table} scanned by: ${statement.query.replace(/\s+/g, ' ')}\n${JSON.stringify(plan)}`);
      }
    }
    return { statements: statements.length, scans };
  }

  /** Runs writes in a transaction rolled back at the end, so each test sees the database as seeded. */
  async function rolledBack(writes: (tx: Database) => Promise<void>): Promise<void> {
    await capturing
      .transaction(async (tx) => {
        await writes(tx as unknown as Database);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
  }

  async function poolRow(poolId: number) {
    const [pool] = await poolsRepository.poolsByIds(handle.db, [poolId]);
    return pool!;
  }

  async function weekEvents(week: number): Promise<number[]> {
    if (handle.raw.kind !== 'postgres') throw new Error('query plans are checked on PostgreSQL');
    const { rows } = await handle.raw.pool.query<{ id: number }>(
      'select id from events where season = 2025 and week = $1 order by id',
      [week],
    );
    return rows.map((row) => row.id);
  }

  it("a pool's season, as standings load it: members, weeks, slates with their events, sheets and picks", async () => {
    const pool = await poolRow(1_234);
    const { statements, scans } = await scansOf(async () => {
      const season = await loadSeason(capturing, pool, NOW);
      // The load read what was seeded: the checks below are of real work, not of empty answers.
      expect(season.weeks).toHaveLength(WEEKS);
      expect(season.weeks[0]!.slate).toHaveLength(GAMES_PER_WEEK);
      expect(season.weeks[0]!.sheets).toHaveLength(MEMBERS_PER_POOL);
    });
    expect(statements).toBeGreaterThanOrEqual(4);
    expect(scans).toEqual([]);
  });

  it("a standings read's first statement: the pool's weeks with their totals' state, and its members", async () => {
    const { scans } = await scansOf(async () => {
      const { states, members } = await weekTotalsRepository.weekStatesAndMembers(capturing, [77, 78]);
      expect(states.length).toBeGreaterThan(0);
      expect(members.filter((member) => member.poolId === 77)).toHaveLength(MEMBERS_PER_POOL);
    });
    expect(scans).toEqual([]);
  });

  it("a standings read after a change: the membership, with the pool's weeks, its members and the week not current", async () => {
    const pool = await poolRow(81);
    const members = await poolsRepository.currentMembers(handle.db, [81]);
    // Every week's totals stored, then a change of week 2's (a result corrected): the one week to work out again.
    await currentWeekTotalsOfPools(handle.db, [{ pool, members }], NOW);
    if (handle.raw.kind !== 'postgres') throw new Error('query plans are checked on PostgreSQL');
    const { rows } = await handle.raw.pool.query<{ id: number }>(
      'update pool_weeks set inputs_version = inputs_version + 1 where pool_id = 81 and week = 2 returning id',
    );
    const changedWeek = rows[0]!.id;
    const { statements, scans } = await scansOf(async () => {
      const found = await weekTotalsRepository.findMembershipWithWeeks(capturing, {
        poolId: 81,
        userId: members[1]!.userId,
        knownVersion: -1,
        now: NOW,
      });
      expect(found!.weeks!.states).toHaveLength(WEEKS);
      expect(found!.weeks!.members).toHaveLength(MEMBERS_PER_POOL);
      // The changed week, and any other whose totals hold no longer at the read (the week under way's may not).
      const notCurrent = found!.weeks!.states.filter(
        (state) =>
          state.totalsVersion !== state.inputsVersion ||
          state.totalsFrom === null ||
          state.totalsFrom > NOW ||
          (state.totalsUntil !== null && state.totalsUntil <= NOW),
      );
      expect(notCurrent.map((state) => state.week)).toContain(2);
      expect([...found!.weeks!.weeks.keys()].sort()).toEqual(notCurrent.map((state) => state.id).sort());
      expect(found!.weeks!.weeks.get(changedWeek)!.slate).toHaveLength(GAMES_PER_WEEK);
      expect(found!.weeks!.weeks.get(changedWeek)!.sheets).toHaveLength(MEMBERS_PER_POOL);
    });
    expect(statements).toBe(1);
    expect(scans).toEqual([]);
  });

  it('a result: the games it locks and the pools whose standings move', async () => {
    const eventIds = await weekEvents(7);
    const { statements, scans } = await scansOf(() =>
      rolledBack(async (tx) => {
        await weeksRepository.keepLocksBeforeEventsChange(tx, eventIds.slice(0, 2), NOW);
        await closingRepository.lockedAtsGamesOfEvents(tx, eventIds.slice(0, 1));
        await standingsRepository.bumpPoolsOfEvents(tx, eventIds.slice(0, 1), NOW);
      }),
    );
    expect(statements).toBeGreaterThanOrEqual(3);
    expect(scans).toEqual([]);
  });

  it("a pool's room: whether its games have results to tell", async () => {
    const { scans } = await scansOf(async () => {
      const rooms = await chatRepository.listPoolsWithResults(capturing, {
        now: NOW,
        recordKey: 'standings',
        poolIds: [199, 200, 201],
      });
      expect(rooms.map((pool) => pool.id)).toEqual([200]);
    });
    expect(scans).toEqual([]);
  });

  it('the rooms a scheduler tick looks at, across every pool: only those changed since last looked at', async () => {
    const { scans } = await scansOf(async () => {
      const rooms = await chatRepository.listPoolsWithResults(capturing, { now: NOW, recordKey: 'standings' });
      expect(rooms).toHaveLength(CHANGED_POOLS);
    });
    expect(scans).toEqual([]);
  });

  it("the week totals of a result's pools, read, worked out and stored together", async () => {
    // 200 pools whose totals were stored, then a result of week 7 (theirs to work out again).
    const poolIds = Array.from({ length: 200 }, (_, index) => 300 + index);
    const pools = await poolsRepository.poolsByIds(handle.db, poolIds);
    const membersOf = groupBy(await poolsRepository.currentMembers(handle.db, poolIds), (member) => member.poolId);
    const rooms = pools.map((pool) => ({ pool, members: membersOf.get(pool.id) ?? [] }));
    await currentWeekTotalsOfPools(handle.db, rooms, NOW);
    if (handle.raw.kind !== 'postgres') throw new Error('query plans are checked on PostgreSQL');
    await handle.raw.pool.query(
      'update pool_weeks set inputs_version = inputs_version + 1 where pool_id = any($1::int[]) and week = 7',
      [poolIds],
    );
    const { statements, scans } = await scansOf(() =>
      rolledBack(async (tx) => {
        const totals = await currentWeekTotalsOfPools(tx, rooms, NOW);
        expect(totals).toHaveLength(poolIds.length);
        expect(totals[0]!.weeks.map((week) => week.members.length)).toEqual(Array.from({ length: WEEKS }, () => 5));
      }),
    );
    expect(statements).toBeGreaterThanOrEqual(6);
    expect(scans).toEqual([]);
    // 200 pools' seasons stored first, then one week of each worked out again: tens of seconds under load.
  }, 180_000);

  it("a member's submission: its key claimed, its sheet written with its picks", async () => {
    const [week] = await weeksRepository.weeksOf(handle.db, 900).then((weeks) => weeks.filter((w) => w.week === 8));
    const [member] = await poolsRepository.currentMembers(handle.db, [900]);
    const events = await weekEvents(8);
    const { statements, scans } = await scansOf(() =>
      rolledBack(async (tx) => {
        const claim = await weeksRepository.claimSubmission(tx, {
          memberId: member!.id,
          poolWeekId: week!.id,
          idempotencyKey: 'query-plans-1',
          requestHash: 'hash',
          now: NOW,
        });
        expect(claim).toEqual({ claimed: true });
        await weeksRepository.writeSheet(tx, {
          poolWeekId: week!.id,
          memberId: member!.id,
          lmsTeam: null,
          tiebreaker: 41,
          submittedAt: NOW,
          now: NOW,
          picks: events.map((eventId) => ({ eventId, team: 'H1', play: null })),
        });
      }),
    );
    expect(statements).toBeGreaterThanOrEqual(2);
    expect(scans).toEqual([]);
  });
});

import { oddsQuotes, poolEdits, poolPicks, poolSheets, type DbExecutor } from '@pass/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bumpVersion } from '../modules/pools/pools.repository.js';
import { makeGame, newKey } from '../test/ledger.js';
import { buildTestApp } from '../test/helpers.js';
import { validRequest } from './bad-input.js';
import { send, signedIn, type Caller } from './callers.js';
import { writeFigures } from './figures.js';
import { makeOwnedPool, requestHints } from './fixtures.js';
import { fetchOpenApi, listOperations, operationName, type Operation } from './openapi.js';

/**
 * Reveal at lock, checked on every answer (docs/decisions/052): no one but a member sees that member's picks of a
 * game before it locks. The check builds one pool and then two worlds that differ only in what a member has
 * picked, and the Lifeguard edited, in games still open; every read operation of the OpenAPI document, asked by
 * another guest, the Lifeguard and the admin, must answer the same in both. Any difference is a leak, whatever
 * the field or the operation, so a new operation that carries picks is checked the day it is added. Once the
 * games lock the same comparison must find the differences, which shows the check can fail.
 *
 * The check runs on two pools: one with double plays and Last Man Standing, and a confidence pool, where the
 * worlds also differ in the confidence the target gave each open pick. Both give default picks (the favourites,
 * the home teams), which exist only from a game's lock, and the first drops each member's worst week.
 */

const GAME_1_KICKOFF = new Date('2025-09-07T17:00:00Z');
const GAME_2_KICKOFF = new Date('2025-09-08T00:20:00Z');
/** Before both games: everything of the target's is open. */
const OPEN = new Date('2025-09-05T12:00:00Z');
/** After both games have kicked off: everything is revealed. */
const LOCKED = new Date('2025-09-08T01:00:00Z');

// Before the first game of the season, so the pool may still be joined; within a session's idle limit of OPEN.
let clock = new Date('2025-09-01T12:00:00Z');
const { app, database } = await buildTestApp({}, { now: () => clock });
const db = database.db;
const operations = listOperations(await fetchOpenApi(app)).filter((operation) => operation.method === 'GET');
const lifeguard = await signedIn(app, db, 'member');
const guest = await signedIn(app, db, 'member');
const target = await signedIn(app, db, 'member');
const admin = await signedIn(app, db, 'admin');
const figures = { operations: operations.length, requests: 0, cells: 0, '5xx': 0, leaks: 0, revealed: 0 };

async function call(caller: Caller, request: Parameters<typeof send>[2]) {
  const response = await send(app, caller, request);
  figures.requests += 1;
  if (response.statusCode >= 500) figures['5xx'] += 1;
  return response;
}
const json = (payload: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', ...headers },
  payload: JSON.stringify(payload),
});
async function expectOk(response: Awaited<ReturnType<typeof call>>, what: string) {
  if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response;
}

// A Sunday game and the Sunday-night game (the tiebreaker's), each with a line quoted before the slate.
const game1 = await makeGame(db, {
  home: 'KC',
  away: 'BUF',
  kickoff: GAME_1_KICKOFF,
  week: 1,
  season: 2025,
  lines: false,
});
const game2 = await makeGame(db, {
  home: 'PHI',
  away: 'DAL',
  kickoff: GAME_2_KICKOFF,
  week: 1,
  season: 2025,
  lines: false,
});
await db.insert(oddsQuotes).values(
  (
    [
      [game1, 'KC', -3.5],
      [game1, 'BUF', 3.5],
      [game2, 'PHI', -6.5],
      [game2, 'DAL', 6.5],
    ] as const
  ).map(([eventId, outcome, point]) => ({
    eventId,
    book: 'consensus',
    market: 'spreads' as const,
    outcome,
    price: -110,
    point,
    fetchedAt: new Date('2025-07-31T12:00:00Z'),
    source: 'test',
  })),
);

/** A pool of the suite's: its id, whether it scores confidence points, and its members' ids. */
interface SuitePool {
  id: number;
  confidence: boolean;
  memberOf: (caller: Caller) => number;
}

/** A pool the guest and the target join by its link. */
async function suitePool(name: string, settings: Record<string, unknown> = {}): Promise<SuitePool> {
  const id = await makeOwnedPool(app, lifeguard, name, settings);
  const link = await expectOk(
    await call(lifeguard, { method: 'POST', url: `/api/pools/${id}/link`, headers: {} }),
    'link',
  );
  const token = link.json<{ data: { token: string } }>().data.token;
  for (const member of [guest, target]) {
    await expectOk(await call(member, { method: 'POST', url: '/api/pools/accept', ...json({ token }) }), 'accept');
  }
  const members = (await call(lifeguard, { method: 'GET', url: `/api/pools/${id}`, headers: {} })).json<{
    data: { members: { id: number; username: string }[] };
  }>().data.members;
  return {
    id,
    confidence: settings.confidence === true,
    memberOf: (caller: Caller) => members.find((member) => member.username === caller.account!.username)!.id,
  };
}

const plainPool = await suitePool('Reveal at lock pool', { default_picks: 'favourites', drop_worst_weeks: 1 });
const confidencePool = await suitePool('Reveal at lock confidence pool', {
  confidence: true,
  double_play: false,
  default_picks: 'home',
});

clock = OPEN;
const submit = (caller: Caller, url: string, body: unknown) =>
  call(caller, { method: 'PUT', url, ...json(body, { 'idempotency-key': newKey() }) });
/** A pick as the pool takes it: with a confidence in the confidence pool, with a play in the other. */
const pickIn = (
  pool: SuitePool,
  eventId: number,
  team: string,
  extra: { play?: 'double' | null; confidence: number },
) =>
  pool.confidence
    ? { event_id: eventId, team, confidence: extra.confidence }
    : { event_id: eventId, team, ...(extra.play ? { play: extra.play } : {}) };
for (const pool of [plainPool, confidencePool]) {
  await expectOk(
    await submit(guest, `/api/pools/${pool.id}/weeks/1/picks`, {
      picks: [pickIn(pool, game1, 'BUF', { confidence: 1 }), pickIn(pool, game2, 'PHI', { confidence: 2 })],
      lms_team: 'PHI',
      tiebreaker: 44,
    }),
    "the guest's picks",
  );
  await expectOk(
    await submit(target, `/api/pools/${pool.id}/weeks/1/picks`, {
      picks: [
        pickIn(pool, game1, 'KC', { play: 'double', confidence: 2 }),
        pickIn(pool, game2, 'DAL', { confidence: 1 }),
      ],
      lms_team: 'KC',
      tiebreaker: 41,
    }),
    "the target's picks",
  );
  // The Lifeguard corrects the target's open pick and tiebreaker: the edits log holds what they were.
  await expectOk(
    await call(lifeguard, {
      method: 'PUT',
      url: `/api/pools/${pool.id}/weeks/1/members/${pool.memberOf(target)}/picks`,
      ...json({ picks: [pickIn(pool, game2, 'PHI', { confidence: 1 })], tiebreaker: 50 }),
    }),
    "the Lifeguard's edit",
  );
}

/** The pool the checks below are run on. */
let current = plainPool;

/** The target's open picks, and the Lifeguard's edit of them, as one world or the other has them. */
interface World {
  /** Each open pick: its team, its play (the plain pool) and its confidence (the confidence pool). */
  game1: { team: string; play: 'double' | 'triple' | null; confidence: number };
  game2: { team: string; play: 'double' | 'triple' | null; confidence: number };
  lmsTeam: string;
  tiebreaker: number;
  edits: { pick: [string, string]; tiebreaker: [string, string] };
}
const WORLD_A: World = {
  game1: { team: 'KC', play: 'double', confidence: 2 },
  game2: { team: 'PHI', play: null, confidence: 1 },
  lmsTeam: 'KC',
  tiebreaker: 50,
  edits: { pick: ['DAL', 'PHI'], tiebreaker: ['41', '50'] },
};
const WORLD_B: World = {
  game1: { team: 'BUF', play: null, confidence: 1 },
  game2: { team: 'DAL', play: 'double', confidence: 2 },
  lmsTeam: 'BUF',
  tiebreaker: 37,
  edits: { pick: ['PHI (double play)', 'DAL (double play)'], tiebreaker: ['33', '37'] },
};

/** Rewrites the target's sheet and the edits of it to one world's, and lets every cached answer see it. */
async function enter(executor: DbExecutor, world: World) {
  const [sheet] = await executor
    .select()
    .from(poolSheets)
    .where(eq(poolSheets.memberId, current.memberOf(target)));
  await executor
    .update(poolSheets)
    .set({ lmsTeam: world.lmsTeam, tiebreaker: world.tiebreaker })
    .where(eq(poolSheets.id, sheet!.id));
  for (const [eventId, pick] of [
    [game1, world.game1],
    [game2, world.game2],
  ] as const) {
    await executor
      .update(poolPicks)
      .set(
        current.confidence
          ? { team: pick.team, play: null, confidence: pick.confidence }
          : { team: pick.team, play: pick.play, confidence: null },
      )
      .where(and(eq(poolPicks.sheetId, sheet!.id), eq(poolPicks.eventId, eventId)));
  }
  const edits = await executor.select().from(poolEdits).where(eq(poolEdits.poolId, current.id));
  for (const edit of edits) {
    const [before, after] = edit.field === 'pick' ? world.edits.pick : world.edits.tiebreaker;
    await executor.update(poolEdits).set({ before, after }).where(eq(poolEdits.id, edit.id));
  }
  await bumpVersion(executor, current.id);
}

const hints = requestHints(game1, game2);
/** The path parameters of the pool under check. */
const pathOf = (pool: SuitePool) => ({
  id: String(pool.id),
  week: '1',
  memberId: String(pool.memberOf(target)),
  a: String(pool.memberOf(target)),
  b: String(pool.memberOf(guest)),
});
/** The callers who are not the target, with the operations each may call. */
const viewers: [string, Caller, Operation[]][] = [
  ['guest', guest, operations.filter((operation) => operation.access !== 'admin')],
  ['Lifeguard', lifeguard, operations.filter((operation) => operation.access !== 'admin')],
  ['admin', admin, operations],
];

/**
 * Every viewer's answer to every read, by viewer and operation. The pool's version, which moves with every
 * change, is left out: it says that something changed, which members see anyway, not what.
 */
async function readEverything(only: (operation: Operation) => boolean): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const [name, caller, allowed] of viewers) {
    for (const operation of allowed.filter(only)) {
      const response = await call(caller, validRequest(operation, hints, pathOf(current)));
      figures.cells += 1;
      const body = response.body.replace(/"version":\d+/g, '"version":0');
      answers.set(`${name} ${operationName(operation)}`, `${response.statusCode} ${body}`);
    }
  }
  return answers;
}

/**
 * Reads whose answers change from one read to the next whatever the pool holds: they cannot be compared, so
 * each is named here with why, and the check fails on one that is not.
 */
const CHANGES_BY_ITSELF: Record<string, string> = {
  'GET /api/health': 'the process uptime',
  'GET /api/health/ready': 'the process uptime',
  'GET /auth/whoami': "the session's idle expiry, which each request moves",
  'GET /auth/info': "the session's idle expiry, which each request moves",
  'GET /api/admin/page-views': 'the count of pages read, which the reads themselves move',
  'GET /api/admin/tables/page-views': 'the pages read, which the reads themselves add to',
  'GET /api/admin/tables/page-views/export': 'the pages read, which the reads themselves add to',
  'GET /api/admin/tables/audit': "the audit log, which records the admin's own exports",
  'GET /api/admin/tables/audit/export': "the audit log, which records the admin's own exports",
};

/**
 * The reads whose answers differ between the two worlds (world A, world B, then world A again: an answer that
 * differs between the two reads of A changes by itself, and must be one of CHANGES_BY_ITSELF, which are not
 * compared).
 */
async function differences(only: (operation: Operation) => boolean = () => true): Promise<string[]> {
  await enter(db, WORLD_A);
  // A first pass: the first read after a lock stores the games' locks and closing lines, which later answers show.
  await readEverything(only);
  const a = await readEverything(only);
  await enter(db, WORLD_B);
  const b = await readEverything(only);
  await enter(db, WORLD_A);
  const again = await readEverything(only);
  const explained = (key: string) => key.slice(key.indexOf(' ') + 1) in CHANGES_BY_ITSELF;
  const unexplained = [...a.keys()].filter((key) => !explained(key) && a.get(key) !== again.get(key));
  expect(unexplained, 'answers that change by themselves: name them in CHANGES_BY_ITSELF').toEqual([]);
  return [...a.keys()].filter((key) => !explained(key) && a.get(key) !== b.get(key));
}

/**
 * The answers to writes whose outcome could hang on the target's open picks: the Lifeguard's edit of the target's
 * sheet (a double play while the target has one on an open game) and the guest's own submission, which answers
 * with the week as the guest sees it. Each world's answers, by write.
 */
async function writeAnswers(world: World): Promise<Map<string, string>> {
  await enter(db, world);
  const answers = new Map<string, string>();
  // In the confidence pool, a confidence the target may hold on the other open game (world A) or on this one.
  const edit = await call(lifeguard, {
    method: 'PUT',
    url: `/api/pools/${current.id}/weeks/1/members/${current.memberOf(target)}/picks`,
    ...json({ picks: [pickIn(current, game2, 'DAL', { play: 'double', confidence: 2 })], tiebreaker: 52 }),
  });
  answers.set("the Lifeguard's edit", `${edit.statusCode} ${edit.body.replace(/"version":\d+/g, '"version":0')}`);
  const own = await submit(guest, `/api/pools/${current.id}/weeks/1/picks`, {
    picks: [pickIn(current, game1, 'BUF', { confidence: 1 }), pickIn(current, game2, 'PHI', { confidence: 2 })],
    lms_team: 'PHI',
    tiebreaker: 44,
  });
  answers.set("the guest's submission", `${own.statusCode} ${own.body.replace(/"version":\d+/g, '"version":0')}`);
  figures.cells += 2;
  return answers;
}

describe('reveal at lock, on every read', () => {
  afterAll(async () => {
    writeFigures(`reveal-at-lock-${database.kind}`, figures);
    await app.close();
  });

  const pools = [
    ['', plainPool],
    ['in a confidence pool, ', confidencePool],
  ] as const;

  for (const [where, pool] of pools) {
    it(`${where}answers anyone but the member the same, whatever the member picked in games still open`, async () => {
      current = pool;
      clock = OPEN;
      const leaks = await differences();
      figures.leaks += leaks.length;
      expect(leaks, 'these answers change with open picks: they show them').toEqual([]);
    }, 300_000);

    it(`${where}answers the writes of others the same, whatever the member picked in games still open`, async () => {
      current = pool;
      clock = OPEN;
      const a = await writeAnswers(WORLD_A);
      const b = await writeAnswers(WORLD_B);
      expect(a.get("the Lifeguard's edit")).toMatch(/^200 /);
      const leaks = [...a.keys()].filter((key) => a.get(key) !== b.get(key));
      figures.leaks += leaks.length;
      expect(leaks, 'these answers change with open picks: they show them').toEqual([]);
    }, 120_000);
  }

  for (const [where, pool] of pools) {
    it(`${where}shows the picks, the tiebreaker and the edits once the games have locked`, async () => {
      current = pool;
      clock = LOCKED;
      // The pool's own reads are enough to show that the comparison sees picks.
      const revealed = await differences((operation) => operation.path.startsWith('/api/pools/'));
      figures.revealed += revealed.length;
      for (const viewer of ['guest', 'Lifeguard']) {
        expect(revealed).toContain(`${viewer} GET /api/pools/{id}/weeks/{week}`);
        expect(revealed).toContain(`${viewer} GET /api/pools/{id}/edits`);
      }
    }, 300_000);
  }

  it('met no 5xx', () => {
    expect(figures['5xx']).toBe(0);
  });
});

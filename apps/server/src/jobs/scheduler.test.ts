import { AdminImportsResponse } from '@pass/contracts';
import { createDb, migrate, type DbHandle } from '@pass/db';
import { createPostgresTestDatabaseUrl, createTestDb, testDatabaseKind } from '@pass/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { importDemoSeason } from '../modules/imports/demo-season.js';
import { listSeasonEvents } from '../modules/sports/sports.repository.js';
import { seedAdmin, TestClient } from '../test/accounts.js';
import { testConfig } from '../test/helpers.js';
import { createAdvisoryLock } from './advisory-lock.js';
import { createRefreshJobs } from './refresh-jobs.js';
import { dueJobs, type JobName, type ScheduleState } from './schedule.js';
import { Scheduler } from './scheduler.js';

const NOW = new Date('2026-11-22T16:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const ahead = (ms: number) => new Date(NOW.getTime() + ms);
// The refresh jobs; the pool mails job has its own case below.
const ALL_ON = { odds: true, scores: true, schedules: true, pool_mails: false };

function state(overrides: Partial<ScheduleState> = {}): ScheduleState {
  return {
    now: NOW,
    upcomingKickoffs: [],
    liveGames: 0,
    lastRun: { odds: ago(HOUR), scores: ago(HOUR), schedules: ago(HOUR) },
    enabled: ALL_ON,
    ...overrides,
  };
}

describe('which jobs are due', () => {
  it('runs everything the first time, schedules first', () => {
    expect(dueJobs(state({ lastRun: {}, liveGames: 1 }))).toEqual(['schedules', 'odds', 'scores']);
  });

  it('refreshes odds a few times a day', () => {
    expect(dueJobs(state())).toEqual([]);
    expect(dueJobs(state({ lastRun: { odds: ago(5 * HOUR), schedules: ago(HOUR) } }))).toEqual([]);
    expect(dueJobs(state({ lastRun: { odds: ago(6 * HOUR), schedules: ago(HOUR) } }))).toEqual(['odds']);
  });

  it('refreshes odds once more shortly before a kickoff', () => {
    const kickoffs = [ahead(60 * MINUTE), ahead(3 * HOUR)];
    // The window of the next kickoff opened 30 minutes ago; the last run was before it.
    expect(
      dueJobs(state({ upcomingKickoffs: kickoffs, lastRun: { odds: ago(2 * HOUR), schedules: ago(HOUR) } })),
    ).toEqual(['odds']);
    // Already refreshed in this window.
    expect(
      dueJobs(state({ upcomingKickoffs: kickoffs, lastRun: { odds: ago(10 * MINUTE), schedules: ago(HOUR) } })),
    ).toEqual([]);
    // Too early for the window.
    expect(
      dueJobs(state({ upcomingKickoffs: [ahead(3 * HOUR)], lastRun: { odds: ago(2 * HOUR), schedules: ago(HOUR) } })),
    ).toEqual([]);
  });

  it('refreshes scores every few minutes while games are live, and once after they end', () => {
    const lastRun = { odds: ago(HOUR), schedules: ago(HOUR) };
    expect(dueJobs(state({ liveGames: 4, lastRun: { ...lastRun, scores: ago(6 * MINUTE) } }))).toEqual(['scores']);
    expect(dueJobs(state({ liveGames: 4, lastRun: { ...lastRun, scores: ago(2 * MINUTE) } }))).toEqual([]);
    expect(dueJobs(state({ liveGames: 0, lastRun: { ...lastRun, scores: ago(2 * MINUTE) } }))).toEqual([]);
    // The last live game was seen after the last run: one more for its final.
    expect(
      dueJobs(state({ liveGames: 0, lastLiveAt: ago(MINUTE), lastRun: { ...lastRun, scores: ago(3 * MINUTE) } })),
    ).toEqual(['scores']);
    expect(
      dueJobs(state({ liveGames: 0, lastLiveAt: ago(5 * MINUTE), lastRun: { ...lastRun, scores: ago(MINUTE) } })),
    ).toEqual([]);
  });

  it('refreshes schedules daily', () => {
    expect(dueJobs(state({ lastRun: { odds: ago(HOUR), scores: ago(HOUR), schedules: ago(23 * HOUR) } }))).toEqual([]);
    expect(dueJobs(state({ lastRun: { odds: ago(HOUR), scores: ago(HOUR), schedules: ago(24 * HOUR) } }))).toEqual([
      'schedules',
    ]);
  });

  it('runs the pool mails every 5 minutes, after the refresh jobs', () => {
    const enabled = { ...ALL_ON, pool_mails: true };
    const lastRun = { odds: ago(HOUR), scores: ago(HOUR), schedules: ago(HOUR) };
    expect(dueJobs(state({ lastRun, enabled }))).toEqual(['pool_mails']);
    expect(dueJobs(state({ lastRun: { ...lastRun, pool_mails: ago(4 * MINUTE) }, enabled }))).toEqual([]);
    expect(dueJobs(state({ lastRun: { ...lastRun, pool_mails: ago(5 * MINUTE) }, enabled }))).toEqual(['pool_mails']);
    expect(dueJobs(state({ lastRun: {}, liveGames: 1, enabled }))).toEqual([
      'schedules',
      'odds',
      'scores',
      'pool_mails',
    ]);
  });

  it('never runs a job switched off', () => {
    const off = { odds: false, scores: false, schedules: false, pool_mails: false };
    expect(dueJobs(state({ lastRun: {}, liveGames: 3, enabled: off }))).toEqual([]);
    expect(dueJobs(state({ lastRun: {}, liveGames: 3, enabled: { ...ALL_ON, odds: false } }))).toEqual([
      'schedules',
      'scores',
    ]);
  });
});

/** Two handles on one database, as two server instances have: two pools on PostgreSQL, one PGlite. */
async function twoHandles(): Promise<{ first: DbHandle; second: DbHandle; close: () => Promise<void> }> {
  if (testDatabaseKind() === 'postgres') {
    const database = await createPostgresTestDatabaseUrl();
    const first = await createDb({ databaseUrl: database.url, poolSize: 2 });
    await migrate(first);
    const second = await createDb({ databaseUrl: database.url, poolSize: 2 });
    return {
      first,
      second,
      async close() {
        await first.close();
        await second.close();
        await database.drop();
      },
    };
  }
  const handle = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
  return { first: handle, second: handle, close: () => handle.close() };
}

describe('the advisory lock', () => {
  let handles: Awaited<ReturnType<typeof twoHandles>>;
  beforeAll(async () => {
    handles = await twoHandles();
  });
  afterAll(async () => {
    await handles.close();
  });

  it('is held by one instance at a time, and passes on when released', async () => {
    const a = createAdvisoryLock(handles.first);
    const b = createAdvisoryLock(handles.second);
    const [gotA, gotB] = await Promise.all([a.tryAcquire(), b.tryAcquire()]);
    expect([gotA, gotB].filter(Boolean)).toHaveLength(1);
    const [holder, other] = gotA ? [a, b] : [b, a];
    expect(await holder.tryAcquire()).toBe(true);
    expect(await other.tryAcquire()).toBe(false);
    await holder.release();
    expect(holder.held).toBe(false);
    expect(await other.tryAcquire()).toBe(true);
    await other.release();
  });

  it('lets only one of two schedulers on the same database run a job', async () => {
    const runs: string[] = [];
    const schedulerFor = (name: string, handle: DbHandle) =>
      new Scheduler({
        db: handle.db,
        lock: createAdvisoryLock(handle),
        enabled: ALL_ON,
        now: () => NOW,
        jobs: {
          odds: async () => void runs.push(`${name}:odds`),
          scores: async () => void runs.push(`${name}:scores`),
          schedules: async () => void runs.push(`${name}:schedules`),
          pool_mails: async () => void runs.push(`${name}:pool_mails`),
        },
        everyTick: [async () => void runs.push(`${name}:every tick`)],
      });
    const one = schedulerFor('one', handles.first);
    const two = schedulerFor('two', handles.second);
    const [ranOne, ranTwo] = await Promise.all([one.tick(), two.tick()]);
    const ran: JobName[][] = [ranOne, ranTwo];
    expect(ran.filter((jobs) => jobs.length > 0)).toEqual([['schedules', 'odds']]);
    const leader = ranOne.length > 0 ? 'one' : 'two';
    // The work of every tick (the room notices) follows the due jobs, on the leader only.
    expect(runs).toEqual([`${leader}:schedules`, `${leader}:odds`, `${leader}:every tick`]);

    // The leader keeps the lock; nothing is due again; the other still runs nothing.
    expect(await Promise.all([one.tick(), two.tick()])).toEqual([[], []]);
    expect(runs.slice(3)).toEqual([`${leader}:every tick`]);

    // Once the leader stops, the other takes over on its next tick, knowing what already ran.
    const [stopped, follower] = leader === 'one' ? [one, two] : [two, one];
    await stopped.stop();
    expect(await follower.tick()).toEqual([]);
    expect(runs.slice(4)).toEqual([`${leader === 'one' ? 'two' : 'one'}:every tick`]);
    await follower.stop();
  });
});

describe("the scheduler's record of its jobs", () => {
  let handles: Awaited<ReturnType<typeof twoHandles>>;
  beforeAll(async () => {
    handles = await twoHandles();
  });
  afterAll(async () => {
    await handles.close();
  });

  let clock = NOW;
  const runs: string[] = [];
  const schedulerOn = (
    name: string,
    handle: DbHandle,
    jobs: Partial<Record<JobName, () => Promise<void>>>,
    enabled = ALL_ON,
  ) =>
    new Scheduler({
      db: handle.db,
      lock: createAdvisoryLock(handle),
      enabled,
      now: () => clock,
      jobs: {
        odds: async () => void runs.push(`${name}:odds`),
        scores: async () => void runs.push(`${name}:scores`),
        schedules: async () => void runs.push(`${name}:schedules`),
        pool_mails: async () => void runs.push(`${name}:pool_mails`),
        ...jobs,
      },
    });

  it('survives a restart and is the same on another instance: only what is due runs', async () => {
    const first = schedulerOn('first', handles.first, {
      odds: async () => {
        runs.push('first:odds');
        throw new Error('The Odds API answered 503 for /v4/sports/americanfootball_nfl/odds');
      },
    });
    expect(await first.tick()).toEqual(['schedules', 'odds']);
    // The instance goes away; another (or the same, restarted) takes the jobs over a minute later.
    await first.stop();
    clock = new Date(NOW.getTime() + MINUTE);
    const second = schedulerOn('second', handles.second, {});
    expect(await second.tick()).toEqual([]);
    clock = new Date(NOW.getTime() + 6 * HOUR);
    expect(await second.tick()).toEqual(['odds']);
    await second.stop();
    expect(runs).toEqual(['first:schedules', 'first:odds', 'second:odds']);
  });

  it("shows each job's last start, success and error to the admin of a fresh app on the same database", async () => {
    const account = await seedAdmin(handles.second.db);
    // The app closes the database it is given; the suite closes this one itself.
    const app = await buildApp({
      config: testConfig({ REFRESH_SCORES: 'off' }),
      database: { ...handles.second, close: async () => {} },
      logger: false,
    });
    try {
      const admin = new TestClient(app);
      expect((await admin.login(account.username, account.password)).statusCode).toBe(200);
      const response = await admin.get('/api/admin/imports');
      expect(response.statusCode, response.body).toBe(200);
      const { scheduler } = AdminImportsResponse.parse(response.json());
      const later = new Date(NOW.getTime() + 6 * HOUR).toISOString();
      expect(scheduler.jobs).toEqual([
        {
          job: 'schedules',
          enabled: true,
          last_started_at: NOW.toISOString(),
          last_finished_at: NOW.toISOString(),
          last_success_at: NOW.toISOString(),
          last_error_at: null,
          last_error: null,
        },
        {
          job: 'odds',
          enabled: true,
          last_started_at: later,
          last_finished_at: later,
          last_success_at: later,
          // The first instance's failure is still the last error.
          last_error_at: NOW.toISOString(),
          last_error: 'The Odds API answered 503 for /v4/sports/americanfootball_nfl/odds',
        },
        {
          job: 'scores',
          enabled: false,
          last_started_at: null,
          last_finished_at: null,
          last_success_at: null,
          last_error_at: null,
          last_error: null,
        },
      ]);
    } finally {
      await app.close();
    }
  });

  it('runs scores once more after the last live game ends, even on an instance that never saw it live', async () => {
    const scoresOnly = { odds: false, scores: true, schedules: false, pool_mails: false };
    clock = new Date(NOW.getTime() + 24 * HOUR);
    const [event] = (
      (await handles.first.db.execute(
        sql`insert into events (sport, season, week, season_type, kickoff_at, game_date, home_team, away_team, status)
            values ('americanfootball_nfl', 2026, 12, 'regular', ${new Date(clock.getTime() - HOUR).toISOString()}::timestamptz,
              '2026-11-23', 'KC', 'DEN', 'in_progress')
            returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const watcher = schedulerOn('watcher', handles.first, {}, scoresOnly);
    expect(await watcher.tick()).toEqual(['scores']);
    await watcher.stop();

    // The game ends; a fresh instance sees no live game but knows one was live after the last scores run.
    await handles.first.db.execute(sql`update events set status = 'final' where id = ${event!.id}`);
    clock = new Date(clock.getTime() + 10 * MINUTE);
    const successor = schedulerOn('successor', handles.second, {}, scoresOnly);
    expect(await successor.tick()).toEqual(['scores']);
    clock = new Date(clock.getTime() + 10 * MINUTE);
    expect(await successor.tick()).toEqual([]);
    await successor.stop();
  });
});

describe('the refresh jobs', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
  });
  afterAll(async () => {
    await database.close();
  });

  const finals = async () =>
    Number(
      (
        (await database.db.execute(
          sql`select count(*)::int as n from events where is_demo and status = 'final'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n,
    );

  it('bring the demo season up to date as its games are played, each as a scheduled import run', async () => {
    const jobs = createRefreshJobs(database.db, { oddsApiKey: undefined, oddsApiUrl: undefined });
    // Without a demo season (PASS_SEED=none) the schedule generates none.
    await jobs.schedules(NOW);
    expect(await finals()).toBe(0);

    await importDemoSeason(database.db, { sport: 'americanfootball_nfl', now: new Date('2026-11-20T12:00:00Z') });
    const before = await finals();
    // Sunday 4 pm UTC: nothing live yet in the database's view; the schedules job tops the season up.
    await jobs.schedules(new Date('2026-11-23T12:00:00Z'));
    expect(await finals()).toBeGreaterThan(before);
    const runs = (await database.db.execute(
      sql`select trigger, status from import_runs where source = 'demo' order by id`,
    )) as unknown as { rows: { trigger: string; status: string }[] };
    expect(runs.rows.at(-1)).toEqual({ trigger: 'schedule', status: 'succeeded' });
  });

  it("keep a demo season's games played to their finals once real games of the season arrive, listing only the real ones", async () => {
    const jobs = createRefreshJobs(database.db, { oddsApiKey: undefined, oddsApiUrl: undefined });
    await importDemoSeason(database.db, { sport: 'americanfootball_nfl', now: new Date('2026-11-20T12:00:00Z') });
    // A real game of the 2026 season arrives (a live source's first answer).
    await database.db.execute(sql`insert into events (sport, season, week, season_type, kickoff_at, game_date,
      home_team, away_team, status) values ('americanfootball_nfl', 2026, 13, 'regular',
      '2026-11-29T18:00:00Z'::timestamptz, '2026-11-29', 'HOU', 'BUF', 'scheduled')`);
    const listed = await listSeasonEvents(database.db, 'americanfootball_nfl', 2026);
    expect(listed.map((event) => [event.homeTeam, event.awayTeam, event.isDemo])).toEqual([['HOU', 'BUF', false]]);

    const before = await finals();
    await jobs.schedules(new Date('2026-12-01T12:00:00Z'));
    // The demo's games of weeks 12 and 13 got their finals: bets and picks made on them still settle.
    expect(await finals()).toBeGreaterThan(before);
  });

  it('leave the odds alone without an API key', async () => {
    const jobs = createRefreshJobs(database.db, { oddsApiKey: undefined, oddsApiUrl: undefined });
    await jobs.odds(NOW);
    const runs = (await database.db.execute(
      sql`select count(*)::int as n from import_runs where source = 'odds-api'`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(runs.rows[0]!.n)).toBe(0);
  });
});

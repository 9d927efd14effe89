import { AdminImportRunResponse, AdminImportsResponse, AdminImportStartResponse } from '@pass/contracts';
import { events } from '@pass/db';
import { seasonForDate } from '@pass/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminClient, seedUser, TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

/** The server clock of the first suite: the demo generated is its season, the same games on any date. */
const NOW = new Date('2026-11-21T15:00:00Z');

/**
 * Resolves when the next admin import has ended, succeeded or failed: the runner then tells the pools' rooms
 * (`roomNotices.run`, decision 041), after its runs are written.
 */
function nextImportEnd(app: FastifyInstance): Promise<void> {
  const run = app.roomNotices.run.bind(app.roomNotices);
  return new Promise((resolve) => {
    const spy = vi.spyOn(app.roomNotices, 'run').mockImplementationOnce(() => {
      spy.mockRestore();
      resolve();
      return run();
    });
  });
}

describe('admin imports API', () => {
  let testApp: TestApp;
  let admin: TestClient;
  let member: TestClient;

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => NOW });
    // Real games of this season for college football and baseball: the demo import leaves those sports alone and
    // generates the NFL's alone (285 games), where all three would take seconds, and far longer on a busy machine.
    for (const [sport, home, away] of [
      ['americanfootball_ncaaf', 'ALA', 'AUB'],
      ['baseball_mlb', 'NYY', 'BOS'],
    ] as const) {
      await testApp.database.db.insert(events).values({
        sport,
        season: seasonForDate(sport, NOW),
        week: 1,
        seasonType: 'regular',
        kickoffAt: new Date(NOW.getTime() + 86_400_000),
        gameDate: new Date(NOW.getTime() + 86_400_000).toISOString().slice(0, 10),
        homeTeam: home,
        awayTeam: away,
        status: 'scheduled',
      });
    }
    admin = await adminClient(testApp.app, testApp.database.db);
    const memberAccount = await seedUser(testApp.database.db);
    member = new TestClient(testApp.app);
    expect((await member.login(memberAccount.username, memberAccount.password)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  async function getRun(id: number): Promise<AdminImportRunResponse> {
    const response = await admin.get(`/api/admin/imports/runs/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return AdminImportRunResponse.parse(response.json());
  }

  it('refuses visitors (401) and members who are not the admin (403)', async () => {
    const visitor = new TestClient(testApp.app);
    expect((await visitor.get('/api/admin/imports')).statusCode).toBe(401);
    expect((await visitor.post('/api/admin/imports/demo')).statusCode).toBe(401);
    expect((await visitor.get('/api/admin/imports/runs/1')).statusCode).toBe(401);
    expect((await member.get('/api/admin/imports')).statusCode).toBe(403);
    expect((await member.post('/api/admin/imports/demo')).statusCode).toBe(403);
    expect((await member.get('/api/admin/imports/runs/1')).statusCode).toBe(403);
  });

  it('lists every source, none run yet', async () => {
    const response = await admin.get('/api/admin/imports');
    expect(response.statusCode).toBe(200);
    const { sources } = AdminImportsResponse.parse(response.json());
    expect(sources.map((source) => source.source)).toEqual(
      expect.arrayContaining(['nflverse', 'cfbd', 'statsapi', 'odds-api', 'demo']),
    );
    expect(sources.find((source) => source.source === 'demo')).toMatchObject({
      last_run: null,
      last_success: null,
      last_error: null,
      counts: { runs: 0, events: 0, quotes: 0 },
    });
    // No scheduled job has run on this database; all are switched on by default.
    const { scheduler } = AdminImportsResponse.parse(response.json());
    expect(scheduler.jobs.map((job) => [job.job, job.enabled, job.last_started_at, job.last_error])).toEqual([
      ['schedules', true, null, null],
      ['odds', true, null, null],
      ['scores', true, null, null],
    ]);
  });

  it('re-runs an import, answering with the run id to follow', async () => {
    const ended = nextImportEnd(testApp.app);
    const response = await admin.post('/api/admin/imports/demo');
    expect(response.statusCode, response.body).toBe(202);
    const started = AdminImportStartResponse.parse(response.json());
    expect(started).toMatchObject({ source: 'demo', status: 'running' });
    await ended;
    const run = await getRun(started.run_id);
    expect(run).toMatchObject({
      id: started.run_id,
      source: 'demo',
      trigger: 'admin',
      status: 'succeeded',
      error: null,
    });
    expect(run.added).toBeGreaterThan(200);
    expect(run.progress).toBeNull();

    // Only the sport without real games of its season ran; the list shows the last run, its success and the counts.
    const { sources } = AdminImportsResponse.parse((await admin.get('/api/admin/imports')).json());
    const demo = sources.find((source) => source.source === 'demo');
    if (!demo) throw new Error('no demo source');
    expect(demo.last_run).toMatchObject({ id: started.run_id, status: 'succeeded' });
    expect(demo.last_success?.id).toBe(started.run_id);
    expect(demo.last_error).toBeNull();
    expect(demo.counts).toMatchObject({ runs: 1, succeeded: 1, failed: 0 });
    // The 285 NFL games of 2026 (272 and 13 in the playoffs), quoted by several books.
    expect(demo.counts.events).toBe(285);
    expect(demo.counts.quotes).toBeGreaterThan(1000);
  }, 120_000);

  it('refuses a demo import when every demo sport has real games this season (409), recording nothing', async () => {
    await testApp.database.db.insert(events).values({
      sport: 'americanfootball_nfl',
      season: seasonForDate('americanfootball_nfl', NOW),
      week: 12,
      seasonType: 'regular',
      kickoffAt: new Date(NOW.getTime() + 86_400_000),
      gameDate: new Date(NOW.getTime() + 86_400_000).toISOString().slice(0, 10),
      homeTeam: 'KC',
      awayTeam: 'BUF',
      status: 'scheduled',
    });
    const refused = await admin.post('/api/admin/imports/demo');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Every demo sport has real games this season');
    const { sources } = AdminImportsResponse.parse((await admin.get('/api/admin/imports')).json());
    expect(sources.find((source) => source.source === 'demo')!.counts.runs).toBe(1);
  });

  it('refuses The Odds API without a key (409), recording nothing', async () => {
    const refused = await admin.post('/api/admin/imports/odds-api');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('ODDS_API_KEY');
    const { sources } = AdminImportsResponse.parse((await admin.get('/api/admin/imports')).json());
    expect(sources.find((source) => source.source === 'odds-api')!.counts.runs).toBe(0);
  });

  it('checks the source and the run id', async () => {
    expect((await admin.post('/api/admin/imports/pinnacle')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/imports/runs/0')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/imports/runs/999999')).statusCode).toBe(404);
  });

  it('needs the CSRF token to start an import', async () => {
    expect((await admin.post('/api/admin/imports/demo', undefined, { csrf: false })).statusCode).toBe(403);
  });
});

describe('admin imports API, a source that fails', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({
      ODDS_API_KEY: 'secret-test-key',
      // Nothing listens on the discard port: the call fails at once.
      ODDS_API_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it("records the failure as the source's last error", async () => {
    const admin = await adminClient(testApp.app, testApp.database.db);
    const response = await admin.post('/api/admin/imports/odds-api');
    expect(response.statusCode, response.body).toBe(202);
    const { run_id: runId } = AdminImportStartResponse.parse(response.json());
    const run = AdminImportRunResponse.parse((await admin.get(`/api/admin/imports/runs/${runId}`)).json());
    expect(run).toMatchObject({ source: 'odds-api', trigger: 'admin', status: 'failed' });
    expect(run.error).toContain('could not be reached');
    expect(run.error).not.toContain('secret-test-key');
    const { sources } = AdminImportsResponse.parse((await admin.get('/api/admin/imports')).json());
    expect(sources.find((source) => source.source === 'odds-api')).toMatchObject({
      last_run: { id: runId, status: 'failed' },
      last_success: null,
      last_error: { id: runId },
      counts: { runs: 1, succeeded: 0, failed: 1 },
    });
  });
});

import { AdminImportRunResponse, AdminImportsResponse, AdminImportStartResponse } from '@pass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, seedUser, TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

describe('admin imports API', () => {
  let testApp: TestApp;
  let admin: TestClient;
  let member: TestClient;

  beforeAll(async () => {
    // The demo generated is the server clock's season: a fixed day gives the same games on any date.
    testApp = await buildTestApp({}, { now: () => new Date('2026-11-21T15:00:00Z') });
    admin = await adminClient(testApp.app, testApp.database.db);
    const memberAccount = await seedUser(testApp.database.db);
    member = new TestClient(testApp.app);
    expect((await member.login(memberAccount.username, memberAccount.password)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  /** Polls a run until it is no longer running. */
  async function waitForRun(id: number): Promise<AdminImportRunResponse> {
    // Up to 100 s: the demo's three sports take seconds alone, far longer on a busy machine.
    for (let attempt = 0; attempt < 2000; attempt++) {
      const response = await admin.get(`/api/admin/imports/runs/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      const run = AdminImportRunResponse.parse(response.json());
      if (run.status !== 'running') return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`run ${id} did not finish`);
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
    const response = await admin.post('/api/admin/imports/demo');
    expect(response.statusCode, response.body).toBe(202);
    const started = AdminImportStartResponse.parse(response.json());
    expect(started).toMatchObject({ source: 'demo', status: 'running' });
    const run = await waitForRun(started.run_id);
    expect(run).toMatchObject({
      id: started.run_id,
      source: 'demo',
      trigger: 'admin',
      status: 'succeeded',
      error: null,
    });
    expect(run.added).toBeGreaterThan(200);
    expect(run.progress).toBeNull();

    // The three demo sports run, one after the other; the list shows the last run, its success and the counts.
    let demo: AdminImportsResponse['sources'][number] | undefined;
    for (let attempt = 0; attempt < 2000; attempt++) {
      const { sources } = AdminImportsResponse.parse((await admin.get('/api/admin/imports')).json());
      demo = sources.find((source) => source.source === 'demo')!;
      // The counts and the last run are read one after the other: wait until both say all three have ended.
      const ended = demo.counts.succeeded + demo.counts.failed;
      if (demo.counts.runs === 3 && ended === 3 && demo.last_run?.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!demo) throw new Error('no demo source');
    expect(demo.last_success?.id).toBeGreaterThanOrEqual(started.run_id);
    expect(demo.last_run?.status).toBe('succeeded');
    expect(demo.counts.runs).toBe(3);
    expect(demo.counts.succeeded).toBe(3);
    // 272 NFL, 395 college and 2,430 MLB games of 2026.
    expect(demo.counts.events).toBe(3097);
    expect(demo.counts.quotes).toBeGreaterThan(1000);
  }, 120_000);

  it('refuses The Odds API without a key (409), recording nothing', async () => {
    const refused = await admin.post('/api/admin/imports/odds-api');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('ODDS_API_KEY');
    const { sources } = AdminImportsResponse.parse((await admin.get('/api/admin/imports')).json());
    expect(sources.find((source) => source.source === 'odds-api')!.counts.runs).toBe(0);
  });

  it('checks the source and the run id', async () => {
    expect((await admin.post('/api/admin/imports/espn')).statusCode).toBe(400);
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

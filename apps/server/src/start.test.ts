import type { AddressInfo } from 'node:net';
import { DataStatusResponse, HealthResponse, ReadinessResponse } from '@pass/contracts';
import { createTestDb } from '@pass/db/testing';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { startServer, type StartedServer } from './start.js';
import { testConfig } from './test/helpers.js';

const NFL = 'americanfootball_nfl';
const MLB = 'baseball_mlb';
/** Saturday of week 11 of the 2026 NFL season; the 2026 MLB season is over, all its quotes written. */
const NOW = new Date('2026-11-21T15:00:00Z');

/** A promise and the function that settles it: a gate the test opens. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function getJson(started: StartedServer, url: string) {
  const response = await started.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as unknown, headers: response.headers };
}

describe('a server whose first run imports behind it', () => {
  let started: StartedServer | undefined;
  afterEach(async () => {
    await started?.app.close();
    started = undefined;
  });

  it('answers health while the first run waits, shows the step it is on, and is ready once it is done', async () => {
    const fetchCalled = gate();
    const answer = gate();
    started = await startServer(
      testConfig({ PASS_SEED: 'auto', ODDS_API_KEY: 'test-key', ODDS_API_URL: 'http://127.0.0.1:9' }),
      () => {},
      {
        database: await createTestDb({ pgliteTemplate: inject('pgliteTemplate') }),
        firstRun: {
          now: NOW,
          nflverseFile: null,
          collegeFiles: null,
          mlbFiles: null,
          demoSports: [NFL],
          // The Odds API "answers" when the test says so: a refused connection, so the demo season follows.
          fetch: async () => {
            fetchCalled.open();
            await answer.opened;
            throw new Error('connect ECONNREFUSED');
          },
        },
      },
    );
    const { app } = started;

    // Built, not loading yet: the data is not there, so not ready.
    expect(HealthResponse.parse((await getJson(started, '/api/health')).body)).toMatchObject({ status: 'ok' });
    const before = await getJson(started, '/api/health/ready');
    expect(before.status).toBe(503);
    expect(ReadinessResponse.parse(before.body)).toMatchObject({ status: 'loading' });

    const loaded = started.loadData();
    await fetchCalled.opened;

    // The first run is stuck in its Odds API step: the app answers all the same.
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const during = await getJson(started, '/api/health/data');
    expect(during.status).toBe(200);
    expect(during.headers['cache-control']).toBe('no-store');
    const status = DataStatusResponse.parse(during.body);
    expect(status.state).toBe('loading');
    expect(status.steps.map((step) => [step.name, step.state])).toEqual([
      ['nflverse', 'skipped'],
      ['college', 'skipped'],
      ['retrosheet', 'skipped'],
      ['statsapi', 'skipped'],
      [`odds-api ${NFL}`, 'running'],
      [`demo ${NFL}`, 'pending'],
    ]);
    expect(status.current).toBe(4);
    expect(status.progress).toBeGreaterThan(0);
    expect(status.progress).toBeLessThan(1);
    expect(status.finishedAt).toBeNull();
    // Nothing about files or the key goes out.
    expect(JSON.stringify(status)).not.toMatch(/test-key|\/work|\.csv/);
    const ready = await getJson(started, '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ReadinessResponse.parse(ready.body)).toEqual({
      status: 'loading',
      database: { kind: started.database.kind },
    });

    answer.open();
    await loaded;

    const after = DataStatusResponse.parse((await getJson(started, '/api/health/data')).body);
    expect(after).toMatchObject({ state: 'done', progress: 1, current: null });
    expect(after.steps.map((step) => [step.name, step.state, step.fraction])).toEqual([
      ['nflverse', 'skipped', 1],
      ['college', 'skipped', 1],
      ['retrosheet', 'skipped', 1],
      ['statsapi', 'skipped', 1],
      [`odds-api ${NFL}`, 'failed', 1],
      [`demo ${NFL}`, 'done', 1],
    ]);
    expect(after.finishedAt).not.toBeNull();
    const readyAfter = await getJson(started, '/api/health/ready');
    expect(readyAfter.status).toBe(200);
    expect(ReadinessResponse.parse(readyAfter.body)).toMatchObject({ status: 'ready', database: { reachable: true } });
    const demoGames = (await started.database.db.execute(
      sql`select count(*)::int as n from events where is_demo`,
    )) as unknown as { rows: { n: number }[] };
    expect(demoGames.rows[0]!.n).toBe(285);
    // Loading twice runs the first run once.
    await started.loadData();
  });

  it('answers over HTTP between the batches of a long import, with progress moving through its lines', async () => {
    started = await startServer(testConfig({ PASS_SEED: 'demo' }), () => {}, {
      database: await createTestDb({ pgliteTemplate: inject('pgliteTemplate') }),
      firstRun: { now: NOW, nflverseFile: null, collegeFiles: null, mlbFiles: null, demoSports: [MLB] },
    });
    const { app, firstRun } = started;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const loaded = started.loadData();
    // Timers only fire between batches: seeing the lines part way means the import lets the event loop run.
    const seen = await vi.waitFor(
      () => {
        const step = firstRun.snapshot().steps.find((entry) => entry.name === `demo ${MLB}`);
        expect(step).toMatchObject({ state: 'running', phase: 'lines' });
        expect(step!.done).toBeGreaterThan(0);
        expect(step!.done).toBeLessThan(step!.total);
        return step!;
      },
      { timeout: 60_000, interval: 5 },
    );
    expect(seen.total).toBeGreaterThan(50_000);

    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    // The answer came while the import was still writing.
    expect(firstRun.loading).toBe(true);
    expect(DataStatusResponse.safeParse(await (await fetch(`${base}/api/health/data`)).json()).success).toBe(true);

    await loaded;
    expect(firstRun.snapshot()).toMatchObject({ state: 'done', progress: 1 });
  }, 90_000);
});

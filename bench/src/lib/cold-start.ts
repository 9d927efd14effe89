import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { deferCleanup } from './cleanup.js';
import { spawnNode } from './processes.js';

const POLL_INTERVAL_MS = 20;
/** The pause between rounds of requests while the server prepares and imports. */
const LOADING_POLL_INTERVAL_MS = 100;
const START_TIMEOUT_MS = 60_000;
const LOAD_TIMEOUT_MS = 300_000;

/** One start of the production bundle, times from the spawn. */
export interface StartTimes {
  /** Until GET /api/health answered 200. */
  healthMs: number;
  /** Until GET /api/health/data said the first run was over (done or failed). */
  dataMs: number;
  /** The first run itself, from the status's startedAt to its finishedAt. */
  firstRunMs: number | null;
  /** What the status said at the end. */
  dataState: string;
  /**
   * The slowest answer to /api/health and /api/health/data, asked in turn every 100 ms after the first answer:
   * while the database is created and migrated (the first run has not started), and while the first run imports.
   */
  slowestAnswer: { preparing: SlowestAnswer; importing: SlowestAnswer };
}

export interface SlowestAnswer {
  checks: number;
  slowestMs: number | null;
}

export type ColdStart = { ran: false; reason: string } | { ran: true; first: StartTimes; second: StartTimes };

/**
 * The production bundle on an empty DATA_DIR (PGlite creates the cluster, migrates, seeds; the first run
 * imports behind the listening server), then again on the same directory (what a restart costs). Always on
 * PGlite with PASS_SEED=demo and no refresh jobs: DATABASE_URL and ODDS_API_KEY are removed from the child.
 */
export async function measureColdStart(serverBundle: string, baseEnv: NodeJS.ProcessEnv): Promise<ColdStart> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pass-bench-cold-'));
  const removeDataDir = deferCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  try {
    const env: NodeJS.ProcessEnv = {
      ...baseEnv,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PASS_SEED: 'demo',
      REFRESH_ODDS: 'off',
      REFRESH_SCORES: 'off',
      REFRESH_SCHEDULES: 'off',
      REFRESH_LIVE: 'off',
      POOL_MAILS: 'off',
    };
    delete env.DATABASE_URL;
    delete env.ODDS_API_KEY;
    const first = await timeOneStart(serverBundle, env);
    const second = await timeOneStart(serverBundle, env);
    return { ran: true, first, second };
  } finally {
    await removeDataDir();
  }
}

async function timeOneStart(serverBundle: string, env: NodeJS.ProcessEnv): Promise<StartTimes> {
  // main.ts listens on config.port, so hand it a port that was free a moment ago.
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const since = () => performance.now() - started;
  const server = spawnNode([serverBundle], { ...env, PORT: String(port) });
  try {
    let exitedEarly = false;
    void server.exited.then(() => (exitedEarly = true));
    const alive = () => {
      if (exitedEarly) throw new Error(`the server exited:\n${server.stderrTail()}`);
    };

    let healthMs: number | undefined;
    while (since() < START_TIMEOUT_MS) {
      alive();
      if ((await timedGet(`${base}/api/health`))?.status === 200) {
        healthMs = since();
        break;
      }
      await sleep(POLL_INTERVAL_MS);
    }
    if (healthMs === undefined)
      throw new Error(`no answer from /api/health within ${START_TIMEOUT_MS} ms:\n${server.stderrTail()}`);

    // Every request after the first answer, timed, by what the server was doing: preparing the database (the
    // status has no start yet) or importing. Each waits for the server's event loop, so the slowest shows the
    // longest the server went without answering.
    const times: { preparing: number[]; importing: number[] } = { preparing: [], importing: [] };
    let phase: keyof typeof times = 'preparing';
    const slowest = (list: number[]): SlowestAnswer => ({
      checks: list.length,
      slowestMs: list.length > 0 ? Math.max(...list) : null,
    });
    while (since() < LOAD_TIMEOUT_MS) {
      alive();
      const status = await timedGet(`${base}/api/health/data`);
      if (status) times[phase].push(status.ms);
      const body = status?.status === 200 ? (JSON.parse(status.body) as DataStatus) : undefined;
      if (body?.startedAt) phase = 'importing';
      if (body && body.state !== 'loading') {
        const firstRunMs =
          body.startedAt && body.finishedAt ? Date.parse(body.finishedAt) - Date.parse(body.startedAt) : null;
        return {
          healthMs,
          dataMs: since(),
          firstRunMs,
          dataState: body.state,
          slowestAnswer: { preparing: slowest(times.preparing), importing: slowest(times.importing) },
        };
      }
      const health = await timedGet(`${base}/api/health`);
      if (health) times[phase].push(health.ms);
      await sleep(LOADING_POLL_INTERVAL_MS);
    }
    throw new Error(`the first run was not over within ${LOAD_TIMEOUT_MS} ms:\n${server.stderrTail()}`);
  } finally {
    // A clean shutdown matters: the second start must find the PGlite directory as a restart would.
    await server.stop(10_000);
  }
}

interface DataStatus {
  state: 'loading' | 'done' | 'failed';
  startedAt: string | null;
  finishedAt: string | null;
}

/** A GET with its status, body and time; undefined when nothing answered (not listening yet). */
async function timedGet(url: string): Promise<{ status: number; body: string; ms: number } | undefined> {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    const body = await response.text();
    return { status: response.status, body, ms: performance.now() - started };
  } catch {
    return undefined;
  }
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

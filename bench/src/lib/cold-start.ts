import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { deferCleanup } from './cleanup.js';
import { spawnNode } from './processes.js';

const POLL_INTERVAL_MS = 20;
const START_TIMEOUT_MS = 60_000;

export type ColdStart = { ran: false; reason: string } | { ran: true; firstStartMs: number; secondStartMs: number };

/**
 * Time from spawning the production bundle until GET /api/health answers 200: first on an empty
 * DATA_DIR (PGlite creates the cluster, migrates, seeds), then again on the same directory (what a
 * restart costs). Always on PGlite: DATABASE_URL is removed from the child's environment.
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
    };
    delete env.DATABASE_URL;
    const firstStartMs = await timeOneStart(serverBundle, env);
    const secondStartMs = await timeOneStart(serverBundle, env);
    return { ran: true, firstStartMs, secondStartMs };
  } finally {
    await removeDataDir();
  }
}

async function timeOneStart(serverBundle: string, env: NodeJS.ProcessEnv): Promise<number> {
  // main.ts listens on config.port, so hand it a port that was free a moment ago.
  const port = await findFreePort();
  const started = performance.now();
  const server = spawnNode([serverBundle], { ...env, PORT: String(port) });
  try {
    let exitedEarly = false;
    void server.exited.then(() => (exitedEarly = true));
    while (performance.now() - started < START_TIMEOUT_MS) {
      if (exitedEarly) throw new Error(`the server exited before answering:\n${server.stderrTail()}`);
      if (await healthAnswers(port)) return performance.now() - started;
      await sleep(POLL_INTERVAL_MS);
    }
    throw new Error(`no answer from /api/health within ${START_TIMEOUT_MS} ms:\n${server.stderrTail()}`);
  } finally {
    // A clean shutdown matters: the second start must find the PGlite directory as a restart would.
    await server.stop(10_000);
  }
}

async function healthAnswers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

function findFreePort(): Promise<number> {
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

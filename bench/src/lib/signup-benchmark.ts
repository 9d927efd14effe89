import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deferCleanup } from './cleanup.js';
import type { TimedBenchmark } from './data-benchmarks.js';
import { percentile } from './load.js';
import { SERVERS_DIR } from './paths.js';
import { startBenchServer } from './processes.js';
import { createThrowawayDatabase } from './throwaway-database.js';

/**
 * Sign-up with a new email and with one that already has an account, timed on the real server: the
 * two answers must take the same time (docs/decisions/017), so RESULTS.md records both medians.
 * Requests are sequential and alternate (new, taken, then taken, new…) so that drift in the machine's
 * load falls on both alike; each taken address is used once, so the per-address mail limit never applies.
 */

const WARMUP_PAIRS = 5;
const PAIRS = 40;
const CSRF = randomBytes(18).toString('base64url');

type AppEnv = (database: { DATA_DIR: string } | { DATABASE_URL: string; DATA_DIR: string }) => NodeJS.ProcessEnv;

async function signUp(port: number, email: string): Promise<number> {
  const username = `b${randomBytes(6).toString('hex')}`;
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF },
    body: JSON.stringify({ username, email, password: `pw-${randomBytes(12).toString('base64url')}` }),
  });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`POST /auth/register answered ${response.status}, not 201`);
  return ms;
}

const newEmail = () => `bench-${randomBytes(6).toString('hex')}@example.com`;

/** Median times of sign-ups with a new and a taken email, in alternating order. */
export async function timeSignups(port: number): Promise<{ fresh: Float64Array; taken: Float64Array }> {
  const fresh: number[] = [];
  const taken: number[] = [];
  // Addresses that have an account, each to be reused once.
  const accounts: string[] = [];
  for (let pair = 0; pair < WARMUP_PAIRS + PAIRS; pair++) {
    const address = newEmail();
    const order = pair % 2 === 0 ? (['new', 'taken'] as const) : (['taken', 'new'] as const);
    for (const kind of order) {
      const ms =
        kind === 'new' ? await signUp(port, address) : await signUp(port, accounts.shift() ?? (await seed(port)));
      if (pair >= WARMUP_PAIRS) (kind === 'new' ? fresh : taken).push(ms);
    }
    accounts.push(address);
  }
  const sorted = (values: number[]) => Float64Array.from(values).sort();
  return { fresh: sorted(fresh), taken: sorted(taken) };
}

async function seed(port: number): Promise<string> {
  const address = newEmail();
  await signUp(port, address);
  return address;
}

function rows(label: string, database: string, result: { fresh: Float64Array; taken: Float64Array }): TimedBenchmark[] {
  const median = (values: Float64Array) => percentile(values, 50);
  const freshMedian = median(result.fresh);
  const takenMedian = median(result.taken);
  const gap = takenMedian - freshMedian;
  // Equal within a tenth of the time (and never asked to be closer than 3 ms, the noise of one round trip).
  const allowedGap = Math.max(3, freshMedian / 10);
  const figures = (values: Float64Array) =>
    `median ${median(values).toFixed(1)} ms, p90 ${percentile(values, 90).toFixed(1)} ms`;
  const detail = `${PAIRS} sign-ups each, alternating with the other kind; ${WARMUP_PAIRS} pairs of warm-up discarded`;
  return [
    {
      name: `signup-new-${label}`,
      what: 'POST /auth/register with an email nobody has',
      database,
      targetMs: Number.POSITIVE_INFINITY,
      targetLabel: 'the reference of the next row',
      outcome: { status: 'measured', valueMs: freshMedian, figures: figures(result.fresh), detail },
    },
    {
      name: `signup-taken-${label}`,
      what: 'POST /auth/register with an email that has an account',
      database,
      targetMs: allowedGap,
      targetLabel: `median within ${allowedGap.toFixed(1)} ms of signup-new-${label}`,
      outcome: {
        status: 'measured',
        valueMs: Math.abs(gap),
        figures: figures(result.taken),
        detail: `${gap >= 0 ? '+' : '−'}${Math.abs(gap).toFixed(1)} ms from the new-email median; ${detail}`,
      },
    },
  ];
}

const failed = (label: string, database: string, error: string): TimedBenchmark[] =>
  ['new', 'taken'].map((kind) => ({
    name: `signup-${kind}-${label}`,
    what: 'POST /auth/register',
    database,
    targetMs: 0,
    targetLabel: '-',
    outcome: { status: 'failed', error },
  }));

/** The sign-up timings on PGlite, and on PostgreSQL when DATABASE_URL is set. */
export async function runSignupBenchmarks(appEnv: AppEnv): Promise<TimedBenchmark[]> {
  const results: TimedBenchmark[] = [];
  const targets = [
    { label: 'pglite', database: 'PGlite', url: undefined as string | undefined },
    ...(process.env.DATABASE_URL ? [{ label: 'postgres', database: 'PostgreSQL', url: process.env.DATABASE_URL }] : []),
  ];
  for (const target of targets) {
    console.log(`• signup-new-${target.label}, signup-taken-${target.label}: POST /auth/register (${target.database})`);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pass-bench-signup-'));
    const removeDataDir = deferCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
    try {
      const throwaway = target.url ? await createThrowawayDatabase(target.url) : undefined;
      try {
        // No sports data: sign-up does not read it, and a first-run import would compete for the cores.
        const env = {
          ...appEnv(throwaway ? { DATABASE_URL: throwaway.url, DATA_DIR: dataDir } : { DATA_DIR: dataDir }),
          PASS_SEED: 'none',
        };
        const server = await startBenchServer(path.join(SERVERS_DIR, 'app.ts'), env);
        try {
          results.push(...rows(target.label, target.database, await timeSignups(server.port)));
        } finally {
          await server.stop();
        }
      } finally {
        await throwaway?.drop();
      }
    } catch (error) {
      results.push(...failed(target.label, target.database, error instanceof Error ? error.message : String(error)));
    } finally {
      await removeDataDir();
    }
  }
  return results;
}

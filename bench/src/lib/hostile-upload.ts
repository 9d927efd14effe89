/**
 * A hostile upload (issue 23, finding 2): a 10 MB DraftKings export whose rows all share one bet id, sent by a
 * member's bet-sync token to the real server in a child process (`src/servers/sync-app.ts`), while the bench
 * asks `GET /api/health` one request after another. Reported: the upload's time and the health answers' p50,
 * p99 and max while the upload was being processed (target p99 < 100 ms). The rows are padded with a column no
 * connector reads, so the file is as large as an upload may be (10 MB) with as many rows as it may hold
 * (20,000): the most work one upload can ask for. PGlite in a temp DATA_DIR always; PostgreSQL with DATABASE_URL.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deferCleanup } from './cleanup.js';
import type { TimedBenchmark } from './data-benchmarks.js';
import { percentile } from './load.js';
import { SERVERS_DIR } from './paths.js';
import { startBenchServer } from './processes.js';
import { createThrowawayDatabase } from './throwaway-database.js';

type AppEnv = (database: { DATA_DIR: string } | { DATABASE_URL: string; DATA_DIR: string }) => NodeJS.ProcessEnv;

const HOSTILE_BYTES = 10_000_000;
const HOSTILE_ROWS = 20_000;
const ROUNDS = 3;
const IDLE_MS = 3_000;
const START_TIMEOUT_MS = 300_000;
const UPLOAD_TIMEOUT_MS = 300_000;
const HEADER =
  'External Bet ID,Bet Date Time,Bet Type,Bet Amount,Number of Legs,Bet Settled,Bet Selection,Market Name,Bet American Odds,Bet Result,Payout,Leg Result,Leg American Odds,Primary,Note';

/** The export: `HOSTILE_ROWS` legs of bet `betId`, each row padded to reach `HOSTILE_BYTES` in all. */
export function makeHostileExport(betId: string): string {
  const row = (primary: boolean) =>
    `${betId},2024-09-08 10:00:00,Parlay,5.00,,Settled,Pittsburgh Steelers,Pittsburgh Steelers @ Atlanta Falcons - Moneyline,+950,Lost,0.00,Won,+160,${primary ? 1 : 0},`;
  const pad = 'x'.repeat(Math.floor((HOSTILE_BYTES - HEADER.length) / HOSTILE_ROWS) - row(false).length - 1);
  return [HEADER, ...Array.from({ length: HOSTILE_ROWS }, (_, index) => row(index === 0) + pad)].join('\n');
}

interface Round {
  uploadMs: number;
  status: number;
  rowErrors: number;
  health: number[];
}

/** One upload while `/api/health` is asked in a loop; the health times are those of answers begun before it ended. */
async function uploadWhileAskingHealth(port: number, info: { accountId: string; token: string }, text: string) {
  const base = `http://127.0.0.1:${port}`;
  const health: number[] = [];
  let uploading = true;
  const asking = (async () => {
    while (uploading) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /api/health answered ${response.status}`);
      health.push(performance.now() - started);
    }
  })();
  // A few answers first, so the loop is running when the upload arrives.
  while (health.length < 5) await new Promise((resolve) => setTimeout(resolve, 5));
  const before = health.length;
  const started = performance.now();
  const response = await fetch(`${base}/api/sync/accounts/${info.accountId}/uploads?file_name=hostile.csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${info.token}`, 'content-type': 'text/csv' },
    body: text,
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
  const body = (await response.json()) as { data?: { row_errors: unknown[] } };
  const uploadMs = performance.now() - started;
  uploading = false;
  await asking;
  return {
    uploadMs,
    status: response.status,
    rowErrors: body.data?.row_errors.length ?? 0,
    health: health.slice(before),
  } satisfies Round;
}

const fixed = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function measure(appEnv: AppEnv, database: { DATA_DIR: string } | { DATABASE_URL: string; DATA_DIR: string }) {
  const infoFile = path.join(database.DATA_DIR, 'sync-info.json');
  const server = await startBenchServer(
    path.join(SERVERS_DIR, 'sync-app.ts'),
    { ...appEnv(database), PASS_SEED: 'none', BENCH_INFO_FILE: infoFile },
    START_TIMEOUT_MS,
  );
  try {
    const info = JSON.parse(await readFile(infoFile, 'utf8')) as { accountId: string; token: string };
    // The same loop with no upload, for scale: what the machine's load alone costs the health answers.
    const idle: number[] = [];
    const idleUntil = performance.now() + IDLE_MS;
    while (performance.now() < idleUntil) {
      const started = performance.now();
      await (await fetch(`http://127.0.0.1:${server.port}/api/health`)).arrayBuffer();
      idle.push(performance.now() - started);
    }
    const rounds: Round[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Another bet id each time, so no round is the same file again.
      const text = makeHostileExport(`HOSTILE-${round}`);
      const result = await uploadWhileAskingHealth(server.port, info, text);
      if (result.status !== 200) throw new Error(`the upload answered ${result.status}, not 200`);
      rounds.push(result);
    }
    return { rounds, idle: Float64Array.from(idle).sort() };
  } finally {
    await server.stop();
  }
}

export async function runHostileUploadBenchmarks(appEnv: AppEnv): Promise<TimedBenchmark[]> {
  const what =
    `a 10 MB DraftKings export of ${HOSTILE_ROWS.toLocaleString('en-US')} rows sharing one bet id, uploaded ` +
    `${ROUNDS} times by token while GET /api/health is asked in a loop: the health answers' latency during the upload`;
  const rows: TimedBenchmark[] = [];
  for (const target of [
    { name: 'hostile-upload-pglite', database: 'PGlite', url: undefined as string | undefined },
    { name: 'hostile-upload-postgres', database: 'PostgreSQL', url: process.env.DATABASE_URL },
  ]) {
    const details = { name: target.name, what, database: target.database, targetMs: 100, targetLabel: 'p99 < 100 ms' };
    if (target.name === 'hostile-upload-postgres' && !target.url) {
      rows.push({ ...details, outcome: { status: 'skipped', reason: 'DATABASE_URL not set' } });
      continue;
    }
    console.log(`• ${target.name}: ${ROUNDS} hostile uploads with /api/health in a loop (${target.database})`);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pass-bench-hostile-'));
    const removeData = deferCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
    try {
      const throwaway = target.url ? await createThrowawayDatabase(target.url) : undefined;
      try {
        const { rounds, idle } = await measure(
          appEnv,
          throwaway ? { DATABASE_URL: throwaway.url, DATA_DIR: dataDir } : { DATA_DIR: dataDir },
        );
        const health = Float64Array.from(rounds.flatMap((round) => round.health)).sort();
        const uploads = rounds.map((round) => round.uploadMs).sort((a, b) => a - b);
        const p99 = percentile(health, 99);
        rows.push({
          ...details,
          outcome: {
            status: 'measured',
            valueMs: p99,
            figures: `upload ${(uploads[Math.floor(uploads.length / 2)]! / 1000).toFixed(2)} s; /api/health p50 ${fixed(percentile(health, 50))} ms, p99 ${fixed(p99)} ms`,
            detail:
              `health max ${fixed(health.at(-1) ?? Number.NaN)} ms over ${health.length} answers during the uploads; ` +
              `uploads ${uploads.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')} (median shown), each ` +
              `${(Buffer.byteLength(makeHostileExport('HOSTILE-1')) / 1_048_576).toFixed(1)} MB answered 200 with ` +
              `${rounds[0]!.rowErrors.toLocaleString('en-US')} row errors (one bet of too many legs); with no upload, ` +
              `the same loop for ${IDLE_MS / 1000} s: p50 ${fixed(percentile(idle, 50))} ms, p99 ${fixed(percentile(idle, 99))} ms`,
          },
        });
      } finally {
        await throwaway?.drop();
      }
    } catch (error) {
      rows.push({ ...details, outcome: { status: 'failed', error: message(error) } });
    } finally {
      await removeData();
    }
  }
  return rows;
}

/**
 * The bench entry (`npm run bench` builds first, then runs this). Measures, prints a table and
 * overwrites bench/RESULTS.md. Servers under load run in child processes; every child and every
 * throwaway database is cleaned up however the run ends.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deferCleanup, runAllCleanups } from './lib/cleanup.js';
import { measureColdStart, type ColdStart } from './lib/cold-start.js';
import { LOAD_GENERATOR, measureLoad, probe } from './lib/load.js';
import { measurePageWeight } from './lib/page-weight.js';
import { RESULTS_FILE, SERVER_BUNDLE, SERVERS_DIR, WEB_DIST_DIR } from './lib/paths.js';
import { startBenchServer, type BenchServer } from './lib/processes.js';
import { BASELINE_NAME, describeMachine, formatConsole, formatMarkdown, type HttpBenchmark } from './lib/report.js';
import { createThrowawayDatabase } from './lib/throwaway-database.js';

// The app's own settings are removed from what the children inherit, so a DATABASE_URL or PORT in the
// shell cannot change which database or port a benchmark uses; each benchmark sets what it needs.
const APP_VARIABLES = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'PORT',
  'HOST',
  'DATA_DIR',
  'PUBLIC_URL',
  'WEB_DIST_DIR',
  'LOG_LEVEL',
  'NODE_ENV',
  'PASS_SEED',
];

function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of APP_VARIABLES) delete env[name];
  return { ...env, ...overrides };
}

/** The real app, configured as a quiet production server on a random loopback port. */
function appEnv(database: { DATA_DIR: string } | { DATABASE_URL: string; DATA_DIR: string }): NodeJS.ProcessEnv {
  return childEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', ...database });
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function benchmarkEndpoint(
  server: BenchServer,
  urlPath: string,
  details: Omit<HttpBenchmark, 'outcome'>,
): Promise<HttpBenchmark> {
  const url = `http://127.0.0.1:${server.port}${urlPath}`;
  console.log(`• ${details.name}: GET ${urlPath} (${details.database})`);
  try {
    const { status, bodyBytes } = await probe(url);
    if (status !== 200) throw new Error(`GET ${urlPath} answered ${status}, not 200`);
    return { ...details, outcome: { status: 'measured', load: await measureLoad(url), bodyBytes } };
  } catch (error) {
    return { ...details, outcome: { status: 'failed', error: message(error) } };
  }
}

/** Starts a server child, runs `work` against it, and stops it; a start failure fails each planned benchmark. */
async function withServer(
  script: string,
  env: NodeJS.ProcessEnv,
  planned: Omit<HttpBenchmark, 'outcome'>[],
  work: (server: BenchServer) => Promise<HttpBenchmark[]>,
): Promise<HttpBenchmark[]> {
  let server: BenchServer;
  try {
    server = await startBenchServer(path.join(SERVERS_DIR, script), env);
  } catch (error) {
    return planned.map((details) => ({
      ...details,
      outcome: { status: 'failed', error: `server did not start: ${message(error)}` },
    }));
  }
  try {
    return await work(server);
  } finally {
    await server.stop();
  }
}

async function tempDataDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pass-bench-data-'));
  return { dir, remove: deferCleanup(`remove ${dir}`, () => rm(dir, { recursive: true, force: true })) };
}

async function runHttpBenchmarks(): Promise<HttpBenchmark[]> {
  const results: HttpBenchmark[] = [];

  const baseline = { name: BASELINE_NAME, what: 'bare node:http, fixed JSON from memory', database: 'none' };
  results.push(
    ...(await withServer('baseline.ts', childEnv({}), [baseline], async (server) => [
      await benchmarkEndpoint(server, '/', baseline),
    ])),
  );

  // One PGlite server for both endpoints: starting it (migrate + seed) is the slow part.
  const health = { name: 'health', what: 'GET /api/health, no database', database: 'PGlite' };
  const legalPglite = { name: 'legal-pglite', what: 'GET /legal/privacy-policy, one row read', database: 'PGlite' };
  const pgliteData = await tempDataDir();
  try {
    results.push(
      ...(await withServer('app.ts', appEnv({ DATA_DIR: pgliteData.dir }), [health, legalPglite], async (server) => [
        await benchmarkEndpoint(server, '/api/health', health),
        await benchmarkEndpoint(server, '/legal/privacy-policy', legalPglite),
      ])),
    );
  } finally {
    await pgliteData.remove();
  }

  const legalPostgres = {
    name: 'legal-postgres',
    what: 'GET /legal/privacy-policy, one row read',
    database: 'PostgreSQL',
  };
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    results.push({ ...legalPostgres, outcome: { status: 'skipped', reason: 'DATABASE_URL not set' } });
    return results;
  }
  try {
    const database = await createThrowawayDatabase(adminUrl);
    // DATA_DIR is unused with DATABASE_URL but must still be valid; a temp dir keeps ./data untouched.
    const unusedData = await tempDataDir();
    try {
      console.log(`  (throwaway database ${database.name})`);
      results.push(
        ...(await withServer(
          'app.ts',
          appEnv({ DATABASE_URL: database.url, DATA_DIR: unusedData.dir }),
          [legalPostgres],
          async (server) => [await benchmarkEndpoint(server, '/legal/privacy-policy', legalPostgres)],
        )),
      );
    } finally {
      await unusedData.remove();
      await database.drop();
    }
  } catch (error) {
    results.push({ ...legalPostgres, outcome: { status: 'failed', error: `throwaway database: ${message(error)}` } });
  }
  return results;
}

async function runColdStart(): Promise<ColdStart> {
  if (!existsSync(SERVER_BUNDLE))
    return { ran: false, reason: 'apps/server/dist/main.js is missing; run `npm run build` first' };
  console.log('• cold start: node apps/server/dist/main.js');
  try {
    return await measureColdStart(SERVER_BUNDLE, childEnv({}));
  } catch (error) {
    return { ran: false, reason: `the server bundle failed to start: ${message(error).replaceAll('\n', ' ')}` };
  }
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  const clock = performance.now();
  console.log(`PA$$ bench: ${describeMachine()}; load by ${LOAD_GENERATOR.name} ${LOAD_GENERATOR.version}`);

  const http = await runHttpBenchmarks();
  console.log('• page weight: apps/web/dist');
  const pageWeight = measurePageWeight(WEB_DIST_DIR);
  const coldStart = await runColdStart();

  const report = {
    startedAt,
    loadAverageAtStart,
    loadAverageAtEnd: os.loadavg(),
    elapsedMs: performance.now() - clock,
    http,
    pageWeight,
    coldStart,
  };
  console.log(`\n${formatConsole(report)}\n`);
  await writeFile(RESULTS_FILE, formatMarkdown(report));
  console.log(`Wrote ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);

  // A benchmark that could not run, or was answered with errors, fails the bench; a skipped one
  // (no DATABASE_URL, nothing built) does not.
  const bad = http.some(
    ({ outcome }) =>
      outcome.status === 'failed' ||
      (outcome.status === 'measured' && outcome.load.non2xx + outcome.load.errors + outcome.load.timeouts > 0),
  );
  return bad ? 1 : 0;
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\n${signal}: stopping servers and dropping throwaway databases…`);
    void runAllCleanups().finally(() => process.exit(130));
  });
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(error);
} finally {
  await runAllCleanups();
}
// Exit explicitly: an open handle (a pg socket, a timer) must not keep the bench alive after its work.
process.exit(exitCode);

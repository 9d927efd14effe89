/**
 * The bench entry (`npm run bench` builds first, then runs this). Measures, prints a table and
 * overwrites bench/RESULTS.md. Servers under load run in child processes; every child and every
 * throwaway database is cleaned up however the run ends.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deferCleanup, runAllCleanups } from './lib/cleanup.js';
import { measureColdStart, type ColdStart } from './lib/cold-start.js';
import { measureFirstContent, type FirstContent } from './lib/first-content.js';
import {
  changeLedger,
  NFL,
  openPrepared,
  seedGradedMember,
  timeEveryStoredFileImport,
  timeNflverseImport,
  timeSequentialGets,
  timeSundayGrading,
  type TimedBenchmark,
} from './lib/data-benchmarks.js';
import {
  LOAD_GENERATOR,
  measureLoad,
  measurePinnedLoad,
  PINNED_LOAD_GENERATOR,
  pinnedLoadNotes,
  probe,
} from './lib/load.js';
import { measurePageWeight } from './lib/page-weight.js';
import { runLivePollBenchmarks } from './lib/live-polls.js';
import { runSyncImportBenchmarks } from './lib/sync-import.js';
import { runHostileUploadBenchmarks } from './lib/hostile-upload.js';
import { REPO_ROOT, RESULTS_FILE, SERVER_BUNDLE, SERVERS_DIR, WEB_DIST_DIR } from './lib/paths.js';
import { SERVER_ERRORS_FILE, startBenchServer, type BenchServer } from './lib/processes.js';
import {
  BASELINE_NAME,
  describeMachine,
  formatColdStartConsole,
  formatConsole,
  formatFirstContentConsole,
  formatHttpConsole,
  formatMarkdown,
  formatTimedConsole,
  replaceColdStartSection,
  replaceFirstContentSection,
  replaceHttpRows,
  replaceTimedRows,
  type HttpBenchmark,
} from './lib/report.js';
import { runChatFanoutBenchmarks } from './lib/chat-fanout.js';
import { runLiveFanoutBenchmarks } from './lib/live-fanout.js';
import { runLiveStandingsBenchmarks } from './lib/live-standings.js';
import { runInstancesBenchmarks } from './lib/instances.js';
import { runPoolBenchmarks } from './lib/pool-benchmarks.js';
import { runSignupBenchmarks } from './lib/signup-benchmark.js';
import { runSundayBenchmarks } from './lib/sunday-benchmarks.js';
import { createThrowawayDatabase } from './lib/throwaway-database.js';
import { missingStoredFiles, STORED_FILES } from '../../apps/server/src/modules/imports/stored-files.js';
import { createDb } from '@pass/db';
import { sql } from 'drizzle-orm';

// The app's own settings are removed from what the children inherit, so a DATABASE_URL or PORT in the
// shell cannot change which database or port a benchmark uses; each benchmark sets what it needs.
const APP_VARIABLES = [
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_KEY_PREFIX',
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

/** The real app, configured as a quiet production server on a random loopback port (logging errors only with BENCH_SERVER_ERRORS). */
function appEnv(database: { DATA_DIR: string } | { DATABASE_URL: string; DATA_DIR: string }): NodeJS.ProcessEnv {
  return childEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: SERVER_ERRORS_FILE ? 'error' : 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    ...database,
  });
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
    // The rows compared with bare node:http are measured pinned when wrk is here (lib/load.ts).
    const load =
      PINNED_LOAD_GENERATOR && server.child.pid !== undefined
        ? await measurePinnedLoad(url, server.child.pid)
        : await measureLoad(url);
    return { ...details, outcome: { status: 'measured', load, bodyBytes } };
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

/** nflverse games.csv, as the app's first run finds it: held in history/, gzip-compressed. */
const NFLVERSE_FILE = path.join(REPO_ROOT, 'history/nflverse/games.csv.gz');
const IMPORT_TARGET = { targetMs: 5000, targetLabel: '< 5 s' };
const STATS_TARGET = { targetMs: 100, targetLabel: 'p99 < 100 ms' };
const GRADING_TARGET = { targetMs: 10_000, targetLabel: '< 10 s' };
const STATS_ENTRIES = 100_000;
const STATS_REQUESTS = 50;
const SUNDAY_ENTRIES = 100_000;
const SUNDAY_MEMBERS = 1000;
const ODDS_SNAPSHOTS = 50;

/** Times the nflverse import into a fresh, migrated database: PGlite in memory, then PostgreSQL. */
async function runImportBenchmarks(): Promise<TimedBenchmark[]> {
  const what = 'importNflverse, all of nflverse games.csv into an empty database';
  const rows: TimedBenchmark[] = [];
  const targets = [
    { name: 'import-pglite', database: 'PGlite (memory)', url: undefined as string | undefined },
    { name: 'import-postgres', database: 'PostgreSQL', url: process.env.DATABASE_URL },
  ];
  for (const target of targets) {
    const details = { name: target.name, what, database: target.database, ...IMPORT_TARGET };
    if (!existsSync(NFLVERSE_FILE)) {
      rows.push({ ...details, outcome: { status: 'skipped', reason: `${NFLVERSE_FILE} is missing` } });
      continue;
    }
    if (target.name === 'import-postgres' && !target.url) {
      rows.push({ ...details, outcome: { status: 'skipped', reason: 'DATABASE_URL not set' } });
      continue;
    }
    console.log(`• ${target.name}: ${path.relative(REPO_ROOT, NFLVERSE_FILE)} (${target.database})`);
    try {
      const database = target.url ? await createThrowawayDatabase(target.url) : undefined;
      try {
        const handle = await openPrepared(database?.url);
        try {
          const result = await timeNflverseImport(handle, NFLVERSE_FILE);
          rows.push({
            ...details,
            outcome: {
              status: 'measured',
              valueMs: result.ms,
              figures: `${(result.ms / 1000).toFixed(2)} s`,
              detail: `${result.added.toLocaleString('en-US')} games added from ${result.rows.toLocaleString('en-US')} rows (with their closing lines)`,
            },
          });
        } finally {
          await handle.close();
        }
      } finally {
        await database?.drop();
      }
    } catch (error) {
      rows.push({ ...details, outcome: { status: 'failed', error: message(error) } });
    }
  }
  return rows;
}

/**
 * Every stored file with an importer, into an empty database (cold) and then again (repeated), on PGlite in
 * memory and, with DATABASE_URL, on a throwaway PostgreSQL database. No target: DESIGN.md section 8 sets one
 * for nflverse alone; these rows record the cost of the whole reference data and of re-running it.
 */
async function runImportAllBenchmarks(): Promise<TimedBenchmark[]> {
  const rows: TimedBenchmark[] = [];
  const noTarget = { targetMs: 0, targetLabel: '-' };
  const targets = [
    { suffix: 'pglite', database: 'PGlite (memory)', url: undefined as string | undefined },
    { suffix: 'postgres', database: 'PostgreSQL', url: process.env.DATABASE_URL },
  ];
  for (const target of targets) {
    const cold = {
      name: `import-all-${target.suffix}`,
      what: `every stored file with an importer (${STORED_FILES.length} files, every source) into an empty database`,
      database: target.database,
      ...noTarget,
    };
    const repeated = {
      name: `import-all-repeat-${target.suffix}`,
      what: `the same ${STORED_FILES.length} files again into the full database (every game merged, nothing changes)`,
      database: target.database,
      ...noTarget,
    };
    const missing = missingStoredFiles();
    if (missing.length > 0 || (target.suffix === 'postgres' && !target.url)) {
      const reason = missing.length > 0 ? `missing ${missing.join(', ')}` : 'DATABASE_URL not set';
      rows.push(
        { ...cold, outcome: { status: 'skipped', reason } },
        { ...repeated, outcome: { status: 'skipped', reason } },
      );
      continue;
    }
    console.log(`• ${cold.name}, ${repeated.name}: every stored file, twice (${target.database})`);
    try {
      const database = target.url ? await createThrowawayDatabase(target.url) : undefined;
      try {
        const handle = await openPrepared(database?.url);
        try {
          const result = await timeEveryStoredFileImport(handle, new Date());
          const detail = `${result.files} files; ${result.events.toLocaleString('en-US')} events and ${result.quotes.toLocaleString('en-US')} quotes at the end`;
          rows.push(
            {
              ...cold,
              outcome: {
                status: 'measured',
                valueMs: result.coldMs,
                figures: `${(result.coldMs / 1000).toFixed(2)} s`,
                detail,
              },
            },
            {
              ...repeated,
              outcome: {
                status: 'measured',
                valueMs: result.repeatedMs,
                figures: `${(result.repeatedMs / 1000).toFixed(2)} s`,
                detail,
              },
            },
          );
        } finally {
          await handle.close();
        }
      } finally {
        await database?.drop();
      }
    } catch (error) {
      rows.push(
        { ...cold, outcome: { status: 'failed', error: message(error) } },
        { ...repeated, outcome: { status: 'failed', error: message(error) } },
      );
    }
  }
  return rows;
}

/** `--only import-all`: the rows above alone; they replace (or join) theirs in RESULTS.md, the rest stays. */
async function runImportAllOnly(): Promise<number> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  console.log(`PA$$ bench, every stored file only: ${describeMachine()}`);
  const timed = await runImportAllBenchmarks();
  const run = { startedAt, loadAverageAtStart, loadAverageAtEnd: os.loadavg(), timed };
  console.log(`\n${formatTimedConsole(run)}\n`);
  const previous = existsSync(RESULTS_FILE) ? await readFile(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  await writeFile(RESULTS_FILE, replaceTimedRows(previous, run, 'import-all'));
  console.log(`Updated the import-all rows of ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  return timed.some(({ outcome }) => outcome.status === 'failed') ? 1 : 0;
}

interface ScheduleInfo {
  season: number;
  week: number | null;
  events: number;
  quotes: number;
  books: number;
  markets: number;
  series: number;
  prepareMs: number;
}

const SCHEDULE_PATH = `/api/book/events/${NFL}`;

/**
 * The schedule-with-odds endpoint on a server started with PASS_SEED=demo (every nflverse game plus the
 * demo season) and ODDS_SNAPSHOTS snapshots per quote of the current week, next to a bare node:http
 * server sending the bytes that endpoint answered. `afterwards` runs while the app server still runs.
 */
async function runScheduleBenchmark(
  label: 'pglite' | 'postgres',
  database: { DATA_DIR: string } | { DATABASE_URL: string; DATA_DIR: string },
  notes: string[],
  afterwards?: (server: BenchServer) => Promise<void>,
  { measure = true }: { measure?: boolean } = {},
): Promise<HttpBenchmark[]> {
  const databaseName = label === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const baseline = {
    name: `schedule-baseline-${label}`,
    what: 'bare node:http, the schedule payload from memory',
    database: 'none',
  };
  const schedule = {
    name: `schedule-${label}`,
    what: `GET ${SCHEDULE_PATH}, cached bytes`,
    database: databaseName,
    baseline: baseline.name,
  };
  const work = await mkdtemp(path.join(os.tmpdir(), 'pass-bench-schedule-'));
  const removeWork = deferCleanup(`remove ${work}`, () => rm(work, { recursive: true, force: true }));
  const infoFile = path.join(work, 'info.json');
  const bodyFile = path.join(work, 'body.json');
  console.log(`• schedule-${label}: starting the app with PASS_SEED=demo and ${ODDS_SNAPSHOTS} odds snapshots`);
  const env = {
    ...appEnv(database),
    PASS_SEED: 'demo',
    BENCH_SNAPSHOTS: String(measure ? ODDS_SNAPSHOTS : 1),
    BENCH_INFO_FILE: infoFile,
  };
  try {
    let server: BenchServer;
    try {
      server = await startBenchServer(path.join(SERVERS_DIR, 'schedule-app.ts'), env, 180_000);
    } catch (error) {
      return [baseline, schedule].map((details) => ({
        ...details,
        outcome: { status: 'failed', error: `server did not start: ${message(error)}` },
      }));
    }
    try {
      if (!measure) {
        // The server only holds the database for `afterwards` (`--only ledger`).
        await afterwards?.(server);
        return [];
      }
      const info = JSON.parse(await readFile(infoFile, 'utf8')) as ScheduleInfo;
      notes.push(
        `schedule-${label}: week ${info.week ?? '?'} of ${info.season}: ${info.events} games, ${info.markets} markets, ${info.books} books, ${info.series} quote series, ${info.quotes.toLocaleString('en-US')} quotes in odds_quotes for the week (≈ ${Math.round(info.quotes / Math.max(1, info.series))} snapshots each; added before listening in ${(info.prepareMs / 1000).toFixed(1)} s).`,
      );
      const response = await fetch(`http://127.0.0.1:${server.port}${SCHEDULE_PATH}`);
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`GET ${SCHEDULE_PATH} answered ${response.status}`);
      await writeFile(bodyFile, body);
      const baselineEnv = childEnv({
        BENCH_BODY_FILE: bodyFile,
        BENCH_CONTENT_TYPE: response.headers.get('content-type') ?? 'application/json; charset=utf-8',
        ...(response.headers.get('etag') ? { BENCH_ETAG: response.headers.get('etag')! } : {}),
      });
      const results = await withServer('baseline.ts', baselineEnv, [baseline], async (bare) => [
        await benchmarkEndpoint(bare, '/', baseline),
      ]);
      results.push(await benchmarkEndpoint(server, SCHEDULE_PATH, schedule));
      if (afterwards) await afterwards(server);
      return results;
    } catch (error) {
      return [
        { ...baseline, outcome: { status: 'failed', error: message(error) } },
        { ...schedule, outcome: { status: 'failed', error: message(error) } },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await removeWork();
  }
}

/** Stats of a member with 100,000 graded entries and a Sunday's grading, on the server's PostgreSQL database. */
async function runLedgerBenchmarks(databaseUrl: string, server: BenchServer, timed: TimedBenchmark[]): Promise<void> {
  const statsPath = `/api/user/stats/${NFL}/season/2023`;
  const member = `member with ${STATS_ENTRIES.toLocaleString('en-US')} graded entries over 2015–2024`;
  const sequential = `${STATS_REQUESTS} sequential requests`;
  const statsRuns = [
    {
      name: 'stats-postgres',
      what: `GET ${statsPath}?money=all (with the summary rows, every kind of money), ${sequential}, ${member}; unchanged ledger (cached answer)`,
      query: '?money=all',
      changeFirst: false,
    },
    {
      name: 'stats-screen-postgres',
      what: `GET ${statsPath}?rows=none&money=all (the stats screen's request, every kind of money), ${sequential}, same member; unchanged ledger`,
      query: '?rows=none&money=all',
      changeFirst: false,
    },
    {
      name: 'stats-rebuild-postgres',
      what: `GET ${statsPath}?money=all (with the summary rows), ${sequential}, same member, each after a change to the member's ledger (built from the database)`,
      query: '?money=all',
      changeFirst: true,
    },
  ];
  const grading = {
    name: 'grading-postgres',
    what: `gradeEvents on one week's games set final at once: ${SUNDAY_ENTRIES.toLocaleString('en-US')} open entries of ${SUNDAY_MEMBERS.toLocaleString('en-US')} members`,
    database: 'PostgreSQL',
    ...GRADING_TARGET,
  };
  const handle = await createDb({ databaseUrl });
  try {
    console.log(`• stats-postgres: seeding ${STATS_ENTRIES.toLocaleString('en-US')} graded entries`);
    let seeded: { userId: number; cookie: string; seedMs: number } | undefined;
    let seedError = '';
    try {
      const seedStarted = performance.now();
      const { userId, cookie } = await seedGradedMember(handle.db, STATS_ENTRIES);
      await handle.db.execute(sql`analyze user_bets`);
      seeded = { userId, cookie, seedMs: performance.now() - seedStarted };
    } catch (error) {
      seedError = message(error);
    }
    for (const run of statsRuns) {
      const details = { name: run.name, what: run.what, database: 'PostgreSQL', ...STATS_TARGET };
      if (!seeded) {
        timed.push({ ...details, outcome: { status: 'failed', error: `seeding: ${seedError}` } });
        continue;
      }
      const { userId, cookie, seedMs } = seeded;
      console.log(`• ${run.name}: GET ${statsPath}${run.query}`);
      try {
        const url = `http://127.0.0.1:${server.port}${statsPath}${run.query}`;
        const result = await timeSequentialGets(url, cookie, STATS_REQUESTS, {
          ...(run.changeFirst ? { beforeEach: () => changeLedger(handle.db, userId) } : {}),
        });
        timed.push({
          ...details,
          outcome: {
            status: 'measured',
            valueMs: result.p99Ms,
            figures: `p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms`,
            detail: `max ${result.maxMs.toFixed(1)} ms; ${result.bodyBytes.toLocaleString('en-US')}-byte answer; 5 warm-up requests discarded; entries inserted in ${(seedMs / 1000).toFixed(1)} s`,
          },
        });
      } catch (error) {
        timed.push({ ...details, outcome: { status: 'failed', error: message(error) } });
      }
    }
    console.log(`• grading-postgres: ${SUNDAY_ENTRIES.toLocaleString('en-US')} open entries on one week`);
    try {
      const result = await timeSundayGrading(handle.db, SUNDAY_ENTRIES, SUNDAY_MEMBERS);
      timed.push({
        ...grading,
        outcome: {
          status: 'measured',
          valueMs: result.ms,
          figures: `${(result.ms / 1000).toFixed(2)} s`,
          detail: `${result.graded.toLocaleString('en-US')} entries graded on ${result.events} games (week ${result.week} of the ${result.season} demo season)`,
        },
      });
    } catch (error) {
      timed.push({ ...grading, outcome: { status: 'failed', error: message(error) } });
    }
  } finally {
    await handle.close();
  }
}

async function runDataBenchmarks(notes: string[]): Promise<{ http: HttpBenchmark[]; timed: TimedBenchmark[] }> {
  const timed = [...(await runImportBenchmarks()), ...(await runImportAllBenchmarks())];
  const http: HttpBenchmark[] = [];

  const pgliteData = await tempDataDir();
  try {
    http.push(...(await runScheduleBenchmark('pglite', { DATA_DIR: pgliteData.dir }, notes)));
  } finally {
    await pgliteData.remove();
  }

  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    for (const name of ['schedule-baseline-postgres', 'schedule-postgres'])
      http.push({ name, what: `GET ${SCHEDULE_PATH}`, database: 'PostgreSQL', outcome: skippedNoUrl });
    for (const name of LEDGER_ROWS)
      timed.push({
        name,
        what: 'ledger',
        database: 'PostgreSQL',
        targetMs: 0,
        targetLabel: '-',
        outcome: skippedNoUrl,
      });
    return { http, timed };
  }
  http.push(...(await runPostgresScheduleAndLedger(adminUrl, notes, timed)));
  return { http, timed };
}

const LEDGER_ROWS = ['stats-postgres', 'stats-screen-postgres', 'stats-rebuild-postgres', 'grading-postgres'];

/**
 * The schedule benchmark on a throwaway PostgreSQL database (skipped with `measureSchedule` false), then the
 * ledger benchmarks on the same database while its server still runs.
 */
async function runPostgresScheduleAndLedger(
  adminUrl: string,
  notes: string[],
  timed: TimedBenchmark[],
  { measureSchedule = true }: { measureSchedule?: boolean } = {},
): Promise<HttpBenchmark[]> {
  const http: HttpBenchmark[] = [];
  let ledgerRan = false;
  try {
    const database = await createThrowawayDatabase(adminUrl);
    const unusedData = await tempDataDir();
    try {
      console.log(`  (throwaway database ${database.name})`);
      http.push(
        ...(await runScheduleBenchmark(
          'postgres',
          { DATABASE_URL: database.url, DATA_DIR: unusedData.dir },
          notes,
          async (server) => {
            ledgerRan = true;
            await runLedgerBenchmarks(database.url, server, timed);
          },
          { measure: measureSchedule },
        )),
      );
    } finally {
      await unusedData.remove();
      await database.drop();
    }
  } catch (error) {
    http.push({
      name: 'schedule-postgres',
      what: `GET ${SCHEDULE_PATH}`,
      database: 'PostgreSQL',
      outcome: { status: 'failed', error: `throwaway database: ${message(error)}` },
    });
  }
  if (!ledgerRan)
    for (const name of LEDGER_ROWS)
      timed.push({
        name,
        what: 'ledger',
        database: 'PostgreSQL',
        targetMs: 0,
        targetLabel: '-',
        outcome: { status: 'failed', error: 'the PostgreSQL schedule server did not run' },
      });
  return http;
}

/**
 * `--only ledger`: the statistics and grading benchmarks alone, on PostgreSQL. Their rows in RESULTS.md are
 * replaced (or added) with a note of when and under what load they ran; the rest of the file stays.
 */
async function runLedgerOnly(): Promise<number> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error('--only ledger needs DATABASE_URL (the ledger benchmarks run on PostgreSQL only)');
    return 1;
  }
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  console.log(`PA$$ bench, ledger only: ${describeMachine()}`);
  const timed: TimedBenchmark[] = [];
  const http = await runPostgresScheduleAndLedger(adminUrl, [], timed, { measureSchedule: false });
  const run = { startedAt, loadAverageAtStart, loadAverageAtEnd: os.loadavg(), timed };
  console.log(`\n${formatTimedConsole(run)}\n`);
  const previous = existsSync(RESULTS_FILE) ? await readFile(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  await writeFile(RESULTS_FILE, replaceTimedRows(previous, run));
  console.log(`Updated the ledger rows of ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  const failed = [...http, ...timed].some(({ outcome }) => outcome.status === 'failed');
  return failed ? 1 : 0;
}

const skippedNoUrl = { status: 'skipped', reason: 'DATABASE_URL not set' } as const;

async function runColdStart(): Promise<ColdStart> {
  if (!existsSync(SERVER_BUNDLE))
    return { ran: false, reason: 'apps/server/dist/main.js is missing; run `npm run build` first' };
  console.log('• cold start: node apps/server/dist/main.js on an empty DATA_DIR, then again on the same one');
  try {
    return await measureColdStart(SERVER_BUNDLE, childEnv({}));
  } catch (error) {
    return { ran: false, reason: `the server bundle failed to start: ${message(error).replaceAll('\n', ' ')}` };
  }
}

async function runFirstContent(): Promise<FirstContent> {
  console.log('• time to first content: /, /football/schedule, /user/stats for a member, in Chromium, cold and warm');
  return measureFirstContent(SERVER_BUNDLE, WEB_DIST_DIR, childEnv({}));
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  const clock = performance.now();
  console.log(`PA$$ bench: ${describeMachine()}; load by ${LOAD_GENERATOR.name} ${LOAD_GENERATOR.version}`);

  const http = await runHttpBenchmarks();
  const httpNotes = pinnedLoadNotes();
  const data = await runDataBenchmarks(httpNotes);
  data.timed.push(...(await runSignupBenchmarks(appEnv)));
  http.push(...data.http);
  const pools = await runPoolBenchmarks(appEnv, childEnv, httpNotes);
  http.push(...pools.http);
  data.timed.push(...pools.timed);
  data.timed.push(...(await runChatFanoutBenchmarks(appEnv)));
  data.timed.push(...(await runLiveFanoutBenchmarks(appEnv)));
  data.timed.push(...(await runLiveStandingsBenchmarks(appEnv)));
  data.timed.push(...(await runLivePollBenchmarks()));
  data.timed.push(...(await runSyncImportBenchmarks()));
  data.timed.push(...(await runHostileUploadBenchmarks(appEnv)));
  data.timed.push(...(await runSundayBenchmarks(appEnv)));
  http.push(...(await runInstances(httpNotes)));
  console.log('• page weight: apps/web/dist');
  const pageWeight = measurePageWeight(WEB_DIST_DIR);
  const coldStart = await runColdStart();
  const firstContent = await runFirstContent();

  const report = {
    startedAt,
    loadAverageAtStart,
    loadAverageAtEnd: os.loadavg(),
    elapsedMs: performance.now() - clock,
    http,
    httpNotes,
    timed: data.timed,
    pageWeight,
    coldStart,
    firstContent,
  };
  console.log(`\n${formatConsole(report)}\n`);
  await writeFile(RESULTS_FILE, formatMarkdown(report));
  console.log(`Wrote ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);

  // A benchmark that could not run, or was answered with errors, fails the bench; a skipped one
  // (no DATABASE_URL, nothing built) does not.
  const bad =
    firstContent.status === 'failed' ||
    data.timed.some(({ outcome }) => outcome.status === 'failed') ||
    http.some(
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

/**
 * `--only cold-start`: the first and second start of the built server alone; the cold-start section of
 * RESULTS.md is replaced, with a note of when and under what load it ran, and the rest of the file stays.
 */
async function runColdStartOnly(): Promise<number> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  console.log(`PA$$ bench, cold start only: ${describeMachine()}`);
  const coldStart = await runColdStart();
  const run = { startedAt, loadAverageAtStart, loadAverageAtEnd: os.loadavg(), coldStart };
  console.log(`\n${formatColdStartConsole(run)}\n`);
  const previous = existsSync(RESULTS_FILE) ? await readFile(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  await writeFile(RESULTS_FILE, replaceColdStartSection(previous, run));
  console.log(`Updated the cold-start section of ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  return coldStart.ran ? 0 : 1;
}

/**
 * `--only first-content`: the time to first content alone; its section of RESULTS.md is replaced, with a note
 * of when and under what load it ran, and the rest of the file stays.
 */
async function runFirstContentOnly(): Promise<number> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  console.log(`PA$$ bench, time to first content only: ${describeMachine()}`);
  const firstContent = await runFirstContent();
  const run = { startedAt, loadAverageAtStart, loadAverageAtEnd: os.loadavg(), firstContent };
  console.log(`\n${formatFirstContentConsole(run)}\n`);
  const previous = existsSync(RESULTS_FILE) ? await readFile(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  await writeFile(RESULTS_FILE, replaceFirstContentSection(previous, run));
  console.log(
    `Updated the time-to-first-content section of ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`,
  );
  return firstContent.status === 'measured' ? 0 : 1;
}

/**
 * `--only pools`: the Pool Party rows alone (PGlite, and PostgreSQL with DATABASE_URL); their HTTP and timed
 * rows in RESULTS.md are replaced (or added) with a note of when and under what load they ran.
 */
async function runPoolsOnly(): Promise<number> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  console.log(
    `PA$$ bench, Pool Party only: ${describeMachine()}; load by ${LOAD_GENERATOR.name} ${LOAD_GENERATOR.version}`,
  );
  const httpNotes: string[] = [];
  const { http, timed } = await runPoolBenchmarks(appEnv, childEnv, httpNotes);
  const run = { startedAt, loadAverageAtStart, loadAverageAtEnd: os.loadavg(), http, httpNotes, timed };
  console.log(`\n${formatHttpConsole(run)}\n`);
  const previous = existsSync(RESULTS_FILE) ? await readFile(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  await writeFile(RESULTS_FILE, replaceHttpRows(previous, run, 'pools'));
  console.log(`Updated the Pool Party rows of ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  const bad =
    timed.some(({ outcome }) => outcome.status === 'failed') ||
    http.some(
      ({ outcome }) =>
        outcome.status === 'failed' ||
        (outcome.status === 'measured' && outcome.load.non2xx + outcome.load.errors + outcome.load.timeouts > 0),
    );
  return bad ? 1 : 0;
}

/**
 * `--only chat-fanout`: the chat fan-out rows alone; they replace (or join) theirs in RESULTS.md with a note of
 * when and under what load they ran, and the rest stays.
 */
async function runChatFanoutOnly(): Promise<number> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  console.log(`PA$$ bench, chat fan-out only: ${describeMachine()}`);
  const timed = await runChatFanoutBenchmarks(appEnv);
  const run = { startedAt, loadAverageAtStart, loadAverageAtEnd: os.loadavg(), timed };
  console.log(`\n${formatTimedConsole(run)}\n`);
  const previous = existsSync(RESULTS_FILE) ? await readFile(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  await writeFile(RESULTS_FILE, replaceTimedRows(previous, run, 'chat-fanout'));
  console.log(`Updated the chat fan-out rows of ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  return timed.some(({ outcome }) => outcome.status === 'failed') ? 1 : 0;
}

/**
 * `--only live-fanout`: the live fan-out rows alone (the bare baseline, PGlite, PostgreSQL with DATABASE_URL); they
 * replace (or join) theirs in RESULTS.md with a note of when and under what load they ran, and the rest stays.
 */
async function runLiveFanoutOnly(): Promise<number> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  console.log(`PA$$ bench, live fan-out only: ${describeMachine()}`);
  const timed = await runLiveFanoutBenchmarks(appEnv);
  const run = { startedAt, loadAverageAtStart, loadAverageAtEnd: os.loadavg(), timed };
  console.log(`\n${formatTimedConsole(run)}\n`);
  const previous = existsSync(RESULTS_FILE) ? await readFile(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  await writeFile(RESULTS_FILE, replaceTimedRows(previous, run, 'live-fanout'));
  console.log(`Updated the live fan-out rows of ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  return timed.some(({ outcome }) => outcome.status === 'failed') ? 1 : 0;
}

/**
 * `--only live-standings`: the live standings rows alone (the bare baseline, PGlite, PostgreSQL with DATABASE_URL);
 * they replace (or join) theirs in RESULTS.md with a note of when and under what load they ran, and the rest stays.
 */
async function runLiveStandingsOnly(): Promise<number> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  console.log(`PA$$ bench, live standings only: ${describeMachine()}`);
  const timed = await runLiveStandingsBenchmarks(appEnv);
  const run = { startedAt, loadAverageAtStart, loadAverageAtEnd: os.loadavg(), timed };
  console.log(`\n${formatTimedConsole(run)}\n`);
  const previous = existsSync(RESULTS_FILE) ? await readFile(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  await writeFile(RESULTS_FILE, replaceTimedRows(previous, run, 'live-standings'));
  console.log(`Updated the live standings rows of ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  return timed.some(({ outcome }) => outcome.status === 'failed') ? 1 : 0;
}

/**
 * `--only sync-import`: the sportsbook-sync rows alone (PGlite always, PostgreSQL with DATABASE_URL); they replace
 * (or join) theirs in RESULTS.md with a note of when and under what load they ran, and the rest stays.
 */
async function runSyncImportOnly(): Promise<number> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  console.log(`PA$$ bench, sportsbook sync only: ${describeMachine()}`);
  const timed = await runSyncImportBenchmarks();
  const run = { startedAt, loadAverageAtStart, loadAverageAtEnd: os.loadavg(), timed };
  console.log(`\n${formatTimedConsole(run)}\n`);
  const previous = existsSync(RESULTS_FILE) ? await readFile(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  await writeFile(RESULTS_FILE, replaceTimedRows(previous, run, 'sync-import'));
  console.log(`Updated the sportsbook-sync rows of ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  return timed.some(({ outcome }) => outcome.status === 'failed') ? 1 : 0;
}

/**
 * `--only hostile-upload`: the hostile-upload rows alone (PGlite always, PostgreSQL with DATABASE_URL); they
 * replace (or join) theirs in RESULTS.md with a note of when and under what load they ran, and the rest stays.
 */
async function runHostileUploadOnly(): Promise<number> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  console.log(`PA$$ bench, hostile upload only: ${describeMachine()}`);
  const timed = await runHostileUploadBenchmarks(appEnv);
  const run = { startedAt, loadAverageAtStart, loadAverageAtEnd: os.loadavg(), timed };
  console.log(`\n${formatTimedConsole(run)}\n`);
  const previous = existsSync(RESULTS_FILE) ? await readFile(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  await writeFile(RESULTS_FILE, replaceTimedRows(previous, run, 'hostile-upload'));
  console.log(`Updated the hostile-upload rows of ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  return timed.some(({ outcome }) => outcome.status === 'failed') ? 1 : 0;
}

/**
 * `--only sunday`: the Sunday-at-scale rows alone (PostgreSQL, with DATABASE_URL); they replace (or join) theirs in
 * RESULTS.md with a note of when and under what load they ran, and the rest stays.
 */
async function runSundayOnly(): Promise<number> {
  if (!process.env.DATABASE_URL) {
    console.error('--only sunday needs DATABASE_URL (the Sunday runs on PostgreSQL only)');
    return 1;
  }
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  console.log(`PA$$ bench, a Sunday at scale only: ${describeMachine()}`);
  const timed = await runSundayBenchmarks(appEnv);
  const run = { startedAt, loadAverageAtStart, loadAverageAtEnd: os.loadavg(), timed };
  console.log(`\n${formatTimedConsole(run)}\n`);
  const previous = existsSync(RESULTS_FILE) ? await readFile(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  await writeFile(RESULTS_FILE, replaceTimedRows(previous, run, 'sunday'));
  console.log(`Updated the Sunday rows of ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  return timed.some(({ outcome }) => outcome.status === 'failed') ? 1 : 0;
}

/**
 * `--only request-path`: the rows that measure the request path against bare node:http (the baseline, health,
 * the legal page, and the cached schedule on PGlite and on PostgreSQL with DATABASE_URL); they replace theirs in
 * RESULTS.md with a note of when and under what load they ran.
 */
async function runRequestPathOnly(): Promise<number> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  console.log(
    `PA$$ bench, request path only: ${describeMachine()}; load by ${LOAD_GENERATOR.name} ${LOAD_GENERATOR.version}`,
  );
  const httpNotes = pinnedLoadNotes();
  const http = await runHttpBenchmarks();
  const pgliteData = await tempDataDir();
  try {
    http.push(...(await runScheduleBenchmark('pglite', { DATA_DIR: pgliteData.dir }, httpNotes)));
  } finally {
    await pgliteData.remove();
  }
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const database = await createThrowawayDatabase(adminUrl);
    const unusedData = await tempDataDir();
    try {
      http.push(
        ...(await runScheduleBenchmark(
          'postgres',
          { DATABASE_URL: database.url, DATA_DIR: unusedData.dir },
          httpNotes,
        )),
      );
    } finally {
      await unusedData.remove();
      await database.drop();
    }
  }
  const run = { startedAt, loadAverageAtStart, loadAverageAtEnd: os.loadavg(), http, httpNotes, timed: [] };
  console.log(`\n${formatHttpConsole(run)}\n`);
  const previous = existsSync(RESULTS_FILE) ? await readFile(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  await writeFile(RESULTS_FILE, replaceHttpRows(previous, run, 'request-path'));
  console.log(`Updated the request-path rows of ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  return http.some(({ outcome }) => outcome.status === 'failed') ? 1 : 0;
}

const runInstances = (notes: string[]) =>
  runInstancesBenchmarks(appEnv, notes, { urlPath: SCHEDULE_PATH, snapshots: ODDS_SNAPSHOTS });

/**
 * `--only instances`: one instance and two on the same PostgreSQL database and Redis (with DATABASE_URL and Redis
 * at 127.0.0.1:6379; skipped otherwise); their rows replace theirs in RESULTS.md with a note of when and under
 * what load they ran.
 */
async function runInstancesOnly(): Promise<number> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  console.log(
    `PA$$ bench, two instances only: ${describeMachine()}; load by ${LOAD_GENERATOR.name} ${LOAD_GENERATOR.version}`,
  );
  const httpNotes: string[] = [];
  const http = await runInstances(httpNotes);
  const run = { startedAt, loadAverageAtStart, loadAverageAtEnd: os.loadavg(), http, httpNotes, timed: [] };
  console.log(`\n${formatHttpConsole(run)}\n`);
  const previous = existsSync(RESULTS_FILE) ? await readFile(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  await writeFile(RESULTS_FILE, replaceHttpRows(previous, run, 'instances'));
  console.log(`Updated the two-instance rows of ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  const bad = http.some(
    ({ outcome }) =>
      outcome.status === 'failed' ||
      (outcome.status === 'measured' && outcome.load.non2xx + outcome.load.errors + outcome.load.timeouts > 0),
  );
  return bad ? 1 : 0;
}

/** `--only live-polls`: what a live source's poll with nothing new costs the server (PGlite, PostgreSQL). */
async function runLivePollsOnly(): Promise<number> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  console.log(`PA$$ bench, live polls only: ${describeMachine()}`);
  const timed = await runLivePollBenchmarks();
  const run = { startedAt, loadAverageAtStart, loadAverageAtEnd: os.loadavg(), timed };
  console.log(`\n${formatTimedConsole(run)}\n`);
  const previous = existsSync(RESULTS_FILE) ? await readFile(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  await writeFile(RESULTS_FILE, replaceTimedRows(previous, run, 'live-polls'));
  console.log(`Updated the live-poll rows of ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  return timed.some(({ outcome }) => outcome.status === 'failed') ? 1 : 0;
}

const ONLY = [
  'live-polls',
  'ledger',
  'cold-start',
  'import-all',
  'pools',
  'first-content',
  'chat-fanout',
  'live-fanout',
  'live-standings',
  'sync-import',
  'hostile-upload',
  'request-path',
  'sunday',
  'instances',
];
const USAGE = `Usage: npx tsx bench/src/run.ts [--only <${ONLY.join(' | ')}>]`;

/** `--only <section>`, or nothing for the whole run; anything else is a usage error (exit 2) before any work. */
function readOnly(): string | undefined {
  try {
    return parseArgs({ args: process.argv.slice(2), options: { only: { type: 'string' } }, strict: true }).values.only;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return process.exit(2);
  }
}

const only = readOnly();
if (only !== undefined && !ONLY.includes(only)) {
  console.error(`--only takes ${ONLY.map((name) => `"${name}"`).join(' or ')}, not ${JSON.stringify(only)}`);
  process.exit(2);
}

let exitCode = 1;
try {
  exitCode =
    only === 'live-polls'
      ? await runLivePollsOnly()
      : only === 'ledger'
        ? await runLedgerOnly()
        : only === 'cold-start'
          ? await runColdStartOnly()
          : only === 'import-all'
            ? await runImportAllOnly()
            : only === 'pools'
              ? await runPoolsOnly()
              : only === 'first-content'
                ? await runFirstContentOnly()
                : only === 'chat-fanout'
                  ? await runChatFanoutOnly()
                  : only === 'live-fanout'
                    ? await runLiveFanoutOnly()
                    : only === 'live-standings'
                      ? await runLiveStandingsOnly()
                      : only === 'sync-import'
                        ? await runSyncImportOnly()
                        : only === 'hostile-upload'
                          ? await runHostileUploadOnly()
                          : only === 'request-path'
                            ? await runRequestPathOnly()
                            : only === 'sunday'
                              ? await runSundayOnly()
                              : only === 'instances'
                                ? await runInstancesOnly()
                                : await main();
} catch (error) {
  console.error(error);
} finally {
  await runAllCleanups();
}
// Exit explicitly: an open handle (a pg socket, a timer) must not keep the bench alive after its work.
process.exit(exitCode);

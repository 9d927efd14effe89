import { hostname } from 'node:os';
import { createDb, migrate, seedReferenceData, withAdvisoryLock, type DbHandle } from '@pass/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './env.js';
import { clockFor, type Clock } from './lib/clock.js';
import type { InstanceLifecycle } from './lib/lifecycle.js';
import { runFirstRun, type FirstRunOptions } from './modules/imports/first-run.js';
import { FirstRunProgress } from './modules/imports/first-run-progress.js';
import { createLiveSources } from './modules/imports/live-sources.js';

/** How long a live source may take on a first run before the demo season is used instead. */
const FIRST_RUN_LIVE_TIMEOUT_MS = 4000;

export interface StartedServer {
  app: FastifyInstance;
  database: DbHandle;
  /** The server clock, made once here: the first run, the app and the jobs read the same. */
  now: Clock;
  /** How far the first run is: `GET /api/health/data`, and readiness waits for it. */
  firstRun: FirstRunProgress;
  /**
   * Runs the first-run imports (PASS_SEED) once; main.ts calls it after listening, so the server answers while
   * it imports (docs/decisions/019). Never rejects: a run that stops is logged and shown as failed.
   */
  loadData(): Promise<void>;
}

/** How this process shows in PostgreSQL's activity and lock views: `pass <host> <pid>`. */
export function instanceName(): string {
  return `pass ${hostname()} ${process.pid}`.slice(0, 63);
}

export interface StartOptions {
  /** The server clock, when the caller made it already (main.ts, for the listener it starts first). */
  now?: Clock;
  /** A database already open (tests); by default the one the configuration names. */
  database?: DbHandle;
  /** First-run settings beyond the configuration's: tests give a clock, the files, a stand-in fetch. */
  firstRun?: Partial<Omit<FirstRunOptions, 'progress'>>;
  /** Whether the instance is shutting down (main.ts): readiness answers `draining`. */
  lifecycle?: InstanceLifecycle;
}

/**
 * Opens the database, brings it up to date, seeds reference data and builds the app; the first-run import
 * waits for `loadData()`. Shared by main.ts and the tools and tests that start a real server.
 */
export async function startServer(
  config: Config,
  log: (message: string) => void = () => {},
  options: StartOptions = {},
): Promise<StartedServer> {
  const now = options.now ?? clockFor(config);
  const database: DbHandle =
    options.database ??
    (await createDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      ...(config.databasePreparedStatements ? {} : { preparedStatements: 0 }),
      onPoolError: (error) => log(`database connection lost: ${error.message}`),
      applicationName: instanceName(),
    }));
  try {
    await migrate(database);
    // Instances starting together seed one after the other, as they migrate.
    await withAdvisoryLock(database, 'migrations', () => seedReferenceData(database.db));
  } catch (error) {
    await database.close();
    throw error;
  }
  const firstRun = new FirstRunProgress();
  const app = await buildApp({
    config,
    database,
    now,
    firstRun,
    ...(options.lifecycle ? { lifecycle: options.lifecycle } : {}),
  });
  let loading: Promise<void> | undefined;
  const loadData = () =>
    // One instance imports at a time; one starting beside it waits (not ready), then finds the data loaded.
    (loading ??= withAdvisoryLock(database, 'firstRun', () =>
      runFirstRun(database.db, {
        seed: config.seed,
        now: now(),
        oddsApiKey: config.oddsApiKey,
        oddsApiUrl: config.oddsApiUrl,
        outbound: config.outbound,
        log,
        liveSources:
          config.seed === 'auto' && config.refreshLive
            ? createLiveSources(config, log, { timeoutMs: FIRST_RUN_LIVE_TIMEOUT_MS, attempts: 1 })
            : [],
        ...options.firstRun,
        progress: firstRun,
      }),
    ).then(
      () => undefined,
      (error: unknown) => {
        // Also when the lock could not be taken (the database went away): readiness must not wait forever.
        if (firstRun.loading) firstRun.fail();
        log(`first run stopped: ${error instanceof Error ? error.message : String(error)}`);
      },
    ));
  return { app, database, now, firstRun, loadData };
}

/** The app with its data: the first run is over before it returns (the bench's servers). */
export async function startApp(config: Config, log: (message: string) => void = () => {}): Promise<FastifyInstance> {
  const { app, loadData } = await startServer(config, log);
  await loadData();
  return app;
}

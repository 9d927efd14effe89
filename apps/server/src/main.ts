import { ConfigError, loadConfig } from './env.js';
import { clockFor, systemClock } from './lib/clock.js';
import { runningLifecycle } from './lib/lifecycle.js';
import { createAdvisoryLock } from './jobs/advisory-lock.js';
import { createPoolMailsJob } from './jobs/pool-mails-job.js';
import { createSessionCleanupJob } from './jobs/session-cleanup-job.js';
import { createSyncAccessJob } from './jobs/sync-access-job.js';
import { createRefreshJobs } from './jobs/refresh-jobs.js';
import { Scheduler } from './jobs/scheduler.js';
import { createLiveSources } from './modules/imports/live-sources.js';
import { pollDueSources } from './modules/imports/source-polls.service.js';
import { listenWhileStarting } from './lib/starting-listener.js';
import { warmPublicReads } from './modules/sports/warm-reads.js';
import { startServer } from './start.js';

// After the drain: long enough for in-flight requests to finish; short enough for an orchestrator's kill timeout.
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (config.clockStart) {
    console.error(`PASS_CLOCK: the server clock starts at ${config.clockStart.toISOString()} (a testing aid)`);
  }
  const serverClock = clockFor(config);
  const lifecycle = runningLifecycle();
  // The port answers from the first moment: creating a PGlite cluster takes seconds (docs/decisions/019).
  const starting = await listenWhileStarting({
    port: config.port,
    host: config.host,
    databaseKind: config.databaseUrl ? 'postgres' : 'pglite',
    now: serverClock,
  });
  let started;
  try {
    started = await startServer(config, (message) => console.error(message), { now: serverClock, lifecycle });
    await started.app.ready();
  } finally {
    await starting.close();
  }
  const { app, database, loadData, now } = started;
  // Scheduled refresh: here and not in buildApp, so tests and tools that build the app run no jobs.
  const liveSources = config.refreshLive ? createLiveSources(config, (message) => app.log.info(message)) : [];
  const scheduler = new Scheduler({
    db: database.db,
    lock: createAdvisoryLock(database),
    jobs: {
      ...createRefreshJobs(database.db, config, (message) => app.log.info(message)),
      pool_mails: createPoolMailsJob({
        db: database.db,
        mailer: app.mailer,
        publicUrl: config.publicUrl,
        push: app.pushNotifier,
        log: (message) => app.log.warn(message),
      }),
    },
    enabled: config.refresh,
    tickMs: config.jobsTickMs,
    // The room notices follow the jobs' grading, and time passing a lock (decision 041); sync access follows
    // the grace days and subscriptions (decision 051); ended sessions and spent links are deleted (decision 054).
    everyTick: [
      // The live sources first: a final they bring is graded before the rooms hear of it (decision 067).
      () => pollDueSources(database.db, liveSources, now(), (message) => app.log.warn(message)),
      () => app.roomNotices.run(),
      createSyncAccessJob({ db: database.db, now, log: (message) => app.log.warn(message) }),
      createSessionCleanupJob({
        db: database.db,
        // Sessions and links are dated and checked by the machine's clock, never PASS_CLOCK (auth.service.ts):
        // their clean-up goes by the same clock, or a server clock set ahead would delete live links.
        now: systemClock,
        memberSignal: app.memberSignal,
        log: (message) => app.log.info(message),
      }),
    ],
    now,
    log: (message) => app.log.warn(message),
  });
  const where = config.databaseUrl ? `PostgreSQL (${new URL(config.databaseUrl).host})` : `PGlite in ${config.dataDir}`;

  let stopping = false;
  const warming = new AbortController();
  /**
   * Stops the instance without losing what it acknowledged (decision 057). On SIGTERM (an orchestrator, a
   * rolling restart) readiness answers `draining` for SHUTDOWN_DRAIN_MS while the instance still serves, so the
   * load balancer stops sending to it; the jobs' lock is released at once for another instance to take. Then
   * it stops listening, finishes the requests in flight, closes its chat sockets with 1012 (the web app
   * connects again elsewhere and resumes) and exits. SIGINT (Ctrl-C at a terminal) skips the wait.
   */
  const stop = async (signal: 'SIGINT' | 'SIGTERM') => {
    if (stopping) return;
    stopping = true;
    lifecycle.draining = true;
    warming.abort();
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    app.log.info({ signal, drainMs }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, drainMs + SHUTDOWN_GRACE_MS);
    timer.unref();
    await scheduler.stop();
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: starting.port, host: config.host });
  app.log.info(`PA$$ is listening on ${config.publicUrl} (database: ${where})`);
  // The first-run import runs behind the listening app; the refresh jobs wait for it.
  void loadData().then(async () => {
    if (stopping) return;
    scheduler.start();
    // A cold visit of a team page or the demo finds its answers built (docs/decisions/038).
    await warmPublicReads(app, warming.signal).then(
      ({ warmed, ms }) => app.log.info(`built ${warmed} public answers in ${ms} ms`),
      (error: unknown) => app.log.warn({ err: error }, 'building the public answers stopped'),
    );
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Could not start: ${error.message}` : error);
  process.exit(1);
});

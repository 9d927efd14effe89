import type { Config } from '../../../apps/server/src/env.js';
import { createAdvisoryLock } from '../../../apps/server/src/jobs/advisory-lock.js';
import { JOB_NAMES, type JobName } from '../../../apps/server/src/jobs/schedule.js';
import { Scheduler, type JobFn } from '../../../apps/server/src/jobs/scheduler.js';
import { createSessionCleanupJob } from '../../../apps/server/src/jobs/session-cleanup-job.js';
import { createSyncAccessJob } from '../../../apps/server/src/jobs/sync-access-job.js';
import { systemClock } from '../../../apps/server/src/lib/clock.js';
import { createLiveSources } from '../../../apps/server/src/modules/imports/live-sources.js';
import { pollDueSources, type PolledSource } from '../../../apps/server/src/modules/imports/source-polls.service.js';
import type { StartedServer } from '../../../apps/server/src/start.js';
// The app's own fields of its Fastify instance (`app.roomNotices`, `app.memberSignal`), declared beside buildApp.
import type {} from '../../../apps/server/src/app.js';

/**
 * The live sources and the scheduler main.ts runs, for the live benchmarks' servers (live-app.ts,
 * live-standings-app.ts): on every tick (JOBS_TICK_MS) the live sources' poll, then the room notices, the sync
 * access and the session clean-up, in main.ts's order; the refresh jobs (The Odds API, the demo season) are off.
 * The live sources are the ESPN NFL scoreboard's alone, at ESPN_API_URL (a stand-in ESPN the bench runs): the
 * others would reach the internet. LIVE_EVERY_MS, when set, polls it that often while games are played instead of
 * every 30 s, so a run of changes takes a minute, not eight.
 */

const warn = (message: string) => console.error(message);

/** The ESPN NFL scoreboard as the live source, polled every LIVE_EVERY_MS while games are played when set. */
export function espnLiveSources(config: Config): PolledSource[] {
  if (!config.refreshLive) return [];
  const liveEveryMs = process.env.LIVE_EVERY_MS ? Number(process.env.LIVE_EVERY_MS) : undefined;
  return createLiveSources(config, warn)
    .filter((source) => source.key === 'espn:americanfootball_nfl')
    .map((source) => ({ ...source, liveEveryMs: liveEveryMs ?? source.liveEveryMs }));
}

/** The scheduler of main.ts's every-tick jobs over these live sources; not started. */
export function liveScheduler(
  { app, database, now }: Pick<StartedServer, 'app' | 'database' | 'now'>,
  config: Config,
  liveSources: readonly PolledSource[],
): Scheduler {
  const db = database.db;
  const noJob: JobFn = async () => {};
  return new Scheduler({
    db,
    lock: createAdvisoryLock(database),
    jobs: Object.fromEntries(JOB_NAMES.map((job) => [job, noJob])) as Record<JobName, JobFn>,
    enabled: Object.fromEntries(JOB_NAMES.map((job) => [job, false])) as Record<JobName, boolean>,
    tickMs: config.jobsTickMs,
    everyTick: [
      () => pollDueSources(db, liveSources, now(), warn),
      () => app.roomNotices.run(),
      createSyncAccessJob({ db, now, log: warn }),
      createSessionCleanupJob({ db, now: systemClock, memberSignal: app.memberSignal, log: warn }),
    ],
    now,
    log: warn,
  });
}

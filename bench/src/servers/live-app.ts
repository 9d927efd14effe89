import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { sessions, users, type Database } from '@pass/db';
import { loadConfig } from '../../../apps/server/src/env.js';
import { createAdvisoryLock } from '../../../apps/server/src/jobs/advisory-lock.js';
import { JOB_NAMES, type JobName } from '../../../apps/server/src/jobs/schedule.js';
import { Scheduler, type JobFn } from '../../../apps/server/src/jobs/scheduler.js';
import { createSessionCleanupJob } from '../../../apps/server/src/jobs/session-cleanup-job.js';
import { createSyncAccessJob } from '../../../apps/server/src/jobs/sync-access-job.js';
import { systemClock } from '../../../apps/server/src/lib/clock.js';
import { hashPassword, hashSecret, randomSecret } from '../../../apps/server/src/modules/auth/crypto.js';
import { SESSION_ABSOLUTE_MS } from '../../../apps/server/src/modules/auth/sessions.service.js';
import { createLiveSources } from '../../../apps/server/src/modules/imports/live-sources.js';
import { pollDueSources } from '../../../apps/server/src/modules/imports/source-polls.service.js';
import { startServer } from '../../../apps/server/src/start.js';
import { announceAndWatchParent } from './announce.js';

/**
 * The real PA$$ server (startServer, as main.ts) for the live fan-out benchmark, with the scheduler main.ts runs:
 * on every tick (JOBS_TICK_MS) the live sources' poll, then the room notices, the sync access and the session
 * clean-up, in main.ts's order. The live sources are the ESPN NFL scoreboard's alone, at ESPN_API_URL (a stand-in
 * ESPN the bench runs): the others would reach the internet. LIVE_EVERY_MS, when set, polls it that often while
 * games are played instead of every 30 s, so a run of changes takes a minute, not eight; the refresh jobs (The
 * Odds API, the demo season) are off. Before listening, LIVE_MEMBERS members are made straight in the database,
 * each with a session (one statement each); their session cookies go as JSON to BENCH_INFO_FILE.
 */

const config = loadConfig(process.env);
const { app, database, now } = await startServer(config, (message) => console.error(message));
const db: Database = database.db;
const count = Number(process.env.LIVE_MEMBERS ?? 0);
const started = performance.now();
const at = now();
const passwordHash = await hashPassword(randomUUID());
const run = randomUUID().slice(0, 8);
const members =
  count > 0
    ? await db
        .insert(users)
        .values(
          Array.from({ length: count }, (_, index) => ({
            username: `live_${run}_${index}`,
            email: `live_${run}_${index}@example.com`,
            passwordHash,
            emailVerifiedAt: at,
            setupCompletedAt: at,
          })),
        )
        .returning({ id: users.id })
    : [];
// Sessions live on the wall clock (resumeSession reads the real time), not on the server clock.
const wall = new Date();
const cookies = members.map(({ id }) => ({ userId: id, cookie: randomSecret() }));
if (cookies.length > 0) {
  await db.insert(sessions).values(
    cookies.map(({ userId, cookie }) => ({
      idHash: hashSecret(cookie),
      userId,
      deviceId: null,
      createdAt: wall,
      lastSeenAt: wall,
      expiresAt: new Date(wall.getTime() + SESSION_ABSOLUTE_MS),
    })),
  );
}
writeFileSync(
  process.env.BENCH_INFO_FILE!,
  JSON.stringify({ cookies: cookies.map(({ cookie }) => cookie), prepareMs: Math.round(performance.now() - started) }),
);

const liveEveryMs = process.env.LIVE_EVERY_MS ? Number(process.env.LIVE_EVERY_MS) : undefined;
const liveSources = config.refreshLive
  ? createLiveSources(config, (message) => console.error(message))
      .filter((source) => source.key === 'espn:americanfootball_nfl')
      .map((source) => ({ ...source, liveEveryMs: liveEveryMs ?? source.liveEveryMs }))
  : [];
const noJob: JobFn = async () => {};
const warn = (message: string) => console.error(message);
const scheduler = new Scheduler({
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

await app.listen({ port: config.port, host: config.host });
scheduler.start();
announceAndWatchParent(app.server as Server, async () => {
  await scheduler.stop();
  await app.close();
});

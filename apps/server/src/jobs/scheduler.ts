import type { Database } from '@pass/db';
import { sql } from 'drizzle-orm';
import {
  getSchedulerState,
  recordJobFinished,
  recordJobStarted,
  recordLiveGamesSeen,
} from '../modules/imports/imports.service.js';
import type { Clock } from '../lib/clock.js';
import type { JobLock } from './advisory-lock.js';
import { dueJobs, JOB_NAMES, type JobName, type ScheduleState } from './schedule.js';

/**
 * The in-process scheduler: every tick, the instance holding the advisory lock (or taking it now) works out
 * which jobs are due (schedule.ts) from the games in the database and runs them one after another. Started
 * by main.ts, never by buildApp, so tests and tools that build the app stay quiet.
 *
 * When each job last started, succeeded and failed, and when games were last seen live, are kept in the
 * database (scheduler_jobs), not in the instance: after a restart, or when another instance takes the
 * lock, nothing that just ran runs again, and the admin sees the same last success and error everywhere.
 */

export type JobFn = (now: Date) => Promise<void>;

export interface SchedulerOptions {
  db: Database;
  lock: JobLock;
  jobs: Record<JobName, JobFn>;
  enabled: Record<JobName, boolean>;
  /**
   * Work that runs on every tick this instance holds the lock, after the due jobs (so right after a scores
   * run has graded games): the room notices, cheap when nothing changed. Never throws (each logs its own).
   */
  everyTick?: (() => Promise<unknown>)[];
  tickMs?: number;
  /** The server clock. */
  now: Clock;
  log?: (message: string) => void;
}

const DEFAULT_TICK_MS = 60_000;
/** A game counts as live from kickoff until it is final, for at most this long. */
const LIVE_WINDOW_MS = 5 * 3_600_000;
/** Kickoffs this far ahead decide the pre-kickoff odds refresh. */
const LOOKAHEAD_MS = 2 * 86_400_000;

/** The games the schedule depends on: kickoffs of the next two days and the games being played. */
export async function loadGames(
  db: Database,
  now: Date,
): Promise<Pick<ScheduleState, 'upcomingKickoffs' | 'liveGames'>> {
  const result = (await db.execute(
    sql`select kickoff_at, status from events
        where kickoff_at between ${new Date(now.getTime() - LIVE_WINDOW_MS).toISOString()}::timestamptz
          and ${new Date(now.getTime() + LOOKAHEAD_MS).toISOString()}::timestamptz
          and status in ('scheduled', 'in_progress')`,
  )) as unknown as { rows: { kickoff_at: string | Date; status: string }[] };
  const upcomingKickoffs: Date[] = [];
  let liveGames = 0;
  for (const row of result.rows) {
    const kickoff = new Date(row.kickoff_at);
    if (kickoff > now) upcomingKickoffs.push(kickoff);
    else liveGames++;
  }
  return { upcomingKickoffs, liveGames };
}

export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<JobName[]> | undefined;
  private stopped = false;

  constructor(private readonly options: SchedulerOptions) {}

  /** Ticks now and then every tickMs; the timer does not keep the process alive. */
  start(): void {
    if (this.timer || this.stopped) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.options.tickMs ?? DEFAULT_TICK_MS);
    this.timer.unref();
  }

  /** One tick: nothing unless this instance holds the lock; else the due jobs, in order. Returns what ran. */
  tick(): Promise<JobName[]> {
    // A tick that is still running (a long import) is not overlapped.
    this.running ??= this.runTick().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async runTick(): Promise<JobName[]> {
    const { db, lock, jobs, enabled, log = () => {} } = this.options;
    const clock = this.options.now;
    if (this.stopped || !(await lock.tryAcquire())) return [];
    const now = clock();
    let due: JobName[];
    try {
      const games = await loadGames(db, now);
      const state = await getSchedulerState(db);
      let lastLiveAt = state.liveGamesSeenAt ?? undefined;
      if (games.liveGames > 0) {
        lastLiveAt = now;
        await recordLiveGamesSeen(db, now);
      }
      const lastRun: Partial<Record<JobName, Date>> = {};
      for (const job of JOB_NAMES) {
        const started = state.jobs.get(job)?.lastStartedAt;
        if (started) lastRun[job] = started;
      }
      due = dueJobs({ now, ...games, lastLiveAt, lastRun, enabled });
    } catch (error) {
      log(`scheduler: could not read the games or the jobs' state: ${messageOf(error)}`);
      return [];
    }
    const ran: JobName[] = [];
    for (const job of due) {
      if (this.stopped) break;
      try {
        await recordJobStarted(db, job, now);
      } catch (error) {
        log(`scheduler: could not record the start of ${job}: ${messageOf(error)}`);
        break;
      }
      ran.push(job);
      let failure: string | undefined;
      try {
        await jobs[job](now);
      } catch (error) {
        // The job's import runs record the failure; the log says which job it was.
        failure = messageOf(error);
        log(`scheduler: ${job} failed: ${failure}`);
      }
      try {
        await recordJobFinished(db, job, clock(), failure);
      } catch (error) {
        log(`scheduler: could not record the end of ${job}: ${messageOf(error)}`);
      }
    }
    for (const work of this.options.everyTick ?? []) {
      if (this.stopped) break;
      await work().catch((error: unknown) => log(`scheduler: ${messageOf(error)}`));
    }
    return ran;
  }

  /** Stops ticking, waits for a running tick and gives the lock back. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    await this.options.lock.release();
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

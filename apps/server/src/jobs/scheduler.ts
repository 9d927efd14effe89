import type { Database } from '@pass/db';
import { sql } from 'drizzle-orm';
import type { JobLock } from './advisory-lock.js';
import { dueJobs, JOB_NAMES, type JobName, type ScheduleState } from './schedule.js';

/**
 * The in-process scheduler: every tick, the instance holding the advisory lock (or taking it now) works out
 * which jobs are due (schedule.ts) from the games in the database and runs them one after another. Started
 * by main.ts, never by buildApp, so tests and tools that build the app stay quiet.
 */

export type JobFn = (now: Date) => Promise<void>;

export interface SchedulerOptions {
  db: Database;
  lock: JobLock;
  jobs: Record<JobName, JobFn>;
  enabled: Record<JobName, boolean>;
  tickMs?: number;
  now?: () => Date;
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
  private readonly lastRun: Partial<Record<JobName, Date>> = {};
  private lastLiveAt: Date | undefined;
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
    if (this.stopped || !(await lock.tryAcquire())) return [];
    const now = (this.options.now ?? (() => new Date()))();
    let games: Pick<ScheduleState, 'upcomingKickoffs' | 'liveGames'>;
    try {
      games = await loadGames(db, now);
    } catch (error) {
      log(`scheduler: could not read the games: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
    if (games.liveGames > 0) this.lastLiveAt = now;
    const due = dueJobs({ now, ...games, lastLiveAt: this.lastLiveAt, lastRun: this.lastRun, enabled });
    for (const job of due) {
      if (this.stopped) break;
      this.lastRun[job] = now;
      try {
        await jobs[job](now);
      } catch (error) {
        // The job's import runs record the failure; the log says which job it was.
        log(`scheduler: ${job} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return due;
  }

  /** Stops ticking, waits for a running tick and gives the lock back. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    await this.options.lock.release();
  }

  /** When each job last ran in this instance (for logs and tests). */
  get lastRuns(): Partial<Record<JobName, Date>> {
    return Object.fromEntries(JOB_NAMES.flatMap((job) => (this.lastRun[job] ? [[job, this.lastRun[job]]] : [])));
  }
}

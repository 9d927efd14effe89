import type {
  AdminImportRunResponse,
  AdminImportsResponse,
  ImportProgress,
  ImportRun,
  ImportSourceKey,
  SchedulerJobStatus,
} from '@pass/contracts';
import type { Database } from '@pass/db';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { CFBD_SOURCE, cfbdAllowanceRenewedSince, DEFAULT_CFBD_RESERVE } from './cfbd-client.js';
import { importerSource, runSourceImport, type SourceJobOptions } from './import-jobs.js';
import * as repository from './imports.repository.js';
import type { ImportRunRow, ImportTrigger } from './imports.repository.js';
import { getSchedulerState, recordFailedRun } from './imports.service.js';
import { DEFAULT_QUOTA_RESERVE } from './odds-api-client.js';
import { getSourceBudget } from './source-polls.repository.js';
import { listLiveSources, type PolledSource } from './source-polls.service.js';

/** The importers' own source names, as import_runs and event_source_keys have them, in screen order. */
const IMPORTER_SOURCES = ['nflverse', 'cfbd', 'sportsdataverse', 'statsapi', 'retrosheet', 'espn', 'odds-api', 'demo'];

function toRun(row: ImportRunRow): ImportRun {
  return {
    id: row.id,
    source: row.source,
    trigger: row.trigger,
    status: row.status,
    started_at: row.startedAt,
    finished_at: row.finishedAt,
    added: row.added,
    updated: row.updated,
    unchanged: row.unchanged,
    skipped: row.skipped,
    error: row.error,
    detail: row.detail,
  };
}

/** The scheduled refresh's jobs, in the order they run. */
const SCHEDULER_JOBS = ['schedules', 'odds', 'scores'] as const;

const isoOrNull = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * Per source: the last run, the last success, the last error, and counts; and the scheduled refresh's
 * jobs with their last start, success and error, as the database keeps them for every instance.
 */
export async function listImportSources(
  db: Database,
  refresh: Record<SchedulerJobStatus['job'], boolean>,
  live: { sources: readonly PolledSource[]; oddsApiConfigured: boolean; cfbdConfigured: boolean; now: Date },
): Promise<AdminImportsResponse> {
  const scheduler = await getSchedulerState(db);
  const oddsQuota = await repository.getLastOddsApiQuota(db);
  const stored = await getSourceBudget(db, CFBD_SOURCE);
  // A count of an earlier month is spent no more: CFBD's calls renew on the first of each month.
  const cfbdCalls = stored && !cfbdAllowanceRenewedSince(stored.reportedAt, live.now) ? stored : null;
  const [latest, succeeded, failed, counts] = [
    await repository.listLatestRuns(db),
    await repository.listLatestRuns(db, 'succeeded'),
    await repository.listLatestRuns(db, 'failed'),
    await repository.countBySource(db),
  ];
  const sources = [...new Set([...IMPORTER_SOURCES, ...latest.keys(), ...counts.keys()])];
  return {
    sources: sources.map((source) => {
      const run = (map: Map<string, ImportRunRow>) => {
        const row = map.get(source);
        return row ? toRun(row) : null;
      };
      return {
        source,
        last_run: run(latest),
        last_success: run(succeeded),
        last_error: run(failed),
        counts: counts.get(source) ?? { runs: 0, succeeded: 0, failed: 0, events: 0, quotes: 0 },
      };
    }),
    scheduler: {
      jobs: SCHEDULER_JOBS.map((job) => {
        const state = scheduler.jobs.get(job);
        return {
          job,
          enabled: refresh[job],
          last_started_at: isoOrNull(state?.lastStartedAt),
          last_finished_at: isoOrNull(state?.lastFinishedAt),
          last_success_at: isoOrNull(state?.lastSuccessAt),
          last_error_at: isoOrNull(state?.lastErrorAt),
          last_error: state?.lastError ?? null,
        };
      }),
    },
    live_sources: await listLiveSources(db, live.sources),
    budgets: [
      {
        source: 'odds-api',
        unit: 'credits',
        remaining: oddsQuota?.remaining ?? null,
        used: oddsQuota?.used ?? null,
        reported_at: oddsQuota?.reportedAt ?? null,
        reserve: DEFAULT_QUOTA_RESERVE,
        configured: live.oddsApiConfigured,
      },
      {
        source: CFBD_SOURCE,
        unit: 'calls',
        remaining: cfbdCalls?.remaining ?? null,
        // CFBD tells the calls left, not those spent.
        used: null,
        reported_at: cfbdCalls ? cfbdCalls.reportedAt.toISOString() : null,
        reserve: DEFAULT_CFBD_RESERVE,
        configured: live.cfbdConfigured,
      },
    ],
  };
}

/**
 * Runs imports in the background of this server process: one at a time per source, with the progress of
 * each run kept in memory while it runs. `idle()` waits for what is running (the app's close).
 */
export class ImportJobRunner {
  private readonly running = new Map<ImportSourceKey, Promise<void>>();
  private readonly progress = new Map<number, ImportProgress | null>();

  constructor(
    private readonly db: Database,
    private readonly options: Omit<SourceJobOptions, 'trigger' | 'onRun' | 'onProgress' | 'now'> & {
      onFailure?: (source: ImportSourceKey, error: unknown) => void;
      /** Called when an import has ended, whether it succeeded or failed (what it graded is committed). */
      onFinished?: (source: ImportSourceKey) => void;
      /** The server clock: the demo season is brought up to its time. */
      clock: Clock;
    },
  ) {}

  /** Starts a source's import; resolves with the id of its first run once that run exists. */
  start(source: ImportSourceKey, trigger: ImportTrigger): Promise<number> {
    if (this.running.has(source)) {
      return Promise.reject(new AppError('CONFLICT', `An import of ${source} is already running`));
    }
    const { onFailure, onFinished, clock, ...jobOptions } = this.options;
    return new Promise<number>((resolve, reject) => {
      let current: number | undefined;
      let first: number | undefined;
      const job = runSourceImport(this.db, source, {
        ...jobOptions,
        now: clock(),
        trigger,
        onRun: (runId) => {
          current = runId;
          this.progress.set(runId, null);
          if (first === undefined) {
            first = runId;
            resolve(runId);
          }
        },
        onProgress: (progress) => {
          if (current !== undefined) this.progress.set(current, progress);
        },
      })
        .then(
          () => undefined,
          async (error: unknown) => {
            // A refusal (409: no key, no file) goes back to the caller; any other failure is recorded on a
            // run, one of its own when the importer had not started one (The Odds API unreachable).
            if (first === undefined && error instanceof AppError) return reject(error);
            if (first === undefined) {
              try {
                first = await recordFailedRun(this.db, importerSource(source), trigger, error);
                resolve(first);
              } catch (recordError) {
                return reject(recordError);
              }
            }
            onFailure?.(source, error);
          },
        )
        .finally(() => {
          this.running.delete(source);
          onFinished?.(source);
          if (current !== undefined) this.progress.delete(current);
          if (first === undefined) reject(new AppError('CONFLICT', `${source} had nothing to import`));
        });
      this.running.set(source, job);
    });
  }

  progressOf(runId: number): ImportProgress | null {
    return this.progress.get(runId) ?? null;
  }

  async idle(): Promise<void> {
    await Promise.all(this.running.values());
  }
}

export async function getImportRun(db: Database, runner: ImportJobRunner, id: number): Promise<AdminImportRunResponse> {
  const row = await repository.getImportRun(db, id);
  if (!row) throw AppError.notFound(`No import run ${id}`);
  return { ...toRun(row), progress: row.status === 'running' ? runner.progressOf(id) : null };
}

import { z } from 'zod';
import { idParam } from './boundary.js';

/**
 * The admin's import screen: each source's last run, last success and last error with counts, re-running
 * a source, and following a run's progress.
 */

/**
 * Sources an admin can run: the schedule files (by default the history the repository holds in history/),
 * the ESPN scoreboard (today's games of every sport), The Odds API's odds and scores (every sport; needs
 * ODDS_API_KEY), the free live sources (today's MLB Stats API schedule and the current NFL season of nflverse's
 * games.csv, fetched now), and the demo season.
 */
export const IMPORT_SOURCE_KEYS = [
  'nflverse',
  'cfbd',
  'sportsdataverse',
  'statsapi',
  'retrosheet',
  'espn',
  'odds-api',
  'odds-api-scores',
  'statsapi-live',
  'nflverse-live',
  'demo',
] as const;
export const ImportSourceKey = z.enum(IMPORT_SOURCE_KEYS);
export type ImportSourceKey = z.infer<typeof ImportSourceKey>;

export const ImportRunStatus = z.enum(['running', 'succeeded', 'failed']);
export type ImportRunStatus = z.infer<typeof ImportRunStatus>;

export const ImportProgress = z.object({
  phase: z.string(),
  done: z.number().int(),
  total: z.number().int(),
});
export type ImportProgress = z.infer<typeof ImportProgress>;

/** One run of an importer, as import_runs keeps it. `source` is the importer's (odds and scores share `odds-api`). */
export const ImportRun = z.object({
  id: z.number().int(),
  source: z.string(),
  trigger: z.enum(['cli', 'schedule', 'admin', 'first-run']),
  status: ImportRunStatus,
  started_at: z.string(),
  finished_at: z.string().nullable(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  error: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type ImportRun = z.infer<typeof ImportRun>;

export const ImportSourceStatus = z.object({
  source: z.string(),
  last_run: ImportRun.nullable(),
  last_success: ImportRun.nullable(),
  last_error: ImportRun.nullable(),
  counts: z.object({
    runs: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    /** Events the source keys (event_source_keys). */
    events: z.number().int(),
    /** Quotes the source wrote. */
    quotes: z.number().int(),
  }),
});
export type ImportSourceStatus = z.infer<typeof ImportSourceStatus>;

/**
 * A job of the scheduled refresh (odds, scores, schedules) as every server instance sees it: when it last
 * started, finished, succeeded and failed, and whether this server has it switched on (REFRESH_*).
 */
export const SchedulerJobStatus = z.object({
  job: z.enum(['odds', 'scores', 'schedules']),
  enabled: z.boolean(),
  last_started_at: z.string().nullable(),
  last_finished_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  last_error_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type SchedulerJobStatus = z.infer<typeof SchedulerJobStatus>;

/** A live source the scheduler polls (docs/decisions/067), one per source and sport. */
export const LiveSourceStatus = z.object({
  /** `<source>:<sport>`, e.g. `espn:baseball_mlb`. */
  key: z.string(),
  name: z.string(),
  sport: z.string(),
  /** Switched off by an admin: not polled. */
  enabled: z.boolean(),
  /** The calendar's cadence at the last poll. */
  cadence: z.enum(['live', 'game-day', 'idle']).nullable(),
  last_fetch_at: z.string().nullable(),
  /** The last answer's HTTP status (304: unchanged), null when none came. */
  last_status: z.number().int().nullable(),
  last_outcome: z.enum(['changed', 'unchanged', 'failed']).nullable(),
  last_changed_at: z.string().nullable(),
  /** What the last changed answer's import did. */
  last_summary: z
    .object({
      added: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      skipped: z.number().int(),
    })
    .nullable(),
  etag: z.string().nullable(),
  next_poll_at: z.string().nullable(),
  /** Failures in a row (the back-off doubles with each). */
  failures: z.number().int(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  /**
   * How long the last success set the source to wait, in milliseconds: its cadence's pace (30 s while games are
   * on, …), slower for a metered source pacing its calls. Null before a success or while it backs off.
   */
  every_ms: z.number().int().nullable(),
});
export type LiveSourceStatus = z.infer<typeof LiveSourceStatus>;

/**
 * What a keyed source may still spend, as its last answer reported it: The Odds API's credits, CollegeFootballData's
 * calls of the month.
 */
export const SourceBudget = z.object({
  source: z.string(),
  /** What the source counts: The Odds API credits (a call may cost several), CFBD calls. */
  unit: z.enum(['credits', 'calls']),
  /** Credits or calls left, as last reported; null when never called (CFBD: not yet this month). */
  remaining: z.number().int().nullable(),
  used: z.number().int().nullable(),
  /** When the answer that reported them came; null when none did. */
  reported_at: z.string().nullable(),
  /** Below this many left, the source is not called (what is left is kept back). */
  reserve: z.number().int(),
  /** The key is set: the source is called at all. */
  configured: z.boolean(),
});
export type SourceBudget = z.infer<typeof SourceBudget>;

export const AdminImportsResponse = z.object({
  sources: z.array(ImportSourceStatus),
  scheduler: z.object({ jobs: z.array(SchedulerJobStatus) }),
  live_sources: z.array(LiveSourceStatus),
  budgets: z.array(SourceBudget),
});
export type AdminImportsResponse = z.infer<typeof AdminImportsResponse>;

export const AdminImportSourceParams = z.object({ source: ImportSourceKey });
export type AdminImportSourceParams = z.infer<typeof AdminImportSourceParams>;

/** A started import: the id of its (first) run, to follow at `GET /api/admin/imports/runs/{id}`. */
export const AdminImportStartResponse = z.object({
  run_id: z.number().int(),
  source: ImportSourceKey,
  status: ImportRunStatus,
});
export type AdminImportStartResponse = z.infer<typeof AdminImportStartResponse>;

export const AdminImportRunParams = z.object({
  id: idParam('a run id'),
});
export type AdminImportRunParams = z.infer<typeof AdminImportRunParams>;

/** A run with its live progress while it runs in this server process. */
export const AdminImportRunResponse = ImportRun.extend({ progress: ImportProgress.nullable() });
export type AdminImportRunResponse = z.infer<typeof AdminImportRunResponse>;

export const AdminLiveSourceParams = z.object({
  key: z
    .string()
    .min(1, 'must name a live source')
    .max(64, 'must be at most 64 characters')
    .regex(/^[a-z0-9-]+:[a-z_]+$/, 'must be a live source key such as espn:baseball_mlb'),
});
export type AdminLiveSourceParams = z.infer<typeof AdminLiveSourceParams>;

export const AdminLiveSourceUpdate = z.object({ enabled: z.boolean({ message: 'must be true or false' }) }).strict();
export type AdminLiveSourceUpdate = z.infer<typeof AdminLiveSourceUpdate>;

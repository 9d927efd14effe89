import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
  /** The server clock (ISO 8601): the real time, or the instant PASS_CLOCK set running on from start. */
  time: z.iso.datetime(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/**
 * Readiness (docs/decisions/019): `ready` once the database answers and the first-run import is over;
 * `loading` (503) while the first run still imports, `unavailable` (503) while the database cannot be reached.
 */
export const ReadinessResponse = z.object({
  /** `draining`: the instance is shutting down; it finishes what it has and takes nothing new. */
  status: z.enum(['ready', 'loading', 'unavailable', 'draining']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** Absent while loading: on PGlite the check would wait behind the import's transaction. */
    reachable: z.boolean().optional(),
    latencyMs: z.number().optional(),
  }),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;

/** What a step of the first run is doing: reading its input, writing games, or writing lines (quotes). */
export const DataLoadPhase = z.enum(['reading', 'games', 'lines']);
export type DataLoadPhase = z.infer<typeof DataLoadPhase>;

export const DataLoadStep = z.object({
  /** A stable name: `nflverse`, `retrosheet`, `statsapi`, `odds-api <sport>`, `demo <sport>`. */
  name: z.string(),
  /** What the step loads, for people. */
  label: z.string(),
  state: z.enum(['pending', 'running', 'done', 'skipped', 'failed']),
  /** How far the step is, 0 to 1. */
  fraction: z.number().min(0).max(1),
  phase: DataLoadPhase.nullable(),
  /** Rows of the phase written so far, and in all (0 and 0 before a phase starts). */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type DataLoadStep = z.infer<typeof DataLoadStep>;

/**
 * `GET /api/health/data`: the first-run import behind a server that already answers (docs/decisions/019).
 * `loading` until every step has run; `done` after (a step that failed is logged and shown as failed);
 * `failed` only when the run itself stopped. Never carries file paths or error texts.
 */
export const DataStatusResponse = z.object({
  state: z.enum(['loading', 'done', 'failed']),
  /** The whole run, 0 to 1, each step weighted by its usual share of the time. */
  progress: z.number().min(0).max(1),
  /** The index in `steps` of the step running now. */
  current: z.number().int().nonnegative().nullable(),
  steps: z.array(DataLoadStep),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type DataStatusResponse = z.infer<typeof DataStatusResponse>;

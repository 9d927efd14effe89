import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
  /** The server clock (ISO 8601): the real time, or the instant PASS_CLOCK set running on from start. */
  time: z.iso.datetime(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

export const ReadinessResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    latencyMs: z.number().optional(),
  }),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;

import { DataStatusResponse, HealthResponse, ReadinessResponse } from '@pass/contracts';
import type { DbHandle } from '@pass/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import type { InstanceLifecycle } from '../../lib/lifecycle.js';
import type { FirstRunProgress } from '../imports/first-run-progress.js';

// Readiness must answer within 2 s even when the database hangs.
const READINESS_PING_TIMEOUT_MS = 1500;

/**
 * The liveness answer, written out field by field (decision 062). Every field is made by the handler below (a
 * literal, a whole number of seconds, the clock's ISO time), so checking it against HealthResponse on each call
 * could never fail, and that check was most of what the answer cost. The bytes are those of the schema's
 * serialiser; the health tests hold the two together.
 */
export function serializeHealth(answer: HealthResponse): string {
  return `{"status":${JSON.stringify(answer.status)},"uptimeSeconds":${JSON.stringify(answer.uptimeSeconds)},"time":${JSON.stringify(answer.time)}}`;
}

export const healthRoutes: FastifyPluginAsyncZod<{
  database: DbHandle;
  now: Clock;
  firstRun: FirstRunProgress;
  lifecycle: InstanceLifecycle;
}> = async (app, { database, now, firstRun, lifecycle }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: 200 while the process runs, from the first second (the first run imports behind it)',
        response: { 200: HealthResponse },
      },
      serializerCompiler: () => serializeHealth,
    },
    (): HealthResponse => ({ status: 'ok', uptimeSeconds: Math.round(process.uptime()), time: now().toISOString() }),
  );

  app.get(
    '/api/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary:
          'Readiness: 503 while the first run imports (loading), the database cannot be reached, or the instance ' +
          'is shutting down (draining)',
        response: { 200: ReadinessResponse, 503: ReadinessResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      // A load balancer stops sending here while the instance finishes what it has (main.ts).
      if (lifecycle.draining) return reply.code(503).send({ status: 'draining', database: { kind: database.kind } });
      // Not ready until the data is: the browser tests and orchestrators wait on this (docs/decisions/019).
      if (firstRun.loading) {
        return reply.code(503).send({ status: 'loading', database: { kind: database.kind } });
      }
      const started = performance.now();
      const reachable = await database.ping(READINESS_PING_TIMEOUT_MS);
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      if (!reachable) {
        return reply.code(503).send({ status: 'unavailable', database: { kind: database.kind, reachable: false } });
      }
      return { status: 'ready' as const, database: { kind: database.kind, reachable: true, latencyMs } };
    },
  );

  app.get(
    '/api/health/data',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The first-run import: which step, how far, done or failed',
        description:
          'Answered from memory, never waiting on the database, so it answers while the import runs. The web app ' +
          'shows "loading data" from it on the screens that need data.',
        response: { 200: DataStatusResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return firstRun.snapshot();
    },
  );
};

import { HealthResponse, ReadinessResponse } from '@pass/contracts';
import type { DbHandle } from '@pass/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';

// Readiness must answer within 2 s even when the database hangs.
const READINESS_PING_TIMEOUT_MS = 1500;

export const healthRoutes: FastifyPluginAsyncZod<{ database: DbHandle; now: Clock }> = async (
  app,
  { database, now },
) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: "Liveness: 200 while the process runs, with the server clock's time",
        response: { 200: HealthResponse },
      },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()), time: now().toISOString() }),
  );

  app.get(
    '/api/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: 503 while the database cannot be reached',
        response: { 200: ReadinessResponse, 503: ReadinessResponse },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      const reachable = await database.ping(READINESS_PING_TIMEOUT_MS);
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      reply.header('cache-control', 'no-store');
      if (!reachable) {
        return reply.code(503).send({ status: 'unavailable', database: { kind: database.kind, reachable: false } });
      }
      return { status: 'ready' as const, database: { kind: database.kind, reachable: true, latencyMs } };
    },
  );
};

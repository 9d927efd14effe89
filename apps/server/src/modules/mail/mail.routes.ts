import { ErrorBody, errorResponses, OutboxQuery, OutboxResponse } from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, type AuthDeps } from '../auth/auth-context.js';
import { listOutbox } from './mail.service.js';
import { maskLinkSecrets } from './mask-secrets.js';

export const mailRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  app.get(
    '/api/admin/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Mail in the outbox, newest first, its links masked (admin)',
        querystring: OutboxQuery,
        response: { 200: OutboxResponse, 401: ErrorBody, 403: ErrorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request);
      reply.header('cache-control', 'no-store');
      const rows = await listOutbox(deps.db, request.query);
      return {
        data: rows.map((row) => ({
          id: row.id,
          to: row.toAddress,
          subject: maskLinkSecrets(row.subject),
          text: maskLinkSecrets(row.textBody),
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
          error: row.error,
        })),
      };
    },
  );
};

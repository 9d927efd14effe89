import {
  ErrorBody,
  errorResponses,
  PageViewsQuery,
  PageViewsResponse,
  SegmentsQuery,
  SegmentsResponse,
} from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import { requireAdmin, type AuthDeps } from '../auth/auth-context.js';
import { listPageViews, recordPageView } from './segments.service.js';

export const segmentsRoutes: FastifyPluginAsyncZod<AuthDeps & { now: Clock }> = async (app, deps) => {
  const { db, now } = deps;
  app.get(
    '/api/segments',
    {
      config: { access: 'public' },
      schema: {
        tags: ['segments'],
        summary:
          'Counts a page view of a route with its query (the segments guard); records nothing personal. ' +
          'At most PAGE_VIEWS_PER_MINUTE (60) a minute per client address: 429 with Retry-After above that',
        querystring: SegmentsQuery,
        response: { 200: SegmentsResponse, 429: ErrorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { _route: route, ...query } = request.query;
      const limits = { limiter: deps.limiter, client: request.ip, perMinute: deps.config.pageViewsPerMinute };
      await recordPageView(db, limits, { route, query, at: now() });
      reply.header('cache-control', 'no-store');
      return { recorded: true };
    },
  );

  app.get(
    '/api/admin/page-views',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Page views per route and query (admin)',
        querystring: PageViewsQuery,
        response: { 200: PageViewsResponse, 401: ErrorBody, 403: ErrorBody, ...errorResponses },
      },
    },
    async (request) => {
      await requireAdmin(deps, request);
      const since = new Date(now().getTime() - (request.query.days - 1) * 24 * 60 * 60 * 1000);
      return {
        data: await listPageViews(db, { sinceDay: since.toISOString().slice(0, 10), limit: request.query.limit }),
      };
    },
  );
};

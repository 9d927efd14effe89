import { errorResponses, SegmentsQuery, SegmentsResponse } from '@pass/contracts';
import type { Database } from '@pass/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordPageView } from './segments.service.js';

export const segmentsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/segments',
    {
      schema: {
        tags: ['segments'],
        summary: 'Counts a page view of a route with its query (the segments guard); records nothing personal',
        querystring: SegmentsQuery,
        response: { 200: SegmentsResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { _route: route, ...query } = request.query;
      await recordPageView(db, { route, query, at: new Date() });
      reply.header('cache-control', 'no-store');
      return { recorded: true };
    },
  );
};

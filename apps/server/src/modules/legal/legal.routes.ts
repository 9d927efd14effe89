import { errorResponses, LegalDocumentSlug, LegalTextResponse } from '@pass/contracts';
import type { Database } from '@pass/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getLegalText, type LegalSettings } from './legal.service.js';

export const legalRoutes: FastifyPluginAsyncZod<{ db: Database; settings: LegalSettings }> = async (
  app,
  { db, settings },
) => {
  for (const slug of LegalDocumentSlug.options) {
    app.get(
      `/legal/${slug}`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['legal'],
          summary: `The ${slug.replaceAll('-', ' ')} as HTML`,
          response: { 200: LegalTextResponse, ...errorResponses },
        },
      },
      async (_request, reply) => {
        const text = await getLegalText(db, slug, settings);
        reply.header('cache-control', 'public, max-age=300');
        return text;
      },
    );
  }
};

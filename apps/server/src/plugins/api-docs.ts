import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI built from the route schemas: the page at /api/docs, the document at /api/docs/json. */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'PA$$ API',
          description:
            'Picks, bets, odds, statistics and Pool Party. Errors share one shape: {"error": {"code", "message", "fields"?}}.',
          version: '1.0.0',
        },
        servers: [{ url: options.publicUrl }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // Serve the UI's script from files with a CSP of its own rather than inline code.
      staticCSP: true,
      // The UI sets inline styles at run time; its scripts keep their hashes. No base URI, as everywhere else.
      transformStaticCSP: (header) =>
        header
          .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
          .replace("base-uri 'self'", "base-uri 'none'")
          .replace('upgrade-insecure-requests;', ''),
      uiConfig: { docExpansion: 'list', deepLinking: false },
    });
  },
  { name: 'api-docs' },
);

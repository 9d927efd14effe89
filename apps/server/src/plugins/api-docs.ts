import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../modules/auth/sessions.service.js';
import { setContextAccess } from './access.js';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * Each operation publishes its access rule as `x-access`, and member and admin operations name the session
 * cookie as their security requirement: the security suite reads the rules from the document.
 */
function transform(input: TransformInput) {
  const { schema, url } = jsonSchemaTransform(input);
  const access = input.route.config?.access;
  if (!access) return { schema, url };
  return {
    url,
    schema: { ...schema, 'x-access': access, ...(access === 'public' ? {} : { security: [{ session: [] }] }) },
  };
}

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
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
        },
      },
      transform,
    });
    // The documentation's own pages are public; they live in a context of their own to say so.
    await app.register(async (docs) => {
      setContextAccess(docs, 'public');
      await docs.register(swaggerUi, {
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
    });
  },
  { name: 'api-docs' },
);

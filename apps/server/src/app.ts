import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { DbHandle } from '@pass/db';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './env.js';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { legalRoutes } from './modules/legal/legal.routes.js';
import { segmentsRoutes } from './modules/segments/segments.routes.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { securityPlugin } from './plugins/security.js';
import { webAppPlugin } from './plugins/web-app.js';

export interface AppDependencies {
  config: Config;
  database: DbHandle;
  /** Pino options or an instance-specific logger; defaults to JSON logs at the configured level. */
  logger?: FastifyServerOptions['logger'];
}

// An incoming request id is kept only if it looks like one, so logs cannot be polluted through it.
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/** Builds the whole application without listening: main.ts listens, tests use `app.inject()`. */
export async function buildApp({ config, database, logger }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-xsrf-token"]',
          'res.headers["set-cookie"]',
        ],
        remove: true,
      },
    },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.nodeEnv === 'production' ? 'loopback' : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onClose', async () => {
    await database.close();
  });

  await app.register(errorHandlerPlugin);
  await app.register(cookie);
  await app.register(securityPlugin, { secureCookies: config.publicUrl.startsWith('https://') });
  await app.register(apiDocsPlugin, { publicUrl: config.publicUrl });

  const { db } = database;
  await app.register(healthRoutes, { database });
  await app.register(clientConfigRoutes, { config });
  await app.register(legalRoutes, { db, settings: { poolMaxPerLifeguard: config.poolMaxPerLifeguard } });
  await app.register(segmentsRoutes, { db });

  await app.register(webAppPlugin, { webDistDir: config.webDistDir });
  return app;
}

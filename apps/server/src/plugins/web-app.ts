import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPayPalPage } from '@pass/domain';
import fp from 'fastify-plugin';
import { sendNotFound } from './error-handler.js';
import { payPalPagePolicy } from './security.js';

// Paths that belong to the API: an unknown one is a JSON 404, never the web app.
const API_PREFIXES = ['/api/', '/auth/', '/billing/', '/legal/', '/ws/'];
const NO_REFERRER_PAGES = ['/u/passwd', '/user/password-reset', '/account/verify/', '/account/email/revert/'];

/**
 * Serves the built web app from the same port as the API, with history fallback: any other GET that
 * accepts HTML gets index.html and the client router decides (including its own not-found page).
 * Hashed assets are cached for a year; index.html is revalidated every time. Files are sent compressed where
 * the build wrote a compressed copy and the browser accepts it.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { webDistDir: string; paypalSdkUrl?: string | undefined }) => {
    const paypalPolicy = payPalPagePolicy(options.paypalSdkUrl);
    const indexFile = path.join(options.webDistDir, 'index.html');
    const hasWebApp = existsSync(indexFile);
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: options.webDistDir,
        index: false,
        // The build writes .br and .gz copies (apps/web/vite.config.ts): sent to browsers that accept them.
        preCompressed: true,
        // A route per file of the build, listed once at start: a catch-all route read the directory on every
        // request to check the path's spelling, about 900 names for each of a first page's 70 scripts.
        wildcard: false,
        globIgnore: ['**/*.br', '**/*.gz'],
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      // The root is a directory to the static handler, which would refuse it: it is the app's first page.
      app.get('/', { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'no-cache').sendFile('index.html'),
      );
    }

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const wantsPage =
        hasWebApp &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) &&
        (request.headers.accept ?? '').includes('text/html');
      if (!wantsPage) return sendNotFound(request, reply);
      // The reset page's address holds its token: no other site may see it as a referrer.
      if (NO_REFERRER_PAGES.some((page) => request.url.startsWith(page)))
        reply.header('referrer-policy', 'no-referrer');
      // Only the pages with PayPal's buttons let PayPal's script and frames in (decision 046).
      if (isPayPalPage(new URL(request.url, 'http://page').pathname))
        reply.header('content-security-policy', paypalPolicy);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web-app' },
);

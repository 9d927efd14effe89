import { ErrorBody, errorResponses } from '@pass/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../env.js';
import { AppError } from '../../errors.js';
import { auditContext, setSessionCookie, type AuthDeps } from './auth-context.js';
import {
  FLOW_TTL_MS,
  finishGoogleSignIn,
  OAUTH_COOKIE,
  OAUTH_COOKIE_PATH,
  startGoogleSignIn,
  type CallbackRequest,
} from './google.service.js';
import { SESSION_COOKIE } from './sessions.service.js';

const StartQuery = z.object({
  intent: z
    .enum(['login', 'register'])
    .default('login')
    .describe('Whether the member came from the login or the sign-up page'),
});

function flowCookieOptions(config: Config) {
  return {
    path: OAUTH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https://'),
  };
}

function requireGoogle(config: Config): void {
  if (!config.google) throw AppError.notFound('Google sign-in is not configured');
}

function stringParam(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** The callback's URL carries the authorization code and state: the request log gets the path alone. */
function requestWithoutQuery(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

/** Google sign-in (OpenID Connect authorization code flow with PKCE, state and nonce). */
export const googleRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const tags = ['auth'];

  app.get(
    '/auth/google/start',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Start signing in with Google: redirects to Google (or to /login-error when it cannot be reached)',
        querystring: StartQuery,
        response: { ...errorResponses, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      requireGoogle(deps.config);
      const result = await startGoogleSignIn(deps, auditContext(request), request.query.intent);
      if (result.flowId) {
        reply.setCookie(OAUTH_COOKIE, result.flowId, { ...flowCookieOptions(deps.config), maxAge: FLOW_TTL_MS / 1000 });
      }
      return noStore(reply).redirect(result.location, 302);
    },
  );

  app.get(
    '/auth/google/callback',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Where Google sends the browser back; signs in or up, then redirects into the web app',
        response: { 404: ErrorBody },
      },
      logSerializers: { req: requestWithoutQuery },
    },
    async (request, reply) => {
      requireGoogle(deps.config);
      const params: CallbackRequest['params'] = {};
      for (const name of ['code', 'state', 'iss', 'error'] as const) {
        const value = stringParam(request.query, name);
        if (value !== undefined) params[name] = value;
      }
      const result = await finishGoogleSignIn(deps, auditContext(request), {
        flowId: request.cookies[OAUTH_COOKIE],
        params,
        currentSession: request.cookies[SESSION_COOKIE],
      });
      reply.clearCookie(OAUTH_COOKIE, flowCookieOptions(deps.config));
      if (result.sessionId) setSessionCookie(reply, deps.config, result.sessionId);
      return noStore(reply).header('referrer-policy', 'no-referrer').redirect(result.location, 302);
    },
  );
};

import {
  ErrorBody,
  errorResponses,
  NotificationPreferencesResponse,
  UnsubscribeBody,
  UnsubscribeQuery,
  UnsubscribeResponse,
  UpdateNotificationPreferencesBody,
} from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import { requireSession, type AuthDeps } from '../auth/auth-context.js';
import { getPreferences, updatePreferences } from './preferences.service.js';
import { unsubscribe } from './unsubscribe.service.js';
import { unsubscribePageUrl } from './unsubscribe-token.js';

export interface NotificationRoutesOptions extends AuthDeps {
  now: Clock;
}

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody };

/**
 * The member's notification switches, and the one-click unsubscribe every pool mail carries (RFC 8058;
 * decision 042): a mail client POSTs `List-Unsubscribe=One-Click` form-encoded, with no session and no CSRF
 * token, to the address in the mail's List-Unsubscribe header; the signed token in that address is the
 * authority. A GET of the address (a person, or a mail scanner following links) only leads to the web app's
 * confirm page, so following a link never unsubscribes.
 */
export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const tags = ['notifications'];

  // RFC 8058's body is form-encoded; only this plugin's routes read that encoding.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get(
    '/api/user/notifications',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "The caller's notification switches: the pool mails and the push kinds",
        response: { 200: NotificationPreferencesResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.header('cache-control', 'no-store');
      return { data: await getPreferences(db, session.user.id) };
    },
  );

  app.put(
    '/api/user/notifications',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Changes the switches given and keeps the others',
        body: UpdateNotificationPreferencesBody,
        response: { 200: NotificationPreferencesResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.header('cache-control', 'no-store');
      return { data: await updatePreferences(db, session.user.id, request.body, now()) };
    },
  );

  app.post(
    '/api/notifications/unsubscribe',
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags,
        summary:
          'One-click unsubscribe (RFC 8058): turns off the kind of pool mail the signed token names; ' +
          'body List-Unsubscribe=One-Click (form-encoded or JSON)',
        querystring: UnsubscribeQuery,
        body: UnsubscribeBody,
        response: { 200: UnsubscribeResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await unsubscribe(db, request.query.token, now()) };
    },
  );

  app.get(
    '/api/notifications/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "The unsubscribe address followed as a link: redirects to the web app's confirm page (changes nothing)",
        querystring: UnsubscribeQuery,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = new URL(unsubscribePageUrl('http://x', request.query.token));
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(`${page.pathname}${page.search}`, 303);
    },
  );
};

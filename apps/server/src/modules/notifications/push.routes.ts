import {
  DeletePushSubscriptionBody,
  ErrorBody,
  errorResponses,
  PushPublicKeyResponse,
  PushSubscriptionBody,
  PushSubscriptionDeletedResponse,
  PushSubscriptionResponse,
  PushTestResponse,
} from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import { requireSession, type AuthDeps } from '../auth/auth-context.js';
import { deleteDevice, saveDevice, sendTestPush } from './push.service.js';
import type { WebPushNotifier } from './web-push-notifier.js';

export interface PushRoutesOptions extends AuthDeps {
  now: Clock;
  notifier: WebPushNotifier;
}

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };
const noStore = { 'cache-control': 'no-store' };

/**
 * A member's devices for Web Push (decision 044): the key to subscribe with, storing and removing a device's
 * subscription, and a test push. Every route is the caller's own: no route names another member's device.
 */
export const pushRoutes: FastifyPluginAsyncZod<PushRoutesOptions> = async (app, options) => {
  const { db, now, notifier, limiter } = options;

  app.get(
    '/api/push/public-key',
    {
      config: { access: 'member' },
      schema: {
        tags: ['push'],
        summary:
          "The server's VAPID public key a device subscribes with (members); null when push notifications are " +
          'turned off on this server',
        response: { 200: PushPublicKeyResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      await requireSession(options, request);
      reply.headers(noStore);
      return { data: { public_key: notifier.publicKey } };
    },
  );

  app.post(
    '/api/user/push-subscriptions',
    {
      config: { access: 'member' },
      schema: {
        tags: ['push'],
        summary:
          "Stores this device's push subscription (the browser's PushSubscription JSON) for the caller; an " +
          'endpoint already stored is taken over by the caller (201 new, 200 known). The endpoint must be on a ' +
          "browser vendor's push service (400 otherwise); a member keeps their newest 10 devices. 409 when push is off",
        body: PushSubscriptionBody,
        response: { 200: PushSubscriptionResponse, 201: PushSubscriptionResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const saved = await saveDevice(db, notifier, {
        userId: session.user.id,
        body: request.body,
        userAgent: request.headers['user-agent'],
        now: now(),
      });
      return reply
        .code(saved.created ? 201 : 200)
        .headers(noStore)
        .send({ data: { endpoint: saved.endpoint, created_at: saved.createdAt.toISOString() } });
    },
  );

  app.delete(
    '/api/user/push-subscriptions',
    {
      config: { access: 'member' },
      schema: {
        tags: ['push'],
        summary:
          "Removes one of the caller's devices by its endpoint (400 off the push services' hosts, 404 when it is " +
          "not the caller's)",
        body: DeletePushSubscriptionBody,
        response: { 200: PushSubscriptionDeletedResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      await deleteDevice(db, notifier, { userId: session.user.id, endpoint: request.body.endpoint });
      return reply.headers(noStore).send({ data: { endpoint: request.body.endpoint } });
    },
  );

  app.post(
    '/api/user/push-subscriptions/test',
    {
      config: { access: 'member' },
      schema: {
        tags: ['push'],
        summary:
          "Sends a test notification to each of the caller's devices and says how many it reached (at most 5 a " +
          'minute; 409 when push is off)',
        response: { 200: PushTestResponse, ...memberErrors, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const delivery = await sendTestPush(notifier, limiter, session.user.id);
      return reply.headers(noStore).send({ data: delivery });
    },
  );
};

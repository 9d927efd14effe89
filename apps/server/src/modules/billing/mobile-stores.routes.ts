import { createHash, timingSafeEqual } from 'node:crypto';
import {
  AppleNotificationBody,
  BillingCancelParams,
  BillingSubscriptionResponse,
  ErrorBody,
  errorResponses,
  GooglePlayPushBody,
  GooglePlayPushQuery,
  WebhookReceivedResponse,
} from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AppStoreVerifier } from '../../providers/apple/app-store-verifier.js';
import type { GooglePlayClient } from '../../providers/google-play/google-play-client.js';
import { auditContext, requireSession, type AuthDeps } from '../auth/auth-context.js';
import {
  cancelMobileSubscription,
  receiveAppleNotification,
  receiveGooglePlayNotification,
} from './mobile-stores.service.js';

export interface MobileStoreRoutesOptions extends AuthDeps {
  now: Clock;
  /** The App Store's notification verifier, or null when APPLE_ROOT_CERTS and APPLE_BUNDLE_ID are not set. */
  appStore: AppStoreVerifier | null;
  /** Google Play's API client, or null when Google Play is not configured. */
  googlePlay: GooglePlayClient | null;
}

const tags = ['billing'];

/** The push token, compared in constant time (both hashed first, so their lengths tell nothing either). */
function sameToken(given: string | undefined, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

/** The app stores' notifications and the member's cancel of a store subscription (decision 047). */
export const mobileStoreRoutes: FastifyPluginAsyncZod<MobileStoreRoutesOptions> = async (app, deps) => {
  app.post(
    '/billing/apple/notifications',
    {
      // The App Store calls it: no session and no CSRF token; Apple's signature is what admits it.
      config: { access: 'public', csrf: false },
      // Without the App Store configured there is nothing to receive here, whatever is sent.
      preValidation: async () => {
        if (!deps.appStore) throw AppError.notFound('App Store notifications are not set up on this server');
      },
      schema: {
        tags,
        summary: 'App Store Server Notifications V2: verified against Apple’s root certificates, kept once',
        body: AppleNotificationBody,
        response: { 200: WebhookReceivedResponse, ...errorResponses, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const { duplicate } = await receiveAppleNotification(
        deps.db,
        deps.appStore!,
        request.body.signedPayload,
        deps.now(),
        auditContext(request),
      );
      return { received: true as const, duplicate };
    },
  );

  app.post(
    '/billing/google/notifications',
    {
      // Cloud Pub/Sub pushes it: no session and no CSRF token; the push URL's secret token admits it.
      config: { access: 'public', csrf: false },
      preValidation: async (request) => {
        const play = deps.config.googlePlay;
        if (!deps.googlePlay || !play)
          throw AppError.notFound('Google Play notifications are not set up on this server');
        const token = (request.query as { token?: unknown } | undefined)?.token;
        if (!sameToken(typeof token === 'string' ? token : undefined, play.pushToken)) {
          throw new AppError('UNAUTHORIZED', 'This push does not carry the configured token');
        }
      },
      schema: {
        tags,
        summary: 'Google Play real-time developer notifications (Pub/Sub push): kept once, the purchase fetched again',
        querystring: GooglePlayPushQuery,
        body: GooglePlayPushBody,
        response: {
          200: WebhookReceivedResponse,
          ...errorResponses,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request) => {
      const { duplicate } = await receiveGooglePlayNotification(
        deps.db,
        deps.googlePlay!,
        request.body,
        deps.now(),
        auditContext(request),
      );
      return { received: true as const, duplicate };
    },
  );

  app.post(
    '/billing/mobile/cancel/:billingId/:subscriptionId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Cancels the member’s Google Play subscription (access stays until the paid time ends); an App Store one is cancelled in the member’s Apple ID (409)',
        params: BillingCancelParams,
        response: {
          200: BillingSubscriptionResponse,
          ...errorResponses,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request) => {
      const session = await requireSession(deps, request);
      const data = await cancelMobileSubscription(
        deps.db,
        deps.googlePlay,
        session.user,
        request.params,
        deps.now(),
        auditContext(request),
      );
      return { data };
    },
  );
};

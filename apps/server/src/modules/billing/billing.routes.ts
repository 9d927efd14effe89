import {
  BillingCancelParams,
  BillingPlansQuery,
  BillingPlansResponse,
  BillingSubscription,
  BillingSubscriptionResponse,
  BillingUserResponse,
  CheckSubscriptionsRequiredResponse,
  ErrorBody,
  errorResponses,
  PayPalSubscribeBody,
  WebhookReceivedResponse,
} from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { PayPalClient } from '../../providers/paypal/paypal-client.js';
import { auditContext, requireSession, type AuthDeps } from '../auth/auth-context.js';
import {
  cancelPayPalSubscription,
  checkSubscriptionsRequired,
  listMemberSubscriptions,
  listPlans,
  receivePayPalWebhook,
  subscribeWithPayPal,
} from './billing.service.js';

export interface BillingRoutesOptions extends AuthDeps {
  now: Clock;
  /** PayPal's REST client, or null when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are not set. */
  paypal: PayPalClient | null;
}

const tags = ['billing'];
const memberErrors = { ...errorResponses, 401: ErrorBody, 409: ErrorBody, 503: ErrorBody };

/** The envelope of a PayPal webhook: what the server reads of it before asking PayPal whether it is genuine. */
const PayPalWebhookBody = z
  .object({
    id: z.string().min(1).max(100),
    event_type: z.string().min(1).max(100),
    resource_type: z.string().max(100).optional(),
    create_time: z.string().max(40).optional(),
    resource: z.record(z.string(), z.unknown()),
  })
  .passthrough();

const PayPalTransmissionHeaders = z.object({
  'paypal-auth-algo': z.string().min(1).max(100),
  'paypal-cert-url': z.string().min(1).max(2000),
  'paypal-transmission-id': z.string().min(1).max(200),
  'paypal-transmission-sig': z.string().min(1).max(2000),
  'paypal-transmission-time': z.string().min(1).max(100),
});

/** PayPal's client for a member's call: a server without PayPal cannot sell through it. */
function requirePayPal(paypal: PayPalClient | null): PayPalClient {
  if (!paypal) throw new AppError('UNAVAILABLE', 'PayPal is not set up on this server');
  return paypal;
}

export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, deps) => {
  app.get(
    '/billing/user',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "The member's billing id",
        response: { 200: BillingUserResponse, 401: ErrorBody },
      },
    },
    async (request) => {
      const session = await requireSession(deps, request);
      return { data: { billing_id: session.user.billingId } };
    },
  );

  app.get(
    '/billing/plans',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The plans on sale now, with their price and the PayPal and app-store plan ids',
        querystring: BillingPlansQuery,
        response: { 200: BillingPlansResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await listPlans(deps.db, deps.now(), request.query.platform) }),
  );

  app.get(
    '/billing/subscriptions',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "The member's subscriptions, with their statuses and next billing date",
        response: { 200: z.object({ data: z.array(BillingSubscription) }), ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(deps, request);
      reply.header('cache-control', 'no-store');
      return { data: await listMemberSubscriptions(deps.db, session.user.id) };
    },
  );

  app.post(
    '/billing/paypal/subscribe',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Confirms a subscription the PayPal button approved, with PayPal itself, and grants its access',
        body: PayPalSubscribeBody,
        response: { 200: BillingSubscriptionResponse, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(deps, request);
      if (request.body.billing_id !== session.user.billingId) {
        throw AppError.badRequest('body.billing_id', 'is not your billing id');
      }
      const paypal = requirePayPal(deps.paypal);
      const data = await subscribeWithPayPal(
        deps.db,
        paypal,
        session.user,
        request.body,
        deps.now(),
        auditContext(request),
      );
      return { data };
    },
  );

  app.get(
    '/billing/check-subscriptions-required',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Which subscriptions the member lacks: the membership when none is active, add-ons for books beyond what is covered',
        response: { 200: CheckSubscriptionsRequiredResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(deps, request);
      reply.header('cache-control', 'no-store');
      return { data: await checkSubscriptionsRequired(deps.db, session.user.id, deps.now()) };
    },
  );

  app.post(
    '/billing/paypal/cancel/:billingId/:subscriptionId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "Cancels one of the member's PayPal subscriptions at PayPal, then keeps PayPal's state of it",
        params: BillingCancelParams,
        response: { 200: BillingSubscriptionResponse, ...memberErrors, 404: ErrorBody },
      },
    },
    async (request) => {
      const session = await requireSession(deps, request);
      const data = await cancelPayPalSubscription(
        deps.db,
        deps.paypal,
        session.user,
        request.params,
        deps.now(),
        auditContext(request),
      );
      return { data };
    },
  );

  app.post(
    '/billing/paypal/webhook',
    {
      // PayPal calls it: no session and no CSRF token; PayPal's own signature check is what admits it.
      config: { access: 'public', csrf: false },
      schema: {
        tags,
        summary:
          "PayPal's webhook: verified with PayPal, kept once by event id, then the subscription is fetched again",
        headers: PayPalTransmissionHeaders,
        body: PayPalWebhookBody,
        response: { 200: WebhookReceivedResponse, ...errorResponses, 404: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => {
      // Without PayPal and its webhook id configured there is no webhook to receive here.
      const webhookId = deps.config.paypal?.webhookId;
      const paypal = deps.paypal;
      if (!paypal || !webhookId) throw AppError.notFound('PayPal webhooks are not set up on this server');
      const headers = request.headers;
      const { duplicate } = await receivePayPalWebhook(
        deps.db,
        paypal,
        webhookId,
        {
          authAlgo: headers['paypal-auth-algo'],
          certUrl: headers['paypal-cert-url'],
          transmissionId: headers['paypal-transmission-id'],
          transmissionSig: headers['paypal-transmission-sig'],
          transmissionTime: headers['paypal-transmission-time'],
        },
        request.body,
        deps.now(),
        auditContext(request),
      );
      return { received: true as const, duplicate };
    },
  );
};

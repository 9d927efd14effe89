import {
  AdminBillingStatsResponse,
  BetSyncStatsResponse,
  AdminPlanSubscribersParams,
  AdminPlanSubscribersQuery,
  AdminPlanSubscribersResponse,
  AdminRecentSubscriptionsQuery,
  AdminRecentSubscriptionsResponse,
  AdminSubscriptionExportRow,
  AdminSubscriptionsExportQuery,
  AdminSubscriptionsExportResponse,
  AdminSubscriptionsOverviewQuery,
  AdminSubscriptionsOverviewResponse,
  AdminSubscriptionsSeriesQuery,
  AdminSubscriptionsSeriesResponse,
  ErrorBody,
  errorResponses,
  PayPalProvisionResponse,
  PayPalSyncResponse,
} from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCsv } from '../../lib/admin-list.js';
import type { Clock } from '../../lib/clock.js';
import type { PayPalClient } from '../../providers/paypal/paypal-client.js';
import { auditContext, requireAdmin, type AuthDeps } from '../auth/auth-context.js';
import {
  getBillingStats,
  getOverview,
  getPlanSubscribers,
  getSeries,
  listExportRows,
  listRecent,
} from './admin-billing.service.js';
import { getBetSyncStats } from '../sync/sync-accounts.service.js';
import { provisionPayPalPlans, requirePayPalForAdmin, syncPayPalPlansToDb } from './paypal-plans.service.js';

export interface AdminBillingRoutesOptions extends AuthDeps {
  now: Clock;
  /** PayPal's REST client, or null when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are not set. */
  paypal: PayPalClient | null;
}

const tags = ['admin', 'billing'];
const adminErrors = { 401: ErrorBody, 403: ErrorBody, ...errorResponses };
const EXPORT_COLUMNS = Object.keys(AdminSubscriptionExportRow.shape) as (keyof AdminSubscriptionExportRow)[];

/** The specification's admin billing calls (decision 048); every one is the admin's only. */
export const adminBillingRoutes: FastifyPluginAsyncZod<AdminBillingRoutesOptions> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/billing/admin/stats',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Members, active subscriptions by plan and platform, trials, MRR, revenue of the last 30 days and churn this month (admin)',
        response: { 200: AdminBillingStatsResponse, ...adminErrors },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request);
      reply.header('cache-control', 'no-store');
      return { data: await getBillingStats(db, deps.now()) };
    },
  );

  app.get(
    '/billing/admin/betsync-stats',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Linked sportsbook accounts in all and by book, with and without sync, in their grace, and the bets synced (admin)',
        response: { 200: BetSyncStatsResponse, ...adminErrors },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request);
      reply.header('cache-control', 'no-store');
      return { data: await getBetSyncStats(db, deps.now()) };
    },
  );

  app.get(
    '/billing/admin/subscriptions/recent',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The newest subscriptions with their member and plan, page by page (admin)',
        querystring: AdminRecentSubscriptionsQuery,
        response: { 200: AdminRecentSubscriptionsResponse, ...adminErrors },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request);
      reply.header('cache-control', 'no-store');
      return listRecent(db, request.query.limit, request.query.before);
    },
  );

  app.get(
    '/billing/admin/subscriptions/overview',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Each plan with its subscriptions' counts by status and its latest subscriptions (admin)",
        querystring: AdminSubscriptionsOverviewQuery,
        response: { 200: AdminSubscriptionsOverviewResponse, ...adminErrors },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request);
      reply.header('cache-control', 'no-store');
      return { data: await getOverview(db, request.query.limit) };
    },
  );

  app.get(
    '/billing/admin/plans/:platform/:planId/subscribers',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A plan's subscribers on a platform, by the provider's plan id, page by page (admin)",
        params: AdminPlanSubscribersParams,
        querystring: AdminPlanSubscribersQuery,
        response: { 200: AdminPlanSubscribersResponse, ...adminErrors },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request);
      reply.header('cache-control', 'no-store');
      const { platform, planId } = request.params;
      return getPlanSubscribers(db, platform, planId, request.query.page, request.query.pageSize);
    },
  );

  app.get(
    '/billing/admin/subscriptions/export',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Every subscription as a CSV (formula-safe) or JSON attachment (admin)',
        querystring: AdminSubscriptionsExportQuery,
        response: {
          200: {
            content: {
              'text/csv': { schema: z.string() },
              'application/json': { schema: AdminSubscriptionsExportResponse },
            },
          },
          ...adminErrors,
        },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request);
      const now = deps.now();
      const rows = await listExportRows(db);
      const format = request.query.format;
      const file = `pass-subscriptions-${now.toISOString().slice(0, 10)}.${format}`;
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="${file}"`);
      // Sent as ready text: the JSON is the documented shape, the CSV is not JSON at all.
      if (format === 'json') {
        const body: AdminSubscriptionsExportResponse = { generated_at: now.toISOString(), data: rows };
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
      }
      return reply.type('text/csv; charset=utf-8').send(toCsv(EXPORT_COLUMNS, rows));
    },
  );

  app.get(
    '/billing/admin/subscriptions/series',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'New subscriptions, ended ones and revenue per day or month, for the charts (admin)',
        querystring: AdminSubscriptionsSeriesQuery,
        response: { 200: AdminSubscriptionsSeriesResponse, ...adminErrors },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request);
      reply.header('cache-control', 'no-store');
      return getSeries(db, deps.now(), request.query.interval, request.query.count);
    },
  );

  app.post(
    '/billing/admin/paypal-plans/provision',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "Creates PA$$'s product and plans at PayPal where they are missing (idempotent) and stores their ids (admin)",
        response: { 200: PayPalProvisionResponse, ...adminErrors, 409: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => {
      const session = await requireAdmin(deps, request);
      const paypal = requirePayPalForAdmin(deps.paypal);
      return { data: await provisionPayPalPlans(db, paypal, session.user.id, auditContext(request)) };
    },
  );

  app.post(
    '/billing/admin/paypal-plans/sync-to-db',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Reads PayPal's plans of PA$$'s product and writes their ids into the plans table (admin)",
        response: { 200: PayPalSyncResponse, ...adminErrors, 409: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => {
      const session = await requireAdmin(deps, request);
      const paypal = requirePayPalForAdmin(deps.paypal);
      return { data: await syncPayPalPlansToDb(db, paypal, session.user.id, auditContext(request)) };
    },
  );
};

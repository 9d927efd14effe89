import {
  AdminExportQuery,
  AdminPaging,
  AdminSuspendBody,
  AdminSuspendParams,
  AdminSuspensionResponse,
  ErrorBody,
  errorResponses,
} from '@pass/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendExport } from '../../lib/admin-list.js';
import type { Clock } from '../../lib/clock.js';
import { auditContext, requireAdmin, signalMember, type AuthDeps } from '../auth/auth-context.js';
import {
  auditTable,
  exportAdminTable,
  listAdminTable,
  outboxTable,
  pageViewsTable,
  poolsTable,
  usersTable,
  type AdminTable,
} from './admin-tables.service.js';
import { suspendPool, suspendUser, unsuspendPool, unsuspendUser } from './suspensions.service.js';

const adminErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };
const noStore = { 'cache-control': 'no-store' };

type Deps = AuthDeps & { now: Clock };

/** A table's list and export routes: `/api/admin/tables/<name>` and `/api/admin/tables/<name>/export`. */
function tableRoutes<Query extends z.ZodObject, Row extends Record<string, unknown>>(
  app: FastifyInstance,
  deps: Deps,
  table: AdminTable<Query, Row>,
) {
  const zapp = app.withTypeProvider<ZodTypeProvider>();
  zapp.get(
    `/api/admin/tables/${table.name}`,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `${table.summary}. Sort by ${Object.keys(table.sort).join(', ')} (else 400); page and pageSize (1 and 20, at most 100) (admin)`,
        querystring: table.query.extend(AdminPaging.shape),
        response: { 200: table.response, ...adminErrors },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request);
      reply.headers(noStore);
      return listAdminTable(deps.db, table, request.query as never, deps.now());
    },
  );
  zapp.get(
    `/api/admin/tables/${table.name}/export`,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `Every ${table.name} row the filters match, in the asked order, as a CSV (default) or JSON download (admin)`,
        querystring: table.query.extend(AdminExportQuery.shape),
        response: {
          200: {
            description:
              'A download (Content-Disposition: attachment): CSV (RFC 4180, a header line, cells that open like a ' +
              'formula prefixed with an apostrophe), or with format=json an application/json `{"data": [...]}` ' +
              'of the list’s rows. At most 10000 rows; X-Export-Truncated says when there were more',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...adminErrors,
        },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request);
      const query = request.query as z.infer<Query> & z.infer<typeof AdminExportQuery>;
      const now = deps.now();
      const rows = await exportAdminTable(deps.db, table, query as never, now);
      return sendExport(reply, { name: table.name, format: query.format, columns: table.columns, rows, now });
    },
  );
}

export const adminRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  tableRoutes(app, deps, usersTable);
  tableRoutes(app, deps, poolsTable);
  tableRoutes(app, deps, outboxTable);
  tableRoutes(app, deps, auditTable);
  tableRoutes(app, deps, pageViewsTable);

  const suspension = (
    path: string,
    summary: string,
    act: (request: {
      adminId: number;
      id: number;
      reason: string;
      audit: ReturnType<typeof auditContext>;
    }) => Promise<AdminSuspensionResponse['data']>,
    withReason: boolean,
  ) =>
    app.post(
      path,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary,
          params: AdminSuspendParams,
          ...(withReason ? { body: AdminSuspendBody } : {}),
          response: { 200: AdminSuspensionResponse, ...adminErrors },
        },
      },
      async (request, reply) => {
        const session = await requireAdmin(deps, request);
        reply.headers(noStore);
        const body = request.body as { reason?: string } | undefined;
        const data = await act({
          adminId: session.user.id,
          id: request.params.id,
          reason: body?.reason ?? '',
          audit: auditContext(request),
        });
        return { data };
      },
    );

  suspension(
    '/api/admin/users/:id/suspend',
    'Suspends an account with a reason: it is signed out everywhere and cannot log in until lifted; never ' +
      'the admin’s own or another admin’s (409) (admin)',
    async (input) => {
      const suspended = await suspendUser(deps.db, { ...input, now: deps.now() });
      // Its open sockets close on every instance: their sessions are gone.
      await signalMember(deps, input.id, 'sessions_ended');
      return suspended;
    },
    true,
  );
  suspension(
    '/api/admin/users/:id/unsuspend',
    'Lifts the suspension of an account (admin)',
    (input) => unsuspendUser(deps.db, { ...input, now: deps.now() }),
    false,
  );
  suspension(
    '/api/admin/pools/:id/suspend',
    'Suspends a pool with a reason: read-only for everyone (no picks, invitations or chat posts) until lifted (admin)',
    (input) => suspendPool(deps.db, { ...input, now: deps.now() }),
    true,
  );
  suspension(
    '/api/admin/pools/:id/unsuspend',
    'Lifts the suspension of a pool (admin)',
    (input) => unsuspendPool(deps.db, { ...input, now: deps.now() }),
    false,
  );
};

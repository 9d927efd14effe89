import {
  ADMIN_EXPORT_MAX_ROWS,
  AdminAuditQuery,
  AdminAuditResponse,
  AdminAuditRow,
  AdminOutboxQuery,
  AdminOutboxResponse,
  AdminOutboxRow,
  AdminPageViewRow,
  AdminPageViewsQuery,
  AdminPageViewsResponse,
  AdminPoolRow,
  AdminPoolsQuery,
  AdminPoolsResponse,
  AdminUserRow,
  AdminUsersQuery,
  AdminUsersResponse,
  type AdminPageInfo,
  type AdminPaging,
  type AdminTableName,
  type SortDirection,
} from '@pass/contracts';
import { auditEvents, mailOutbox, pageViews, pools, users, type DbExecutor } from '@pass/db';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import { pageInfo, pageWindow, resolveSort, type SortColumns } from '../../lib/admin-list.js';
import { maskLinkSecrets } from '../mail/mask-secrets.js';
import * as repository from './admin-tables.repository.js';

/**
 * One admin table (decision 049): its query's filters, its rows' shape and CSV columns, its sortable columns
 * and default order, and how to count and read a window of it. The routes and the export are built from it.
 */
export interface AdminTable<Query extends z.ZodObject, Row extends Record<string, unknown>> {
  name: AdminTableName;
  summary: string;
  query: Query;
  response: z.ZodType;
  /** The export's columns, in order: the row's fields. */
  columns: readonly (keyof Row & string)[];
  sort: SortColumns;
  defaultSort: { column: string; dir: SortDirection };
  tieBreak: SQLWrapper;
  count(db: DbExecutor, query: z.infer<Query>, now: Date): Promise<number>;
  rows(db: DbExecutor, query: z.infer<Query>, window: repository.Window, now: Date): Promise<Row[]>;
}

const columnsOf = <Row extends z.ZodObject>(row: Row) => Object.keys(row.shape) as (keyof z.infer<Row> & string)[];

const sinceDay = (query: AdminPageViewsQuery, now: Date) =>
  new Date(now.getTime() - (query.days - 1) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

export const usersTable: AdminTable<typeof AdminUsersQuery, AdminUserRow> = {
  name: 'users',
  summary: 'Accounts: search by username, email or name; status active, suspended, unverified or admin',
  query: AdminUsersQuery,
  response: AdminUsersResponse,
  columns: columnsOf(AdminUserRow),
  sort: repository.USER_SORT,
  defaultSort: { column: 'created_at', dir: 'desc' },
  tieBreak: users.id,
  count: (db, query) => repository.countUsers(db, query),
  rows: (db, query, window) => repository.listUsers(db, query, window),
};

export const poolsTable: AdminTable<typeof AdminPoolsQuery, AdminPoolRow> = {
  name: 'pools',
  summary: "Pools: search by name or Lifeguard's username; status open, ended or suspended",
  query: AdminPoolsQuery,
  response: AdminPoolsResponse,
  columns: columnsOf(AdminPoolRow),
  sort: repository.POOL_SORT,
  defaultSort: { column: 'created_at', dir: 'desc' },
  tieBreak: pools.id,
  count: (db, query) => repository.countPools(db, query),
  rows: (db, query, window) => repository.listPools(db, query, window),
};

export const outboxTable: AdminTable<typeof AdminOutboxQuery, AdminOutboxRow> = {
  name: 'outbox',
  summary: 'Mail in the outbox, links masked: search by address or subject; status sent, waiting or failed',
  query: AdminOutboxQuery,
  response: AdminOutboxResponse,
  columns: columnsOf(AdminOutboxRow),
  sort: repository.OUTBOX_SORT,
  defaultSort: { column: 'id', dir: 'desc' },
  tieBreak: mailOutbox.id,
  count: (db, query) => repository.countOutbox(db, query),
  rows: async (db, query, window) =>
    (await repository.listOutbox(db, query, window)).map((row) => ({ ...row, subject: maskLinkSecrets(row.subject) })),
};

export const auditTable: AdminTable<typeof AdminAuditQuery, AdminAuditRow> = {
  name: 'audit',
  summary: 'The audit log: search by event, username or detail; filter by event and user id',
  query: AdminAuditQuery,
  response: AdminAuditResponse,
  columns: columnsOf(AdminAuditRow),
  sort: repository.AUDIT_SORT,
  defaultSort: { column: 'id', dir: 'desc' },
  tieBreak: auditEvents.id,
  count: (db, query) => repository.countAudit(db, query),
  rows: (db, query, window) => repository.listAudit(db, query, window),
};

export const pageViewsTable: AdminTable<typeof AdminPageViewsQuery, AdminPageViewRow> = {
  name: 'page-views',
  summary: 'Page views per route, query and day over the last `days` days (default 30): search by route or query',
  query: AdminPageViewsQuery,
  response: AdminPageViewsResponse,
  columns: columnsOf(AdminPageViewRow),
  sort: repository.PAGE_VIEW_SORT,
  defaultSort: { column: 'views', dir: 'desc' },
  tieBreak: sql`${pageViews.route}, ${pageViews.query}, ${pageViews.day}`,
  count: (db, query, now) => repository.countPageViews(db, query, sinceDay(query, now)),
  rows: (db, query, window, now) => repository.listPageViews(db, query, sinceDay(query, now), window),
};

/** Every admin table, in the order of the admin's menu. */
export const ADMIN_TABLE_LIST = [usersTable, poolsTable, outboxTable, auditTable, pageViewsTable] as const;

/** A page of a table, filtered and sorted as asked. */
export async function listAdminTable<Query extends z.ZodObject, Row extends Record<string, unknown>>(
  db: DbExecutor,
  table: AdminTable<Query, Row>,
  query: z.infer<Query> & AdminPaging & { sort?: string | undefined; dir?: SortDirection | undefined },
  now: Date,
): Promise<AdminPageInfo & { data: Row[] }> {
  // The sort is checked before anything is read.
  const sort = resolveSort(table.sort, query, table.defaultSort, table.tieBreak);
  const total = await table.count(db, query, now);
  const data = await table.rows(db, query, { orderBy: sort.orderBy, ...pageWindow(query) }, now);
  return { ...pageInfo(query, total, sort), data };
}

/** Every row of a table the filters match, in the asked order, up to one more than an export holds. */
export async function exportAdminTable<Query extends z.ZodObject, Row extends Record<string, unknown>>(
  db: DbExecutor,
  table: AdminTable<Query, Row>,
  query: z.infer<Query> & { sort?: string | undefined; dir?: SortDirection | undefined },
  now: Date,
): Promise<Row[]> {
  const sort = resolveSort(table.sort, query, table.defaultSort, table.tieBreak);
  return table.rows(db, query, { orderBy: sort.orderBy, limit: ADMIN_EXPORT_MAX_ROWS + 1, offset: 0 }, now);
}

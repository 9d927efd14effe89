import { z } from 'zod';
import { idParam, SingleLine } from './boundary.js';

/**
 * The admin's data tables (decision 049): one list endpoint per table under `/api/admin/tables/…`, each with
 * a text search, its own filters, a sort by one of its whitelisted columns, paging, and an export of every
 * matching row as CSV or JSON. Other admin lists (billing's subscribers) take the same paging and export
 * parameters from here.
 */

/** The specification's admin list defaults (section 9): page 1, 20 rows a page; at most 100 a page. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** The most rows one export holds; the export says when it stopped there (`X-Export-Truncated`). */
export const ADMIN_EXPORT_MAX_ROWS = 10_000;

export const SortDirection = z.enum(['asc', 'desc'], { error: 'must be asc or desc' });
export type SortDirection = z.infer<typeof SortDirection>;

/** Paging as the admin lists take it: `page` from 1, `pageSize` 1 to 100 (defaults 1 and 20). */
export const AdminPaging = z.object({
  page: z.coerce
    .number({ error: 'must be a page number from 1' })
    .int('must be a page number from 1')
    .min(1, 'must be a page number from 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(1),
  pageSize: z.coerce
    .number({ error: `must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}` })
    .int(`must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}`)
    .min(1, `must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}`)
    .max(ADMIN_PAGE_SIZE_MAX, `must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}`)
    .default(ADMIN_PAGE_SIZE),
});
export type AdminPaging = z.infer<typeof AdminPaging>;

/**
 * What every admin table takes besides its own filters: a text search (`q`), and a sort column with its
 * direction. The column is checked against the table's whitelist by the server: any other is a 400 whose
 * field is `querystring.sort` and whose reason is `not_sortable`.
 */
export const AdminListBase = z.object({
  q: SingleLine.trim().max(200, 'must be at most 200 characters').optional(),
  sort: SingleLine.max(64, 'must be a column name').optional(),
  dir: SortDirection.optional(),
});

export const ExportFormat = z.enum(['csv', 'json'], { error: 'must be csv or json' });
export type ExportFormat = z.infer<typeof ExportFormat>;

/** The export's own parameter; it takes the list's filters and sort, never its paging. */
export const AdminExportQuery = z.object({ format: ExportFormat.default('csv') });

/** The page a list answers with: which page, its size, the rows matching in all, and the sort applied. */
export const AdminPageInfo = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  sort: z.string(),
  dir: SortDirection,
});
export type AdminPageInfo = z.infer<typeof AdminPageInfo>;

const listResponse = <Row extends z.ZodType>(row: Row) => AdminPageInfo.extend({ data: z.array(row) });

// ---------------------------------------------------------------------------------------------------------
// The tables

/** The admin tables by name, in the order of the admin's menu (the web app adds its own sections around them). */
export const ADMIN_TABLES = ['users', 'pools', 'outbox', 'audit', 'page-views'] as const;
export const AdminTableName = z.enum(ADMIN_TABLES);
export type AdminTableName = z.infer<typeof AdminTableName>;

export const AdminUserStatus = z.enum(['active', 'suspended', 'unverified', 'admin'], {
  error: 'must be active, suspended, unverified or admin',
});
export const AdminUsersQuery = AdminListBase.extend({ status: AdminUserStatus.optional() });
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;
/** An account as the admin sees it: never its password hash, tokens or sessions. */
export const AdminUserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  is_admin: z.boolean(),
  verified: z.boolean(),
  pools_hosted: z.number().int(),
  created_at: z.string(),
  suspended_at: z.string().nullable(),
  suspended_reason: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;
export const AdminUsersResponse = listResponse(AdminUserRow);
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

export const AdminPoolStatus = z.enum(['open', 'ended', 'suspended'], { error: 'must be open, ended or suspended' });
export const AdminPoolsQuery = AdminListBase.extend({ status: AdminPoolStatus.optional() });
export type AdminPoolsQuery = z.infer<typeof AdminPoolsQuery>;
export const AdminPoolRow = z.object({
  id: z.number().int(),
  name: z.string(),
  sport: z.string(),
  season: z.number().int(),
  lifeguard_id: z.number().int(),
  lifeguard: z.string(),
  members: z.number().int(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  suspended_at: z.string().nullable(),
  suspended_reason: z.string().nullable(),
});
export type AdminPoolRow = z.infer<typeof AdminPoolRow>;
export const AdminPoolsResponse = listResponse(AdminPoolRow);
export type AdminPoolsResponse = z.infer<typeof AdminPoolsResponse>;

export const AdminOutboxStatus = z.enum(['sent', 'waiting', 'failed'], { error: 'must be sent, waiting or failed' });
export const AdminOutboxQuery = AdminListBase.extend({ status: AdminOutboxStatus.optional() });
export type AdminOutboxQuery = z.infer<typeof AdminOutboxQuery>;
/** A mail of the outbox, its subject's links masked; the body is read at `GET /api/admin/outbox`. */
export const AdminOutboxRow = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type AdminOutboxRow = z.infer<typeof AdminOutboxRow>;
export const AdminOutboxResponse = listResponse(AdminOutboxRow);
export type AdminOutboxResponse = z.infer<typeof AdminOutboxResponse>;

export const AdminAuditQuery = AdminListBase.extend({
  event: SingleLine.max(64, 'must be an event name').optional(),
  user_id: idParam('a user id').optional(),
});
export type AdminAuditQuery = z.infer<typeof AdminAuditQuery>;
export const AdminAuditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  event: z.string(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
  /** The event's detail as JSON text (identifiers only: never a password, token or cookie). */
  detail: z.string(),
});
export type AdminAuditRow = z.infer<typeof AdminAuditRow>;
export const AdminAuditResponse = listResponse(AdminAuditRow);
export type AdminAuditResponse = z.infer<typeof AdminAuditResponse>;

export const AdminPageViewsQuery = AdminListBase.extend({
  days: z.coerce
    .number({ error: 'must be a number of days from 1 to 366' })
    .int('must be a number of days from 1 to 366')
    .min(1, 'must be a number of days from 1 to 366')
    .max(366, 'must be a number of days from 1 to 366')
    .default(30),
});
export type AdminPageViewsQuery = z.infer<typeof AdminPageViewsQuery>;
export const AdminPageViewRow = z.object({
  route: z.string(),
  query: z.string(),
  day: z.string(),
  views: z.number().int(),
});
export type AdminPageViewRow = z.infer<typeof AdminPageViewRow>;
export const AdminPageViewsResponse = listResponse(AdminPageViewRow);
export type AdminPageViewsResponse = z.infer<typeof AdminPageViewsResponse>;

// ---------------------------------------------------------------------------------------------------------
// Suspensions

export const AdminSuspendParams = z.object({ id: idParam() });
export type AdminSuspendParams = z.infer<typeof AdminSuspendParams>;

export const SUSPENSION_REASON_MAX = 500;
export const AdminSuspendBody = z.object({
  reason: SingleLine.trim()
    .min(1, 'must say why')
    .max(SUSPENSION_REASON_MAX, `must be at most ${SUSPENSION_REASON_MAX} characters`),
});
export type AdminSuspendBody = z.infer<typeof AdminSuspendBody>;

/** A suspension as it stands after the request: null once lifted. */
export const AdminSuspensionResponse = z.object({
  data: z.object({
    id: z.number().int(),
    suspended: z.object({ at: z.string(), reason: z.string() }).nullable(),
  }),
});
export type AdminSuspensionResponse = z.infer<typeof AdminSuspensionResponse>;

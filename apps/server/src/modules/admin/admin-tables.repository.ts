import type {
  AdminAuditQuery,
  AdminOutboxQuery,
  AdminPageViewsQuery,
  AdminPoolsQuery,
  AdminUsersQuery,
} from '@pass/contracts';
import { and, eq, gte, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { auditEvents, mailOutbox, pageViews, poolMembers, pools, users, type DbExecutor } from '@pass/db';
import { containsPattern, type SortColumns } from '../../lib/admin-list.js';

/**
 * The SQL of the admin's tables (decision 049). Each table gives its filter (the WHERE of its query), its
 * whitelist of sortable columns, and a page of rows in its API shape. Only the columns listed here are read:
 * never a password hash, a token hash or a session.
 */

export interface Window {
  orderBy: SQL[];
  limit: number;
  offset: number;
}

const countAll = sql<number>`count(*)`.mapWith(Number);
const first = (rows: { n: number }[]) => rows[0]?.n ?? 0;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

// ---------------------------------------------------------------------------------------------------------
// Users

const poolsHosted = sql<number>`(select count(*) from ${pools} where ${pools.lifeguardId} = ${users.id})`.mapWith(
  Number,
);

export const USER_SORT: SortColumns = {
  id: users.id,
  username: sql`lower(${users.username})`,
  email: users.email,
  name: sql`lower(${users.name})`,
  created_at: users.createdAt,
  suspended_at: users.suspendedAt,
  pools_hosted: poolsHosted,
};

function usersWhere(query: AdminUsersQuery): SQL | undefined {
  const text = query.q ? containsPattern(query.q) : null;
  return and(
    text ? or(ilike(users.username, text), ilike(users.email, text), ilike(users.name, text)) : undefined,
    query.status === 'suspended' ? isNotNull(users.suspendedAt) : undefined,
    query.status === 'active' ? and(isNull(users.suspendedAt), isNotNull(users.emailVerifiedAt)) : undefined,
    query.status === 'unverified' ? isNull(users.emailVerifiedAt) : undefined,
    query.status === 'admin' ? eq(users.isAdmin, true) : undefined,
  );
}

export const countUsers = async (db: DbExecutor, query: AdminUsersQuery) =>
  first(await db.select({ n: countAll }).from(users).where(usersWhere(query)));

export async function listUsers(db: DbExecutor, query: AdminUsersQuery, window: Window) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      name: users.name,
      isAdmin: users.isAdmin,
      emailVerifiedAt: users.emailVerifiedAt,
      poolsHosted,
      createdAt: users.createdAt,
      suspendedAt: users.suspendedAt,
      suspendedReason: users.suspendedReason,
    })
    .from(users)
    .where(usersWhere(query))
    .orderBy(...window.orderBy)
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    is_admin: row.isAdmin,
    verified: row.emailVerifiedAt !== null,
    pools_hosted: row.poolsHosted,
    created_at: row.createdAt.toISOString(),
    suspended_at: iso(row.suspendedAt),
    suspended_reason: row.suspendedReason,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Pools

const poolMemberCount = sql<number>`(select count(*) from ${poolMembers}
  where ${poolMembers.poolId} = ${pools.id} and ${poolMembers.leftAt} is null and ${poolMembers.removedAt} is null)`.mapWith(
  Number,
);

export const POOL_SORT: SortColumns = {
  id: pools.id,
  name: sql`lower(${pools.name})`,
  sport: pools.sport,
  season: pools.season,
  lifeguard: sql`lower(${users.username})`,
  members: poolMemberCount,
  created_at: pools.createdAt,
  ended_at: pools.endedAt,
  suspended_at: pools.suspendedAt,
};

function poolsWhere(query: AdminPoolsQuery): SQL | undefined {
  const text = query.q ? containsPattern(query.q) : null;
  return and(
    text ? or(ilike(pools.name, text), ilike(users.username, text)) : undefined,
    query.status === 'suspended' ? isNotNull(pools.suspendedAt) : undefined,
    query.status === 'open' ? and(isNull(pools.endedAt), isNull(pools.suspendedAt)) : undefined,
    query.status === 'ended' ? isNotNull(pools.endedAt) : undefined,
  );
}

export const countPools = async (db: DbExecutor, query: AdminPoolsQuery) =>
  first(
    await db
      .select({ n: countAll })
      .from(pools)
      .innerJoin(users, eq(users.id, pools.lifeguardId))
      .where(poolsWhere(query)),
  );

export async function listPools(db: DbExecutor, query: AdminPoolsQuery, window: Window) {
  const rows = await db
    .select({
      id: pools.id,
      name: pools.name,
      sport: pools.sport,
      season: pools.season,
      lifeguardId: pools.lifeguardId,
      lifeguard: users.username,
      members: poolMemberCount,
      createdAt: pools.createdAt,
      endedAt: pools.endedAt,
      suspendedAt: pools.suspendedAt,
      suspendedReason: pools.suspendedReason,
    })
    .from(pools)
    .innerJoin(users, eq(users.id, pools.lifeguardId))
    .where(poolsWhere(query))
    .orderBy(...window.orderBy)
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    sport: row.sport,
    season: row.season,
    lifeguard_id: row.lifeguardId,
    lifeguard: row.lifeguard,
    members: row.members,
    created_at: row.createdAt.toISOString(),
    ended_at: iso(row.endedAt),
    suspended_at: iso(row.suspendedAt),
    suspended_reason: row.suspendedReason,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Outbox

export const OUTBOX_SORT: SortColumns = {
  id: mailOutbox.id,
  to: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  created_at: mailOutbox.createdAt,
  sent_at: mailOutbox.sentAt,
};

function outboxWhere(query: AdminOutboxQuery): SQL | undefined {
  const text = query.q ? containsPattern(query.q) : null;
  return and(
    text ? or(ilike(mailOutbox.toAddress, text), ilike(mailOutbox.subject, text)) : undefined,
    query.status === 'sent' ? isNotNull(mailOutbox.sentAt) : undefined,
    query.status === 'waiting' ? and(isNull(mailOutbox.sentAt), isNull(mailOutbox.error)) : undefined,
    query.status === 'failed' ? and(isNull(mailOutbox.sentAt), isNotNull(mailOutbox.error)) : undefined,
  );
}

export const countOutbox = async (db: DbExecutor, query: AdminOutboxQuery) =>
  first(await db.select({ n: countAll }).from(mailOutbox).where(outboxWhere(query)));

/** The mail's subject as stored: the caller masks its links before anyone sees it. */
export async function listOutbox(db: DbExecutor, query: AdminOutboxQuery, window: Window) {
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      error: mailOutbox.error,
    })
    .from(mailOutbox)
    .where(outboxWhere(query))
    .orderBy(...window.orderBy)
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    error: row.error,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Audit log

export const AUDIT_SORT: SortColumns = {
  id: auditEvents.id,
  at: auditEvents.createdAt,
  event: auditEvents.event,
  user_id: auditEvents.userId,
  username: sql`lower(${users.username})`,
};

function auditWhere(query: AdminAuditQuery): SQL | undefined {
  const text = query.q ? containsPattern(query.q) : null;
  return and(
    text
      ? or(ilike(auditEvents.event, text), ilike(users.username, text), ilike(sql`${auditEvents.detail}::text`, text))
      : undefined,
    query.event ? eq(auditEvents.event, query.event) : undefined,
    query.user_id === undefined ? undefined : eq(auditEvents.userId, query.user_id),
  );
}

export const countAudit = async (db: DbExecutor, query: AdminAuditQuery) =>
  first(
    await db
      .select({ n: countAll })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.userId))
      .where(auditWhere(query)),
  );

export async function listAudit(db: DbExecutor, query: AdminAuditQuery, window: Window) {
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.createdAt,
      event: auditEvents.event,
      userId: auditEvents.userId,
      username: users.username,
      ip: auditEvents.ip,
      requestId: auditEvents.requestId,
      detail: auditEvents.detail,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.userId))
    .where(auditWhere(query))
    .orderBy(...window.orderBy)
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    event: row.event,
    user_id: row.userId,
    username: row.username,
    ip: row.ip,
    request_id: row.requestId,
    detail: JSON.stringify(row.detail ?? {}),
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Page views

export const PAGE_VIEW_SORT: SortColumns = {
  route: pageViews.route,
  query: pageViews.query,
  day: pageViews.day,
  views: pageViews.views,
};

function pageViewsWhere(query: AdminPageViewsQuery, sinceDay: string): SQL | undefined {
  const text = query.q ? containsPattern(query.q) : null;
  return and(
    gte(pageViews.day, sinceDay),
    text ? or(ilike(pageViews.route, text), ilike(pageViews.query, text)) : undefined,
  );
}

export const countPageViews = async (db: DbExecutor, query: AdminPageViewsQuery, sinceDay: string) =>
  first(await db.select({ n: countAll }).from(pageViews).where(pageViewsWhere(query, sinceDay)));

export async function listPageViews(db: DbExecutor, query: AdminPageViewsQuery, sinceDay: string, window: Window) {
  const rows = await db
    .select({
      route: pageViews.route,
      query: pageViews.query,
      day: sql<string>`to_char(${pageViews.day}, 'YYYY-MM-DD')`,
      views: pageViews.views,
    })
    .from(pageViews)
    .where(pageViewsWhere(query, sinceDay))
    .orderBy(...window.orderBy)
    .limit(window.limit)
    .offset(window.offset);
  return rows;
}

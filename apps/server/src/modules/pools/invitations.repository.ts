import { auditEvents, poolInvitations, pools, users, type DbExecutor } from '@pass/db';
import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { PoolRow } from './pools.repository.js';

/** The SQL of a pool's invitations and shareable links, and of the invitations refused over the per-address limit. */

export type InvitationRow = typeof poolInvitations.$inferSelect;

/**
 * Every address a Lifeguard has mailed an invitation to, with when: the per-address limit compares them in
 * their canonical form (the domain's rule, so no copy of it in SQL), and the rate limit counts them by time.
 * Bounded by the rate limit itself: at most a day's worth of invitations for each day the account has lived.
 */
export async function listMailedInvitations(
  db: DbExecutor,
  inviterId: number,
): Promise<{ email: string; createdAt: Date }[]> {
  const rows = await db
    .select({ email: poolInvitations.email, createdAt: poolInvitations.createdAt })
    .from(poolInvitations)
    .where(and(eq(poolInvitations.inviterId, inviterId), isNotNull(poolInvitations.email)));
  return rows.map((row) => ({ email: row.email!, createdAt: row.createdAt }));
}

export async function insertInvitation(
  db: DbExecutor,
  values: Pick<InvitationRow, 'poolId' | 'inviterId' | 'email' | 'tokenHash' | 'createdAt' | 'expiresAt'>,
): Promise<InvitationRow> {
  const [row] = await db.insert(poolInvitations).values(values).returning();
  return row!;
}

/** The pool's invitations, newest first. */
export async function listInvitations(db: DbExecutor, poolId: number): Promise<InvitationRow[]> {
  return db
    .select()
    .from(poolInvitations)
    .where(eq(poolInvitations.poolId, poolId))
    .orderBy(desc(poolInvitations.createdAt), desc(poolInvitations.id));
}

/** Revokes the pool's shareable links still open. */
export async function revokeLinks(db: DbExecutor, poolId: number, now: Date): Promise<void> {
  await db
    .update(poolInvitations)
    .set({ revokedAt: now })
    .where(and(eq(poolInvitations.poolId, poolId), isNull(poolInvitations.email), isNull(poolInvitations.revokedAt)));
}

/** The invitation a token opens, with its pool locked for the rest of the transaction. */
/** The invitation with its pool, read without a lock (the invitation's page, and the checks before any work). */
export async function findInvitation(
  db: DbExecutor,
  tokenHash: string,
): Promise<{ invitation: InvitationRow; pool: PoolRow } | null> {
  const [row] = await db
    .select({ invitation: poolInvitations, pool: pools })
    .from(poolInvitations)
    .innerJoin(pools, eq(pools.id, poolInvitations.poolId))
    .where(eq(poolInvitations.tokenHash, tokenHash));
  return row ?? null;
}

/** A pool's Lifeguard as the invitation's page names them: username and display name. */
export async function getLifeguard(
  db: DbExecutor,
  userId: number,
): Promise<{ username: string; name: string | null } | null> {
  const [row] = await db.select({ username: users.username, name: users.name }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function findInvitationForUpdate(
  db: DbExecutor,
  tokenHash: string,
): Promise<{ invitation: InvitationRow; pool: PoolRow } | null> {
  const [row] = await db
    .select({ invitation: poolInvitations, pool: pools })
    .from(poolInvitations)
    .innerJoin(pools, eq(pools.id, poolInvitations.poolId))
    .where(eq(poolInvitations.tokenHash, tokenHash))
    .for('update');
  return row ?? null;
}

export async function markInvitationUsed(db: DbExecutor, invitationId: number, userId: number, now: Date) {
  await db
    .update(poolInvitations)
    .set({ usedAt: now, usedBy: userId })
    .where(and(eq(poolInvitations.id, invitationId), isNotNull(poolInvitations.email)));
}

/** The audit event that records an invitation refused over the per-address limit (invitations.service). */
const INVITATION_REFUSED = 'pool_invitation_refused';

export interface InvitationRefusalRow {
  id: number;
  createdAt: Date;
  lifeguardId: number;
  username: string | null;
  /** Every refusal of the Lifeguard's invitations. */
  refusals: number;
  /** Whether the admin has suspended the Lifeguard's account. */
  lifeguardSuspended: boolean;
  poolId: number | null;
  email: string;
}

/**
 * The refused invitations, newest first, from the audit log: each with its Lifeguard's name and count of
 * refusals in all. `before` (a refusal's id) pages back.
 */
export async function listInvitationRefusals(
  db: DbExecutor,
  page: { limit: number; before?: number | undefined },
): Promise<InvitationRefusalRow[]> {
  const mine = sql`${auditEvents.event} = ${INVITATION_REFUSED}`;
  const rows = await db
    .select({
      id: auditEvents.id,
      createdAt: auditEvents.createdAt,
      lifeguardId: auditEvents.userId,
      username: users.username,
      lifeguardSuspended: sql<boolean>`${users.suspendedAt} is not null`.mapWith(Boolean),
      refusals: sql<number>`(select count(*) from ${auditEvents} as every
        where every.event = ${INVITATION_REFUSED} and every.user_id = ${auditEvents.userId})`.mapWith(Number),
      // Written by invite() as a number; anything else reads as no pool rather than failing the page.
      poolId: sql<number | null>`case when ${auditEvents.detail}->>'poolId' ~ '^[0-9]{1,9}$'
        then (${auditEvents.detail}->>'poolId')::integer end`,
      email: sql<string>`coalesce(${auditEvents.detail}->>'email', '')`,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.userId))
    .where(
      and(mine, isNotNull(auditEvents.userId), page.before === undefined ? undefined : lt(auditEvents.id, page.before)),
    )
    .orderBy(desc(auditEvents.id))
    .limit(page.limit);
  return rows.map((row) => ({
    ...row,
    lifeguardId: row.lifeguardId!,
    poolId: row.poolId === null ? null : Number(row.poolId),
  }));
}

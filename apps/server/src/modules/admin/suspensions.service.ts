import type { AdminSuspensionResponse } from '@pass/contracts';
import { pools, sessions, users, type Database } from '@pass/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../errors.js';
import { recordAuditEvent, type AuditContext } from '../audit/audit.service.js';

/**
 * Suspensions (decision 049): the admin suspends an account or a pool with a reason, and lifts it. A
 * suspended account cannot log in and its sessions end at once; a suspended pool is read-only for everyone.
 * Each change is audited in the same transaction.
 */

type Suspension = AdminSuspensionResponse['data'];

const view = (row: { id: number; suspendedAt: Date | null; suspendedReason: string | null }): Suspension => ({
  id: row.id,
  suspended: row.suspendedAt ? { at: row.suspendedAt.toISOString(), reason: row.suspendedReason ?? '' } : null,
});

export interface SuspensionInput {
  adminId: number;
  id: number;
  now: Date;
  audit: AuditContext;
}

/** Suspends an account and ends its sessions; suspending it again only replaces the reason. */
export function suspendUser(db: Database, input: SuspensionInput & { reason: string }): Promise<Suspension> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, input.id)).for('update');
    if (!user) throw AppError.notFound('No such account');
    if (user.id === input.adminId) {
      throw new AppError('CONFLICT', 'You cannot suspend your own account', [
        { field: 'params.id', message: 'is your own account', reason: 'own_account' },
      ]);
    }
    if (user.isAdmin) {
      throw new AppError('CONFLICT', 'An admin account cannot be suspended: the operator revokes the role first', [
        { field: 'params.id', message: 'is an admin account', reason: 'admin_account' },
      ]);
    }
    const [updated] = await tx
      .update(users)
      .set({ suspendedAt: user.suspendedAt ?? input.now, suspendedReason: input.reason, updatedAt: input.now })
      .where(eq(users.id, user.id))
      .returning();
    // Signed out everywhere at once: no session of the account outlives the suspension's start.
    const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.idHash });
    await recordAuditEvent(tx, input.audit, 'account_suspended', user.id, {
      by: input.adminId,
      reason: input.reason,
      sessionsEnded: ended.length,
    });
    return view(updated!);
  });
}

export function unsuspendUser(db: Database, input: SuspensionInput): Promise<Suspension> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, input.id)).for('update');
    if (!user) throw AppError.notFound('No such account');
    if (!user.suspendedAt) return view(user);
    const [updated] = await tx
      .update(users)
      .set({ suspendedAt: null, suspendedReason: null, updatedAt: input.now })
      .where(eq(users.id, user.id))
      .returning();
    await recordAuditEvent(tx, input.audit, 'account_unsuspended', user.id, { by: input.adminId });
    return view(updated!);
  });
}

/** Suspends a pool: read-only for everyone until lifted. Suspending it again only replaces the reason. */
export function suspendPool(db: Database, input: SuspensionInput & { reason: string }): Promise<Suspension> {
  return db.transaction(async (tx) => {
    const [pool] = await tx.select().from(pools).where(eq(pools.id, input.id)).for('update');
    if (!pool) throw AppError.notFound('No such pool');
    const [updated] = await tx
      .update(pools)
      .set({ suspendedAt: pool.suspendedAt ?? input.now, suspendedReason: input.reason, updatedAt: input.now })
      .where(eq(pools.id, pool.id))
      .returning();
    await recordAuditEvent(tx, input.audit, 'pool_suspended', input.adminId, {
      poolId: pool.id,
      lifeguardId: pool.lifeguardId,
      reason: input.reason,
    });
    return view(updated!);
  });
}

export function unsuspendPool(db: Database, input: SuspensionInput): Promise<Suspension> {
  return db.transaction(async (tx) => {
    const [pool] = await tx.select().from(pools).where(eq(pools.id, input.id)).for('update');
    if (!pool) throw AppError.notFound('No such pool');
    if (!pool.suspendedAt) return view(pool);
    const [updated] = await tx
      .update(pools)
      .set({ suspendedAt: null, suspendedReason: null, updatedAt: input.now })
      .where(eq(pools.id, pool.id))
      .returning();
    await recordAuditEvent(tx, input.audit, 'pool_unsuspended', input.adminId, { poolId: pool.id });
    return view(updated!);
  });
}

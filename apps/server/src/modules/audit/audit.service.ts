import type { FastifyBaseLogger } from 'fastify';
import { auditEvents, type DbExecutor } from '@pass/db';

export type AuditEvent =
  | 'signup'
  | 'signup_existing_email'
  | 'signup_notice_sent'
  | 'login'
  | 'login_failed'
  | 'login_locked'
  | 'login_unverified'
  /** A correct password for an account the admin has suspended: no session (decision 049). */
  | 'login_suspended'
  | 'logout'
  /** The member signed out their other devices. */
  | 'logout_others'
  | 'session_expired'
  | 'email_verified'
  | 'verification_sent'
  | 'password_reset_requested'
  | 'password_reset'
  | 'password_changed'
  | 'profile_updated'
  | 'email_change_requested'
  | 'email_changed'
  | 'email_reverted'
  | 'mail_limited'
  | 'google_login'
  | 'google_signup'
  | 'google_refused'
  /** A request to an admin endpoint, recorded before the endpoint acts. */
  | 'admin_request'
  /** The operator's command line (`npm run admin`). */
  | 'admin_created'
  | 'admin_granted'
  | 'admin_revoked'
  | 'admin_outbox_read'
  /** A Lifeguard's invitation over the per-address limit, refused and kept for the admin (DESIGN.md section 6). */
  | 'pool_invitation_refused'
  /**
   * A Lifeguard ran a pool again as next season's (its members invited at once). Its detail (`poolId`,
   * `nextPoolId`) is also how a retry finds the pool the first request made (decision 030).
   */
  | 'pool_run_again'
  /** A member gained or lost access through a subscription's state at its provider (decision 045). */
  | 'billing_access_granted'
  | 'billing_access_lost'
  /** A webhook the provider did not vouch for: refused, nothing changed. */
  | 'billing_webhook_refused'
  /** The admin suspended or lifted the suspension of an account or a pool (decision 049). */
  | 'account_suspended'
  | 'account_unsuspended'
  | 'pool_suspended'
  | 'pool_unsuspended'
  /** The admin provisioned PayPal's product and plans, or read PayPal's plan ids into billing_plans (decision 048). */
  | 'billing_plans_provisioned'
  | 'billing_plans_synced'
  /** A member linked or unlinked a sportsbook account for sync, or one of its client tokens (decision 051). */
  | 'sync_account_linked'
  | 'sync_account_unlinked'
  | 'sync_token_created'
  | 'sync_token_revoked'
  /** The access job turned a linked account's sync off (grace over, uncovered) or on again (decision 051). */
  | 'sync_access_changed';

/** Where an event came from: a request (its id and address), or the command line (neither). */
export interface AuditContext {
  requestId: string | null;
  ip: string | null;
  log: Pick<FastifyBaseLogger, 'info'>;
  /** Recorded with every event of this context: who ran a command, say. */
  detail?: Record<string, string | number | boolean | null>;
}

/**
 * Records a security event in the audit table and the log, with the user id, time and request id.
 * Callers pass identifiers only: never a password, token, cookie or session id.
 */
export async function recordAuditEvent(
  db: DbExecutor,
  context: AuditContext,
  event: AuditEvent,
  userId: number | null,
  detail: Record<string, string | number | boolean | null> = {},
): Promise<void> {
  const recorded = { ...context.detail, ...detail };
  await db
    .insert(auditEvents)
    .values({ event, userId, requestId: context.requestId, ip: context.ip, detail: recorded });
  context.log.info({ audit: event, userId, ...recorded }, `audit: ${event}`);
}

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
  | 'logout'
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
  | 'google_refused';

export interface AuditContext {
  requestId: string;
  ip: string;
  log: FastifyBaseLogger;
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
  await db.insert(auditEvents).values({ event, userId, requestId: context.requestId, ip: context.ip, detail });
  context.log.info({ audit: event, userId, ...detail }, `audit: ${event}`);
}

import type { Database } from '@pass/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../env.js';
import { AppError } from '../../errors.js';
import { systemClock } from '../../lib/clock.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { recordAuditEvent, type AuditContext } from '../audit/audit.service.js';
import type { Mailer } from '../mail/mailer.js';
import { resumeSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE, type LiveSession } from './sessions.service.js';

/** What the account services need from the app: the database, settings, mail and the abuse counters. */
export interface AuthDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  limiter: RateLimiter;
  /** The server clock (decision 020): what whoami says of the free college month is reckoned by it. */
  now: () => Date;
  /** Told each step of work as it is done (tests compare the steps of answers that must not differ). */
  steps?: (step: string) => void;
  /**
   * Told, once committed, that sessions of a member ended or the account's address changed: the member's open
   * sockets on every instance check their session again, or close (the chat bus, decision 054).
   */
  memberSignal?: (userId: number, change: MemberChange) => Promise<void>;
}

/** What changed for a member that their open sockets must answer to. */
export type MemberChange = 'sessions_ended' | 'account_changed';

/**
 * Passes a member's change on to their sockets. A failure to reach them is logged, never the caller's: the
 * sessions have ended in the database whatever happens to the signal.
 */
export async function signalMember(
  deps: Pick<AuthDeps, 'memberSignal'>,
  userId: number,
  change: MemberChange,
  log?: { warn(details: object, message: string): void },
): Promise<void> {
  try {
    await deps.memberSignal?.(userId, change);
  } catch (error) {
    log?.warn({ err: error }, "auth: a member's sockets could not be told their sessions ended");
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's live session, looked up once per request from the session cookie. */
    session?: Promise<LiveSession | null>;
    /** Set once the admin's request has been audited, so a handler that checks twice records it once. */
    adminAudited?: boolean;
  }
  interface FastifyContextConfig {
    /** Who may call the route: anyone, a signed-in member, or the admin. */
    access?: 'public' | 'member' | 'admin';
  }
}

export function getSession(deps: Pick<AuthDeps, 'db'>, request: FastifyRequest): Promise<LiveSession | null> {
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie) return Promise.resolve(null);
  request.session ??= resumeSession(deps.db, cookie, systemClock());
  return request.session;
}

/** The guard of member-only endpoints: the live session, or 401. */
export async function requireSession(deps: AuthDeps, request: FastifyRequest): Promise<LiveSession> {
  const session = await getSession(deps, request);
  if (!session) throw new AppError('UNAUTHORIZED', 'Log in to continue');
  return session;
}

/**
 * The guard of admin endpoints: a live session of an account with the admin flag (granted by the operator's
 * command, never by a request), else 401 or 403. Every admin request is audited here, before the endpoint
 * acts, so an action that leaves no audit row does not happen.
 */
export async function requireAdmin(deps: AuthDeps, request: FastifyRequest): Promise<LiveSession> {
  const session = await requireSession(deps, request);
  if (!session.user.isAdmin) throw AppError.forbidden('This is for the admin only');
  if (!request.adminAudited) {
    await recordAuditEvent(deps.db, auditContext(request), 'admin_request', session.user.id, {
      method: request.method,
      route: request.routeOptions.url ?? null,
      // Admin paths carry ids only; the query (a mail filter, paging) is left out.
      path: request.url.split('?')[0] ?? request.url,
    });
    request.adminAudited = true;
  }
  return session;
}

export function setSessionCookie(reply: FastifyReply, config: Config, id: string): void {
  reply.setCookie(SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
  });
}

export function auditContext(request: FastifyRequest): AuditContext {
  return { requestId: request.id, ip: request.ip, log: request.log };
}

import type { Database } from '@pass/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../env.js';
import { AppError } from '../../errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { AuditContext } from '../audit/audit.service.js';
import type { Mailer } from '../mail/mailer.js';
import { resumeSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE, type LiveSession } from './sessions.service.js';

/** What the account services need from the app: the database, settings, mail and the abuse counters. */
export interface AuthDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Told each step of work as it is done (tests compare the steps of answers that must not differ). */
  steps?: (step: string) => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's live session, looked up once per request from the session cookie. */
    session?: Promise<LiveSession | null>;
  }
}

export function getSession(deps: AuthDeps, request: FastifyRequest): Promise<LiveSession | null> {
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie) return Promise.resolve(null);
  request.session ??= resumeSession(deps.db, cookie);
  return request.session;
}

/** The guard of member-only endpoints: the live session, or 401. */
export async function requireSession(deps: AuthDeps, request: FastifyRequest): Promise<LiveSession> {
  const session = await getSession(deps, request);
  if (!session) throw new AppError('UNAUTHORIZED', 'Log in to continue');
  return session;
}

/** The guard of admin endpoints: a live session of an ADMIN_USERNAMES user, else 401 or 403. */
export async function requireAdmin(deps: AuthDeps, request: FastifyRequest): Promise<LiveSession> {
  const session = await requireSession(deps, request);
  if (!deps.config.adminUsernames.includes(session.user.username.toLowerCase())) {
    throw AppError.forbidden('This is for the admin only');
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

import { Email, Username } from '@pass/contracts';
import type { DbExecutor } from '@pass/db';
import type { z } from 'zod';
import type { Config } from '../../env.js';
import { recordAuditEvent, type AuditContext } from '../audit/audit.service.js';
import { listOutbox, listUnsentMail } from '../mail/mail.service.js';
import type { Mailer } from '../mail/mailer.js';
import { adminSetupMail } from '../mail/templates.js';
import * as authRepository from './auth.repository.js';
import { hashSecret, randomSecret } from './crypto.js';

/**
 * The operator's side of the admin role (`npm run admin`): the only code that sets or clears `users.is_admin`.
 * No HTTP route calls these, so no request, whatever its username or profile, can make an admin.
 */

/** The set-password link of a new admin: longer than a reset link's hour, as it may be passed on by hand. */
export const ADMIN_SETUP_TOKEN_HOURS = 24;

/** A refusal the operator can act on (an unknown or taken name): said plainly, exit status 1. */
export class AdminCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminCommandError';
  }
}

export interface AdminChange {
  user: authRepository.UserRow;
  /** False when the account already was (or was not) an admin: nothing was written. */
  changed: boolean;
}

async function requireUserByUsername(db: DbExecutor, username: string): Promise<authRepository.UserRow> {
  const user = await authRepository.getUserByUsername(db, username);
  if (!user) throw new AdminCommandError(`No account has the username "${username}".`);
  return user;
}

async function setAdmin(db: DbExecutor, audit: AuditContext, username: string, isAdmin: boolean) {
  return db.transaction(async (tx): Promise<AdminChange> => {
    const user = await requireUserByUsername(tx, username);
    if (user.isAdmin === isAdmin) return { user, changed: false };
    const updated = await authRepository.updateUser(tx, user.id, { isAdmin });
    await recordAuditEvent(tx, audit, isAdmin ? 'admin_granted' : 'admin_revoked', user.id, {
      username: user.username,
    });
    return { user: updated, changed: true };
  });
}

export function grantAdmin(db: DbExecutor, audit: AuditContext, username: string): Promise<AdminChange> {
  return setAdmin(db, audit, username, true);
}

/** Takes effect at the account's next request: the guard reads the flag from the database every time. */
export function revokeAdmin(db: DbExecutor, audit: AuditContext, username: string): Promise<AdminChange> {
  return setAdmin(db, audit, username, false);
}

export interface CreatedAdmin {
  user: authRepository.UserRow;
  /** The one-time link to the web's reset screen that sets the account's first password. */
  setPasswordUrl: string;
  /** Whether the link also went by mail: only with SMTP_URL, and only once the SMTP server took it. */
  mail: 'sent' | 'failed' | 'not-configured';
}

function parseOrRefuse(schema: z.ZodType<string>, value: string, label: string): string {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AdminCommandError(`The ${label} "${value}" ${parsed.error.issues[0]?.message ?? 'is not valid'}.`);
}

/**
 * A verified, set-up admin account with no password: its owner chooses one through the link, which is a
 * password-reset token (the web's reset screen sets it). With SMTP the link is mailed as well.
 */
export async function createAdmin(
  deps: { db: DbExecutor; config: Config; mailer: Mailer },
  audit: AuditContext,
  input: { username: string; email: string },
  now: Date,
): Promise<CreatedAdmin> {
  const username = parseOrRefuse(Username, input.username, 'username');
  const email = parseOrRefuse(Email, input.email, 'email');
  const token = randomSecret();
  const user = await deps.db.transaction(async (tx) => {
    if (await authRepository.isUsernameTaken(tx, username)) {
      throw new AdminCommandError(`The username "${username}" is taken: grant that account instead (admin grant).`);
    }
    if (await authRepository.getUserByEmail(tx, email)) {
      throw new AdminCommandError(`The email ${email} belongs to another account.`);
    }
    const created = await authRepository.createUser(tx, {
      username,
      email,
      passwordHash: null,
      emailVerifiedAt: now,
      setupCompletedAt: now,
      isAdmin: true,
    });
    await authRepository.replaceToken(tx, {
      tokenHash: hashSecret(token),
      userId: created.id,
      purpose: 'password_reset',
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ADMIN_SETUP_TOKEN_HOURS * 60 * 60 * 1000),
    });
    await recordAuditEvent(tx, audit, 'admin_created', created.id, {
      username,
      mailed: deps.config.smtpUrl !== undefined,
    });
    return created;
  });
  const setPasswordUrl = `${deps.config.publicUrl}/u/passwd?token=${token}`;
  if (!deps.config.smtpUrl) return { user, setPasswordUrl, mail: 'not-configured' };
  await deps.mailer.send(deps.db, adminSetupMail(email, username, setPasswordUrl, ADMIN_SETUP_TOKEN_HOURS));
  await deps.mailer.idle();
  const [stored] = await listOutbox(deps.db, { to: email, limit: 1 });
  return { user, setPasswordUrl, mail: stored?.sentAt ? 'sent' : 'failed' };
}

/** Unsent mail in full, live links included: for the operator's terminal only, and audited. */
export async function readUnsentMail(db: DbExecutor, audit: AuditContext, filters: { to?: string | undefined }) {
  const rows = await listUnsentMail(db, filters);
  await recordAuditEvent(db, audit, 'admin_outbox_read', null, { to: filters.to ?? null, mails: rows.length });
  return rows;
}

import type {
  AccountSetupBody,
  AccountUser,
  ChangePasswordBody,
  LoginBody,
  PasswordResetBody,
  PasswordResetRequestBody,
  RegisterBody,
  UpdateProfileBody,
} from '@pass/contracts';
import { EMAIL_UNIQUE_INDEX, isUniqueViolation, USERNAME_UNIQUE_INDEX, type DbExecutor } from '@pass/db';
import { collegeAccess, type SubscriptionStatuses } from '@pass/domain';
import { AppError } from '../../errors.js';
import { systemClock } from '../../lib/clock.js';
import { recordAuditEvent, type AuditContext } from '../audit/audit.service.js';
import {
  addressInUseMail,
  emailChangeMail,
  emailChangeNoticeMail,
  emailRevertedMail,
  existingAccountMail,
  passwordResetMail,
  verificationMail,
} from '../mail/templates.js';
import { signalMember, type AuthDeps } from './auth-context.js';
import * as authRepository from './auth.repository.js';
import {
  authIdent,
  decoyPasswordHash,
  hashPassword,
  hashSecret,
  isCommonPassword,
  randomSecret,
  verifyPassword,
} from './crypto.js';
import { deviceCookieKey, readDeviceCookie, signDeviceCookie } from './device-cookie.js';
import {
  clearAccountLoginLimits,
  getLoginLock,
  LOGIN_IP_LIMIT,
  LOGIN_IP_WINDOW_MS,
  recordLoginFailure,
  recordLoginSuccess,
  sourceOf,
  type LoginAttempt,
} from './login-limits.js';
import { startSession, type LiveSession } from './sessions.service.js';

export const MAIL_LIMIT_PER_ADDRESS = 3;
export const MAIL_WINDOW_MS = 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** The one answer to a failed login, whether the user exists or not. */
export const INCORRECT_LOGIN = 'Incorrect username or password';

/**
 * The account as the member sees it. College access counts the member's subscriptions (billing's
 * `listMemberSubscriptions`) where the caller has read them; without them, the trial month alone decides.
 */
export function toAccountUser(
  user: authRepository.UserRow,
  now: Date,
  subscriptions: readonly SubscriptionStatuses[] = [],
): AccountUser {
  const isAdmin = user.isAdmin;
  const access = collegeAccess({ signedUpAt: user.createdAt, now, isAdmin, subscriptions });
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    setupComplete: user.setupCompletedAt !== null,
    isAdmin,
    createdAt: user.createdAt.toISOString(),
    collegeAccess: { ...access, trialEndsAt: access.trialEndsAt.toISOString() },
  };
}

function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw AppError.badRequest(field, 'is one of the most common passwords: choose one that is harder to guess');
  }
}

/** Mails to one address are limited; over the limit the mail is dropped (and audited), the caller's answer unchanged. */
async function mailAllowed(
  deps: AuthDeps,
  audit: AuditContext,
  email: string,
  userId: number | null,
): Promise<boolean> {
  const { count } = await deps.limiter.hit(`mail:${email.toLowerCase()}`, MAIL_WINDOW_MS);
  if (count <= MAIL_LIMIT_PER_ADDRESS) return true;
  await recordAuditEvent(deps.db, audit, 'mail_limited', userId);
  return false;
}

async function sendVerification(deps: AuthDeps, db: DbExecutor, audit: AuditContext, user: authRepository.UserRow) {
  if (!(await mailAllowed(deps, audit, user.email, user.id))) return;
  const token = randomSecret();
  const now = systemClock();
  await authRepository.replaceToken(db, {
    tokenHash: hashSecret(token),
    userId: user.id,
    purpose: 'email_verification',
    email: user.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS),
  });
  await deps.mailer.send(
    db,
    verificationMail(user.email, user.username, `${deps.config.publicUrl}/account/verify/${token}`),
  );
  await recordAuditEvent(db, audit, 'verification_sent', user.id);
}

/** The checks of a new account before anything is written: no common password, the username free. */
async function checkNewAccount(deps: AuthDeps, body: { username: string; password: string }): Promise<void> {
  refuseCommonPassword(body.password, 'body.password');
  if (await authRepository.isUsernameTaken(deps.db, body.username))
    throw AppError.badRequest('body.username', 'is taken');
}

/** A new account with its password hashed, checked as sign-up checks it; written by `createProvedAccount`. */
export interface NewAccount {
  username: string;
  email: string;
  name: string | null;
  passwordHash: string;
}

/**
 * Sign-up's checks and hashing for an account whose address is already proved (a pool invitation's token, which
 * went to that address): the same rules as `register` (no common password, a free username, argon2id), nothing
 * written yet, so that the caller writes the account in its own transaction.
 */
export async function prepareProvedAccount(
  deps: AuthDeps,
  body: { username: string; email: string; password: string; name?: string | undefined },
): Promise<NewAccount> {
  await checkNewAccount(deps, body);
  return {
    username: body.username,
    email: body.email,
    name: body.name ? body.name : null,
    passwordHash: await hashPassword(body.password),
  };
}

/**
 * Writes a prepared account with its address confirmed and starts its session, inside the caller's transaction:
 * the account is made signed in, as a login would leave it (a new session id; any session cookie the browser
 * sent is ended). A username or address taken meanwhile is answered as sign-up answers a taken username
 * (400) or, the address being the caller's own, as 409 `account_exists`.
 */
export async function createProvedAccount(
  tx: DbExecutor,
  audit: AuditContext,
  account: NewAccount,
  input: { currentSession: string | undefined; proof: string },
): Promise<{ user: authRepository.UserRow; sessionId: string }> {
  // The account's and the session's times by the clock login and sign-up read.
  const now = systemClock();
  const user = await authRepository.createUser(tx, {
    username: account.username,
    email: account.email,
    name: account.name,
    passwordHash: account.passwordHash,
    emailVerifiedAt: now,
    setupCompletedAt: now,
  });
  await recordAuditEvent(tx, audit, 'signup', user.id, { emailProvedBy: input.proof });
  if (input.currentSession) await authRepository.deleteSession(tx, hashSecret(input.currentSession));
  const session = await startSession(tx, user.id, null, now);
  await recordAuditEvent(tx, audit, 'login', user.id);
  return { user, sessionId: session.id };
}

/** The account that holds an address: its own, or one it may still take back (as sign-up looks it up). */
export const getEmailOwner = (db: DbExecutor, email: string, now: Date) => authRepository.getEmailOwner(db, email, now);

/** A unique index's refusal of a new account, as sign-up answers it; anything else is rethrown. */
export function refuseTakenAccount(error: unknown): never {
  if (isUniqueViolation(error, USERNAME_UNIQUE_INDEX)) throw AppError.badRequest('body.username', 'is taken');
  if (isUniqueViolation(error, EMAIL_UNIQUE_INDEX)) {
    const message = ACCOUNT_EXISTS_MESSAGE;
    throw new AppError('CONFLICT', message, [{ field: 'body.email', message, reason: 'account_exists' }]);
  }
  throw error;
}

/** What a new account for an address that has one is told (only whoever holds a token mailed to it). */
export const ACCOUNT_EXISTS_MESSAGE =
  'This address already has a PA$$ account: log in to join (or reset the password if you have forgotten it)';

/**
 * Sign-up. A taken email gets the same answer as a new one, after the same work: the same lookups, the
 * password hashed, one transaction writing the account (or locking the existing one), a token and an
 * audit event, then one mail (a verification link for a new address, a notice with a reset link for a
 * taken one). Sign-up therefore cannot tell who has an account, by its answer or by its time. A taken
 * username is said plainly, as usernames are public (docs/decisions/005, 017).
 */
export async function register(deps: AuthDeps, audit: AuditContext, body: RegisterBody): Promise<void> {
  const step = deps.steps ?? (() => {});
  await checkNewAccount(deps, body);
  step('username checked');
  const now = systemClock();
  const existing = await authRepository.getEmailOwner(deps.db, body.email, now);
  step('email looked up');
  const passwordHash = await hashPassword(body.password);
  step('password hashed');
  const mailing = await mailAllowed(deps, audit, body.email, existing?.id ?? null);
  step('mail limit counted');
  const token = randomSecret();
  const user = await deps.db
    .transaction(async (tx) => {
      step('transaction');
      const account = existing
        ? await authRepository.getUserForUpdate(tx, existing.id)
        : await authRepository.createUser(tx, {
            username: body.username,
            email: body.email,
            name: body.name ? body.name : null,
            passwordHash,
            setupCompletedAt: now,
          });
      step('account written');
      if (mailing) {
        await authRepository.replaceToken(tx, {
          tokenHash: hashSecret(token),
          userId: account.id,
          purpose: existing ? 'password_reset' : 'email_verification',
          email: body.email,
          createdAt: now,
          expiresAt: new Date(now.getTime() + (existing ? RESET_TOKEN_TTL_MS : VERIFICATION_TOKEN_TTL_MS)),
        });
        step('token stored');
      }
      await recordAuditEvent(tx, audit, existing ? 'signup_existing_email' : 'signup', account.id);
      step('audited');
      return account;
    })
    .catch((error: unknown) => {
      // Two sign-ups racing for one username: the unique index decides.
      if (isUniqueViolation(error, USERNAME_UNIQUE_INDEX)) throw AppError.badRequest('body.username', 'is taken');
      // Two sign-ups racing for one address: the loser is answered as a taken address is, without a mail.
      if (isUniqueViolation(error, EMAIL_UNIQUE_INDEX)) return null;
      throw error;
    });
  if (!user || !mailing) return;
  const { publicUrl } = deps.config;
  // To the address typed: it is the account's, or one its owner may still take back.
  await deps.mailer.send(
    deps.db,
    existing
      ? existingAccountMail(body.email, `${publicUrl}/login`, `${publicUrl}/u/passwd?token=${token}`)
      : verificationMail(body.email, user.username, `${publicUrl}/account/verify/${token}`),
  );
  step('mail queued');
  await recordAuditEvent(deps.db, audit, existing ? 'signup_notice_sent' : 'verification_sent', user.id);
  step('audited');
}

export async function resendVerification(deps: AuthDeps, audit: AuditContext, email: string): Promise<void> {
  const user = await authRepository.getUserByEmail(deps.db, email);
  if (user && !user.emailVerifiedAt) await sendVerification(deps, deps.db, audit, user);
}

const INVALID_LINK = 'this link is invalid, was already used or has expired';

/**
 * Confirms an address from its mailed link: the account's own (after sign-up), or a new one the member
 * asked to change to, which becomes the account's address now.
 */
export async function verifyEmail(deps: AuthDeps, audit: AuditContext, token: string): Promise<void> {
  const now = systemClock();
  const tokenHash = hashSecret(token);
  const changedUserId = await deps.db
    .transaction(async (tx): Promise<number | null> => {
      const row = await authRepository.getUsableToken(tx, tokenHash, ['email_verification', 'email_change'], now);
      const user = row ? await authRepository.getUserById(tx, row.userId) : null;
      if (!row || !user) throw AppError.badRequest('params.token', INVALID_LINK);
      if (row.purpose === 'email_change') {
        // Taken since it was asked for (the unique index stops a race): the link can no longer do anything.
        const owner = await authRepository.getUserByEmail(tx, row.email);
        if ((owner && owner.id !== user.id) || !(await authRepository.markTokenUsed(tx, tokenHash, now))) {
          throw AppError.badRequest('params.token', INVALID_LINK);
        }
        await authRepository.updateUser(tx, user.id, { email: row.email, emailVerifiedAt: now });
        await recordAuditEvent(tx, audit, 'email_changed', user.id);
        return user.id;
      }
      if (
        user.email.toLowerCase() !== row.email.toLowerCase() ||
        !(await authRepository.markTokenUsed(tx, tokenHash, now))
      ) {
        throw AppError.badRequest('params.token', INVALID_LINK);
      }
      if (!user.emailVerifiedAt) await authRepository.updateUser(tx, user.id, { emailVerifiedAt: now });
      await recordAuditEvent(tx, audit, 'email_verified', user.id);
      return null;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw AppError.badRequest('params.token', INVALID_LINK);
      throw error;
    });
  // Sockets opened under the old address close; a session still live opens them again.
  if (changedUserId !== null) await signalMember(deps, changedUserId, 'account_changed');
}

export interface LoginRequest {
  body: LoginBody;
  ip: string;
  deviceId: string | null;
  identHeader: string | undefined;
  currentSession: string | undefined;
  /** The browser's device cookie (docs/decisions/017), if it sent one. */
  deviceCookie: string | undefined;
}

/** What a suspended member is told when logging in (decision 049). */
export function suspendedAccountMessage(reason: string | null): string {
  return `This account is suspended by the admin${reason ? `: ${reason}` : ''}. It cannot log in until the suspension is lifted; write to support to have it looked at.`;
}

const LOCKED_MESSAGE = 'Too many failed logins. Try again later.';

/**
 * Login. The per-address limit is checked before any hashing, then the lock of this source (or of this
 * browser's device cookie) on this account; an unknown user costs the same hash as a known one and gets
 * the same answers. A success starts a new session and gives the browser a fresh device cookie.
 */
export async function login(deps: AuthDeps, audit: AuditContext, request: LoginRequest) {
  const { body } = request;
  const source = sourceOf(request.ip);
  const perIp = await deps.limiter.hit(`login:ip:${source}`, LOGIN_IP_WINDOW_MS);
  if (perIp.count > LOGIN_IP_LIMIT)
    throw AppError.rateLimited(perIp.retryAfterSeconds, 'Too many login attempts. Try again in a minute.');
  if (request.identHeader !== undefined && request.identHeader.toLowerCase() !== authIdent(body.username)) {
    throw AppError.badRequest('headers.x-auth-ident', 'does not match the username');
  }
  const user = await authRepository.getUserByLogin(deps.db, body.username);
  const key = await deviceCookieKey(deps.db);
  const now = systemClock();
  const device = user ? readDeviceCookie(key, request.deviceCookie, now) : null;
  const attempt: LoginAttempt = {
    // Per account, so failures by username and by email add up; per login text for unknown users.
    account: user ? `user:${user.id}` : `name:${body.username.toLowerCase()}`,
    source,
    device: device && device.userId === user?.id ? device.nonce : null,
  };
  const lock = await getLoginLock(deps.limiter, attempt);
  if (lock) {
    await recordAuditEvent(deps.db, audit, 'login_locked', user?.id ?? null, {
      login: body.username,
      device: attempt.device !== null,
    });
    throw AppError.rateLimited(lock.retryAfterSeconds, LOCKED_MESSAGE);
  }
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), body.password);
  if (!user || !user.passwordHash || !passwordOk) {
    await recordLoginFailure(deps.limiter, attempt);
    await recordAuditEvent(deps.db, audit, 'login_failed', user?.id ?? null, { login: body.username });
    throw new AppError('UNAUTHORIZED', INCORRECT_LOGIN);
  }
  if (!user.emailVerifiedAt) {
    await recordAuditEvent(deps.db, audit, 'login_unverified', user.id);
    throw new AppError(
      'FORBIDDEN',
      'Confirm your email address first: open the link we mailed you, or ask for a new one.',
    );
  }
  if (user.suspendedAt) {
    // Told only to whoever knows the password, so it says nothing about an account to anyone else.
    await recordAuditEvent(deps.db, audit, 'login_suspended', user.id);
    const message = suspendedAccountMessage(user.suspendedReason);
    throw new AppError('FORBIDDEN', message, [{ field: 'body.username', message, reason: 'account_suspended' }]);
  }
  await recordLoginSuccess(deps.limiter, attempt);
  const session = await deps.db.transaction(async (tx) => {
    // A new id at every login: a session id planted before login is worth nothing after it.
    if (request.currentSession) await authRepository.deleteSession(tx, hashSecret(request.currentSession));
    const started = await startSession(tx, user.id, request.deviceId, now);
    await recordAuditEvent(tx, audit, 'login', user.id);
    return started;
  });
  return {
    user: toAccountUser(user, deps.now()),
    sessionId: session.id,
    deviceCookie: signDeviceCookie(key, user.id, now),
  };
}

export async function requestPasswordReset(
  deps: AuthDeps,
  audit: AuditContext,
  body: PasswordResetRequestBody,
): Promise<void> {
  const user = await authRepository.getUserByEmail(deps.db, body.email);
  const matches = user && (!body.username || body.username.toLowerCase() === user.username.toLowerCase());
  await recordAuditEvent(deps.db, audit, 'password_reset_requested', matches ? user.id : null);
  if (!matches || !(await mailAllowed(deps, audit, user.email, user.id))) return;
  const token = randomSecret();
  const now = systemClock();
  await authRepository.replaceToken(deps.db, {
    tokenHash: hashSecret(token),
    userId: user.id,
    purpose: 'password_reset',
    email: user.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  await deps.mailer.send(
    deps.db,
    passwordResetMail(user.email, user.username, `${deps.config.publicUrl}/u/passwd?token=${token}`),
  );
}

export async function isResetTokenUsable(deps: AuthDeps, token: string): Promise<boolean> {
  return (await authRepository.getUsableToken(deps.db, hashSecret(token), 'password_reset', systemClock())) !== null;
}

/** Sets a new password from a reset link; every session of the account ends. */
export async function resetPassword(
  deps: AuthDeps,
  audit: AuditContext,
  pathToken: string,
  body: PasswordResetBody,
): Promise<void> {
  if (body.token !== pathToken) throw AppError.badRequest('body.token', 'does not match the link');
  if (body.verify !== body.password) throw AppError.badRequest('body.verify', 'must match the password');
  refuseCommonPassword(body.password, 'body.password');
  const passwordHash = await hashPassword(body.password);
  const now = systemClock();
  const tokenHash = hashSecret(pathToken);
  const userId = await deps.db.transaction(async (tx) => {
    const row = await authRepository.getUsableToken(tx, tokenHash, 'password_reset', now);
    if (!row || !(await authRepository.markTokenUsed(tx, tokenHash, now))) {
      throw AppError.badRequest('params.token', 'this link is invalid, was already used or has expired');
    }
    const user = await authRepository.getUserById(tx, row.userId);
    if (!user) throw AppError.badRequest('params.token', 'this link is invalid, was already used or has expired');
    // The mailed link proves the address, so it counts as verified too.
    await authRepository.updateUser(tx, user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now });
    const ended = await authRepository.deleteUserSessions(tx, user.id);
    await recordAuditEvent(tx, audit, 'password_reset', user.id, { sessionsEnded: ended });
    return user.id;
  });
  await signalMember(deps, userId, 'sessions_ended');
  await clearAccountLoginLimits(deps.limiter, userId);
}

export async function changePassword(
  deps: AuthDeps,
  audit: AuditContext,
  session: LiveSession,
  body: ChangePasswordBody,
): Promise<void> {
  const user = session.user;
  await checkCurrentPassword(deps, user, body.currentPassword);
  refuseCommonPassword(body.newPassword, 'body.newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  await deps.db.transaction(async (tx) => {
    await authRepository.updateUser(tx, user.id, { passwordHash });
    // Other devices must log in again; this one stays.
    const ended = await authRepository.deleteUserSessions(tx, user.id, session.idHash);
    await recordAuditEvent(tx, audit, 'password_changed', user.id, { sessionsEnded: ended });
  });
  await signalMember(deps, user.id, 'sessions_ended');
}

/** How often a member may sign out their other devices: each time ends sessions and writes the audit log. */
export const LOGOUT_OTHERS_RATE = { limit: 10, windowMs: 60 * 60 * 1000 } as const;

/**
 * Signs the member out of every other device: each session but this one ends, and the sockets of those sessions
 * close on every instance (decision 054). Returns how many sessions ended.
 */
export async function logOutOtherSessions(deps: AuthDeps, audit: AuditContext, session: LiveSession): Promise<number> {
  const user = session.user;
  const rate = await deps.limiter.hit(`logout-others:${user.id}`, LOGOUT_OTHERS_RATE.windowMs);
  if (rate.count > LOGOUT_OTHERS_RATE.limit) {
    throw AppError.rateLimited(
      rate.retryAfterSeconds,
      `You can sign out your other devices ${LOGOUT_OTHERS_RATE.limit} times an hour; wait ${rate.retryAfterSeconds} s`,
    );
  }
  const ended = await deps.db.transaction(async (tx) => {
    const count = await authRepository.deleteUserSessions(tx, user.id, session.idHash);
    await recordAuditEvent(tx, audit, 'logout_others', user.id, { sessionsEnded: count });
    return count;
  });
  await signalMember(deps, user.id, 'sessions_ended');
  return ended;
}

export const CURRENT_PASSWORD_FAILURE_LIMIT = 10;
const CURRENT_PASSWORD_WINDOW_MS = 15 * 60 * 1000;
export const EMAIL_CHANGE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_REVERT_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The current password, asked again before a change that could keep a stolen session's thief in for
 * good. Wrong answers are counted per account, so a session cannot be used to guess the password.
 */
async function checkCurrentPassword(deps: AuthDeps, user: authRepository.UserRow, given: string | undefined) {
  if (!given) throw AppError.badRequest('body.currentPassword', 'is required');
  const key = `password-check:user:${user.id}`;
  const failures = await deps.limiter.peek(key);
  if (failures.count >= CURRENT_PASSWORD_FAILURE_LIMIT) {
    throw AppError.rateLimited(failures.retryAfterSeconds, 'Too many wrong passwords. Try again later.');
  }
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, given))) {
    await deps.limiter.hit(key, CURRENT_PASSWORD_WINDOW_MS);
    throw AppError.badRequest('body.currentPassword', 'is not your current password');
  }
}

/**
 * Name, username and email. A new email needs the current password and takes effect only once
 * confirmed from the link mailed to it; the answer is the same whether or not the address is free.
 */
export async function updateProfile(
  deps: AuthDeps,
  audit: AuditContext,
  session: LiveSession,
  body: UpdateProfileBody,
): Promise<AccountUser> {
  const user = session.user;
  const emailChanged = body.email !== undefined && body.email !== user.email.toLowerCase();
  if (emailChanged) await checkCurrentPassword(deps, user, body.currentPassword);
  if (body.username && (await authRepository.isUsernameTaken(deps.db, body.username, user.id))) {
    throw AppError.badRequest('body.username', 'is taken');
  }
  const changes = {
    ...(body.name !== undefined ? { name: body.name || null } : {}),
    ...(body.username ? { username: body.username } : {}),
  };
  const updated =
    Object.keys(changes).length > 0
      ? await authRepository.updateUser(deps.db, user.id, changes).catch((error: unknown) => {
          // Another member took the name between the check above and this update.
          if (isUniqueViolation(error, USERNAME_UNIQUE_INDEX)) throw AppError.badRequest('body.username', 'is taken');
          throw error;
        })
      : user;
  await recordAuditEvent(deps.db, audit, 'profile_updated', user.id, { emailChangeRequested: emailChanged });
  if (emailChanged) await requestEmailChange(deps, audit, updated, body.email!);
  return toAccountUser(updated, deps.now());
}

/**
 * A change of address, asked for with the password. The same work whether or not the new address is
 * free: the pending change and a revert link are stored, a mail goes to the new address (its confirmation
 * link when free, a notice to its owner when not) and a notice with the revert link to the old one.
 */
async function requestEmailChange(
  deps: AuthDeps,
  audit: AuditContext,
  user: authRepository.UserRow,
  newEmail: string,
): Promise<void> {
  const step = deps.steps ?? (() => {});
  const now = systemClock();
  const owner = await authRepository.getEmailOwner(deps.db, newEmail, now);
  step('new address looked up');
  const mailingNew = await mailAllowed(deps, audit, newEmail, owner?.id ?? null);
  step('mail limit counted');
  const changeToken = randomSecret();
  const revertToken = randomSecret();
  await deps.db.transaction(async (tx) => {
    step('transaction');
    // Stored for a taken address too, as the same work; its link is never sent, so it can never be used.
    await authRepository.replaceToken(tx, {
      tokenHash: hashSecret(changeToken),
      userId: user.id,
      purpose: 'email_change',
      email: newEmail,
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TOKEN_TTL_MS),
    });
    step('change stored');
    // Every revert link stays good for its week: a later change must not void the owner's first notice.
    await authRepository.createToken(tx, {
      tokenHash: hashSecret(revertToken),
      userId: user.id,
      purpose: 'email_revert',
      email: user.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_REVERT_TOKEN_TTL_MS),
    });
    step('revert link stored');
    await recordAuditEvent(tx, audit, 'email_change_requested', user.id);
    step('audited');
  });
  const { publicUrl } = deps.config;
  if (mailingNew) {
    await deps.mailer.send(
      deps.db,
      owner
        ? addressInUseMail(newEmail, `${publicUrl}/login`)
        : emailChangeMail(newEmail, user.username, `${publicUrl}/account/verify/${changeToken}`),
    );
    step('mail to the new address queued');
  }
  await deps.mailer.send(
    deps.db,
    emailChangeNoticeMail(user.email, user.username, newEmail, `${publicUrl}/account/email/revert/${revertToken}`),
  );
  step('mail to the old address queued');
}

/**
 * The old address's answer to a change it did not ask for: the address is the account's again, the
 * pending change and later revert links are void, every session ends, and the password is cleared, with
 * a reset link mailed to the address, since whoever asked for the change knew it.
 */
export async function revertEmailChange(deps: AuthDeps, audit: AuditContext, token: string): Promise<void> {
  const now = systemClock();
  const tokenHash = hashSecret(token);
  const user = await deps.db.transaction(async (tx) => {
    const row = await authRepository.getUsableToken(tx, tokenHash, 'email_revert', now);
    const account = row ? await authRepository.getUserById(tx, row.userId) : null;
    if (!row || !account || !(await authRepository.markTokenUsed(tx, tokenHash, now))) {
      throw AppError.badRequest('params.token', INVALID_LINK);
    }
    // The address was held for this account while the link was good, so only the account itself can have it.
    const owner = await authRepository.getUserByEmail(tx, row.email);
    const restored = await authRepository.updateUser(tx, account.id, {
      ...(owner && owner.id !== account.id ? {} : { email: row.email }),
      emailVerifiedAt: now,
      passwordHash: null,
    });
    await authRepository.deleteUnusedTokens(tx, account.id, 'email_change');
    await authRepository.deleteUnusedTokens(tx, account.id, 'email_revert', row.createdAt);
    const ended = await authRepository.deleteUserSessions(tx, account.id);
    await recordAuditEvent(tx, audit, 'email_reverted', account.id, { sessionsEnded: ended });
    return { ...restored, revertedTo: row.email };
  });
  await signalMember(deps, user.id, 'sessions_ended');
  const resetToken = randomSecret();
  await authRepository.replaceToken(deps.db, {
    tokenHash: hashSecret(resetToken),
    userId: user.id,
    purpose: 'password_reset',
    email: user.revertedTo,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  await deps.mailer.send(
    deps.db,
    emailRevertedMail(user.revertedTo, user.username, `${deps.config.publicUrl}/u/passwd?token=${resetToken}`),
  );
}

export async function completeSetup(
  deps: AuthDeps,
  audit: AuditContext,
  session: LiveSession,
  body: AccountSetupBody,
): Promise<AccountUser> {
  // Setup chooses the name of an account that has none yet (one made through Google); after that, a new name
  // goes through the profile, which is a separate, audited change.
  if (session.user.setupCompletedAt !== null) {
    const message = 'the account is already set up: change its username or name in the profile';
    throw new AppError('CONFLICT', `body.username: ${message}`, [
      { field: 'body.username', message, reason: 'already_set_up' },
    ]);
  }
  if (await authRepository.isUsernameTaken(deps.db, body.username, session.user.id)) {
    throw AppError.badRequest('body.username', 'is taken');
  }
  const updated = await authRepository
    .updateUser(deps.db, session.user.id, {
      username: body.username,
      name: body.name || null,
      setupCompletedAt: systemClock(),
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, USERNAME_UNIQUE_INDEX)) throw AppError.badRequest('body.username', 'is taken');
      throw error;
    });
  await recordAuditEvent(deps.db, audit, 'profile_updated', updated.id, { setup: true });
  return toAccountUser(updated, deps.now());
}

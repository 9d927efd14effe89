import { randomInt, timingSafeEqual } from 'node:crypto';
import { isUniqueViolation, type DbExecutor } from '@pass/db';
import { checkUsername, NAME_MAX_LENGTH, normalizeEmail, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@pass/domain';
import * as oidc from 'openid-client';
import type { Config } from '../../env.js';
import { systemClock } from '../../lib/clock.js';
import { recordAuditEvent, type AuditContext } from '../audit/audit.service.js';
import type { AuthDeps } from './auth-context.js';
import * as authRepository from './auth.repository.js';
import { hashSecret, randomSecret } from './crypto.js';
import * as googleRepository from './google.repository.js';
import { startSession } from './sessions.service.js';
import { guardedFetch, STRICT_OUTBOUND } from '../../lib/outbound.js';

/** The cookie binding a sign-in in progress to the browser that started it; it holds the flow's random id. */
export const OAUTH_COOKIE = 'pass_oauth';
export const OAUTH_COOKIE_PATH = '/auth/google';
export const CALLBACK_PATH = '/auth/google/callback';
export const FLOW_TTL_MS = 10 * 60 * 1000;
export const GOOGLE_SCOPE = 'openid email profile';
/** Seconds allowed for each request to the issuer (discovery, JWKS, token exchange). */
const ISSUER_TIMEOUT_SECONDS = 10;

export type GoogleIntent = 'login' | 'register';

/** The reasons a sign-in is refused; the web app's /login-error page explains each. */
export type GoogleRefusal =
  'cancelled' | 'state' | 'token' | 'unverified' | 'email_in_use' | 'unavailable' | 'suspended';

export type GoogleSettings = NonNullable<Config['google']>;

export function loginErrorLocation(reason: GoogleRefusal): string {
  return `/login-error?reason=${reason}`;
}

class Refused extends Error {
  constructor(
    readonly reason: GoogleRefusal,
    readonly userId: number | null = null,
    /** An error code of openid-client, never its message or cause (which can hold the response). */
    readonly errorCode: string | null = null,
  ) {
    super(reason);
    this.name = 'Refused';
  }
}

function errorCodeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code.slice(0, 64) : null;
}

// Discovery once per issuer and client for the life of the process, on first use. A failed discovery is
// forgotten, so the next sign-in tries again.
const configurations = new Map<string, Promise<oidc.Configuration>>();

export function googleConfiguration(google: GoogleSettings): Promise<oidc.Configuration> {
  const key = `${google.issuer}\n${google.clientId}\n${hashSecret(google.clientSecret)}`;
  const cached = configurations.get(key);
  if (cached) return cached;
  const issuer = new URL(google.issuer);
  const pending = oidc.discovery(issuer, google.clientId, google.clientSecret, undefined, {
    timeout: ISSUER_TIMEOUT_SECONDS,
    // Discovery and every later request to the issuer (keys, tokens) under the outbound rule.
    [oidc.customFetch]: guardedFetch(google.outbound ?? STRICT_OUTBOUND),
    execute: [
      // The ID token's signature is checked against the issuer's JWKS, not taken on trust from TLS.
      oidc.enableNonRepudiationChecks,
      // Plain http only for an http issuer, which only the tests' local fake is.
      ...(issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : []),
    ],
  });
  configurations.set(key, pending);
  pending.catch(() => {
    if (configurations.get(key) === pending) configurations.delete(key);
  });
  return pending;
}

async function configurationOrRefuse(google: GoogleSettings): Promise<oidc.Configuration> {
  try {
    return await googleConfiguration(google);
  } catch (error) {
    throw new Refused('unavailable', null, errorCodeOf(error));
  }
}

async function refusal(deps: AuthDeps, audit: AuditContext, refused: Refused, detail: Record<string, string> = {}) {
  await recordAuditEvent(deps.db, audit, 'google_refused', refused.userId, {
    reason: refused.reason,
    ...(refused.errorCode ? { error: refused.errorCode } : {}),
    ...detail,
  });
  return { location: loginErrorLocation(refused.reason), sessionId: null };
}

export interface StartResult {
  location: string;
  /** The flow id for the cookie; null when the sign-in could not start. */
  flowId: string | null;
}

/**
 * Starts a sign-in: fresh state, nonce and PKCE verifier are stored under the hash of a random flow id
 * (the cookie's value), and the browser is sent to the issuer's authorization endpoint.
 */
export async function startGoogleSignIn(
  deps: AuthDeps,
  audit: AuditContext,
  intent: GoogleIntent,
): Promise<StartResult> {
  const google = deps.config.google!;
  let configuration: oidc.Configuration;
  try {
    configuration = await configurationOrRefuse(google);
  } catch (error) {
    if (error instanceof Refused) return { ...(await refusal(deps, audit, error, { intent })), flowId: null };
    throw error;
  }
  const flowId = randomSecret();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const now = systemClock();
  await googleRepository.deleteExpiredFlows(deps.db, now);
  await googleRepository.createFlow(deps.db, {
    idHash: hashSecret(flowId),
    state,
    nonce,
    codeVerifier,
    intent,
    createdAt: now,
    expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
  });
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: `${deps.config.publicUrl}${CALLBACK_PATH}`,
    scope: GOOGLE_SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { location: url.href, flowId };
}

export interface CallbackRequest {
  /** The pass_oauth cookie. */
  flowId: string | undefined;
  /** The authorization response's parameters (code, state, iss, or error). */
  params: { code?: string; state?: string; iss?: string; error?: string };
  /** The caller's session cookie, ended if there is one: a new session starts. */
  currentSession: string | undefined;
}

export interface CallbackResult {
  location: string;
  sessionId: string | null;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Finishes a sign-in: the flow is taken (single use), the code exchanged with PKCE and the ID token
 * checked (signature by JWKS, iss, aud, exp, nonce); the email must be verified. The Google account is
 * found by (iss, sub), never by email: an unlinked account whose email belongs to a member is refused.
 */
export async function finishGoogleSignIn(
  deps: AuthDeps,
  audit: AuditContext,
  request: CallbackRequest,
): Promise<CallbackResult> {
  const flow = request.flowId ? await googleRepository.takeFlow(deps.db, hashSecret(request.flowId)) : null;
  try {
    return await finish(deps, audit, request, flow);
  } catch (error) {
    if (error instanceof Refused) return refusal(deps, audit, error, flow ? { intent: flow.intent } : {});
    throw error;
  }
}

async function finish(
  deps: AuthDeps,
  audit: AuditContext,
  request: CallbackRequest,
  flow: googleRepository.OAuthFlowRow | null,
): Promise<CallbackResult> {
  const { params } = request;
  if (params.error !== undefined) throw new Refused('cancelled');
  if (
    !flow ||
    flow.expiresAt.getTime() <= systemClock().getTime() ||
    params.state === undefined ||
    !sameText(params.state, flow.state)
  ) {
    throw new Refused('state');
  }
  const configuration = await configurationOrRefuse(deps.config.google!);

  const currentUrl = new URL(`${deps.config.publicUrl}${CALLBACK_PATH}`);
  for (const name of ['code', 'state', 'iss'] as const) {
    const value = params[name];
    if (value !== undefined) currentUrl.searchParams.set(name, value);
  }
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    throw new Refused('token', null, errorCodeOf(error));
  }
  if (!claims) throw new Refused('token');
  if (claims.email_verified !== true || typeof claims.email !== 'string' || !claims.email.includes('@')) {
    throw new Refused('unverified');
  }

  const identity = await authRepository.getIdentity(deps.db, claims.iss, claims.sub);
  if (identity) {
    const user = await authRepository.getUserById(deps.db, identity.userId);
    if (user) {
      // A suspended account gets no session, whichever way it signs in (decision 049).
      if (user.suspendedAt) throw new Refused('suspended', user.id);
      const sessionId = await signIn(deps, audit, request, user.id, 'google_login', flow.intent);
      return { location: user.setupCompletedAt ? '/' : '/account/setup', sessionId };
    }
  }

  const email = normalizeEmail(claims.email);
  const existing = await authRepository.getUserByEmail(deps.db, email);
  // The member may be the same person, but an email match alone proves nothing: no linking.
  if (existing) throw new Refused('email_in_use', existing.id);

  const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, NAME_MAX_LENGTH) || null : null;
  const userId = await createGoogleUser(deps.db, { issuer: claims.iss, subject: claims.sub, email, name });
  const sessionId = await signIn(deps, audit, request, userId, 'google_signup', flow.intent);
  return { location: '/account/setup', sessionId };
}

async function signIn(
  deps: AuthDeps,
  audit: AuditContext,
  request: CallbackRequest,
  userId: number,
  event: 'google_login' | 'google_signup',
  intent: GoogleIntent,
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    // A new id at every sign-in: a session id planted before it is worth nothing after it.
    if (request.currentSession) await authRepository.deleteSession(tx, hashSecret(request.currentSession));
    const session = await startSession(tx, userId, null, systemClock());
    await recordAuditEvent(tx, audit, event, userId, { intent });
    return session.id;
  });
}

/**
 * A placeholder username from an email's local part: the characters a username allows, starting with a
 * letter or digit, 3 to 30 long. The member chooses their own at /account/setup.
 */
export function usernameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '').split('+')[0] ?? '';
  let base = local
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, USERNAME_MAX_LENGTH);
  if (base.length < USERNAME_MIN_LENGTH) base = `${base}member`.slice(0, USERNAME_MAX_LENGTH);
  return base;
}

/** The base, then the base with 2, 3, … appended (shortened to fit), then with random digits. */
export function usernameCandidates(base: string, count = 25): string[] {
  const candidates: string[] = [base];
  for (let index = 2; candidates.length < count; index += 1) {
    const suffix = candidates.length < count - 5 ? String(index) : String(randomInt(1000, 1_000_000));
    candidates.push(`${base.slice(0, USERNAME_MAX_LENGTH - suffix.length)}${suffix}`);
  }
  return candidates.filter((candidate) => checkUsername(candidate).ok);
}

async function freeUsername(db: DbExecutor, email: string): Promise<string> {
  const candidates = usernameCandidates(usernameFromEmail(email));
  for (const candidate of candidates) {
    if (!(await authRepository.isUsernameTaken(db, candidate))) return candidate;
  }
  return `member${randomInt(100_000_000, 1_000_000_000)}`;
}

/** A member with no password, a verified email and setup to do, linked to the Google account. */
async function createGoogleUser(
  db: DbExecutor,
  values: { issuer: string; subject: string; email: string; name: string | null },
): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    const username = await freeUsername(db, values.email);
    try {
      return await db.transaction(async (tx) => {
        const user = await authRepository.createUser(tx, {
          username,
          email: values.email,
          name: values.name,
          passwordHash: null,
          emailVerifiedAt: systemClock(),
          setupCompletedAt: null,
        });
        await authRepository.createIdentity(tx, {
          issuer: values.issuer,
          subject: values.subject,
          userId: user.id,
          email: values.email,
        });
        return user.id;
      });
    } catch (error) {
      // Another sign-up took the username (or the email, or this Google account) first.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
      if (await authRepository.getUserByEmail(db, values.email)) throw new Refused('email_in_use');
    }
  }
}

import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { auditEvents, oauthFlows, seedReferenceData, sessions, userIdentities, users } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import { desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { expectError } from '../../test/accounts.js';
import { buildTestApp, csrfPair, testConfig, type TestApp } from '../../test/helpers.js';
import {
  startFakeOidcIssuer,
  type FakeOidcIssuer,
  type FakeUser,
  type IdTokenFault,
} from '../../test/fake-oidc-issuer.js';
import * as authRepository from './auth.repository.js';
import { hashSecret } from './crypto.js';
import { usernameCandidates, usernameFromEmail } from './google.service.js';

const PUBLIC_URL = 'http://localhost:3000';

function googleEnv(fake: FakeOidcIssuer): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: fake.clientId,
    GOOGLE_CLIENT_SECRET: fake.clientSecret,
    GOOGLE_ISSUER: fake.issuer,
    PUBLIC_URL,
  };
}

interface StartedFlow {
  flowId: string;
  /** Path and query of the callback the issuer sent the browser to. */
  callbackUrl: string;
}

/** Start → the issuer's /authorize (a real HTTP request) → the callback URL it redirects back to. */
async function beginSignIn(t: TestApp, intent: 'login' | 'register' = 'register'): Promise<StartedFlow> {
  const start = await t.app.inject({ method: 'GET', url: `/auth/google/start?intent=${intent}` });
  expect(start.statusCode).toBe(302);
  const flowCookie = start.cookies.find((cookie) => cookie.name === 'pass_oauth');
  expect(flowCookie?.value).toBeTruthy();
  const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location')!);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${PUBLIC_URL}/auth/google/callback`);
  return { flowId: flowCookie!.value, callbackUrl: `${callback.pathname}${callback.search}` };
}

function finishSignIn(t: TestApp, flow: StartedFlow, cookies: Record<string, string> = { pass_oauth: flow.flowId }) {
  return t.app.inject({ method: 'GET', url: flow.callbackUrl, cookies });
}

function sessionCookie(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'pass_session')?.value;
}

async function userCount(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(users);
  return Number(row!.count);
}

async function lastAudit(t: TestApp, event: string) {
  const [row] = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.event, event))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

async function identitiesOf(t: TestApp, fake: FakeOidcIssuer, sub: string) {
  return t.database.db
    .select()
    .from(userIdentities)
    .where(sql`${userIdentities.issuer} = ${fake.issuer} and ${userIdentities.subject} = ${sub}`);
}

let subjects = 0;
function googleUser(email: string, extra: Partial<FakeUser> = {}): FakeUser {
  subjects += 1;
  return { sub: `10${String(subjects).padStart(8, '0')}`, email, name: 'Grace Hopper', emailVerified: true, ...extra };
}

describe('Google sign-in', () => {
  let fake: FakeOidcIssuer;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeOidcIssuer();
    t = await buildTestApp(googleEnv(fake));
  });
  afterAll(async () => {
    await t.app.close();
    await fake.close();
  });
  afterEach(() => {
    fake.fault = null;
    fake.authorizeError = null;
  });

  it('starts with PKCE, state and nonce, kept server-side under a hashed flow id in an HttpOnly cookie', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/auth/google/start?intent=login' });
    expect(start.statusCode).toBe(302);
    expect(start.headers['cache-control']).toBe('no-store');
    const location = new URL(String(start.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.issuer}/authorize`);
    const query = Object.fromEntries(location.searchParams);
    expect(query).toMatchObject({
      client_id: fake.clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: `${PUBLIC_URL}/auth/google/callback`,
      code_challenge_method: 'S256',
    });
    expect(query.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const cookie = start.cookies.find((entry) => entry.name === 'pass_oauth')!;
    expect(cookie).toMatchObject({ path: '/auth/google', httpOnly: true, sameSite: 'Lax', maxAge: 600 });
    expect(cookie.secure).toBeFalsy();

    const [flow] = await t.database.db
      .select()
      .from(oauthFlows)
      .where(eq(oauthFlows.idHash, hashSecret(cookie.value)));
    expect(flow).toMatchObject({ state: query.state, nonce: query.nonce, intent: 'login' });
    expect(flow!.codeVerifier).not.toBe(query.code_challenge);
    const ttl = flow!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000);
  });

  it('refuses an unknown intent', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/auth/google/start?intent=admin' });
    expect(start.statusCode).toBe(400);
  });

  it('signs up a new member: account created, identity linked, session started, on to setup', async () => {
    fake.user = googleUser('Grace.Hopper@Example.com');
    const before = await userCount(t);
    const flow = await beginSignIn(t);
    const callback = await finishSignIn(t, flow);

    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/account/setup');
    expect(callback.headers['referrer-policy']).toBe('no-referrer');
    expect(callback.cookies.find((cookie) => cookie.name === 'pass_oauth')?.value).toBe('');
    const session = sessionCookie(callback);
    expect(session).toBeTruthy();
    expect(await userCount(t)).toBe(before + 1);

    const whoami = await t.app.inject({ method: 'GET', url: '/auth/whoami', cookies: { pass_session: session! } });
    expect(whoami.statusCode).toBe(200);
    expect(whoami.json().data).toMatchObject({
      username: 'grace.hopper',
      name: 'Grace Hopper',
      email: 'grace.hopper@example.com',
      emailVerified: true,
      setupComplete: false,
    });

    const user = await authRepository.getUserByEmail(t.database.db, 'grace.hopper@example.com');
    expect(user).toMatchObject({ passwordHash: null, setupCompletedAt: null });
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
    const identities = await identitiesOf(t, fake, fake.user.sub);
    expect(identities).toHaveLength(1);
    expect(identities[0]).toMatchObject({ userId: user!.id, email: 'grace.hopper@example.com' });
    // The flow is gone: it can be used once.
    expect(
      await t.database.db
        .select()
        .from(oauthFlows)
        .where(eq(oauthFlows.idHash, hashSecret(flow.flowId))),
    ).toHaveLength(0);
    expect(await lastAudit(t, 'google_signup')).toMatchObject({ userId: user!.id, detail: { intent: 'register' } });
    // openid-client's default client authentication, with the secret it was given.
    expect(fake.tokenRequests.at(-1)).toEqual({ clientAuth: 'client_secret_post', ok: true });
  });

  it('signs a returning member in by issuer and subject, even after the Google email changed', async () => {
    fake.user = googleUser('returning@example.com', { name: 'Ret Urning' });
    const first = await finishSignIn(t, await beginSignIn(t));
    expect(first.headers.location).toBe('/account/setup');
    const firstSession = sessionCookie(first)!;
    const firstUser = (
      await t.app.inject({ method: 'GET', url: '/auth/whoami', cookies: { pass_session: firstSession } })
    ).json().data;

    // Setup not done yet: back to setup.
    const again = await finishSignIn(t, await beginSignIn(t, 'login'));
    expect(again.headers.location).toBe('/account/setup');

    const setupAs = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/setup',
        ...csrfPair(),
        cookies: { ...csrfPair().cookies, pass_session: firstSession },
        payload: { username, name: 'Ret Urning' },
      });
    // The name chosen at setup follows the rules of every username, the reserved names among them.
    expectError(await setupAs('Support'), 400, 'body.username');
    expect((await setupAs('returner')).statusCode).toBe(200);
    // Once set up, the setup renames nothing: that is the profile's, a separate change.
    const secondSetup = await setupAs('returner2');
    expect(expectError(secondSetup, 409, 'body.username').error.fields?.[0]?.reason).toBe('already_set_up');

    fake.user = { ...fake.user, email: 'renamed@example.com' };
    const usersBefore = await userCount(t);
    const returning = await finishSignIn(t, await beginSignIn(t, 'login'));
    expect(returning.statusCode).toBe(302);
    expect(returning.headers.location).toBe('/');
    const session = sessionCookie(returning)!;
    expect(session).not.toBe(firstSession);
    const whoami = await t.app.inject({ method: 'GET', url: '/auth/whoami', cookies: { pass_session: session } });
    expect(whoami.json().data).toMatchObject({
      id: firstUser.id,
      username: 'returner',
      email: 'returning@example.com',
    });
    expect(await userCount(t)).toBe(usersBefore);
    expect(await lastAudit(t, 'google_login')).toMatchObject({ userId: firstUser.id, detail: { intent: 'login' } });
  });

  it('ends the session the browser already had when a new one starts', async () => {
    fake.user = googleUser('fixation@example.com');
    const first = sessionCookie(await finishSignIn(t, await beginSignIn(t)))!;
    const flow = await beginSignIn(t, 'login');
    const second = await finishSignIn(t, flow, { pass_oauth: flow.flowId, pass_session: first });
    expect(sessionCookie(second)).toBeTruthy();
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, hashSecret(first))),
    ).toHaveLength(0);
  });

  it('derives a free username from the email when the local part is taken', async () => {
    await authRepository.createUser(t.database.db, {
      username: 'lovelace',
      email: 'ada@example.org',
      passwordHash: 'x',
      name: null,
    });
    fake.user = googleUser('lovelace@example.com');
    const callback = await finishSignIn(t, await beginSignIn(t));
    const whoami = await t.app.inject({
      method: 'GET',
      url: '/auth/whoami',
      cookies: { pass_session: sessionCookie(callback)! },
    });
    expect(whoami.json().data.username).toBe('lovelace2');
  });

  it('does not link a Google account to a password account by email alone', async () => {
    const existing = await authRepository.createUser(t.database.db, {
      username: 'hopper',
      email: 'grace@navy.example.com',
      passwordHash: 'not-a-real-hash',
      name: 'Grace',
      emailVerifiedAt: new Date(),
      setupCompletedAt: new Date(),
    });
    fake.user = googleUser('Grace@Navy.example.com');
    const before = await userCount(t);
    const callback = await finishSignIn(t, await beginSignIn(t));
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login-error?reason=email_in_use');
    expect(sessionCookie(callback)).toBeUndefined();
    expect(await userCount(t)).toBe(before);
    expect(await identitiesOf(t, fake, fake.user.sub)).toHaveLength(0);
    expect(await lastAudit(t, 'google_refused')).toMatchObject({
      userId: existing.id,
      detail: { reason: 'email_in_use' },
    });
  });

  const badTokens: Array<[IdTokenFault, string]> = [
    ['wrong_audience', 'token'],
    ['bad_signature', 'token'],
    ['wrong_nonce', 'token'],
    ['expired', 'token'],
    ['unverified_email', 'unverified'],
  ];
  it.each(badTokens)('refuses an ID token with a fault: %s', async (fault, reason) => {
    fake.user = googleUser(`fault-${fault}@example.com`);
    fake.fault = fault;
    const before = await userCount(t);
    const callback = await finishSignIn(t, await beginSignIn(t));
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`/login-error?reason=${reason}`);
    expect(sessionCookie(callback)).toBeUndefined();
    expect(await userCount(t)).toBe(before);
    expect(await identitiesOf(t, fake, fake.user.sub)).toHaveLength(0);
    expect(fake.tokenRequests.at(-1)?.ok).toBe(true);
    const audit = await lastAudit(t, 'google_refused');
    expect(audit).toMatchObject({ userId: null, detail: { reason, intent: 'register' } });
  });

  it('refuses a callback whose state does not match the flow', async () => {
    fake.user = googleUser('state@example.com');
    const flow = await beginSignIn(t);
    const tampered = flow.callbackUrl.replace(/state=[^&]+/, 'state=forged-state-value');
    expect(tampered).not.toBe(flow.callbackUrl);
    const tokensBefore = fake.tokenRequests.length;
    const callback = await finishSignIn(t, { ...flow, callbackUrl: tampered });
    expect(callback.headers.location).toBe('/login-error?reason=state');
    expect(sessionCookie(callback)).toBeUndefined();
    // Refused before the code was ever exchanged.
    expect(fake.tokenRequests.length).toBe(tokensBefore);
    // The flow was consumed by the refused attempt: the genuine callback cannot follow it.
    const genuine = await finishSignIn(t, flow);
    expect(genuine.headers.location).toBe('/login-error?reason=state');
  });

  it('refuses a callback without the flow cookie, or with another flow’s cookie', async () => {
    fake.user = googleUser('cookie@example.com');
    const flow = await beginSignIn(t);
    const tokensBefore = fake.tokenRequests.length;
    const missing = await finishSignIn(t, flow, {});
    expect(missing.headers.location).toBe('/login-error?reason=state');
    expect(sessionCookie(missing)).toBeUndefined();

    const other = await beginSignIn(t);
    const crossed = await finishSignIn(t, flow, { pass_oauth: other.flowId });
    expect(crossed.headers.location).toBe('/login-error?reason=state');
    expect(sessionCookie(crossed)).toBeUndefined();
    expect(fake.tokenRequests.length).toBe(tokensBefore);
    expect(await lastAudit(t, 'google_refused')).toMatchObject({ detail: { reason: 'state' } });
  });

  it('refuses an expired flow', async () => {
    fake.user = googleUser('slow@example.com');
    const flow = await beginSignIn(t);
    await t.database.db
      .update(oauthFlows)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthFlows.idHash, hashSecret(flow.flowId)));
    const callback = await finishSignIn(t, flow);
    expect(callback.headers.location).toBe('/login-error?reason=state');
    expect(sessionCookie(callback)).toBeUndefined();
  });

  it('refuses a replayed callback', async () => {
    fake.user = googleUser('replay@example.com');
    const flow = await beginSignIn(t);
    const first = await finishSignIn(t, flow);
    expect(first.headers.location).toBe('/account/setup');
    const usersAfterFirst = await userCount(t);
    const second = await finishSignIn(t, flow);
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('/login-error?reason=state');
    expect(sessionCookie(second)).toBeUndefined();
    expect(await userCount(t)).toBe(usersAfterFirst);
  });

  it('says cancelled when the member declines at Google', async () => {
    fake.user = googleUser('declined@example.com');
    fake.authorizeError = 'access_denied';
    const before = await userCount(t);
    const callback = await finishSignIn(t, await beginSignIn(t));
    expect(callback.headers.location).toBe('/login-error?reason=cancelled');
    expect(sessionCookie(callback)).toBeUndefined();
    expect(await userCount(t)).toBe(before);
    expect(await lastAudit(t, 'google_refused')).toMatchObject({ detail: { reason: 'cancelled' } });
  });
});

describe('Google sign-in, unconfigured or unreachable', () => {
  it('answers 404 when Google sign-in is not configured', async () => {
    const t = await buildTestApp();
    try {
      const start = await t.app.inject({ method: 'GET', url: '/auth/google/start?intent=login' });
      expect(start.statusCode).toBe(404);
      expect(start.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Google sign-in is not configured' });
      const callback = await t.app.inject({ method: 'GET', url: '/auth/google/callback?code=x&state=y' });
      expect(callback.statusCode).toBe(404);
    } finally {
      await t.app.close();
    }
  });

  it('sends the browser to /login-error when the issuer cannot be reached', async () => {
    // A port that was just free: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const t = await buildTestApp({
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: `http://127.0.0.1:${port}`,
      PUBLIC_URL,
    });
    try {
      const start = await t.app.inject({ method: 'GET', url: '/auth/google/start?intent=register' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/login-error?reason=unavailable');
      expect(start.cookies.find((cookie) => cookie.name === 'pass_oauth')).toBeUndefined();
      expect(await t.database.db.select().from(oauthFlows)).toHaveLength(0);
      expect(await lastAudit(t, 'google_refused')).toMatchObject({ detail: { reason: 'unavailable' } });
    } finally {
      await t.app.close();
    }
  });
});

describe('Google sign-in logging', () => {
  it('never writes the code, state, tokens or flow id to the log', async () => {
    const fake = await startFakeOidcIssuer();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
    await seedReferenceData(database.db);
    const app = await buildApp({ config: testConfig(googleEnv(fake)), database, logger: { level: 'trace', stream } });
    await app.ready();
    const t: TestApp = { app, database, config: testConfig(googleEnv(fake)) };
    try {
      fake.user = googleUser('quiet@example.com');
      const flow = await beginSignIn(t);
      const callback = await finishSignIn(t, flow);
      expect(callback.headers.location).toBe('/account/setup');
      const state = new URL(flow.callbackUrl, PUBLIC_URL).searchParams.get('state')!;
      const log = lines.join('');
      expect(log).toContain('/auth/google/callback');
      expect(log).toContain('google_signup');
      for (const secret of [...fake.issuedSecrets, state, flow.flowId, sessionCookie(callback)!]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await app.close();
      await fake.close();
    }
  });
});

describe('usernames for Google sign-ups', () => {
  it('keeps the allowed characters of the local part, 3 to 30 long, starting with a letter or digit', () => {
    expect(usernameFromEmail('grace.hopper@example.com')).toBe('grace.hopper');
    expect(usernameFromEmail('zoë+news@example.com')).toBe('zoe');
    expect(usernameFromEmail('_x_@example.com')).toBe('x_member');
    expect(usernameFromEmail('!!@example.com')).toBe('member');
    expect(usernameFromEmail(`${'a'.repeat(40)}@example.com`)).toBe('a'.repeat(30));
  });

  it('appends digits within the length limit', () => {
    const candidates = usernameCandidates('a'.repeat(30));
    expect(candidates[0]).toBe('a'.repeat(30));
    expect(candidates[1]).toBe(`${'a'.repeat(29)}2`);
    expect(candidates[19]).toBe(`${'a'.repeat(28)}20`);
    for (const candidate of candidates) expect(candidate.length).toBeLessThanOrEqual(30);
    expect(new Set(candidates).size).toBe(candidates.length);
  });

  it('never proposes a reserved name, whatever the Google address', () => {
    expect(usernameCandidates(usernameFromEmail('admin@example.com'))).toEqual([]);
    expect(usernameCandidates(usernameFromEmail('support.team@example.com'))[0]).toBe('support.team');
  });
});

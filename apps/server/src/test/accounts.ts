import { randomBytes } from 'node:crypto';
import { ErrorBody } from '@pass/contracts';
import type { DbExecutor } from '@pass/db';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import * as authRepository from '../modules/auth/auth.repository.js';
import { hashPassword } from '../modules/auth/crypto.js';
import { SESSION_COOKIE, startSession } from '../modules/auth/sessions.service.js';
import { CSRF_COOKIE, CSRF_HEADER } from '../plugins/security.js';
import { requestOverHttp } from './raw-http.js';
import { verificationToken, type CapturedMail, type SmtpCapture } from './smtp-capture.js';

/** A short random suffix, so every test makes its own users. */
export function unique(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** A password no list has: random, and distinct per test, so the log checks can look for it. */
export function testPassword(): string {
  return `pw-${randomBytes(12).toString('base64url')}`;
}

let addressCounter = 0;
/** A remote address of its own, so the per-IP login limit of one test does not reach another. */
export function uniqueAddress(): string {
  addressCounter += 1;
  return `10.${randomBytes(1)[0]!}.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

export interface TestAccount {
  id: number;
  username: string;
  email: string;
  password: string;
}

/** A user written straight to the database (no sign-up mail), verified unless asked otherwise. */
export async function seedUser(
  db: DbExecutor,
  options: { username?: string; password?: string; verified?: boolean; admin?: boolean } = {},
): Promise<TestAccount> {
  const username = options.username ?? unique('user');
  const password = options.password ?? testPassword();
  const email = `${username.toLowerCase()}@example.com`;
  const user = await authRepository.createUser(db, {
    username,
    email,
    passwordHash: await hashPassword(password),
    emailVerifiedAt: options.verified === false ? null : new Date(),
    setupCompletedAt: new Date(),
    isAdmin: options.admin ?? false,
  });
  return { id: user.id, username, email, password };
}

/**
 * The cookies of a new member signed in straight in the database: for a test of an app without the login
 * routes, or one that only reads. The member is in their free month unless the test's clock says otherwise.
 */
export async function memberCookies(db: DbExecutor): Promise<Record<string, string>> {
  const account = await seedUser(db);
  const { id } = await startSession(db, account.id, null, new Date());
  return { [SESSION_COOKIE]: id };
}

/**
 * An admin as the operator's command makes one (the flag on the account), with a password to log in. Not named
 * `admin-…`: a random tail of digits only would make it a reserved name no member could later take.
 */
export function seedAdmin(
  db: DbExecutor,
  options: { username?: string; password?: string } = {},
): Promise<TestAccount> {
  return seedUser(db, { username: unique('chief'), ...options, admin: true });
}

/** A browser signed in as a new admin. */
export async function adminClient(app: FastifyInstance, db: DbExecutor): Promise<TestClient> {
  const admin = await seedAdmin(db);
  const client = new TestClient(app);
  const login = await client.login(admin.username, admin.password);
  expect(login.statusCode, login.body).toBe(200);
  return client;
}

/** Every client error of the API has the one error shape. */
export function expectErrorBody(response: LightMyRequestResponse): ErrorBody {
  const parsed = ErrorBody.safeParse(response.json());
  expect(parsed.success, `${response.statusCode} body is not an ErrorBody: ${response.body}`).toBe(true);
  return parsed.data!;
}

/** Asserts the status and error code (and the field, when given) of an error response; returns its body. */
export function expectError(response: LightMyRequestResponse, status: number, field?: string): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  const body = expectErrorBody(response);
  if (field !== undefined) expect(body.error.fields?.map((entry) => entry.field)).toContain(field);
  return body;
}

/**
 * A browser against the app: keeps its cookies, sends the CSRF header on state-changing requests
 * (unless `csrf: false`), comes from its own remote address, and checks every 4xx body's shape. The app is an
 * app in this process (requests are injected) or the base URL of a server process (real HTTP; every request
 * then comes from 127.0.0.1).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly app: FastifyInstance | string,
    readonly remoteAddress = uniqueAddress(),
  ) {
    this.cookies.set(CSRF_COOKIE, randomBytes(24).toString('base64url'));
  }

  get sessionId(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  get csrfToken(): string {
    return this.cookies.get(CSRF_COOKIE)!;
  }

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const { csrf = true, headers = {}, cookies = {}, ...rest } = options;
    const method = (rest.method ?? 'GET').toUpperCase();
    const request: InjectOptions = {
      remoteAddress: this.remoteAddress,
      ...rest,
      headers: { ...(csrf && method !== 'GET' ? { [CSRF_HEADER]: this.csrfToken } : {}), ...headers },
      cookies: { ...Object.fromEntries(this.cookies), ...cookies },
    };
    const response =
      typeof this.app === 'string' ? await requestOverHttp(this.app, request) : await this.app.inject(request);
    for (const cookie of response.cookies) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    if (response.statusCode >= 400 && response.statusCode < 500) expectErrorBody(response);
    return response;
  }

  get(url: string, options: Omit<InjectOptions, 'url' | 'method'> = {}) {
    return this.request({ ...options, method: 'GET', url });
  }

  post(
    url: string,
    payload?: unknown,
    options: Omit<InjectOptions, 'url' | 'method' | 'payload'> & { csrf?: boolean } = {},
  ) {
    return this.request({
      ...options,
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  }

  login(username: string, password: string, headers: Record<string, string> = {}) {
    return this.post('/auth/login', { username, password }, { headers });
  }

  whoami(sessionId = this.sessionId) {
    return this.get('/auth/whoami', { cookies: sessionId === undefined ? {} : { [SESSION_COOKIE]: sessionId } });
  }
}

/** Signs up over HTTP and verifies with the link from the mail the local SMTP server got. */
export async function signUpAndVerify(
  client: TestClient,
  smtp: SmtpCapture,
  db: DbExecutor,
  options: { username?: string; password?: string; email?: string } = {},
): Promise<TestAccount> {
  const username = options.username ?? unique('member');
  const password = options.password ?? testPassword();
  const email = options.email ?? `${username.toLowerCase()}@example.com`;
  const register = await client.post('/auth/register', { username, email, password });
  expect(register.statusCode, register.body).toBe(201);
  const mail = await smtp.waitForMail(email, isVerificationMail);
  const verify = await client.post(`/auth/verify/${verificationToken(mail)}`);
  expect(verify.statusCode, verify.body).toBe(200);
  const user = await authRepository.getUserByLogin(db, username);
  return { id: user!.id, username, email, password };
}

export const isVerificationMail = (mail: CapturedMail) => mail.subject === 'Confirm your PA$$ email address';
export const isResetMail = (mail: CapturedMail) => mail.subject === 'Reset your PA$$ password';
export const isExistingAccountMail = (mail: CapturedMail) => mail.subject.startsWith('Someone tried to sign up');

import { randomBytes } from 'node:crypto';
import { ErrorBody } from '@pass/contracts';
import { users, type DbExecutor } from '@pass/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { getUserById } from '../modules/auth/auth.repository.js';
import { SESSION_COOKIE } from '../modules/auth/sessions.service.js';
import { CSRF_COOKIE, CSRF_HEADER } from '../plugins/security.js';
import { seedUser, testPassword, type TestAccount } from '../test/accounts.js';
import { FRESH } from './bad-input.js';
import { schemaProblems, type Operation } from './openapi.js';

/** A visitor, member or admin: the cookies it sends, and how to sign in again when a request ended its session. */
export interface Caller {
  kind: 'visitor' | 'member' | 'admin';
  account: TestAccount | null;
  cookies: Record<string, string>;
}

let addressCounter = 0;
/** Each request from its own address, so the per-address limits do not turn the suite's requests into 429s. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${100 + ((addressCounter >> 16) & 0x7f)}.${(addressCounter >> 8) & 0xff}.${addressCounter & 0xff}`;
}

export function visitor(): Caller {
  return { kind: 'visitor', account: null, cookies: { [CSRF_COOKIE]: randomBytes(24).toString('base64url') } };
}

/** A verified account (with the admin flag, for the admin) written to the database and signed in through the app. */
export async function signedIn(app: FastifyInstance, db: DbExecutor, kind: 'member' | 'admin'): Promise<Caller> {
  const account = await seedUser(db, { password: testPassword(), admin: kind === 'admin' });
  const caller: Caller = { kind, account, cookies: visitor().cookies };
  await signInAgain(app, caller);
  return caller;
}

export async function signInAgain(app: FastifyInstance, caller: Caller, db?: DbExecutor): Promise<void> {
  if (!caller.account) return;
  // An accepted profile change may have renamed the account since.
  const current = db ? await getUserById(db, caller.account.id) : null;
  if (current) caller.account.username = current.username;
  // An accepted suspension (an admin operation's valid case) may have suspended the account: lifted, as the
  // admin would, so the cases after it still reach the code behind the sign-in.
  if (db && current?.suspendedAt) {
    await db.update(users).set({ suspendedAt: null, suspendedReason: null }).where(eq(users.id, current.id));
  }
  const response = await send(app, caller, {
    method: 'POST',
    url: '/auth/login',
    payload: JSON.stringify({ username: caller.account.username, password: caller.account.password }),
    headers: { 'content-type': 'application/json' },
  });
  const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  if (response.statusCode !== 200 || !session) {
    throw new Error(`signing in ${caller.account.username} failed: ${response.statusCode} ${response.body}`);
  }
  caller.cookies[SESSION_COOKIE] = session.value;
}

/** Signs the caller in again when an earlier request (log out, password change) ended its session. */
export async function keepSignedIn(app: FastifyInstance, db: DbExecutor, caller: Caller): Promise<boolean> {
  if (!caller.account) return false;
  const whoami = await send(app, caller, { method: 'GET', url: '/auth/whoami', headers: {} });
  if (whoami.statusCode === 200) return false;
  await signInAgain(app, caller, db);
  return true;
}

export interface Outgoing {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

let freshCounter = 0;

function withFresh(text: string, fresh: string): string {
  return text.includes(FRESH) ? text.replaceAll(FRESH, fresh) : text;
}

/**
 * One request as the caller: its cookies, the CSRF header, its own remote address, and a number of its own
 * wherever the request asks for a fresh value (idempotency keys, usernames and emails to sign up with).
 */
export function send(app: FastifyInstance, caller: Caller, request: Outgoing): Promise<LightMyRequestResponse> {
  freshCounter += 1;
  const fresh = String(freshCounter);
  const headers: Record<string, string> = { [CSRF_HEADER]: caller.cookies[CSRF_COOKIE]! };
  for (const [name, value] of Object.entries(request.headers)) headers[name] = withFresh(value, fresh);
  const payload = typeof request.payload === 'string' ? withFresh(request.payload, fresh) : request.payload;
  return app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    cookies: caller.cookies,
    remoteAddress: nextAddress(),
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Whether an error message repeats the caller's path back (raw or decoded): reflected input has no place there. */
function echoesUrl(message: string, url: string): boolean {
  const path = url.split('?')[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A path that does not decode can only be echoed raw.
  }
  return message.includes(path) || message.includes(decoded);
}

/**
 * Where an answer departs from the documented shape: any 5xx; an error status without the
 * `{"error": {"code", "message", "fields"?}}` body, or whose message repeats the request's path; a success status that is not documented, or whose body
 * does not match its documented schema.
 */
export function answerProblems(operation: Operation, response: LightMyRequestResponse, url: string): string[] {
  const status = response.statusCode;
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  if (status >= 400) {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      return [...problems, `${status} without a JSON body: ${response.body.slice(0, 120)}`];
    }
    const parsed = ErrorBody.safeParse(body);
    if (!parsed.success) {
      problems.push(`${status} body is not the documented error shape: ${response.body.slice(0, 160)}`);
    } else if (echoesUrl(parsed.data.error.message, url)) {
      problems.push(`${status} message echoes the request's address: ${parsed.data.error.message.slice(0, 120)}`);
    }
    return problems;
  }
  if (status >= 300) {
    if (!response.headers.location && status !== 304) problems.push(`${status} without a Location`);
    return problems;
  }
  if (!(String(status) in operation.responses)) return [`${status} is not a documented answer`];
  // A success in another documented media type (an export's CSV) is not JSON to check.
  const mediaType = String(response.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  if (operation.otherMediaTypes[String(status)]?.includes(mediaType)) return problems;
  const schema = operation.responses[String(status)];
  if (!schema) return problems;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return [`${status} body is not JSON: ${response.body.slice(0, 120)}`];
  }
  const mismatches = schemaProblems(schema, body);
  if (mismatches.length > 0)
    problems.push(`${status} body departs from its schema: ${mismatches.slice(0, 3).join('; ')}`);
  return problems;
}

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { linkIn, waitForMail } from './mail';
import { appUrl } from './target';
import { waitForScreen } from './browser';

/** A fresh identity: each test makes its own account. */
export function newIdentity() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `pat${id}`, email: `pat.${id}@example.com`, password: `Otter-${id}-Lantern` };
}

export type Identity = ReturnType<typeof newIdentity>;

const CSRF_TOKEN = 'e2e-csrf-0123456789';

/** A state-changing API call from the test itself, with the CSRF cookie and header pair (and a session cookie). */
async function post(
  path: string,
  body?: unknown,
  sessionCookie?: string,
  { method = 'POST', headers = {} }: { method?: 'POST' | 'PUT'; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${appUrl()}${path}`, {
    method,
    headers: {
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      cookie: [`XSRF-TOKEN=${CSRF_TOKEN}`, ...(sessionCookie ? [sessionCookie] : [])].join('; '),
      'x-xsrf-token': CSRF_TOKEN,
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

/** The API as a signed-in member, for a test's own setup and checks (the admin's result entry, say). */
export async function apiSessionOf(identity: Identity) {
  const login = await post('/auth/login', { username: identity.username, password: identity.password });
  expect(login.status).toBe(200);
  const sessionCookie = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.startsWith('pass_session='));
  expect(sessionCookie).toBeDefined();
  return {
    async get<T>(path: string): Promise<T> {
      const response = await fetch(`${appUrl()}${path}`, { headers: { cookie: sessionCookie! } });
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    },
    async post<T>(path: string, body?: unknown): Promise<T> {
      const response = await post(path, body, sessionCookie);
      expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
      return (await response.json()) as T;
    },
    /** A POST's status alone, for a write the test tries again (an import while the scheduler's own runs: 409). */
    async postStatus(path: string, body?: unknown): Promise<number> {
      return (await post(path, body, sessionCookie)).status;
    },
    /** A write the API takes once per Idempotency-Key (a new entry, a week's picks): a fresh key each call. */
    async once<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
      const headers = { 'idempotency-key': `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}` };
      const response = await post(path, body, sessionCookie, { method, headers });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
      return (await response.json()) as T;
    },
    async put<T>(path: string, body: unknown): Promise<T> {
      const response = await post(path, body, sessionCookie, { method: 'PUT' });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
      return (await response.json()) as T;
    },
  };
}

/** A member with a confirmed address, made through the API and the mailed link. */
export async function createMember(identity: Identity = newIdentity()): Promise<Identity> {
  const registered = await post('/auth/register', identity);
  expect(registered.status).toBe(201);
  const mail = await waitForMail(identity.email, /Confirm your PA\$\$ email address/);
  const token = new URL(linkIn(mail, '/account/verify/', appUrl())).pathname.split('/').pop();
  expect((await post(`/auth/verify/${token}`)).status).toBe(200);
  return identity;
}

/** Logs in through the login screen the page is on. */
export async function logIn(page: Page, login: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Username or email' }).fill(login);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
}

/** Opens `address` through the login screen as `who`, and waits until its screen (`data-page`) is on show. */
export async function openSignedIn(page: Page, who: Identity, address: string, screen: string): Promise<void> {
  await page.goto(`/login?${new URLSearchParams({ redirect: address })}`);
  await waitForScreen(page, 'login');
  await logIn(page, who.username, who.password);
  await waitForScreen(page, screen);
}

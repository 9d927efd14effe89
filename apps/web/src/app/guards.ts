import type { AccountUser, UserResponse } from '@pass/contracts';
import { redirect } from 'react-router';
import { pathTo, type RouteName } from '../config/paths';
import { api, ApiError } from '../lib/api-client';
import {
  clearSessionUser,
  getSessionUser,
  storeSessionUser,
  toSessionUser,
  type SessionUser,
} from '../lib/session-user';

/**
 * The specification's route guards, run as route loaders before a screen is entered.
 */

/**
 * Reports the route and its query to `GET /api/segments` for the page-view counts. The outcome is
 * ignored and navigation never waits for it.
 */
export function segmentsGuard(route: RouteName, request: Request): void {
  const url = new URL(request.url);
  const query: Record<string, string[]> = { _route: [route] };
  for (const key of new Set(url.searchParams.keys())) if (key !== '_route') query[key] = url.searchParams.getAll(key);
  void api.get('/api/segments', { query }).catch(() => undefined);
}

/** Where a lost session goes: login, to come back to `back` after. */
export function loginPath(back: string): string {
  return `${pathTo('login')}?${new URLSearchParams({ redirect: back })}`;
}

/**
 * What happens when a background check finds the session gone: the router goes to login (router.tsx sets
 * this); before a router exists, the page itself does.
 */
export type LostTo = 'login' | 'home' | 'college-subscribe';

let sessionLost: (to: LostTo) => void = (to) =>
  window.location.assign(
    to === 'login' ? loginPath(window.location.pathname + window.location.search) : pathTo(to === 'home' ? 'home' : to),
  );

export function onSessionLost(handler: (to: LostTo) => void): void {
  sessionLost = handler;
}

/**
 * Needs a signed-in user and refreshes it from `/auth/whoami` (`{ data: AccountUser }`). A visitor goes
 * to login at once, to come back after. A stored user enters without waiting: the screen asks for its
 * data while whoami is on its way (the server authorises every request by the session cookie, so
 * nothing is shown that the session may not see), and if whoami finds the session gone, the user is
 * logged out locally and sent to login from wherever they are by then.
 */
export async function authGuard(request: Request): Promise<SessionUser> {
  const stored = storedUserOrLogin(request);
  void refreshedAccount().catch(whenSessionRefused(() => sessionLost('login')));
  return stored;
}

function storedUserOrLogin(request: Request): SessionUser {
  const stored = getSessionUser();
  if (stored) return stored;
  const url = new URL(request.url);
  throw redirect(loginPath(url.pathname + url.search));
}

/** whoami answered, and named no member: the session is gone. */
class NoSessionError extends Error {
  constructor() {
    super('whoami: no user');
    this.name = 'NoSessionError';
  }
}

/**
 * True when the server itself said there is no session (401, or an answer without a user). A request that
 * never got an answer (offline, the page being left or reloaded mid-check, a cancelled navigation) or a
 * server fault says nothing about the session, so the member stays signed in and the next check decides.
 */
function sessionRefused(error: unknown): boolean {
  return error instanceof NoSessionError || (error instanceof ApiError && error.status === 401);
}

/** A background check's failure handler that acts only when the server refused the session. */
function whenSessionRefused(act: () => void): (error: unknown) => void {
  return (error) => {
    if (sessionRefused(error)) act();
  };
}

/**
 * The auth guard's refresh, answering the whole account record for guards that need more of it. When the
 * server refuses the session, the user is logged out locally; every failure rejects.
 */
async function refreshedAccount(signal?: AbortSignal): Promise<AccountUser> {
  try {
    const response = await api.get<UserResponse | null>('/auth/whoami', { signal });
    const account = response?.data;
    if (!account || typeof account.id !== 'number' || account.id <= 0) throw new NoSessionError();
    storeSessionUser(toSessionUser(account));
    return account;
  } catch (error) {
    if (sessionRefused(error)) clearSessionUser();
    throw error;
  }
}

/**
 * College football screens: college access as the server reckons it (the first month after sign-up, a
 * membership, or the admin), which only whoami knows; others go to `/college/subscribe`. Once whoami has
 * granted it in this tab, later visits enter at once and check in the background, as the auth guard does
 * (the server refuses college data to a member without access, so nothing is shown that should not be); a
 * free month that has ended by the browser's clock waits for whoami again.
 */
export async function collegeGuard(request: Request): Promise<SessionUser> {
  const stored = storedUserOrLogin(request);
  if (collegeAccessKnown(stored.id)) {
    void refreshedCollegeAccount().then(
      (account) => (account.collegeAccess.granted ? undefined : sessionLost('college-subscribe')),
      whenSessionRefused(() => sessionLost('login')),
    );
    return stored;
  }
  let account: AccountUser;
  try {
    account = await refreshedCollegeAccount(request.signal);
  } catch {
    const url = new URL(request.url);
    throw redirect(loginPath(url.pathname + url.search));
  }
  if (!account.collegeAccess.granted) throw redirect(pathTo('college-subscribe'));
  return toSessionUser(account);
}

/** Where this tab keeps the last college access whoami granted: whose, and until when (null: no end known). */
const COLLEGE_ACCESS_KEY = 'pass.college-access';

/** The auth guard's refresh, keeping what it says of college access for the next college screen. */
async function refreshedCollegeAccount(signal?: AbortSignal): Promise<AccountUser> {
  try {
    const account = await refreshedAccount(signal);
    const access = account.collegeAccess;
    if (access.granted)
      sessionStorage.setItem(
        COLLEGE_ACCESS_KEY,
        JSON.stringify({ userId: account.id, until: access.reason === 'trial' ? access.trialEndsAt : null }),
      );
    else sessionStorage.removeItem(COLLEGE_ACCESS_KEY);
    return account;
  } catch (error) {
    if (sessionRefused(error)) sessionStorage.removeItem(COLLEGE_ACCESS_KEY);
    throw error;
  }
}

function collegeAccessKnown(userId: number): boolean {
  try {
    const kept = JSON.parse(sessionStorage.getItem(COLLEGE_ACCESS_KEY) ?? 'null') as {
      userId?: unknown;
      until?: unknown;
    } | null;
    if (kept?.userId !== userId) return false;
    return kept.until === null || (typeof kept.until === 'string' && Date.parse(kept.until) > Date.now());
  } catch {
    return false;
  }
}

/**
 * The password-reset page needs `?token=` in its query and checks it with the server. A valid token
 * adds `verified=true` to the query; an invalid one, or a failed check, goes to login.
 */
export async function resetTokenGuard(request: Request): Promise<null> {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  if (!token) throw redirect(pathTo('login'));
  let valid = false;
  try {
    valid = Boolean(
      await api.get<unknown>(`/auth/passwd/reset/${encodeURIComponent(token)}`, { signal: request.signal }),
    );
  } catch {
    valid = false;
  }
  if (!valid) throw redirect(pathTo('login'));
  if (url.searchParams.get('verified') !== 'true') {
    url.searchParams.set('verified', 'true');
    throw redirect(url.pathname + url.search);
  }
  return null;
}

/**
 * Needs the admin: a stored user whose record says so enters at once, and leaves for home if whoami then
 * says otherwise; others go home. The server refuses the admin's endpoints to anyone else all the same.
 */
export async function adminGuard(request: Request): Promise<SessionUser> {
  const stored = storedUserOrLogin(request);
  if (!stored.isAdmin) throw redirect(pathTo('home'));
  void refreshedAccount().then(
    (account) => (account.isAdmin ? undefined : sessionLost('home')),
    whenSessionRefused(() => sessionLost('login')),
  );
  return stored;
}

export const SEASON_GUARD_WAIT_MS = 1500;
export const SEASON_GUARD_STEP_MS = 100;

/**
 * The season guard of the 2023 and baseball routes (DESIGN.md section 7): starts loading the sport store
 * (season weeks and teams) and waits for it up to 1.5 s, looking every 100 ms; then the screen is entered
 * either way and shows its own loading state for what is not there yet. Never blocks longer, never fails.
 */
export async function seasonGuard(
  load: () => Promise<unknown>,
  { waitMs = SEASON_GUARD_WAIT_MS, stepMs = SEASON_GUARD_STEP_MS } = {},
): Promise<void> {
  let ready = false;
  const settle = () => {
    ready = true;
  };
  try {
    void load().then(settle, settle);
  } catch {
    settle();
  }
  for (let waited = 0; !ready && waited < waitMs; waited += stepMs) {
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}

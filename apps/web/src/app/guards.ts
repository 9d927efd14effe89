import type { AccountUser, UserResponse } from '@pass/contracts';
import { redirect } from 'react-router';
import { pathTo, type RouteName } from '../config/paths';
import { api } from '../lib/api-client';
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

/**
 * Needs a signed-in user and refreshes it from `/auth/whoami` (`{ data: AccountUser }`). Without a
 * user, or when the refresh fails, the user is logged out locally and sent to the login route, which
 * brings them back after.
 */
export async function authGuard(request: Request): Promise<SessionUser> {
  return toSessionUser(await refreshedAccount(request));
}

/** The auth guard's refresh, answering the whole account record for guards that need more of it. */
async function refreshedAccount(request: Request): Promise<AccountUser> {
  const url = new URL(request.url);
  const toLogin = () => redirect(`${pathTo('login')}?${new URLSearchParams({ redirect: url.pathname + url.search })}`);
  if (!getSessionUser()) throw toLogin();
  try {
    const response = await api.get<UserResponse | null>('/auth/whoami', { signal: request.signal });
    const account = response?.data;
    if (!account || typeof account.id !== 'number' || account.id <= 0) throw new Error('whoami: no user');
    storeSessionUser(toSessionUser(account));
    return account;
  } catch {
    clearSessionUser();
    throw toLogin();
  }
}

/**
 * College football screens: the auth guard, then college access as the server reckons it (the first
 * month after sign-up, a membership, or the admin); others go to `/college/subscribe`.
 */
export async function collegeGuard(request: Request): Promise<SessionUser> {
  const account = await refreshedAccount(request);
  if (!account.collegeAccess.granted) throw redirect(pathTo('college-subscribe'));
  return toSessionUser(account);
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
 * Needs the admin: a signed-in user (the auth guard) whose refreshed record says so; others go home. The
 * server refuses the admin's endpoints to anyone else all the same.
 */
export async function adminGuard(request: Request): Promise<SessionUser> {
  const user = await authGuard(request);
  if (!user.isAdmin) throw redirect(pathTo('home'));
  return user;
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

import { redirectTarget } from './redirect-target';

/** Google sign-in starts with a full-page visit to the server, which sends the browser on to Google. */
export type GoogleIntent = 'login' | 'register';

export function googleStartUrl(intent: GoogleIntent): string {
  return `/auth/google/start?${new URLSearchParams({ intent })}`;
}

/** Leaves the app for another page (a module function, so tests can replace it: jsdom cannot navigate). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}

/**
 * Where the app goes once a Google sign-in started here comes back (decision 077): the page the member was on
 * (an invitation, a members' page they were sent to log in for). Google's round trip leaves the app, and the
 * server lands every sign-in on the home or the account setup, so the tab keeps the place for itself, for a
 * quarter of an hour, and only a path on this site.
 */
const RETURN_KEY = 'pass.afterGoogleSignIn';
const RETURN_FOR_MS = 15 * 60_000;

export function rememberReturn(path: string, now = Date.now()): void {
  const target = redirectTarget(path);
  try {
    if (target === '/') window.sessionStorage.removeItem(RETURN_KEY);
    else window.sessionStorage.setItem(RETURN_KEY, JSON.stringify({ path: target, until: now + RETURN_FOR_MS }));
  } catch {
    // Storage refused (a private window's quota): the sign-in still works, it lands on the home.
  }
}

/** The place kept by rememberReturn, once: null when none is kept, it has expired, or it is not on this site. */
export function takeReturn(now = Date.now()): string | null {
  try {
    const kept = window.sessionStorage.getItem(RETURN_KEY);
    if (kept === null) return null;
    window.sessionStorage.removeItem(RETURN_KEY);
    const { path, until } = JSON.parse(kept) as { path?: unknown; until?: unknown };
    if (typeof path !== 'string' || typeof until !== 'number' || until < now) return null;
    const target = redirectTarget(path);
    return target === '/' ? null : target;
  } catch {
    return null;
  }
}

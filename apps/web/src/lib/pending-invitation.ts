/**
 * A pool invitation a visitor opened before they had an account. Sign-up goes through a mailed confirmation
 * link and the login page, so the accept page's address is kept in this browser until the invitation is
 * accepted: the confirmation page's "Log in" then leads back to it (a visitor lands on the accept page after
 * sign-up, DESIGN.md section 6).
 */
const KEY = 'pass.pendingInvitation';
const ACCEPT_PATH = /^\/pool-party\/accept\/[A-Za-z0-9_-]{10,200}$/;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage switched off: the visitor opens the mailed link again instead
  }
}

export function rememberInvitation(acceptPath: string): void {
  if (ACCEPT_PATH.test(acceptPath)) storage()?.setItem(KEY, acceptPath);
}

/** The accept page of the invitation waiting for this browser, if any. */
export function pendingInvitation(): string | null {
  const path = storage()?.getItem(KEY) ?? null;
  return path !== null && ACCEPT_PATH.test(path) ? path : null;
}

export function forgetInvitation(): void {
  storage()?.removeItem(KEY);
}

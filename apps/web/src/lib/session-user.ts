import { clearOfflineCache } from './offline-cache';

/**
 * The signed-in user as the specification keeps it: in session storage and local storage. A user
 * counts as logged in when a record is found in either. The server's session cookie is what
 * authorises requests; this copy only drives what the interface shows.
 */
export interface SessionUser {
  id: number;
  username: string;
  name: string | null;
  isAdmin: boolean;
}

/** The part of an account record kept in storage (never the email or anything else). */
export function toSessionUser(user: SessionUser): SessionUser {
  return { id: user.id, username: user.username, name: user.name, isAdmin: user.isAdmin };
}

const STORAGE_KEY = 'pass.user';
const listeners = new Set<() => void>();

// The last parsed record, so repeated reads of the same stored text return the same object
// (useSyncExternalStore needs a stable snapshot).
let cache: { raw: string; user: SessionUser | null } | undefined;

function read(storage: Storage): SessionUser | null {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return null;
    if (cache?.raw === raw) return cache.user;
    const user = parse(raw);
    cache = { raw, user };
    return user;
  } catch {
    return null;
  }
}

function parse(raw: string): SessionUser | null {
  try {
    const parsed = JSON.parse(raw) as Partial<SessionUser>;
    if (typeof parsed.id !== 'number' || typeof parsed.username !== 'string') return null;
    return { id: parsed.id, username: parsed.username, name: parsed.name ?? null, isAdmin: parsed.isAdmin === true };
  } catch {
    return null;
  }
}

export function getSessionUser(): SessionUser | null {
  return read(sessionStorage) ?? read(localStorage);
}

export function isLoggedIn(): boolean {
  return getSessionUser() !== null;
}

export function storeSessionUser(user: SessionUser): void {
  // Another member on this device: what the service worker kept for the last one goes.
  if (getSessionUser()?.id !== user.id) forgetOfflineCopies();
  const raw = JSON.stringify(user);
  sessionStorage.setItem(STORAGE_KEY, raw);
  localStorage.setItem(STORAGE_KEY, raw);
  notify();
}

export function clearSessionUser(): void {
  forgetOfflineCopies();
  sessionStorage.removeItem(STORAGE_KEY);
  localStorage.removeItem(STORAGE_KEY);
  notify();
}

function forgetOfflineCopies(): void {
  void clearOfflineCache().catch(() => undefined);
}

/** For useSyncExternalStore: components re-render when the user signs in or out. */
export function subscribeSessionUser(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function notify() {
  for (const listener of listeners) listener();
}

import { useSyncExternalStore } from 'react';
import { getSessionUser, subscribeSessionUser, type SessionUser } from './session-user';

/** The signed-in user, or null; re-renders on sign-in and sign-out, in this tab and others. */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSessionUser, getSessionUser, () => null);
}

import { useSyncExternalStore } from 'react';

/**
 * The installable app's service worker (src/sw.ts), seen from the page. Registration waits for the page to
 * have loaded and brings its code in then (service-worker-registration.ts), so the first page's scripts do
 * not grow. When a new version has installed and waits, `activate` is set for the update prompt: calling it
 * lets the new version take over and reloads the page.
 */
type Activate = () => void;

let waitingUpdate: Activate | null = null;
const listeners = new Set<() => void>();

export function setWaitingUpdate(activate: Activate | null): void {
  waitingUpdate = activate;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWaitingUpdate(): Activate | null {
  return useSyncExternalStore(
    subscribe,
    () => waitingUpdate,
    () => null,
  );
}

/** Registers the worker once the page has loaded, in a built app only (the dev server serves no worker). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    import('./service-worker-registration').then(({ register }) => register(setWaitingUpdate)).catch(() => undefined);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

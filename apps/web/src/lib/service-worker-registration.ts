import { Workbox } from 'workbox-window';

/** How often a page left open asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers `/sw.js` for the whole site. A new version that has installed waits (it never takes over a page
 * by itself); `onWaiting` is given the way to let it take over, which reloads the page once it has.
 */
export async function register(onWaiting: (activate: () => void) => void): Promise<void> {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    onWaiting(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  await workbox.register();
  window.setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_MS);
}

/**
 * The service worker that makes PA$$ an installable app (docs/decisions/043-installable-app.md):
 * - the app shell (scripts, styles, index.html, icons) precached, and every app page answered with index.html,
 *   so the app opens with the network cut;
 * - the reads of the schedule, stats and pool screens network-first, kept per member (lib/offline-cache.ts);
 * - a new version waits until the page's "Reload" asks it to take over (a SKIP_WAITING message);
 * - Web Push: a push shows its notification, a click opens or focuses the page it names.
 */
import { CacheExpiration } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { isAppPage, isOfflineRead, networkFirst } from './lib/offline-cache';
import { parsePushMessage } from './lib/push-message';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isAppPage(url.pathname),
  createHandlerBoundToURL('index.html'),
);

/** A member's kept answers: the latest 300, none older than 30 days. */
const expirations = new Map<string, CacheExpiration>();
function expirationFor(cacheName: string): CacheExpiration {
  let expiration = expirations.get(cacheName);
  if (!expiration) {
    expiration = new CacheExpiration(cacheName, { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 });
    expirations.set(cacheName, expiration);
  }
  return expiration;
}

registerRoute(
  ({ request, url }) => isOfflineRead(request.method, url, self.location.origin),
  ({ request }) =>
    networkFirst(request, {
      onStored: async (cacheName, url) => {
        const expiration = expirationFor(cacheName);
        await expiration.updateTimestamp(url);
        await expiration.expireEntries();
      },
    }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const message = parsePushMessage(event.data ? safeText(event.data) : null);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
      ...(message.tag ? { tag: message.tag } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    typeof (event.notification.data as { url?: unknown } | null)?.url === 'string'
      ? (event.notification.data as { url: string }).url
      : '/',
    self.location.origin,
  );
  event.waitUntil(openOrFocus(target));
});

/** Focuses a window of the app already on the page, or opens the page. */
async function openOrFocus(target: URL): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === target.href);
  if (open) {
    await open.focus();
    return;
  }
  await self.clients.openWindow(target.href);
}

function safeText(data: PushMessageData): string | null {
  try {
    return data.text();
  } catch {
    return null;
  }
}

/**
 * Whether this browser can receive Web Push at all: a service worker, the Push API and notifications. Kept
 * apart from the device card so the profile page can skip loading the card where it could never show.
 */
export function browserSupportsPush(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

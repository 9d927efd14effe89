import { useSyncExternalStore } from 'react';

/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chrome and Edge): it comes once, early, and
 * maybe before the home page's mobile-app section is on screen, so it is caught from the start
 * (main.tsx) and kept here until that section's Install button uses it.
 */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setOffer(next: InstallPromptEvent | null): void {
  offer = next;
  for (const listener of listeners) listener();
}

export function listenForInstallOffer(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keeps the browser's own mini-infobar away: the section's button offers it instead.
    event.preventDefault();
    setOffer(event as InstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => setOffer(null));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The install action while the browser offers one, else null; it can be used once. */
export function useInstallOffer(): (() => Promise<boolean>) | null {
  const current = useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );
  if (!current) return null;
  return async () => {
    await current.prompt();
    const { outcome } = await current.userChoice;
    setOffer(null);
    return outcome === 'accepted';
  };
}

import { useSyncExternalStore } from 'react';

/**
 * Whether the screens are showing answers the service worker kept, because the network is down: set by the
 * HTTP client when an answer carries the worker's offline mark (lib/offline-cache.ts), cleared by the next
 * answer that came from the server. While the browser says it is offline, an unmarked answer came from its
 * HTTP cache (a public answer still fresh by its Cache-Control), not from the server: the mark stays. The
 * layout shows the offline marker while it is set.
 */
let showingKept = false;
const listeners = new Set<() => void>();

export function noteAnswerSource(fromKept: boolean): void {
  if (!fromKept && typeof navigator !== 'undefined' && navigator.onLine === false) return;
  if (fromKept === showingKept) return;
  showingKept = fromKept;
  for (const listener of listeners) listener();
}

export function isShowingKeptAnswers(): boolean {
  return showingKept;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useShowingKeptAnswers(): boolean {
  return useSyncExternalStore(subscribe, isShowingKeptAnswers, () => false);
}

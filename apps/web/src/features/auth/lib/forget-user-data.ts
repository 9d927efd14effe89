import type { QueryClient } from '@tanstack/react-query';
import { clearOfflineCache } from '../../../lib/offline-cache';

// Public data that is the same for everyone; everything else in the cache may belong to a user.
const PUBLIC_QUERY_ROOTS = new Set(['client-config', 'legal']);

/**
 * Drops every cached answer that may belong to the user who signs in or out: the query cache, and what the
 * service worker kept for offline use (every member's, so the next one on this device starts clean).
 */
export function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.has(String(query.queryKey[0])) });
  void clearOfflineCache().catch(() => undefined);
}

import type { QueryClient } from '@tanstack/react-query';

// Public data that is the same for everyone; everything else in the cache may belong to a user.
const PUBLIC_QUERY_ROOTS = new Set(['client-config', 'legal']);

/** Drops every cached answer that may belong to the user who signs in or out. */
export function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.has(String(query.queryKey[0])) });
}

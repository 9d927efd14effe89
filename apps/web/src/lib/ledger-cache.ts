import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { clearStoredCacheStartingWith } from './stored-cache';

/**
 * The query key every read of the member's ledger starts with: the entries and parlays (features/ledger), the
 * stats and play limits (features/stats), the teller (features/teller), the home's entries (app/home). A change
 * to the ledger anywhere makes them all stale at once.
 */
export const LEDGER_KEY = 'ledger';

/** Where the stats summaries are kept per member in the stored cache (`stats:<sport>:<season>`). */
export const STORED_STATS_PREFIX = 'stats:';

/** After a change to the ledger the kept stats are stale: the next look asks the server again. */
export function forgetStoredStats(): void {
  clearStoredCacheStartingWith(STORED_STATS_PREFIX);
}

/** After any change to the ledger: lists, stats and the teller are stale. */
export function invalidateLedger(queryClient: QueryClient): Promise<void> {
  forgetStoredStats();
  return queryClient.invalidateQueries({ queryKey: [LEDGER_KEY] });
}

export function useInvalidateLedger() {
  const queryClient = useQueryClient();
  return () => invalidateLedger(queryClient);
}

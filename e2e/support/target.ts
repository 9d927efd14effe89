import { inject } from 'vitest';

/**
 * The app the support functions talk to: the run's shared server (the global setup's), or the server a test
 * file starts for itself when it must move the server clock (specs/pool-week.test.ts), which would change
 * what the other files see.
 */
let ownServer: string | null = null;

export function appUrl(): string {
  return ownServer ?? inject('baseUrl');
}

/** Points this test file's support functions (accounts, browser pages) at its own server; null: back to the shared one. */
export function useAppUrl(baseUrl: string | null): void {
  ownServer = baseUrl;
}

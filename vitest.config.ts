import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit, server and web-component tests. The server and database suites run once on PGlite and,
 * when DATABASE_URL is set (as in CI), once more on PostgreSQL. Browser tests live in e2e/.
 */
const serverSuites = ['apps/server/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'];
const failOnConsoleError = './test-setup/fail-on-console-error.ts';

/**
 * Server suites that never open a database (configuration, clocks, in-memory caches, PGlite's data-directory
 * lock): the PostgreSQL run would repeat them unchanged, so they run once, with PGlite's.
 */
const databaseFreeSuites = [
  'apps/server/src/env.test.ts',
  'apps/server/src/lib/clock.test.ts',
  'apps/server/src/lib/starting-listener.test.ts',
  'apps/server/src/modules/auth/login-limits.test.ts',
  'apps/server/src/modules/demo/replay.test.ts',
  'apps/server/src/modules/imports/first-run-progress.test.ts',
  'apps/server/src/modules/ledger/stats-cache.test.ts',
  'apps/server/src/modules/sports/tips-words.test.ts',
  'apps/server/src/providers/paypal/paypal-client.test.ts',
  'packages/db/src/data-dir-lock.test.ts',
];

const serverProject = (database: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${database}`,
    include: serverSuites,
    // `*.postgres.test.ts`: several server processes on one database, which PGlite (one process) cannot be.
    exclude:
      database === 'postgres'
        ? ['**/node_modules/**', ...databaseFreeSuites]
        : ['**/node_modules/**', '**/*.postgres.test.ts'],
    environment: 'node',
    env: { TEST_DATABASE: database },
    globalSetup: database === 'pglite' ? ['./test-setup/pglite-template.ts'] : [],
    setupFiles: [failOnConsoleError],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest keeps a core for itself by default, which on a 2-core machine leaves one worker; the suites spend
    // much of their time waiting on PostgreSQL, sockets and module loading, so a worker per core keeps both busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/domain/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsoleError],
        },
      },
      {
        test: {
          // The bet-sync client, against a local HTTP server in its test file; it opens no database.
          name: 'sync-client',
          include: ['apps/sync-client/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsoleError],
          testTimeout: 30_000,
        },
      },
      serverProject('pglite'),
      ...(process.env.DATABASE_URL ? [serverProject('postgres')] : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['../../test-setup/fail-on-console-error.ts', './src/testing/setup-tests.ts'],
          // Screens render MUI and charts in jsdom, which takes seconds on a loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});

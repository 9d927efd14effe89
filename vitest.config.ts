import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Unit, server and web-component tests. Browser tests live in e2e/.
 *
 * The server and database suites run once (docs/decisions/056): on PGlite on a machine without DATABASE_URL
 * (a fresh clone's `npm test`), and on PostgreSQL when DATABASE_URL is set (as in CI), with a PGlite subset
 * beside it, `pgliteSuites` below, for what only the embedded database can show.
 */
const serverSuites = ['apps/server/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'];
const failOnConsoleError = './test-setup/fail-on-console-error.ts';
const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * With DATABASE_URL, these run on PGlite too, each for its reason: the embedded database's own code, what a
 * fresh `npm start` does on it, its one-process lock, and one happy path per server module, so a query that
 * only PGlite refuses (or answers differently) fails in CI and not on a new machine. A durability test (a
 * server killed mid-write, started again on its data directory) belongs here too.
 */
const pgliteSuites: [file: string, reason: string][] = [
  ['packages/db/src/**/*.test.ts', 'createDb on a data directory, migrations, error mapping and the lock file'],
  ['apps/server/src/start.test.ts', 'start-up answers at once while the first run imports behind it'],
  ['apps/server/src/modules/imports/first-run.test.ts', "a fresh machine's first run: history and demo seasons"],
  ['apps/server/src/modules/imports/import-order.test.ts', 'every stored file, in any order, to the same database'],
  ['apps/server/src/cli/admin.test.ts', "the operator's command refused while a server holds the data directory"],
  ['apps/server/src/modules/health/health.test.ts', 'health and readiness name the embedded database'],
  [
    'apps/server/src/modules/legal/legal.test.ts',
    'legal: the three documents, their placeholders filled from the settings',
  ],
  ['apps/server/src/modules/segments/segments.test.ts', 'segments: page views counted per route and query'],
  [
    'apps/server/src/modules/auth/signup-and-login.test.ts',
    'auth: sign up, verify over SMTP, log in, sessions, log out',
  ],
  [
    'apps/server/src/modules/billing/billing.test.ts',
    'billing: the plans, a PayPal subscription confirmed, its webhooks',
  ],
  ['apps/server/src/modules/admin/admin.test.ts', 'admin: the data tables, their export and a suspension'],
  ['apps/server/src/modules/notifications/preferences.test.ts', "notifications: a member's switches"],
  ['apps/server/src/modules/sports/sports.test.ts', 'sports: weeks, the current week, events with odds, history'],
  ['apps/server/src/modules/ledger/ledger.test.ts', 'ledger: picks and bets, 1,000 concurrent keys, grading'],
  ['apps/server/src/modules/pools/pools.test.ts', 'pools: create, list, change and end a pool, guests and outsiders'],
  ['apps/server/src/modules/chat/chat.test.ts', "chat: a pool room's socket, history and system lines"],
  ['apps/server/src/modules/sync/sync-import.test.ts', 'sync: an export uploaded and matched into the ledger'],
  ['apps/server/src/modules/demo/demo.test.ts', "demo: the visitors' replay, graded by the ledger"],
];

/** Suites of PGlite's own files (its data-directory lock): they open no PostgreSQL, so not run there. */
const pgliteOnlySuites = ['packages/db/src/data-dir-lock.test.ts'];

/**
 * Without DATABASE_URL every server suite runs on PGlite. Suites that never open a database (configuration,
 * clocks, in-memory caches) run in whichever project holds the whole server suite.
 */
const serverProject = (database: 'pglite' | 'postgres', include: string[], exclude: string[] = []) => ({
  test: {
    name: `server-${database}`,
    include,
    exclude: ['**/node_modules/**', ...exclude],
    environment: 'node',
    env: { TEST_DATABASE: database },
    globalSetup: database === 'pglite' ? ['./test-setup/pglite-template.ts'] : [],
    setupFiles: [failOnConsoleError],
    // The files of a worker share its loaded modules instead of importing the whole app again each: each file
    // still builds its own app on its own database, and no server module keeps state outside the app it is
    // given (docs/decisions/056). That halves these projects' time on a 2-core machine.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const webRoot = path.join(import.meta.dirname, 'apps/web');
const webTests = (readdirSync(path.join(webRoot, 'src'), { recursive: true }) as string[])
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.join('src', file));

/**
 * A web test file that replaces a module (`vi.mock`) needs a module graph of its own: in the shared one the real
 * module may already be loaded by an earlier file, and the replacement would reach the files after it.
 */
function mocksModules(file: string): boolean {
  return /\bvi\.(do)?mock\(/.test(readFileSync(path.join(webRoot, file), 'utf8'));
}

/**
 * The web's components and screens in jsdom. In `web`, the files of a worker share one jsdom and their loaded
 * modules (React, MUI, the app) rather than loading them again each: a third less time for the project. Each
 * file still renders into a clean document (Testing Library's cleanup), starts with no route registered and no
 * request answered (src/testing/setup-tests.ts), and undoes what it stubs.
 */
const webProject = (name: string, options: { include: string[]; isolate?: boolean }) => ({
  extends: './apps/web/vite.config.ts',
  test: {
    name,
    root: webRoot,
    include: options.include,
    isolate: options.isolate ?? true,
    environment: 'jsdom',
    setupFiles: ['../../test-setup/fail-on-console-error.ts', './src/testing/setup-tests.ts'],
    // Screens render MUI and charts in jsdom, which takes seconds on a loaded 2-core machine.
    testTimeout: 20_000,
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
          // tools/: the repository's own lint rules, each shown to refuse a deliberate violation.
          include: ['packages/domain/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts', 'tools/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsoleError],
          // The rules' tests start ESLint, dependency-cruiser and knip, whose first run loads the TypeScript
          // parser: seconds on a busy 2-core machine.
          testTimeout: 60_000,
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
      ...(onPostgres
        ? [
            serverProject('postgres', serverSuites, pgliteOnlySuites),
            serverProject(
              'pglite',
              pgliteSuites.map(([file]) => file),
            ),
          ]
        : // `*.postgres.test.ts`: several server processes on one database, which PGlite (one process) cannot be.
          [serverProject('pglite', serverSuites, ['**/*.postgres.test.ts'])]),
      webProject('web', { include: webTests.filter((file) => !mocksModules(file)), isolate: false }),
      webProject('web-isolated', { include: webTests.filter(mocksModules) }),
    ],
  },
});

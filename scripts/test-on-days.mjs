#!/usr/bin/env node
/**
 * Runs the suites whose outcome could depend on the date as if the machine's clock read three other
 * instants (docs/decisions/020): a Monday night in the NFL season, the day after the Super Bowl and
 * mid-July. Debian's libfaketime (`apt-get install faketime`) shifts the wall clock of the test runner
 * and of every process it starts (the e2e server included) by one offset; the browser keeps the real
 * clock (e2e/support/browser.ts sets each page's clock to the server's).
 *
 *   node scripts/test-on-days.mjs                 every day: the server and browser suites (builds first)
 *   node scripts/test-on-days.mjs server web      only these suites (server, web, browser)
 *   node scripts/test-on-days.mjs e2e             the whole browser suite, not only its date-sensitive files
 *   node scripts/test-on-days.mjs --no-build      the browser suite on the build already there
 *   node scripts/test-on-days.mjs --one-day-at-a-time
 *       the server suites of one day after another's, on one core, instead of the three side by side (CI runs
 *       them beside the browser suite, which leaves a core idle)
 *   node scripts/test-on-days.mjs --after-npm-test
 *       CI, right after `npm test`: a browser suite is left out on a day whose browser server clock is the one
 *       `npm test` has just used (e2e/support/server-clock.ts: the same season gives the same instant, so
 *       the same run); the server suites run on every day
 *
 * The server suites run on PGlite only: the database then lives in the faked process, as in a
 * deployment where the database and the server share one clock. A PostgreSQL server outside the
 * faked processes would keep the real date, a split no deployment has.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The three instants (scripts/test-days.json), also the server clocks of the in-process days suite. */
const DAYS = JSON.parse(readFileSync(path.join(root, 'scripts/test-days.json'), 'utf8'));

/**
 * The suites that decide by the date: the server suites whose app reads the real clock (current season and week,
 * kickoff locks, grading, the demo replay, page-view days, trials) or proves that PASS_CLOCK makes it not matter
 * (server-clock), with the calendar rules, and the browser tests that play the demo season's week. Suites that pass
 * a fixed clock to every app they build and date their fixtures (the first run, the demo generator, the scheduler,
 * the admin's imports and page views, line of record, venues, college access on the sports reads, play limits,
 * the ledger's bulk writes) or build none (the replay, the stats cache, the tips' words) give the same on every day,
 * and the web components read the device's clock only in fallbacks: they passed on all three days and are left out
 * to keep CI short (docs/decisions/020, 056); `web` and `e2e` run on demand.
 */
const SUITES = {
  server: [
    'npx',
    'vitest',
    'run',
    // The three days run side by side, one worker each.
    '--maxWorkers',
    '1',
    '--project',
    'packages',
    '--project',
    'server-pglite',
    'packages/domain/src/calendar.test.ts',
    'packages/domain/src/us-eastern-time.test.ts',
    'packages/domain/src/membership',
    'apps/server/src/server-clock.test.ts',
    'apps/server/src/lib/clock.test.ts',
    'apps/server/src/modules/sports/sports.test.ts',
    'apps/server/src/modules/sports/almanac.test.ts',
    'apps/server/src/modules/sports/college-seasons.test.ts',
    'apps/server/src/modules/sports/weeks.test.ts',
    'apps/server/src/modules/demo/demo.test.ts',
    'apps/server/src/modules/ledger/ledger.test.ts',
    'apps/server/src/modules/ledger/entry-weeks.test.ts',
    'apps/server/src/modules/ledger/idempotency.test.ts',
    'apps/server/src/modules/ledger/parlays.test.ts',
    'apps/server/src/modules/ledger/stats.test.ts',
    'apps/server/src/modules/segments/segments.test.ts',
    'apps/server/src/modules/health/health.test.ts',
    'apps/server/src/modules/auth/college-access.test.ts',
  ],
  web: [
    'npx',
    'vitest',
    'run',
    '--project',
    'web',
    '--project',
    'web-isolated',
    'src/features/sports',
    'src/features/ledger',
    'src/features/stats',
    'src/features/teller',
    'src/features/replay',
    'src/app/layout/nav-clock.test.tsx',
    'src/app/schedule-game-actions.test.tsx',
  ],
  browser: ['npx', 'vitest', 'run', '--config', 'e2e/vitest.config.ts', 'ledger-season', 'ledger', 'sports'],
  e2e: ['npx', 'vitest', 'run', '--config', 'e2e/vitest.config.ts'],
};
/** What runs when no suite is named. */
const DEFAULT_SUITES = ['server', 'browser'];

/** The browser suite's server clock for a machine date (e2e/support/server-clock.ts), as an ISO instant. */
function browserClockFor(at) {
  const printed = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['e2e/support/print-server-clock.ts', ...(at ? [at] : [])],
    { cwd: root, encoding: 'utf8' },
  );
  if (printed.status !== 0) fail(`could not work out the browser clock: ${printed.stderr}`);
  return printed.stdout.trim();
}

function fail(message) {
  console.error(`test-on-days: ${message}`);
  process.exit(1);
}

/** Runs a command to its end with the wall clock shifted to `at`; resolves with its exit code. */
function runAt(at, command) {
  // One offset for every process, fixed now: a child started later sees the same clock, not a restart.
  const offsetSeconds = Math.round((Date.parse(at) - Date.now()) / 1000);
  const shift = `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`;
  // -m: the thread-safe library (Node runs threads); monotonic clocks stay real, so timers do too.
  // Without DATABASE_URL: the server suites are then the whole server-pglite project, not the PGlite subset that
  // runs beside PostgreSQL (vitest.config.ts), and the browser suite's server is on PGlite anyway.
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const child = spawn('faketime', ['-m', '--exclude-monotonic', '-f', shift, ...command], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

async function main() {
  const startedAll = Date.now();
  const args = process.argv.slice(2);
  const build = !args.includes('--no-build');
  const afterNpmTest = args.includes('--after-npm-test');
  const oneDayAtATime = args.includes('--one-day-at-a-time');
  const todaysBrowserClock = afterNpmTest ? browserClockFor() : null;
  const chosen = args.filter((arg) => !arg.startsWith('--'));
  for (const name of chosen) if (!(name in SUITES)) fail(`unknown suite "${name}" (server, web, browser or e2e)`);
  const suites = chosen.length > 0 ? chosen : DEFAULT_SUITES;

  if (spawnSync('faketime', ['-f', '+0', 'true']).status !== 0) {
    fail("Debian's faketime is needed: apt-get install faketime");
  }
  if ((suites.includes('browser') || suites.includes('e2e')) && build) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) fail('the build failed');
  }

  // The days' server suites run side by side (each on its own PGlite, in its own faked process); the browser
  // suites, which each start a server and a browser, then run one after another.
  const runSuite = async (day, suite) => {
    if ((suite === 'browser' || suite === 'e2e') && todaysBrowserClock === browserClockFor(day.at)) {
      console.log(
        `\ntest-on-days: ${suite} on ${day.name}: its clock, ${todaysBrowserClock}, is the one npm test used\n`,
      );
      return { day, suite, code: 0, seconds: 0, skipped: true };
    }
    console.log(`\ntest-on-days: ${suite} on ${day.name} (${day.at})\n`);
    const started = Date.now();
    const code = await runAt(day.at, SUITES[suite]);
    return { day, suite, code, seconds: Math.round((Date.now() - started) / 1000) };
  };
  const isBrowser = (suite) => suite === 'browser' || suite === 'e2e';
  const serverRuns = DAYS.flatMap((day) =>
    suites.filter((suite) => !isBrowser(suite)).map((suite) => () => runSuite(day, suite)),
  );
  const results = [];
  if (oneDayAtATime) for (const run of serverRuns) results.push(await run());
  else results.push(...(await Promise.all(serverRuns.map((run) => run()))));
  for (const day of DAYS) {
    for (const suite of suites.filter(isBrowser)) results.push(await runSuite(day, suite));
  }

  console.log('\ntest-on-days:');
  for (const { day, suite, code, seconds, skipped } of results) {
    const outcome = skipped ? 'as run' : code === 0 ? 'passed' : 'FAILED';
    console.log(
      `  ${outcome.padEnd(6)}  ${suite.padEnd(7)} ${day.at}  ${day.name}  (${skipped ? 'run by npm test' : `${seconds} s`})`,
    );
  }
  const total = Math.round((Date.now() - startedAll) / 1000);
  console.log(
    `  ${Math.floor(total / 60)} min ${total % 60} s in all (the server suites ${oneDayAtATime ? 'one day at a time' : 'side by side'})`,
  );
  process.exit(results.every((result) => result.code === 0) ? 0 : 1);
}

await main();

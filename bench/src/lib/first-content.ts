import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { e2eServerClockStart } from '../../../e2e/support/server-clock.js';
import { startSmtpCapture, verificationToken, type SmtpCapture } from '../../../apps/server/src/test/smtp-capture.js';
import { deferCleanup } from './cleanup.js';
import { findFreePort } from './cold-start.js';
import { percentile } from './load.js';
import { spawnNode, type TrackedProcess } from './processes.js';

/**
 * Time to first content of a signed-in member's daily screens, in Chromium, on the production bundle.
 *
 * The built server (`apps/server/dist/main.js`, PGlite on an empty DATA_DIR, PASS_SEED=demo, refresh jobs
 * off, the server clock at an in-season instant) finishes its first run; a member signs up and confirms the
 * address from the mailed link (an SMTP capture in this process) through the API, then logs in through the
 * login screen. Then, for each screen, a new browser context with what that log-in left in the browser (the
 * session cookie, the signed-in user in local storage) and an empty HTTP cache opens it (cold), and the same
 * context opens it again after a visit to about:blank (warm: the cache filled by the first visit). Last, for
 * each screen, the server is restarted on the same data and port and a new context opens the screen as soon as
 * the server answers (restarted: a fresh process and an empty browser cache, the coldest a member meets).
 *
 * First content: the first animation frame in which the screen's root element `main[data-page="<route>"]` is in
 * the document with no loading indicator (`[role="progressbar"]`) inside it and no page-loading bar
 * (`[role="progressbar"][aria-label="Loading page"]`) above it, timed in the page from
 * `performance.timeOrigin` (the start of the navigation). A MutationObserver installed before the page's own
 * scripts (addInitScript) notices when the DOM meets the condition; the time taken is that of the
 * requestAnimationFrame callback that follows, i.e. the frame that paints it (the condition is checked again
 * there). First Contentful Paint comes from the paint timing API of the same document.
 */

export const FIRST_CONTENT_PAGES = [
  { path: '/', route: 'home' },
  { path: '/football/schedule', route: 'football-schedule' },
  { path: '/user/stats', route: 'user-stats' },
  { path: '/football/team/KC', route: 'football-team' },
  { path: '/demo', route: 'demo' },
] as const;

/** Measured rounds per page (each a cold and a warm visit), after one discarded round. */
export const FIRST_CONTENT_RUNS = 7;
const WARMUP_RUNS = 1;
const VIEWPORT = { width: 1280, height: 800 };
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const START_TIMEOUT_MS = 60_000;
const FIRST_RUN_TIMEOUT_MS = 300_000;
const VISIT_TIMEOUT_MS = 60_000;
const CSRF = randomBytes(18).toString('base64url');

/** One visit of one screen. */
export interface VisitTiming {
  /** Navigation start to first content (see above). */
  firstContentMs: number;
  /** Navigation start to First Contentful Paint; null when Chromium reported none. */
  fcpMs: number | null;
  /** Bytes over the network (transferSize: 0 for what came from the cache) for the document and every resource started before first content. */
  transferBytes: number;
  /** The document and the resources it started before first content. */
  requests: number;
}

export interface PageFirstContent {
  path: string;
  route: string;
  cold: VisitTiming[];
  warm: VisitTiming[];
  /**
   * The first visit after the server was restarted on the same data (a fresh process: nothing cached on either
   * side), as soon as `/api/health/data` answered; one per page.
   */
  restarted?: VisitTiming;
}

export type FirstContent =
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; error: string }
  | {
      status: 'measured';
      pages: PageFirstContent[];
      runs: number;
      chromium: string;
      /** The server clock (PASS_CLOCK) the server ran on. */
      clock: string;
      /** Until the server's first run (demo data) was over, from the spawn. */
      firstRunMs: number;
    };

/** The median and the slowest of some times (nearest rank, as the other rows). */
export function medianAndWorst(values: number[]): { median: number; worst: number } {
  const sorted = Float64Array.from(values).sort();
  return { median: percentile(sorted, 50), worst: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN };
}

/** The script added to every document before its own: records first content in `window.__passFirstContent`. */
function firstContentScript(route: string): string {
  const selector = JSON.stringify(`main[data-page="${route}"]`);
  return `(() => {
  const state = { ms: null, domMs: null };
  window.__passFirstContent = state;
  const ready = () => {
    const main = document.querySelector(${selector});
    return main !== null && main.querySelector('[role="progressbar"]') === null &&
      document.querySelector('[role="progressbar"][aria-label="Loading page"]') === null;
  };
  let waiting = false;
  const check = () => {
    if (state.ms !== null || waiting || !ready()) return;
    if (state.domMs === null) state.domMs = performance.now();
    waiting = true;
    requestAnimationFrame(() => {
      waiting = false;
      if (state.ms !== null) return;
      if (ready()) {
        state.ms = performance.now();
        observer.disconnect();
      } else {
        state.domMs = null;
        check();
      }
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;
}

/** Read in the page once first content is recorded: FCP (waiting a little for its entry) and the network. */
const READ_TIMINGS = `(async () => {
  const firstContent = window.__passFirstContent.ms;
  const paint = () => performance.getEntriesByName('first-contentful-paint')[0];
  for (let tries = 0; !paint() && tries < 40; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
  const navigation = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource').filter((entry) => entry.startTime <= firstContent);
  return {
    firstContentMs: firstContent,
    fcpMs: paint() ? paint().startTime : null,
    transferBytes: [navigation, ...resources].reduce((total, entry) => total + (entry ? entry.transferSize : 0), 0),
    requests: 1 + resources.length,
    navigationType: navigation ? navigation.type : 'none',
  };
})()`;

async function visit(page: Page, url: string, route: string): Promise<VisitTiming> {
  await page.goto(url, { waitUntil: 'commit', timeout: VISIT_TIMEOUT_MS });
  try {
    // A function, not a string: the app's Content-Security-Policy forbids evaluating strings in the page.
    await page.waitForFunction(
      () => ((globalThis as { __passFirstContent?: { ms: number | null } }).__passFirstContent?.ms ?? null) !== null,
      null,
      { timeout: VISIT_TIMEOUT_MS, polling: 100 },
    );
  } catch (error) {
    const shown = await page
      .evaluate('Array.from(document.querySelectorAll("[data-page]"), (element) => element.dataset.page).join(", ")')
      .catch(() => '?');
    throw new Error(
      `${url}: no first content of "${route}" within ${VISIT_TIMEOUT_MS} ms (screen on show: ${String(shown) || 'none'}; ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    );
  }
  const timing = (await page.evaluate(READ_TIMINGS)) as VisitTiming & { navigationType: string };
  if (timing.navigationType !== 'navigate')
    throw new Error(`${url}: the visit was a "${timing.navigationType}" navigation, not a plain one`);
  const { navigationType: _type, ...rest } = timing;
  return rest;
}

interface DataStatus {
  state: 'loading' | 'done' | 'failed';
}

/** Starts the production bundle and waits until `/api/health/data` says its first run is over. */
async function startServer(
  serverBundle: string,
  env: NodeJS.ProcessEnv,
  port?: number,
): Promise<{ server: TrackedProcess; base: string; firstRunMs: number }> {
  port ??= await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = spawnNode([serverBundle], { ...env, PORT: String(port), PUBLIC_URL: base });
  let exited = false;
  void server.exited.then(() => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`the server exited:\n${server.stderrTail()}`);
      const elapsed = performance.now() - started;
      if (elapsed > FIRST_RUN_TIMEOUT_MS)
        throw new Error(`the first run was not over within ${FIRST_RUN_TIMEOUT_MS} ms:\n${server.stderrTail()}`);
      const status = await fetch(`${base}/api/health/data`, { signal: AbortSignal.timeout(30_000) })
        .then(async (response) => (response.ok ? ((await response.json()) as DataStatus) : undefined))
        .catch(() => undefined);
      if (status === undefined && elapsed > START_TIMEOUT_MS)
        throw new Error(`no answer from /api/health/data within ${START_TIMEOUT_MS} ms:\n${server.stderrTail()}`);
      if (status?.state === 'failed') throw new Error(`the first run failed:\n${server.stderrTail()}`);
      if (status?.state === 'done') return { server, base, firstRunMs: performance.now() - started };
      await sleep(200);
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function post(base: string, urlPath: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${urlPath}`, {
    method: 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      cookie: `XSRF-TOKEN=${CSRF}`,
      'x-xsrf-token': CSRF,
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

interface Member {
  username: string;
  email: string;
  password: string;
}

/** A member as a visitor makes one: sign-up and the confirmation link from the mail. */
async function confirmedMember(base: string, mail: SmtpCapture): Promise<Member> {
  const id = randomBytes(5).toString('hex');
  const member = { username: `bench${id}`, email: `bench.${id}@example.com`, password: `Otter-${id}-Lantern` };
  const registered = await post(base, '/auth/register', member);
  if (registered.status !== 201) throw new Error(`POST /auth/register answered ${registered.status}, not 201`);
  const confirmation = await mail.waitForMail(member.email, (message) => /Confirm/.test(message.subject), 30_000);
  const verified = await post(base, `/auth/verify/${verificationToken(confirmation)}`);
  if (verified.status !== 200) throw new Error(`POST /auth/verify answered ${verified.status}, not 200`);
  return member;
}

type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The member logs in through the login screen; what the browser then keeps (the session cookie, the signed-in
 * user the app stores) is given to every measured context, whose HTTP cache starts empty.
 */
async function logIn(browser: Browser, base: string, member: Member): Promise<SignedIn> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/login`, { timeout: VISIT_TIMEOUT_MS });
    await page.getByRole('textbox', { name: 'Username or email' }).fill(member.username);
    await page.getByLabel(/^Password/).fill(member.password);
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await page.locator('main[data-page]:not([data-page="login"])').waitFor({ timeout: VISIT_TIMEOUT_MS });
    const state = await context.storageState();
    if (!state.cookies.some((cookie) => cookie.name === 'pass_session'))
      throw new Error('logging in through the login screen set no session cookie');
    return state;
  } finally {
    await context.close();
  }
}

async function measurePages(browser: Browser, base: string, signedIn: SignedIn): Promise<PageFirstContent[]> {
  const results: PageFirstContent[] = FIRST_CONTENT_PAGES.map((page) => ({ ...page, cold: [], warm: [] }));
  // Round by round, the three screens in turn, so that a change in the machine's load falls on all of them.
  for (let run = 0; run < WARMUP_RUNS + FIRST_CONTENT_RUNS; run++) {
    for (const result of results) {
      const context = await browser.newContext({ viewport: VIEWPORT, storageState: signedIn });
      try {
        await context.addInitScript({ content: firstContentScript(result.route) });
        const page = await context.newPage();
        const url = `${base}${result.path}`;
        const cold = await visit(page, url, result.route);
        await page.goto('about:blank');
        const warm = await visit(page, url, result.route);
        if (run >= WARMUP_RUNS) {
          result.cold.push(cold);
          result.warm.push(warm);
        }
      } finally {
        await context.close();
      }
    }
  }
  return results;
}

/** One visit of each page, each on a server restarted just before on the same data and port (`restart`). */
async function measureRestarted(
  browser: Browser,
  base: string,
  signedIn: SignedIn,
  results: PageFirstContent[],
  restart: () => Promise<void>,
): Promise<void> {
  for (const result of results) {
    await restart();
    const context = await browser.newContext({ viewport: VIEWPORT, storageState: signedIn });
    try {
      await context.addInitScript({ content: firstContentScript(result.route) });
      result.restarted = await visit(await context.newPage(), `${base}${result.path}`, result.route);
    } finally {
      await context.close();
    }
  }
}

/**
 * The whole measurement: server, member, browser. Skipped when the bundle, the web build or Chromium is
 * missing; `baseEnv` is the bench's environment without the app's own variables.
 */
export async function measureFirstContent(
  serverBundle: string,
  webDist: string,
  baseEnv: NodeJS.ProcessEnv,
): Promise<FirstContent> {
  if (!existsSync(serverBundle) || !existsSync(path.join(webDist, 'index.html')))
    return { status: 'skipped', reason: 'the server bundle or the web app is not built; run `npm run build` first' };
  if (!existsSync(CHROMIUM_PATH)) return { status: 'skipped', reason: `no Chromium at ${CHROMIUM_PATH}` };

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pass-bench-first-content-'));
  const removeDataDir = deferCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  const mail = await startSmtpCapture();
  const closeMail = deferCleanup('close the SMTP capture', () => mail.close());
  try {
    const clock = e2eServerClockStart();
    const env: NodeJS.ProcessEnv = {
      ...baseEnv,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PASS_SEED: 'demo',
      PASS_CLOCK: clock.toISOString(),
      REFRESH_ODDS: 'off',
      REFRESH_SCORES: 'off',
      REFRESH_SCHEDULES: 'off',
      REFRESH_LIVE: 'off',
      POOL_MAILS: 'off',
      SMTP_URL: mail.url,
      // Every visit comes from one address; the per-client limit of page views is for strangers.
      PAGE_VIEWS_PER_MINUTE: '100000',
    };
    delete env.DATABASE_URL;
    delete env.ODDS_API_KEY;
    const started = await startServer(serverBundle, env);
    const { base, firstRunMs } = started;
    let server = started.server;
    const restart = async () => {
      await server.stop(10_000);
      server = (await startServer(serverBundle, env, Number(new URL(base).port))).server;
    };
    try {
      const member = await confirmedMember(base, mail);
      const browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        // The machine has no network beyond loopback: keep Chromium from trying to reach Google.
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      const closeBrowser = deferCleanup('close Chromium', () => browser.close());
      try {
        const signedIn = await logIn(browser, base, member);
        const pages = await measurePages(browser, base, signedIn);
        await measureRestarted(browser, base, signedIn, pages, restart);
        return {
          status: 'measured',
          pages,
          runs: FIRST_CONTENT_RUNS,
          chromium: browser.version(),
          clock: clock.toISOString(),
          firstRunMs,
        };
      } finally {
        await closeBrowser();
      }
    } finally {
      await server.stop(10_000);
    }
  } catch (error) {
    return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
  } finally {
    await closeMail();
    await removeDataDir();
  }
}

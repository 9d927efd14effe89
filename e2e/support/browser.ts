import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeResults, ElementContext, Result, RunOptions } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { appUrl } from './target';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');
/**
 * Screenshots are for a person to look at (nothing compares them), so a run takes them only when asked:
 * `E2E_SCREENSHOTS=1 npm run test:e2e` writes them to e2e/screenshots/.
 */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** The browser's environment: never the test run's fake time (scripts/test-on-days.mjs fakes the runner's). */
function browserEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && entry[0] !== 'LD_PRELOAD' && !entry[0].startsWith('FAKETIME'),
    ),
  );
}

/** The server clock's time now (PASS_CLOCK runs it from the instant the global setup chose). */
async function serverTime(): Promise<Date> {
  const response = await fetch(`${appUrl()}/api/health`);
  expect(response.status).toBe(200);
  return new Date(((await response.json()) as { time: string }).time);
}

/**
 * One Chromium per test file, a fresh context per page, its clock set to the server's and running on from
 * there, so the page and the server agree which games have started. Any console error or uncaught exception
 * in the page fails the test that caused it.
 *
 * The app's service worker is blocked unless the file asks for it (`serviceWorker: true`, for the files that
 * test it): in a fresh context it precaches the whole app shell, about 290 files, which cost the browser about
 * a second of CPU and the server a third of one for every page a test opens, beside the test, on a 2-core
 * machine already busy with it. The app registers it quietly, and goes on without it.
 */
export function useBrowser(options: { serviceWorker?: boolean } = {}) {
  const serviceWorkers = options.serviceWorker ? 'allow' : 'block';
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const expectedErrors: RegExp[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      env: browserEnv(),
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
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    const allowed = expectedErrors.splice(0);
    const errors = pageErrors.splice(0).filter((error) => !allowed.some((pattern) => pattern.test(error)));
    expect(errors, 'errors in the browser console').toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    baseUrl: () => appUrl(),
    /** A console error this test provokes on purpose (a failed request it stages); any other still fails it. */
    expectConsoleError(pattern: RegExp) {
      expectedErrors.push(pattern);
    },
    async newPage(viewport: { width: number; height: number } = viewports.desktop): Promise<Page> {
      // Reduced motion: a panel that slides open cannot move a button between the press and the release of a click.
      const context = await browser.newContext({
        viewport,
        baseURL: appUrl(),
        reducedMotion: 'reduce',
        serviceWorkers,
      });
      contexts.push(context);
      await context.clock.install({ time: await serverTime() });
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
      return page;
    },
  };
}

/** The route name of the screen on show (`data-page` of its root element), once one is rendered. */
export async function currentScreen(page: Page): Promise<string> {
  const root = page.locator('[data-page]').first();
  await root.waitFor({ state: 'visible' });
  return (await root.getAttribute('data-page')) ?? '';
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical axe violations on the page as it stands, within `include` (a selector) if given.
 * axe-core goes into the page once, and stays across the app's own navigation; it is asked for violations only,
 * the one result checked. (A new AxeBuilder per check put it in again and opened a page to merge the results
 * of frames, which the app does not have: four times slower, with the same rules and the same violations.)
 */
export async function seriousA11yViolations(page: Page, include?: string): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    ({ include, options }) => {
      const { axe } = window as unknown as {
        axe: { run(context: ElementContext, options: RunOptions): Promise<AxeResults> };
      };
      return axe.run(include ? { include: [include] } : document, options);
    },
    { include, options: { resultTypes: ['violations'] } satisfies RunOptions },
  );
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/**
 * Opens a select and clicks one of its options. The list opens again if a click landed while the select was
 * re-rendering with options it had just loaded (a busy machine, two files at a time), which leaves it shut.
 */
export async function chooseOption(page: Page, select: Locator, name: string): Promise<void> {
  const option = page.getByRole('option', { name, exact: true });
  await expect
    .poll(
      async () => {
        if (!(await option.isVisible()) && (await select.getAttribute('aria-expanded')) !== 'true') {
          await select.click();
        }
        return option.isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await option.click();
}

/** Accessibility: no serious or critical axe violation on the page as it stands. */
export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  const serious = (await seriousA11yViolations(page, include)).map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Waits until the named screen is on show (after a click that navigates). */
export async function waitForScreen(page: Page, name: string): Promise<void> {
  await page.locator(`[data-page="${name}"]`).first().waitFor({ state: 'visible' });
}

/**
 * A screenshot to look at, with `E2E_SCREENSHOTS=1` only: the whole page, or with `top` its first screenful as a
 * visitor sees it on arrival. Returns the file, or null when none was taken.
 */
export async function screenshot(page: Page, name: string, { top = false } = {}): Promise<string | null> {
  if (!TAKE_SCREENSHOTS) return null;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: !top });
  return file;
}

/** A screenshot of one part of the page, with `E2E_SCREENSHOTS=1` only. */
export async function screenshotOf(part: Locator, name: string): Promise<string | null> {
  if (!TAKE_SCREENSHOTS) return null;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await part.screenshot({ path: file });
  return file;
}

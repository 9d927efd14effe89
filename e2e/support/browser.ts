import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { appUrl } from './target';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

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
 */
export function useBrowser() {
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
      const context = await browser.newContext({ viewport, baseURL: appUrl(), reducedMotion: 'reduce' });
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

/** Accessibility: no serious or critical axe violation on the page as it stands. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Waits until the named screen is on show (after a click that navigates). */
export async function waitForScreen(page: Page, name: string): Promise<void> {
  await page.locator(`[data-page="${name}"]`).first().waitFor({ state: 'visible' });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  currentScreen,
  expectNoSeriousA11yViolations,
  screenshot,
  useBrowser,
  viewports,
  waitForScreen,
} from '../support/browser';
import { followNav, openPhoneMenu } from '../support/navigation';

const browser = useBrowser();

/** Same-origin links visible on the page, as paths with their fragment. */
async function visibleInternalLinks(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page
    .locator('a[href]:visible')
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  return [...new Set(hrefs.filter((href) => href.startsWith(origin)).map((href) => href.slice(origin.length) || '/'))];
}

/** Opens a path and checks it shows a real screen (not the not-found or error page). */
async function expectRealScreen(page: Page, target: string): Promise<string> {
  await page.goto(target);
  const screen = await currentScreen(page);
  expect(screen, `${target} shows a real screen`).not.toMatch(/^(not-found|error)$/);
  const hash = new URL(target, 'http://x').hash;
  if (hash) await expect(page.locator(hash).count(), `${target} has its section`).resolves.toBe(1);
  return screen;
}

describe.each(Object.entries(viewports))('the app at %s width', (label, viewport) => {
  it('shows the home page with its sections', async () => {
    const page = await browser.newPage(viewport);
    await page.goto('/');
    expect(await currentScreen(page)).toBe('home');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Every pick');
    await expect(page.locator('#mobile-app').count()).resolves.toBe(1);
    await expect(page.getByText('Version 2025-2.1').first().isVisible()).resolves.toBe(true);
    await screenshot(page, `home-${label}`);
    await expectNoSeriousA11yViolations(page);
  });

  // A crawl of every linked screen with an accessibility check on each: minutes on a loaded 2-core machine.
  it('reaches a real page through every visible link, two levels deep', async () => {
    const page = await browser.newPage(viewport);
    const seen = new Set<string>();
    let frontier = ['/'];
    for (let depth = 0; depth < 2; depth++) {
      const next: string[] = [];
      for (const target of frontier) {
        if (seen.has(target)) continue;
        seen.add(target);
        await expectRealScreen(page, target);
        await expectNoSeriousA11yViolations(page);
        next.push(...(await visibleInternalLinks(page)));
      }
      frontier = next;
    }
    for (const target of frontier) if (!seen.has(target)) await expectRealScreen(page, target);
    // The footer alone links to the legal pages, about and the change log.
    expect(seen.size).toBeGreaterThanOrEqual(5);
  }, 180_000);
});

describe('navigation bar', () => {
  it('on a desktop, clicking each link shows its screen, a members-only one after logging in', async () => {
    const page = await browser.newPage(viewports.desktop);
    await page.goto('/about');
    await waitForScreen(page, 'about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const groups = await nav.getByRole('button').allTextContents();
    expect(groups).toEqual(['Schedules', 'Odds', 'My Bets']);
    const targets: { group: string | null; label: string; path: string }[] = [];
    for (const group of groups) {
      await nav.getByRole('button', { name: group, exact: true }).click();
      const menu = page.getByRole('menu', { name: group });
      // A group's menu loads when it is first opened: read its links once it is there.
      await menu.getByRole('menuitem').first().waitFor();
      const items = await menu.getByRole('menuitem').evaluateAll((anchors) =>
        anchors.map((anchor) => ({
          label: anchor.getAttribute('aria-label') ?? '',
          path: new URL((anchor as HTMLAnchorElement).href).pathname,
        })),
      );
      targets.push(...items.map((item) => ({ group, ...item })));
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    }
    const singles = await nav.getByRole('link').evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        label: anchor.textContent ?? '',
        path: new URL((anchor as HTMLAnchorElement).href).pathname,
      })),
    );
    targets.push(...singles.map((link) => ({ group: null, ...link })));
    const labels = targets.map((target) => target.label);
    expect(labels).toEqual(expect.arrayContaining(['Mobile App', 'Free Odds', 'My Bets', 'Compare books', 'Log in']));

    for (const target of targets) {
      await page.goto('/about');
      await waitForScreen(page, 'about');
      await followNav(page, target.group, target.label);
      // A member-only screen sends a visitor to log in, and back after.
      await page.waitForURL(
        (url) =>
          url.pathname === target.path ||
          (url.pathname === '/login' && url.searchParams.get('redirect') === target.path),
      );
      expect(await currentScreen(page)).not.toMatch(/^(not-found|error)$/);
    }
    // Visitors see no member-only or admin links.
    expect(labels).not.toContain('Admin');
    expect(labels).not.toContain('Pool Party');
  }, 120_000);

  it('on a phone, the menu opens, and closes when a link is clicked', async () => {
    const page = await browser.newPage(viewports.phone);
    await page.goto('/about');
    await waitForScreen(page, 'about');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    const menu = await openPhoneMenu(page);
    await screenshot(page, 'menu-open-phone');
    await menu.getByRole('link', { name: 'Mobile App' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#mobile-app');
    await waitForScreen(page, 'home');
    await menu.waitFor({ state: 'detached' });
    await expect(page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it('shows a clock that keeps time', async () => {
    const page = await browser.newPage(viewports.desktop);
    await page.clock.install({ time: new Date('2026-11-21T15:04:00Z') });
    await page.goto('/');
    const clock = page.locator('header time');
    const first = await clock.getAttribute('datetime');
    await page.clock.runFor(61_500);
    await expect.poll(() => clock.getAttribute('datetime')).not.toBe(first);
  });
});

describe.each(Object.entries(viewports))('a visitor at %s width', (label, viewport) => {
  it('following a members-only link opens the login page saying what the page is', async () => {
    const page = await browser.newPage(viewport);
    await page.goto('/about');
    await waitForScreen(page, 'about');
    await followNav(page, 'My Bets', 'My Bets');
    await waitForScreen(page, 'login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user/bets');
    await page.getByText('My Bets lists every pick and bet you record').waitFor();
    await expect(page.getByRole('link', { name: 'New here? Join for free' }).getAttribute('href')).resolves.toBe(
      '/user/register-new',
    );
    await screenshot(page, `login-for-my-bets-${label}`);
    await expectNoSeriousA11yViolations(page);
  });
});

describe('pages that are not there', () => {
  it('shows the not-found page for an unknown address', async () => {
    const page = await browser.newPage();
    await page.goto('/no/such/page');
    expect(await currentScreen(page)).toBe('not-found');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('not here');
    await expectNoSeriousA11yViolations(page);
  });

  it('sends a visitor who opens the admin screen to the login page, not to the screen', async () => {
    const page = await browser.newPage();
    await page.goto('/admin/users');
    await waitForScreen(page, 'login');
    expect(await page.locator('[data-page="admin"]').count()).toBe(0);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await fetch(`${browser.baseUrl()}/api/nothing-here`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    await expect(response.json()).resolves.toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

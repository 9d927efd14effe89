import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PoolResponse } from '@pass/contracts';
import { apiSessionOf, createMember, logIn, type Identity } from '../support/accounts';
import { screenshot, screenshotOf, useBrowser, viewports, waitForScreen } from '../support/browser';

/**
 * The installable app in Chromium: the checks an installability audit makes (the manifest linked and complete,
 * its icons real PNGs of the sizes it names, a service worker that controls the page), then the app with the
 * network cut: the shell opens, and a schedule seen before shows what it showed, marked as offline.
 */
// This file tests the app's service worker: it is let in.
const browser = useBrowser({ serviceWorker: true });

let member: Identity;
let poolId: number;

beforeAll(async () => {
  member = await createMember();
  // A pool of the stored data's last NFL season, every week of it played (as in specs/pool-page.test.ts).
  const created = await (
    await apiSessionOf(member)
  ).post<PoolResponse>('/api/pools', {
    name: 'Offline Pool',
    icon: 'football',
    icon_color: '#ffffff',
    icon_background: '#1565c0',
    sport: 'americanfootball_nfl',
    season: 2025,
    start_week: 1,
    games_per_week: 4,
    win_basis: 'ats',
    double_play: false,
    triple_play: false,
    last_man_standing: false,
  });
  poolId = created.data.id;
});

/** A PNG's width and height from its IHDR chunk, or null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function fetchPng(page: Page, path: string) {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type'], path).toBe('image/png');
  return pngSize(await response.body());
}

/** Waits for the service worker to be active, then reloads so that it controls the page. */
async function underServiceWorker(page: Page, screen: string) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await waitForScreen(page, screen);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
}

describe('the installable app', () => {
  it('passes the installability checks: a complete manifest, real icons, a service worker in control', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await waitForScreen(page, 'home');

    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifestResponse = await page.request.get(manifestHref!);
    expect(manifestResponse.status()).toBe(200);
    expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await manifestResponse.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'PA$$',
      short_name: 'PA$$',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1867C0',
      background_color: '#FFFFFF',
    });
    // The page's theme colour agrees with the manifest's.
    await expect(page.locator('meta[name="theme-color"]').getAttribute('content')).resolves.toBe(manifest.theme_color);

    const icons = manifest.icons ?? [];
    for (const size of [192, 512]) {
      const icon = icons.find((entry) => entry.sizes === `${size}x${size}` && (entry.purpose ?? 'any').includes('any'));
      expect(icon, `a ${size} px icon`).toBeDefined();
      expect(icon!.type).toBe('image/png');
      expect(await fetchPng(page, icon!.src)).toEqual({ width: size, height: size });
    }
    const maskable = icons.find((entry) => entry.purpose?.includes('maskable'));
    expect(maskable, 'a maskable icon').toBeDefined();
    expect(await fetchPng(page, maskable!.src)).toEqual({ width: 512, height: 512 });
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(await fetchPng(page, touchIcon!)).toEqual({ width: 180, height: 180 });

    // A new version is found at once: the worker's script is never taken from the HTTP cache.
    const worker = await page.request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-type']).toMatch(/javascript/);

    await underServiceWorker(page, 'home');
  });

  it('opens with the network cut: the shell, and the schedule seen before marked as offline', async () => {
    const page = await browser.newPage(viewports.phone);
    await page.goto('/football/schedule');
    await waitForScreen(page, 'login');
    await logIn(page, member.username, member.password);
    await waitForScreen(page, 'football-schedule');
    await page.locator('article[data-event]').first().waitFor();

    // Seen again under the worker, which keeps the schedule's answers for this member.
    await underServiceWorker(page, 'football-schedule');
    await page.locator('article[data-event]').first().waitFor();
    const gamesOnline = await page.locator('article[data-event]').count();
    expect(gamesOnline).toBeGreaterThan(0);
    // Online, every answer is the server's: no offline marker.
    expect(await page.getByTestId('offline-marker').count()).toBe(0);
    // The pool and the member's stats, seen once online.
    await page.goto(`/football/pool/${poolId}?week=1`);
    await waitForScreen(page, 'football-pool');
    await page.getByRole('heading', { name: 'Offline Pool' }).first().waitFor();
    await page.goto('/user/stats');
    await waitForScreen(page, 'user-stats');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const statsHeading = await page.getByRole('heading', { level: 1 }).textContent();

    await page.context().setOffline(true);
    // What no offline copy covers fails, as it should with no network.
    browser.expectConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);

    await page.goto('/');
    await waitForScreen(page, 'home');
    await page.locator('#mobile-app').waitFor();

    await page.goto('/football/schedule');
    await waitForScreen(page, 'football-schedule');
    await page.locator('article[data-event]').first().waitFor();
    expect(await page.locator('article[data-event]').count()).toBe(gamesOnline);
    await expect(page.getByTestId('offline-marker').textContent()).resolves.toBe('Offline — showing what you last saw');
    await screenshot(page, 'offline-schedule-phone');
    await screenshot(page, 'offline-schedule-phone-top', { top: true });

    await page.goto(`/football/pool/${poolId}?week=1`);
    await waitForScreen(page, 'football-pool');
    await page.getByRole('heading', { name: 'Offline Pool' }).first().waitFor();
    await page.getByTestId('offline-marker').waitFor();
    await screenshot(page, 'offline-pool-phone-top', { top: true });

    await page.goto('/user/stats');
    await waitForScreen(page, 'user-stats');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(statsHeading);
    await page.getByTestId('offline-marker').waitFor();

    // Back online, the server answers again and the marker goes.
    await page.context().setOffline(false);
    await page.goto('/football/schedule');
    await waitForScreen(page, 'football-schedule');
    await page.locator('article[data-event]').first().waitFor();
    await expect.poll(() => page.getByTestId('offline-marker').count()).toBe(0);

    // Logging out deletes what the worker kept for the member: nothing of theirs is left on the device.
    const keptBefore = await page.evaluate(async () =>
      (await caches.keys()).filter((name) => name.startsWith('pass-api-')),
    );
    expect(keptBefore.length).toBeGreaterThan(0);
    await page.goto('/logout');
    await waitForScreen(page, 'home');
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('pass-api-user-'))))
      .toEqual([]);
  });

  it("shows the home page's mobile-app section on a phone: the install steps and the store badges", async () => {
    const page = await browser.newPage(viewports.phone);
    // A server configured with both store addresses (the run's server has neither).
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: {
          ...config,
          appStoreUrl: 'https://apps.apple.com/app/id000000001',
          playStoreUrl: 'https://play.google.com/store/apps/details?id=org.example.pass',
        },
      });
    });
    await page.goto('/#mobile-app');
    await waitForScreen(page, 'home');
    const section = page.getByRole('region', { name: 'PA$$ on your phone' });
    await section.getByRole('heading', { name: 'Android (Chrome)' }).waitFor();
    await section.getByRole('heading', { name: 'iPhone and iPad (Safari)' }).waitFor();
    await expect(section.getByRole('link', { name: 'Download on the App Store' }).getAttribute('href')).resolves.toBe(
      'https://apps.apple.com/app/id000000001',
    );
    await expect(section.getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')).resolves.toBe(
      'https://play.google.com/store/apps/details?id=org.example.pass',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshotOf(section, 'mobile-app-section-phone');
  });
});

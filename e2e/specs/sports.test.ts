import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, logIn, type Identity } from '../support/accounts';
import { currentScreen, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';

/**
 * The sports screens against the demo season the e2e server generates on its first run (PASS_SEED=demo):
 * the schedule, a team page, the free odds page without logging in, and compare-books. Each is used on a 390 px
 * phone; where the desktop's layout differs (a table for the phone's cards, the page's width), the same page
 * is widened to 1280 px and checked again. every-route.test.ts axes each of these screens at both widths.
 */
const browser = useBrowser();

let member: Identity;

beforeAll(async () => {
  member = await createMember();
});

/** The whole page, and its first screenful as a visitor sees it on arrival. */
async function screenshots(page: Page, name: string) {
  await screenshot(page, name);
  await screenshot(page, `${name}-top`, { top: true });
}

/** Opens a member page: the auth guard sends to log in, and back after. */
async function openAsMember(page: Page, path: string, screen: string) {
  await page.goto(path);
  await waitForScreen(page, 'login');
  await logIn(page, member.username, member.password);
  await waitForScreen(page, screen);
}

/** The page fits the viewport's width: nothing scrolls sideways. */
async function expectFits(page: Page) {
  const width = page.viewportSize()!.width;
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
}

describe('sports screens', () => {
  it('shows this week of free odds to a visitor as a grid per market, books by name, the best price marked', async () => {
    const page = await browser.newPage(viewports.phone);
    await page.goto('/free/football/odds');
    expect(await currentScreen(page)).toBe('free-football-odds');
    await page.getByRole('heading', { level: 1, name: 'Free NFL odds' }).waitFor();
    const grid = page.getByRole('table', { name: 'Spread by book' });
    await grid.waitFor();
    expect(await grid.locator('tbody tr').count()).toBeGreaterThan(0);
    await expect(page.getByTestId('odds-freshness').textContent()).resolves.toMatch(/Odds updated/);
    // Games as rows, books as columns by their names, the default book first.
    await expect(grid.getByRole('columnheader').nth(1).textContent()).resolves.toBe('BetUS');
    expect(await page.locator('[data-best="true"]').count()).toBeGreaterThan(0);
    // A visitor gets no bet slip: the prices are text.
    await expect(grid.getByRole('button', { name: /^Bet / }).count()).resolves.toBe(0);
    await expectFits(page);
    await screenshots(page, 'free-football-odds-phone');
    await page.setViewportSize(viewports.desktop);
    await grid.waitFor();
    await expectFits(page);
    await screenshots(page, 'free-football-odds-desktop');
  });

  it('shows the schedule: the current week, a week switch, the filters and the team grid', async () => {
    const page = await browser.newPage(viewports.phone);
    await openAsMember(page, '/football/schedule', 'football-schedule');
    const week = page.getByRole('combobox', { name: 'Week' });
    const games = page.locator('article[data-event]');
    await games.first().waitFor();
    // The week list arrives after the games; the current week is chosen once it is there.
    await expect.poll(() => week.inputValue(), { timeout: 15_000 }).toMatch(/^\d+$/);
    await expect(page.getByTestId('game-line').count()).resolves.toBeGreaterThan(0);
    await screenshots(page, 'football-schedule-phone');

    const current = await week.inputValue();
    // Choosing a week checks the session again (whoami), held back here so that it is still on its way when
    // the page is reloaded: leaving the page cancels it, which must not sign the member out of the next one.
    await page.route('**/auth/whoami', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await route.continue().catch(() => undefined);
    });
    await week.selectOption('1');
    await expect.poll(() => page.getByText('Final', { exact: true }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The week is in the address, so a reload (or a shared link) shows it again; the finals tell their result
    // against the line of record.
    expect(new URL(page.url()).searchParams.get('week')).toBe('1');
    await page.reload();
    await waitForScreen(page, 'football-schedule');
    await page.unroute('**/auth/whoami');
    await expect.poll(() => week.inputValue(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => page.getByTestId('game-result').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const first = await games.first().getAttribute('aria-label');
    const home = first!.split(' at ')[1]!;
    await page.getByRole('textbox', { name: 'Find a matchup' }).fill(home.split(' ').pop()!);
    await expect.poll(() => games.count(), { timeout: 15_000 }).toBe(1);

    // From a finished week, the next open game is in the current week: shown, and focused.
    await page.getByRole('button', { name: 'Next open game' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('week'), { timeout: 15_000 }).toBe(current);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-event') ?? null), { timeout: 15_000 })
      .toMatch(/^\d+$/);

    await page.getByRole('main').getByRole('link', { name: 'Chiefs', exact: true }).click();
    await waitForScreen(page, 'football-team');
    await page.getByRole('heading', { level: 1, name: /Kansas City Chiefs/ }).waitFor();
  });

  it('shows a team page with standings, games, the almanac and the margin chart', async () => {
    const page = await browser.newPage(viewports.phone);
    await openAsMember(page, '/football/team/KC', 'football-team');
    await page.getByRole('table', { name: 'Records' }).waitFor();
    await page.getByRole('table', { name: /AFC West standings/ }).waitFor();
    await page.locator('section[aria-labelledby="margin-of-victory"] .recharts-bar-rectangle').first().waitFor();
    // On a phone the games are stacked cards rather than a table.
    for (const [label, viewport] of Object.entries(viewports).reverse()) {
      await page.setViewportSize(viewport);
      await page
        .getByRole(label === 'phone' ? 'list' : 'table', { name: 'Games with results and closing lines' })
        .waitFor();
      await screenshots(page, `football-team-${label}`);
    }
  });

  it('compares books with the best price highlighted, and opens a line history', async () => {
    const page = await browser.newPage(viewports.phone);
    await openAsMember(page, '/compare-books', 'compare-books');
    await page.getByRole('table', { name: 'Spread by book' }).waitFor();
    expect(await page.locator('[data-best="true"]').count()).toBeGreaterThan(0);
    for (const [label, viewport] of Object.entries(viewports).reverse()) {
      await page.setViewportSize(viewport);
      await page.getByRole('table', { name: 'Spread by book' }).waitFor();
      await expectFits(page);
      await screenshots(page, `compare-books-${label}`);
    }
    await page.setViewportSize(viewports.phone);

    await page
      .getByRole('link', { name: /^Line history:/ })
      .first()
      .click();
    await waitForScreen(page, 'compare-books-event');
    // The chart, with a line per book; a book whose line never moved is a single point, drawn as nothing
    // visible, so the lines are counted rather than waited for (which game comes first depends on the day).
    await page.getByRole('figure').locator('.recharts-surface').first().waitFor();
    await expect.poll(() => page.locator('.recharts-line').count()).toBeGreaterThan(0);
    await screenshots(page, 'compare-books-event-phone');
  });
});

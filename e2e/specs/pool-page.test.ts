import type { PoolResponse, PoolWeekResponse } from '@pass/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSessionOf, createMember, logIn, type Identity } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';

/**
 * The pool page of a played season in the browser: the stored data's last NFL season (2025, real games),
 * every week of it played whatever the day, so the sheet shows every game locked and the grid and standings
 * the graded week, on a 390 px phone and a desktop. A week played live is specs/pool-week.test.ts.
 */
const browser = useBrowser();

let lifeguard: Identity;
let poolId: number;
/** The last NFL season of the stored data, every week of it played, whatever the day the suite runs on. */
const season = 2025;
let slateSize: number;

beforeAll(async () => {
  lifeguard = await createMember();
  const api = await apiSessionOf(lifeguard);
  const created = await api.post<PoolResponse>('/api/pools', {
    name: 'Browser Pool',
    icon: 'football',
    icon_color: '#ffffff',
    icon_background: '#1565c0',
    sport: 'americanfootball_nfl',
    season,
    start_week: 1,
    games_per_week: 4,
    win_basis: 'ats',
    double_play: true,
    triple_play: true,
    last_man_standing: true,
  });
  poolId = created.data.id;
  // The first read after the week's first kickoff stores its automatic slate.
  const view = await api.get<PoolWeekResponse>(`/api/pools/${poolId}/weeks/1`);
  slateSize = view.data.games.length;
  expect(slateSize).toBeGreaterThan(0);
  expect(view.data.games.every((game) => game.locked)).toBe(true);
});

/** The header cells of a table that end past the right edge of what shows of it (its scroll box, the screen). */
function cutColumns(page: Page, label: string): Promise<string[]> {
  return page.evaluate((name) => {
    const table = document.querySelector(`table[aria-label="${name}"]`)!;
    const box = (table.closest('.MuiTableContainer-root') ?? table.parentElement!).getBoundingClientRect();
    const edge = Math.min(box.right, window.innerWidth);
    return Array.from(table.querySelectorAll('thead th'))
      .filter((cell) => cell.getBoundingClientRect().right > edge + 1)
      .map((cell) => cell.textContent ?? '');
  }, label);
}

describe('the pool page', () => {
  it('shows a played week on a phone: every game locked, the graded grid, no sideways scroll', async () => {
    const page = await browser.newPage(viewports.phone);
    await page.goto(`/football/pool/${poolId}?week=1`);
    await waitForScreen(page, 'login');
    await logIn(page, lifeguard.username, lifeguard.password);
    await waitForScreen(page, 'football-pool');
    const sheet = page.getByRole('form', { name: 'Picks for Week 1' });
    await sheet.waitFor();
    await expect.poll(() => sheet.getByLabel(/ is locked$/).count()).toBe(slateSize);
    await sheet.getByText(/Every game of Week 1 has locked/).waitFor();
    await screenshot(page, 'pool-picks-phone');
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('tab', { name: 'Grid' }).click();
    const grid = page.getByRole('table', { name: "Everyone's picks, Week 1" });
    await grid.waitFor();
    await screenshot(page, 'pool-grid-phone');
    await expect.poll(() => grid.getByLabel(/: no pick/).count()).toBe(slateSize);
    await expectNoSeriousA11yViolations(page);
    // A usual slate fits the phone: no column of the grid is cut off at the screen's edge.
    expect(await cutColumns(page, "Everyone's picks, Week 1")).toEqual([]);
    await expect(page.getByTestId('grid-scroll-hint').count()).resolves.toBe(0);

    // The standings leave the Avg CLV column out on a phone, so the table fits without sideways scroll.
    await page.getByRole('tab', { name: 'Standings' }).click();
    const table = page.getByRole('table', { name: 'Standings' });
    await table.waitFor();
    await expect(table.getByRole('columnheader', { name: 'Avg CLV' }).count()).resolves.toBe(0);
    await screenshot(page, 'pool-standings-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await cutColumns(page, 'Standings')).toEqual([]);
    // Every column is explained under the table, where a phone can read it.
    const legend = page.getByTestId('standings-legend');
    for (const header of ['#', 'Pts', 'W-L-P', 'TB', 'Max'])
      await legend.getByText(`${header}:`, { exact: true }).waitFor();

    // The pool's own rules, from the link under its name (the tabs scroll on a phone).
    await page.getByRole('button', { name: 'Rules' }).click();
    const rules = page.getByRole('list', { name: "This pool's rules" });
    await rules.getByText(/^Against the spread: /).waitFor();
    await rules.getByText(/^A game you have not picked when it locks scores −5/).waitFor();
    await screenshot(page, 'pool-rules-phone');
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('shows the standings and the Lifeguard tools on a desktop', async () => {
    const page = await browser.newPage(viewports.desktop);
    await page.goto(`/football/pool/${poolId}?tab=standings`);
    await waitForScreen(page, 'login');
    await logIn(page, lifeguard.username, lifeguard.password);
    await waitForScreen(page, 'football-pool');
    const table = page.getByRole('table', { name: 'Standings' });
    await table.waitFor();
    await expect(table.textContent()).resolves.toContain(lifeguard.username);
    await expect(table.getByRole('columnheader', { name: 'Avg CLV' }).count()).resolves.toBe(1);
    await page.locator('.recharts-surface').first().waitFor();
    await screenshot(page, 'pool-standings-desktop');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByRole('region', { name: 'Announcements' }).waitFor();
    await expect(page.getByRole('button', { name: 'End the pool' }).count()).resolves.toBe(1);
    await screenshot(page, 'pool-members-desktop');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Rules' }).click();
    await page
      .getByRole('list', { name: "This pool's rules" })
      .getByText(/^Triple play: /)
      .waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  it('shows the not-found page for a pool the member is not in', async () => {
    browser.expectConsoleError(/status of 404/);
    const page = await browser.newPage(viewports.phone);
    await page.goto('/football/pool/999999');
    await waitForScreen(page, 'login');
    await logIn(page, lifeguard.username, lifeguard.password);
    await waitForScreen(page, 'not-found');
  });
});

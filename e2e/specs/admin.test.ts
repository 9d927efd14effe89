import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createMember, logIn, type Identity } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';
import { followNav } from '../support/navigation';

/**
 * The admin's screen (decision 049): reached from the navigation, the users table pages and sorts, exports
 * what it shows as CSV, and the admin suspends a member's account (the member's next request is refused and
 * their login explains why) and lifts it; at 1280 and 390 px.
 */
const browser = useBrowser();

let members: Identity[];

beforeAll(async () => {
  // Enough accounts for more than one page of ten.
  members = await Promise.all(Array.from({ length: 11 }, () => createMember()));
}, 120_000);

async function openAs(page: Page, who: Identity, path: string, screen: string) {
  await page.goto(path);
  await waitForScreen(page, 'login');
  await logIn(page, who.username, who.password);
  await waitForScreen(page, screen);
}

/** The usernames of the users table's rows, in order. */
async function usernames(page: Page): Promise<string[]> {
  const cells = page.getByRole('table', { name: 'Users' }).locator('tbody tr td:nth-child(2)');
  return (await cells.allInnerTexts()).map((text) => text.replace(/\s*admin$/, '').trim());
}

describe('the admin screen', () => {
  it('pages, sorts and exports the users table, and suspends and lifts a member', async () => {
    const admin = inject('admin');
    const page = await browser.newPage(viewports.desktop);
    await openAs(page, { ...admin }, '/user/profile', 'user-profile');
    await followNav(page, null, 'Admin');
    await waitForScreen(page, 'admin');
    expect(new URL(page.url()).pathname).toBe('/admin');
    const table = page.getByRole('table', { name: 'Users' });
    await table.locator('tbody tr').first().waitFor();
    expect(await page.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');

    // Sorting: by username, then the other way (each once its answer has arrived and shows).
    const sorted = (dir: string) =>
      page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === '/api/admin/tables/users' && url.searchParams.get('dir') === dir;
      });
    const byName = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1);
    await Promise.all([sorted('asc'), table.getByRole('button', { name: 'Username' }).click()]);
    await expect
      .poll(async () => {
        const names = await usernames(page);
        return names.join() === [...names].sort(byName).join();
      })
      .toBe(true);
    const ascending = await usernames(page);
    expect(ascending).toEqual([...ascending].sort(byName));
    await Promise.all([sorted('desc'), table.getByRole('button', { name: /Username/ }).click()]);
    await expect.poll(async () => (await usernames(page))[0]).not.toBe(ascending[0]);
    const descending = await usernames(page);
    expect(descending).toEqual([...descending].sort(byName).reverse());
    expect(await table.getByRole('columnheader', { name: /Username/ }).getAttribute('aria-sort')).toBe('descending');

    // Paging: ten rows a page, then the second page.
    const paged = (pageNumber: string) =>
      page.waitForResponse((response) => {
        const url = new URL(response.url());
        return (
          url.pathname === '/api/admin/tables/users' &&
          url.searchParams.get('pageSize') === '10' &&
          url.searchParams.get('page') === pageNumber
        );
      });
    await page.getByRole('combobox', { name: 'Rows' }).click();
    await Promise.all([paged('1'), page.getByRole('option', { name: '10', exact: true }).click()]);
    await page.getByText(/^1–10 of \d+$/).waitFor();
    await expect.poll(async () => (await usernames(page)).length).toBe(10);
    const firstPage = await usernames(page);
    await Promise.all([paged('2'), page.getByRole('button', { name: 'Go to next page' }).click()]);
    await expect.poll(async () => (await usernames(page))[0]).not.toBe(firstPage[0]);
    await page.getByText(/^11–\d+ of \d+$/).waitFor();
    await page.waitForLoadState('networkidle');
    const secondPage = await usernames(page);
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);

    // The export: the search and sort the table shows, as a CSV download.
    const member = members[0]!;
    await page.getByRole('searchbox', { name: 'Search username, email or name' }).fill(member.username);
    await page.getByText('1–1 of 1').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'id,username,email,name,is_admin,verified,pools_hosted,created_at,suspended_at,suspended_reason',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,${member.username},${member.email},`);
    expect(lines[2]).toBe('');

    // The member is signed in elsewhere.
    const memberPage = await browser.newPage(viewports.phone);
    await openAs(memberPage, member, '/football/pools', 'football-pools');
    expect((await memberPage.request.get('/api/pools')).status()).toBe(200);

    // Suspend the member's account from the table.
    await page.getByRole('button', { name: `Suspend account ${member.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Suspend the account ${member.username}?` });
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Sending invitations to strangers');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('button', { name: `Lift the suspension of account ${member.username}` }).waitFor();
    await table.getByText(/Sending invitations to strangers/).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'admin-users-1280');

    // The member's next request is refused, and logging in again says why.
    expect((await memberPage.request.get('/api/pools')).status()).toBe(401);
    browser.expectConsoleError(/status of 40[13]/);
    // The member's open page loses its live socket with the session, and the browser logs its refused return.
    browser.expectConsoleError(/WebSocket connection to '[^']*\/ws\/live' failed/);
    await memberPage.goto('/football/pools');
    await waitForScreen(memberPage, 'login');
    await logIn(memberPage, member.username, member.password);
    await memberPage.getByText(/This account is suspended by the admin: Sending invitations to strangers/).waitFor();
    await screenshot(memberPage, 'admin-suspended-login-390');

    // Lifted: the member logs in again.
    await page.getByRole('button', { name: `Lift the suspension of account ${member.username}` }).click();
    await page.getByRole('button', { name: `Suspend account ${member.username}` }).waitFor();
    await logIn(memberPage, member.username, member.password);
    await waitForScreen(memberPage, 'football-pools');
    expect((await memberPage.request.get('/api/pools')).status()).toBe(200);
  }, 180_000);

  it('fits a phone: the section menu is a select and the table scrolls sideways in its own region', async () => {
    const admin = inject('admin');
    const page = await browser.newPage(viewports.phone);
    await openAs(page, { ...admin }, '/admin/users', 'admin');
    const region = page.getByRole('region', { name: 'Users (scrolls sideways)' });
    await region.locator('tbody tr').first().waitFor();
    expect(await region.getAttribute('tabindex')).toBe('0');
    // The page itself never scrolls sideways; the table's region does.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    const scroll = await region.evaluate((element) => ({ client: element.clientWidth, scroll: element.scrollWidth }));
    expect(scroll.scroll).toBeGreaterThan(scroll.client);
    await screenshot(page, 'admin-users-390');

    await page.getByRole('combobox', { name: 'Admin section' }).click();
    await page.getByRole('option', { name: 'Pools' }).click();
    await page.waitForURL(/\/admin\/pools$/);
    await page.getByRole('table', { name: 'Pools' }).waitFor();
    // Every-route.test.ts axes the admin screen's first section; this one only here.
    await expectNoSeriousA11yViolations(page);

    // The imports screen the admin had stays where it was.
    await page.goto('/admin/almanac');
    await waitForScreen(page, 'admin-almanac');
  }, 120_000);
});

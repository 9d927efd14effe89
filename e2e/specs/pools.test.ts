import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSessionOf, createMember, logIn, type Identity } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';
import { followNav } from '../support/navigation';

/**
 * Pool Party around the pools: create a pool from the pools list, invite with the shareable link, and a
 * second member joins through the accept link after logging in; each state the screens reach here passes axe
 * (every-route.test.ts axes each screen as it loads, at both widths).
 */
const browser = useBrowser();

let lifeguard: Identity;
let guest: Identity;

beforeAll(async () => {
  [lifeguard, guest] = await Promise.all([createMember(), createMember()]);
});

async function openAs(page: Page, who: Identity, path: string, screen: string) {
  await page.goto(path);
  await waitForScreen(page, 'login');
  await logIn(page, who.username, who.password);
  await waitForScreen(page, screen);
}

describe('Pool Party', () => {
  it('creates a pool, shares its link, and a guest joins through it', async () => {
    const page = await browser.newPage(viewports.desktop);
    await openAs(page, lifeguard, '/football/pools', 'football-pools');
    await page.getByText(/You are in no pool of this sport yet/).waitFor();

    await page.getByRole('button', { name: 'Create pool' }).click();
    await page.getByText('A pool needs a name').waitFor();
    await page.getByRole('textbox', { name: 'Pool name' }).fill('Office Splash');
    await page.getByRole('button', { name: 'Create pool' }).click();
    await page.getByText(/“Office Splash” is ready/).waitFor();
    await page.getByRole('list', { name: 'My pools' }).getByText('Office Splash').waitFor();
    // Back to the top: the sticky app bar otherwise lands mid-page in a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'football-pools-desktop');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/pool-party?tab=lifeguard');
    await page.getByRole('list', { name: 'Pools I host' }).getByText('Office Splash').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('tab', { name: 'Pool Party Rules' }).click();
    await page.getByText(/Any member can be a Lifeguard and host up to \d+ active pools/).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/invite');
    await waitForScreen(page, 'invite');
    await page.getByRole('button', { name: 'Get the link' }).click();
    const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(link).toMatch(/\/pool-party\/accept\/[\w-]+$/);
    await expectNoSeriousA11yViolations(page);

    const phone = await browser.newPage(viewports.phone);
    await phone.goto(new URL(link).pathname);
    await waitForScreen(phone, 'pool-party-accept');
    await expectNoSeriousA11yViolations(phone);
    // Logged in on the invitation's page itself, and joined with it.
    await phone.getByRole('tab', { name: 'I have an account' }).click();
    await logIn(phone, guest.username, guest.password);
    await waitForScreen(phone, 'football-pool');
    await phone.getByRole('heading', { level: 1, name: 'Office Splash' }).waitFor();
    await phone.goto('/football/pools');
    await waitForScreen(phone, 'football-pools');
    await phone.getByRole('list', { name: 'My pools' }).getByText('Office Splash').waitFor();
    // The phone layout: the form's rows stack, nothing scrolls sideways.
    await expect(phone.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await screenshot(phone, 'football-pools-phone');

    // The page a refused acceptance goes to, with its reason.
    await phone.goto('/pool-party/invite-error?reason=pool_full');
    await phone.getByText('This pool is full.').waitFor();
    await expectNoSeriousA11yViolations(phone);
  }, 120_000);

  it("lists the member's baseball pools on the baseball menu and creates one; a visitor is asked to log in", async () => {
    const baseball = await createMember();
    const phone = await browser.newPage(viewports.phone);
    await phone.goto('/baseball');
    await waitForScreen(phone, 'baseball-menu');
    const pools = phone.getByRole('region', { name: 'Pools' });
    await pools.getByRole('link', { name: 'Log in' }).click();
    await waitForScreen(phone, 'login');
    await logIn(phone, baseball.username, baseball.password);
    await waitForScreen(phone, 'baseball-menu');
    await pools.getByText(/You are in no baseball pool yet/).waitFor();
    await pools.getByRole('button', { name: 'Create a baseball pool' }).click();
    await pools.getByText(/^MLB \d{4}\. You will be its Lifeguard/).waitFor();
    await pools.getByRole('textbox', { name: 'Pool name' }).fill('Dugout Dollars');
    await pools.getByRole('button', { name: 'Create pool' }).click();
    await pools.getByText(/“Dugout Dollars” is ready/).waitFor();
    await pools
      .getByRole('list', { name: 'My baseball pools' })
      .getByRole('link', { name: 'Dugout Dollars' })
      .waitFor();
    await expect(phone.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(phone);
    await phone.evaluate(() => window.scrollTo(0, 0));
    await screenshot(phone, 'baseball-menu-pools-phone');

    const desktop = await browser.newPage(viewports.desktop);
    // The baseball menu is open to visitors: log in first, and come back to it.
    await openAs(desktop, baseball, `/login?${new URLSearchParams({ redirect: '/baseball' })}`, 'baseball-menu');
    const link = desktop.getByRole('list', { name: 'My baseball pools' }).getByRole('link', { name: 'Dugout Dollars' });
    await expect(link.getAttribute('href')).resolves.toMatch(/^\/football\/pool\/\d+$/);
    await screenshot(desktop, 'baseball-menu-pools-desktop');

    // Reached from the navigation alone, at both widths: Pool Party's pro pools, then its baseball pools.
    for (const page of [phone, desktop]) {
      await followNav(page, 'Pool Party', 'Pro pools');
      await waitForScreen(page, 'football-pools');
      await page
        .getByRole('navigation', { name: 'More of Pool Party' })
        .getByRole('link', { name: 'Baseball pools' })
        .click();
      await waitForScreen(page, 'baseball-menu');
      await page
        .getByRole('list', { name: 'My baseball pools' })
        .getByRole('link', { name: 'Dugout Dollars' })
        .waitFor();
    }
  }, 120_000);

  it('refuses a fourth invitation to one address with its reason, and shows it to the admin', async () => {
    const host = await createMember();
    const api = await apiSessionOf(host);
    const current = await api.get<{ season: number; number: number }>('/api/dates/americanfootball_nfl/current-week');
    const { data: pool } = await api.post<{ data: { id: number } }>('/api/pools', {
      name: 'Limit Testers',
      icon: 'star',
      icon_color: '#ffffff',
      icon_background: '#0277bd',
      sport: 'americanfootball_nfl',
      season: current.season,
      start_week: current.number,
      games_per_week: 5,
      win_basis: 'ats',
      double_play: true,
      triple_play: false,
      last_man_standing: false,
    });
    const address = `cousin.${host.username}@example.com`;
    for (let sent = 0; sent < 3; sent += 1) await api.post(`/api/pools/${pool.id}/invitations`, { email: address });

    const page = await browser.newPage(viewports.desktop);
    await openAs(page, host, '/invite', 'invite');
    await page.getByRole('textbox', { name: 'Email addresses' }).fill(address);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    // The list's answer names the refusal beside the address (the request itself succeeds: nothing logged).
    await page
      .getByRole('list', { name: 'Invitations sent and not sent' })
      .getByText(/3 invitations from you, the most allowed/)
      .waitFor();

    const admin = inject('admin');
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const adminPage = await browser.newPage(viewport);
      // The admin's screen is reached from the navigation's Admin link, at both widths.
      await openAs(adminPage, { ...admin }, '/user/profile', 'user-profile');
      await followNav(adminPage, null, 'Admin');
      await waitForScreen(adminPage, 'admin');
      // The admin's sections: tabs on a desktop, a select on a phone.
      if (viewport.width < 900) {
        await adminPage.getByRole('combobox', { name: 'Admin section' }).click();
        await adminPage.getByRole('option', { name: 'Refused invitations' }).click();
      } else {
        await adminPage
          .getByRole('navigation', { name: 'Admin sections' })
          .getByRole('tab', { name: 'Refused invitations' })
          .click();
      }
      const section = adminPage.getByRole('region', { name: 'Refused invitations' });
      await section.getByText(address).first().waitFor();
      await section.getByText('Limit Testers').first().waitFor();
      await expect(adminPage.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
        viewport.width,
      );
      await expectNoSeriousA11yViolations(adminPage);
      await screenshot(adminPage, `admin-refused-invitations-${viewport.width}`);
    }
  }, 120_000);
});

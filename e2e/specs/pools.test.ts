import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, logIn, type Identity } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';

/**
 * Pool Party around the pools: create a pool from the pools list, invite with the shareable link, and a
 * second member joins through the accept link after logging in; each screen passes axe on a phone and a desktop.
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
    await expectNoSeriousA11yViolations(page);

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
    await page.getByText(/A Lifeguard hosts at most \d+ pools at a time/).waitFor();
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
    await phone.getByRole('link', { name: 'Log in to join' }).click();
    await waitForScreen(phone, 'login');
    await logIn(phone, guest.username, guest.password);
    await waitForScreen(phone, 'pool-party-accept');
    await phone.getByRole('button', { name: 'Join the pool' }).click();
    // The pool's page when it is built, else the joined pool on this screen.
    await phone
      .getByText(/Office Splash/)
      .first()
      .waitFor();
    await phone.goto('/football/pools');
    await waitForScreen(phone, 'football-pools');
    await phone.getByRole('list', { name: 'My pools' }).getByText('Office Splash').waitFor();
    // The phone layout: the form's rows stack, nothing scrolls sideways.
    await expect(phone.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await screenshot(phone, 'football-pools-phone');
    await expectNoSeriousA11yViolations(phone);

    // The page a refused acceptance goes to, with its reason.
    await phone.goto('/pool-party/invite-error?reason=pool_full');
    await phone.getByText('This pool is full.').waitFor();
    await expectNoSeriousA11yViolations(phone);
  }, 120_000);
});

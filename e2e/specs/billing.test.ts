import { readFileSync } from 'node:fs';
import type { BillingSubscription } from '@pass/contracts';
import { users } from '@pass/db';
import { PLANS, priceSentence, priceTierAt } from '@pass/domain';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSessionOf, createMember, logIn, type Identity } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';
import { followNav } from '../support/navigation';
import { usePayPalAppServer } from '../support/paypal';
import { e2eServerClockStart } from '../support/server-clock';

/**
 * Billing in the browser, end to end against a local PayPal (decisions 045 and 046): a member whose free college
 * month has ended opens College Season, is sent to `/college/subscribe`, subscribes through PayPal's button (the
 * local stand-in for PayPal's SDK), sees the specification's success alert and reaches the college schedule;
 * the admin sees it on the admin screen's Subscriptions tab and exports it as CSV; the profile then lists the
 * subscription and cancels it with PayPal.
 *
 * The free month is reckoned by the server clock, so this file runs a server of its own (same build, same mail
 * capture): the member signs up at the usual clock, then the server restarts 40 days later, with PayPal pointed
 * at the fake, whose plans are also written into `billing_plans` while the server is stopped (as provisioning
 * would leave them: support/paypal.ts).
 */
const browser = useBrowser();

const SUCCESS = 'Subscription successful! Your PA$$ Sync access is now active.';
const DAY = 86_400_000;

const app = usePayPalAppServer('billing');
const fake = app.fake;
let member: Identity;
/** An account the operator made the admin (the flag set while the server is stopped, as `npm run admin` does). */
let admin: Identity;
let later: Date;

beforeAll(async () => {
  const signUpAt = e2eServerClockStart();
  later = new Date(signUpAt.getTime() + 40 * DAY);
  await app.startAt(signUpAt);
  member = await createMember();
  admin = await createMember();
  await app.whileStopped(async (db) => {
    await db.update(users).set({ isAdmin: true }).where(eq(users.username, admin.username));
  });
  await app.startAt(later);
}, 240_000);

async function signedInPage(
  viewport: { width: number; height: number },
  address: string,
  who: Identity = member,
): Promise<Page> {
  const page = await browser.newPage(viewport);
  await page.goto(`/login?${new URLSearchParams({ redirect: address })}`);
  await waitForScreen(page, 'login');
  await logIn(page, who.username, who.password);
  return page;
}

describe('subscribing with PayPal and cancelling', () => {
  it('offers the sync link at both widths, going to the plans with their price', async () => {
    for (const [label, viewport] of Object.entries(viewports)) {
      const page = await signedInPage(viewport, '/user/bets');
      await waitForScreen(page, 'user-bets');
      await followNav(page, null, 'Sync');
      await waitForScreen(page, 'subscribe');
      expect(new URL(page.url()).pathname).toBe('/subscribe');
      const membership = page.getByRole('region', { name: PLANS.member.name });
      await membership.getByText(priceSentence('member', priceTierAt(later))).waitFor();
      await membership.getByRole('button', { name: `Choose ${PLANS.member.name}` }).waitFor();
      // The add-on is not needed while no sportsbook is linked: no Choose button on it.
      await page.getByRole('region', { name: PLANS.add_on.name }).waitFor();
      expect(await page.getByRole('button', { name: `Choose ${PLANS.add_on.name}` }).count()).toBe(0);
      await screenshot(page, `billing-subscribe-${label}`);
      await page.close();
    }
  });

  it('shows the Pool Party campaign page to a visitor at both widths', async () => {
    const page = await browser.newPage(viewports.phone);
    await page.goto('/campaign/pass-pool-party/signup-for-free');
    await waitForScreen(page, 'campaign-pool-party');
    for (const [label, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.getByRole('link', { name: 'Sign up for free' }).waitFor();
      await screenshot(page, `billing-campaign-${label}`);
    }
  });

  it('sends a member whose free month ended to /college/subscribe, subscribes there and reaches the schedule', async () => {
    const page = await signedInPage(viewports.phone, '/user/bets');
    await waitForScreen(page, 'user-bets');
    await followNav(page, 'Schedules', 'College Season');
    await waitForScreen(page, 'college-subscribe');
    expect(new URL(page.url()).pathname).toBe('/college/subscribe');
    await page.getByText(/Your free college month ended on/).waitFor();
    await page.getByRole('button', { name: `Choose ${PLANS.member.name}` }).click();
    const payPalButton = page.getByRole('button', { name: 'PayPal', exact: true });
    await payPalButton.waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'billing-college-subscribe-phone');
    await payPalButton.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(SUCCESS).waitFor();
    await screenshot(page, 'billing-college-subscribed-phone');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await waitForScreen(page, 'ncaa-football-schedule');
    expect(new URL(page.url()).pathname).toBe('/college/football/schedule');

    // PayPal made the subscription for this member's billing id; the server confirmed it with PayPal.
    const api = await apiSessionOf(member);
    const { data } = await api.get<{ data: BillingSubscription[] }>('/billing/subscriptions');
    expect(data).toEqual([expect.objectContaining({ plan_name: PLANS.member.name, active: true })]);
    expect(fake.subscriptions.get(data[0]!.subscription_id)?.status).toBe('ACTIVE');
  });

  it('shows the admin the new subscription on the Subscriptions tab, and exports it as CSV', async () => {
    const api = await apiSessionOf(member);
    const { data } = await api.get<{ data: BillingSubscription[] }>('/billing/subscriptions');
    const subscriptionId = data[0]!.subscription_id;

    // Not from the profile: reached from login, it loads itself again for PayPal's policy (decision 046), and a
    // click made meanwhile would be lost to that load.
    const page = await signedInPage(viewports.desktop, '/user/bets', admin);
    await waitForScreen(page, 'user-bets');
    await followNav(page, null, 'Admin');
    await waitForScreen(page, 'admin');
    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    const recent = page.getByRole('table', { name: 'Recent subscriptions' });
    await recent.getByText(subscriptionId).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'billing-admin-subscriptions-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pass-subscriptions-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(lines[0]).toContain('subscription_id');
    const row = lines.find((line) => line.includes(subscriptionId));
    expect(row).toContain(member.username);
    expect(row).toContain('ACTIVE');
  });

  it('lists the subscription on the profile and cancels it with PayPal after asking', async () => {
    const page = await signedInPage(viewports.desktop, '/user/profile');
    await waitForScreen(page, 'user-profile');
    const card = page.getByRole('article', { name: new RegExp(`^${PLANS.member.name.replace(/\$/g, '\\$')} I-`) });
    await card.getByText('Status: Active').waitFor();
    await card.getByText(/^Next billing date: /).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'billing-profile-desktop');
    await card.getByRole('button', { name: `Cancel ${PLANS.member.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText(`Your ${PLANS.member.name} is cancelled.`).waitFor();
    await card.getByText('Status: Cancelled').waitFor();

    const api = await apiSessionOf(member);
    const { data } = await api.get<{ data: BillingSubscription[] }>('/billing/subscriptions');
    expect(data).toEqual([expect.objectContaining({ status: 'CANCELLED', active: false })]);
    expect(fake.subscriptions.get(data[0]!.subscription_id)?.status).toBe('CANCELLED');

    const phone = await signedInPage(viewports.phone, '/user/profile');
    await waitForScreen(phone, 'user-profile');
    await phone.getByRole('article').first().getByText('Status: Cancelled').waitFor();
    await screenshot(phone, 'billing-profile-phone');
  });
});

import type { BetListResponse } from '@pass/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSessionOf, createMember, logIn, type Identity } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';

/**
 * A member's week from start to finish: three one-tap picks on the demo week's schedule, a real bet from a
 * game's bet form and a teller bet; the admin then finishes those games through the API, and the member
 * sees every entry graded, on the list and in the stats, at desktop and phone widths.
 */
const browser = useBrowser();

let member: Identity;
let admin: Identity;

beforeAll(async () => {
  member = await createMember();
  // The admin the global setup made with the operator's command.
  admin = inject('admin');
});

async function openAsMember(page: Page, path: string, screen: string) {
  await page.goto(path);
  await waitForScreen(page, 'login');
  await logIn(page, member.username, member.password);
  await waitForScreen(page, screen);
}

describe('a week of picks and bets, graded', () => {
  it('picks three games, bets on a fourth for real and one at the teller, and sees them all graded', async () => {
    const page = await browser.newPage();
    await openAsMember(page, '/football/schedule', 'football-schedule');

    // Three one-tap picks: the first side of the first three games still to be played.
    const pickGroups = page.getByRole('group', { name: /^Pick / });
    await expect.poll(() => pickGroups.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
    for (let game = 0; game < 3; game += 1) {
      const first = pickGroups.nth(game).getByRole('button').first();
      await first.click();
      await expect.poll(() => first.getAttribute('aria-pressed')).toBe('true');
    }
    await expect.poll(() => page.getByText(/^Your pick: /).count()).toBe(3);
    await screenshot(page, 'schedule-picked-desktop');

    // A real bet on the fourth game, from its bet slip, the book's line and price filled in.
    const fourthCard = page
      .getByTestId('game-actions')
      .filter({ has: page.getByRole('group', { name: /^Pick / }) })
      .nth(3);
    await fourthCard.getByRole('button', { name: 'Bet' }).click();
    const slip = page.getByRole('dialog', { name: /^Bet slip/ });
    await slip.waitFor();
    await expect.poll(() => slip.getByRole('textbox', { name: 'Price' }).inputValue()).not.toBe('');
    // Real money or simulated is asked, never assumed.
    const realMoney = slip.getByRole('radio', { name: 'Real money' });
    await expect(realMoney.isChecked()).resolves.toBe(false);
    await realMoney.click();
    await expect.poll(() => realMoney.isChecked()).toBe(true);
    await slip.getByRole('textbox', { name: 'Stake ($)' }).fill('50');
    await slip.getByRole('button', { name: 'Record bet' }).click();
    await slip.getByText(/^Recorded: /).waitFor();
    await slip.getByRole('button', { name: 'Close the bet slip' }).click();
    await expect.poll(() => slip.isVisible()).toBe(false);

    // A paper-bankroll bet at the teller.
    await page.goto('/teller/place-bet');
    await waitForScreen(page, 'teller-place-bet');
    await expect.poll(() => page.locator('[data-figure="Balance"]').textContent()).toBe('$1,000.00');
    const main = page.getByRole('main');
    await expect
      .poll(() => main.getByRole('combobox', { name: 'Game' }).getAttribute('aria-disabled'))
      .not.toBe('true');
    await main.getByRole('combobox', { name: 'Game' }).click();
    // The fifth game to come: the week's last one stays open for the other ledger tests running meanwhile.
    await page.getByRole('listbox').getByRole('option').nth(4).click();
    await main.getByRole('combobox', { name: 'Team' }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await main.getByRole('textbox', { name: 'Stake ($)' }).fill('100');
    await main.getByRole('button', { name: 'Place bet' }).click();
    await page.getByText(/^Placed \$100\.00 on /).waitFor();

    // The games end: the admin enters a final for every game the member has an entry on.
    const memberApi = await apiSessionOf(member);
    const entries = (await memberApi.get<BetListResponse>('/api/user/bets?limit=100')).data;
    expect(entries).toHaveLength(5);
    expect(entries.filter((entry) => entry.is_simulated === false)).toHaveLength(1);
    const adminApi = await apiSessionOf(admin);
    for (const eventId of new Set(entries.map((entry) => entry.event_id))) {
      await adminApi.post(`/api/admin/events/${eventId}/result`, { status: 'final', home_score: 27, away_score: 20 });
    }
    const graded = (await memberApi.get<BetListResponse>('/api/user/bets?limit=100')).data;
    expect(graded.every((entry) => entry.outcome !== null)).toBe(true);

    // The list shows each entry's grade; nothing is left open.
    await page.goto('/user/bets');
    await waitForScreen(page, 'user-bets');
    const rows = page.getByRole('table', { name: 'Picks and bets' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(5);
    await screenshot(page, 'user-bets-graded-desktop');
    await expect(rows.filter({ hasText: /(Won|Lost|Push)/ }).count()).resolves.toBe(5);
    await expect(rows.filter({ hasText: 'Open' }).count()).resolves.toBe(0);
    await expectNoSeriousA11yViolations(page);

    // The stats count the graded entries and draw the reward by week.
    await page.goto('/user/stats');
    await waitForScreen(page, 'user-stats');
    await page.getByRole('heading', { name: 'Reward by week' }).waitFor();
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    await page.getByRole('table', { name: 'Record by kind' }).waitFor();
    await expect(page.getByText(/No graded real-money bets/).count()).resolves.toBe(0);
    await screenshot(page, 'user-stats-graded-desktop');
    await expectNoSeriousA11yViolations(page);

    // The teller's balance moved off $1,000 with its bet graded.
    await page.goto('/teller/place-bet');
    await waitForScreen(page, 'teller-place-bet');
    await expect.poll(() => page.locator('[data-figure="In open bets"]').textContent()).toBe('$0.00');
    await expect(page.locator('[data-figure="Balance"]').textContent()).resolves.not.toBe('$1,000.00');

    // The same, graded, on a phone: nothing wider than the screen.
    const phone = await browser.newPage(viewports.phone);
    await openAsMember(phone, '/user/bets', 'user-bets');
    await phone
      .getByText(/(Won|Lost|Push)/)
      .first()
      .waitFor();
    await screenshot(phone, 'user-bets-graded-phone');
    await phone.goto('/user/stats');
    await waitForScreen(phone, 'user-stats');
    await phone.getByRole('heading', { name: 'Reward by week' }).waitFor();
    await phone.locator('.recharts-bar-rectangle').first().waitFor();
    await screenshot(phone, 'user-stats-graded-phone');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createMember, logIn } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';

/**
 * The member's odds board against the demo season at the e2e server's fixed clock (the Thursday morning of
 * NFL week 12, every game of the week still to come): tap a price, see the slip filled with that book's line
 * and price, record the bet and find it on My Bets, at desktop and phone widths.
 */
const browser = useBrowser();

async function openAsNewMember(page: Page, path: string, screen: string) {
  const member = await createMember();
  await page.goto(path);
  await waitForScreen(page, 'login');
  await logIn(page, member.username, member.password);
  await waitForScreen(page, screen);
}

/** "Bet KC +3.5 at -110, DraftKings" → its parts. */
function parsePrice(label: string) {
  const match = /^Bet (\S+)(?: (\S+))? at ([+-]\d+), (.+?)(?:, best price)?$/.exec(label);
  if (!match) throw new Error(`not a price: ${label}`);
  const [, side, point, price, book] = match;
  return { side: side!, point: point ?? null, price: price!, book: book! };
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.each(Object.entries(viewports))('the odds board at %s width', (label, viewport) => {
  it('opens a bet slip from a tapped price, filled with that book’s line and price, and records the bet', async () => {
    const page = await browser.newPage(viewport);
    await openAsNewMember(page, '/football/odds', 'football-odds');
    const grid = page.getByRole('table', { name: 'Spread by book' });
    await grid.waitFor();
    // Only one market at a time on a phone; every market at once on a desktop.
    await expect(page.getByRole('table', { name: 'Moneyline by book' }).count()).resolves.toBe(
      label === 'phone' ? 0 : 1,
    );
    await expect(pageWidth(page)).resolves.toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `football-odds-board-${label}`);
    await expectNoSeriousA11yViolations(page);

    // A price of a book other than the default one, so the slip visibly keeps the tapped book.
    const prices = grid.getByRole('button', { name: /^Bet / });
    await expect.poll(() => prices.count()).toBeGreaterThan(0);
    const labels = await prices.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')!));
    const index = Math.max(
      0,
      labels.findIndex((text) => !text.endsWith(', BetUS') && !text.includes(', BetUS,')),
    );
    const tapped = parsePrice(labels[index]!);
    const button = prices.nth(index);
    await button.scrollIntoViewIfNeeded();
    await button.click();

    const slip = page.getByRole('dialog', { name: /^Bet slip/ });
    await slip.waitFor();
    await expect(slip.getByRole('combobox', { name: 'Book' }).textContent()).resolves.toBe(tapped.book);
    await expect(slip.getByRole('textbox', { name: 'Spread' }).inputValue()).resolves.toBe(
      tapped.point === 'PK' ? '0' : String(Number(tapped.point)),
    );
    await expect(slip.getByRole('textbox', { name: 'Price' }).inputValue()).resolves.toBe(String(Number(tapped.price)));
    await expect(
      slip.getByRole('button', { name: tapped.side, exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await slip.getByRole('textbox', { name: 'Stake ($)' }).fill('25');
    await expect
      .poll(() => slip.getByTestId('slip-preview').textContent())
      .toMatch(/To win\$\d+\.\d\dPayout\$\d+\.\d\d/);
    // The first bet asks real or simulated: nothing is chosen for the member.
    await expect(slip.getByRole('button', { name: 'Simulated' }).getAttribute('aria-pressed')).resolves.toBe('false');
    await slip.getByRole('button', { name: 'Simulated' }).click();
    await screenshot(page, `bet-slip-${label}`);
    // The board under the slip was checked above; the slip on its own keeps this test within its time.
    const slipCheck = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(
      slipCheck.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
    await slip.getByRole('button', { name: 'Record bet' }).click();
    await slip.getByText(/^Recorded: /).waitFor();

    await slip.getByRole('link', { name: 'See My Bets' }).click();
    await waitForScreen(page, 'user-bets');
    const entries = page.getByRole(label === 'phone' ? 'list' : 'table', { name: 'Picks and bets' });
    await entries.waitFor();
    await expect.poll(() => entries.textContent()).toContain(`Bet on ${tapped.side}`);
    await expect(entries.textContent()).resolves.toContain(tapped.book);
    await expect(entries.textContent()).resolves.toContain('$25.00');
    // Axe reads every price of the week's three grids: on a busy 2-core machine that alone takes half a minute.
  }, 150_000);
});

import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, logIn, type Identity } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, waitForScreen } from '../support/browser';

/**
 * The ledger screens against the demo season: record a pick from this week's games, see it and cancel it,
 * the stats dashboard, and a paper-bankroll bet at the teller.
 */
const browser = useBrowser();

let member: Identity;

beforeAll(async () => {
  member = await createMember();
});

async function openAsMember(page: Page, path: string, screen: string) {
  await page.goto(path);
  await waitForScreen(page, 'login');
  await logIn(page, member.username, member.password);
  await waitForScreen(page, screen);
}

/**
 * Opens an MUI select of the screen (or of the dialog given) and picks the last option (this week's latest game,
 * still to be played).
 */
async function chooseLast(page: Page, label: string, scope: Locator = page.getByRole('main')) {
  const select = scope.getByRole('combobox', { name: label });
  await expect.poll(() => select.getAttribute('aria-disabled'), { timeout: 15_000 }).not.toBe('true');
  await select.click();
  await page.getByRole('listbox').getByRole('option').last().click();
}

describe('ledger', () => {
  it('records a pick from this week, lists it with its line, and cancels it', async () => {
    const page = await browser.newPage();
    await openAsMember(page, '/user/bets', 'user-bets');
    await page.getByRole('heading', { level: 1, name: 'My picks and bets' }).waitFor();
    await page.getByText('No picks or bets yet.').waitFor();
    // The list opens the page; recording is the one button above it, opening the forms in a dialog.
    await page.getByRole('button', { name: 'Record a bet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a bet' });
    await expect(dialog.getByRole('tab', { name: 'Single bet' }).getAttribute('aria-selected')).resolves.toBe('true');
    await chooseLast(page, 'Game', dialog);
    // The line comes from the default book's latest quote.
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Line' }).inputValue()).not.toBe('');
    await dialog.getByRole('button', { name: 'Record', exact: true }).click();
    await dialog.getByText(/^Recorded: Pick on/).waitFor();
    await dialog.getByRole('button', { name: 'See My Bets' }).click();
    await dialog.waitFor({ state: 'detached' });

    const rows = page.getByRole('table', { name: 'Picks and bets' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    await expect(rows.first().textContent()).resolves.toMatch(/Pick on .*Spread/);
    await expect(rows.first().textContent()).resolves.toContain('Open');
    await screenshot(page, 'user-bets-desktop');
    await expectNoSeriousA11yViolations(page);

    await rows
      .first()
      .getByRole('button', { name: /^Cancel/ })
      .click();
    await page.getByText('No picks or bets yet.').waitFor();
  });

  it('shows the stats dashboard for the current season', async () => {
    const page = await browser.newPage();
    await openAsMember(page, '/user/stats', 'user-stats');
    await page.getByRole('heading', { level: 1, name: 'My stats' }).waitFor();
    await page.getByText(/No graded real-money bets in \d{4} yet/).waitFor();
  });

  it('places a simulated moneyline bet from the $1,000 paper bankroll', async () => {
    const page = await browser.newPage();
    await openAsMember(page, '/teller/place-bet', 'teller-place-bet');
    await expect.poll(() => page.locator('[data-figure="Balance"]').textContent()).toBe('$1,000.00');
    await chooseLast(page, 'Game');
    await chooseLast(page, 'Team');
    await page.getByText(/^[+-]\d+ at \w+/).waitFor();
    await page.getByRole('textbox', { name: 'Stake ($)' }).fill('25');
    await page.getByRole('button', { name: 'Place bet' }).click();
    await page.getByText(/^Placed \$25\.00 on /).waitFor();
    await expect.poll(() => page.locator('[data-figure="In open bets"]').textContent()).toBe('$25.00');
    await page.getByRole('table', { name: 'Open teller bets' }).waitFor();
    await screenshot(page, 'teller-place-bet-desktop');
    await expectNoSeriousA11yViolations(page);
  });
});

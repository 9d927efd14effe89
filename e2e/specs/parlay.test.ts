import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, logIn, type Identity } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, waitForScreen } from '../support/browser';

/**
 * A parlay against the demo season: the server's clock stands before this week's first kickoff
 * (support/server-clock.ts), so every game the form offers is still to come, whatever today's date.
 */
const browser = useBrowser();

let member: Identity;

beforeAll(async () => {
  member = await createMember();
});

describe('parlays', () => {
  it('records a three-leg parlay from open games and sees it on My Bets', async () => {
    const page = await browser.newPage();
    await page.goto('/user/bets');
    await waitForScreen(page, 'login');
    await logIn(page, member.username, member.password);
    await waitForScreen(page, 'user-bets');

    await page.getByRole('button', { name: 'Build a parlay' }).click();
    const games = page.getByTestId('parlay-games').locator('[data-parlay-game]');
    await expect.poll(() => games.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    for (let index = 0; index < 3; index += 1) {
      const game = games.nth(index);
      await game.getByRole('checkbox').check();
      // The first book's quote fills the price; a game without one gets a price typed.
      const price = game.getByRole('textbox', { name: /^Price, / });
      if ((await price.inputValue()) === '') await price.fill('-110');
    }
    await page.getByRole('textbox', { name: 'Stake ($)' }).last().fill('20');
    await expect.poll(() => page.getByTestId('parlay-preview').textContent()).toMatch(/· pays \$\d/);
    await page.getByRole('radio', { name: 'Simulated' }).check();
    await page.getByRole('button', { name: 'Save parlay' }).click();
    await page.getByText(/^Recorded: a 3-leg parlay at [+-]\d+, \$20\.00 to pay \$/).waitFor();

    const parlays = page.getByRole('list', { name: 'Parlays' }).locator('[data-parlay]');
    await expect.poll(() => parlays.count()).toBe(1);
    const parlay = parlays.first();
    await expect(parlay.textContent()).resolves.toMatch(/3-leg parlay [+-]\d+/);
    await expect(parlay.textContent()).resolves.toContain('Open');
    await expect(parlay.textContent()).resolves.toContain('Stake $20.00');
    await expect.poll(() => parlay.locator('[data-leg]').count()).toBe(3);
    await expect(parlay.locator('[data-leg]').first().textContent()).resolves.toMatch(/ @ .*— To play$/);
    await screenshot(page, 'user-bets-parlay-desktop');
    await expectNoSeriousA11yViolations(page);

    // Cancelled before its first kickoff, it leaves the list.
    await parlay.getByRole('button', { name: 'Cancel the 3-leg parlay' }).click();
    await expect.poll(() => parlays.count()).toBe(0);
  });
});

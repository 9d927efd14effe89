import { describe, expect, it } from 'vitest';
import { createMember, openSignedIn } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';
import { linkSportsbook, SPORTSBOOK_EXPORTS, uploadBetHistory } from '../support/sync';

const browser = useBrowser();

describe('choosing the game of a synced bet sync could not match', () => {
  it('matches the opener bet on a team no league has to the game chosen, graded, on a phone', async () => {
    const me = await createMember();
    const page = await browser.newPage(viewports.phone);
    await openSignedIn(page, me, '/user/profile', 'user-profile');
    await linkSportsbook(page, 'FanDuel');
    const card = await uploadBetHistory(page, 'FanDuel', SPORTSBOOK_EXPORTS.fanduel);
    await card.getByText(/8 matched to games, 2 could not be matched/).waitFor();

    await page.goto('/user/bets');
    await waitForScreen(page, 'user-bets');
    const synced = page.getByRole('region', { name: 'Synced bets' });
    const bets = synced.getByRole('list', { name: 'Synced bets' });
    // The book's "London Monarchs @ Kansas City Chiefs" of the 2024 opener: the Chiefs' game that night is offered.
    const bet = bets.getByRole('listitem', { name: /^FanDuel single placed/ }).filter({ hasText: 'London Monarchs' });
    await bet.getByRole('button', { name: 'Choose the game' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose the game' });
    const game = dialog.getByRole('combobox', { name: 'Game' });
    await game.waitFor();
    await dialog.getByText(/^Baltimore Ravens @ Kansas City Chiefs · Thu, Sep 5, 8:20 PM$/).waitFor();
    expect(await dialog.getByRole('radio', { name: 'Kansas City Chiefs' }).isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'user-bets-choose-game-phone');

    await dialog.getByRole('button', { name: 'Match the bet' }).click();
    await dialog.waitFor({ state: 'detached' });
    await bet.getByText('Matched').waitFor();
    await bet.getByText('FanDuel says Won; PA$$ says Won').waitFor();
    // The teaser over two games is still recorded by hand.
    await bets
      .getByRole('listitem', { name: /^FanDuel 2-leg teaser placed/ })
      .getByRole('button', { name: 'Record by hand' })
      .waitFor();
  });
});

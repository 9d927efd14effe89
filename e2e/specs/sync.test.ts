import type { Page } from 'playwright-core';
import { expect, describe, it } from 'vitest';
import { createMember, openSignedIn } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';
import { betSyncSection, linkSportsbook, SPORTSBOOK_EXPORTS, uploadBetHistory } from '../support/sync';

const browser = useBrowser();

describe('bet sync on the profile', () => {
  it('links a sportsbook, makes a token shown once, and unlinks after asking, on a phone', async () => {
    const me = await createMember();
    const page = await browser.newPage(viewports.phone);
    await openSignedIn(page, me, '/user/profile', 'user-profile');

    const section = betSyncSection(page);
    await section.getByText('No sportsbook linked yet.', { exact: false }).waitFor();
    const card = await linkSportsbook(page, 'DraftKings');
    await card.getByText('5 days of free sync left').waitFor();

    await card.getByRole('textbox', { name: 'Token label' }).fill('Laptop');
    await card.getByRole('button', { name: 'Create token' }).click();
    const token = card.getByLabel('New token');
    await token.waitFor();
    expect(await token.textContent()).toMatch(/^pass_sync_[A-Za-z0-9_-]{43}$/);
    await card.getByRole('list', { name: 'Tokens for DraftKings' }).getByText('Laptop').waitFor();
    await expectNoSeriousA11yViolations(page);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'user-profile-bet-sync-phone');

    await card.getByRole('button', { name: 'Unlink' }).click();
    await page.getByRole('dialog', { name: 'Unlink DraftKings?' }).getByRole('button', { name: 'Unlink' }).click();
    await section.getByText('No sportsbook linked yet.', { exact: false }).waitFor();
  });
});

const uploadExport = (page: Page) => uploadBetHistory(page, 'FanDuel', SPORTSBOOK_EXPORTS.fanduel);

describe('bet sync from an uploaded export', () => {
  it('uploads a FanDuel export on a phone, shows the bets on My Bets, and a second upload adds nothing', async () => {
    const me = await createMember();
    const page = await browser.newPage(viewports.phone);
    await openSignedIn(page, me, '/user/profile', 'user-profile');

    await (await linkSportsbook(page, 'FanDuel')).getByText('5 days of free sync left').waitFor();

    // Of its 12 bets, a player prop and a selection written as a formula cannot be read (each listed by its
    // row); of the 10 read, a two-game teaser and a game with a team no league has are not matched.
    let card = await uploadExport(page);
    await card
      .getByText('10 bets read: 10 new, 0 already synced; 8 matched to games, 2 could not be matched.', { exact: true })
      .waitFor();
    const unreadable = card.getByRole('list', { name: 'Rows that could not be read' });
    expect(await unreadable.getByRole('listitem').count()).toBe(2);
    // The formula is shown as text, never as a link.
    await unreadable.getByText(/HYPERLINK/).waitFor();
    expect(await card.getByRole('link', { name: 'Chiefs' }).count()).toBe(0);
    await card.getByText(/^Last sync .*: 10 new of 10 bets, 2 to check$/).waitFor();
    await expectNoSeriousA11yViolations(page);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'user-profile-bet-sync-upload-phone');

    await page.goto('/user/bets');
    await waitForScreen(page, 'user-bets');
    const synced = page.getByRole('region', { name: 'Synced bets' });
    await synced.getByText('10 synced bets').waitFor();
    const bets = synced.getByRole('list', { name: 'Synced bets' });
    expect(await bets.getByRole('listitem', { name: /^FanDuel .* placed/ }).count()).toBe(10);
    await bets.getByText(/^Not matched: .*London Monarchs/).waitFor();
    await bets.getByText(/^Not matched: a 2-game teaser/).waitFor();
    expect(await bets.getByRole('button', { name: /^(Choose the game|Record by hand)$/ }).count()).toBe(2);
    // The matched singles are entries of the ledger, marked as synced (the parlay is among the parlays).
    const entries = page.getByRole('region', { name: 'My picks and bets' });
    await entries
      .getByText(/synced from FanDuel/)
      .first()
      .waitFor();
    expect(await entries.getByText(/synced from FanDuel/).count()).toBe(7);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'user-bets-synced-phone');

    await synced.getByRole('combobox', { name: 'Sync status' }).click();
    await page.getByRole('option', { name: 'To check' }).click();
    await synced.getByText('2 synced bets').waitFor();
    const teaser = bets.getByRole('listitem', { name: /^FanDuel 2-leg teaser placed/ });
    await teaser.getByRole('button', { name: 'Set aside' }).click();
    await page.getByRole('dialog', { name: 'Set this bet aside?' }).getByRole('button', { name: 'Set aside' }).click();
    await synced.getByText('1 synced bet', { exact: true }).waitFor();

    await page.setViewportSize(viewports.desktop);
    await synced.getByRole('combobox', { name: 'Sync status' }).click();
    await page.getByRole('option', { name: 'Any status' }).click();
    await synced.getByText('10 synced bets').waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'user-bets-synced-desktop');
    await page.setViewportSize(viewports.phone);

    await page.goto('/user/profile');
    await waitForScreen(page, 'user-profile');
    card = await uploadExport(page);
    await card.getByText('10 bets read: 0 new, 10 already synced.', { exact: true }).waitFor();
    await page.goto('/user/bets');
    await waitForScreen(page, 'user-bets');
    await page.getByRole('region', { name: 'Synced bets' }).getByText('10 synced bets').waitFor();
  });
});

import { expect, describe, it } from 'vitest';
import { createMember, logIn, newIdentity } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';

const browser = useBrowser();

describe('bet sync on the profile', () => {
  it('links a sportsbook, makes a token shown once, and unlinks after asking, on a phone', async () => {
    const me = newIdentity();
    await createMember(me);
    const page = await browser.newPage(viewports.phone);
    await page.goto(`/login?${new URLSearchParams({ redirect: '/user/profile' })}`);
    await waitForScreen(page, 'login');
    await logIn(page, me.username, me.password);
    await waitForScreen(page, 'user-profile');

    const section = page.getByRole('region', { name: 'Bet sync', exact: true });
    await section.getByText('No sportsbook linked yet.', { exact: false }).waitFor();
    await section.getByRole('combobox', { name: 'Sportsbook' }).click();
    await page.getByRole('option', { name: 'DraftKings' }).click();
    await section.getByRole('button', { name: 'Link', exact: true }).click();
    const card = section.getByRole('article', { name: 'DraftKings' });
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

import { describe, expect, it } from 'vitest';
import { createMember, openSignedIn } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';

const browser = useBrowser();

describe('responsible play', () => {
  it('sets a monthly budget on the profile on a phone, and shows it on My stats', async () => {
    const me = await createMember();
    const page = await browser.newPage(viewports.phone);
    await openSignedIn(page, me, '/user/profile', 'user-profile');

    const section = page.getByRole('region', { name: 'Responsible play', exact: true });
    const budget = section.getByRole('textbox', { name: 'Monthly budget' });
    await budget.waitFor();
    await budget.fill('150');
    await section.getByRole('textbox', { name: 'Loss streak alert' }).fill('5');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/user/play-limits') && response.request().method() === 'PUT',
    );
    await section.getByRole('button', { name: 'Save limits' }).click();
    expect((await saved).status()).toBe(200);
    await section.getByText('Your limits have been saved.').waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'user-profile-responsible-play-phone');

    await page.goto('/user/stats');
    await waitForScreen(page, 'user-stats');
    const card = page.getByRole('region', { name: 'Responsible play', exact: true });
    await card.getByText('This month: $0.00 of your $150.00 budget').waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'user-stats-budget-phone');
  });
});

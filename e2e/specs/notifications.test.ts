import { describe, expect, it } from 'vitest';
import { createMember, openSignedIn } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';

const browser = useBrowser();

describe('notification settings', () => {
  it('turns the weekly results mail off from the profile on a phone, and keeps it off', async () => {
    const me = await createMember();
    const page = await browser.newPage(viewports.phone);
    await openSignedIn(page, me, '/user/profile', 'user-profile');

    const section = page.getByRole('region', { name: 'Notifications', exact: true });
    const results = section.getByRole('switch', { name: /^Weekly results Your points/ });
    await results.waitFor();
    expect(await results.isChecked()).toBe(true);
    expect(await section.getByRole('switch', { name: 'Mentions in a pool chat' }).isChecked()).toBe(false);
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/user/notifications') && response.request().method() === 'PUT',
    );
    await results.click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => results.isChecked()).toBe(false);
    await expectNoSeriousA11yViolations(page);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'user-profile-notifications-phone');

    await page.reload();
    await waitForScreen(page, 'user-profile');
    const again = page
      .getByRole('region', { name: 'Notifications', exact: true })
      .getByRole('switch', { name: /^Weekly results Your points/ });
    await again.waitFor();
    await expect.poll(() => again.isChecked()).toBe(false);
  });

  it('says so when an unsubscribe link is not valid, and asks before it unsubscribes', async () => {
    const page = await browser.newPage(viewports.phone);
    await page.goto('/unsubscribe?token=nonsense');
    await waitForScreen(page, 'unsubscribe');
    await page.getByText('This unsubscribe link is not valid').waitFor();

    await page.goto(`/unsubscribe?token=u1.1.pool_results.${'A'.repeat(43)}`);
    await waitForScreen(page, 'unsubscribe');
    await page.getByText('Stop weekly results mails from your PA$$ pools?').waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'unsubscribe-phone');
    browser.expectConsoleError(/status of 400/);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('This unsubscribe link is not valid').waitFor();
  });
});

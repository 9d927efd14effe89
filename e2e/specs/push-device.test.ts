import { describe, expect, it } from 'vitest';
import { createMember, logIn } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';

/**
 * Notifications on this device (decision 044), in Chromium at phone width: the profile offers them once the
 * server has VAPID keys; turning them on asks the browser's permission, waits for the app's service worker and
 * then needs the browser's push service, which headless Chromium (a private profile, no network) does not
 * offer, so the member is told why it did not work rather than left waiting.
 */
// This file tests the app's service worker: it is let in.
const browser = useBrowser({ serviceWorker: true });

describe('notifications on this device', () => {
  it('are offered on the profile at 390 px, and a failure to turn them on is explained', async () => {
    const member = await createMember();
    const page = await browser.newPage(viewports.phone);
    await page.context().grantPermissions(['notifications']);
    await page.goto('/user/profile');
    await waitForScreen(page, 'login');
    await logIn(page, member.username, member.password);
    await waitForScreen(page, 'user-profile');

    const card = page.getByRole('region', { name: 'Notifications on this device' });
    const turnOn = card.getByRole('button', { name: 'Turn on notifications' });
    // Enabled once the card has checked whether this device is already subscribed.
    await expect.poll(() => turnOn.isEnabled(), { timeout: 15_000 }).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // Chromium says so in the console itself when the page subscribes.
    browser.expectConsoleError(/does not support the Push API|push service/i);
    await turnOn.click();
    const alert = card.getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    await expect(alert.textContent()).resolves.toMatch(/no service worker|could not be turned on/);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'push-device-phone');
  });
});

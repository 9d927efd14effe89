import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  currentScreen,
  expectNoSeriousA11yViolations,
  screenshot,
  useBrowser,
  viewports,
  waitForScreen,
} from '../support/browser';
import { createMember, logIn, newIdentity } from '../support/accounts';
import { linkIn, waitForMail } from '../support/mail';

const browser = useBrowser();

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('accounts', () => {
  it('signs up, confirms the address from the mail, logs in, sees the username and logs out', async () => {
    const page = await browser.newPage(viewports.desktop);
    const me = newIdentity();

    await page.goto('/user/register-new');
    await waitForScreen(page, 'register-new');
    await page.getByRole('textbox', { name: 'Username' }).fill(me.username);
    await page.getByRole('textbox', { name: 'Email' }).fill(me.email);
    await page.getByLabel(/^Password/).fill(me.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    await expect(page.getByText(me.email).count()).resolves.toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'register-new-check-email-desktop');

    const mail = await waitForMail(me.email, /Confirm your PA\$\$ email address/);
    await page.goto(linkIn(mail, '/account/verify/', browser.baseUrl()));
    expect(await currentScreen(page)).toBe('account-verify');
    await page.getByRole('heading', { level: 1, name: 'Your email is confirmed' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await waitForScreen(page, 'login');
    await logIn(page, me.username, me.password);
    await waitForScreen(page, 'home');
    const profileLink = mainNav(page).getByRole('link', { name: me.username, exact: true });
    await profileLink.waitFor();
    await expect(mainNav(page).getByRole('link', { name: 'Log in' }).count()).resolves.toBe(0);

    await profileLink.click();
    await waitForScreen(page, 'user-profile');
    await expect(page.getByRole('textbox', { name: 'Email' }).inputValue()).resolves.toBe(me.email);
    await screenshot(page, 'user-profile-desktop');

    await mainNav(page).getByRole('link', { name: 'Log out' }).click();
    await waitForScreen(page, 'home');
    await mainNav(page).getByRole('link', { name: 'Log in' }).waitFor();
    await expect(mainNav(page).getByRole('link', { name: me.username }).count()).resolves.toBe(0);
    // The session has ended on the server too: the profile sends a visitor to log in.
    await page.goto('/user/profile');
    await waitForScreen(page, 'login');
  });

  it('resets a forgotten password from the mailed link and logs in with the new one', async () => {
    const me = newIdentity();
    await createMember(me);
    const page = await browser.newPage(viewports.phone);

    await page.goto('/user/password-reset');
    await waitForScreen(page, 'password-reset');
    await page.getByRole('textbox', { name: 'Email' }).fill(me.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account matches, we have sent a link' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    const mail = await waitForMail(me.email, /Reset your PA\$\$ password/);
    const link = linkIn(mail, '/u/passwd', browser.baseUrl());
    expect(new URL(link).searchParams.get('token')).toBeTruthy();
    await page.goto(link);
    await waitForScreen(page, 'passwd');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'passwd-phone');
    const newPassword = `${me.password}-Renewed`;
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel(/^Repeat the new password/).fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Password changed' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await waitForScreen(page, 'login');
    // The old password no longer works (the browser logs the refused request).
    browser.expectConsoleError(/status of 401/);
    await logIn(page, me.email, me.password);
    await page.getByRole('alert').filter({ hasText: 'Incorrect username or password' }).waitFor();
    await screenshot(page, 'login-refused-phone');
    await logIn(page, me.email, newPassword);
    await waitForScreen(page, 'home');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-navigation').getByRole('link', { name: me.username, exact: true }).waitFor();

    // The link works once.
    await page.goto(link);
    await waitForScreen(page, 'login');
  });

  it('says the confirmation link is no good when it is not', async () => {
    const page = await browser.newPage();
    browser.expectConsoleError(/status of 400/);
    await page.goto('/account/verify/not-a-real-token-at-all-0123456789');
    await page.getByText('This link is invalid, was already used or has expired.').waitFor();
  });
});

describe('the account screens', () => {
  // Each screen as it loads is axed at both widths by every-route.test.ts; here, that it fits both widths.
  it.each([
    ['/login', 'login'],
    ['/user/register-new', 'register-new'],
  ])('%s fits a phone and a desktop', async (path, name) => {
    const page = await browser.newPage(viewports.phone);
    await page.goto(path);
    await waitForScreen(page, name);
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const [label, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
      await screenshot(page, `${name}-${label}`);
    }
  });

  it('shows the sign-up checks under the fields', async () => {
    const page = await browser.newPage(viewports.phone);
    await page.goto('/user/register-new');
    await waitForScreen(page, 'register-new');
    await page.getByRole('textbox', { name: 'Username' }).fill('x');
    await page.getByRole('textbox', { name: 'Email' }).fill('someone@example.io');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    await page.getByText('Email must end in .com, .org or .net').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'register-new-errors-phone');
  });
});

describe('the other account screens', () => {
  it.each([
    ['/signup', 'signup'],
    ['/user/signin', 'signin'],
    ['/user/register-with-google', 'register-with-google'],
    ['/login/sso', 'login-sso'],
    ['/login-error?reason=state', 'login-error'],
  ])('%s is a real screen (every-route.test.ts axes it)', async (path, name) => {
    const page = await browser.newPage(viewports.phone);
    await page.goto(path);
    await waitForScreen(page, name);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it.each([
    ['/user/profile', '/user/profile'],
    ['/account/setup', '/account/setup'],
  ])('%s sends a visitor to log in, and back after', async (path, redirect) => {
    const page = await browser.newPage();
    await page.goto(path);
    await waitForScreen(page, 'login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(redirect);
  });

  it('enters a member screen at once, and leaves it for login when the session turns out to have ended', async () => {
    const me = newIdentity();
    await createMember(me);
    const page = await browser.newPage(viewports.phone);
    await page.goto(`/login?${new URLSearchParams({ redirect: '/user/bets' })}`);
    await waitForScreen(page, 'login');
    await logIn(page, me.username, me.password);
    await waitForScreen(page, 'user-bets');
    // The session ends on the server while the page still remembers the member: the next member screen is
    // entered without waiting for the check, which then sends the member to log in and back.
    await page.context().clearCookies();
    browser.expectConsoleError(/status of 401/);
    // A live socket the page opens before it learns the session ended is refused too, and the browser logs it.
    browser.expectConsoleError(/WebSocket connection to '[^']*\/ws\/live' failed/);
    await page.goto('/user/profile');
    await waitForScreen(page, 'login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user/profile');
    await logIn(page, me.username, me.password);
    await waitForScreen(page, 'user-profile');
  });

  it('sends a reset page without a valid token to log in', async () => {
    const page = await browser.newPage();
    await page.goto('/u/passwd');
    await waitForScreen(page, 'login');
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, newIdentity } from '../support/accounts';
import {
  currentScreen,
  expectNoSeriousA11yViolations,
  screenshot,
  useBrowser,
  viewports,
  waitForScreen,
} from '../support/browser';
import { linkIn, waitForMail } from '../support/mail';
import { followNav, openPhoneMenu } from '../support/navigation';

/**
 * A new member's first visit, as they would make it, against the demo season at the e2e server's fixed clock
 * (the Thursday morning of NFL week 12: every game of the week still to come): sign up from the form and the
 * mailed link, land on their own home page, reach every screen the navigation offers them without typing an
 * address, bet by tapping a price on the odds board, record a three-leg parlay, and find both on My Bets. The
 * visit is made on a 390 px phone, the denser layout with the menu behind its button; the same page is then
 * widened to 1280 px, where My Bets is a table, the navigation's menus offer the same screens and the odds board
 * shows every market at once (every-route.test.ts renders and axes each screen at both widths).
 */
const browser = useBrowser();

interface NavTarget {
  group: string | null;
  label: string;
  /** Where the link leads: its path, and its fragment when it has one. */
  path: string;
}

/** A link's label and where it leads. */
const describeLinks = (links: Element[]) =>
  links.map((link) => {
    const url = new URL((link as HTMLAnchorElement).href);
    return { label: link.getAttribute('aria-label') ?? link.textContent ?? '', path: url.pathname + url.hash };
  });

/** Links that leave the member's screens or end the visit, not screens to reach. */
const NOT_SCREENS = new Set(['Log out', 'PA$$ home']);

/** Every link the navigation offers the member, each with the group it sits under. */
async function memberNavTargets(page: Page, phone: boolean): Promise<NavTarget[]> {
  const targets: NavTarget[] = [];
  if (phone) {
    const menu = await openPhoneMenu(page);
    for (const list of await menu.getByRole('list').all()) {
      const group = await list
        .getAttribute('aria-labelledby')
        .then((id) => (id ? page.locator(`[id="${id}"]`).textContent() : null));
      for (const link of await list.getByRole('link').evaluateAll(describeLinks)) targets.push({ group, ...link });
    }
    await page.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'detached' });
  } else {
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const group of await nav.getByRole('button').allTextContents()) {
      await nav.getByRole('button', { name: group, exact: true }).click();
      const menu = page.getByRole('menu', { name: group });
      // A group's menu loads when it is first opened: read its links once it is there.
      await menu.getByRole('menuitem').first().waitFor();
      for (const link of await menu.getByRole('menuitem').evaluateAll(describeLinks)) targets.push({ group, ...link });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    }
    for (const link of await nav.getByRole('link').evaluateAll(describeLinks)) targets.push({ group: null, ...link });
  }
  return targets.filter((target) => target.label && !NOT_SCREENS.has(target.label));
}

/** "Bet KC +3.5 at -110, DraftKings" → its parts. */
function parsePrice(label: string) {
  const match = /^Bet (\S+)(?: (\S+))? at ([+-]\d+), (.+?)(?:, best price)?$/.exec(label);
  if (!match) throw new Error(`not a price: ${label}`);
  const [, side, point, price, book] = match;
  return { side: side!, point: point ?? null, price: price!, book: book! };
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Signs up from the form, confirms the address from the mailed link and logs in. */
async function signUp(page: Page) {
  const me = newIdentity();
  await page.goto('/');
  // The visitor's home page leads to sign-up.
  await page.getByRole('link', { name: 'Join for free' }).first().click();
  await waitForScreen(page, 'register-new');
  await page.getByRole('textbox', { name: 'Username' }).fill(me.username);
  await page.getByRole('textbox', { name: 'Email' }).fill(me.email);
  await page.getByLabel(/^Password/).fill(me.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
  const mail = await waitForMail(me.email, /Confirm your PA\$\$ email address/);
  await page.goto(linkIn(mail, '/account/verify/', browser.baseUrl()));
  await page.getByRole('heading', { level: 1, name: 'Your email is confirmed' }).waitFor();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await waitForScreen(page, 'login');
  await logIn(page, me.username, me.password);
}

/** Taps a price on the odds board (not the default book's), checks the slip holds it, and records the bet. */
async function betFromTheBoard(page: Page, label: string) {
  const grid = page.getByRole('table', { name: 'Spread by book' });
  await grid.waitFor();
  // Only one market at a time on a phone; every market at once on a desktop.
  await expect(page.getByRole('table', { name: 'Moneyline by book' }).count()).resolves.toBe(label === 'phone' ? 0 : 1);
  await expect(pageWidth(page)).resolves.toBeLessThanOrEqual(viewports[label as keyof typeof viewports].width);
  await screenshot(page, `football-odds-board-${label}`);

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
  await expect(slip.getByRole('button', { name: tapped.side, exact: true }).getAttribute('aria-pressed')).resolves.toBe(
    'true',
  );
  await slip.getByRole('textbox', { name: 'Stake ($)' }).fill('25');
  await expect.poll(() => slip.getByTestId('slip-preview').textContent()).toMatch(/To win\$\d+\.\d\dPayout\$\d+\.\d\d/);
  // The first bet asks real or simulated: nothing is chosen for the member.
  await expect(slip.getByRole('radio', { name: 'Simulated' }).isChecked()).resolves.toBe(false);
  await slip.getByRole('radio', { name: 'Simulated' }).check();
  await screenshot(page, `bet-slip-${label}`);
  // The board under the slip was checked above; the slip on its own keeps this test within its time.
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await slip.getByRole('button', { name: 'Record bet' }).click();
  await slip.getByText(/^Recorded: /).waitFor();
  await slip.getByRole('link', { name: 'See My Bets' }).click();
  return tapped;
}

/**
 * Records a three-leg parlay from the first open games on My Bets ("Record a bet", the Parlay tab), the price of
 * each leg from its book, then closes the dialog onto the list.
 */
async function recordParlay(page: Page) {
  await page.getByRole('button', { name: 'Record a bet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a bet' });
  await dialog.getByRole('tab', { name: 'Parlay' }).click();
  const form = dialog.getByRole('form', { name: 'Record a parlay' });
  const games = form.getByTestId('parlay-games').locator('[data-parlay-game]');
  await expect.poll(() => games.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  for (let index = 0; index < 3; index += 1) {
    const game = games.nth(index);
    await game.getByRole('checkbox').check();
    // The first book's quote fills the price; a game without one gets a price typed.
    const price = game.getByRole('textbox', { name: /^Price, / });
    if ((await price.inputValue()) === '') await price.fill('-110');
  }
  await form.getByRole('textbox', { name: 'Stake ($)' }).fill('20');
  await expect.poll(() => form.getByTestId('parlay-preview').textContent()).toMatch(/· pays \$\d/);
  // The member chose simulated on their first bet: the parlay remembers it.
  await expect(form.getByRole('radio', { name: 'Simulated' }).isChecked()).resolves.toBe(true);
  await form.getByRole('button', { name: 'Save parlay' }).click();
  await form.getByText(/^Recorded: a 3-leg parlay at [+-]\d+, \$20\.00 to pay \$/).waitFor();
  await dialog.getByRole('button', { name: 'See My Bets' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('a new member', () => {
  it('signs up on a phone, lands home, reaches every screen from the navigation, bets from a price and records a parlay, then sees them at desktop width', async () => {
    const page = await browser.newPage(viewports.phone);
    await signUp(page);

    // Their own home page, not the visitors' one.
    await waitForScreen(page, 'home');
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    await page.getByRole('region', { name: 'Next games to pick' }).getByRole('list').first().waitFor();
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: /^Loading/ })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(0);
    await expect(page.getByText('Every pick. Every bet. Every pool.').count()).resolves.toBe(0);
    await expect(pageWidth(page)).resolves.toBeLessThanOrEqual(viewports.phone.width);
    await screenshot(page, 'member-home-phone');

    // Every screen the navigation offers, reached by its links alone, and marked as the current one there.
    const targets = await memberNavTargets(page, true);
    expectMemberLabels(targets);
    for (const target of targets) {
      await followNav(page, target.group, target.label);
      await page.waitForURL((url) => url.pathname + url.hash === target.path);
      const screen = await currentScreen(page);
      expect(screen, `${target.group ?? ''} ${target.label}`).not.toMatch(/^(not-found|error|login)$/);
      await page.getByRole('button', { name: 'Open menu' }).waitFor();
      await expect(page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).resolves.toBe(
        'false',
      );
    }

    // A bet from a tapped price on the odds board.
    await followNav(page, 'Odds', 'Odds board');
    await waitForScreen(page, 'football-odds');
    const tapped = await betFromTheBoard(page, 'phone');
    await waitForScreen(page, 'user-bets');

    // A parlay of three open games, from My Bets.
    await recordParlay(page);

    // Both on My Bets: a list on a phone, a table on a desktop.
    for (const [label, viewport] of Object.entries(viewports).reverse()) {
      await page.setViewportSize(viewport);
      const entries = page.getByRole(label === 'phone' ? 'list' : 'table', { name: 'Picks and bets' });
      await entries.waitFor();
      await expect.poll(() => entries.textContent()).toContain(`Bet on ${tapped.side}`);
      await expect(entries.textContent()).resolves.toContain(tapped.book);
      await expect(entries.textContent()).resolves.toContain('$25.00');
      const parlays = page.getByRole('list', { name: 'Parlays' }).locator('[data-parlay]');
      await expect.poll(() => parlays.count()).toBe(1);
      const parlay = parlays.first();
      await expect(parlay.textContent()).resolves.toMatch(/3-leg parlay [+-]\d+/);
      await expect(parlay.textContent()).resolves.toContain('Open');
      await expect(parlay.textContent()).resolves.toContain('Stake $20.00');
      await expect.poll(() => parlay.locator('[data-leg]').count()).toBe(3);
      await expect(parlay.locator('[data-leg]').first().textContent()).resolves.toMatch(/ @ .*— To play$/);
      await expect(pageWidth(page)).resolves.toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `user-bets-bet-and-parlay-${label}`);
      await expectNoSeriousA11yViolations(page);
    }

    // Cancelled before its first kickoff, the parlay leaves the list.
    const parlays = page.getByRole('list', { name: 'Parlays' }).locator('[data-parlay]');
    await parlays.first().getByRole('button', { name: 'Cancel the 3-leg parlay' }).click();
    await expect.poll(() => parlays.count()).toBe(0);

    // At desktop width the navigation's menus offer the member the same screens; any the phone's menu did not
    // list is followed here.
    const desktopTargets = await memberNavTargets(page, false);
    expectMemberLabels(desktopTargets);
    const followed = new Set(targets.map((target) => target.path));
    for (const target of desktopTargets.filter((candidate) => !followed.has(candidate.path))) {
      await followNav(page, target.group, target.label);
      await page.waitForURL((url) => url.pathname + url.hash === target.path);
      expect(await currentScreen(page), `${target.group ?? ''} ${target.label}`).not.toMatch(
        /^(not-found|error|login)$/,
      );
    }

    // The odds board shows every market at once on a desktop, and a tapped price opens the slip holding it.
    await followNav(page, 'Odds', 'Odds board');
    await waitForScreen(page, 'football-odds');
    const grid = page.getByRole('table', { name: 'Spread by book' });
    await grid.waitFor();
    await expect(page.getByRole('table', { name: 'Moneyline by book' }).count()).resolves.toBe(1);
    await expect(pageWidth(page)).resolves.toBeLessThanOrEqual(viewports.desktop.width);
    await screenshot(page, 'football-odds-board-desktop');
    const price = grid.getByRole('button', { name: /^Bet / }).first();
    const { book } = parsePrice((await price.getAttribute('aria-label'))!);
    await price.click();
    const slip = page.getByRole('dialog', { name: /^Bet slip/ });
    await expect.poll(() => slip.getByRole('combobox', { name: 'Book' }).textContent()).toBe(book);
    await screenshot(page, 'bet-slip-desktop');
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  }, 240_000);
});

/** What the navigation offers a member: their screens, not a visitor's links or the admin's. */
function expectMemberLabels(targets: NavTarget[]) {
  const labels = targets.map((target) => target.label);
  expect(labels).toEqual(
    expect.arrayContaining([
      'Pro Season',
      'College Season',
      'Baseball',
      'Odds board',
      'Compare books',
      'My Bets',
      'My Stats',
      'Teller',
      'Almanac',
      'Pool Party',
    ]),
  );
  expect(labels).not.toContain('Log in');
  expect(labels).not.toContain('Free Odds');
  expect(labels).not.toContain('Admin');
}

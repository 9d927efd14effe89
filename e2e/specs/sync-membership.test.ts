import type { CheckSubscriptionsRequiredResponse } from '@pass/contracts';
import type { Database } from '@pass/db';
import { PLANS } from '@pass/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { importDemoSeason } from '../../apps/server/src/modules/imports/demo-season';
import { importSourceBody } from '../../apps/server/src/modules/imports/import-jobs';
import { historyFile, readHistoryFile } from '../../apps/server/src/modules/imports/history-files';
import { apiSessionOf, createMember, openSignedIn, type Identity } from '../support/accounts';
import {
  chooseOption,
  expectNoSeriousA11yViolations,
  screenshot,
  useBrowser,
  viewports,
  waitForScreen,
} from '../support/browser';
import { followNav } from '../support/navigation';
import { usePayPalAppServer } from '../support/paypal';
import { e2eServerClockStart } from '../support/server-clock';
import { linkSportsbook, SPORTSBOOK_EXPORTS, syncAccountCard, uploadBetHistory } from '../support/sync';

/**
 * Bet sync with the membership's book limits, end to end (decision 051): a member subscribes to the membership
 * through PayPal's button (the local stand-in), links two sportsbooks and uploads an export of each, sees the
 * bets matched and graded on My Bets, links a third, sees its grace countdown on the profile and in the home
 * page's sync setup modal, subscribes to the add-on chosen for it on /subscribe, and six days later, its grace
 * long over, the third account still syncs; a second upload of a file adds nothing.
 *
 * The grace is reckoned by the server clock, so this file runs a server of its own (same build, same mail
 * capture) with PayPal pointed at the fake, whose plans are written into `billing_plans` while the server is
 * stopped, with the seasons the export files bet on (NFL 2024, college and MLB 2025) and this season's demo
 * NFL games; it restarts six days later.
 */
const browser = useBrowser();

const DAY = 86_400_000;
const SUCCESS = 'Subscription successful! Your PA$$ Sync access is now active.';
const EXPORTS = {
  DraftKings: SPORTSBOOK_EXPORTS.draftkings,
  FanDuel: SPORTSBOOK_EXPORTS.fanduel,
  BetMGM: SPORTSBOOK_EXPORTS.slips,
} as const;
type Book = keyof typeof EXPORTS;

const app = usePayPalAppServer('sync');
let member: Identity;
let linkedAt: Date;

/** The reference seasons the export files bet on, imported as `npm run import` would, and this NFL season. */
const SEASONS = [
  { source: 'nflverse', file: 'nflverse/games.csv', season: 2024 },
  { source: 'cfbd', file: 'cfbd/games_2025_v2_snapshot_2025-08-28.json', season: 2025 },
  { source: 'statsapi', file: 'mlb/statsapi/games_2025.csv', season: 2025 },
] as const;

async function importSeasons(db: Database) {
  for (const { source, file, season } of SEASONS) {
    await importSourceBody(db, source, readHistoryFile(file), historyFile(file)!, {
      trigger: 'cli',
      now: linkedAt,
      seasons: { from: season, to: season },
    });
  }
  // The home page's current NFL week, as a first run leaves it.
  await importDemoSeason(db, { sport: 'americanfootball_nfl', now: linkedAt, trigger: 'cli' });
}

beforeAll(async () => {
  linkedAt = e2eServerClockStart();
  await app.startAt(linkedAt);
  member = await createMember();
  await app.whileStopped(importSeasons);
  await app.startAt(linkedAt);
}, 240_000);

const accountCard = (page: Page, book: Book) => syncAccountCard(page, book);
const link = (page: Page, book: Book) => linkSportsbook(page, book);

/** Uploads the book's export on its card and waits for the summary of that upload. */
async function upload(page: Page, book: Book, summary: string) {
  const card = await uploadBetHistory(page, book, EXPORTS[book]);
  await card.getByText(summary, { exact: true }).waitFor();
}

/** Subscribes through PayPal's button, already on show for the selected plan, and closes the success alert. */
async function approveWithPayPal(page: Page) {
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(SUCCESS).waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
}

async function subscriptionsCheck() {
  const api = await apiSessionOf(member);
  return (await api.get<CheckSubscriptionsRequiredResponse>('/billing/check-subscriptions-required')).data;
}

describe('bet sync with the membership and an add-on', () => {
  it('subscribes to the membership, links two sportsbooks, and sees both exports matched and graded', async () => {
    const page = await browser.newPage(viewports.desktop);
    await openSignedIn(page, member, '/user/bets', 'user-bets');
    await followNav(page, null, 'Sync');
    await waitForScreen(page, 'subscribe');
    await page.getByRole('button', { name: `Choose ${PLANS.member.name}` }).click();
    await approveWithPayPal(page);
    await waitForScreen(page, 'subscribe');
    await page.getByText(`Your ${PLANS.member.name} is active.`).waitFor();

    await page.goto('/user/profile');
    await waitForScreen(page, 'user-profile');
    await link(page, 'DraftKings');
    await link(page, 'FanDuel');
    for (const book of ['DraftKings', 'FanDuel'] as const) {
      await accountCard(page, book).getByText('Covered by your membership').waitFor();
    }
    await upload(page, 'DraftKings', '4 bets read: 4 new, 0 already synced; 4 matched to games.');
    await upload(
      page,
      'FanDuel',
      '10 bets read: 10 new, 0 already synced; 8 matched to games, 2 could not be matched.',
    );
    await screenshot(page, 'sync-membership-two-books-desktop');

    await page.goto('/user/bets');
    await waitForScreen(page, 'user-bets');
    const synced = page.getByRole('region', { name: 'Synced bets' });
    const bets = synced.getByRole('list', { name: 'Synced bets' });
    await synced.getByText('14 synced bets', { exact: true }).waitFor();
    // Graded by PA$$ beside the book's own result, on both books.
    for (const book of ['DraftKings', 'FanDuel']) {
      await bets
        .getByRole('listitem', { name: new RegExp(`^${book} single placed`) })
        .getByText(new RegExp(`^${book} says (Won|Lost); PA\\$\\$ says (Won|Lost)$`))
        .first()
        .waitFor();
    }
    await chooseOption(page, synced.getByRole('combobox', { name: 'Synced from' }), 'DraftKings');
    await synced.getByText('4 synced bets', { exact: true }).waitFor();
    expect(await bets.getByRole('listitem', { name: /^FanDuel / }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'sync-membership-bets-desktop');
  });

  it('links a third sportsbook: its grace countdown, the home page’s modal, and the add-on chosen on /subscribe', async () => {
    const page = await browser.newPage(viewports.phone);
    await openSignedIn(page, member, '/user/profile', 'user-profile');
    await link(page, 'BetMGM');
    await accountCard(page, 'BetMGM').getByText('5 days of free sync left').waitFor();

    await page.goto('/');
    await waitForScreen(page, 'home');
    const modal = page.getByRole('dialog', { name: 'Your bet sync needs a subscription' });
    await modal
      .getByRole('list', { name: 'Sportsbooks without a subscription' })
      .getByText('BetMGM: 5 days of free sync left', { exact: true })
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'sync-membership-modal-phone');
    await modal.getByRole('link', { name: 'Subscribe' }).click();

    await waitForScreen(page, 'subscribe');
    await page.getByText(`Your linked sportsbooks need a ${PLANS.add_on.name}.`).waitFor();
    // The add-on is selected: PayPal's button is on its card, with no Choose button to press first.
    const addOn = page.getByRole('region', { name: PLANS.add_on.name });
    await addOn.getByRole('button', { name: 'PayPal', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Choose PA/ }).count()).toBe(0);
    await screenshot(page, 'sync-membership-add-on-phone');
    await approveWithPayPal(page);
    await waitForScreen(page, 'subscribe');
    await page.getByText(`Your ${PLANS.member.name} and ${PLANS.add_on.name} are active.`).waitFor();

    const check = await subscriptionsCheck();
    expect(check.missing_subscriptions).toEqual([]);
    expect(check.betsync_accounts.map((account) => [account.betsync_book_name, account.covered])).toEqual([
      ['DraftKings', true],
      ['FanDuel', true],
      ['BetMGM', true],
    ]);
  });

  it('keeps the third sportsbook syncing six days later, and a second upload of the same file adds nothing', async () => {
    await app.startAt(new Date(linkedAt.getTime() + 6 * DAY));

    const page = await browser.newPage(viewports.phone);
    await openSignedIn(page, member, '/user/profile', 'user-profile');
    const card = accountCard(page, 'BetMGM');
    await card.getByText('Covered by your membership').waitFor();
    await upload(page, 'BetMGM', '2 bets read: 2 new, 0 already synced; 2 matched to games.');
    await upload(page, 'BetMGM', '2 bets read: 0 new, 2 already synced.');
    await upload(page, 'DraftKings', '4 bets read: 0 new, 4 already synced.');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'sync-membership-third-book-phone');

    const check = await subscriptionsCheck();
    expect(check.subscriptions_required).toBe(false);
    expect(check.betsync_accounts.every((account) => account.betsync_account_access)).toBe(true);
    expect(check.betsync_accounts.map((account) => account.grace_days_remaining)).toEqual([0, 0, 0]);
  });
});

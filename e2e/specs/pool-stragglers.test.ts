import type { PoolResponse, ShareLinkResponse } from '@pass/contracts';
import { seasonForDate } from '@pass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSessionOf, createMember, openSignedIn, type Identity } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports } from '../support/browser';
import { waitForMail } from '../support/mail';
import { publishLastGames } from '../support/pools';
import { E2E_NFL_WEEK, e2eServerClockStart } from '../support/server-clock';

/**
 * The Lifeguard's tools for stragglers (decision 079) in the browser, on a 390 px
 * phone: on the Thursday morning of the week, before its first kickoff, the Lifeguard sees a guest missing picks,
 * taps Remind, sees "reminded" beside them and the guest gets the mail; then removes another guest, who is told
 * by mail. The same tab at desktop width shows the same tools.
 */
const browser = useBrowser();

const WEEK = E2E_NFL_WEEK;
let lifeguard: Identity;
let straggler: Identity;
let leaving: Identity;
let poolId: number;

beforeAll(async () => {
  [lifeguard, straggler, leaving] = await Promise.all([createMember(), createMember(), createMember()]);
  const api = await apiSessionOf(lifeguard);
  const season = seasonForDate('americanfootball_nfl', e2eServerClockStart());
  const created = await api.post<PoolResponse>('/api/pools', {
    name: 'Stragglers Pool',
    icon: 'football',
    icon_color: '#ffffff',
    icon_background: '#1565c0',
    sport: 'americanfootball_nfl',
    season,
    start_week: WEEK,
    games_per_week: 2,
    win_basis: 'straight',
    double_play: false,
    triple_play: false,
    last_man_standing: false,
  });
  poolId = created.data.id;
  await publishLastGames(api, poolId, WEEK, 2);
  const link = await api.post<ShareLinkResponse>(`/api/pools/${poolId}/link`);
  for (const guest of [straggler, leaving]) {
    await (await apiSessionOf(guest)).post('/api/pools/accept', { token: link.data.token });
  }
}, 120_000);

describe("the Lifeguard's tools for stragglers", () => {
  it('reminds a guest missing picks and removes another, on a 390 px phone', async () => {
    const page = await browser.newPage(viewports.phone);
    await openSignedIn(page, lifeguard, `/football/pool/${poolId}?week=${WEEK}&tab=members`, 'football-pool');
    const missing = page.getByRole('region', { name: `Missing picks, Week ${WEEK}` });
    await missing.getByText(straggler.username, { exact: true }).waitFor();
    // The Lifeguard is missing picks too, but has no button to remind themselves.
    await expect(missing.getByRole('button', { name: `Remind ${lifeguard.username}` }).count()).resolves.toBe(0);
    await screenshot(page, 'pool-stragglers-missing-phone');

    await missing.getByRole('button', { name: `Remind ${straggler.username}` }).click();
    await missing.getByText(`Reminded ${straggler.username}.`).waitFor();
    await missing
      .getByText(/reminded just now/)
      .first()
      .waitFor();
    // Within 6 hours the member cannot be reminded again.
    await expect(missing.getByRole('button', { name: `Remind ${straggler.username}` }).isDisabled()).resolves.toBe(
      true,
    );
    await screenshot(page, 'pool-stragglers-reminded-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const reminder = await waitForMail(straggler.email, /Stragglers Pool: .* reminds you to make your Week \d+ picks/);
    expect(reminder.text).toContain(`${lifeguard.username}, the Lifeguard of “Stragglers Pool”, reminds you`);

    const members = page.getByRole('region', { name: 'Members' });
    await expect(members.getByRole('button', { name: `Remove ${lifeguard.username}` }).count()).resolves.toBe(0);
    await members.getByRole('button', { name: `Remove ${leaving.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${leaving.username}?` });
    await dialog.waitFor();
    await screenshot(page, 'pool-stragglers-remove-dialog-phone');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => members.getByText(leaving.username, { exact: true }).count()).toBe(0);
    const told = await waitForMail(leaving.email, /You are no longer in the pool “Stragglers Pool”/);
    expect(told.text).toContain(`${lifeguard.username}, the Lifeguard of “Stragglers Pool”, removed you`);
    await screenshot(page, 'pool-stragglers-removed-phone');
    await expectNoSeriousA11yViolations(page);

    // The same tab at desktop width.
    await page.setViewportSize(viewports.desktop);
    await missing
      .getByText(/reminded just now/)
      .first()
      .waitFor();
    await screenshot(page, 'pool-stragglers-desktop');
  });

  it('shows the removed guest the pool no more', async () => {
    browser.expectConsoleError(/status of 404/);
    const page = await browser.newPage(viewports.phone);
    await openSignedIn(page, leaving, `/football/pool/${poolId}`, 'not-found');
  });
});

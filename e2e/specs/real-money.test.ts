import type { BetListResponse, BookEventsResponse, CurrentWeekResponse } from '@pass/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSessionOf, createMember, openSignedIn, type Identity } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';

/**
 * Real money apart from play money: a member with one real bet, one simulated bet and one teller bet, all graded,
 * sees My Stats count real money alone, the simulated and paper money beside it, and switches to each; the
 * choice holds on the next visit, and the home keeps real money first.
 */
const browser = useBrowser();

let member: Identity;

/** Two weeks ahead of the clock's week: games no other file records on or finishes. */
const WEEKS_AHEAD = 2;
const NFL = 'americanfootball_nfl';

beforeAll(async () => {
  member = await createMember();
  const admin: Identity = inject('admin');
  const api = await apiSessionOf(member);
  const current = await api.get<CurrentWeekResponse>(`/api/dates/${NFL}/current-week`);
  const week = await api.get<BookEventsResponse>(
    `/api/book/events/${NFL}/${current.number + WEEKS_AHEAD}?season_year=${current.season}`,
  );
  const games = week.events.filter((game) => game.status === 'scheduled').slice(-3);
  expect(games).toHaveLength(3);
  const [real, simulated, paper] = games as [(typeof games)[0], (typeof games)[0], (typeof games)[0]];
  const moneyline = { bet_mode: 3, bet_kind: 1, bet_type: 5 };
  // Each home team wins 27–20: the real bet wins $100, the simulated bet on the visitors loses $50, the paper
  // bet wins $120.
  await api.once('POST', '/api/user/bets', {
    ...moneyline,
    event_id: real.event_id,
    bet_team: real.home_team,
    price: -150,
    stake: 150,
    is_simulated: false,
  });
  await api.once('POST', '/api/user/bets', {
    ...moneyline,
    event_id: simulated.event_id,
    bet_team: simulated.away_team,
    price: 130,
    stake: 50,
    is_simulated: true,
  });
  await api.once('POST', '/api/teller/bets', {
    event_id: paper.event_id,
    bet_team: paper.home_team,
    price: 120,
    stake: 100,
  });
  const adminApi = await apiSessionOf(admin);
  for (const game of games) {
    await adminApi.post(`/api/admin/events/${game.event_id}/result`, {
      status: 'final',
      home_score: 27,
      away_score: 20,
    });
  }
  const entries = (await api.get<BetListResponse>('/api/user/bets?limit=10')).data;
  expect(entries.map((entry) => entry.outcome).sort()).toEqual(['loss', 'win', 'win']);
});

const figure = (page: Page, label: string) => page.locator(`[data-figure="${label}"]`).textContent();

describe('real money apart from play money', () => {
  it('shows real money alone by default with play money beside it, switches, and keeps the choice', async () => {
    const page = await browser.newPage();
    await openSignedIn(page, member, '/user/stats', 'user-stats');
    const switcher = page.getByRole('group', { name: 'Kind of money' });
    await expect
      .poll(() => switcher.getByRole('button', { name: 'Real money' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => figure(page, 'Bet profit'), { timeout: 15_000 }).toBe('+$100.00');
    await expect(figure(page, 'Record')).resolves.toBe('1-0-0');
    await expect(figure(page, 'ROI')).resolves.toBe('+66.7%');

    const beside = page.getByRole('table', { name: 'Each kind of money' });
    const rows = beside.locator('tbody tr');
    await expect
      .poll(() => rows.allTextContents())
      .toEqual([
        expect.stringMatching(/^Real money \(shown\)1-0-0.*\+\$100\.00/),
        expect.stringMatching(/^Simulated0-1-0.*−\$50\.00/),
        expect.stringMatching(/^Paper1-0-0.*\+\$120\.00/),
      ]);
    await screenshot(page, 'user-stats-real-money-desktop');
    await expectNoSeriousA11yViolations(page);

    await switcher.getByRole('button', { name: 'Simulated' }).click();
    await expect.poll(() => figure(page, 'Bet profit')).toBe('−$50.00');
    await expect(figure(page, 'Record')).resolves.toBe('0-1-0');
    await switcher.getByRole('button', { name: 'Paper' }).click();
    await expect.poll(() => figure(page, 'Bet profit')).toBe('+$120.00');
    await screenshot(page, 'user-stats-paper-desktop');

    // The choice is kept: the next visit opens on paper money.
    await page.reload();
    await waitForScreen(page, 'user-stats');
    await expect.poll(() => figure(page, 'Bet profit'), { timeout: 15_000 }).toBe('+$120.00');
    await switcher.getByRole('button', { name: 'Real money' }).click();
    await expect.poll(() => figure(page, 'Bet profit')).toBe('+$100.00');

    // The home: real money first, the play money apart.
    await page.goto('/');
    await waitForScreen(page, 'home');
    const season = page.getByRole('region', { name: 'Your season' });
    const lines = season.locator('[data-money-line]');
    await expect
      .poll(() => lines.evaluateAll((found) => found.map((line) => line.getAttribute('data-money-line'))), {
        timeout: 15_000,
      })
      .toEqual(['Real money', 'Simulated', 'Paper']);
    await season.scrollIntoViewIfNeeded();
    await screenshot(page, 'home-season-money-desktop');
    await expect(lines.first().textContent()).resolves.toContain('+$100.00');
  });

  it('shows the same at 390 px, nothing wider than the screen', async () => {
    const phone = await browser.newPage(viewports.phone);
    await openSignedIn(phone, member, '/user/stats', 'user-stats');
    await expect.poll(() => figure(phone, 'Bet profit'), { timeout: 15_000 }).toBe('+$100.00');
    const beside = phone.getByRole('list', { name: 'Each kind of money' });
    await expect.poll(() => beside.getByRole('listitem').count()).toBe(3);
    await beside.scrollIntoViewIfNeeded();
    await screenshot(phone, 'user-stats-real-money-phone');
    await phone.getByRole('group', { name: 'Kind of money' }).getByRole('button', { name: 'Simulated' }).click();
    await expect.poll(() => figure(phone, 'Bet profit')).toBe('−$50.00');
    await screenshot(phone, 'user-stats-simulated-phone', { top: true });
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(phone);
  });
});

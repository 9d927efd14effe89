import type { PoolResponse, PoolWeekResponse } from '@pass/contracts';
import { seasonForDate } from '@pass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSessionOf, createMember, openSignedIn, type Identity } from '../support/accounts';
import { chooseOption, expectNoSeriousA11yViolations, screenshot, useBrowser, viewports } from '../support/browser';
import { publishLastGames } from '../support/pools';
import { E2E_NFL_WEEK, e2eServerClockStart } from '../support/server-clock';

/**
 * A confidence pool's pick sheet on a 390 px phone: the week still to be played (the server's clock is Thursday
 * morning of week 12; the slate is the week's last four games, which no other file finishes), each game picked
 * with a tap and given its confidence (a newly picked game takes the largest value still free, another value is
 * chosen from the select and swaps), saved, and the numbers as the server stored them: each once, 1 to the
 * slate's size.
 */
const browser = useBrowser();

let member: Identity;
let poolId: number;
const season = seasonForDate('americanfootball_nfl', e2eServerClockStart());

beforeAll(async () => {
  member = await createMember();
  const api = await apiSessionOf(member);
  const created = await api.post<PoolResponse>('/api/pools', {
    name: 'Confidence Pool',
    icon: 'football',
    icon_color: '#ffffff',
    icon_background: '#1565c0',
    sport: 'americanfootball_nfl',
    season,
    start_week: E2E_NFL_WEEK,
    games_per_week: 4,
    win_basis: 'ats',
    double_play: false,
    triple_play: false,
    last_man_standing: false,
    confidence: true,
  });
  poolId = created.data.id;
  await publishLastGames(api, poolId, E2E_NFL_WEEK, 4);
});

describe('a confidence pool on a phone', () => {
  it('ranks the week’s picks, marks the values in use, and saves each value once', async () => {
    const page = await browser.newPage(viewports.phone);
    await openSignedIn(page, member, `/football/pool/${poolId}?week=${E2E_NFL_WEEK}`, 'football-pool');
    const sheet = page.getByRole('form', { name: `Picks for Week ${E2E_NFL_WEEK}` });
    await sheet.waitFor();
    const games = sheet.locator('[data-testid^="slate-game-"]');
    await expect.poll(() => games.count()).toBe(4);
    await sheet
      .getByTestId('confidence-summary')
      .getByText(/Not used yet: 4, 3, 2, 1\./)
      .waitFor();

    // A tap on each game's first side: each takes the largest value still free (4, 3, 2, 1 in slate order).
    for (let index = 0; index < 4; index += 1) await games.nth(index).getByRole('button').first().click();
    await sheet.getByTestId('confidence-summary').getByText('Every number is used.').waitFor();
    const confidence = (index: number) => games.nth(index).getByRole('combobox', { name: /^Confidence for / });
    await expect.poll(() => confidence(0).textContent()).toBe('4');
    await expect.poll(() => confidence(3).textContent()).toBe('1');

    // The last game takes the 4: the first game, which held it, gets the 1 (marked "swap" in the list).
    await confidence(3).click();
    await page.getByRole('option', { name: /^4 · used on .+ \(swap\)$/ }).waitFor();
    await screenshot(page, 'confidence-pool-select-phone');
    await expectNoSeriousA11yViolations(page);
    await chooseOption(page, confidence(3), (await page.getByRole('option', { name: /^4 · / }).textContent())!);
    await expect.poll(() => confidence(3).textContent()).toBe('4');
    await expect.poll(() => confidence(0).textContent()).toBe('1');

    await sheet.getByRole('button', { name: `Save Week ${E2E_NFL_WEEK} picks` }).click();
    await sheet.getByText('Picks saved.').waitFor();
    await screenshot(page, 'confidence-pool-sheet-phone');
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const api = await apiSessionOf(member);
    const week = await api.get<PoolWeekResponse>(`/api/pools/${poolId}/weeks/${E2E_NFL_WEEK}`);
    const mine = week.data.sheets.find((sheet) => sheet.username === member.username)!;
    const byGame = new Map(mine.picks.map((pick) => [pick.event_id, pick.confidence]));
    expect(week.data.games.map((game) => byGame.get(game.event_id))).toEqual([1, 3, 2, 4]);
  });
});

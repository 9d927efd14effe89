import type { PoolStandingsResponse, PoolWeekResponse } from '@pass/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSessionOf, createMember, newIdentity, openSignedIn, type Identity } from '../support/accounts';
import {
  chooseOption,
  expectNoSeriousA11yViolations,
  screenshot,
  useBrowser,
  viewports,
  waitForScreen,
} from '../support/browser';
import { linkIn, waitForMail } from '../support/mail';
import { publishLastGames } from '../support/pools';
import { E2E_NFL_WEEK, e2eServerClockStart } from '../support/server-clock';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { appUrl } from '../support/target';

/**
 * Pool Party for a real office, from the Lifeguard's first tap to the week's numbers: a Lifeguard creates a
 * confidence pool with Last Man Standing and one survivor strike in the browser and pastes five addresses into
 * the Invite panel in one go; two of them, new to PA$$, join from their mails in one step each on a 390 px phone;
 * one makes the week's picks, the other misses them and is reminded by the Lifeguard; the week's games end, and
 * the standings, the grid and the survivor board show what is worked out here from the stored picks, the frozen
 * spreads and the finals.
 *
 * Its finals would end games other files keep open, so it runs a server of its own (the demo season at the
 * e2e clock: 10:00 Eastern on the Thursday of week 12, before the week's first kickoff).
 */
const browser = useBrowser();

const WEEK = E2E_NFL_WEEK;
const POOL = 'Third Floor Pool';
const GAMES = 4;

let server: OwnServer;
let lifeguard: Identity;
let poolId: number;
/**
 * The two guests who join from their mails: the one who picks, and the one who misses the week. They give no
 * name when they join, so the pool shows their usernames.
 */
const picker = newIdentity();
const absent = newIdentity();
/** How the pool shows each member (decision 081): the Lifeguard's name, the guests' usernames. */
const shown = (member: Identity) => (member === lifeguard ? 'Lou Guard' : member.username);
/** Three more addresses on the pasted list, who never answer. */
const others = [newIdentity(), newIdentity(), newIdentity()];

beforeAll(async () => {
  server = await startOwnServer({ name: 'office', clock: e2eServerClockStart(), seed: 'demo', admin: true });
  lifeguard = await createMember({ ...newIdentity(), name: 'Lou Guard' } as Identity);
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

/** The accept page's path from the invitation mailed to `email`. */
async function invitationPath(email: string): Promise<string> {
  const mail = await waitForMail(email, new RegExp(`invites you to the pool “${POOL}”`));
  return new URL(linkIn(mail, '/pool-party/accept/', appUrl())).pathname;
}

/** A new guest opens the invitation on a phone, creates the account on that page and lands on the pool. */
async function joinInOneStep(guest: Identity): Promise<Page> {
  const phone = await browser.newPage(viewports.phone);
  await phone.goto(await invitationPath(guest.email));
  await waitForScreen(phone, 'pool-party-accept');
  await phone.getByText(`Lou Guard invited you to ${POOL}`).waitFor();
  const form = phone.getByRole('form', { name: 'Create your account' });
  await expect(form.getByRole('textbox', { name: 'Email' }).inputValue()).resolves.toBe(guest.email);
  await form.getByRole('textbox', { name: 'Username' }).fill(guest.username);
  await form.getByLabel(/^Password/).fill(guest.password);
  await form.getByRole('button', { name: 'Create account and join' }).click();
  await waitForScreen(phone, 'football-pool');
  await phone.getByRole('heading', { level: 1, name: POOL }).waitFor();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  return phone;
}

describe('Pool Party for a real office', () => {
  it('the Lifeguard creates a confidence pool and invites five addresses pasted at once', async () => {
    const page = await browser.newPage(viewports.desktop);
    await openSignedIn(page, lifeguard, '/football/pools', 'football-pools');
    const form = page.getByRole('form', { name: /Create a pool/i });
    await form.getByRole('textbox', { name: 'Pool name' }).fill(POOL);
    await form.getByRole('spinbutton', { name: 'Games per week' }).fill(String(GAMES));
    await chooseOption(page, form.getByRole('combobox', { name: 'Start week' }), `Week ${WEEK}`);
    await form.getByLabel(/^Confidence points/).check();
    await form.getByLabel('Last Man Standing').check();
    await chooseOption(page, form.getByRole('combobox', { name: 'Strikes' }), '1: out at the 2nd');
    await form.getByRole('button', { name: 'Create pool' }).click();
    await page.getByText(`“${POOL}” is ready`).waitFor();
    await page.getByRole('link', { name: 'Invite guests' }).click();
    await waitForScreen(page, 'football-pool');
    poolId = Number(/\/football\/pool\/(\d+)/.exec(page.url())![1]);

    const list = [
      `Ann Lee <${picker.email}>`,
      `"Bo Diaz" <${absent.email}>`,
      ...others.map((other) => other.email),
    ].join(',\n');
    const invite = page.getByRole('form', { name: 'Invite by email' });
    await invite.getByRole('textbox', { name: 'Email addresses' }).fill(list);
    await invite.getByRole('button', { name: 'Send 5 invitations' }).click();
    const results = page.getByRole('list', { name: 'Invitations sent and not sent' });
    await expect.poll(() => results.locator('[data-status="sent"]').count()).toBe(5);
    await screenshot(page, 'office-invited-desktop');
    await expectNoSeriousA11yViolations(page);

    // The week's slate: its last four games, published by the Lifeguard.
    await publishLastGames(await apiSessionOf(lifeguard), poolId, WEEK, GAMES);
  }, 120_000);

  it('two new guests join from their mails in one step each, on a phone', async () => {
    for (const guest of [picker, absent]) {
      const phone = await joinInOneStep(guest);
      await screenshot(phone, `office-joined-${guest === picker ? 'picker' : 'absent'}-phone`);
      await phone.close();
    }
    const pool = await (await apiSessionOf(lifeguard)).get<PoolStandingsResponse>(`/api/pools/${poolId}/standings`);
    expect(pool.data.rows.map((row) => row.name).sort()).toEqual(
      ['Lou Guard', picker.username, absent.username].sort(),
    );
  }, 120_000);

  it('one guest ranks the week’s picks on the phone; the Lifeguard reminds the one who has not', async () => {
    const phone = await browser.newPage(viewports.phone);
    await openSignedIn(phone, picker, `/football/pool/${poolId}?week=${WEEK}`, 'football-pool');
    const sheet = phone.getByRole('form', { name: `Picks for Week ${WEEK}` });
    const games = sheet.locator('[data-testid^="slate-game-"]');
    await expect.poll(() => games.count()).toBe(GAMES);
    // Each game's first side, in slate order: each takes the largest value still free (4, 3, 2, 1).
    for (let index = 0; index < GAMES; index += 1) await games.nth(index).getByRole('button').first().click();
    await sheet.getByTestId('confidence-summary').getByText('Every number is used.').waitFor();
    // Last Man Standing: the home team of the slate's first game, from every team playing the week.
    const firstGame = (await (await apiSessionOf(picker)).get<PoolWeekResponse>(`/api/pools/${poolId}/weeks/${WEEK}`))
      .data.games[0]!;
    await sheet.getByRole('combobox', { name: 'Last Man Standing team' }).click();
    await phone.getByRole('option', { name: new RegExp(`^${firstGame.home_team} vs `) }).click();
    await sheet.getByRole('spinbutton', { name: 'Tiebreaker' }).fill('44');
    await sheet.getByRole('button', { name: `Save Week ${WEEK} picks` }).click();
    await sheet.getByText('Picks saved.').waitFor();
    await screenshot(phone, 'office-picks-phone');

    // The Lifeguard's own picks, through the API: the home side of each game, ranked 4 to 1 in slate order.
    const host = await apiSessionOf(lifeguard);
    const view = (await host.get<PoolWeekResponse>(`/api/pools/${poolId}/weeks/${WEEK}`)).data;
    await host.once('PUT', `/api/pools/${poolId}/weeks/${WEEK}/picks`, {
      picks: view.games.map((game, index) => ({
        event_id: game.event_id,
        team: game.home_team,
        confidence: GAMES - index,
      })),
      // The home team of the third game: it loses by 21 (below), the Lifeguard's one strike.
      lms_team: view.games[2]!.home_team,
    });

    const lifeguardPhone = await browser.newPage(viewports.phone);
    await openSignedIn(lifeguardPhone, lifeguard, `/football/pool/${poolId}?week=${WEEK}&tab=members`, 'football-pool');
    const missing = lifeguardPhone.getByRole('region', { name: `Missing picks, Week ${WEEK}` });
    await missing.getByText(absent.username, { exact: true }).waitFor();
    await expect(missing.getByText(picker.username, { exact: true }).count()).resolves.toBe(0);
    await missing.getByRole('button', { name: `Remind ${absent.username}` }).click();
    await missing.getByText(`Reminded ${absent.username}.`).waitFor();
    const reminder = await waitForMail(
      absent.email,
      new RegExp(`${POOL}: .* reminds you to make your Week ${WEEK} picks`),
    );
    expect(reminder.text).toContain(`the Lifeguard of “${POOL}”, reminds you`);
    await screenshot(lifeguardPhone, 'office-reminded-phone');
    expect(await lifeguardPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }, 120_000);

  it('after the week’s finals, the standings and the grid show the points worked out from the picks', async () => {
    const host = await apiSessionOf(lifeguard);
    const before = (await host.get<PoolWeekResponse>(`/api/pools/${poolId}/weeks/${WEEK}`)).data;
    // The home side wins the first two games by 21 and loses the last two by 21: past any week's spread.
    const adminApi = await apiSessionOf(server.admin);
    const finals = before.games.map((game, index) => {
      expect(Math.abs(game.frozen_home_spread ?? 0)).toBeLessThan(21);
      return index < 2 ? { home: 31, away: 10 } : { home: 10, away: 31 };
    });
    for (const [index, game] of before.games.entries()) {
      await adminApi.post(`/api/admin/events/${game.event_id}/result`, {
        status: 'final',
        home_score: finals[index]!.home,
        away_score: finals[index]!.away,
      });
    }
    const week = (await host.get<PoolWeekResponse>(`/api/pools/${poolId}/weeks/${WEEK}`)).data;
    // Each member's points worked out here: a pick of the side that covered scores its confidence.
    const covered = (gameIndex: number) => {
      const game = week.games[gameIndex]!;
      const final = finals[gameIndex]!;
      return final.home + (game.frozen_home_spread ?? 0) > final.away ? game.home_team : game.away_team;
    };
    const expected = new Map<string, { points: number; wins: number; losses: number }>();
    for (const member of [lifeguard, picker, absent]) {
      const sheet = week.sheets.find((candidate) => candidate.username === member.username);
      let points = 0;
      let wins = 0;
      week.games.forEach((game, index) => {
        const pick = sheet?.picks.find((candidate) => candidate.event_id === game.event_id);
        if (pick && pick.team === covered(index)) {
          points += pick.confidence!;
          wins += 1;
        }
      });
      expected.set(member.username, { points, wins, losses: GAMES - wins });
    }
    // The picker took the first side (away) of each game at 4, 3, 2, 1, the Lifeguard the home side at 4, 3, 2, 1:
    // the home sides covered the first two games, the away sides the last two.
    expect(expected.get(picker.username)).toEqual({ points: 3, wins: 2, losses: 2 });
    expect(expected.get(lifeguard.username)).toEqual({ points: 7, wins: 2, losses: 2 });
    expect(expected.get(absent.username)).toEqual({ points: 0, wins: 0, losses: 4 });

    const page = await browser.newPage(viewports.phone);
    await openSignedIn(page, picker, `/football/pool/${poolId}?week=${WEEK}&tab=standings`, 'football-pool');
    const table = page.getByRole('table', { name: 'Standings' });
    await table.waitFor();
    for (const member of [lifeguard, picker, absent]) {
      const figures = expected.get(member.username)!;
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: shown(member) }) });
      await expect.poll(() => row.textContent()).toContain(`${figures.points}${figures.wins}-${figures.losses}-0`);
    }
    await screenshot(page, 'office-standings-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('tab', { name: 'Grid' }).click();
    const grid = page.getByRole('table', { name: `Everyone's picks, Week ${WEEK}` });
    await grid.waitFor();
    const first = week.games[0]!;
    const pickerFirst = week.sheets
      .find((sheet) => sheet.username === picker.username)!
      .picks.find((pick) => pick.event_id === first.event_id)!;
    await grid
      .getByLabel(
        `${picker.username}, ${first.away_team} at ${first.home_team}: ${pickerFirst.team}, confidence ${pickerFirst.confidence}, ${pickerFirst.team === covered(0) ? 'win' : 'loss'}`,
      )
      .waitFor();
    await grid.getByLabel(`${absent.username}, ${first.away_team} at ${first.home_team}: no pick`).waitFor();
    await screenshot(page, 'office-grid-phone');
    await expectNoSeriousA11yViolations(page);

    // The survivor board: the Lifeguard's team lost (one strike of one, still standing), the picker's won, the
    // absent guest's week not shown yet.
    await page.getByRole('tab', { name: 'Survivors' }).click();
    const board = page.getByRole('region', { name: 'Survivor board' });
    await board.getByText('3 of 3 standing.', { exact: false }).waitFor();
    const card = (member: Identity) =>
      board.getByTestId('survivor-row').filter({ has: page.getByText(shown(member), { exact: true }) });
    const lifeguardTeam = week.games[2]!.home_team;
    const pickerTeam = week.games[0]!.home_team;
    await expect.poll(() => card(lifeguard).textContent()).toContain('Standing · strikes 1 of 1');
    await expect(card(lifeguard).textContent()).resolves.toContain(`W${WEEK} ${lifeguardTeam} lost or pushed`);
    await expect(card(picker).textContent()).resolves.toContain('Standing · strikes 0 of 1');
    await expect(card(picker).textContent()).resolves.toContain(`W${WEEK} ${pickerTeam} won`);
    await expect(card(absent).textContent()).resolves.toContain('Standing · strikes 0 of 1');
    // Whether another member has a team shows once their game locks, and having none once the whole week has:
    // the week's games off the slate are still to be played.
    await expect(card(absent).textContent()).resolves.toContain(`W${WEEK} hidden until its game locks`);
    await screenshot(page, 'office-survivors-phone');
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }, 120_000);
});

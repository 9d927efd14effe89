import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  HeadToHeadResponse,
  PoolListResponse,
  PoolStandingsResponse,
  PoolWeekResponse,
  PoolWeekView,
} from '@pass/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSessionOf, createMember, logIn, newIdentity, type Identity } from '../support/accounts';
import { appServerEnv, createAdmin, freePort, startAppServer, type AppServer } from '../support/app-server';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';
import { linkIn, waitForMail } from '../support/mail';
import { E2E_NFL_WEEK, e2eServerClockStart } from '../support/server-clock';
import { appUrl, useAppUrl } from '../support/target';

/**
 * A whole pool week in the browser, as its three members live it (the Pool Party issue's done-when): a Lifeguard
 * creates a pool with double play and Last Man Standing, invites one guest by email (who signs up from the
 * mail) and one by the shareable link, publishes the slate, everyone picks on a phone, a pick is refused once
 * its game has locked, the picks show at lock, the admin enters the finals (one of them a push, one Last Man
 * Standing pick eliminated), and the standings and head-to-head match the numbers this test works out itself.
 *
 * Moving the server clock would change what the other browser files see, so this file runs a server of its own
 * (same build, same mail capture) on the demo season of the clock's season, and restarts it with a later
 * PASS_CLOCK instead of waiting: Thursday morning of week 12 before any kickoff, then just after the week's
 * first kickoff, then after its last game.
 */
const browser = useBrowser();

const WEEK = E2E_NFL_WEEK;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Choice = PoolWeekView['choices'][number];
type Side = 'home' | 'away';
/** How a game ends against its frozen spread, chosen by the test. */
type Result = 'home_covers' | 'push' | 'away_covers';

interface MemberPlan {
  picks: [Side, Side, Side, Side];
  /** The slate game (0–3) of the member's double play. */
  double: number | null;
  /** The slate game whose home team is the member's Last Man Standing pick. */
  lmsHomeOf: number;
  /** The tiebreaker guess, as a distance from the real total of the week's last game. */
  tiebreakerOff: number;
}

// The week the test plays: G1 Thursday (the first lock), G2 a push, G3, G4 the last game (the tiebreaker).
const RESULTS: Result[] = ['home_covers', 'push', 'away_covers', 'home_covers'];
const PLANS = {
  lifeguard: { picks: ['home', 'home', 'home', 'home'], double: 0, lmsHomeOf: 0, tiebreakerOff: -3 },
  linkGuest: { picks: ['away', 'away', 'away', 'home'], double: null, lmsHomeOf: 3, tiebreakerOff: 10 },
  mailGuest: { picks: ['home', 'home', 'away', 'away'], double: 2, lmsHomeOf: 1, tiebreakerOff: 8 },
} satisfies Record<string, MemberPlan>;
type Who = keyof typeof PLANS;

/** Final scores that end a game as planned against its home spread: the away side scores 30. */
function finalScores(homeSpread: number, result: Result) {
  const margin =
    result === 'push'
      ? -homeSpread
      : result === 'home_covers'
        ? Math.floor(-homeSpread) + 6
        : Math.ceil(-homeSpread) - 6;
  return { home_score: 30 + margin, away_score: 30 };
}

/** The test's own grading: +5 a win, −5 a loss, 0 a push, times 2 on the double play. */
function expectedWeek(plan: MemberPlan) {
  let points = 0;
  const record = { wins: 0, losses: 0, pushes: 0 };
  plan.picks.forEach((side, index) => {
    const result = RESULTS[index]!;
    const outcome = result === 'push' ? 'push' : (result === 'home_covers') === (side === 'home') ? 'win' : 'loss';
    const weight = plan.double === index ? 2 : 1;
    if (outcome === 'win') {
      record.wins += 1;
      points += 5 * weight;
    } else if (outcome === 'loss') {
      record.losses += 1;
      points -= 5 * weight;
    } else record.pushes += 1;
  });
  return { points, ...record, survives: RESULTS[plan.lmsHomeOf] === 'home_covers' };
}

let server: AppServer;
let dataDir: string;
let port: number;
let admin: Identity;
const members = {} as Record<Who, Identity>;
let poolId: number;
let shareUrl: string;
/** The four slate games, in kickoff order, with their frozen home spreads. */
let slate: Choice[];

const restartAt = async (clock: Date) => {
  await server.stop();
  server = await startAppServer({ dataDir, port, clock, seed: 'none', smtpUrl: inject('smtpUrl') });
};

const team = (index: number, side: Side) => (side === 'home' ? slate[index]!.home_team : slate[index]!.away_team);
const gameName = (index: number) => `${slate[index]!.away_team} at ${slate[index]!.home_team}`;

async function signedInPage(who: Identity, viewport: { width: number; height: number }, address: string) {
  const page = await browser.newPage(viewport);
  await page.goto(address);
  await waitForScreen(page, 'login');
  await logIn(page, who.username, who.password);
  return page;
}

/** Makes a member's picks on the pick sheet as the plan says, and saves them. */
async function pickTheWeek(page: Page, who: Who) {
  const plan: MemberPlan = PLANS[who];
  const sheet = page.getByRole('form', { name: `Picks for Week ${WEEK}` });
  await sheet.waitFor();
  for (const [index, side] of plan.picks.entries()) {
    await sheet
      .getByRole('group', { name: gameName(index) })
      .getByRole('button', { name: new RegExp(`^${team(index, side)}( |$)`) })
      .click();
  }
  if (plan.double !== null) {
    await sheet.getByRole('radio', { name: 'Double (±10)' }).check();
    await sheet.getByRole('combobox', { name: 'On the pick' }).click();
    await page
      .getByRole('option', { name: `${team(plan.double, plan.picks[plan.double]!)} (${gameName(plan.double)})` })
      .click();
  }
  await sheet.getByRole('combobox', { name: 'Last Man Standing team' }).click();
  // Every team playing the week is offered, each with its game: "KC vs BUF, Sun 1:00 PM, −3".
  await page.getByRole('option', { name: new RegExp(`^${team(plan.lmsHomeOf, 'home')} vs `) }).click();
  const last = slate[3]!;
  const total = Object.values(finalScores(last.home_spread!, RESULTS[3]!)).reduce((sum, score) => sum + score, 0);
  await sheet.getByRole('spinbutton', { name: 'Tiebreaker' }).fill(String(total + plan.tiebreakerOff));
  await sheet.getByRole('button', { name: `Save Week ${WEEK} picks` }).click();
  await sheet.getByText('Picks saved.').waitFor();
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pass-e2e-pool-week-'));
  port = await freePort();
  const first = { dataDir, port, clock: e2eServerClockStart(), seed: 'demo' as const, smtpUrl: inject('smtpUrl') };
  const operator = await createAdmin(appServerEnv(first));
  server = await startAppServer(first);
  await operator.setPassword(server.baseUrl);
  admin = operator.identity;
  useAppUrl(server.baseUrl);
  members.lifeguard = await createMember();
  members.linkGuest = await createMember();
  members.mailGuest = newIdentity();
}, 240_000);

afterAll(async () => {
  useAppUrl(null);
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a pool week from invitation to standings', () => {
  it('the Lifeguard creates a pool with double play and Last Man Standing and invites two guests', async () => {
    const page = await signedInPage(members.lifeguard, viewports.desktop, '/football/pools');
    await waitForScreen(page, 'football-pools');
    const form = page.getByRole('form', { name: 'Create a pool' });
    await form.getByRole('textbox', { name: 'Pool name' }).fill('Thanksgiving Pool');
    await form.getByRole('spinbutton', { name: 'Games per week' }).fill('4');
    await expect(form.getByRole('combobox', { name: 'Start week' }).textContent()).resolves.toBe(`Week ${WEEK}`);
    await form.getByRole('radio', { name: 'Against the spread' }).check();
    await form.getByLabel(/^Double play/).check();
    await form.getByLabel(/^Triple play/).uncheck();
    await form.getByLabel('Last Man Standing').check();
    await form.getByRole('button', { name: 'Create pool' }).click();
    await page.getByText('“Thanksgiving Pool” is ready', { exact: false }).waitFor();

    const lifeguardApi = await apiSessionOf(members.lifeguard);
    const [pool] = (await lifeguardApi.get<PoolListResponse>('/api/pools')).data;
    expect(pool).toMatchObject({
      name: 'Thanksgiving Pool',
      start_week: WEEK,
      games_per_week: 4,
      win_basis: 'ats',
      double_play: true,
      triple_play: false,
      last_man_standing: true,
      role: 'lifeguard',
    });
    poolId = pool!.id;

    await page
      .getByRole('navigation', { name: 'More of Pool Party' })
      .getByRole('link', { name: 'Invite friends' })
      .click();
    await waitForScreen(page, 'invite');
    await page.getByRole('textbox', { name: 'Email addresses' }).fill(members.mailGuest.email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page
      .getByRole('list', { name: 'Invitations sent and not sent' })
      .locator('[data-status="sent"]', { hasText: members.mailGuest.email })
      .waitFor();
    await page.getByRole('button', { name: 'Get the link' }).click();
    const link = page.getByRole('textbox', { name: 'Link' });
    await link.waitFor();
    shareUrl = await link.inputValue();
    expect(shareUrl).toMatch(/\/pool-party\/accept\/[A-Za-z0-9_-]+$/);
    await expectNoSeriousA11yViolations(page);
  });

  it('one guest joins by the link on a phone', async () => {
    const page = await browser.newPage(viewports.phone);
    await page.goto(new URL(shareUrl).pathname);
    await waitForScreen(page, 'pool-party-accept');
    await page.getByRole('tab', { name: 'I have an account' }).click();
    await logIn(page, members.linkGuest.username, members.linkGuest.password);
    await waitForScreen(page, 'football-pool');
    await page.getByRole('heading', { level: 1, name: 'Thanksgiving Pool' }).waitFor();
  });

  it('the guest invited by email creates the account on the invitation page and lands on the pool', async () => {
    const { mailGuest } = members;
    const invitation = await waitForMail(mailGuest.email, /invites you to the pool “Thanksgiving Pool”/);
    const page = await browser.newPage(viewports.phone);
    await page.goto(linkIn(invitation, '/pool-party/accept/', appUrl()));
    await waitForScreen(page, 'pool-party-accept');
    const form = page.getByRole('form', { name: 'Create your account' });
    await form.getByRole('textbox', { name: 'Username' }).fill(mailGuest.username);
    await form.getByLabel(/^Password/).fill(mailGuest.password);
    await form.getByRole('button', { name: 'Create account and join' }).click();
    await waitForScreen(page, 'football-pool');

    const pool = (
      await (
        await apiSessionOf(members.lifeguard)
      ).get<{ data: { members: { username: string }[] } }>(`/api/pools/${poolId}`)
    ).data;
    expect(pool.members.map((member) => member.username).sort()).toEqual(
      [members.lifeguard.username, members.linkGuest.username, mailGuest.username].sort(),
    );
  });

  it('the Lifeguard publishes the slate: the first game, a game with a whole-point spread, another, the last', async () => {
    const lifeguardApi = await apiSessionOf(members.lifeguard);
    const week = (await lifeguardApi.get<PoolWeekResponse>(`/api/pools/${poolId}/weeks/${WEEK}`)).data;
    expect(week.demo).toBe(true);
    const open = week.choices
      .filter((choice) => choice.status === 'scheduled' && choice.home_spread !== null)
      .sort((a, b) => Date.parse(a.kickoff) - Date.parse(b.kickoff));
    const first = open[0]!;
    const last = open.at(-1)!;
    const middle = open.filter(
      (choice) =>
        Date.parse(choice.kickoff) > Date.parse(first.kickoff) && Date.parse(choice.kickoff) < Date.parse(last.kickoff),
    );
    const push = middle.find((choice) => Number.isInteger(choice.home_spread));
    expect(push, 'a game of the week with a whole-point spread, for a push').toBeDefined();
    const other = middle.find((choice) => choice !== push)!;
    // In the plan's order: the first lock, the push, another game, the last game (the tiebreaker's).
    slate = [first, push!, other, last];

    const page = await signedInPage(members.lifeguard, viewports.desktop, `/football/pool/${poolId}?week=${WEEK}`);
    await waitForScreen(page, 'football-pool');
    const games = page.getByRole('group', { name: `Games of Week ${WEEK}` });
    await games.waitFor();
    for (const choice of week.choices) {
      const box = games.getByRole('checkbox', { name: new RegExp(`^${choice.away_team} at ${choice.home_team}`) });
      if (await box.isDisabled()) continue;
      if (slate.includes(choice)) await box.check();
      else await box.uncheck();
    }
    await page.getByRole('button', { name: 'Publish the slate' }).click();
    await page.getByText('Slate published: everyone picks from these games.').waitFor();
    await screenshot(page, 'pool-week-slate-desktop');

    const published = (await lifeguardApi.get<PoolWeekResponse>(`/api/pools/${poolId}/weeks/${WEEK}`)).data;
    expect(published.slate_source).toBe('lifeguard');
    expect(published.games.map((game) => [game.event_id, game.frozen_home_spread]).sort()).toEqual(
      slate.map((game) => [game.event_id, game.home_spread]).sort(),
    );
  });

  it('everyone picks the week on a 390 px phone; a pick changed after its game locked is refused, naming the game', async () => {
    for (const who of ['lifeguard', 'mailGuest'] as const) {
      const page = await signedInPage(members[who], viewports.phone, `/football/pool/${poolId}?week=${WEEK}`);
      await pickTheWeek(page, who);
      if (who === 'mailGuest') {
        await screenshot(page, 'pool-week-picks-phone');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await expectNoSeriousA11yViolations(page);
      }
    }
    // The last guest keeps the sheet open across the first kickoff, as someone who left the tab open would.
    const late = await signedInPage(members.linkGuest, viewports.phone, `/football/pool/${poolId}?week=${WEEK}`);
    await pickTheWeek(late, 'linkGuest');

    await restartAt(new Date(Date.parse(slate[0]!.kickoff) + 30 * MINUTE));
    browser.expectConsoleError(/status of 400/);
    // The open sheet's live socket retries while the server restarts; Chromium logs each refused try.
    browser.expectConsoleError(/WebSocket connection to '[^']*\/ws\/live' failed/);
    const sheet = late.getByRole('form', { name: `Picks for Week ${WEEK}` });
    await sheet
      .getByRole('group', { name: gameName(0) })
      .getByRole('button', { name: new RegExp(`^${team(0, 'home')}( |$)`) })
      .click();
    await sheet.getByRole('button', { name: `Save Week ${WEEK} picks` }).click();
    const refusal = sheet.getByText(/^Not saved: /);
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toContain(gameName(0));

    const stored = (
      await (await apiSessionOf(members.linkGuest)).get<PoolWeekResponse>(`/api/pools/${poolId}/weeks/${WEEK}`)
    ).data.sheets.find((row) => row.username === members.linkGuest.username)!;
    expect(stored.picks.find((pick) => pick.event_id === slate[0]!.event_id)?.team).toBe(team(0, 'away'));
  });

  it("shows everyone's pick of a game once it locks, and no one's pick of a game still open", async () => {
    const g1 = slate[0]!;
    const adminApi = await apiSessionOf(admin);
    await adminApi.post(`/api/admin/events/${g1.event_id}/result`, {
      status: 'final',
      ...finalScores(g1.home_spread!, RESULTS[0]!),
    });
    const page = await signedInPage(
      members.mailGuest,
      viewports.desktop,
      `/football/pool/${poolId}?week=${WEEK}&tab=grid`,
    );
    const grid = page.getByRole('table', { name: `Everyone's picks, Week ${WEEK}` });
    await grid.waitFor();
    for (const who of ['lifeguard', 'linkGuest'] as const) {
      const name = members[who].username;
      await grid.getByLabel(new RegExp(`^${name}, ${gameName(0)}: ${team(0, PLANS[who].picks[0])}`)).waitFor();
      for (const index of [1, 2, 3])
        await expect(grid.getByLabel(`${name}, ${gameName(index)}: shown at lock`).count()).resolves.toBe(1);
    }
    await screenshot(page, 'pool-week-grid-at-lock-desktop');
  });

  it('grades the finals, a push and an elimination among them, into standings and head-to-head the test works out', async () => {
    await restartAt(new Date(Date.parse(slate[3]!.kickoff) + 4 * HOUR));
    const adminApi = await apiSessionOf(admin);
    for (const index of [1, 2, 3]) {
      const game = slate[index]!;
      await adminApi.post(`/api/admin/events/${game.event_id}/result`, {
        status: 'final',
        ...finalScores(game.home_spread!, RESULTS[index]!),
      });
    }

    const expected = Object.fromEntries((Object.keys(PLANS) as Who[]).map((who) => [who, expectedWeek(PLANS[who])]));
    // Both on 10 points and 2 wins; the Lifeguard's tiebreaker is 3 off, the mailed guest's 8.
    const order: Who[] = ['lifeguard', 'mailGuest', 'linkGuest'];
    const api = await apiSessionOf(members.linkGuest);
    const standings = (await api.get<PoolStandingsResponse>(`/api/pools/${poolId}/standings`)).data;
    expect(standings.rows.map((row) => [row.username, row.rank, row.points, row.wins, row.losses, row.pushes])).toEqual(
      order.map((who, index) => [
        members[who].username,
        index + 1,
        expected[who]!.points,
        expected[who]!.wins,
        expected[who]!.losses,
        expected[who]!.pushes,
      ]),
    );
    expect(standings.rows.map((row) => row.tiebreaker_error)).toEqual(
      order.map((who) => Math.abs(PLANS[who].tiebreakerOff)),
    );
    const idOf = (who: Who) => standings.rows.find((row) => row.username === members[who].username)!.member_id;
    expect([...standings.last_man_standing!.survivors].sort()).toEqual(
      (['lifeguard', 'linkGuest', 'mailGuest'] as Who[])
        .filter((who) => expected[who]!.survives)
        .map(idOf)
        .sort(),
    );
    expect(standings.last_man_standing!.eliminated).toEqual([{ member_id: idOf('mailGuest'), week: WEEK }]);

    const h2h = (
      await api.get<HeadToHeadResponse>(`/api/pools/${poolId}/head-to-head/${idOf('lifeguard')}/${idOf('linkGuest')}`)
    ).data;
    expect(h2h.weeks).toEqual([
      { week: WEEK, a_points: expected.lifeguard!.points, b_points: expected.linkGuest!.points, winner: 'a' },
    ]);
    expect([h2h.a.weeks_won, h2h.b.weeks_won, h2h.agreed, h2h.disagreed]).toEqual([1, 0, 1, 3]);

    // The same numbers on the screens, at both widths.
    for (const [label, viewport] of [
      ['phone', viewports.phone],
      ['desktop', viewports.desktop],
    ] as const) {
      const page = await signedInPage(members.lifeguard, viewport, `/football/pool/${poolId}?tab=standings`);
      const table = page.getByRole('table', { name: 'Standings' });
      await table.waitFor();
      const rows = table.getByRole('row');
      await expect.poll(() => rows.count()).toBe(4);
      for (const [index, who] of order.entries()) {
        const cells = await rows
          .nth(index + 1)
          .locator('td, th')
          .allTextContents();
        const e = expected[who]!;
        expect(cells.slice(0, 3)).toEqual([
          String(index + 1),
          expect.stringContaining(members[who].username),
          String(e.points),
        ]);
        expect(cells[3]).toBe(`${e.wins}-${e.losses}-${e.pushes}`);
      }
      await screenshot(page, `pool-week-standings-${label}`);
      if (label === 'phone') {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await page.getByRole('tab', { name: 'Head-to-head' }).click();
        await page.getByRole('combobox', { name: 'Against' }).click();
        await page.getByRole('option', { name: members.linkGuest.username, exact: true }).click();
        await expect
          .poll(() => page.getByLabel('Weeks won').textContent())
          .toBe(`${members.lifeguard.username} 1 – 0 ${members.linkGuest.username}`);
        await page.getByText('Same pick once, different 3 times.').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await screenshot(page, 'pool-week-head-to-head-phone');
      }
      await expectNoSeriousA11yViolations(page);
    }
  });
});

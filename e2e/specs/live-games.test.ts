import type { BookEventsResponse, PoolResponse, PoolWeekResponse } from '@pass/contracts';
import { BetKind, BetMode, BetType, seasonForDate } from '@pass/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSessionOf, createMember, openSignedIn, type Identity } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, screenshotOf, useBrowser, viewports } from '../support/browser';
import { finalState, inPlay, type EspnStandIn } from '../support/espn';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { E2E_NFL_WEEK, e2eServerClockStart } from '../support/server-clock';

/**
 * Live games from a live source, end to end: a fresh start with PASS_SEED=auto takes the NFL season from a
 * stand-in for ESPN's scoreboard (support/espn.ts: the real week-12 board, moved to the clock's season) instead
 * of a demo, and while a game is played the member's open screens (the schedule, My Bets, their pool's grid) move
 * with it, without a reload, as the app polls the board and pushes what changed over /ws/live.
 *
 * The MLB Stats API and nflverse point at an address that refuses: their polls fail and back off, and nothing
 * reaches the internet. The server clock starts at the e2e suite's (10:00 Eastern on the Thursday of week 12),
 * when the member bets and picks; the server is then restarted at the Thursday night game's kickoff (as
 * pool-week.test.ts restarts its own), so the game can be played at once rather than waited for.
 */
const browser = useBrowser();

const WEEK = E2E_NFL_WEEK;
const MINUTE = 60_000;
const clockStart = e2eServerClockStart();
const SEASON = seasonForDate('americanfootball_nfl', clockStart);

let server: OwnServer;
let espn: EspnStandIn;
let admin: Identity;
let member: Identity;
/** The Thursday night game the test plays: ESPN's event id, its kickoff and our event id. */
let game: { espnId: string; kickoff: Date; eventId: number; away: string; home: string };
let poolId: number;

beforeAll(async () => {
  server = await startOwnServer({
    name: 'live',
    clock: clockStart,
    seed: 'auto',
    live: 'espn',
    admin: true,
    // The scheduler looks for due sources every second (15 s by default): a poll comes as soon as it is due.
    env: { JOBS_TICK_MS: '1000' },
  });
  espn = server.espn;
  admin = server.admin;
  member = await createMember();
}, 240_000);

afterAll(() => server?.stop());

/** A signed-in page of the member on `address`, once its screen is on show. */
async function memberPage(
  address: string,
  screen: string,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<Page> {
  const page = await browser.newPage(viewport);
  await openSignedIn(page, member, address, screen);
  return page;
}

describe('live games from the ESPN scoreboard', () => {
  it('a fresh start takes the stand-in’s week as the real season: its games, no demo mark', async () => {
    // The first run asked for the whole season, once, and ESPN's other boards had no games.
    expect(espn.answered.map((request) => request.url)).toContain(
      `/apis/site/v2/sports/football/nfl/scoreboard?dates=${SEASON}0820-${SEASON + 1}0220&limit=1000`,
    );
    const api = await apiSessionOf(member);
    const week = await api.get<BookEventsResponse>('/api/book/events/americanfootball_nfl');
    expect([week.season, week.week?.number]).toEqual([SEASON, WEEK]);
    // Each game of the board, once, at ESPN's kickoff.
    expect(week.events.map((event) => Date.parse(event.kickoff!)).sort()).toEqual(
      espn.events.map((event) => Date.parse(String(event.date))).sort(),
    );
    expect(week.events.some((event) => event.is_demo)).toBe(false);
    // ESPN's college board had no games: college football got the demo season, marked.
    const college = await api.get<BookEventsResponse>('/api/book/events/americanfootball_ncaaf');
    expect(college.events.length).toBeGreaterThan(0);
    expect(college.events.every((event) => event.is_demo)).toBe(true);

    const first = [...week.events].sort((a, b) => Date.parse(a.kickoff!) - Date.parse(b.kickoff!))[0]!;
    const espnGame = espn.events.find((event) => Date.parse(String(event.date)) === Date.parse(first.kickoff!))!;
    game = {
      espnId: espnGame.id,
      kickoff: new Date(first.kickoff!),
      eventId: first.event_id,
      away: first.away_team,
      home: first.home_team,
    };
    // The Thursday night game: Buffalo at Houston, ESPN BET's line Buffalo −6.
    expect([game.away, game.home]).toEqual(['BUF', 'HOU']);

    const page = await memberPage('/football/schedule', 'football-schedule');
    await page.getByRole('heading', { level: 1, name: `NFL schedule · ${SEASON}` }).waitFor();
    await page.getByRole('article', { name: 'Buffalo Bills at Houston Texans' }).waitFor();
    await expect(page.getByRole('article').count()).resolves.toBe(espn.events.length);
    await expect(page.getByText('Demo season').count()).resolves.toBe(0);
    await screenshot(page, 'live-games-real-season-desktop', { top: true });
  });

  it('before kickoff the member bets on the Thursday game and picks it in a pool', async () => {
    const api = await apiSessionOf(member);
    // Houston +6 at ESPN BET's −105: covering while they lose by less than 6.
    await api.once('POST', '/api/user/bets', {
      event_id: game.eventId,
      bet_mode: BetMode.bet_on,
      bet_kind: BetKind.spread,
      bet_type: BetType.underdog,
      bet_team: game.home,
      line: 6,
      price: -105,
      stake: 20,
      book: 'espnbet',
      is_simulated: true,
    });
    const pool = (
      await api.post<PoolResponse>('/api/pools', {
        name: 'Thursday Night Pool',
        icon: 'wave',
        icon_color: '#1e90ff',
        icon_background: '#ffffff',
        sport: 'americanfootball_nfl',
        season: SEASON,
        start_week: WEEK,
        games_per_week: 2,
        // Straight up: ESPN's line is the line of record from kickoff, so before it the week's games have no
        // line to freeze for a pool against the spread.
        win_basis: 'straight',
        double_play: false,
        triple_play: false,
        last_man_standing: false,
      })
    ).data;
    poolId = pool.id;
    const week = (await api.get<PoolWeekResponse>(`/api/pools/${poolId}/weeks/${WEEK}`)).data;
    const other = week.choices.find((choice) => choice.event_id !== game.eventId)!;
    const published = (
      await api.put<PoolWeekResponse>(`/api/pools/${poolId}/weeks/${WEEK}/slate`, {
        event_ids: [game.eventId, other.event_id],
      })
    ).data;
    expect(published.games.map((slate) => slate.event_id)).toEqual([game.eventId, other.event_id]);
    await api.once('PUT', `/api/pools/${poolId}/weeks/${WEEK}/picks`, {
      picks: [
        { event_id: game.eventId, team: game.home },
        { event_id: other.event_id, team: other.home_team },
      ],
    });
  });

  it('the schedule, My Bets and the pool move with the game, without a reload, to its final', async () => {
    // ESPN shows the game scheduled for a minute or two past its kickoff time.
    await server.restartAt(new Date(game.kickoff.getTime() + MINUTE));
    const schedule = await memberPage('/football/schedule', 'football-schedule');
    const card = schedule.getByRole('article', { name: 'Buffalo Bills at Houston Texans' });
    await card.waitFor();
    const live = card.getByTestId('live-status');
    const bets = await memberPage('/user/bets', 'user-bets');
    const bet = bets.getByRole('table', { name: 'Picks and bets' }).locator('tbody tr').first();
    await bet.waitFor();
    const betCard = await memberPage('/user/bets', 'user-bets', viewports.phone);
    await betCard.getByText('Bet on HOU').waitFor();
    const pool = await memberPage(`/football/pool/${poolId}?week=${WEEK}&tab=grid`, 'football-pool');
    const grid = pool.getByRole('table', { name: `Everyone's picks, Week ${WEEK}` });
    await grid.waitFor();
    const pick = grid.getByLabel(new RegExp(`^${member.username}, ${game.away} at ${game.home}: ${game.home}`));
    const standings = await memberPage(
      `/football/pool/${poolId}?week=${WEEK}&tab=standings`,
      'football-pool',
      viewports.phone,
    );
    const standingsTable = standings.getByRole('table', { name: 'Standings' });
    await standingsTable.waitFor();
    // On a phone the rank and points if the games ended now go under each member's points ("now #1 · 5").
    const endedNow = standingsTable.locator('[data-column="ended-now"]');
    /** A pushed change shows a moment after the import that made it. */
    const soon = { timeout: 15_000 };

    // Kickoff: Buffalo score first. The app finds it on its own poll of the day's board, due every 30 seconds
    // while a game is played: the one wait of the test for the scheduler (a minute at most).
    espn.play(game.espnId, inPlay(1, '10:02', '10:02 - 1st Quarter'), { home: 0, away: 7 });
    await expect.poll(() => live.textContent(), { timeout: 75_000 }).toMatch(/^LIVE\s*Q1 10:02/);
    await expect(card.textContent()).resolves.toMatch(/Buffalo Bills\s*7.*Houston Texans\s*0/);
    await expect.poll(() => bet.textContent(), soon).toContain('Not covering by 1');
    await expect(bet.textContent()).resolves.toContain('live 7–0');
    await expect.poll(() => betCard.getByText('Not covering by 1').count(), soon).toBe(1);
    await expect
      .poll(() => grid.getByRole('columnheader', { name: `${game.away} 7 at ${game.home} 0, live` }).count(), soon)
      .toBe(1);
    await expect.poll(() => pick.getAttribute('aria-label'), soon).toMatch(/, trailing by 7$/);
    await expect(pick.textContent()).resolves.toBe(`${game.home}trailing by 7`);
    await expect.poll(() => endedNow.textContent(), soon).toBe('now #1 · -5');
    await screenshotOf(card, 'live-games-q1-schedule-card-desktop');
    await screenshot(bets, 'live-games-q1-bets-desktop', { top: true });
    await screenshot(betCard, 'live-games-q1-bets-phone');
    await screenshot(pool, 'live-games-q1-grid-desktop', { top: true });
    await screenshot(standings, 'live-games-q1-standings-phone', { top: true });
    await expectNoSeriousA11yViolations(betCard);
    await expectNoSeriousA11yViolations(pool);

    // The rest is fetched at once through the admin's import of today's board, the same fetch and import a
    // poll makes, so the test waits on no timer.
    const adminApi = await apiSessionOf(admin);
    // The scheduler's own poll may be under way (409): the import is tried again until it runs after it.
    const importToday = () => expect.poll(() => adminApi.postStatus('/api/admin/imports/espn'), soon).toBeLessThan(300);

    // Houston take the lead before half time: the bet is covering now.
    espn.play(game.espnId, inPlay(2, '2:00', '2:00 - 2nd Quarter'), { home: 10, away: 7 });
    await importToday();
    await expect.poll(() => live.textContent(), soon).toMatch(/^LIVE\s*Q2 2:00/);
    await expect(card.textContent()).resolves.toMatch(/Buffalo Bills\s*7.*Houston Texans\s*10/);
    await expect.poll(() => bet.textContent(), soon).toContain('Covering by 9');
    await expect(bet.textContent()).resolves.toContain('live 7–10');
    await expect.poll(() => betCard.getByText('Covering by 9').count(), soon).toBe(1);
    await expect
      .poll(() => grid.getByRole('columnheader', { name: `${game.away} 7 at ${game.home} 10, live` }).count(), soon)
      .toBe(1);
    await expect.poll(() => pick.getAttribute('aria-label'), soon).toMatch(/, leading by 3$/);
    await expect(pick.textContent()).resolves.toBe(`${game.home}leading by 3`);
    await expect.poll(() => endedNow.textContent(), soon).toBe('now #1 · 5');
    await screenshotOf(card, 'live-games-q2-schedule-card-desktop');
    await screenshot(betCard, 'live-games-q2-bets-phone');
    await screenshot(pool, 'live-games-q2-grid-desktop', { top: true });

    // Final, Houston 23–19: the bet is graded won, the pick a win.
    espn.play(game.espnId, finalState(), { home: 23, away: 19 });
    await importToday();
    await expect.poll(() => live.count(), soon).toBe(0);
    await expect(card.textContent()).resolves.toMatch(/Buffalo Bills\s*19.*Houston Texans\s*23/);
    await expect.poll(() => bet.textContent(), soon).toContain('Won');
    await expect(bet.textContent()).resolves.toContain('19–23');
    await expect.poll(() => betCard.getByText('Won', { exact: true }).count(), soon).toBeGreaterThan(0);
    await expect
      .poll(() => grid.getByRole('columnheader', { name: `${game.away} 19 at ${game.home} 23, final` }).count(), soon)
      .toBe(1);
    await expect.poll(() => pick.getAttribute('aria-label'), soon).toMatch(/, win$/);
    await expect.poll(() => endedNow.count(), soon).toBe(0);
    await screenshotOf(card, 'live-games-final-schedule-card-desktop');
    await screenshot(bets, 'live-games-final-bets-desktop', { top: true });
    await screenshot(pool, 'live-games-final-grid-desktop', { top: true });
  }, 240_000);
});

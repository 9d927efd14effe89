import type { BookEventsResponse, CurrentWeekResponse } from '@pass/contracts';
import { teamRegistry } from '@pass/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSessionOf, createMember, openSignedIn, type Identity } from '../support/accounts';
import {
  expectNoSeriousA11yViolations,
  screenshot,
  screenshotOf,
  useBrowser,
  viewports,
  waitForScreen,
} from '../support/browser';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { e2eServerClockStart } from '../support/server-clock';
import { linkSportsbook, syncAccountCard } from '../support/sync';

/**
 * A new member's first sync, on a phone: links DraftKings, uploads DraftKings' export of this week's bets (written
 * as DraftKings writes it: "KC Chiefs", no kickoff, placed this morning), sees each bet matched to its game, the
 * finals entered, each bet graded beside the book's word, and the money counted on My Stats as real money.
 *
 * Sync matches real games only, never the generated demo season's, so this file runs a server of its own that
 * takes the season from a stand-in for ESPN's scoreboard (PASS_SEED=auto, as live-games.test.ts does: the real
 * week-12 board moved to the clock's season), its clock at the e2e clock (10:00 Eastern on the Thursday of week 12,
 * before the week's first kickoff). Its finals are entered by the admin, and change nothing other files see.
 */
const browser = useBrowser();

const NFL = 'americanfootball_nfl';
/** DraftKings' city code where it is not our abbreviation. */
const CITY: Record<string, string> = { LAC: 'LA', NYG: 'NY', NYJ: 'NY' };

const CLOCK = e2eServerClockStart();

let server: OwnServer;
let admin: Identity;
let member: Identity;
let games: BookEventsResponse['events'];

/** A team as DraftKings prints it: city code and nickname ("KC Chiefs", "LA Rams", "NY Giants"). */
function draftKingsName(abbr: string): string {
  const team = teamRegistry.get(NFL, abbr)!;
  return `${CITY[abbr] ?? abbr} ${team.nickname ?? team.name}`;
}

/** "YYYY-MM-DD HH:MM:SS" US Eastern, as DraftKings writes its times. */
function easternTime(at: Date): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

const HEADER =
  'External Bet ID,Bet Date Time,Bet Type,Bet Amount,Number of Bets,Number of Legs,Bet Settled,Bet Selection,Market Name,Bet American Odds,Bet Result,Payout,Potential Payout,Leg Settled,Leg Result,Leg American Odds,Bet Settled Date,Bet Bonus Type,Bet Bonus Amount,Risk Free Bet,Bet Boosted Odds,Bet Bonus Max Winning Amount,Bet Bonus Winning Amount,Bet Boost Percentage,Boosted Bet,Early Win Settled,Primary';

/**
 * This week's three bets, still open at the book: the Thursday night home team on the moneyline, a Sunday visitor
 * +3.5 and a Sunday game over 40.5, placed this morning before the clock's 10:00.
 */
function thisWeeksExport(clock: Date): string {
  const [thursday, sunday1, sunday2] = games as [(typeof games)[0], (typeof games)[0], (typeof games)[0]];
  const game = (event: (typeof games)[0]) => `${draftKingsName(event.away_team)} @ ${draftKingsName(event.home_team)}`;
  const placed = (minutesBefore: number) => easternTime(new Date(clock.getTime() - minutesBefore * 60_000));
  const row = (
    id: string,
    at: string,
    stake: string,
    selection: string,
    market: string,
    price: string,
    potential: string,
  ) =>
    [
      id,
      at,
      'Single',
      stake,
      '1',
      '1',
      'Unsettled',
      selection,
      market,
      price,
      'Open',
      '',
      potential,
      'false',
      'Open',
      price,
      '',
      '',
      '',
      'false',
      '',
      '',
      '',
      '',
      'false',
      'false',
      '1',
    ].join(',');
  return [
    HEADER,
    row(
      'DK-9001',
      placed(55),
      '30.00',
      draftKingsName(thursday.home_team),
      `${game(thursday)} - Moneyline`,
      '-150',
      '50.00',
    ),
    row(
      'DK-9002',
      placed(40),
      '22.00',
      `${draftKingsName(sunday1.away_team)} +3.5`,
      `${game(sunday1)} - Spread`,
      '-110',
      '42.00',
    ),
    row('DK-9003', placed(25), '11.00', 'Over 40.5', `${game(sunday2)} - Total`, '-110', '21.00'),
  ].join('\r\n');
}

beforeAll(async () => {
  server = await startOwnServer({ name: 'sync-week', clock: CLOCK, seed: 'auto', live: 'espn', admin: true });
  admin = server.admin;
  member = await createMember();
  const api = await apiSessionOf(member);
  const current = await api.get<CurrentWeekResponse>(`/api/dates/${NFL}/current-week`);
  const week = await api.get<BookEventsResponse>(
    `/api/book/events/${NFL}/${current.number}?season_year=${current.season}`,
  );
  const scheduled = week.events
    .filter((game) => game.status === 'scheduled' && game.kickoff !== null && !game.is_demo)
    .sort((a, b) => Date.parse(a.kickoff!) - Date.parse(b.kickoff!));
  // The week's first game (Thursday night) and two of Sunday's.
  games = [scheduled[0]!, scheduled[scheduled.length - 4]!, scheduled[scheduled.length - 3]!];
  expect(new Set(games.map((game) => game.event_id)).size).toBe(3);
}, 240_000);

afterAll(() => server?.stop());

const figure = (page: Page, label: string) => page.locator(`[data-figure="${label}"]`).textContent();

describe('a new member syncs this week’s DraftKings bets on a phone', () => {
  it('links DraftKings, uploads the export, sees the bets matched, graded and counted as real money on My Stats', async () => {
    const page = await browser.newPage(viewports.phone);
    await openSignedIn(page, member, '/user/profile', 'user-profile');
    const card = await linkSportsbook(page, 'DraftKings');
    await card.getByText('5 days of free sync left').waitFor();

    await syncAccountCard(page, 'DraftKings')
      .getByLabel('Bet history file for DraftKings')
      .setInputFiles({
        name: 'draftkings-bets.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(thisWeeksExport(CLOCK)),
      });
    await card.getByText('3 bets read: 3 new, 0 already synced; 3 matched to games.', { exact: true }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshotOf(card, 'sync-week-upload-phone');

    // Matched, waiting for their games: the book and PA$$ both say open.
    await page.goto('/user/bets');
    await waitForScreen(page, 'user-bets');
    const synced = page.getByRole('region', { name: 'Synced bets' });
    await synced.getByText('3 synced bets').waitFor();
    const bets = synced.getByRole('list', { name: 'Synced bets' });
    const items = bets.getByRole('listitem', { name: /^DraftKings .* placed/ });
    expect(await items.count()).toBe(3);
    expect(await bets.getByText('Matched', { exact: true }).count()).toBe(3);
    await synced.scrollIntoViewIfNeeded();
    await screenshotOf(synced, 'sync-week-matched-phone');

    // The finals, entered by the admin: the Thursday home team wins 27–20 (the bet wins $20), the Sunday home team
    // wins 31–17 (the visitors +3.5 lose $22), and 24–20 goes over 40.5 (wins $10).
    const adminApi = await apiSessionOf(admin);
    const finals = [
      { home_score: 27, away_score: 20 },
      { home_score: 31, away_score: 17 },
      { home_score: 24, away_score: 20 },
    ];
    for (const [index, game] of games.entries()) {
      await adminApi.post(`/api/admin/events/${game.event_id}/result`, { status: 'final', ...finals[index]! });
    }
    await page.reload();
    await waitForScreen(page, 'user-bets');
    await synced.getByText('3 synced bets').waitFor();
    await expect.poll(() => bets.getByText(/^DraftKings says Open; PA\$\$ says Won$/).count()).toBe(2);
    expect(await bets.getByText(/^DraftKings says Open; PA\$\$ says Lost$/).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
    await synced.scrollIntoViewIfNeeded();
    await screenshot(page, 'sync-week-graded-phone');

    // My Stats: real money, $63 staked, +$8.00 over 2 wins and a loss.
    await page.goto('/user/stats');
    await waitForScreen(page, 'user-stats');
    await expect
      .poll(() =>
        page
          .getByRole('group', { name: 'Kind of money' })
          .getByRole('button', { name: 'Real money' })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');
    await expect.poll(() => figure(page, 'Bet profit'), { timeout: 15_000 }).toBe('+$8.00');
    await expect(figure(page, 'Record')).resolves.toBe('2-1-0');
    await expect(figure(page, 'ROI')).resolves.toBe('+12.7%');
    await screenshot(page, 'sync-week-stats-phone', { top: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

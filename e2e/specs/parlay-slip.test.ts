import type { BookEventsResponse, ParlayListResponse } from '@pass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSessionOf, createMember, openSignedIn, type Identity } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';
import { followNav } from '../support/navigation';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { e2eServerClockStart } from '../support/server-clock';

/**
 * The parlay slip's done-when (docs/decisions/082-parlay-slip): a three-leg parlay built from three taps on the
 * odds boards, two NFL legs and a college one, the slip keeping its legs from the NFL board to the college board,
 * and recorded for real money after its first game has started: the server takes it, marked logged after start.
 *
 * The first game has to start between the taps and the recording, and moving the shared server's clock would
 * change what the other browser files see, so this file runs a server of its own (same build, same mail capture)
 * on the demo season of the usual clock (10:00 Eastern on the Thursday of week 12), and restarts it with a
 * PASS_CLOCK just after the week's first kickoff while the member's page stays open.
 */
const browser = useBrowser();

const MINUTE = 60_000;

let server: OwnServer;
let member: Identity;

beforeAll(async () => {
  server = await startOwnServer({ name: 'parlay-slip', clock: e2eServerClockStart(), seed: 'demo' });
  member = await createMember();
}, 240_000);

afterAll(() => server?.stop());

describe('the parlay slip', () => {
  it('builds a parlay from three taps on the odds boards, a college leg among NFL legs, recorded after the first game started', async () => {
    const api = await apiSessionOf(member);
    const nfl = await api.get<BookEventsResponse>('/api/book/events/americanfootball_nfl');
    const games = [...nfl.events].sort((a, b) => Date.parse(a.kickoff!) - Date.parse(b.kickoff!));
    const [first, second] = games;
    expect(first && second, 'two NFL games still to play this week').toBeTruthy();

    const page = await browser.newPage(viewports.desktop);
    await openSignedIn(page, member, '/football/odds', 'football-odds');

    // Tap one: the week's first game. The first price opens the slip; the member keeps it and goes on.
    const spreads = page.getByRole('table', { name: 'Spread by book' });
    await spreads.waitFor();
    await spreads
      .getByRole('button', { name: new RegExp(`^Bet ${first!.away_team} `) })
      .first()
      .click();
    const single = page.getByRole('dialog', { name: /^Bet slip · / });
    await single.waitFor();
    await single.getByRole('button', { name: 'Add a leg (parlay)' }).click();
    await single.waitFor({ state: 'detached' });
    const summary = page.getByTestId('slip-summary');
    await expect.poll(() => summary.textContent()).toMatch(/^1 leg · /);

    // Tap two: another game's moneyline, added to the slip without opening it.
    await page
      .getByRole('table', { name: 'Moneyline by book' })
      .getByRole('button', { name: new RegExp(`^Bet ${second!.home_team} at `) })
      .first()
      .click();
    await expect.poll(() => summary.textContent()).toMatch(/^2 legs · Parlay [+-]\d+$/);

    // Tap three, on the college board: the slip kept its legs from the NFL board.
    await followNav(page, 'Odds', 'College odds');
    await waitForScreen(page, 'ncaa-football-odds');
    await expect.poll(() => summary.textContent()).toMatch(/^2 legs · /);
    const collegeSpreads = page.getByRole('table', { name: 'Spread by book' });
    await collegeSpreads.waitFor();
    await collegeSpreads.getByRole('button', { name: /^Bet / }).first().click();
    await expect.poll(() => summary.textContent()).toMatch(/^3 legs · Parlay [+-]\d+$/);
    await screenshot(page, 'parlay-slip-bar-desktop');

    await page.getByRole('complementary', { name: 'Bet slip' }).getByRole('button', { name: 'Open slip' }).click();
    const slip = page.getByRole('dialog', { name: 'Bet slip · Parlay, 3 legs' });
    await slip.waitFor();
    const legs = slip.getByRole('list', { name: 'Legs' }).getByRole('listitem');
    await expect.poll(() => legs.count()).toBe(3);
    const legTexts = await legs.allTextContents();
    expect(legTexts.filter((text) => text.includes('NFL · '))).toHaveLength(2);
    expect(legTexts.filter((text) => text.includes('College · '))).toHaveLength(1);
    await slip.getByRole('textbox', { name: 'Stake ($)' }).fill('10');
    await expect.poll(() => slip.getByTestId('slip-preview').textContent()).toMatch(/Payout\$\d+\.\d\d$/);
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');

    // The week's first game kicks off while the page stays open; the member then records the ticket.
    await server.restartAt(new Date(Date.parse(first!.kickoff!) + 30 * MINUTE), 'none');
    // The open page's live socket retries while the server restarts; Chromium logs each refused try.
    browser.expectConsoleError(/WebSocket connection to '[^']*\/ws\/live' failed/);
    browser.expectConsoleError(/ERR_CONNECTION_REFUSED/);

    const realMoney = slip.getByRole('radio', { name: 'Real money' });
    await realMoney.check();
    await slip.getByRole('button', { name: 'Record parlay' }).click();
    const recorded = page.getByRole('dialog', { name: 'Bet slip · recorded' });
    await recorded
      .getByText(/^Recorded: 3-leg parlay at [+-]\d+, .+, \$10\.00 real\. Logged after the game started/)
      .waitFor();
    await screenshot(page, 'parlay-slip-recorded-desktop');

    const { data } = await api.get<ParlayListResponse>('/api/user/parlays');
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ is_simulated: false, recorded_after_start: true, stake_cents: 1000 });
    expect(data[0]!.legs.map((leg) => leg.sport).sort()).toEqual([
      'americanfootball_ncaaf',
      'americanfootball_nfl',
      'americanfootball_nfl',
    ]);

    // My Bets shows the ticket marked, and the slip is empty.
    await recorded.getByRole('link', { name: 'See My Bets' }).click();
    await waitForScreen(page, 'user-bets');
    const ticket = page.getByRole('listitem', { name: /^3-leg parlay/ });
    await ticket.getByText('Logged after start').waitFor();
    expect(await page.getByTestId('slip-summary').count()).toBe(0);
  }, 240_000);
});

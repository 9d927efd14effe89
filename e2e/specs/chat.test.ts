/**
 * A pool's chat room in the browser (decision 040): two members of one pool on 390 px phones exchange
 * messages live; one goes offline, the other posts, and the first sees what it missed when it comes back,
 * without reloading; a member with an unread message sees the navigation's dot light at once, without a reload,
 * and the room's count.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSessionOf, createMember, logIn, type Identity } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';

const browser = useBrowser();

let lifeguard: Identity;
let guest: Identity;
let poolId: number;

beforeAll(async () => {
  [lifeguard, guest] = await Promise.all([createMember(), createMember()]);
  const host = await apiSessionOf(lifeguard);
  const current = await host.get<{ season: number; number: number }>('/api/dates/americanfootball_nfl/current-week');
  const { data: pool } = await host.post<{ data: { id: number } }>('/api/pools', {
    name: 'Chatty Cabana',
    icon: 'wave',
    icon_color: '#ffffff',
    icon_background: '#0277bd',
    sport: 'americanfootball_nfl',
    season: current.season,
    start_week: current.number + 1,
    games_per_week: 4,
    win_basis: 'ats',
    double_play: true,
    triple_play: false,
    last_man_standing: false,
  });
  poolId = pool.id;
  const { data: link } = await host.post<{ data: { token: string } }>(`/api/pools/${poolId}/link`);
  await (await apiSessionOf(guest)).post('/api/pools/accept', { token: link.token });
}, 60_000);

async function openRoom(page: Page, who: Identity) {
  await page.goto(`/chat?pool=${poolId}`);
  await waitForScreen(page, 'login');
  await logIn(page, who.username, who.password);
  await waitForScreen(page, 'chat');
  await page.locator(`[data-chat-room="${poolId}"][data-status="live"]`).waitFor();
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages in Chatty Cabana' });

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  // Acknowledged: no longer pending.
  await log(page).locator('li:not([data-pending])', { hasText: text }).waitFor();
}

describe('pool chat', () => {
  it('exchanges messages live at 390 px, and catches up after going offline without a reload', async () => {
    const hostPage = await browser.newPage(viewports.phone);
    const guestPage = await browser.newPage(viewports.phone);
    await openRoom(hostPage, lifeguard);
    await openRoom(guestPage, guest);

    await send(hostPage, 'Welcome to the cabana! Rules at https://example.com/rules.');
    await log(guestPage).getByText('Welcome to the cabana!').waitFor();
    const link = log(guestPage).getByRole('link', { name: 'https://example.com/rules' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await link.getAttribute('target')).toBe('_blank');
    await send(guestPage, 'Thanks <b>coach</b>');
    await log(hostPage).getByText('Thanks <b>coach</b>').waitFor();

    // The guest drops off the network; the Lifeguard posts while they are away.
    const marker = `Picks lock Sunday ${Date.now()}`;
    // A request the app had under way when the network went may fail; that is what the test stages.
    browser.expectConsoleError(/ERR_INTERNET_DISCONNECTED/);
    await guestPage.context().setOffline(true);
    await guestPage.locator(`[data-chat-room="${poolId}"][data-status="offline"]`).waitFor();
    await send(hostPage, marker);
    await guestPage.waitForTimeout(500);
    expect(await log(guestPage).getByText(marker).count()).toBe(0);
    const loads: string[] = [];
    guestPage.on('framenavigated', (frame) => loads.push(frame.url()));
    await guestPage.context().setOffline(false);
    await log(guestPage).getByText(marker).waitFor({ timeout: 20_000 });
    await guestPage.locator(`[data-chat-room="${poolId}"][data-status="live"]`).waitFor();
    expect(loads, 'no reload').toEqual([]);
    // And the room is live again both ways.
    await send(guestPage, 'Back online');
    await log(hostPage).getByText('Back online').waitFor();

    // The page stays inside the phone's width, the compose bar on screen.
    expect(await hostPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const compose = await hostPage.getByRole('button', { name: 'Send' }).boundingBox();
    expect(compose!.y + compose!.height).toBeLessThanOrEqual(viewports.phone.height);
    await screenshot(hostPage, 'chat-room-phone');
    await expectNoSeriousA11yViolations(hostPage);
  }, 120_000);

  it('shows a member with an unread message the dot in the navigation and the count on their room', async () => {
    const guestPage = await browser.newPage(viewports.phone);
    await openRoom(guestPage, guest);
    // The navigation holds the member's own live channel on every screen: wait until the server says it does
    // (listening from the socket's opening, so a quick answer is not missed).
    const subscribed = new Promise<void>((resolve) => {
      guestPage.on('websocket', (socket) => {
        if (!socket.url().endsWith('/ws/live')) return;
        socket.on('framereceived', (frame) => {
          if (String(frame.payload).includes('"subscribed"')) resolve();
        });
      });
    });
    await guestPage.goto('/pool-party');
    await waitForScreen(guestPage, 'pool-party');
    await subscribed;

    // Everything posted so far is read (through the API, so no read of the room still under way can move it).
    const guestApi = await apiSessionOf(guest);
    const rooms = await guestApi.get<{ data: { pool_id: number; last_message: { id: number } | null }[] }>(
      '/api/chat/rooms',
    );
    const newest = rooms.data.find((room) => room.pool_id === poolId)?.last_message?.id ?? 0;
    await guestApi.put(`/api/pools/${poolId}/chat/read`, { last_read_id: newest });

    const host = await browser.newPage(viewports.phone);
    await openRoom(host, lifeguard);
    await send(host, 'Anyone want the Chiefs?');

    // No reload: the post reaches the guest's open page at once (the rooms' own reading is once a minute).
    const menu = guestPage.getByRole('button', { name: 'Open menu' });
    await menu.locator('[data-unread-dot]').waitFor({ timeout: 15_000 });
    await menu.click();
    await guestPage.getByRole('link', { name: 'Chat, unread messages' }).click();
    await waitForScreen(guestPage, 'chat');
    const room = guestPage.getByRole('navigation', { name: 'Pool rooms' }).getByRole('link', { name: /Chatty Cabana/ });
    expect(await room.locator('[data-unread]').getAttribute('data-unread')).toBe('1');
    await screenshot(guestPage, 'chat-rooms-phone');
    await expectNoSeriousA11yViolations(guestPage);

    // Opening the room reads it: the dot goes.
    await room.click();
    await log(guestPage).getByText('Anyone want the Chiefs?').waitFor();
    await guestPage
      .getByRole('button', { name: 'Open menu' })
      .locator('[data-unread-dot]')
      .waitFor({ state: 'detached' });
  }, 120_000);

  it("shows the same room in the pool screen's Chat tab on a desktop, where the Lifeguard deletes a message", async () => {
    const guestPage = await browser.newPage(viewports.desktop);
    await openRoom(guestPage, guest);
    await send(guestPage, 'Oops, wrong room');

    const page = await browser.newPage(viewports.desktop);
    await page.goto(`/football/pool/${poolId}?tab=chat`);
    await waitForScreen(page, 'login');
    await logIn(page, lifeguard.username, lifeguard.password);
    await waitForScreen(page, 'football-pool');
    await page.getByRole('tab', { name: 'Chat', selected: true }).waitFor();
    const item = log(page).locator('li', { hasText: 'Oops, wrong room' });
    await item.waitFor();
    await item.getByRole('button', { name: /^Delete .*'s message$/ }).click();
    await log(page).getByText('Oops, wrong room').waitFor({ state: 'detached' });
    // Every open socket is told: the guest's copy goes too.
    await log(guestPage).getByText('Oops, wrong room').waitFor({ state: 'detached' });
    // The room open and read: the navigation's dot is gone at this width too.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Chat/ })
      .locator('[data-unread-dot]')
      .waitFor({ state: 'detached' });
    await screenshot(page, 'chat-pool-tab-desktop');
    await expectNoSeriousA11yViolations(page);
  }, 120_000);
});

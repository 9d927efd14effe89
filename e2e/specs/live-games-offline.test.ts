import type { AdminImportsResponse, BookEventsResponse } from '@pass/contracts';
import { seasonForDate } from '@pass/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSessionOf, createMember, openSignedIn, type Identity } from '../support/accounts';
import { screenshot, useBrowser, viewports } from '../support/browser';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { E2E_NFL_WEEK, e2eServerClockStart } from '../support/server-clock';

/**
 * A fresh start with PASS_SEED=auto where no live source answers (ESPN, the MLB Stats API and nflverse all at an
 * address that refuses, as on a machine without a network): each failure is recorded and backs off, and every
 * sport gets the demo season of the clock's year, marked demo (docs/decisions/068). The suite's other files run
 * on PASS_SEED=demo, which never asks the sources.
 */
const browser = useBrowser();

const clock = e2eServerClockStart();
const SEASON = seasonForDate('americanfootball_nfl', clock);

let server: OwnServer;
let admin: Identity;
let member: Identity;

beforeAll(async () => {
  server = await startOwnServer({ name: 'offline', clock, seed: 'auto', live: 'refused', admin: true });
  admin = server.admin;
  member = await createMember();
}, 240_000);

afterAll(() => server?.stop());

describe('a first start with no live source reachable', () => {
  it('records each source’s failure and shows the demo season of the current year, marked demo', async () => {
    const adminApi = await apiSessionOf(admin);
    const { live_sources: sources } = await adminApi.get<AdminImportsResponse>('/api/admin/imports');
    expect(sources.map((source) => source.key).sort()).toEqual([
      'espn:americanfootball_ncaaf',
      'espn:americanfootball_nfl',
      'espn:baseball_mlb',
      'nflverse:americanfootball_nfl',
      'statsapi:baseball_mlb',
    ]);
    for (const source of sources) {
      expect(source.failures, source.key).toBeGreaterThan(0);
      expect(source.last_error, source.key).not.toBeNull();
      // Backing off: the next try is a minute or more away, not the next tick.
      expect(Date.parse(source.next_poll_at!) - Date.parse(source.last_error_at!), source.key).toBeGreaterThanOrEqual(
        60_000,
      );
    }

    const api = await apiSessionOf(member);
    for (const sport of ['americanfootball_nfl', 'americanfootball_ncaaf'] as const) {
      const week = await api.get<BookEventsResponse>(`/api/book/events/${sport}`);
      expect(week.season, sport).toBe(SEASON);
      expect(week.events.length, sport).toBeGreaterThan(0);
      expect(week.events.every((event) => event.is_demo)).toBe(true);
    }

    const page = await browser.newPage(viewports.phone);
    await openSignedIn(page, member, '/football/schedule', 'football-schedule');
    await page.getByRole('heading', { level: 1, name: `NFL schedule · ${SEASON}` }).waitFor();
    await page.getByText(`Week ${E2E_NFL_WEEK}`, { exact: true }).first().waitFor();
    await page.getByText('Demo season', { exact: true }).waitFor();
    expect(await page.getByRole('article').count()).toBeGreaterThan(0);
    await screenshot(page, 'live-games-offline-demo-phone', { top: true });
  });
});

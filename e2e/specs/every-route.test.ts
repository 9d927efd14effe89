/**
 * Every route of the specification's checklist (spec/routes.md, the names of apps/web/src/config/paths.ts) that
 * has its screen: it renders that screen (never the not-found page) for the admin, a member with every kind of
 * data to show, and axe finds no serious or critical issue on it, at 390 and 1280 px. The routes still to be
 * built are listed, and must still show the not-found page, so building one puts it on this list.
 */
import type { BookEventsResponse, PoolResponse, TeamsResponse } from '@pass/contracts';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { paths, type RouteName } from '../../apps/web/src/config/paths';
import { apiSessionOf, logIn } from '../support/accounts';
import { useBrowser, viewports, waitForScreen } from '../support/browser';

const browser = useBrowser();

/** Routes whose screens other capabilities build (chat, billing and sync, the admin's screen). */
const NOT_BUILT: RouteName[] = ['subscribe', 'college-subscribe', 'admin'];

/**
 * Routes that show another screen by design: a reset page without a token goes to login, logout and refresh
 * do their work and go home, a verification or revert link with a made-up token says so on its own screen.
 */
const LANDS_ON: Partial<Record<RouteName, string>> = {
  passwd: 'login',
  logout: 'home',
  refresh: 'home',
};

/** Routes that end the session or reload the app: visited last, in this order. */
const LAST: RouteName[] = ['refresh', 'logout'];

/** How long a screen may show its loading indicator before axe looks at it as it is. */
const SETTLE_MS = 10_000;

interface Target {
  name: RouteName;
  url: string;
  screen: string;
}

let targets: Target[] = [];

beforeAll(async () => {
  const admin = inject('admin');
  const api = await apiSessionOf(admin);
  const firstTeam = async (sport: string) => (await api.get<TeamsResponse>(`/api/sport/${sport}/teams`)).teams[0]!.abbv;
  const events = await api.get<BookEventsResponse>('/api/book/events/americanfootball_nfl');
  const pool = await api.post<PoolResponse>('/api/pools', {
    name: 'Every Route',
    icon: 'wave',
    icon_color: '#ffffff',
    icon_background: '#0277bd',
    sport: 'americanfootball_nfl',
    season: events.season,
    start_week: 1,
    games_per_week: 4,
    win_basis: 'ats',
    double_play: true,
    triple_play: false,
    last_man_standing: true,
  });
  const params: Record<string, string> = {
    team: 'KC',
    season: String(events.season),
    id: String(pool.data.id),
    token: 'not-a-real-token',
  };
  const perRoute: Partial<Record<RouteName, Record<string, string>>> = {
    'ncaa-football-team': { team: await firstTeam('americanfootball_ncaaf') },
    'baseball-team': { team: await firstTeam('baseball_mlb') },
    'baseball-season-schedule': { season: String(events.season) },
    'compare-books-event': { id: String(events.events[0]!.event_id) },
    'ncaa-football-pool': { id: String(pool.data.id) },
  };
  targets = (Object.keys(paths) as RouteName[])
    .filter((name) => !NOT_BUILT.includes(name))
    .map((name) => {
      const values = { ...params, ...perRoute[name] };
      const url = paths[name].replace(/:(\w+)(\?)?/g, (_match, key: string) => values[key] ?? '');
      return { name, url, screen: LANDS_ON[name] ?? name };
    });
  expect(targets.length).toBeGreaterThan(70);
}, 120_000);

/** Shows `url` by the app's own navigation (no reload), once the app is loaded. */
async function visit(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** The serious and critical axe findings on the page as it stands, one line each. */
async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('every route', () => {
  for (const [width, viewport] of [
    ['a phone', viewports.phone],
    ['a desktop', viewports.desktop],
  ] as const) {
    it(`renders each built route's screen with no serious axe finding on ${width}`, async () => {
      const admin = inject('admin');
      const page = await browser.newPage(viewport);
      // Made-up tokens answer 404 on purpose; so do the routes left to build.
      browser.expectConsoleError(/status of 404/);
      await page.goto(`/login?${new URLSearchParams({ redirect: '/user/profile' })}`);
      await waitForScreen(page, 'login');
      await logIn(page, admin.username, admin.password);
      await waitForScreen(page, 'user-profile');

      const problems: string[] = [];
      const ordered = [
        ...targets.filter((target) => !LAST.includes(target.name)),
        ...LAST.flatMap((name) => targets.filter((target) => target.name === name)),
      ];
      for (const name of NOT_BUILT) {
        await visit(page, paths[name].replace(/\/:\w+\?/, ''));
        await waitForScreen(page, 'not-found');
      }
      for (const target of ordered) {
        await visit(page, target.url);
        try {
          await waitForScreen(page, target.screen);
          await page
            .locator('main [role="progressbar"]')
            .first()
            .waitFor({ state: 'detached', timeout: SETTLE_MS })
            .catch(() => undefined);
        } catch {
          const shown = await page.locator('[data-page]').first().getAttribute('data-page');
          problems.push(`${target.url}: shows ${shown}, not ${target.screen}`);
          continue;
        }
        for (const finding of await seriousFindings(page)) problems.push(`${target.url}: ${finding}`);
      }
      expect(problems).toEqual([]);
    }, 600_000);
  }
});

/**
 * Every route of the specification's checklist (spec/routes.md, the names of apps/web/src/config/paths.ts) that
 * has its screen: it renders that screen (never the not-found page) for the admin, a member with every kind of
 * data to show, at 390 and 1280 px, and at both widths axe finds no serious or critical issue on it. A route that
 * is another route's screen with the season fixed (spec/routes.md: `/classic/…`, `/football/2023/…`,
 * `/football/2024/…`, `/football/v2/…`) or its second address (`/user/signin`, `/signup`) is checked to render
 * its screen; axe looks at the screen it shares, which keeps this file inside CI's time. The routes still to be
 * built are listed, and must still show the not-found page, so building one puts it on this list. This is where
 * the browser suite checks each screen with axe as it loads; the other files check what only they reach (a
 * dialog open, errors shown, a member's own data) and the visitors' screens are the navigation file's.
 */
import type { BookEventsResponse, PoolResponse, TeamsResponse } from '@pass/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { paths, type RouteName } from '../../apps/web/src/config/paths';
import { apiSessionOf, logIn } from '../support/accounts';
import { seriousA11yViolations, useBrowser, viewports, waitForScreen } from '../support/browser';

const browser = useBrowser();

/**
 * Routes that show another screen by design: a reset page without a token goes to login, logout and refresh
 * do their work and go home, a verification or revert link with a made-up token says so on its own screen.
 */
const LANDS_ON: Partial<Record<RouteName, string>> = {
  passwd: 'login',
  logout: 'home',
  refresh: 'home',
};

/** The same screen as another route, with the season fixed or at a second address: rendered, not axed again. */
const SAME_SCREEN_AS: Partial<Record<RouteName, RouteName>> = {
  'football-season-schedule': 'football-schedule',
  'football-v2-season': 'football-schedule',
  'classic-football-schedule': 'football-schedule',
  'football-2024-schedule': 'football-schedule',
  'football-2024-season-schedule': 'football-schedule',
  'football-2023-schedule': 'football-schedule',
  'football-2023-season-schedule': 'football-schedule',
  'baseball-season-schedule': 'baseball-schedule',
  'football-2024-team': 'football-team',
  'football-2023-team': 'football-team',
  'classic-football-pools': 'football-pools',
  'football-2024-pools': 'football-pools',
  'football-2023-pools': 'football-pools',
  'classic-football-pool': 'football-pool',
  'football-2024-pool': 'football-pool',
  'football-2023-pool': 'football-pool',
  signin: 'login',
  signup: 'register-new',
};

/** The seasons of the pool routes with the season fixed: each shows a pool of its own season. */
const POOL_SEASONS: Partial<Record<RouteName, number>> = {
  'classic-football-pool': 2022,
  'football-2024-pool': 2024,
  'football-2023-pool': 2023,
};

/** Routes that end the session or reload the app: visited last, in this order. */
const LAST: RouteName[] = ['refresh', 'logout'];

/** How long a screen may show its loading indicator before axe looks at it as it is. */
const SETTLE_MS = 10_000;

interface Target {
  name: RouteName;
  url: string;
  screen: string;
  axe: boolean;
}

let targets: Target[] = [];

beforeAll(async () => {
  const admin = inject('admin');
  const api = await apiSessionOf(admin);
  const firstTeam = async (sport: string) => (await api.get<TeamsResponse>(`/api/sport/${sport}/teams`)).teams[0]!.abbv;
  const events = await api.get<BookEventsResponse>('/api/book/events/americanfootball_nfl');
  const createPool = (season: number) =>
    api.post<PoolResponse>('/api/pools', {
      name: `Every Route ${season}`,
      icon: 'wave',
      icon_color: '#ffffff',
      icon_background: '#0277bd',
      sport: 'americanfootball_nfl',
      season,
      start_week: 1,
      games_per_week: 4,
      win_basis: 'ats',
      double_play: true,
      triple_play: false,
      last_man_standing: true,
    });
  const pool = await createPool(events.season);
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
    // A plan id none of ours has: the screen says so (its API answers 404).
    'admin-plan-detail': { platform: 'paypal', planId: 'P-NOT-PROVISIONED' },
  };
  for (const [name, season] of Object.entries(POOL_SEASONS)) {
    perRoute[name as RouteName] = { id: String((await createPool(season)).data.id) };
  }
  targets = (Object.keys(paths) as RouteName[]).map((name) => {
    const values = { ...params, ...perRoute[name] };
    const url = paths[name].replace(/:(\w+)(\?)?/g, (_match, key: string) => values[key] ?? '');
    return { name, url, screen: LANDS_ON[name] ?? name, axe: SAME_SCREEN_AS[name] === undefined };
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
  const findings = async () =>
    (await seriousA11yViolations(page)).map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  const first = await findings();
  if (first.length === 0) return first;
  // Looked at again once the screen has settled: on a loaded machine axe can catch a screen mid-transition (a
  // colour contrast on the document itself while a panel fades in). What is still there is a finding.
  await page.waitForTimeout(1_500);
  return findings();
}

describe('every route', () => {
  // Axe looks at each screen at both widths: the phone's is the narrower and denser layout, the desktop's has the
  // tables, the menus and the side panels. Axe is most of this file's time.
  for (const [width, viewport] of [
    ['a phone', viewports.phone],
    ['a desktop', viewports.desktop],
  ] as const) {
    it(`renders each built route's screen with no serious axe finding on ${width}`, async () => {
      const admin = inject('admin');
      const page = await browser.newPage(viewport);
      // Made-up tokens are refused on purpose (404, or 400 for a malformed one); so are the routes left to build.
      browser.expectConsoleError(/status of 40[04]/);
      await page.goto(`/login?${new URLSearchParams({ redirect: '/user/profile' })}`);
      await waitForScreen(page, 'login');
      await logIn(page, admin.username, admin.password);
      await waitForScreen(page, 'user-profile');

      const problems: string[] = [];
      const ordered = [
        ...targets.filter((target) => !LAST.includes(target.name)),
        ...LAST.flatMap((name) => targets.filter((target) => target.name === name)),
      ];
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
        if (!target.axe) continue;
        for (const finding of await seriousFindings(page)) problems.push(`${target.url}: ${finding}`);
      }
      expect(problems).toEqual([]);
    }, 600_000);
  }
});

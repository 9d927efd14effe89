import { matchPath } from 'react-router';
import { paths, pathTo, type RouteName } from '../../config/paths';
import { isRouteRegistered } from '../../lib/route-registry';
import type { SessionUser } from '../../lib/session-user';

/** Who sees a link: everyone, only signed-in members, only visitors, or only the admin. */
export type Visibility = 'everyone' | 'member' | 'visitor' | 'admin';

export interface NavItem {
  key: string;
  label: string | ((user: SessionUser) => string);
  route: RouteName;
  /** A fragment on the route's page, e.g. the home page's mobile-app section. */
  hash?: string;
  /** Where the item leads while its own route's screen does not exist yet (the admin's imports screen, say). */
  fallback?: RouteName;
  visibility: Visibility;
  /** What the screen is, in a few words, shown under the link in the menus. */
  hint?: string;
  /** The screen asks a visitor to log in first: a visitor sees the link marked "Members". */
  membersOnly?: boolean;
  /** Other screens that belong to this link's section (a pool's page to the pools list, say). */
  also?: RouteName[];
}

/** A group of links: a menu on a desktop, a headed list in the phone's menu. */
export interface NavGroup {
  key: string;
  label: string;
  items: NavItem[];
}

export type NavEntry = NavItem | NavGroup;

export const isNavGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry;

/**
 * The navigation, in order: the specification's links (Pro Season, College Season, the free odds, Pool Party,
 * sync, the mobile app, profile, log in and out, admin) grouped with the member's own screens, so each screen
 * that exists is a click or two away (docs/decisions/033). Each item shows once its route's screen exists.
 */
export const NAV: NavEntry[] = [
  {
    key: 'schedules',
    label: 'Schedules',
    items: [
      {
        key: 'pro-season',
        label: 'Pro Season',
        route: 'football-schedule',
        visibility: 'everyone',
        membersOnly: true,
        hint: 'NFL games, scores, lines and your picks',
        also: [
          'football-season-schedule',
          'football-v2-season',
          'concept-football-schedule',
          'football-conference-afc',
          'football-conference-nfc',
          'football-team',
          'classic-football',
          'classic-football-schedule',
          'football-2024-schedule',
          'football-2024-season-schedule',
          'football-2024-team',
          'football-2023-schedule',
          'football-2023-season-schedule',
          'football-2023-team',
        ],
      },
      {
        key: 'college-season',
        label: 'College Season',
        route: 'ncaa-football-schedule',
        visibility: 'everyone',
        membersOnly: true,
        hint: 'FBS games by week and conference',
        also: ['ncaa-football-conferences', 'ncaa-football-team'],
      },
      {
        key: 'baseball',
        label: 'Baseball',
        route: 'baseball-menu',
        visibility: 'everyone',
        hint: 'MLB schedule, divisions and teams',
        also: ['baseball-home', 'baseball-schedule', 'baseball-season-schedule', 'baseball-team'],
      },
      {
        key: 'seasons',
        label: 'All seasons',
        route: 'menu',
        visibility: 'member',
        hint: 'This season, the 2023 to 2025 seasons, college and baseball',
        also: ['season-2024', 'season-2025', 'football-2023-menu'],
      },
    ],
  },
  {
    key: 'odds',
    label: 'Odds',
    items: [
      {
        key: 'odds-board',
        label: 'Odds board',
        route: 'football-odds',
        visibility: 'member',
        hint: "Every book's latest NFL lines, with line history",
      },
      {
        key: 'college-odds',
        label: 'College odds',
        route: 'ncaa-football-odds',
        visibility: 'member',
        hint: "Every book's latest college lines",
      },
      {
        key: 'free-odds',
        label: 'Free Odds',
        route: 'free-football-odds',
        visibility: 'visitor',
        hint: "This week's NFL lines, no account needed",
      },
      {
        key: 'free-college-odds',
        label: 'Free College Odds',
        route: 'free-college-football-odds',
        visibility: 'visitor',
        hint: "This week's college lines, no account needed",
      },
      {
        key: 'compare-books',
        label: 'Compare books',
        route: 'compare-books',
        visibility: 'everyone',
        membersOnly: true,
        hint: "Each game's prices side by side, best marked",
        also: ['compare-books-event'],
      },
    ],
  },
  {
    key: 'my-bets',
    label: 'My Bets',
    items: [
      {
        key: 'user-bets',
        label: 'My Bets',
        route: 'user-bets',
        visibility: 'everyone',
        membersOnly: true,
        hint: 'Every pick and bet you record, graded',
      },
      {
        key: 'user-stats',
        label: 'My Stats',
        route: 'user-stats',
        visibility: 'everyone',
        membersOnly: true,
        hint: 'Record, ROI and units by team, week and kind',
      },
      {
        key: 'teller',
        label: 'Teller',
        route: 'teller-place-bet',
        visibility: 'everyone',
        membersOnly: true,
        hint: 'Place simulated moneyline bets from a paper bankroll',
      },
      {
        key: 'almanac',
        label: 'Almanac',
        route: 'almanac',
        visibility: 'everyone',
        membersOnly: true,
        hint: "Each team's record straight up, ATS and over/under",
      },
      {
        key: 'demo',
        label: 'Demo',
        route: 'demo',
        visibility: 'visitor',
        hint: 'A season of simulated picks and bets, no account needed',
        also: ['welcome', 'demo-charts', 'demo-modal'],
      },
    ],
  },
  {
    key: 'pool-party',
    label: 'Pool Party',
    items: [
      {
        key: 'pool-party',
        label: 'Pool Party',
        route: 'pool-party',
        visibility: 'member',
        hint: 'Schedule, rules and the pools you host or play',
        also: ['pool-party-accept', 'pool-party-invite-error'],
      },
      {
        key: 'pro-pools',
        label: 'Pro pools',
        route: 'football-pools',
        visibility: 'member',
        hint: 'Your NFL pools; create one',
        also: [
          'football-pool',
          'classic-football-pools',
          'classic-football-pool',
          'football-2024-pools',
          'football-2024-pool',
          'football-2023-pools',
          'football-2023-pool',
        ],
      },
      {
        key: 'college-pools',
        label: 'College Pools',
        route: 'ncaa-football-pools',
        visibility: 'member',
        hint: 'Your college football pools',
        also: ['ncaa-football-pool'],
      },
      {
        key: 'invite',
        label: 'Invite friends',
        route: 'invite',
        visibility: 'member',
        hint: 'Bring friends into your pool',
      },
    ],
  },
  { key: 'chat', label: 'Chat', route: 'chat', visibility: 'member' },
  { key: 'sync', label: 'Sync', route: 'subscribe', visibility: 'member' },
  { key: 'mobile-app', label: 'Mobile App', route: 'home', hash: 'mobile-app', visibility: 'everyone' },
  { key: 'admin', label: 'Admin', route: 'admin', fallback: 'admin-almanac', visibility: 'admin' },
  { key: 'profile', label: (user) => user.name || user.username, route: 'user-profile', visibility: 'member' },
  { key: 'login', label: 'Log in', route: 'login', visibility: 'visitor' },
  { key: 'logout', label: 'Log out', route: 'logout', visibility: 'member' },
];

/** Every link of the navigation, groups opened, in order. */
export const NAV_ITEMS: NavItem[] = NAV.flatMap((entry) => (isNavGroup(entry) ? entry.items : [entry]));

export interface VisibleNavLink {
  key: string;
  label: string;
  href: string;
  /** What the screen is (menus show it under the label). */
  hint?: string;
  /** A visitor is asked to log in first. */
  membersOnly?: boolean;
}

export interface VisibleNavGroup {
  key: string;
  label: string;
  links: VisibleNavLink[];
}

export type VisibleNavEntry = ({ kind: 'link' } & VisibleNavLink) | ({ kind: 'group' } & VisibleNavGroup);

/** The links a user sees now: the item's screen (or its fallback) exists and the item's visibility admits the user. */
export function visibleNavLinks(user: SessionUser | null, items: NavItem[] = NAV_ITEMS): VisibleNavLink[] {
  return items.flatMap((item) => {
    const route = [item.route, item.fallback].find((name) => name !== undefined && isRouteRegistered(name));
    if (!route || !admits(item.visibility, user)) return [];
    const link: VisibleNavLink = {
      key: item.key,
      label: typeof item.label === 'function' ? (user ? item.label(user) : '') : item.label,
      href: pathTo(route) + (item.hash ? `#${item.hash}` : ''),
    };
    if (item.hint) link.hint = item.hint;
    if (item.membersOnly && user === null) link.membersOnly = true;
    return [link];
  });
}

/** The navigation a user sees now: groups with at least one visible link, and the visible single links. */
export function visibleNav(user: SessionUser | null, entries: NavEntry[] = NAV): VisibleNavEntry[] {
  return entries.flatMap((entry): VisibleNavEntry[] => {
    if (!isNavGroup(entry)) return visibleNavLinks(user, [entry]).map((link) => ({ kind: 'link', ...link }));
    const links = visibleNavLinks(user, entry.items);
    return links.length === 0 ? [] : [{ kind: 'group', key: entry.key, label: entry.label, links }];
  });
}

/**
 * The key of the link whose section `pathname` is in: its own screen, or one it names in `also`. The home
 * page's fragment links (the mobile-app section) are never the current section.
 */
export function activeNavKey(pathname: string, items: NavItem[] = NAV_ITEMS): string | undefined {
  const matches = (route: RouteName) => matchPath({ path: paths[route], end: true }, pathname) !== null;
  return items.find(
    (item) =>
      !item.hash &&
      [item.route, item.fallback, ...(item.also ?? [])].some(
        (route) => route !== undefined && isRouteRegistered(route) && matches(route),
      ),
  )?.key;
}

function admits(visibility: Visibility, user: SessionUser | null): boolean {
  switch (visibility) {
    case 'everyone':
      return true;
    case 'member':
      return user !== null;
    case 'visitor':
      return user === null;
    case 'admin':
      return user?.isAdmin === true;
  }
}

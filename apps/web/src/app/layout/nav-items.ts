import { pathTo, type RouteName } from '../../config/paths';
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
}

/** The navigation of the specification, in order. Each item shows once its route's screen exists. */
export const NAV_ITEMS: NavItem[] = [
  { key: 'pro-season', label: 'Pro Season', route: 'football-schedule', visibility: 'everyone' },
  { key: 'college-season', label: 'College Season', route: 'ncaa-football-schedule', visibility: 'everyone' },
  { key: 'free-odds', label: 'Free Odds', route: 'free-football-odds', visibility: 'everyone' },
  { key: 'free-college-odds', label: 'Free College Odds', route: 'free-college-football-odds', visibility: 'everyone' },
  { key: 'pool-party', label: 'Pool Party', route: 'football-pools', visibility: 'member' },
  { key: 'college-pool-party', label: 'College Pools', route: 'ncaa-football-pools', visibility: 'member' },
  { key: 'sync', label: 'Sync', route: 'subscribe', visibility: 'member' },
  { key: 'mobile-app', label: 'Mobile App', route: 'home', hash: 'mobile-app', visibility: 'everyone' },
  { key: 'admin', label: 'Admin', route: 'admin', fallback: 'admin-almanac', visibility: 'admin' },
  { key: 'profile', label: (user) => user.name || user.username, route: 'user-profile', visibility: 'member' },
  { key: 'login', label: 'Log in', route: 'login', visibility: 'visitor' },
  { key: 'logout', label: 'Log out', route: 'logout', visibility: 'member' },
];

export interface VisibleNavLink {
  key: string;
  label: string;
  href: string;
}

/** The links a user sees now: the item's screen (or its fallback) exists and the item's visibility admits the user. */
export function visibleNavLinks(user: SessionUser | null, items: NavItem[] = NAV_ITEMS): VisibleNavLink[] {
  return items.flatMap((item) => {
    const route = [item.route, item.fallback].find((name) => name !== undefined && isRouteRegistered(name));
    if (!route || !admits(item.visibility, user)) return [];
    return [
      {
        key: item.key,
        label: typeof item.label === 'function' ? (user ? item.label(user) : '') : item.label,
        href: pathTo(route) + (item.hash ? `#${item.hash}` : ''),
      },
    ];
  });
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

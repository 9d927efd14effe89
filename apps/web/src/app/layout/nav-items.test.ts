import { beforeAll, describe, expect, it } from 'vitest';
import { forgetRegisteredRoutes, registerRoutes } from '../../lib/route-registry';
import type { SessionUser } from '../../lib/session-user';
import { activeNavKey, NAV, NAV_ITEMS, visibleNav, visibleNavLinks, type NavItem } from './nav-items';

/** Registers these routes and no other: each group of tests below says which screens exist for it. */
function registerOnly(names: Parameters<typeof registerRoutes>[0]): void {
  forgetRegisteredRoutes();
  registerRoutes(names);
}

/** A few screens; 'ncaa-football-schedule' and 'free-football-odds' stay unbuilt. */
const SOME_SCREENS = [
  'home',
  'football-schedule',
  'football-pools',
  'admin',
  'user-profile',
  'login',
  'logout',
] as const;
/** Those and every screen of the navigation but the sync page. */
const NAV_SCREENS = [
  ...SOME_SCREENS,
  ...NAV_ITEMS.flatMap((item) => [item.route, ...(item.fallback ? [item.fallback] : []), ...(item.also ?? [])]).filter(
    (route) => route !== 'subscribe' && route !== 'admin',
  ),
];

const member: SessionUser = { id: 1, username: 'pat', name: 'Pat Smith', isAdmin: false };
const admin: SessionUser = { id: 2, username: 'root', name: null, isAdmin: true };

const keys = (user: SessionUser | null, items?: NavItem[]) => visibleNavLinks(user, items).map((link) => link.key);

describe('visibleNavLinks', () => {
  beforeAll(() => registerOnly(SOME_SCREENS));

  it('shows a visitor the public links and log in, in order', () => {
    expect(keys(null)).toEqual(['pro-season', 'mobile-app', 'login']);
  });

  it('shows a member the public and member links, and log out instead of log in', () => {
    expect(keys(member)).toEqual(['pro-season', 'pro-pools', 'mobile-app', 'profile', 'logout']);
  });

  it('shows the admin link to an admin only', () => {
    expect(keys(admin)).toContain('admin');
    expect(keys(member)).not.toContain('admin');
    expect(keys(null)).not.toContain('admin');
  });

  it('leads to its fallback while its own screen is not there, and to its own once it is', () => {
    const items: NavItem[] = [
      { key: 'admin', label: 'Admin', route: 'admin-almanac', fallback: 'football-schedule', visibility: 'admin' },
      {
        key: 'gone',
        label: 'Gone',
        route: 'ncaa-football-schedule',
        fallback: 'free-football-odds',
        visibility: 'everyone',
      },
    ];
    expect(visibleNavLinks(admin, items).map((link) => [link.key, link.href])).toEqual([
      ['admin', '/football/schedule'],
    ]);
    const own = NAV_ITEMS.find((item) => item.key === 'admin')!;
    expect(own.fallback).toBe('admin-almanac');
    expect(visibleNavLinks(admin, [own]).map((link) => link.href)).toEqual(['/admin']);
  });

  it('hides a link whose screen is not registered, whoever looks', () => {
    for (const user of [null, member, admin]) {
      const shown = keys(user);
      expect(shown).not.toContain('college-season');
      expect(shown).not.toContain('free-odds');
      expect(shown).not.toContain('sync');
    }
  });

  it('labels the profile link with the name, or the username when there is no name', () => {
    const label = (user: SessionUser) => visibleNavLinks(user).find((link) => link.key === 'profile')?.label;
    expect(label(member)).toBe('Pat Smith');
    expect(label(admin)).toBe('root');
    expect(label({ ...member, name: '' })).toBe('pat');
  });

  it('links each item to its route, with the hash for a section of a page', () => {
    const hrefs = Object.fromEntries(visibleNavLinks(admin).map((link) => [link.key, link.href]));
    expect(hrefs).toEqual({
      'pro-season': '/football/schedule',
      'pro-pools': '/football/pools',
      'mobile-app': '/#mobile-app',
      admin: '/admin',
      profile: '/user/profile',
      logout: '/logout',
    });
  });

  it('uses the given items instead of the default navigation', () => {
    const items: NavItem[] = [
      { key: 'v', label: 'Visitors', route: 'home', hash: 'top', visibility: 'visitor' },
      { key: 'm', label: (user) => `Hi ${user.username}`, route: 'login', visibility: 'member' },
      { key: 'a', label: 'Admins', route: 'admin', visibility: 'admin' },
      { key: 'e', label: 'Everyone', route: 'logout', visibility: 'everyone' },
      { key: 'hidden', label: 'Unbuilt', route: 'demo', visibility: 'everyone' },
    ];
    expect(visibleNavLinks(null, items)).toEqual([
      { key: 'v', label: 'Visitors', href: '/#top' },
      { key: 'e', label: 'Everyone', href: '/logout' },
    ]);
    expect(visibleNavLinks(member, items)).toEqual([
      { key: 'm', label: 'Hi pat', href: '/login' },
      { key: 'e', label: 'Everyone', href: '/logout' },
    ]);
    expect(keys(admin, items)).toEqual(['m', 'a', 'e']);
  });

  it('gives every default item a unique key', () => {
    const allKeys = NAV_ITEMS.map((item) => item.key);
    expect(new Set(allKeys).size).toBe(allKeys.length);
  });
});

describe('visibleNav', () => {
  const shape = (user: SessionUser | null) =>
    visibleNav(user).map((entry) =>
      entry.kind === 'group' ? `${entry.label}: ${entry.links.map((link) => link.label).join(', ')}` : entry.label,
    );

  beforeAll(() => registerOnly(NAV_SCREENS));

  it("groups a member's links: schedules, odds, bets, pools, then the single links", () => {
    expect(shape(member)).toEqual([
      'Schedules: Pro Season, College Season, Baseball, All seasons',
      'Odds: Odds board, College odds, Compare books',
      'My Bets: My Bets, My Stats, Teller, Almanac',
      'Pool Party: Pool Party, Pro pools, College Pools, Invite friends',
      'Chat',
      'Mobile App',
      'Pat Smith',
      'Log out',
    ]);
  });

  it('shows a visitor the public screens and the members’ screens that show the product, marked; no pools or sync', () => {
    expect(shape(null)).toEqual([
      'Schedules: Pro Season, College Season, Baseball',
      'Odds: Free Odds, Free College Odds, Compare books',
      'My Bets: My Bets, My Stats, Teller, Almanac, Demo',
      'Mobile App',
      'Log in',
    ]);
    const links = visibleNav(null).flatMap((entry) => (entry.kind === 'group' ? entry.links : []));
    const marked = links.filter((link) => link.membersOnly).map((link) => link.key);
    expect(marked).toEqual([
      'pro-season',
      'college-season',
      'compare-books',
      'user-bets',
      'user-stats',
      'teller',
      'almanac',
    ]);
    // A member's links are never marked.
    const memberLinks = visibleNav(member).flatMap((entry) => (entry.kind === 'group' ? entry.links : [entry]));
    expect(memberLinks.some((link) => link.membersOnly)).toBe(false);
  });

  it('leads each of the member’s screens from a link', () => {
    const hrefs = visibleNav(member).flatMap((entry) =>
      entry.kind === 'group' ? entry.links.map((link) => link.href) : [entry.href],
    );
    for (const path of [
      '/user/bets',
      '/user/stats',
      '/teller/place-bet',
      '/almanac',
      '/football/odds',
      '/compare-books',
      '/baseball',
    ]) {
      expect(hrefs).toContain(path);
    }
  });

  it('shows the admin link to the admin only, as a single link', () => {
    const admins = visibleNav(admin).filter((entry) => entry.kind === 'link' && entry.key === 'admin');
    expect(admins).toEqual([expect.objectContaining({ label: 'Admin', href: '/admin' })]);
    expect(visibleNav(member).some((entry) => entry.key === 'admin')).toBe(false);
  });

  it('leaves out a group none of whose screens exist', () => {
    const groups = NAV.filter((entry) => 'items' in entry);
    const empty = {
      key: 'later',
      label: 'Later',
      items: [{ key: 'x', label: 'X', route: 'subscribe', visibility: 'everyone' } as NavItem],
    };
    expect(visibleNav(member, [...groups, empty]).map((entry) => entry.key)).toEqual([
      'schedules',
      'odds',
      'my-bets',
      'pool-party',
    ]);
  });
});

describe('activeNavKey', () => {
  beforeAll(() => registerOnly(NAV_SCREENS));

  it('names the link of the screen shown, or of the section the screen belongs to', () => {
    expect(activeNavKey('/user/bets')).toBe('user-bets');
    expect(activeNavKey('/compare-books/event/12')).toBe('compare-books');
    expect(activeNavKey('/football/pool/7')).toBe('pro-pools');
    expect(activeNavKey('/football/team/KC')).toBe('pro-season');
    expect(activeNavKey('/baseball/team/NYY')).toBe('baseball');
    expect(activeNavKey('/admin/almanac')).toBe('admin');
  });

  it('names none on a screen outside the navigation, and never the home page’s section link', () => {
    expect(activeNavKey('/')).toBeUndefined();
    expect(activeNavKey('/about')).toBeUndefined();
    expect(activeNavKey('/no/such/page')).toBeUndefined();
  });
});

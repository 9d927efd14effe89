import { beforeAll, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../lib/route-registry';
import type { SessionUser } from '../../lib/session-user';
import { NAV_ITEMS, visibleNavLinks, type NavItem } from './nav-items';

// Routes registered for this file; 'ncaa-football-schedule' and 'free-football-odds' stay unbuilt.
beforeAll(() => {
  registerRoutes(['home', 'football-schedule', 'football-pools', 'admin', 'user-profile', 'login', 'logout']);
});

const member: SessionUser = { id: 1, username: 'pat', name: 'Pat Smith', isAdmin: false };
const admin: SessionUser = { id: 2, username: 'root', name: null, isAdmin: true };

const keys = (user: SessionUser | null, items?: NavItem[]) => visibleNavLinks(user, items).map((link) => link.key);

describe('visibleNavLinks', () => {
  it('shows a visitor the public links and log in, in order', () => {
    expect(keys(null)).toEqual(['pro-season', 'mobile-app', 'login']);
  });

  it('shows a member the public and member links, and log out instead of log in', () => {
    expect(keys(member)).toEqual(['pro-season', 'pool-party', 'mobile-app', 'profile', 'logout']);
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
      'pool-party': '/football/pools',
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

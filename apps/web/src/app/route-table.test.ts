import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { storeSessionUser } from '../lib/session-user';
import { answer, sentRequest, sentRequests } from '../testing/api-server';
import { screens, toRouteObject, type ScreenRoute } from './route-table';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

type Loader = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;

function loaderOf(route: ScreenRoute): Loader {
  const loader = toRouteObject(route).loader;
  if (typeof loader !== 'function') throw new Error('expected a loader function');
  return loader as unknown as Loader;
}

const Screen = () => null;
const screen = () => Promise.resolve({ default: Screen });

describe('screens', () => {
  it('marks the screens that show sports data, which wait while the server loads it', () => {
    const needing = new Set(screens.filter((entry) => entry.needsData).map((entry) => entry.name));
    for (const name of [
      'football-schedule',
      'baseball-schedule',
      'football-team',
      'almanac',
      'football-conference-afc',
    ])
      expect(needing, name).toContain(name);
    for (const name of ['home', 'about', 'login', 'privacy', 'user-profile']) expect(needing, name).not.toContain(name);
    expect(toRouteObject(screens.find((entry) => entry.name === 'football-odds')!).handle).toEqual({ needsData: true });
    expect(toRouteObject(screens.find((entry) => entry.name === 'about')!).handle).toEqual({ needsData: false });
  });

  it('lists each route once', () => {
    const names = screens.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('lists the account, sports, pools, billing and admin screens', () => {
    const names = screens.map((entry) => entry.name);
    expect(names).toEqual(
      expect.arrayContaining(['home', 'about', 'about-changes', 'privacy', 'tos', 'pool-party-rules', 'login']),
    );
    expect(names).toContain('football-schedule');
    expect(names).toContain('football-pools');
    expect(names).toEqual(expect.arrayContaining(['subscribe', 'college-subscribe', 'campaign-pool-party']));
    expect(names).toEqual(expect.arrayContaining(['admin', 'admin-plan-detail', 'admin-almanac']));
  });

  it('guards the pools screens: members, college access for college pools, the accept link open', () => {
    const guardsOf = (name: string) => screens.find((entry) => entry.name === name)?.guards ?? [];
    for (const member of ['pool-party', 'football-pools', 'football-2023-pools', 'invite']) {
      expect(guardsOf(member), member).toEqual(['auth']);
    }
    expect(guardsOf('ncaa-football-pools')).toEqual(['college']);
    // A visitor with an invitation sees what to do: log in and come back, or sign up.
    expect(guardsOf('pool-party-accept')).toEqual([]);
    expect(guardsOf('pool-party-invite-error')).toEqual([]);
  });

  it('guards the sports screens as spec/routes.md says', () => {
    const guardsOf = (name: string) => screens.find((entry) => entry.name === name)?.guards ?? [];
    for (const open of ['free-football-odds', 'free-college-football-odds']) expect(guardsOf(open), open).toEqual([]);
    for (const member of ['football-schedule', 'football-team', 'compare-books', 'almanac']) {
      expect(guardsOf(member), member).toEqual(['auth']);
    }
    for (const college of ['ncaa-football-schedule', 'ncaa-football-conferences', 'ncaa-football-team']) {
      expect(guardsOf(college), college).toEqual(['college']);
    }
    expect(guardsOf('ncaa-football-odds')).toEqual(['college']);
    expect(guardsOf('admin-almanac')).toEqual(['admin']);
    for (const seasonal of ['football-2023-schedule', 'football-2023-team', 'baseball-menu', 'baseball-team']) {
      expect(guardsOf(seasonal), seasonal).toEqual(['season']);
      expect(screens.find((entry) => entry.name === seasonal)?.sportStore, seasonal).toBeDefined();
    }
  });

  it('guards the account screens as spec/routes.md says', () => {
    const guardsOf = (name: string) => screens.find((entry) => entry.name === name)?.guards ?? [];
    expect(guardsOf('user-profile')).toEqual(['auth']);
    expect(guardsOf('account-setup')).toEqual(['auth']);
    expect(guardsOf('passwd')).toEqual(['reset-token']);
    for (const open of ['login', 'signin', 'signup', 'register-new', 'password-reset', 'account-verify', 'logout']) {
      expect(guardsOf(open), open).toEqual([]);
    }
  });

  it('loads a component for every screen', async () => {
    for (const entry of screens) {
      const module = await entry.screen();
      expect(typeof module.default, entry.name).toBe('function');
    }
  });
});

describe('toRouteObject', () => {
  it('routes the screen at its path, under its name, with an error boundary', () => {
    const route = toRouteObject({ name: 'about-changes', screen });
    expect(route.id).toBe('about-changes');
    expect(route.path).toBe(paths['about-changes']);
    expect(route.ErrorBoundary).toBeTypeOf('function');
  });

  it('loads the screen lazily as the route component', async () => {
    const lazy = toRouteObject({ name: 'about', screen }).lazy;
    if (typeof lazy !== 'function') throw new Error('expected a lazy function');
    await expect(lazy()).resolves.toEqual({ Component: Screen });
  });

  it('reports the page view in its loader and resolves without guards', async () => {
    answer('get', '/api/segments', { recorded: true });
    const loader = loaderOf({ name: 'about', screen });
    await expect(
      loader({ request: new Request('http://localhost/about?ref=x'), params: {}, context: undefined }),
    ).resolves.toBeNull();
    const { url } = sentRequest();
    expect(url.pathname).toBe('/api/segments');
    expect(Object.fromEntries(url.searchParams)).toEqual({ _route: 'about', ref: 'x' });
  });

  it('runs the auth guard: a visitor is redirected to login, after the page view is reported', async () => {
    answer('get', '/api/segments', { recorded: true });
    const loader = loaderOf({ name: 'user-profile', guards: ['auth'], screen });
    const thrown = await loader({
      request: new Request('http://localhost/user/profile'),
      params: {},
      context: undefined,
    }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/login?redirect=%2Fuser%2Fprofile');
    expect(sentRequests()).toHaveLength(1);
    expect(sentRequest().url.pathname).toBe('/api/segments');
  });

  it('runs the auth guard: a member whose session holds goes through', async () => {
    storeSessionUser({ id: 1, username: 'pat', name: null, isAdmin: false });
    answer('get', '/api/segments', { recorded: true });
    answer('get', '/auth/whoami', {
      data: {
        id: 1,
        username: 'pat',
        name: null,
        isAdmin: false,
        email: 'pat@example.com',
        emailVerified: true,
        setupComplete: true,
      },
    });
    const loader = loaderOf({ name: 'user-profile', guards: ['auth'], screen });
    await expect(
      loader({ request: new Request('http://localhost/user/profile'), params: {}, context: undefined }),
    ).resolves.toBeNull();
    expect(sentRequests().map((request) => request.url.pathname)).toEqual(['/api/segments', '/auth/whoami']);
  });

  it('runs the reset-token guard', async () => {
    answer('get', '/api/segments', { recorded: true });
    const loader = loaderOf({ name: 'password-reset', guards: ['reset-token'], screen });
    const thrown = await loader({
      request: new Request('http://localhost/user/password-reset'),
      params: {},
      context: undefined,
    }).catch((error: unknown) => error);
    expect((thrown as Response).headers.get('Location')).toBe('/login');
  });
});

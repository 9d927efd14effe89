import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSessionUser, storeSessionUser, type SessionUser } from '../lib/session-user';
import { answer, errorResponse, sentRequest, sentRequests } from '../testing/api-server';
import {
  adminGuard,
  authGuard,
  collegeGuard,
  loginPath,
  onSessionLost,
  resetTokenGuard,
  seasonGuard,
  type LostTo,
  segmentsGuard,
} from './guards';

const ORIGIN = 'http://localhost';
const stale: SessionUser = { id: 7, username: 'pat', name: 'Pat', isAdmin: false };
const fresh: SessionUser = { id: 7, username: 'pat', name: 'Pat Smith', isAdmin: true };
/** What `/auth/whoami` answers for the fresh user: the whole account record under `data`. */
const whoami = {
  data: {
    ...fresh,
    email: 'pat@example.com',
    emailVerified: true,
    setupComplete: true,
    createdAt: '2026-11-01T12:00:00.000Z',
    collegeAccess: { granted: true, reason: 'trial', trialEndsAt: '2026-12-01T12:00:00.000Z' },
  },
};

const request = (path: string) => new Request(`${ORIGIN}${path}`);

/** The thrown value of a guard, which must be a React Router redirect; returns its Location. */
async function redirectOf(run: Promise<unknown>): Promise<string> {
  const thrown = await run.then(
    (value: unknown) => {
      throw new Error(`expected a redirect, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  expect(response.status).toBe(302);
  const location = response.headers.get('Location');
  expect(location).not.toBeNull();
  return location!;
}

/** Lets pending promise callbacks (such as a swallowed rejection) run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('segmentsGuard', () => {
  it('reports the route name and the query of the request to /api/segments with GET', () => {
    answer('get', '/api/segments', { recorded: true });
    segmentsGuard('football-schedule', request('/football/schedule?week=3&season=2025'));
    expect(sentRequests()).toHaveLength(1);
    const { url, method } = sentRequest();
    expect(url.pathname).toBe('/api/segments');
    expect(method).toBe('GET');
    expect(Object.fromEntries(url.searchParams)).toEqual({ _route: 'football-schedule', week: '3', season: '2025' });
  });

  it('sends only the route name for a request without a query', () => {
    answer('get', '/api/segments', { recorded: true });
    segmentsGuard('home', request('/'));
    expect([...sentRequest().url.searchParams]).toEqual([['_route', 'home']]);
  });

  it('does not let the page query override the route name', () => {
    answer('get', '/api/segments', { recorded: true });
    segmentsGuard('about', request('/about?_route=admin&ref=mail'));
    expect(Object.fromEntries(sentRequest().url.searchParams)).toEqual({ _route: 'about', ref: 'mail' });
  });

  it('returns at once, without waiting for the answer', () => {
    answer('get', '/api/segments', () => new Promise<Response>(() => undefined));
    const result: unknown = segmentsGuard('home', request('/'));
    expect(result).toBeUndefined();
    expect(sentRequests()).toHaveLength(1);
  });

  it('swallows a network failure', async () => {
    answer('get', '/api/segments', () => HttpResponse.error());
    expect(() => segmentsGuard('home', request('/'))).not.toThrow();
    await settle();
    expect(sentRequests()).toHaveLength(1);
  });

  it('swallows an error answer', async () => {
    answer('get', '/api/segments', () => errorResponse(400, 'BAD_REQUEST'));
    expect(() => segmentsGuard('home', request('/?x=1'))).not.toThrow();
    await settle();
  });

  it('does not throw when fetch itself throws', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        throw new TypeError('fetch is broken');
      }),
    );
    expect(() => segmentsGuard('home', request('/'))).not.toThrow();
    await settle();
  });
});

describe('authGuard', () => {
  let lost: ReturnType<typeof vi.fn<(to: LostTo) => void>>;
  beforeEach(() => {
    lost = vi.fn<(to: LostTo) => void>();
    onSessionLost(lost);
  });

  it('sends a visitor to login with the page to come back to, without asking the server', async () => {
    answer('get', '/auth/whoami', whoami);
    const location = await redirectOf(authGuard(request('/user/profile?tab=pools&x=a%26b')));
    const target = new URL(location, ORIGIN);
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('redirect')).toBe('/user/profile?tab=pools&x=a%26b');
    expect(sentRequests()).toEqual([]);
  });

  it('lets a stored user in before whoami answers, so the screen asks for its data at once', async () => {
    storeSessionUser(stale);
    let reply!: (response: Response) => void;
    const whoamiAnswer = new Promise<Response>((resolve) => (reply = resolve));
    answer('get', '/auth/whoami', () => whoamiAnswer);
    await expect(authGuard(request('/user/profile'))).resolves.toEqual(stale);
    expect(sentRequest().url.pathname).toBe('/auth/whoami');
    reply(HttpResponse.json(whoami));
    await settle();
    expect(getSessionUser()).toEqual(fresh);
    expect(JSON.parse(localStorage.getItem('pass.user')!)).toEqual(fresh);
    expect(lost).not.toHaveBeenCalled();
  });

  it('keeps only the id, username, name and admin flag of the account, never the email', async () => {
    storeSessionUser(stale);
    answer('get', '/auth/whoami', whoami);
    await authGuard(request('/user/profile'));
    await settle();
    expect(Object.keys(JSON.parse(sessionStorage.getItem('pass.user')!)).sort()).toEqual([
      'id',
      'isAdmin',
      'name',
      'username',
    ]);
    expect(localStorage.getItem('pass.user')).not.toContain('pat@example.com');
  });

  it.each([
    ['a bare user record', () => HttpResponse.json(fresh)],
    ['no user', () => HttpResponse.json({ data: null })],
    ['an empty answer', () => new HttpResponse(null, { status: 200 })],
    ['401: the session has expired', () => errorResponse(401, 'UNAUTHORIZED')],
  ])('logs out locally and leaves for login when whoami answers %s', async (_case, reply) => {
    storeSessionUser(stale);
    answer('get', '/auth/whoami', reply);
    await authGuard(request('/user/profile'));
    await settle();
    expect(lost).toHaveBeenCalledWith('login');
    expect(getSessionUser()).toBeNull();
    expect(sessionStorage.getItem('pass.user')).toBeNull();
    expect(localStorage.getItem('pass.user')).toBeNull();
  });

  // A reload while whoami is on its way cancels it: the page being left must not sign the member out of the
  // page that replaces it. Offline, the app keeps showing what it has.
  it.each([
    [
      'no answer: the server cannot be reached or the page is being left',
      () => answer('get', '/auth/whoami', () => HttpResponse.error()),
    ],
    [
      'a cancelled request',
      // No server answers a request the browser cancelled: fetch itself rejects.
      () =>
        vi.stubGlobal(
          'fetch',
          vi.fn(() => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'))),
        ),
    ],
    ['a server fault', () => answer('get', '/auth/whoami', () => errorResponse(503, 'UNAVAILABLE'))],
    ['too many requests', () => answer('get', '/auth/whoami', () => errorResponse(429, 'RATE_LIMITED'))],
  ])('keeps the member signed in when whoami gets %s', async (_case, arrange) => {
    storeSessionUser(stale);
    arrange();
    await authGuard(request('/user/profile'));
    await settle();
    expect(lost).not.toHaveBeenCalled();
    expect(getSessionUser()).toEqual(stale);
    expect(JSON.parse(localStorage.getItem('pass.user')!)).toEqual(stale);
  });
});

describe('loginPath', () => {
  it('names the page to come back to, query included', () => {
    expect(loginPath('/football/pools?week=3')).toBe(
      `/login?${new URLSearchParams({ redirect: '/football/pools?week=3' })}`,
    );
  });
});

describe('resetTokenGuard', () => {
  it('sends to login when there is no token, without asking the server', async () => {
    answer('get', '/auth/passwd/reset/:token', true);
    expect(await redirectOf(resetTokenGuard(request('/user/password-reset')))).toBe('/login');
    expect(await redirectOf(resetTokenGuard(request('/user/password-reset?token=')))).toBe('/login');
    expect(sentRequests()).toEqual([]);
  });

  it('checks the token with the server, encoded as one path segment', async () => {
    answer('get', '/auth/passwd/reset/:token', true);
    await resetTokenGuard(request('/user/password-reset?token=a%2Fb%20c&verified=true'));
    const { url, method } = sentRequest();
    expect(url.pathname).toBe('/auth/passwd/reset/a%2Fb%20c');
    expect(method).toBe('GET');
  });

  it.each([
    ['false', () => HttpResponse.json(false)],
    ['null', () => HttpResponse.json(null)],
    ['an empty answer', () => new HttpResponse(null, { status: 200 })],
    ['an error status', () => errorResponse(404, 'NOT_FOUND')],
    ['a network failure', () => HttpResponse.error()],
  ])('sends to login when the server answers %s', async (_case, reply) => {
    answer('get', '/auth/passwd/reset/:token', reply);
    expect(await redirectOf(resetTokenGuard(request('/user/password-reset?token=abc')))).toBe('/login');
  });

  it('adds verified=true to the query of a valid token, keeping the rest', async () => {
    answer('get', '/auth/passwd/reset/:token', true);
    const location = await redirectOf(
      resetTokenGuard(request('/user/password-reset?token=abc&email=pat%40example.com')),
    );
    const target = new URL(location, ORIGIN);
    expect(target.pathname).toBe('/user/password-reset');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      token: 'abc',
      email: 'pat@example.com',
      verified: 'true',
    });
  });

  it('replaces a verified flag that is not true', async () => {
    answer('get', '/auth/passwd/reset/:token', true);
    const location = await redirectOf(resetTokenGuard(request('/user/password-reset?token=abc&verified=false')));
    expect(new URL(location, ORIGIN).searchParams.getAll('verified')).toEqual(['true']);
  });

  it('lets a valid, verified token through', async () => {
    answer('get', '/auth/passwd/reset/:token', { valid: true });
    await expect(resetTokenGuard(request('/user/password-reset?token=abc&verified=true'))).resolves.toBeNull();
  });

  it('checks the token again even when the query says verified', async () => {
    answer('get', '/auth/passwd/reset/:token', false);
    expect(await redirectOf(resetTokenGuard(request('/user/password-reset?token=abc&verified=true')))).toBe('/login');
    expect(sentRequests()).toHaveLength(1);
  });
});

describe('seasonGuard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('enters as soon as the sport store has loaded, at the next 100 ms step', async () => {
    vi.useFakeTimers();
    let loaded!: () => void;
    const load = vi.fn(() => new Promise<void>((resolve) => (loaded = resolve)));
    let entered = false;
    void seasonGuard(load).then(() => (entered = true));
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(entered).toBe(false);
    loaded();
    await vi.advanceTimersByTimeAsync(100);
    expect(entered).toBe(true);
  });

  it('enters after 1.5 s when the store has not loaded, and when loading fails', async () => {
    vi.useFakeTimers();
    let entered = false;
    void seasonGuard(() => new Promise(() => undefined)).then(() => (entered = true));
    await vi.advanceTimersByTimeAsync(1400);
    expect(entered).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(entered).toBe(true);

    let failedEntered = false;
    void seasonGuard(() => Promise.reject(new Error('offline'))).then(() => (failedEntered = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(failedEntered).toBe(true);
  });
});

describe('adminGuard', () => {
  let lost: ReturnType<typeof vi.fn<(to: LostTo) => void>>;
  beforeEach(() => {
    lost = vi.fn<(to: LostTo) => void>();
    onSessionLost(lost);
  });

  it("sends a member whose stored record is not the admin's home, without asking the server", async () => {
    storeSessionUser(stale);
    answer('get', '/auth/whoami', whoami);
    expect(await redirectOf(adminGuard(request('/admin/almanac')))).toBe('/');
    expect(sentRequests()).toEqual([]);
  });

  it('lets the admin through, and keeps them there when whoami agrees', async () => {
    storeSessionUser(fresh);
    answer('get', '/auth/whoami', whoami);
    await expect(adminGuard(request('/admin/almanac'))).resolves.toMatchObject({ isAdmin: true });
    await settle();
    expect(lost).not.toHaveBeenCalled();
  });

  it('sends home a stored admin whom whoami no longer calls the admin', async () => {
    storeSessionUser(fresh);
    answer('get', '/auth/whoami', { data: { ...whoami.data, isAdmin: false } });
    await adminGuard(request('/admin/almanac'));
    await settle();
    expect(lost).toHaveBeenCalledWith('home');
    expect(getSessionUser()).toMatchObject({ isAdmin: false });
  });
});

describe('collegeGuard', () => {
  it('lets a member with college access through and refreshes the stored user', async () => {
    storeSessionUser(stale);
    answer('get', '/auth/whoami', whoami);
    await expect(collegeGuard(request('/college/football/schedule'))).resolves.toMatchObject({ name: 'Pat Smith' });
    expect(getSessionUser()).toEqual(fresh);
  });

  it('sends a member whose free month has ended to /college/subscribe', async () => {
    storeSessionUser(stale);
    const ended = { granted: false, reason: 'trial-ended', trialEndsAt: '2026-10-01T12:00:00.000Z' };
    answer('get', '/auth/whoami', { data: { ...whoami.data, collegeAccess: ended } });
    expect(await redirectOf(collegeGuard(request('/college/football/schedule')))).toBe('/college/subscribe');
    expect(getSessionUser()).not.toBeNull();
  });

  it('sends a visitor to login first', async () => {
    answer('get', '/auth/whoami', whoami);
    expect(await redirectOf(collegeGuard(request('/college/football/odds')))).toBe(
      '/login?redirect=%2Fcollege%2Ffootball%2Fodds',
    );
    expect(sentRequests()).toEqual([]);
  });
});

describe('collegeGuard when the session is gone', () => {
  it('logs out locally and sends to login, to come back after', async () => {
    storeSessionUser(stale);
    answer('get', '/auth/whoami', () => errorResponse(401, 'UNAUTHORIZED'));
    expect(await redirectOf(collegeGuard(request('/college/football/schedule')))).toBe(
      '/login?redirect=%2Fcollege%2Ffootball%2Fschedule',
    );
    expect(getSessionUser()).toBeNull();
  });

  it('keeps the stored user when the navigation is cancelled mid-check', async () => {
    storeSessionUser(stale);
    const controller = new AbortController();
    // The navigation is cancelled while whoami is on its way, which ends the request.
    answer('get', '/auth/whoami', () => {
      controller.abort();
      return new Promise<Response>(() => undefined);
    });
    const aborting = new Request(`${ORIGIN}/college/football/schedule`, { signal: controller.signal });
    await redirectOf(collegeGuard(aborting));
    expect(getSessionUser()).toEqual(stale);
  });
});

describe('collegeGuard once this tab knows the member has college access', () => {
  let lost: ReturnType<typeof vi.fn<(to: LostTo) => void>>;
  beforeEach(() => {
    lost = vi.fn<(to: LostTo) => void>();
    onSessionLost(lost);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  /** A first college visit that waits for whoami, which grants access. */
  async function firstVisit() {
    storeSessionUser(stale);
    answer('get', '/auth/whoami', whoami);
    await collegeGuard(request('/college/football/schedule'));
  }

  it('enters the next college screen at once, before whoami answers, and checks in the background', async () => {
    await firstVisit();
    let reply!: (response: Response) => void;
    const whoamiAnswer = new Promise<Response>((resolve) => (reply = resolve));
    answer('get', '/auth/whoami', () => whoamiAnswer);
    // Resolves while whoami is still on its way.
    await expect(collegeGuard(request('/college/football/odds'))).resolves.toMatchObject({ id: 7 });
    // The first visit's whoami, and this one's.
    expect(sentRequests({ path: '/auth/whoami' })).toHaveLength(2);
    reply(HttpResponse.json(whoami));
    await settle();
    expect(lost).not.toHaveBeenCalled();
  });

  it('leaves for /college/subscribe when the background check finds the access gone', async () => {
    await firstVisit();
    const ended = { granted: false, reason: 'trial-ended', trialEndsAt: '2026-11-19T12:00:00.000Z' };
    answer('get', '/auth/whoami', { data: { ...whoami.data, collegeAccess: ended } });
    await collegeGuard(request('/college/football/odds'));
    await settle();
    expect(lost).toHaveBeenCalledWith('college-subscribe');
    // The next visit waits for whoami again, and is sent away before entering.
    expect(await redirectOf(collegeGuard(request('/college/football/odds')))).toBe('/college/subscribe');
  });

  it('leaves for login when the background check finds the session gone', async () => {
    await firstVisit();
    answer('get', '/auth/whoami', () => errorResponse(401, 'UNAUTHORIZED'));
    await collegeGuard(request('/college/football/odds'));
    await settle();
    expect(lost).toHaveBeenCalledWith('login');
  });

  it('waits for whoami again once the free month has ended by the clock', async () => {
    await firstVisit();
    vi.setSystemTime(new Date('2026-12-02T12:00:00.000Z'));
    const ended = { granted: false, reason: 'trial-ended', trialEndsAt: '2026-12-01T12:00:00.000Z' };
    answer('get', '/auth/whoami', { data: { ...whoami.data, collegeAccess: ended } });
    expect(await redirectOf(collegeGuard(request('/college/football/schedule')))).toBe('/college/subscribe');
    expect(lost).not.toHaveBeenCalled();
  });

  it('does not carry one member’s access over to another signed in on the same tab', async () => {
    await firstVisit();
    storeSessionUser({ ...stale, id: 8 });
    answer('get', '/auth/whoami', {
      data: {
        ...whoami.data,
        id: 8,
        collegeAccess: { granted: false, reason: 'trial-ended', trialEndsAt: '2026-11-01T12:00:00.000Z' },
      },
    });
    expect(await redirectOf(collegeGuard(request('/college/football/schedule')))).toBe('/college/subscribe');
  });
});

import { cleanup, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSessionUser, storeSessionUser } from '../../../lib/session-user';
import { renderRoutes } from '../../../testing/render';
import { rememberReturn, takeReturn } from './google';
import { useReturnAfterSignIn } from './use-return-after-sign-in';

const INVITATION = '/pool-party/accept/tok123?from=mail';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  clearSessionUser();
});

describe('the place a Google sign-in comes back to', () => {
  it('is kept once, for a quarter of an hour, and only when it is a path on this site', () => {
    rememberReturn(INVITATION, 0);
    expect(takeReturn(60_000)).toBe(INVITATION);
    expect(takeReturn(60_000)).toBeNull();

    rememberReturn(INVITATION, 0);
    expect(takeReturn(15 * 60_000 + 1)).toBeNull();

    for (const elsewhere of ['https://evil.example/pool', '//evil.example/pool', '/\\evil.example', '/login']) {
      rememberReturn(elsewhere, 0);
      expect(takeReturn(1)).toBeNull();
    }
  });

  describe('once signed in', () => {
    beforeEach(() => {
      storeSessionUser({ id: 9, username: 'newguest', name: null, isAdmin: false });
    });

    function Probe() {
      useReturnAfterSignIn();
      const { pathname, search } = useLocation();
      return <p data-testid="at">{pathname + search}</p>;
    }
    const routes = [
      { path: '/', element: <Probe /> },
      { path: '/account/setup', element: <Probe /> },
      { path: '/pool-party/accept/:token', element: <Probe /> },
    ];

    it('goes from the home the server landed on back to the invitation', async () => {
      rememberReturn(INVITATION);
      renderRoutes(routes, { path: '/' });
      expect((await screen.findByTestId('at')).textContent).toBe(INVITATION);
      await expect.poll(() => screen.getByTestId('at').textContent).toBe(INVITATION);
      expect(takeReturn()).toBeNull();
    });

    it('waits while a new account is set up, and keeps the place for after it', async () => {
      rememberReturn(INVITATION);
      renderRoutes(routes, { path: '/account/setup' });
      expect((await screen.findByTestId('at')).textContent).toBe('/account/setup');
      expect(takeReturn()).toBe(INVITATION);
    });
  });
});

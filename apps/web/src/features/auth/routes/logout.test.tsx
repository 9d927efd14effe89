import { cleanup, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSessionUser, storeSessionUser } from '../../../lib/session-user';
import { answer, errorResponse, sentRequest, sentRequests } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render';
import LogoutRoute from './logout';

const routes = [
  {
    path: '/logout',
    element: (
      <StrictMode>
        <LogoutRoute />
      </StrictMode>
    ),
  },
  { path: '/', element: <p>Home page</p> },
];

beforeEach(() => {
  storeSessionUser({ id: 7, username: 'pat', name: 'Pat', isAdmin: false });
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('logging out', () => {
  it('ends the session with POST /auth/logout and its CSRF header, once, clears the user and goes home', async () => {
    document.cookie = 'XSRF-TOKEN=logout-pair';
    answer('post', '/auth/logout', { data: { ok: true } });
    const { router } = renderRoutes(routes, { path: '/logout' });
    expect(screen.getByRole('heading', { level: 1, name: 'Logging out' })).toBeInTheDocument();
    await screen.findByText('Home page');
    expect(router.state.location.pathname).toBe('/');
    expect(getSessionUser()).toBeNull();
    expect(sentRequests()).toHaveLength(1);
    const { url, method, headers } = sentRequest();
    expect(url.pathname).toBe('/auth/logout');
    expect(method).toBe('POST');
    expect(headers['x-xsrf-token']).toBe('logout-pair');
    document.cookie = 'XSRF-TOKEN=; max-age=0';
  });

  it.each([
    ['an error status', () => errorResponse(500, 'INTERNAL')],
    ['a network failure', () => HttpResponse.error()],
  ])('clears the stored user and goes home even on %s', async (_case, reply) => {
    answer('post', '/auth/logout', reply);
    const { router } = renderRoutes(routes, { path: '/logout' });
    await screen.findByText('Home page');
    expect(router.state.location.pathname).toBe('/');
    expect(getSessionUser()).toBeNull();
    expect(sessionStorage.getItem('pass.user')).toBeNull();
    expect(localStorage.getItem('pass.user')).toBeNull();
  });

  it('drops the user’s cached data, keeping the public settings', async () => {
    answer('post', '/auth/logout', { data: { ok: true } });
    const { queryClient } = renderRoutes(routes, { path: '/logout' });
    queryClient.setQueryData(['auth', 'whoami'], { id: 7 });
    queryClient.setQueryData(['client-config'], { supportEmail: 'x' });
    await screen.findByText('Home page');
    expect(queryClient.getQueryData(['auth', 'whoami'])).toBeUndefined();
    expect(queryClient.getQueryData(['client-config'])).toEqual({ supportEmail: 'x' });
  });
});

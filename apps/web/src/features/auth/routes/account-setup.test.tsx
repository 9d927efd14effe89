import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { getSessionUser, storeSessionUser } from '../../../lib/session-user';
import { answer, sentRequest } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render';
import AccountSetupRoute from './account-setup';
import RefreshRoute from './refresh';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('/account/setup', () => {
  it('saves the username and name, then goes home', async () => {
    storeSessionUser({ id: 9, username: 'user-9f2c', name: null, isAdmin: false });
    answer('post', '/auth/setup', {
      data: {
        id: 9,
        username: 'sam',
        name: 'Sam',
        email: 'sam@example.com',
        emailVerified: true,
        setupComplete: true,
        isAdmin: false,
      },
    });
    const { router, container } = renderRoutes(
      [
        { path: '/account/setup', element: <AccountSetupRoute /> },
        { path: '/', element: <p>Home</p> },
      ],
      { path: '/account/setup' },
    );
    expect(container.querySelector('main[data-page="account-setup"]')).not.toBeNull();
    const username = screen.getByRole('textbox', { name: /^Username/ });
    expect(username).toHaveValue('user-9f2c');
    const user = userEvent.setup();
    await user.clear(username);
    await user.type(username, 'sam');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Sam');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await screen.findByText('Home');
    expect(router.state.location.pathname).toBe('/');
    const setup = sentRequest();
    expect(setup.url.pathname).toBe('/auth/setup');
    expect(await setup.json()).toEqual({ username: 'sam', name: 'Sam' });
    expect(getSessionUser()).toEqual({ id: 9, username: 'sam', name: 'Sam', isAdmin: false });
  });
});

describe('/refresh', () => {
  it.each([
    ['/refresh?redirect=%2Fabout', '/about'],
    ['/refresh', '/'],
    ['/refresh?redirect=https%3A%2F%2Fevil.example', '/'],
  ])('%s goes on to %s', async (path, target) => {
    const { router } = renderRoutes(
      [
        { path: '/refresh', element: <RefreshRoute /> },
        { path: '*', element: <p>Elsewhere</p> },
      ],
      { path },
    );
    await screen.findByText('Elsewhere');
    expect(router.state.location.pathname).toBe(target);
  });
});

import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render';
import LoginRoute from '../routes/login';

beforeAll(() => {
  registerRoutes(['register-new', 'password-reset']);
});

afterEach(() => {
  cleanup();
});

function renderLogin(search: string) {
  answer('get', '/api/config', {
    supportEmail: 'help@pass.example',
    appStoreUrl: null,
    playStoreUrl: null,
    poolMaxPerLifeguard: 5,
    googleSignIn: false,
  });
  return renderRoutes([{ path: '/login', element: <LoginRoute /> }], { path: `/login${search}` });
}

describe('the login screen sent from a members’ page', () => {
  it('says what My Bets is, with a link to join, above the form', () => {
    renderLogin(`?${new URLSearchParams({ redirect: '/user/bets' })}`);
    const line = screen.getByTestId('members-page-explanation');
    expect(line).toHaveTextContent('My Bets lists every pick and bet you record');
    expect(line).toHaveTextContent('Log in to see yours.');
    expect(screen.getByRole('link', { name: 'New here? Join for free' })).toHaveAttribute('href', '/user/register-new');
    expect(screen.getByRole('textbox', { name: 'Username or email' })).toBeInTheDocument();
  });

  it('explains a screen with parameters and a query by its route', () => {
    renderLogin(`?${new URLSearchParams({ redirect: '/compare-books/event/42?book=betus' })}`);
    expect(screen.getByTestId('members-page-explanation')).toHaveTextContent(
      "this game's prices from every sportsbook",
    );
  });

  it('shows no line without a destination, or with the home page', () => {
    renderLogin('');
    expect(screen.queryByTestId('members-page-explanation')).toBeNull();
    cleanup();
    renderLogin('?redirect=%2F');
    expect(screen.queryByTestId('members-page-explanation')).toBeNull();
  });
});

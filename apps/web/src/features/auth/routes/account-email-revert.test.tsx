import { cleanup, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { getSessionUser, storeSessionUser } from '../../../lib/session-user';
import { answer, errorResponse, sentRequests } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render';
import AccountEmailRevertRoute from './account-email-revert';

const TOKEN = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MDEyMzQ1Njc4OTA';
const routes = [
  {
    path: '/account/email/revert/:token',
    element: (
      <StrictMode>
        <AccountEmailRevertRoute />
      </StrictMode>
    ),
  },
];

const revertCalls = () => sentRequests().filter((request) => request.url.pathname.startsWith('/auth/email/revert/'));

beforeEach(() => {
  registerRoutes(['login', 'password-reset']);
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('the revert link of an email change', () => {
  it('calls POST /auth/email/revert/{token} once, even in strict mode, says what happened and forgets the member', async () => {
    storeSessionUser({ id: 7, username: 'pat', name: 'Pat', isAdmin: false });
    answer('post', '/auth/email/revert/:token', { data: { reverted: true } });
    const { container } = renderRoutes(routes, { path: `/account/email/revert/${TOKEN}` });
    expect(container.querySelector('main[data-page="account-email-revert"]')).not.toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your email address is back' })).toBeInTheDocument();
    expect(screen.getByText(/Every device has been logged out/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a password link' })).toHaveAttribute(
      'href',
      '/user/password-reset',
    );
    const calls = revertCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.pathname).toBe(`/auth/email/revert/${TOKEN}`);
    expect(calls[0]!.method).toBe('POST');
    expect(getSessionUser()).toBeNull();
  });

  it('says the link is invalid, used or expired on a 400, and offers a password reset', async () => {
    answer('post', '/auth/email/revert/:token', () =>
      errorResponse(400, 'BAD_REQUEST', 'params.token: this link is invalid'),
    );
    renderRoutes(routes, { path: `/account/email/revert/${TOKEN}` });
    expect(await screen.findByText('This link is invalid, was already used or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your email address was not changed back');
    expect(screen.getByRole('link', { name: 'Reset my password' })).toHaveAttribute('href', '/user/password-reset');
  });

  it('says to try again later when the server fails', async () => {
    answer('post', '/auth/email/revert/:token', () => errorResponse(503, 'UNAVAILABLE'));
    renderRoutes(routes, { path: `/account/email/revert/${TOKEN}` });
    expect(await screen.findByText(/could not put your email address back right now/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reset my password' })).toBeNull();
  });
});

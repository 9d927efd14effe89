import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer, errorResponse, sentRequests } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render';
import { forgetInvitation, rememberInvitation } from '../../../lib/pending-invitation';
import AccountVerifyRoute from './account-verify';

const TOKEN = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MDEyMzQ1Njc4OTA';
const routes = [
  {
    path: '/account/verify/:token',
    element: (
      <StrictMode>
        <AccountVerifyRoute />
      </StrictMode>
    ),
  },
];

const verifyCalls = () => sentRequests().filter((request) => request.url.pathname.startsWith('/auth/verify/'));

beforeEach(() => {
  registerRoutes(['login']);
});

afterEach(() => {
  cleanup();
  forgetInvitation();
});

describe('the email confirmation link', () => {
  it('calls POST /auth/verify/{token} once, even in strict mode, and says the email is confirmed', async () => {
    answer('post', '/auth/verify/:token', { data: { verified: true } });
    const { container } = renderRoutes(routes, { path: `/account/verify/${TOKEN}` });
    expect(container.querySelector('main[data-page="account-verify"]')).not.toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your email is confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    const calls = verifyCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.pathname).toBe(`/auth/verify/${TOKEN}`);
    expect(calls[0]!.method).toBe('POST');
  });

  it('leads a visitor who opened a pool invitation before signing up back to it through the login', async () => {
    answer('post', '/auth/verify/:token', { data: { verified: true } });
    rememberInvitation('/pool-party/accept/abcDEF123_-xyz789');
    renderRoutes(routes, { path: `/account/verify/${TOKEN}` });
    const button = await screen.findByRole('link', { name: 'Log in and join the pool' });
    expect(button).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/pool-party/accept/abcDEF123_-xyz789')}`,
    );
  });

  it('keeps no address but an accept page as the invitation to come back to', async () => {
    answer('post', '/auth/verify/:token', { data: { verified: true } });
    rememberInvitation('https://evil.example/pool-party/accept/abcDEF123_-xyz789');
    rememberInvitation('/logout');
    renderRoutes(routes, { path: `/account/verify/${TOKEN}` });
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('does not spend the token again when the page is shown a second time', async () => {
    answer('post', '/auth/verify/:token', { data: { verified: true } });
    const { router } = renderRoutes([...routes, { path: '/', element: <p>Home</p> }], {
      path: `/account/verify/${TOKEN}`,
    });
    await screen.findByRole('heading', { level: 1, name: 'Your email is confirmed' });
    await router.navigate('/');
    await router.navigate(`/account/verify/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your email is confirmed' })).toBeInTheDocument();
    expect(verifyCalls()).toHaveLength(1);
  });

  it('says the link is invalid, used or expired on a 400, and offers a new one', async () => {
    answer('post', '/auth/verify/:token', () =>
      errorResponse(400, 'BAD_REQUEST', 'params.token: this link is invalid'),
    );
    answer('post', '/auth/verify/resend', { data: { status: 'accepted' } }, { status: 202 });
    renderRoutes(routes, { path: `/account/verify/${TOKEN}` });
    expect(await screen.findByText('This link is invalid, was already used or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your email is not confirmed');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('a new link is on its way');
    expect(verifyCalls().map((request) => request.url.pathname)).toEqual([
      `/auth/verify/${TOKEN}`,
      '/auth/verify/resend',
    ]);
  });

  it('says to try again later when the server fails', async () => {
    answer('post', '/auth/verify/:token', () => errorResponse(503, 'UNAVAILABLE'));
    renderRoutes(routes, { path: `/account/verify/${TOKEN}` });
    expect(await screen.findByText(/could not confirm your email address right now/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });
});

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { getSessionUser } from '../../../lib/session-user';
import { answer, errorResponse, sentRequests } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render';
import { takeReturn } from '../lib/google';
import LoginRoute from '../routes/login';
import SigninRoute from '../routes/signin';

const config = (googleSignIn: boolean) => ({
  supportEmail: 'help@pass.example',
  appStoreUrl: null,
  playStoreUrl: null,
  poolMaxPerLifeguard: 5,
  googleSignIn,
});
const account = {
  id: 42,
  username: 'pat',
  name: 'Pat Smith',
  email: 'pat@example.com',
  emailVerified: true,
  setupComplete: true,
  isAdmin: false,
};

/** The server: `/api/config` always answers; the account endpoints answer as the test says. */
function server(googleSignIn = false) {
  answer('get', '/api/config', config(googleSignIn));
}

const calls = () => sentRequests().filter((request) => request.url.pathname !== '/api/config');

function renderLogin(path = '/login') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginRoute /> },
      { path: '/user/signin', element: <SigninRoute /> },
      { path: '*', element: <p>Somewhere else</p> },
    ],
    { path },
  );
}

async function logIn(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Username or email/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => {
  registerRoutes(['login', 'register-new', 'password-reset']);
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('the login form', () => {
  it('is a real page with a heading, labelled fields and the account links', async () => {
    server();
    const { container } = renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(container.querySelector('main[data-page="login"]')).not.toBeNull();
    expect(screen.getByLabelText(/Username or email/)).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/user/password-reset');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/user/register-new');
    await screen.findByRole('button', { name: 'Log in' });
    expect(document.title).toBe('Log in · PA$$');
  });

  it('puts the cursor in its first field', async () => {
    server();
    renderLogin();
    await waitFor(() => expect(screen.getByLabelText(/Username or email/)).toHaveFocus());
  });

  it('is the same form at /user/signin, under its own route name', () => {
    server();
    const { container } = renderLogin('/user/signin');
    expect(container.querySelector('main[data-page="signin"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });

  it('says "Incorrect username or password" on a 401, and nothing more', async () => {
    server();
    answer('post', '/auth/login', () => errorResponse(401, 'UNAUTHORIZED', 'Incorrect username or password'));
    renderLogin();
    await logIn('pat', 'wrong password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Incorrect username or password');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(getSessionUser()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });

  it('sends X-AUTH-TOKEN (a random UUID) and X-AUTH-IDENT (MD5 of "user:" + the username)', async () => {
    server();
    answer('post', '/auth/login', () => errorResponse(401, 'UNAUTHORIZED'));
    renderLogin();
    await logIn('  pat ', 'secret words');
    await screen.findByRole('alert');
    const [login] = calls();
    expect(login!.method).toBe('POST');
    // The username is trimmed, as the server trims it before checking the hash.
    expect(await login!.json()).toEqual({ username: 'pat', password: 'secret words' });
    const headers = login!.headers;
    expect(headers['x-auth-ident']).toBe('bcae96afd695f63103da40fcdd7a9592');
    expect(headers['x-auth-token']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('on success fetches whoami and billing, stores the user and goes to the redirect path', async () => {
    server();
    answer('post', '/auth/login', { data: account });
    answer('get', '/auth/whoami', { data: { ...account, name: 'Pat S.' } });
    answer('get', '/billing/user', { data: { billing_id: '5d0bbd1e-7a8b-4c56-9a43-2f0c1e9b8e11' } });
    const { router } = renderLogin('/login?redirect=%2Fabout%3Ftab%3D2');
    await logIn('pat', 'correct horse battery');
    await screen.findByText('Somewhere else');
    expect(router.state.location.pathname + router.state.location.search).toBe('/about?tab=2');
    expect(calls().map((request) => request.url.pathname)).toEqual(['/auth/login', '/auth/whoami', '/billing/user']);
    expect(getSessionUser()).toEqual({ id: 42, username: 'pat', name: 'Pat S.', isAdmin: false });
    expect(localStorage.getItem('pass.user')).not.toContain('pat@example.com');
  });

  it.each([
    ['no redirect', '/login'],
    ['another site', '/login?redirect=https%3A%2F%2Fevil.example%2F'],
    ['a protocol-relative address', '/login?redirect=%2F%2Fevil.example%2Fx'],
    ['the logout page', '/login?redirect=%2Flogout'],
  ])('goes home after logging in with %s', async (_case, path) => {
    server();
    answer('post', '/auth/login', { data: account });
    answer('get', '/auth/whoami', { data: account });
    answer('get', '/billing/user', { data: { billing_id: '5d0bbd1e-7a8b-4c56-9a43-2f0c1e9b8e11' } });
    const { router } = renderLogin(path);
    await logIn('pat', 'correct horse battery');
    await screen.findByText('Somewhere else');
    expect(router.state.location.pathname).toBe('/');
  });

  it('still logs in when billing cannot be loaded', async () => {
    server();
    answer('post', '/auth/login', { data: account });
    answer('get', '/auth/whoami', { data: account });
    answer('get', '/billing/user', () => errorResponse(500, 'INTERNAL'));
    renderLogin();
    await logIn('pat', 'correct horse battery');
    await screen.findByText('Somewhere else');
    expect(getSessionUser()?.id).toBe(42);
  });

  it.each([
    ['a user id of 0', () => HttpResponse.json({ data: { ...account, id: 0 } })],
    ['no user', () => HttpResponse.json({})],
  ])('fails, storing nothing, when the login answers 200 with %s', async (_case, reply) => {
    server();
    answer('post', '/auth/login', reply);
    renderLogin();
    await logIn('pat', 'correct horse battery');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not log you in right now. Try again in a moment.',
    );
    expect(getSessionUser()).toBeNull();
    expect(calls().map((request) => request.url.pathname)).toEqual(['/auth/login']);
  });

  it('fails, storing nothing, when whoami fails after the login', async () => {
    server();
    answer('post', '/auth/login', { data: account });
    answer('get', '/auth/whoami', () => errorResponse(401, 'UNAUTHORIZED'));
    renderLogin();
    await logIn('pat', 'correct horse battery');
    // Not "Incorrect username or password": the password was right.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not log you in right now. Try again in a moment.',
    );
    expect(getSessionUser()).toBeNull();
  });

  it('explains an unconfirmed address and sends a new link on a 403', async () => {
    server();
    answer('post', '/auth/login', () => errorResponse(403, 'FORBIDDEN', 'Confirm your email address first'));
    answer('post', '/auth/verify/resend', { data: { status: 'accepted' } }, { status: 202 });
    renderLogin();
    await logIn('Pat@Example.com', 'correct horse battery');
    expect(await screen.findByText(/Your email address is not confirmed yet/)).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: /^Email/ });
    expect(email).toHaveValue('Pat@Example.com');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If pat@example.com still needs confirming');
    const resend = calls().find((request) => request.url.pathname === '/auth/verify/resend');
    expect(await resend!.json()).toEqual({ email: 'pat@example.com' });
  });

  it('shows the suspension and its reason on a 403 for a suspended account, and offers no new link', async () => {
    const message = 'This account is suspended by the admin: Invitation spam.';
    server();
    answer(
      'post',
      '/auth/login',
      {
        error: {
          code: 'FORBIDDEN',
          message,
          fields: [{ field: 'body.username', message, reason: 'account_suspended' }],
        },
      },
      { status: 403 },
    );
    renderLogin();
    await logIn('pat', 'correct horse battery');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/Your email address is not confirmed yet/)).not.toBeInTheDocument();
    expect(getSessionUser()).toBeNull();
  });

  it('asks for the address to send the new link to when the login was a username', async () => {
    server();
    answer('post', '/auth/login', () => errorResponse(403, 'FORBIDDEN'));
    renderLogin();
    await logIn('pat', 'correct horse battery');
    await screen.findByText(/Your email address is not confirmed yet/);
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
  });

  it('says how many minutes to wait on a 429 with Retry-After', async () => {
    server();
    answer(
      'post',
      '/auth/login',
      { error: { code: 'RATE_LIMITED', message: 'Too many failed logins' } },
      { status: 429, headers: { 'retry-after': '601' } },
    );
    renderLogin();
    await logIn('pat', 'guess');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts, try again in 11 minutes.');
  });

  it('says to try again later on a 429 without a readable Retry-After', async () => {
    server();
    answer('post', '/auth/login', () => errorResponse(429, 'RATE_LIMITED'));
    renderLogin();
    await logIn('pat', 'guess');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts, try again later.');
  });

  it('asks for both fields without calling the server', async () => {
    server();
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Enter your username or email')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });

  it('shows "Continue with Google" as a plain link only when the server has Google sign-in', async () => {
    server(true);
    renderLogin();
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', '/auth/google/start?intent=login');
    cleanup();

    server(false);
    const { queryClient } = renderLogin();
    await waitFor(() => expect(queryClient.getQueryState(['client-config'])?.status).toBe('success'));
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
  });

  it('keeps the page it was sent from for a Google sign-in, which leaves the app and lands on the home', async () => {
    server(true);
    renderLogin('/login?redirect=%2Fpool-party%2Faccept%2Ftok123');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    // jsdom cannot follow the link: the click's own handler is what is tested.
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await userEvent.setup().click(google);
    expect(takeReturn()).toBe('/pool-party/accept/tok123');
  });

  it('shows and hides the password', async () => {
    server();
    renderLogin();
    const user = userEvent.setup();
    const field = screen.getByLabelText(/^Password/);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field).toHaveAttribute('type', 'text');
    await user.click(within(field.parentElement!).getByRole('button', { name: 'Hide password' }));
    expect(field).toHaveAttribute('type', 'password');
  });
});

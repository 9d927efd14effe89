import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { getSessionUser, storeSessionUser } from '../../../lib/session-user';
import { answer, errorResponse, sentRequest, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import PasswdRoute from './passwd';
import PasswordResetRoute from './password-reset';

const TOKEN = 'cmVzZXQtdG9rZW4tMTIzNDU2Nzg5MA';

beforeEach(() => {
  registerRoutes(['login', 'password-reset']);
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

async function setPassword(password: string, again = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Repeat the new password/), again);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('the reset link page', () => {
  it('sets the new password with the token, then offers to log in', async () => {
    storeSessionUser({ id: 7, username: 'pat', name: null, isAdmin: false });
    answer('post', '/auth/passwd/reset/:token', { data: { ok: true } });
    const { container } = renderWithProviders(<PasswdRoute />, { path: `/u/passwd?token=${TOKEN}&verified=true` });
    expect(container.querySelector('main[data-page="passwd"]')).not.toBeNull();
    await setPassword('a brand new secret');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    const reset = sentRequest();
    expect(reset.url.pathname).toBe(`/auth/passwd/reset/${TOKEN}`);
    expect(await reset.json()).toEqual({
      token: TOKEN,
      password: 'a brand new secret',
      verify: 'a brand new secret',
    });
    // Every session of the account ended with the reset.
    expect(getSessionUser()).toBeNull();
  });

  it('does not send passwords that differ or are too short', async () => {
    answer('post', '/auth/passwd/reset/:token', { data: { ok: true } });
    renderWithProviders(<PasswdRoute />, { path: `/u/passwd?token=${TOKEN}` });
    await setPassword('a brand new secret', 'a brand new secreT');
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(sentRequests()).toEqual([]);
  });

  it('says the link is dead when the server refuses the token', async () => {
    answer(
      'post',
      '/auth/passwd/reset/:token',
      {
        error: {
          code: 'BAD_REQUEST',
          message: 'params.token: this link is invalid, was already used or has expired',
          fields: [{ field: 'params.token', message: 'this link is invalid, was already used or has expired' }],
        },
      },
      { status: 400 },
    );
    renderWithProviders(<PasswdRoute />, { path: `/u/passwd?token=${TOKEN}` });
    await setPassword('a brand new secret');
    expect(await screen.findByText('This link is invalid, was already used or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/user/password-reset');
  });

  it('shows a refused password under its field', async () => {
    answer(
      'post',
      '/auth/passwd/reset/:token',
      {
        error: {
          code: 'BAD_REQUEST',
          message: 'x',
          fields: [{ field: 'body.password', message: 'is one of the most common passwords' }],
        },
      },
      { status: 400 },
    );
    renderWithProviders(<PasswdRoute />, { path: `/u/passwd?token=${TOKEN}` });
    await setPassword('password123');
    expect(await screen.findByText('Password is one of the most common passwords')).toBeInTheDocument();
  });
});

describe('asking for a reset link', () => {
  it('always answers that a link was sent if an account matches', async () => {
    answer('post', '/auth/passwd/reset', { data: { status: 'accepted' } }, { status: 202 });
    const { container } = renderWithProviders(<PasswordResetRoute />);
    expect(container.querySelector('main[data-page="password-reset"]')).not.toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'Pat@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account matches, we have sent a link');
    const request = sentRequest();
    expect(request.url.pathname).toBe('/auth/passwd/reset');
    expect(await request.json()).toEqual({ email: 'pat@example.com' });
  });

  it('sends the username too when given', async () => {
    answer('post', '/auth/passwd/reset', { data: { status: 'accepted' } }, { status: 202 });
    renderWithProviders(<PasswordResetRoute />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'pat@example.com');
    await user.type(screen.getByRole('textbox', { name: /^Username/ }), 'pat');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    await screen.findByRole('status');
    expect(await sentRequest().json()).toEqual({ email: 'pat@example.com', username: 'pat' });
  });

  it('says so when the server fails', async () => {
    answer('post', '/auth/passwd/reset', () => errorResponse(500, 'INTERNAL'));
    renderWithProviders(<PasswordResetRoute />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not send a link right now. Try again in a moment.',
    );
  });
});

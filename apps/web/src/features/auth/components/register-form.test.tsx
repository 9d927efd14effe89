import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import RegisterNewRoute from '../routes/register-new';
import SignupRoute from '../routes/signup';

const config = {
  supportEmail: 'help@pass.example',
  appStoreUrl: null,
  playStoreUrl: null,
  poolMaxPerLifeguard: 5,
  googleSignIn: false,
};

/** The server: `/api/config` always answers; the account endpoints answer as the test says. */
function server() {
  answer('get', '/api/config', config);
}

const posted = (path: string) => Promise.all(sentRequests({ method: 'post', path }).map((request) => request.json()));

const field = (label: RegExp) => screen.getByLabelText(label);

async function fillIn(values: { name?: string; username?: string; email?: string; password?: string }) {
  const user = userEvent.setup();
  if (values.name) await user.type(field(/^Name/), values.name);
  if (values.username) await user.type(field(/^Username/), values.username);
  if (values.email) await user.type(field(/^Email/), values.email);
  if (values.password) await user.type(field(/^Password/), values.password);
  return user;
}

/** The helper text under a field, found through aria-describedby. */
function messageUnder(label: RegExp): string {
  const input = field(label);
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}

beforeEach(() => {
  registerRoutes(['login', 'register-new']);
});

afterEach(() => {
  cleanup();
});

describe('the sign-up form', () => {
  it('is a real page at both addresses, with labelled fields', () => {
    server();
    const { container } = renderWithProviders(<RegisterNewRoute />);
    expect(container.querySelector('main[data-page="register-new"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    for (const label of [/^Name/, /^Username/, /^Email/, /^Password/]) expect(field(label)).toBeInTheDocument();
    expect(field(/^Name/)).toHaveFocus();
    cleanup();
    const signup = renderWithProviders(<SignupRoute />);
    expect(signup.container.querySelector('main[data-page="signup"]')).not.toBeNull();
  });

  it('checks the fields with the server’s rules as the user types, before sending anything', async () => {
    server();
    renderWithProviders(<RegisterNewRoute />);
    const user = await fillIn({ username: 'x!', email: 'pat@example.io', password: 'short' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(messageUnder(/^Username/)).toBe('Username must be at least 3 characters');
    expect(messageUnder(/^Email/)).toBe('Email must end in .com, .org or .net');
    expect(messageUnder(/^Password/)).toBe('Password must be at least 8 characters');
    expect(await posted('/auth/register')).toEqual([]);

    // The message follows the value as it changes.
    await user.type(field(/^Username/), 'yz');
    expect(messageUnder(/^Username/)).toBe(
      'Username may use letters, digits, dots, hyphens and underscores, and must start with a letter or digit',
    );
    await user.clear(field(/^Username/));
    await user.type(field(/^Username/), 'pat_smith');
    expect(messageUnder(/^Username/)).toBe('3 to 30 characters: letters, digits, . _ -');
  });

  it('shows the server’s field errors from a 400 under their fields', async () => {
    server();
    answer(
      'post',
      '/auth/register',
      {
        error: {
          code: 'BAD_REQUEST',
          message: 'Invalid request',
          fields: [
            { field: 'body.username', message: 'is taken' },
            {
              field: 'body.password',
              message: 'is one of the most common passwords: choose one that is harder to guess',
            },
          ],
        },
      },
      { status: 400 },
    );
    renderWithProviders(<RegisterNewRoute />);
    const user = await fillIn({ username: 'pat', email: 'pat@example.com', password: 'password1' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Username is taken')).toBeInTheDocument();
    expect(messageUnder(/^Username/)).toBe('Username is taken');
    expect(field(/^Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(messageUnder(/^Password/)).toBe(
      'Password is one of the most common passwords: choose one that is harder to guess',
    );
    expect(messageUnder(/^Email/)).toBe('We mail you a link to confirm it');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await posted('/auth/register')).toEqual([
      { username: 'pat', email: 'pat@example.com', password: 'password1' },
    ]);

    // Editing a field clears the server's message under it, and only that one.
    await user.type(field(/^Username/), '2');
    expect(messageUnder(/^Username/)).toBe('3 to 30 characters: letters, digits, . _ -');
    expect(messageUnder(/^Password/)).toContain('most common passwords');
  });

  it('shows a problem the form has no field for above the button', async () => {
    server();
    answer(
      'post',
      '/auth/register',
      {
        error: {
          code: 'BAD_REQUEST',
          message: 'Invalid request',
          fields: [{ field: 'body', message: 'must be valid JSON' }],
        },
      },
      { status: 400 },
    );
    renderWithProviders(<RegisterNewRoute />);
    const user = await fillIn({ username: 'pat', email: 'pat@example.com', password: 'a fine password' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('must be valid JSON');
  });

  it('after a 201 says to check the email, with the address, and can send a new link', async () => {
    server();
    answer('post', '/auth/register', { data: { status: 'verification_sent' } }, { status: 201 });
    answer('post', '/auth/verify/resend', { data: { status: 'accepted' } }, { status: 202 });
    renderWithProviders(<RegisterNewRoute />);
    const user = await fillIn({
      name: ' Pat Smith ',
      username: 'pat',
      email: ' Pat@Example.COM',
      password: 'a fine password',
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('pat@example.com')).toBeInTheDocument();
    expect(await posted('/auth/register')).toEqual([
      { username: 'pat', email: 'pat@example.com', password: 'a fine password', name: 'Pat Smith' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('a new link is on its way');
    expect(await posted('/auth/verify/resend')).toEqual([{ email: 'pat@example.com' }]);
  });

  it('says so when the server fails', async () => {
    server();
    answer('post', '/auth/register', { error: { code: 'INTERNAL', message: 'x' } }, { status: 500 });
    renderWithProviders(<RegisterNewRoute />);
    const user = await fillIn({ username: 'pat', email: 'pat@example.com', password: 'a fine password' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not create your account right now. Try again in a moment.',
    );
  });
});

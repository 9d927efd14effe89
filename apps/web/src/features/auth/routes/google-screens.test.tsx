import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import type * as google from '../lib/google';
import { leaveTo } from '../lib/google';
import LoginErrorRoute from './login-error';
import LoginSsoRoute from './login-sso';
import RegisterWithGoogleRoute from './register-with-google';

vi.mock('../lib/google', async (importOriginal) => ({
  ...(await importOriginal<typeof google>()),
  leaveTo: vi.fn(),
}));

const config = (googleSignIn: boolean) => ({
  supportEmail: 'help@pass.example',
  appStoreUrl: null,
  playStoreUrl: null,
  poolMaxPerLifeguard: 5,
  googleSignIn,
});

beforeEach(() => {
  registerRoutes(['login', 'register-new', 'password-reset']);
});

afterEach(() => {
  cleanup();
  vi.mocked(leaveTo).mockClear();
});

describe('/login/sso', () => {
  it('goes on to Google when it is available', async () => {
    answer('get', '/api/config', config(true));
    const { container } = renderWithProviders(<LoginSsoRoute />);
    expect(container.querySelector('main[data-page="login-sso"]')).not.toBeNull();
    expect(await screen.findByText('Taking you to Google…')).toBeInTheDocument();
    expect(leaveTo).toHaveBeenCalledTimes(1);
    expect(leaveTo).toHaveBeenCalledWith('/auth/google/start?intent=login');
  });

  it('explains, and links to the login form, when it is not', async () => {
    answer('get', '/api/config', config(false));
    renderWithProviders(<LoginSsoRoute />);
    expect(await screen.findByText('Google sign-in is not available right now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(leaveTo).not.toHaveBeenCalled();
  });
});

describe('/user/register-with-google', () => {
  it('offers the Google button for signing up', async () => {
    answer('get', '/api/config', config(true));
    const { container } = renderWithProviders(<RegisterWithGoogleRoute />);
    expect(container.querySelector('main[data-page="register-with-google"]')).not.toBeNull();
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/auth/google/start?intent=register',
    );
  });

  it('says Google sign-in is not available, and offers the email sign-up', async () => {
    answer('get', '/api/config', config(false));
    renderWithProviders(<RegisterWithGoogleRoute />);
    expect(await screen.findByText('Google sign-in is not available right now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up with your email' })).toHaveAttribute('href', '/user/register-new');
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
  });
});

describe('/login-error', () => {
  it.each([
    ['cancelled', 'You cancelled signing in with Google'],
    ['state', 'took too long'],
    ['token', 'could not be checked'],
    ['unverified', 'is not verified'],
    ['email_in_use', 'already exists'],
    ['unavailable', 'not available right now'],
    ['nonsense', 'Logging in did not work'],
    ['toString', 'Logging in did not work'],
  ])('explains the reason %s', (reason, phrase) => {
    const { container } = renderWithProviders(<LoginErrorRoute />, { path: `/login-error?reason=${reason}` });
    expect(container.querySelector('main[data-page="login-error"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'We could not log you in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(phrase);
    expect(screen.getByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/login');
  });

  it('offers a password reset when the address already has an account', () => {
    renderWithProviders(<LoginErrorRoute />, { path: '/login-error?reason=email_in_use' });
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/user/password-reset');
  });
});

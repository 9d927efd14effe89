import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../lib/route-registry';
import { clearSessionUser, storeSessionUser, type SessionUser } from '../../lib/session-user';
import { renderWithProviders } from '../../testing/render';
import { NavBar } from './nav-bar';

const member: SessionUser = { id: 1, username: 'pat', name: 'Pat Smith', isAdmin: false };

beforeAll(() => {
  // A few screens of the navigation exist; 'ncaa-football-schedule' does not.
  registerRoutes(['home', 'football-schedule', 'football-pools', 'user-profile', 'login', 'logout']);
});

beforeEach(() => {
  // Only the clock's interval is faked, so it never ticks outside act() during a test.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  sessionStorage.clear();
  localStorage.clear();
});

const desktopNav = () => {
  const nav = screen.getAllByRole('navigation', { name: 'Main' }).find((element) => element.id !== 'mobile-navigation');
  if (!nav) throw new Error('no desktop navigation');
  return nav;
};

const mobileNav = () => {
  const nav = document.getElementById('mobile-navigation');
  if (!nav) throw new Error('the mobile menu is not open');
  return nav;
};

const linkNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('NavBar', () => {
  it('links the brand to the home page', () => {
    renderWithProviders(<NavBar />);
    expect(screen.getByRole('link', { name: 'PA$$ home' })).toHaveAttribute('href', '/');
  });

  it('shows a visitor the registered public links and log in', () => {
    renderWithProviders(<NavBar />);
    expect(linkNames(desktopNav())).toEqual(['Pro Season', 'Mobile App', 'Log in']);
    expect(within(desktopNav()).getByRole('link', { name: 'Pro Season' })).toHaveAttribute(
      'href',
      '/football/schedule',
    );
    expect(within(desktopNav()).getByRole('link', { name: 'Mobile App' })).toHaveAttribute('href', '/#mobile-app');
  });

  it('shows a member the member links with their name', () => {
    storeSessionUser(member);
    renderWithProviders(<NavBar />);
    expect(linkNames(desktopNav())).toEqual(['Pro Season', 'Pool Party', 'Mobile App', 'Pat Smith', 'Log out']);
  });

  it('updates the links when the user signs in and out', () => {
    renderWithProviders(<NavBar />);
    act(() => storeSessionUser(member));
    expect(within(desktopNav()).getByRole('link', { name: 'Log out' })).toBeInTheDocument();
    expect(within(desktopNav()).queryByRole('link', { name: 'Log in' })).toBeNull();
    act(() => clearSessionUser());
    expect(within(desktopNav()).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('shows the clock', () => {
    const { container } = renderWithProviders(<NavBar />);
    expect(container.querySelector('time[datetime]')).not.toBeNull();
  });

  it('starts with the mobile menu closed', () => {
    renderWithProviders(<NavBar />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', 'mobile-navigation');
    expect(document.getElementById('mobile-navigation')).toBeNull();
  });

  it('opens the mobile menu with the same links, and closes it with the button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NavBar />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const closeButton = screen.getByRole('button', { name: 'Close menu' });
    expect(closeButton).toHaveAttribute('aria-expanded', 'true');
    expect(linkNames(mobileNav())).toEqual(['Pro Season', 'Mobile App', 'Log in']);

    await user.click(closeButton);
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(document.getElementById('mobile-navigation')).toBeNull());
  });

  it('closes the mobile menu when a link in it is clicked, and navigates', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<NavBar />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(mobileNav()).getByRole('link', { name: 'Pro Season' }));

    expect(router.state.location.pathname).toBe('/football/schedule');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(document.getElementById('mobile-navigation')).toBeNull());
  });

  it('navigates from a desktop link', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<NavBar />, { path: '/about' });
    await user.click(within(desktopNav()).getByRole('link', { name: 'Log in' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});

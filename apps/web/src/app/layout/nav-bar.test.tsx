import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../lib/route-registry';
import { clearSessionUser, storeSessionUser, type SessionUser } from '../../lib/session-user';
import { answer } from '../../testing/api-server';
import { FakeSocket } from '../../testing/fake-socket';
import { renderWithProviders } from '../../testing/render';
import { NavBar } from './nav-bar';

const member: SessionUser = { id: 1, username: 'pat', name: 'Pat Smith', isAdmin: false };

beforeAll(() => {
  // Some screens of the navigation exist; 'ncaa-football-schedule', the free odds and the almanac do not.
  registerRoutes([
    'home',
    'football-schedule',
    'football-pools',
    'football-pool',
    'user-bets',
    'user-stats',
    'compare-books',
    'user-profile',
    'login',
    'logout',
  ]);
});

beforeEach(() => {
  // Only the clock's interval is faked, so it never ticks outside act() during a test.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  sessionStorage.clear();
  localStorage.clear();
  // A member's navigation asks for their chat rooms, for its unread dot.
  answer('get', '/api/chat/rooms', { data: [] });
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

const names = (container: HTMLElement, role: 'link' | 'button' | 'menuitem') =>
  within(container)
    .queryAllByRole(role)
    .map((element) => element.getAttribute('aria-label') ?? element.textContent);

/** The links of a desktop group's menu, once opened. */
async function openGroup(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(within(desktopNav()).getByRole('button', { name: label }));
  return screen.findByRole('menu', { name: label });
}

describe('NavBar', () => {
  it('links the brand to the home page', () => {
    renderWithProviders(<NavBar />);
    expect(screen.getByRole('link', { name: 'PA$$ home' })).toHaveAttribute('href', '/');
  });

  it('shows a visitor the groups with a registered screen, the single links and log in', () => {
    renderWithProviders(<NavBar />);
    expect(names(desktopNav(), 'button')).toEqual(['Schedules', 'Odds', 'My Bets']);
    expect(names(desktopNav(), 'link')).toEqual(['Mobile App', 'Log in']);
    expect(within(desktopNav()).getByRole('link', { name: 'Mobile App' })).toHaveAttribute('href', '/#mobile-app');
  });

  it('shows a member the Pool Party group and their name, and no log in', () => {
    storeSessionUser(member);
    renderWithProviders(<NavBar />);
    expect(names(desktopNav(), 'button')).toEqual(['Schedules', 'Odds', 'My Bets', 'Pool Party']);
    expect(names(desktopNav(), 'link')).toEqual(['Mobile App', 'Pat Smith', 'Log out']);
  });

  it("holds a member's own live channel, so a post in one of their rooms lights the chat dot at once", async () => {
    // waitFor polls with setInterval, which the clock's fake would stop: the channel comes with a lazy chunk.
    vi.useRealTimers();
    storeSessionUser(member);
    renderWithProviders(<NavBar />);
    await waitFor(() => expect(FakeSocket.made.length).toBeGreaterThan(0));
    const socket = FakeSocket.latest();
    act(() => socket.open());
    await waitFor(() => expect(socket.channels()).toEqual(['member:1']));
    cleanup();

    // A visitor's navigation opens no socket.
    clearSessionUser();
    const before = FakeSocket.made.length;
    renderWithProviders(<NavBar />);
    expect(FakeSocket.made.length).toBe(before);
  });

  it("opens a group's menu of links, each described by what its screen is", async () => {
    const user = userEvent.setup();
    storeSessionUser(member);
    renderWithProviders(<NavBar />);
    const button = within(desktopNav()).getByRole('button', { name: 'My Bets' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    const menu = await openGroup(user, 'My Bets');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const bets = within(menu).getByRole('menuitem', { name: 'My Bets' });
    expect(bets).toHaveAttribute('href', '/user/bets');
    expect(bets).toHaveAccessibleDescription('Every pick and bet you record, graded');
    expect(within(menu).getByRole('menuitem', { name: 'My Stats' })).toHaveAttribute('href', '/user/stats');
    // The almanac's and the teller's screens are not registered here: no link to them.
    expect(within(menu).queryByRole('menuitem', { name: 'Almanac' })).toBeNull();
  });

  it('follows a link of a group and closes its menu', async () => {
    const user = userEvent.setup();
    storeSessionUser(member);
    const { router } = renderWithProviders(<NavBar />, { path: '/about' });
    const menu = await openGroup(user, 'Odds');
    await user.click(within(menu).getByRole('menuitem', { name: 'Compare books' }));
    expect(router.state.location.pathname).toBe('/compare-books');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('marks a visitor’s members-only links, saying that they log in first', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NavBar />);
    const menu = await openGroup(user, 'My Bets');
    const bets = within(menu).getByRole('menuitem', { name: 'My Bets' });
    expect(bets).toHaveTextContent('Members');
    expect(bets).toHaveAccessibleDescription('Every pick and bet you record, graded (log in first)');
  });

  it('marks the current screen’s link with aria-current and its group with a visible mark', async () => {
    const user = userEvent.setup();
    storeSessionUser(member);
    renderWithProviders(<NavBar />, { path: '/football/pool/12' });
    const group = within(desktopNav()).getByRole('button', { name: 'Pool Party' });
    expect(group).toHaveAttribute('data-current-section', 'true');
    expect(within(desktopNav()).getByRole('button', { name: 'My Bets' })).not.toHaveAttribute('data-current-section');

    const menu = await openGroup(user, 'Pool Party');
    expect(within(menu).getByRole('menuitem', { name: 'Pro pools' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(menu)
        .queryAllByRole('menuitem')
        .filter((item) => item.hasAttribute('aria-current')),
    ).toHaveLength(1);
  });

  it('marks no link on a screen outside the navigation', () => {
    storeSessionUser(member);
    const { container } = renderWithProviders(<NavBar />, { path: '/about' });
    expect(container.querySelector('[aria-current]')).toBeNull();
    expect(container.querySelector('[data-current-section]')).toBeNull();
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

  it('opens the mobile menu with the same groups as headed lists, and closes it with the button', async () => {
    const user = userEvent.setup();
    storeSessionUser(member);
    renderWithProviders(<NavBar />, { path: '/user/bets' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const closeButton = screen.getByRole('button', { name: 'Close menu' });
    expect(closeButton).toHaveAttribute('aria-expanded', 'true');
    const headings = within(mobileNav()).getAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Schedules', 'Odds', 'My Bets', 'Pool Party']);
    const bets = within(mobileNav()).getByRole('list', { name: 'My Bets' });
    expect(names(bets, 'link')).toEqual(['My Bets', 'My Stats']);
    expect(within(bets).getByRole('link', { name: 'My Bets' })).toHaveAttribute('aria-current', 'page');
    expect(headings[2]).toHaveAttribute('data-current-section', 'true');
    expect(names(mobileNav(), 'link').slice(-3)).toEqual(['Mobile App', 'Pat Smith', 'Log out']);

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

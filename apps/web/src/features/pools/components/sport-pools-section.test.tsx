import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { clearSessionUser, storeSessionUser } from '../../../lib/session-user';
import { answer, errorResponse, sentRequests } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render';
import { poolDetail, poolSummary } from '../testing-data';
import { SportPoolsSection } from './sport-pools-section';

beforeEach(() => registerRoutes(['login', 'signup', 'football-pool', 'pool-party']));

afterEach(() => {
  cleanup();
  clearSessionUser();
  vi.useRealTimers();
});

const pools = [
  poolSummary({ id: 7, name: 'Office Splash' }),
  poolSummary({ id: 11, name: 'Dugout Dollars', sport: 'baseball_mlb', season: 2026 }),
  poolSummary({ id: 12, name: 'Bleacher Bums', sport: 'baseball_mlb', season: 2025, role: 'guest' }),
];

function server({ list = pools, time = '2026-06-10T16:00:00.000Z', health = true } = {}) {
  answer('get', '/api/health', () =>
    health ? HttpResponse.json({ status: 'ok', uptimeSeconds: 1, time }) : errorResponse(503, 'UNAVAILABLE'),
  );
  answer(
    'post',
    '/api/pools',
    { data: poolDetail({ id: 13, name: 'Seventh Inning', sport: 'baseball_mlb' }) },
    { status: 201 },
  );
  answer('get', '/api/pools', { data: list });
}

const renderSection = () =>
  renderRoutes([{ path: '/baseball', element: <SportPoolsSection sport="baseball_mlb" noun="baseball" /> }], {
    path: '/baseball',
  });

const member = () => storeSessionUser({ id: 2, username: 'kim', name: null, isAdmin: false });

describe('SportPoolsSection (the baseball menu’s pools)', () => {
  it('asks a visitor to log in and come back, and asks the server for nothing', async () => {
    server();
    renderSection();
    const section = screen.getByRole('region', { name: 'Pools' });
    expect(within(section).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?${new URLSearchParams({ redirect: '/baseball' })}`,
    );
    expect(within(section).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(within(section).queryByRole('list')).toBeNull();
    expect(sentRequests()).toEqual([]);
  });

  it("lists the member's baseball pools only, each opening on the pool page", async () => {
    member();
    server();
    renderSection();
    const list = await screen.findByRole('list', { name: 'My baseball pools' });
    expect(within(list).getByRole('link', { name: 'Dugout Dollars' })).toHaveAttribute('href', '/football/pool/11');
    expect(within(list).getByRole('link', { name: 'Bleacher Bums' })).toHaveAttribute('href', '/football/pool/12');
    expect(within(list).queryByText('Office Splash')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Create a pool' })).toBeNull();
  });

  it('says so when the member has no baseball pool', async () => {
    member();
    server({ list: [pools[0]!] });
    renderSection();
    expect(await screen.findByText(/You are in no baseball pool yet/)).toBeInTheDocument();
  });

  it("creates a baseball pool in the server's season and week, whatever date the device has", async () => {
    // The device thinks it is January 2019; the server's clock is in week 12 of the 2026 baseball season.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2019-01-01T00:00:00Z'));
    member();
    server();
    renderSection();
    const user = userEvent.setup();
    const open = await screen.findByRole('button', { name: 'Create a baseball pool' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(await screen.findByRole('heading', { level: 3, name: 'Create a pool' })).toBeInTheDocument();
    expect(screen.getByText(/^MLB 2026\. You will be its Lifeguard/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Start week' })).toHaveTextContent('Week 12');
    await user.type(screen.getByLabelText(/Pool name/), 'Seventh Inning');
    await user.click(screen.getByRole('button', { name: 'Create pool' }));
    expect(await screen.findByText(/“Seventh Inning” is ready/)).toBeInTheDocument();
    const [post] = sentRequests({ method: 'post' });
    expect(await post!.json()).toMatchObject({ sport: 'baseball_mlb', season: 2026, start_week: 12 });
  });

  it('offers next season once this season’s pool weeks are over', async () => {
    member();
    server({ time: '2026-11-24T16:00:00.000Z' });
    renderSection();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create a baseball pool' }));
    expect(await screen.findByText(/^MLB 2027\. You will be its Lifeguard/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Start week' })).toHaveTextContent('Week 1');
  });

  it("falls back to the device's clock when the server cannot tell the time", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-10T16:00:00Z'));
    member();
    server({ health: false });
    renderSection();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create a baseball pool' }));
    expect(await screen.findByText(/^MLB 2025\. You will be its Lifeguard/)).toBeInTheDocument();
  });
});

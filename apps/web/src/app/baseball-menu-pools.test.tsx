import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { teamsResponse } from '../features/sports/testing/fixtures';
import { registerRoutes } from '../lib/route-registry';
import { clearSessionUser, storeSessionUser } from '../lib/session-user';
import { answer, errorResponse } from '../testing/api-server';
import { renderRoutes } from '../testing/render';
import { screens } from './route-table';

registerRoutes(['login', 'football-pool']);

afterEach(() => {
  cleanup();
  clearSessionUser();
});

const baseballPool = {
  id: 31,
  name: 'Dugout Dollars',
  icon: 'star',
  icon_color: '#ffffff',
  icon_background: '#0277bd',
  sport: 'baseball_mlb',
  season: 2026,
  start_week: 12,
  games_per_week: 8,
  win_basis: 'straight',
  double_play: true,
  triple_play: false,
  last_man_standing: false,
  status: 1,
  role: 'lifeguard',
  lifeguard: { username: 'pat' },
  member_count: 3,
  started: false,
  joining_closes_at: null,
  created_at: '2026-06-01T12:00:00.000Z',
  ended_at: null,
};

async function renderMenu() {
  answer('get', '/api/standings/baseball_mlb', () => errorResponse(404, 'NOT_FOUND'));
  answer('get', '/api/sport/baseball_mlb/teams', { ...teamsResponse, sport: 'baseball_mlb' });
  answer('get', '/api/pools', { data: [baseballPool] });
  answer('get', '/api/health', { status: 'ok', uptimeSeconds: 1, time: '2026-06-10T16:00:00Z' });
  const { default: Menu } = await screens.find((entry) => entry.name === 'baseball-menu')!.screen();
  return renderRoutes([{ path: '/baseball', element: <Menu /> }], { path: '/baseball' });
}

describe('the baseball menu', () => {
  it("lists the member's baseball pools in its Pools section", async () => {
    storeSessionUser({ id: 1, username: 'pat', name: null, isAdmin: false });
    await renderMenu();
    const list = await screen.findByRole('list', { name: 'My baseball pools' });
    expect(within(list).getByRole('link', { name: 'Dugout Dollars' })).toHaveAttribute('href', '/football/pool/31');
    expect(document.querySelector('main[data-page="baseball-menu"]')).not.toBeNull();
  });

  it('asks a visitor to log in instead', async () => {
    await renderMenu();
    const section = await screen.findByRole('region', { name: 'Pools' });
    expect(within(section).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fbaseball',
    );
  });
});

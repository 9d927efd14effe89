import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { poolListItem } from '../testing-data';
import { PoolPartyScreen } from './pool-party-screen';

beforeEach(() => {
  registerRoutes(['football-pools', 'invite']);
  answer('get', '/api/config', {
    supportEmail: 'help@pass.example',
    appStoreUrl: null,
    playStoreUrl: null,
    poolMaxPerLifeguard: 3,
    googleSignIn: false,
  });
  answer('get', '/api/pools', {
    data: [poolListItem(), poolListItem({ id: 9, name: 'Guest Pool', role: 'guest' })],
  });
  answer('get', '/api/book/events/americanfootball_nfl', {
    sport: 'americanfootball_nfl',
    season: 2025,
    book: null,
    week: { number: 3, label: 'Week 3', season_type: 'regular', start: '2025-09-18', end: '2025-09-22', games: 1 },
    events: [
      {
        event_id: 1,
        sport: 'americanfootball_nfl',
        season: 2025,
        week: 3,
        yr_week: 202503,
        season_type: 'regular',
        kickoff: '2025-09-19T00:15:00.000Z',
        game_date: '2025-09-18',
        home_team: 'KC',
        away_team: 'BUF',
        neutral_site: false,
        status: 'final',
        event_scores: { home: 24, away: 20 },
      },
    ],
  });
  answer('get', '/legal/pool-party-rules', {
    title: 'Pool Party Rules',
    updatedAt: '2025-01-01',
    htmlContent: '<p>Picks lock at kickoff.</p>',
  });
});

afterEach(() => {
  cleanup();
});

describe('PoolPartyScreen', () => {
  it("opens on this week's games", async () => {
    renderWithProviders(<PoolPartyScreen />, { path: '/pool-party' });
    expect(await screen.findByRole('heading', { name: 'Week 3, 2025' })).toBeInTheDocument();
    const games = screen.getByRole('list', { name: "This week's games" });
    expect(within(games).getByText('BUF @ KC')).toBeInTheDocument();
    expect(within(games).getByText('Final 20–24')).toBeInTheDocument();
    expect(document.querySelector('main[data-page="pool-party"]')).not.toBeNull();
  });

  it('shows the rules as the server writes them, with its limits', async () => {
    renderWithProviders(<PoolPartyScreen />, { path: '/pool-party?tab=rules' });
    expect(await screen.findByText('Picks lock at kickoff.')).toBeInTheDocument();
  });

  it('lists the pools I host under Lifeguard with a create button, and all of mine under My Pools', async () => {
    renderWithProviders(<PoolPartyScreen />, { path: '/pool-party' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Lifeguard' }));
    const hosted = await screen.findByRole('list', { name: 'Pools I host' });
    expect(within(hosted).getByText('Office Splash')).toBeInTheDocument();
    expect(within(hosted).queryByText('Guest Pool')).toBeNull();
    expect(screen.getByRole('link', { name: 'Create a pool' })).toHaveAttribute('href', '/football/pools');
    await user.click(screen.getByRole('tab', { name: 'My Pools' }));
    const mine = await screen.findByRole('list', { name: 'My pools' });
    expect(within(mine).getByText('Guest Pool')).toBeInTheDocument();
    expect(within(mine).getByText('Office Splash')).toBeInTheDocument();
  });
});

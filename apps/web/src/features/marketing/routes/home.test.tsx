import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import HomeRoute from './home';

beforeAll(() => {
  registerRoutes(['demo', 'subscribe', 'register-new', 'football-pools', 'campaign-pool-party']);
});

afterEach(() => {
  cleanup();
});

describe('HomeRoute', () => {
  it('links the Win, Lose, Learn section to the demo of simulated wagers', () => {
    answer('all', '/*', {});
    renderWithProviders(<HomeRoute />);
    const section = screen.getByRole('heading', { name: 'Win, lose, learn' }).parentElement!;
    expect(within(section).getByRole('link', { name: 'Try simulated wagers' })).toHaveAttribute('href', '/demo');
    expect(within(section).getByRole('link', { name: 'See the demo' })).toHaveAttribute('href', '/demo');
    expect(screen.getByRole('link', { name: 'Join for free' })).toHaveAttribute('href', '/user/register-new');
  });

  it("sends the Pool Party section's Create button to the pools page, and its campaign link to the free sign-up", () => {
    answer('all', '/*', {});
    renderWithProviders(<HomeRoute />);
    const section = screen.getByRole('region', { name: 'Pool Party' });
    expect(within(section).getByRole('link', { name: 'Create a pool' })).toHaveAttribute('href', '/football/pools');
    expect(within(section).getByRole('link', { name: /^Pool Party is free/ })).toHaveAttribute(
      'href',
      '/campaign/pass-pool-party/signup-for-free',
    );
  });
});

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { renderWithProviders } from '../../../testing/render';
import Season2025Route from '../routes/season-2025';

afterEach(cleanup);

describe('SeasonMenu', () => {
  it("links to the season's screens that exist, the season filled in, and nothing else", async () => {
    registerRoutes(['football-season-schedule', 'football-pools']);
    renderWithProviders(<Season2025Route />);
    const menu = await screen.findByRole('list', { name: '2025 Season' });
    expect(within(menu).getByRole('link', { name: 'Schedule' })).toHaveAttribute(
      'href',
      '/football/season/2025/schedule',
    );
    expect(within(menu).getByRole('link', { name: 'My pools' })).toHaveAttribute('href', '/football/pools');
    // Not registered here: no link, and no empty entry either.
    expect(within(menu).queryByText('Invite friends')).toBeNull();
    expect(within(menu).getAllByRole('listitem')).toHaveLength(2);
    expect(document.querySelector('main[data-page="season-2025"]')).not.toBeNull();
  });
});

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playLimitsStatus } from '../../features/stats/testing-data';
import { answer, errorResponse } from '../../testing/api-server';
import { renderWithProviders } from '../../testing/render';
import { stubViewportWidth } from '../../testing/viewport';
import UserProfilePage from './user-profile-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const account = {
  id: 7,
  username: 'pat',
  name: 'Pat',
  email: 'pat@example.com',
  emailVerified: true,
  setupComplete: true,
  isAdmin: false,
};

describe('the profile page', () => {
  it('has a Responsible play section with the member’s limits, usable on a phone', async () => {
    stubViewportWidth(390);
    // The subscriptions section is not what this test reads.
    answer('all', '/*', () => errorResponse(404, 'NOT_FOUND', 'not here'));
    answer('get', '/auth/whoami', { data: account });
    answer('get', '/api/user/play-limits', { data: playLimitsStatus() });
    answer('get', '/api/user/notifications', {
      data: {
        mail_pick_reminder: true,
        mail_pool_results: true,
        push_pick_reminder: false,
        push_pool_results: false,
        push_chat_mention: false,
      },
    });
    renderWithProviders(<UserProfilePage />);
    const section = await screen.findByRole('region', { name: 'Responsible play' });
    expect(await within(section).findByRole('textbox', { name: 'Monthly budget' })).toHaveValue('200.00');
    expect(within(section).getByRole('textbox', { name: 'Loss streak alert' })).toHaveValue('4');
    expect(within(section).getByRole('button', { name: 'Save limits' })).toBeInTheDocument();
  });
});

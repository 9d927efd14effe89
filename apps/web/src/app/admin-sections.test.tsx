import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSessionUser, storeSessionUser } from '../lib/session-user';
import { jsonResponse, stubFetch } from '../testing/fetch';
import { renderWithProviders } from '../testing/render';
import { screens } from './route-table';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSessionUser();
});

describe('the admin screen', () => {
  it('holds Pool Party’s refused invitations, a link away in its navigation', async () => {
    storeSessionUser({ id: 1, username: 'root', name: null, isAdmin: true });
    stubFetch((url) => {
      if (url.pathname === '/api/admin/imports') return jsonResponse({ sources: [], scheduler: { jobs: [] } });
      if (url.pathname === '/api/admin/pool-invitation-refusals') return jsonResponse({ data: [], next_before: null });
      throw new Error(`unexpected request to ${url.pathname}`);
    });
    const { default: Admin } = await screens.find((entry) => entry.name === 'admin-almanac')!.screen();
    renderWithProviders(<Admin />);
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Refused invitations' })).toHaveAttribute(
      'href',
      '#refused-invitations',
    );
    expect(within(nav).getByRole('link', { name: 'Data imports' })).toHaveAttribute('href', '#data-imports');
    const section = screen.getByRole('region', { name: 'Refused invitations' });
    expect(section).toHaveAttribute('id', 'refused-invitations');
    expect(await within(section).findByText('No invitation has been refused.')).toBeInTheDocument();
    expect(document.getElementById('data-imports')).not.toBeNull();
    expect(document.querySelector('main[data-page="admin-almanac"]')).not.toBeNull();
  });
});

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSessionUser, storeSessionUser } from '../lib/session-user';
import { answer } from '../testing/api-server';
import { renderRoutes, renderWithProviders } from '../testing/render';
import { stubViewportWidth } from '../testing/viewport';
import { ADMIN_SECTIONS, adminShellSections } from './admin-sections';
import { screens } from './route-table';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSessionUser();
});

describe('the admin screen', () => {
  it('holds Pool Party’s refused invitations, a link away in its navigation', async () => {
    storeSessionUser({ id: 1, username: 'root', name: null, isAdmin: true });
    answer('get', '/api/admin/imports', { sources: [], scheduler: { jobs: [] }, live_sources: [], budgets: [] });
    answer('get', '/api/admin/pool-invitation-refusals', { data: [], next_before: null });
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

describe('the admin shell at /admin/:section?', () => {
  const emptyList = { page: 1, page_size: 20, total: 0, sort: 'id', dir: 'desc', data: [] };
  const answerEmptyLists = () => {
    answer('get', '/api/admin/tables/*', emptyList);
    answer('get', '/api/admin/pool-invitation-refusals', { data: [], next_before: null });
  };

  it('lists the registry’s sections in their order as tabs, opens the first, and each by its address', async () => {
    stubViewportWidth(1280);
    storeSessionUser({ id: 1, username: 'root', name: null, isAdmin: true });
    answerEmptyLists();
    const { default: Admin } = await screens.find((entry) => entry.name === 'admin')!.screen();
    const { router } = renderRoutes([{ path: '/admin/:section?', element: <Admin /> }], { path: '/admin' });
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    expect(
      within(nav)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Users',
      'Subscriptions',
      'Pools',
      'Imports',
      'Outbox',
      'Audit log',
      'Page views',
      'Refused invitations',
    ]);
    expect(within(nav).getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(document.querySelector('main[data-page="admin"]')).not.toBeNull();
    expect(within(nav).getByRole('tab', { name: 'Refused invitations' })).toHaveAttribute('href', '/admin/invitations');
    await router.navigate('/admin/outbox');
    expect(await screen.findByRole('table', { name: 'Mail outbox' })).toBeInTheDocument();
    await router.navigate('/admin/nothing-here');
    expect(await screen.findByText(/There is no admin section “nothing-here”/)).toBeInTheDocument();
  });

  it('places a section another feature registers by its order', () => {
    const entries = [
      ...ADMIN_SECTIONS,
      { key: 'reports', label: 'Reports', order: 35, load: () => Promise.resolve(() => null) },
    ];
    expect(adminShellSections(entries).map((section) => section.key)).toEqual([
      'users',
      'subscriptions',
      'pools',
      'reports',
      'imports',
      'outbox',
      'audit',
      'page-views',
      'invitations',
    ]);
  });

  it('gives a phone a select of the sections instead of tabs', async () => {
    stubViewportWidth(390);
    storeSessionUser({ id: 1, username: 'root', name: null, isAdmin: true });
    answerEmptyLists();
    const { default: Admin } = await screens.find((entry) => entry.name === 'admin')!.screen();
    renderRoutes([{ path: '/admin/:section?', element: <Admin /> }], { path: '/admin/pools' });
    expect(await screen.findByRole('combobox', { name: 'Admin section' })).toHaveTextContent('Pools');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(await screen.findByRole('table', { name: 'Pools' })).toBeInTheDocument();
  });
});

import type { AdminUserRow, AdminUsersResponse } from '@pass/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { UsersSection } from './admin-tables';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = (id: number, overrides: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id,
  username: `member${id}`,
  email: `member${id}@example.com`,
  name: null,
  is_admin: false,
  verified: true,
  pools_hosted: 0,
  created_at: '2026-11-20T15:30:00.000Z',
  suspended_at: null,
  suspended_reason: null,
  ...overrides,
});

/** A server of 45 accounts that answers each list request from its parameters. */
function server(options: { suspended?: Set<number> } = {}) {
  const suspended = options.suspended ?? new Set<number>();
  const everyone = Array.from({ length: 45 }, (_, index) => user(index + 1));
  answer('post', '/api/admin/users/:id/suspend', ({ params }) => {
    const id = Number(params.id);
    suspended.add(id);
    return HttpResponse.json({ data: { id, suspended: null } });
  });
  answer('post', '/api/admin/users/:id/unsuspend', ({ params }) => {
    const id = Number(params.id);
    suspended.delete(id);
    return HttpResponse.json({ data: { id, suspended: null } });
  });
  answer('get', '/api/admin/tables/users', ({ request }) => {
    const params = new URL(request.url).searchParams;
    const q = params.get('q') ?? '';
    const sort = params.get('sort') ?? 'created_at';
    const dir = params.get('dir') ?? (params.get('sort') ? 'asc' : 'desc');
    const page = Number(params.get('page') ?? 1);
    const pageSize = Number(params.get('pageSize') ?? 20);
    let rows = everyone.filter((row) => row.username.includes(q));
    if (sort === 'username') rows = [...rows].sort((a, b) => a.username.localeCompare(b.username));
    if (dir === 'desc' && sort === 'username') rows = [...rows].reverse();
    const list: AdminUsersResponse = {
      page,
      page_size: pageSize,
      total: rows.length,
      sort,
      dir: dir as 'asc' | 'desc',
      data: rows
        .slice((page - 1) * pageSize, page * pageSize)
        .map((row) =>
          suspended.has(row.id)
            ? { ...row, suspended_at: '2026-11-24T10:00:00.000Z', suspended_reason: 'Invitation spam' }
            : row,
        ),
    };
    return HttpResponse.json(list);
  });
}

const lastListRequest = () => sentRequests({ path: '/api/admin/tables/users' }).at(-1)!.url.searchParams;

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the admin users table', () => {
  it('asks for page 1 of 20 first, pages on, and starts again at page 1 when the search changes', async () => {
    stubViewportWidth(1280);
    server();
    renderWithProviders(<UsersSection />);
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('member1@example.com');
    expect(bodyRows(table)).toHaveLength(20);
    expect(Object.fromEntries(lastListRequest())).toEqual({ page: '1', pageSize: '20' });
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await within(table).findByText('member21@example.com');
    expect(lastListRequest().get('page')).toBe('2');
    expect(screen.getByText('21–40 of 45')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search username, email or name' }), {
      target: { value: 'member4' },
    });
    await waitFor(() => expect(lastListRequest().get('q')).toBe('member4'));
    expect(lastListRequest().get('page')).toBe('1');
    await waitFor(() => expect(bodyRows(table)).toHaveLength(7));
    expect(screen.getByText('1–7 of 7')).toBeInTheDocument();
  });

  it('sorts by a header, reverses on a second click, and exports with the same filters and sort', async () => {
    stubViewportWidth(1280);
    server();
    renderWithProviders(<UsersSection />);
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('member1@example.com');
    // The server's own order (newest first) shows on its header before any is asked.
    expect(within(table).getByRole('columnheader', { name: /Joined/ })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(within(table).getByRole('button', { name: 'Username' }));
    await waitFor(() => expect(lastListRequest().get('sort')).toBe('username'));
    expect(lastListRequest().get('dir')).toBe('asc');
    await waitFor(() => expect(within(bodyRows(table)[1]!).getByText('member10')).toBeInTheDocument());
    expect(within(table).getByRole('columnheader', { name: /Username/ })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(within(table).getByRole('button', { name: /Username/ }));
    await waitFor(() => expect(lastListRequest().get('dir')).toBe('desc'));
    await waitFor(() => expect(within(bodyRows(table)[0]!).getByText('member9')).toBeInTheDocument());

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Suspended' }));
    await waitFor(() => expect(lastListRequest().get('status')).toBe('suspended'));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/tables/users/export?status=suspended&sort=username&dir=desc&format=csv',
    );
    expect(screen.getByRole('link', { name: 'Export JSON' })).toHaveAttribute(
      'href',
      '/api/admin/tables/users/export?status=suspended&sort=username&dir=desc&format=json',
    );
  });

  it('scrolls sideways in a focusable region on a phone', async () => {
    stubViewportWidth(390);
    server();
    renderWithProviders(<UsersSection />);
    const region = await screen.findByRole('region', { name: 'Users (scrolls sideways)' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table', { name: 'Users' })).toBeInTheDocument();
  });

  it('suspends an account with a reason and lifts the suspension', async () => {
    stubViewportWidth(1280);
    server();
    renderWithProviders(<UsersSection />);
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('member1@example.com');

    await userEvent.click(within(table).getByRole('button', { name: 'Suspend account member3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend the account member3?' });
    const submit = within(dialog).getByRole('button', { name: 'Suspend' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Invitation spam');
    await userEvent.click(submit);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [post] = sentRequests({ method: 'post', path: '/api/admin/users/3/suspend' });
    expect(await post!.json()).toEqual({ reason: 'Invitation spam' });
    // The table is asked again and shows the suspension, with a button to lift it.
    const lift = await within(table).findByRole('button', { name: 'Lift the suspension of account member3' });
    expect(within(table).getByText(/Invitation spam/)).toBeInTheDocument();

    await userEvent.click(lift);
    await within(table).findByRole('button', { name: 'Suspend account member3' });
    expect(sentRequests({ method: 'post', path: '/api/admin/users/3/unsuspend' })).not.toEqual([]);
  });
});

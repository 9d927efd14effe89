import type { PoolInvitationRefusal } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, sentRequest } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { REFUSALS_PAGE } from '../api/admin-refusals';
import { RefusedInvitations } from './refused-invitations';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const refusal = (id: number, overrides: Partial<PoolInvitationRefusal> = {}): PoolInvitationRefusal => ({
  id,
  at: '2026-11-20T15:30:00.000Z',
  lifeguard: { id: 4, username: 'pat', refusals: 3, suspended: false },
  pool: { id: 12, name: 'Office Splash', sport: 'americanfootball_nfl', season: 2026, status: 1, suspended: false },
  email: `friend${id}@example.com`,
  ...overrides,
});

function server(pages: Record<string, { data: PoolInvitationRefusal[]; next_before: number | null }>) {
  answer('get', '/api/admin/pool-invitation-refusals', ({ request }) =>
    HttpResponse.json(pages[new URL(request.url).searchParams.get('before') ?? 'first']),
  );
}

describe('RefusedInvitations (admin)', () => {
  it('shows each refusal with its Lifeguard, their refusals in all, the pool and the address, then older ones', async () => {
    stubViewportWidth(1280);
    server({
      first: {
        data: [
          refusal(9),
          refusal(8, {
            lifeguard: { id: 5, username: null, refusals: 1, suspended: false },
            pool: null,
          }),
        ],
        next_before: 8,
      },
      8: {
        data: [
          refusal(3, {
            pool: { id: 2, name: 'Dugout', sport: 'baseball_mlb', season: 2026, status: 4, suspended: false },
          }),
        ],
        next_before: null,
      },
    });
    renderWithProviders(<RefusedInvitations />);
    const table = await screen.findByRole('table', { name: 'Refused invitations' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('pat')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('3')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Office Splash')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('#12 · NFL 2026 · Open')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('friend9@example.com')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Account #5 (deleted)')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('A deleted pool')).toBeInTheDocument();
    expect(sentRequest().url.searchParams.get('limit')).toBe(String(REFUSALS_PAGE));

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show older' }));
    expect(await within(table).findByText('friend3@example.com')).toBeInTheDocument();
    expect(within(table).getByText('#2 · MLB 2026 · Ended')).toBeInTheDocument();
    expect(sentRequest(1).url.searchParams.get('before')).toBe('8');
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('stacks the rows on a phone, and says when nothing has been refused', async () => {
    stubViewportWidth(390);
    server({ first: { data: [refusal(9)], next_before: null } });
    renderWithProviders(<RefusedInvitations />);
    const list = await screen.findByRole('list', { name: 'Refused invitations' });
    expect(within(list).getByText('friend9@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();

    server({ first: { data: [], next_before: null } });
    renderWithProviders(<RefusedInvitations />);
    expect(await screen.findByText('No invitation has been refused.')).toBeInTheDocument();
  });
});

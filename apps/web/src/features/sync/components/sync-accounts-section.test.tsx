import type { SyncAccount, SyncToken } from '@pass/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer, errorResponse } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { SyncAccountsSection } from './sync-accounts-section';

beforeAll(() => registerRoutes(['subscribe']));
afterEach(() => {
  cleanup();
});

const account = (book: string, name: string, overrides: Partial<SyncAccount> = {}): SyncAccount => ({
  betsync_account_id: `00000000-0000-4000-8000-${String(book.length).padStart(12, '0')}`,
  book,
  betsync_book_name: name,
  betsync_account_access: true,
  created_at: '2026-11-22T12:00:00.000Z',
  grace_days_remaining: 3,
  covered: false,
  last_sync_at: null,
  last_sync_summary: null,
  ...overrides,
});

const NEW_TOKEN = 'pass_sync_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

/** The sync calls over a small in-memory store, recording what the page sent. */
function server(initial: SyncAccount[]): { sent: string[] } {
  let accounts = [...initial];
  const tokens = new Map<string, SyncToken[]>();
  const sent: string[] = [];
  /** Notes a change the page sent, with its body; returns the body. */
  const note = async (request: Request) => {
    const body = await request.text();
    sent.push(`${request.method} ${new URL(request.url).pathname} ${body}`.trim());
    return body;
  };
  answer('get', '/api/sync/books', {
    data: [
      { key: 'draftkings', title: 'DraftKings' },
      { key: 'fanduel', title: 'FanDuel' },
    ],
  });
  answer('get', '/api/sync/accounts', () => HttpResponse.json({ data: accounts }));
  answer('post', '/api/sync/accounts', async ({ request }) => {
    const { book } = JSON.parse(await note(request)) as { book: string };
    if (accounts.some((linked) => linked.book === book)) return errorResponse(409, 'CONFLICT', 'linked already');
    const made = account(book, book === 'fanduel' ? 'FanDuel' : 'DraftKings', { grace_days_remaining: 5 });
    accounts = [...accounts, made];
    return HttpResponse.json({ data: made }, { status: 201 });
  });
  answer('get', '/api/sync/accounts/:accountId/tokens', ({ params }) =>
    HttpResponse.json({ data: tokens.get(String(params.accountId)) ?? [] }),
  );
  answer('post', '/api/sync/accounts/:accountId/tokens', async ({ request, params }) => {
    const accountId = String(params.accountId);
    const list = tokens.get(accountId) ?? [];
    const { label } = JSON.parse(await note(request)) as { label: string };
    const token: SyncToken = {
      id: list.length + 1,
      label,
      prefix: NEW_TOKEN.slice(0, 16),
      created_at: '2026-11-24T12:00:00.000Z',
      last_used_at: null,
      revoked_at: null,
    };
    tokens.set(accountId, [...list, token]);
    return HttpResponse.json({ data: { ...token, token: NEW_TOKEN } }, { status: 201 });
  });
  answer('delete', '/api/sync/accounts/:accountId/tokens/:tokenId', async ({ request, params }) => {
    await note(request);
    const accountId = String(params.accountId);
    const revoked = (tokens.get(accountId) ?? []).map((token) =>
      token.id === Number(params.tokenId) ? { ...token, revoked_at: '2026-11-24T13:00:00.000Z' } : token,
    );
    tokens.set(accountId, revoked);
    return HttpResponse.json({ data: revoked.find((token) => token.id === Number(params.tokenId)) });
  });
  answer('delete', '/api/sync/accounts/:accountId', async ({ request, params }) => {
    await note(request);
    accounts = accounts.filter((linked) => linked.betsync_account_id !== params.accountId);
    return HttpResponse.json({
      data: { betsync_account_id: params.accountId, unlinked_at: '2026-11-24T12:00:00.000Z' },
    });
  });
  return { sent };
}

describe('SyncAccountsSection', () => {
  it('shows each account as it stands: its free days, covered, or off with the way to subscribe', async () => {
    server([
      account('draftkings', 'DraftKings', { grace_days_remaining: 1 }),
      account('fanduel-covered', 'FanDuel', { covered: true, grace_days_remaining: 0 }),
      account('betmgm', 'BetMGM', { betsync_account_access: false, grace_days_remaining: 0 }),
    ]);
    renderWithProviders(<SyncAccountsSection />);
    const draftkings = await screen.findByRole('article', { name: 'DraftKings' });
    expect(within(draftkings).getByText('1 day of free sync left')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'FanDuel' })).getByText('Covered by your membership'),
    ).toBeInTheDocument();
    const off = screen.getByRole('article', { name: 'BetMGM' });
    expect(within(off).getByText(/Sync is off/)).toBeInTheDocument();
    expect(within(off).getByRole('link', { name: 'subscribe' })).toHaveAttribute('href', '/subscribe');
  });

  it('links a book from the list, and leaves the linked ones out of it', async () => {
    const user = userEvent.setup();
    const { sent } = server([account('draftkings', 'DraftKings')]);
    renderWithProviders(<SyncAccountsSection />);
    await screen.findByRole('article', { name: 'DraftKings' });
    await user.click(screen.getByRole('combobox', { name: 'Sportsbook' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['FanDuel']);
    await user.click(options[0]!);
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(await screen.findByRole('article', { name: 'FanDuel' })).toBeInTheDocument();
    expect(sent).toContain('POST /api/sync/accounts {"book":"fanduel"}');
  });

  it('asks before unlinking, and unlinks only when confirmed', async () => {
    const user = userEvent.setup();
    const linked = account('draftkings', 'DraftKings');
    const { sent } = server([linked]);
    renderWithProviders(<SyncAccountsSection />);
    const card = await screen.findByRole('article', { name: 'DraftKings' });
    await user.click(within(card).getByRole('button', { name: 'Unlink' }));
    await user.click(await screen.findByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    await user.click(within(card).getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink DraftKings?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'DraftKings' })).not.toBeInTheDocument());
    expect(sent).toEqual([`DELETE /api/sync/accounts/${linked.betsync_account_id}`]);
  });

  it('makes a token, shows it once with a copy button and how to use it, and revokes it', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    server([account('draftkings', 'DraftKings')]);
    renderWithProviders(<SyncAccountsSection />);
    const card = await screen.findByRole('article', { name: 'DraftKings' });
    expect(await within(card).findByText('No tokens yet.')).toBeInTheDocument();
    await user.type(within(card).getByRole('textbox', { name: 'Token label' }), 'Laptop');
    await user.click(within(card).getByRole('button', { name: 'Create token' }));
    expect(await within(card).findByLabelText('New token')).toHaveTextContent(NEW_TOKEN);
    expect(within(card).getByText('npm run sync-client')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(NEW_TOKEN);
    expect(await within(card).findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    const list = await within(card).findByRole('list', { name: 'Tokens for DraftKings' });
    expect(within(list).getByText('Laptop')).toBeInTheDocument();
    expect(within(list).queryByText(NEW_TOKEN)).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Revoke Laptop' }));
    expect(await within(card).findByText('No tokens yet.')).toBeInTheDocument();
  });

  it('gives each account the upload slot', async () => {
    server([account('draftkings', 'DraftKings')]);
    renderWithProviders(
      <SyncAccountsSection uploadControl={(linked) => <p>Upload for {linked.betsync_book_name}</p>} />,
    );
    const card = await screen.findByRole('article', { name: 'DraftKings' });
    expect(within(card).getByText('Upload for DraftKings')).toBeInTheDocument();
  });
});

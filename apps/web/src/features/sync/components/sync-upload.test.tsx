import type { SyncAccount, SyncSummaryResponse } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer, errorResponse, sentRequest } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { summaryText, SyncUpload } from './sync-upload';

beforeAll(() => registerRoutes(['subscribe']));
afterEach(() => {
  cleanup();
});

const fanduel: SyncAccount = {
  betsync_account_id: '00000000-0000-4000-8000-000000000007',
  book: 'fanduel',
  betsync_book_name: 'FanDuel',
  betsync_account_access: true,
  created_at: '2026-11-22T12:00:00.000Z',
  grace_days_remaining: 3,
  covered: false,
  last_sync_at: null,
  last_sync_summary: null,
};

const summary = (overrides: Partial<SyncSummaryResponse['data']> = {}): SyncSummaryResponse['data'] => ({
  rows: 13,
  bets: 12,
  stored: 10,
  duplicates: 2,
  matched: 9,
  rejected: 1,
  row_errors: [],
  ...overrides,
});

const CSV_TEXT = 'External Bet ID,Bet Date Time\nFD-1,2026-11-01 10:00:00\n';
const csv = () => new File([CSV_TEXT], 'fanduel.csv');

describe('summaryText', () => {
  it('says what a sync did in words', () => {
    expect(summaryText(summary())).toBe(
      '12 bets read: 10 new, 2 already synced; 9 matched to games, 1 could not be matched',
    );
    expect(summaryText(summary({ bets: 1, stored: 1, duplicates: 0, matched: 1, rejected: 0 }))).toBe(
      '1 bet read: 1 new, 0 already synced; 1 matched to games',
    );
    expect(summaryText(summary({ stored: 0, duplicates: 12, matched: 0, rejected: 0 }))).toBe(
      '12 bets read: 0 new, 12 already synced',
    );
  });
});

describe('SyncUpload', () => {
  it('sends the file as CSV with the CSRF pair, shows progress, then the summary and each unreadable row', async () => {
    document.cookie = 'XSRF-TOKEN=csrf-value; path=/';
    const user = userEvent.setup();
    let reply!: (response: Response) => void;
    const summaryAnswer = new Promise<Response>((resolve) => (reply = resolve));
    answer('post', '/api/sync/accounts/:accountId/uploads', () => summaryAnswer);
    const onSynced = vi.fn();
    renderWithProviders(<SyncUpload account={fanduel} onSynced={onSynced} />);

    expect(screen.getByRole('button', { name: 'Upload bet history' })).toBeEnabled();
    const file = csv();
    await user.upload(screen.getByLabelText('Bet history file for FanDuel'), file);
    expect(await screen.findByText('Sending fanduel.csv…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload bet history' })).toBeDisabled();

    const { url, method, request, headers } = sentRequest();
    expect(url.pathname).toBe(`/api/sync/accounts/${fanduel.betsync_account_id}/uploads`);
    expect(url.searchParams.get('file_name')).toBe('fanduel.csv');
    expect(method).toBe('POST');
    expect(await request.text()).toBe(CSV_TEXT);
    expect(headers).toMatchObject({ 'content-type': 'text/csv', 'x-xsrf-token': 'csrf-value' });

    reply(
      HttpResponse.json({
        data: summary({ row_errors: [{ row: 4, reason: 'Bet Amount: "=1+1" is not an amount' }] }),
      }),
    );
    expect(
      await screen.findByText('12 bets read: 10 new, 2 already synced; 9 matched to games, 1 could not be matched.'),
    ).toBeInTheDocument();
    const rows = screen.getByRole('list', { name: 'Rows that could not be read' });
    // The reason is text: a cell that looks like a formula is shown, never evaluated.
    expect(within(rows).getByText('Row 4: Bet Amount: "=1+1" is not an amount')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload bet history' })).toBeEnabled();
    expect(onSynced).toHaveBeenCalled();
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('sends a .json file as JSON', async () => {
    const user = userEvent.setup();
    answer('post', '/api/sync/accounts/:accountId/uploads', { data: summary() });
    renderWithProviders(<SyncUpload account={fanduel} />);
    await user.upload(
      screen.getByLabelText('Bet history file for FanDuel'),
      new File(['{"slips":[]}'], 'slips.json', { type: 'application/json' }),
    );
    await screen.findByText(/12 bets read/);
    expect(sentRequest().headers['content-type']).toBe('application/json');
  });

  it('shows the server’s 403 with the way to subscribe, and a 400’s reason', async () => {
    const user = userEvent.setup();
    let status = 403;
    answer('post', '/api/sync/accounts/:accountId/uploads', () =>
      status === 403
        ? errorResponse(
            403,
            'FORBIDDEN',
            "This account's free sync days are over and no subscription covers it: subscribe at /subscribe to sync it again",
          )
        : errorResponse(400, 'BAD_REQUEST', 'the file holds no bets'),
    );
    renderWithProviders(<SyncUpload account={fanduel} />);
    await user.upload(screen.getByLabelText('Bet history file for FanDuel'), csv());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('free sync days are over');
    expect(within(alert).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscribe');

    status = 400;
    await user.upload(screen.getByLabelText('Bet history file for FanDuel'), csv());
    expect(await screen.findByText('the file holds no bets')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Subscribe' })).not.toBeInTheDocument();
  });
});

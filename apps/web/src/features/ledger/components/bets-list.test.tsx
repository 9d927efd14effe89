import type { BetEntry } from '@pass/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, sentRequest, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { betsToCsv, CSV_HEADER } from '../lib/bets-csv';
import { betEntry } from '../../../testing/ledger-fixtures';
import { BetsList } from './bets-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const globalUrl = URL as Partial<Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>>;
  delete globalUrl.createObjectURL;
  delete globalUrl.revokeObjectURL;
});

const open = betEntry({ id: 1 });
const won = betEntry({
  id: 2,
  bet_mode: 1,
  bet_kind: 2,
  bet_type: 1,
  bet_team: null,
  line: 47.5,
  price: -110,
  stake_cents: null,
  book: 'draftkings',
  status: 8,
  outcome: 'win',
  reward: 10,
  multiplier: 2,
  clv: 1.5,
  event: {
    home_team: 'DAL',
    away_team: 'NYG, "the Giants"',
    kickoff: '2025-11-02T18:00:00.000Z',
    game_date: '2025-11-02',
    status: 'final',
    event_scores: { home: 31, away: 24 },
  },
});
const lost = betEntry({ id: 3, status: 8, outcome: 'loss', reward: -11000, bet_team: 'BUF', line: 3 });

function server(entries: () => BetEntry[]) {
  answer('get', '/api/user/bets', () => {
    const data = entries();
    return HttpResponse.json({ data, total: data.length, limit: 500, offset: 0 });
  });
  answer('delete', '/api/user/bets/1', { data: { ...open, status: 6 } });
}

/** A card's figures, each label with its value. */
function figuresOf(card: HTMLElement): Record<string, string | null | undefined> {
  return Object.fromEntries(
    [...card.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

describe('BetsList', () => {
  it('shows each entry in words with its grading state, and a cancel button only while open', async () => {
    server(() => [open, won, lost]);
    renderWithProviders(<BetsList />);
    const rows = await screen.findAllByRole('row', {}, { timeout: 5000 });
    expect(rows).toHaveLength(4);
    const openRow = rows.find((row) => row.getAttribute('data-entry') === '1')!;
    expect(openRow).toHaveTextContent('BUF @ KC');
    expect(openRow).toHaveTextContent('Bet on KC');
    expect(openRow).toHaveTextContent('Spread · Favored');
    expect(openRow).toHaveTextContent('$110.00');
    expect(openRow).toHaveTextContent('Open');
    expect(within(openRow).getByRole('button', { name: /Cancel/ })).toBeInTheDocument();
    const wonRow = rows.find((row) => row.getAttribute('data-entry') === '2')!;
    expect(wonRow).toHaveTextContent('Pick on Over');
    expect(wonRow).toHaveTextContent('Won');
    expect(wonRow).toHaveTextContent('+10 pts');
    expect(within(wonRow).queryByRole('button')).toBeNull();
    const lostRow = rows.find((row) => row.getAttribute('data-entry') === '3')!;
    expect(lostRow).toHaveTextContent('Lost');
    expect(lostRow).toHaveTextContent('−$110.00');
  });

  it('shows the live score and where each entry stands while its game is played, at both widths', async () => {
    const playing = {
      ...open.event,
      status: 'in_progress' as const,
      event_scores: { home: 17, away: 13 },
    };
    const entries = [
      betEntry({ id: 7, status: 3, event: playing }),
      betEntry({ id: 8, status: 3, event: playing, bet_team: 'BUF', line: 3 }),
      betEntry({ id: 9, status: 3, event: playing, bet_kind: 2, bet_type: 2, bet_team: null, line: 44.5 }),
    ];
    server(() => entries);
    renderWithProviders(<BetsList />);
    const rows = await screen.findAllByRole('row', {}, { timeout: 5000 });
    const row = (id: number) => rows.find((candidate) => candidate.getAttribute('data-entry') === String(id))!;
    expect(row(7)).toHaveTextContent('live 13–17');
    expect(row(7)).toHaveTextContent('Covering by 1');
    expect(row(7).querySelector('[data-standing]')).toHaveAttribute('data-standing', 'ahead');
    expect(row(8)).toHaveTextContent('Not covering by 1');
    expect(row(9)).toHaveTextContent('Under by 14.5');
    cleanup();

    stubViewportWidth(390);
    server(() => entries);
    renderWithProviders(<BetsList />);
    const cards = await screen.findAllByRole('listitem', {}, { timeout: 5000 });
    expect(cards.map((card) => card.querySelector('[data-standing]')?.textContent).sort()).toEqual([
      'Covering by 1',
      'Not covering by 1',
      'Under by 14.5',
    ]);
    // A narrow card never breaks the live score from its word.
    for (const card of cards) expect(within(card).getByText('live 13–17')).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it("names a teaser's points, 6 when the entry left them to the default", async () => {
    server(() => [
      betEntry({ id: 5, bet_type: 7, teaser_points: 6.5 }),
      betEntry({ id: 6, bet_type: 6, bet_team: 'BUF', line: 3, teaser_points: null }),
    ]);
    renderWithProviders(<BetsList />);
    await screen.findAllByRole('row', {}, { timeout: 5000 });
    const rowOf = (id: string) => screen.getAllByRole('row').find((row) => row.getAttribute('data-entry') === id)!;
    expect(rowOf('5')).toHaveTextContent('Spread · Teaser (favored) · 6.5 points');
    expect(rowOf('6')).toHaveTextContent('Spread · Teaser (underdog) · 6 points');
  });

  it('marks a bet logged after its game started, with no closing line value', async () => {
    server(() => [
      betEntry({ id: 5, is_simulated: false, recorded_after_start: true, clv: null, status: 3 }),
      betEntry({ id: 6, is_simulated: false, clv: 0.5 }),
    ]);
    renderWithProviders(<BetsList />);
    await screen.findAllByRole('row', {}, { timeout: 5000 });
    const rowOf = (id: string) => screen.getAllByRole('row').find((row) => row.getAttribute('data-entry') === id)!;
    expect(rowOf('5')).toHaveTextContent('real money · logged after start');
    expect(rowOf('5')).toHaveTextContent('n/a (logged after start)');
    expect(rowOf('6')).not.toHaveTextContent('logged after start');
    expect(rowOf('6')).toHaveTextContent('+0.5');
  });

  it('names a baseball bet on the run line by its date, never by a week', async () => {
    stubViewportWidth(390);
    const runLine = betEntry({
      id: 7,
      sport: 'baseball_mlb',
      week: 9,
      yr_week: 202609,
      bet_team: 'NYY',
      line: -1.5,
      price: 130,
      event: {
        home_team: 'NYY',
        away_team: 'BOS',
        kickoff: '2026-05-26T23:05:00.000Z',
        game_date: '2026-05-26',
        status: 'scheduled',
        event_scores: { home: null, away: null },
      },
    });
    server(() => [runLine]);
    renderWithProviders(<BetsList />);
    const cards = await screen.findByRole('list', { name: 'Picks and bets' }, { timeout: 5000 });
    const [card] = within(cards).getAllByRole('listitem');
    expect(card).toHaveTextContent(/^BOS @ NYY2026-05-26Open/);
    expect(card).not.toHaveTextContent(/week/i);
    expect(figuresOf(card!).Entry).toBe('Bet on NYYRun line · Favored · simulated');
  });

  it('sorts by reward', async () => {
    const user = userEvent.setup();
    server(() => [open, won, lost]);
    renderWithProviders(<BetsList />);
    await screen.findAllByRole('row', {}, { timeout: 5000 });
    await user.click(screen.getByRole('combobox', { name: 'Sort' }));
    await user.click(screen.getByRole('option', { name: 'Best reward first' }));
    const order = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.getAttribute('data-entry'));
    expect(order).toEqual(['2', '3', '1']);
  });

  it('sends the filters to the server', async () => {
    const user = userEvent.setup();
    server(() => [won]);
    renderWithProviders(<BetsList />);
    await screen.findAllByRole('row', {}, { timeout: 5000 });
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Totals' }));
    await waitFor(() => expect(sentRequests()).toHaveLength(2));
    expect(sentRequest(1).url.searchParams.get('kind')).toBe('2');
  });

  it('cancels an open entry with DELETE and reloads the list', async () => {
    const user = userEvent.setup();
    let canceled = false;
    server(() => (canceled ? [won] : [open, won]));
    renderWithProviders(<BetsList />);
    const button = await screen.findByRole('button', { name: /Cancel Bet on KC, BUF @ KC/ });
    canceled = true;
    await user.click(button);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull());
    expect(sentRequests({ method: 'delete', path: '/api/user/bets/1' })).not.toEqual([]);
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it(
    'changes an open entry recorded here in a dialog, through PATCH, and reloads the list',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      const teller = betEntry({ id: 4, source: 'teller', bet_kind: 1, bet_type: 5, line: null });
      let stored = [open, teller];
      answer('get', '/api/user/bets', () =>
        HttpResponse.json({ data: stored, total: stored.length, limit: 500, offset: 0 }),
      );
      answer('get', '/api/book/events/americanfootball_nfl', {
        sport: 'americanfootball_nfl',
        season: 2025,
        week: null,
        book: null,
        events: [],
      });
      // The server's clock cannot be read: the form goes by the device's.
      answer('get', '/api/health', () => HttpResponse.error());
      answer('patch', '/api/user/bets/1', () => {
        const changed = { ...open, stake_cents: 20_000 };
        stored = [changed, teller];
        return HttpResponse.json({ data: changed });
      });
      renderWithProviders(<BetsList />);
      await screen.findAllByRole('row', {}, { timeout: 5000 });
      const tellerRow = screen.getAllByRole('row').find((row) => row.getAttribute('data-entry') === '4')!;
      expect(within(tellerRow).queryByRole('button', { name: /^Change/ })).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Change Bet on KC, BUF @ KC' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change your entry' });
      // The game is not among this week's: the book is typed.
      expect(within(dialog).getByRole('textbox', { name: 'Book' })).toHaveValue('betus');
      await user.clear(within(dialog).getByLabelText('Stake ($)'));
      await user.type(within(dialog).getByLabelText('Stake ($)'), '200');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
      const [patch] = sentRequests({ method: 'patch' });
      expect(await patch!.json()).toEqual({ stake: 200 });
      const openRow = await waitFor(() => {
        const row = screen.getAllByRole('row').find((item) => item.getAttribute('data-entry') === '1')!;
        expect(row).toHaveTextContent('$200.00');
        return row;
      });
      expect(openRow).toHaveTextContent('Bet on KC');
    },
  );

  it('exports the loaded rows as CSV', async () => {
    const user = userEvent.setup();
    server(() => [open, won]);
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:csv';
      },
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<BetsList />);
    await screen.findAllByRole('row', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(blobs).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0]!);
    });
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      '1,2025-11-23,americanfootball_nfl,2025,12,BUF @ KC,Bet on,Spread,Favored,KC,-3,-115,110.00,betus,true,simulated,Open,Open,,',
    );
    expect(lines[2]).toBe(
      '2,2025-11-02,americanfootball_nfl,2025,12,"NYG, ""the Giants"" @ DAL",Pick on,Totals,Over,Over,47.5,-110,,draftkings,true,simulated,Completed,Won,10,1.5',
    );
  });

  it('shows each entry as a card on a phone, with every figure of the table and its buttons', async () => {
    const user = userEvent.setup();
    stubViewportWidth(390);
    server(() => [open, won]);
    renderWithProviders(<BetsList />);
    const cards = await screen.findByRole('list', { name: 'Picks and bets' }, { timeout: 5000 });
    expect(screen.queryByRole('table')).toBeNull();
    // Newest game first, as in the table.
    const [openCard, wonCard] = within(cards).getAllByRole('listitem');

    expect(wonCard).toHaveTextContent(/^NYG, "the Giants" @ DAL2025-11-02 · week 12 · 24–31Won/);
    expect(figuresOf(wonCard!)).toEqual({
      Entry: 'Pick on OverTotals · Over · ×2 · simulated',
      // A total is the points it names, never signed like a spread.
      Line: '47.5',
      Price: '-110',
      Stake: '—',
      Reward: '+10 pts',
      CLV: '+1.5',
      Book: 'DraftKings',
    });
    expect(within(wonCard!).queryByRole('button')).toBeNull();

    expect(openCard).toHaveTextContent(/^BUF @ KC2025-11-23 · week 12Open/);
    expect(figuresOf(openCard!)).toMatchObject({ Line: '-3', Price: '-115', Stake: '$110.00', Book: 'BetUS' });
    expect(within(openCard!).getByRole('button', { name: 'Change Bet on KC, BUF @ KC' })).toBeVisible();
    await user.click(within(openCard!).getByRole('button', { name: 'Cancel Bet on KC, BUF @ KC' }));
    await waitFor(() => expect(sentRequests({ method: 'delete', path: '/api/user/bets/1' })).not.toEqual([]));
  });

  it('keeps the table from the width where its ten columns fit', async () => {
    stubViewportWidth(1280);
    server(() => [open]);
    renderWithProviders(<BetsList />);
    const table = await screen.findByRole('table', { name: 'Picks and bets' }, { timeout: 5000 });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(10);
    expect(screen.queryByRole('list', { name: 'Picks and bets' })).toBeNull();
  });

  it('writes bet rewards in dollars', () => {
    expect(betsToCsv([lost]).split('\r\n')[1]).toContain(',Completed,Lost,-110.00,');
  });

  it("says each row's kind of money: real, simulated or the teller's paper", () => {
    const column = CSV_HEADER.indexOf('money');
    const moneyOf = (entry: BetEntry) => betsToCsv([entry]).split('\r\n')[1]!.split(',')[column];
    expect(moneyOf({ ...lost, is_simulated: false })).toBe('real');
    expect(moneyOf({ ...lost, is_simulated: true })).toBe('simulated');
    expect(moneyOf({ ...lost, is_simulated: true, source: 'teller' })).toBe('teller');
  });
});

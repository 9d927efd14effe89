import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BetSlipContext, type OpenSlip } from '../../../lib/bet-slip';
import { renderWithProviders } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { event, quote } from '../testing/fixtures';
import { OddsBoard } from './odds-board';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// KC at DEN, three books and the consensus. DEN -3.5: BetUS at -105 beats the others' -110 (strictly best);
// KC +3.5 at -110 everywhere but BetUS's +4: BetUS strictly best. Moneyline KC +150 at DraftKings and FanDuel:
// a tie, so no mark; DEN -165 at BetUS strictly best. Over 44 at BetUS (fewer points) strictly best; Under
// 44.5 at DraftKings and FanDuel a tie.
const game = event(21, 'KC', 'DEN', {
  odds: [
    quote('draftkings', 'h2h', 'KC', 150),
    quote('draftkings', 'h2h', 'DEN', -180),
    quote('draftkings', 'spreads', 'KC', -110, 3.5),
    quote('draftkings', 'spreads', 'DEN', -110, -3.5),
    quote('draftkings', 'totals', 'Over', -110, 44.5),
    quote('draftkings', 'totals', 'Under', -110, 44.5),
    quote('betus', 'h2h', 'KC', 140),
    quote('betus', 'h2h', 'DEN', -165),
    quote('betus', 'spreads', 'KC', -115, 4),
    quote('betus', 'spreads', 'DEN', -105, -3.5),
    quote('betus', 'totals', 'Over', -110, 44),
    quote('betus', 'totals', 'Under', -110, 44),
    quote('fanduel', 'h2h', 'KC', 150),
    quote('fanduel', 'h2h', 'DEN', -175),
    quote('fanduel', 'spreads', 'KC', -110, 3.5),
    quote('fanduel', 'spreads', 'DEN', -110, -3.5),
    quote('fanduel', 'totals', 'Over', -110, 44.5),
    quote('fanduel', 'totals', 'Under', -110, 44.5),
    quote('williamhill_us', 'h2h', 'KC', 145),
    quote('williamhill_us', 'h2h', 'DEN', -170),
    quote('consensus', 'h2h', 'KC', 500),
  ],
});
const NOW = new Date('2026-09-20T12:00:00Z');
const started = event(22, 'BUF', 'MIA', { kickoff: '2026-09-20T11:00:00Z' });
const final = event(23, 'DAL', 'PHI', { status: 'final', event_scores: { home: 24, away: 17 } });

/** The marked prices of one market's grid, as "book: text". */
function bestIn(grid: HTMLElement): string[] {
  return [...grid.querySelectorAll('[data-best="true"]')].map(
    (cell) => `${cell.closest('td')?.getAttribute('data-book')}: ${cell.textContent}`,
  );
}

function renderBoard(events = [game], openSlip: OpenSlip | null = null): void {
  const wrap = (children: ReactNode) =>
    openSlip ? <BetSlipContext.Provider value={openSlip}>{children}</BetSlipContext.Provider> : children;
  renderWithProviders(wrap(<OddsBoard sport="americanfootball_nfl" events={events} now={NOW} />));
}

describe('OddsBoard', () => {
  it('shows one grid per market, games as rows and books by name as columns, the consensus left out', () => {
    renderBoard();
    const spread = screen.getByRole('table', { name: 'Spread by book' });
    expect(
      within(spread)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Game', 'BetUS', 'Caesars', 'DraftKings', 'FanDuel']);
    expect(screen.getByRole('table', { name: 'Total by book' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Moneyline by book' })).toBeInTheDocument();
    expect(within(spread).getByRole('rowheader', { name: /KC at DEN/ })).toBeInTheDocument();
  });

  it('marks a price only where one book beats every other, never a tie', () => {
    renderBoard();
    expect(bestIn(screen.getByRole('table', { name: 'Spread by book' }))).toEqual([
      'betus: +4 -115, best price',
      'betus: -3.5 -105, best price',
    ]);
    expect(bestIn(screen.getByRole('table', { name: 'Total by book' }))).toEqual(['betus: o44 -110, best price']);
    // KC +150 at DraftKings and at FanDuel: a tie, so no book is marked for KC.
    expect(bestIn(screen.getByRole('table', { name: 'Moneyline by book' }))).toEqual(['betus: -165, best price']);
  });

  it('folds games started (by the server clock) or final under a disclosure', async () => {
    const user = userEvent.setup();
    renderBoard([game, started, final]);
    const spread = screen.getByRole('table', { name: 'Spread by book' });
    expect(within(spread).getAllByRole('row')).toHaveLength(2);
    const disclosure = screen.getByRole('button', { name: /2 games started or final/ });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'Spread by book, started or final' })).toBeNull();
    await user.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const folded = screen.getByRole('table', { name: 'Spread by book, started or final' });
    expect(within(folded).getByRole('rowheader', { name: /BUF at MIA/ })).toBeInTheDocument();
    expect(within(folded).getByRole('rowheader', { name: /DAL at PHI/ })).toHaveTextContent('Final');
  });

  it('shows a game being played with its score and where it stands', async () => {
    const user = userEvent.setup();
    const playing = event(24, 'NYJ', 'NE', {
      status: 'in_progress',
      event_scores: { home: 14, away: 10 },
      live: { period: 3, clock: '4:12', detail: '3rd Quarter 4:12', as_of: '2026-09-20T11:58:00Z' },
    });
    renderBoard([game, playing]);
    await user.click(screen.getByRole('button', { name: /1 game started or final/ }));
    const folded = screen.getByRole('table', { name: 'Spread by book, started or final' });
    const row = within(folded).getByRole('rowheader', { name: /NYJ at NE/ });
    expect(row).toHaveTextContent('LIVE · Q3 4:12');
    expect(row).toHaveTextContent('NYJ 10');
    expect(row).toHaveTextContent('@ NE 14');
  });

  it('shows one market at a time on a phone, chosen with a segmented control, in a focusable region', async () => {
    stubViewportWidth(390);
    const user = userEvent.setup();
    renderBoard();
    expect(screen.getByRole('table', { name: 'Spread by book' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Total by book' })).toBeNull();
    const region = screen.getByRole('region', { name: 'Spread by book' });
    expect(region).toHaveAttribute('tabindex', '0');
    await user.click(screen.getByRole('button', { name: 'Moneyline' }));
    expect(screen.queryByRole('table', { name: 'Spread by book' })).toBeNull();
    expect(bestIn(screen.getByRole('table', { name: 'Moneyline by book' }))).toEqual(['betus: -165, best price']);
  });

  it('opens the slip on a tapped price of a game to come; prices are text where no slip is offered', async () => {
    const openSlip = vi.fn<OpenSlip>();
    const user = userEvent.setup();
    renderBoard([game, final], openSlip);
    await user.click(screen.getByRole('button', { name: 'Bet DEN -3.5 at -110, DraftKings' }));
    expect(openSlip).toHaveBeenCalledWith({
      event: game,
      book: 'draftkings',
      market: 'spreads',
      outcome: 'DEN',
      point: -3.5,
      price: -110,
    });
    await user.click(screen.getByRole('button', { name: 'Bet Under 44 at -110, BetUS' }));
    expect(openSlip).toHaveBeenLastCalledWith(expect.objectContaining({ book: 'betus', outcome: 'Under', point: 44 }));
    // A final game's prices are not for betting.
    await user.click(screen.getByRole('button', { name: /1 game started or final/ }));
    const folded = screen.getByRole('table', { name: 'Spread by book, started or final' });
    expect(within(folded).queryAllByRole('button')).toHaveLength(0);

    cleanup();
    renderBoard([game]);
    expect(screen.queryByRole('button', { name: /^Bet / })).toBeNull();
  });

  it('names the baseball handicap the run line, on a wide screen and in the phone toggle', async () => {
    const mlb = event(31, 'NYY', 'BOS', {
      sport: 'baseball_mlb',
      odds: [
        quote('betus', 'h2h', 'NYY', 120),
        quote('betus', 'h2h', 'BOS', -140),
        quote('betus', 'spreads', 'NYY', -150, 1.5),
        quote('betus', 'spreads', 'BOS', 130, -1.5),
        quote('betus', 'totals', 'Over', -110, 8.5),
        quote('betus', 'totals', 'Under', -110, 8.5),
      ],
    });
    renderWithProviders(<OddsBoard sport="baseball_mlb" events={[mlb]} now={NOW} />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Moneyline',
      'Run line',
      'Total',
    ]);
    expect(screen.getByRole('table', { name: 'Run line by book' })).toBeInTheDocument();
    expect(screen.queryByText(/Spread/)).toBeNull();
    cleanup();
    stubViewportWidth(390);
    renderWithProviders(<OddsBoard sport="baseball_mlb" events={[mlb]} now={NOW} />);
    const market = screen.getByRole('group', { name: 'Market' });
    expect(
      within(market)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Moneyline', 'Run line', 'Total']);
    await userEvent.click(within(market).getByRole('button', { name: 'Run line' }));
    expect(screen.getByRole('table', { name: 'Run line by book' })).toBeInTheDocument();
  });
});

import type { CreateParlayBody, ParlayEntry } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BetSlipProvider } from '../features/ledger/components/bet-slip';
import { forgetSlipLegs } from '../features/ledger/lib/slip-legs';
import { OddsBoard } from '../features/sports/components/odds-board';
import { almanacResponse, event, quote, teamsResponse, tipsResponse, week } from '../features/sports/testing/fixtures';
import { registerRoutes } from '../lib/route-registry';
import { clearSessionUser, storeSessionUser } from '../lib/session-user';
import { answer, sentRequests } from '../testing/api-server';
import { renderRoutes, renderWithProviders } from '../testing/render';
import { screens } from './route-table';

registerRoutes(['user-bets', 'football-team']);

beforeEach(() => storeSessionUser({ id: 7, username: 'sam', name: null, isAdmin: false }));

afterEach(() => {
  cleanup();
  clearSessionUser();
  localStorage.clear();
  forgetSlipLegs();
});

// Saturday's college game kicks off first; Sunday's two NFL games after it.
const NOW = new Date('2026-09-19T12:00:00Z');
const college = event(41, 'UGA', 'ALA', {
  sport: 'americanfootball_ncaaf',
  kickoff: '2026-09-19T16:00:00.000Z',
  game_date: '2026-09-19',
  odds: [
    quote('betus', 'spreads', 'ALA', -110, -3.5),
    quote('betus', 'spreads', 'UGA', -110, 3.5),
    quote('betus', 'h2h', 'ALA', -170),
    quote('betus', 'h2h', 'UGA', 145),
  ],
});
const kcAtDen = event(31, 'KC', 'DEN', { kickoff: '2026-09-20T17:00:00.000Z' });
const bufAtMia = event(32, 'BUF', 'MIA', { kickoff: '2026-09-20T20:25:00.000Z' });

/** The server's answer to a parlay: what was sent, recorded after its first game had started. */
function parlayServer() {
  answer('post', '/api/user/parlays', async ({ request }) => {
    const body = (await request.json()) as CreateParlayBody;
    const entry: ParlayEntry = {
      id: 1,
      sport: 'americanfootball_ncaaf',
      season: 2026,
      week: 4,
      is_simulated: body.is_simulated,
      stake_cents: Math.round(body.stake * 100),
      ticket_price: body.ticket_price ?? null,
      same_game: false,
      recorded_after_start: true,
      price: 596,
      decimal_price: 6.9579,
      payout_cents: 6958,
      book: body.book ?? null,
      first_kickoff: college.kickoff!,
      status: 3,
      outcome: null,
      reward: null,
      legs: body.legs.map((leg) => ({
        ...leg,
        sport: leg.event_id === college.event_id ? 'americanfootball_ncaaf' : 'americanfootball_nfl',
        season: 2026,
        bet_team: leg.bet_team ?? null,
        line: leg.line ?? null,
        outcome: null,
        event: {
          home_team: 'X',
          away_team: 'Y',
          kickoff: null,
          game_date: '2026-09-19',
          status: 'scheduled',
          event_scores: { home: null, away: null },
        },
      })),
      graded_at: null,
      created_at: '2026-09-19T16:30:00.000Z',
      updated_at: '2026-09-19T16:30:00.000Z',
    };
    return HttpResponse.json({ data: entry }, { status: 201 });
  });
}

const slipBar = () => screen.getByRole('complementary', { name: 'Bet slip' });

describe('a parlay built on the odds boards', () => {
  it('takes three taps, a college leg and two NFL legs across two boards, and records one ticket', async () => {
    parlayServer();
    const user = userEvent.setup();

    // The college board: the first tap opens the slip on the price; the member keeps it and goes on.
    renderWithProviders(
      <BetSlipProvider>
        <OddsBoard sport="americanfootball_ncaaf" events={[college]} now={NOW} />
      </BetSlipProvider>,
    );
    await user.click(screen.getAllByRole('button', { name: 'Bet ALA -3.5 at -110, BetUS' })[0]!);
    const single = await screen.findByRole('dialog', { name: 'Bet slip · UGA @ ALA' });
    await user.click(within(single).getByRole('button', { name: 'Add a leg (parlay)' }));
    expect(await screen.findByTestId('slip-summary')).toHaveTextContent('1 leg · ALA -3.5 -110');

    // Another screen (the NFL board): the slip kept its leg, and each tap adds one, its price following.
    cleanup();
    renderWithProviders(
      <BetSlipProvider>
        <OddsBoard sport="americanfootball_nfl" events={[kcAtDen, bufAtMia]} now={NOW} />
      </BetSlipProvider>,
    );
    expect(screen.getByTestId('slip-summary')).toHaveTextContent('1 leg');
    await user.click(screen.getAllByRole('button', { name: 'Bet KC +3.5 at -110, BetUS' })[0]!);
    expect(screen.queryByRole('dialog')).toBeNull();
    // −110 × −110: 21/11 squared, +264.
    expect(screen.getByTestId('slip-summary')).toHaveTextContent('2 legs · Parlay +264');
    await user.click(screen.getAllByRole('button', { name: 'Bet Over 44.5 at -110, BetUS' })[1]!);
    expect(screen.getByTestId('slip-summary')).toHaveTextContent('3 legs · Parlay +596');
    expect(within(slipBar()).getByText(/added to the slip: 3 legs/)).toBeInTheDocument();

    // The slip: one parlay of the three legs, the sports named since they differ; the payout follows the stake.
    await user.click(within(slipBar()).getByRole('button', { name: 'Open slip' }));
    const slip = await screen.findByRole('dialog', { name: 'Bet slip · Parlay, 3 legs' });
    const legs = within(within(slip).getByRole('list', { name: 'Legs' })).getAllByRole('listitem');
    expect(legs.map((leg) => leg.textContent)).toEqual([
      expect.stringContaining('ALA -3.5 -110College · UGA @ ALA · BetUS'),
      expect.stringContaining('KC +3.5 -110NFL · KC @ DEN · BetUS'),
      expect.stringContaining('Over 44.5 -110NFL · BUF @ MIA · BetUS'),
    ]);
    const preview = within(slip).getByTestId('slip-preview');
    expect(preview).toHaveTextContent('Price+596To win—Payout—');
    await user.type(within(slip).getByLabelText('Stake ($)'), '10');
    // $10 × ((21/11)³ − 1) = $59.58.
    expect(preview).toHaveTextContent('Price+596To win$59.58Payout$69.58');

    // Recorded as real money once the college game has started: the server takes it, marked logged after start.
    await user.click(within(slip).getByRole('radio', { name: 'Real money' }));
    await user.click(within(slip).getByRole('button', { name: 'Record parlay' }));
    expect(
      await within(await screen.findByRole('dialog', { name: 'Bet slip · recorded' })).findByText(
        /^Recorded: 3-leg parlay at \+596, BetUS, \$10\.00 real\. Logged after the game started/,
      ),
    ).toBeInTheDocument();
    const [post] = sentRequests({ method: 'post' });
    expect(post!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await post!.json()).toEqual({
      legs: [
        { event_id: 41, bet_kind: 3, bet_type: 4, bet_team: 'ALA', line: -3.5, price: -110 },
        { event_id: 31, bet_kind: 3, bet_type: 3, bet_team: 'KC', line: 3.5, price: -110 },
        { event_id: 32, bet_kind: 2, bet_type: 1, bet_team: null, line: 44.5, price: -110 },
      ],
      stake: 10,
      is_simulated: false,
      ticket_price: null,
      book: 'betus',
    });
    // The slip is empty once recorded.
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('complementary', { name: 'Bet slip' })).toBeNull();
  });
});

describe('a team page', () => {
  it('puts a price of a game to come on the same slip', async () => {
    const kickoff = new Date(Date.now() + 86_400_000).toISOString();
    const game = event(51, 'KC', 'DEN', { kickoff, game_date: kickoff.slice(0, 10) });
    answer('get', '/api/sport/americanfootball_nfl/teams', teamsResponse);
    answer('get', '/api/dates/americanfootball_nfl/current-week', {
      ...week(2),
      sport: 'americanfootball_nfl',
      season: 2026,
    });
    answer('get', '/api/almanac/americanfootball_nfl/KC', {
      ...almanacResponse,
      team: 'KC',
      name: 'Kansas City Chiefs',
    });
    answer('get', '/api/standings/americanfootball_nfl', { sport: 'americanfootball_nfl', season: 2026, groups: [] });
    answer('get', '/api/book/tips/americanfootball_nfl', tipsResponse([]));
    answer('get', '/api/book/events/americanfootball_nfl', {
      sport: 'americanfootball_nfl',
      season: 2026,
      week: week(2),
      book: null,
      events: [game],
    });
    answer('get', '/api/book/events/*', {
      sport: 'americanfootball_nfl',
      season: 2026,
      week: week(2),
      book: null,
      events: [game],
    });
    const { default: Team } = await screens.find((entry) => entry.name === 'football-team')!.screen();
    renderRoutes([{ path: '/football/team/:team', element: <Team /> }], { path: '/football/team/KC' });
    const prices = await screen.findAllByRole('button', { name: /^Bet KC/ }, { timeout: 5000 });
    await userEvent.setup().click(prices[0]!);
    expect(await screen.findByRole('dialog', { name: 'Bet slip · KC @ DEN' })).toBeInTheDocument();
  });
});

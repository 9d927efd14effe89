import type { BookEvent, ParlayEntry } from '@pass/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, sentRequests } from '../../../testing/api-server';
import { storeSessionUser } from '../../../lib/session-user';
import { renderWithProviders } from '../../../testing/render';
import { readBetMoney, rememberBetMoney } from '../lib/bet-mode';
import { bookEvent } from '../../../testing/ledger-fixtures';
import { groupByDay, legBody, parlayPreview, ParlayForm } from './parlay-form';
import { ParlaysList } from './parlays-list';

afterEach(() => {
  cleanup();
});

const game = (id: number, home: string, away: string, kickoff: string, extra: Partial<BookEvent> = {}): BookEvent => ({
  ...bookEvent,
  event_id: id,
  home_team: home,
  away_team: away,
  kickoff,
  game_date: kickoff.slice(0, 10),
  odds: bookEvent.odds.map((quote) => ({
    ...quote,
    outcome: quote.outcome === 'KC' ? home : quote.outcome === 'BUF' ? away : quote.outcome,
  })),
  ...extra,
});

const thisWeek = [
  game(101, 'KC', 'BUF', '2025-11-23T18:00:00.000Z'),
  game(102, 'DAL', 'NYG', '2025-11-23T21:25:00.000Z'),
  game(103, 'PHI', 'WAS', '2025-11-20T01:15:00.000Z', { status: 'final', event_scores: { home: 20, away: 17 } }),
];
const nextWeek = [game(201, 'SF', 'SEA', '2025-11-27T18:00:00.000Z')];
const week = (number: number) => ({
  number,
  label: `Week ${number}`,
  season_type: 'regular',
  start: '2025-11-18',
  end: '2025-11-24',
  games: 3,
});

function server(onPost: (body: unknown) => Response) {
  const events = (weekNumber: number, list: BookEvent[]) => ({
    sport: 'americanfootball_nfl',
    season: 2025,
    week: week(weekNumber),
    next_week: weekNumber === 12 ? 13 : null,
    book: null,
    events: list,
  });
  answer('get', '/api/book/events/americanfootball_nfl', events(12, thisWeek));
  answer('get', '/api/book/events/americanfootball_nfl/13', events(13, nextWeek));
  answer('post', '/api/user/parlays', async ({ request }) => onPost(await request.json()));
}

async function chooseGame(name: RegExp) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('checkbox', { name }, { timeout: 5000 }));
}

describe('ParlayForm', () => {
  it('offers only games still to come, this week and next, grouped by day', async () => {
    server(() => HttpResponse.json({}));
    renderWithProviders(<ParlayForm />);
    await screen.findByRole('checkbox', { name: /SEA @ SF/ }, { timeout: 5000 });
    expect(screen.getByRole('checkbox', { name: /BUF @ KC/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /NYG @ DAL/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /WAS @ PHI/ })).not.toBeInTheDocument();
    expect(groupByDay([...thisWeek, ...nextWeek]).map(([, games]) => games.map((g) => g.event_id))).toHaveLength(3);
  });

  it(
    'prices the ticket from its legs as the stake is typed, and records it with the mode chosen outright',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup();
      const posted: unknown[] = [];
      server((body) => {
        posted.push(body);
        const parlay = { legs: [{}, {}, {}], price: 596, stake_cents: 10_000, payout_cents: 69_579 } as ParlayEntry;
        return HttpResponse.json({ data: parlay }, { status: 201 });
      });
      renderWithProviders(<ParlayForm />);
      await chooseGame(/BUF @ KC/);
      await chooseGame(/NYG @ DAL/);
      await chooseGame(/SEA @ SF/);
      // Each leg takes the first book's newest spread quote of the home side: −3 at −115.
      for (const name of ['BUF @ KC', 'NYG @ DAL', 'SEA @ SF']) {
        fireEvent.change(screen.getByLabelText(`Price, ${name}`), { target: { value: '-110' } });
      }
      expect(screen.getByLabelText('Line, BUF @ KC')).toHaveValue('-3');
      await user.type(screen.getByLabelText('Stake ($)'), '100');
      expect(screen.getByTestId('parlay-preview')).toHaveTextContent('Price +596 · to win $595.79 · pays $695.79');

      await user.click(screen.getByRole('button', { name: 'Save parlay' }));
      expect(await screen.findByText('Choose whether this parlay is real or simulated.')).toBeInTheDocument();
      expect(posted).toHaveLength(0);

      await user.click(screen.getByRole('radio', { name: 'Real money' }));
      await user.click(screen.getByRole('button', { name: 'Save parlay' }));
      await screen.findByText(/Recorded: a 3-leg parlay at \+596/);
      expect(posted[0]).toEqual({
        legs: [101, 102, 201].map((event_id) => ({
          event_id,
          bet_kind: 3,
          bet_type: 4,
          bet_team: thisWeek.concat(nextWeek).find((g) => g.event_id === event_id)!.home_team,
          line: -3,
          price: -110,
        })),
        stake: 100,
        is_simulated: false,
      });
      const [post] = sentRequests({ method: 'post' });
      expect(post!.headers['idempotency-key']).toMatch(/.+/);
    },
  );

  it('starts from the member’s last choice of real or simulated, and remembers the one saved', async () => {
    storeSessionUser({ id: 7, username: 'pat', name: null, isAdmin: false });
    rememberBetMoney(7, 'simulated');
    try {
      const user = userEvent.setup();
      const posted: { is_simulated?: boolean }[] = [];
      server((body) => {
        posted.push(body as { is_simulated?: boolean });
        const parlay = { legs: [{}, {}], price: 264, stake_cents: 1000, payout_cents: 3640 } as ParlayEntry;
        return HttpResponse.json({ data: parlay }, { status: 201 });
      });
      renderWithProviders(<ParlayForm />);
      await chooseGame(/BUF @ KC/);
      await chooseGame(/NYG @ DAL/);
      for (const name of ['BUF @ KC', 'NYG @ DAL'])
        fireEvent.change(screen.getByLabelText(`Price, ${name}`), { target: { value: '-110' } });
      await user.type(screen.getByLabelText('Stake ($)'), '10');
      expect(screen.getByRole('radio', { name: 'Simulated' })).toBeChecked();
      await user.click(screen.getByRole('radio', { name: 'Real money' }));
      await user.click(screen.getByRole('button', { name: 'Save parlay' }));
      await screen.findByText(/Recorded: a 2-leg parlay/);
      expect(posted[0]?.is_simulated).toBe(false);
      expect(readBetMoney(7)).toBe('real');
      // The next parlay starts from the choice just made.
      expect(screen.getByRole('radio', { name: 'Real money' })).toBeChecked();
    } finally {
      localStorage.clear();
      sessionStorage.clear();
    }
  });

  it('uses the ticket’s own price when typed, and shows the server’s refusal', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    server(() =>
      HttpResponse.json(
        {
          error: {
            code: 'BAD_REQUEST',
            message: 'body.legs.1.event_id: the game has started',
            fields: [
              {
                field: 'body.legs.1.event_id',
                message: "the game has started: a parlay's legs are games still to come",
              },
            ],
          },
        },
        { status: 400 },
      ),
    );
    renderWithProviders(<ParlayForm />);
    await chooseGame(/BUF @ KC/);
    await chooseGame(/NYG @ DAL/);
    await user.type(screen.getByLabelText('Stake ($)'), '10');
    await user.type(screen.getByLabelText('Ticket price (optional)'), '250');
    expect(screen.getByTestId('parlay-preview')).toHaveTextContent('Price +250 · to win $25.00 · pays $35.00');
    await user.click(screen.getByRole('radio', { name: 'Simulated' }));
    await user.click(screen.getByRole('button', { name: 'Save parlay' }));
    expect(await screen.findByText(/legs are games still to come/)).toBeInTheDocument();
  });
});

describe('the parlay form’s rules', () => {
  it('derives a spread leg’s type from its line', () => {
    const leg = { eventId: 1, kind: 3 as const, side: 'BUF', line: '3.5', price: '-110' };
    expect(legBody(leg)).toMatchObject({ bet_type: 3, line: 3.5 });
    expect(legBody({ ...leg, line: '-2.5' })).toMatchObject({ bet_type: 4 });
    expect(legBody({ ...leg, kind: 2, side: 'Under', line: '44' })).toMatchObject({ bet_kind: 2, bet_type: 2 });
    expect(legBody({ ...leg, kind: 1 })).toEqual({
      event_id: 1,
      bet_kind: 1,
      bet_type: 5,
      bet_team: 'BUF',
      price: -110,
    });
  });

  it('shows no payout until the stake and every price are usable', () => {
    const legs = [
      { eventId: 1, kind: 1 as const, side: 'KC', line: '', price: '150' },
      { eventId: 2, kind: 1 as const, side: 'SF', line: '', price: '' },
    ];
    expect(parlayPreview(legs, '10', '')).toEqual({ price: null, payout: null, toWin: null });
    expect(parlayPreview([legs[0]!, { ...legs[1]!, price: '100' }], '', '')).toEqual({
      price: 400,
      payout: null,
      toWin: null,
    });
    expect(parlayPreview([legs[0]!, { ...legs[1]!, price: '100' }], '10', '')).toEqual({
      price: 400,
      payout: 5000,
      toWin: 4000,
    });
  });
});

describe('ParlaysList', () => {
  const parlay: ParlayEntry = {
    id: 7,
    sport: 'americanfootball_nfl',
    season: 2025,
    week: 12,
    is_simulated: true,
    stake_cents: 2000,
    ticket_price: null,
    same_game: false,
    recorded_after_start: false,
    price: 415,
    decimal_price: 5.1545,
    payout_cents: 10_309,
    book: null,
    first_kickoff: '2025-11-23T18:00:00.000Z',
    status: 8,
    outcome: 'loss',
    reward: -2000,
    legs: [
      {
        event_id: 101,
        sport: 'americanfootball_nfl',
        season: 2025,
        event: {
          home_team: 'KC',
          away_team: 'BUF',
          kickoff: '2025-11-23T18:00:00.000Z',
          game_date: '2025-11-23',
          status: 'final',
          event_scores: { home: 10, away: 20 },
        },
        bet_kind: 1,
        bet_type: 5,
        bet_team: 'KC',
        line: null,
        price: -110,
        outcome: 'loss',
      },
      {
        event_id: 102,
        sport: 'americanfootball_nfl',
        season: 2025,
        event: {
          home_team: 'DAL',
          away_team: 'NYG',
          kickoff: '2025-11-23T21:25:00.000Z',
          game_date: '2025-11-23',
          status: 'scheduled',
          event_scores: { home: null, away: null },
        },
        bet_kind: 3,
        bet_type: 3,
        bet_team: 'NYG',
        line: 4.5,
        price: 170,
        outcome: null,
      },
    ],
    graded_at: '2025-11-23T21:00:00.000Z',
    created_at: '2025-11-20T10:00:00.000Z',
    updated_at: '2025-11-23T21:00:00.000Z',
  };

  it('reads a total leg as the points it names and a spread of 0 as a pick', async () => {
    const [moneyline, spread] = parlay.legs;
    const legs = [
      { ...moneyline!, bet_kind: 2, bet_type: 1, bet_team: null, line: 47.5 },
      { ...spread!, line: 0 },
    ];
    answer('get', '/api/user/parlays', { data: [{ ...parlay, legs }], total: 1, limit: 500, offset: 0 });
    renderWithProviders(<ParlaysList />);
    const rows = await screen
      .findAllByRole('listitem', {}, { timeout: 5000 })
      .then((items) => items.filter((item) => item.hasAttribute('data-parlay')));
    expect(
      within(rows[0]!)
        .getAllByRole('listitem')
        .map((leg) => leg.textContent),
    ).toEqual(['BUF @ KC: Over 47.5 -110 — Lost', 'NYG @ DAL: NYG PK +170 — To play']);
  });

  it('shows a parlay as one row with its legs, each leg’s result, the price and the payout', async () => {
    answer('get', '/api/user/parlays', { data: [parlay], total: 1, limit: 500, offset: 0 });
    renderWithProviders(<ParlaysList />);
    const rows = await screen
      .findAllByRole('listitem', {}, { timeout: 5000 })
      .then((items) => items.filter((item) => item.hasAttribute('data-parlay')));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toHaveTextContent('2-leg parlay +415');
    expect(row).toHaveTextContent('Lost');
    expect(row).toHaveTextContent('Stake $20.00 · pays $103.09 · reward −$20.00');
    const legs = within(row).getAllByRole('listitem');
    expect(legs.map((leg) => leg.textContent)).toEqual([
      'BUF @ KC: KC to win -110 — Lost',
      'NYG @ DAL: NYG +4.5 +170 — To play',
    ]);
    expect(within(row).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(row).not.toHaveTextContent('Logged after start');
    await waitFor(() => expect(row).toBeInTheDocument());
  });

  it('names a same-game ticket, one logged after its first game started, and each leg’s sport when they differ', async () => {
    const [first, second] = parlay.legs;
    const mixed: ParlayEntry = {
      ...parlay,
      same_game: true,
      recorded_after_start: true,
      ticket_price: 600,
      price: 600,
      legs: [
        first!,
        {
          ...second!,
          sport: 'americanfootball_ncaaf',
          event: { ...second!.event, home_team: 'ALA', away_team: 'UGA' },
          bet_team: 'UGA',
        },
      ],
    };
    answer('get', '/api/user/parlays', { data: [mixed], total: 1, limit: 500, offset: 0 });
    renderWithProviders(<ParlaysList />);
    const row = await screen.findByRole('listitem', { name: /2-leg parlay/ }, { timeout: 5000 });
    expect(row).toHaveTextContent('Same game');
    expect(row).toHaveTextContent('Logged after start');
    expect(within(row).getByTitle(/left out of closing line value/)).toHaveTextContent('Logged after start');
    const legs = within(row).getAllByRole('listitem');
    expect(legs.map((leg) => leg.textContent)).toEqual([
      'NFL · BUF @ KC: KC to win -110 — Lost',
      'College · UGA @ ALA: UGA +4.5 +170 — To play',
    ]);
  });
});

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import type { BetEntry, BookEvent, SeasonWeek } from '@pass/contracts';
import { storeSessionUser } from '../../../lib/session-user';
import { betEntry, bookEvent } from '../../../testing/ledger-fixtures';
import { BetForm } from './bet-form';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

/** The server's clock in these tests: two days before the fixture game's kickoff. */
const SERVER_NOW = '2025-11-21T12:00:00.000Z';

type Answer = () => Response;

const WEEK_12: SeasonWeek = {
  number: 12,
  label: 'Week 12',
  season_type: 'regular',
  start: '2025-11-20',
  end: '2025-11-24',
  games: 1,
};

function server(postAnswers: Answer[], events: BookEvent[] = [bookEvent], next: BookEvent[] = []) {
  let posts = 0;
  answer('get', '/api/health', { status: 'ok', uptimeSeconds: 1, time: SERVER_NOW });
  answer('get', '/api/book/events/americanfootball_nfl', {
    sport: 'americanfootball_nfl',
    season: 2025,
    week: WEEK_12,
    next_week: 13,
    book: null,
    events,
  });
  answer('get', '/api/book/events/americanfootball_nfl/13', {
    sport: 'americanfootball_nfl',
    season: 2025,
    week: null,
    book: null,
    events: next,
  });
  answer('post', '/api/user/bets', () => {
    const reply = postAnswers[posts++];
    if (!reply) throw new Error('unexpected POST');
    return reply();
  });
}

const posts = () => sentRequests({ method: 'post' });

async function choose(label: string, option: string | RegExp) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

async function fillBet() {
  const user = userEvent.setup();
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Game' })).not.toHaveAttribute('aria-disabled'), {
    timeout: 5000,
  });
  await choose('Game', /BUF @ KC/);
  await choose('Mode', 'Bet on');
  await user.type(screen.getByLabelText('Stake ($)'), '110');
  await user.click(screen.getByRole('radio', { name: 'Simulated' }));
}

// Each test opens several MUI selects, which takes seconds on a busy machine.
describe('BetForm', () => {
  it("prefills line and price from the chosen book's latest quote", async () => {
    server([]);
    renderWithProviders(<BetForm />);
    await fillBet();
    // Spread on KC (the home side by default): the newest betus quote is −3 at −115.
    expect(screen.getByLabelText('Line')).toHaveValue('-3');
    expect(screen.getByLabelText('Price')).toHaveValue('-115');
    await choose('Side', 'BUF');
    expect(screen.getByLabelText('Line')).toHaveValue('3');
    expect(screen.getByLabelText('Price')).toHaveValue('-105');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Underdog');
    await choose('Kind', 'Moneyline');
    await choose('Side', 'BUF');
    expect(screen.getByLabelText('Price')).toHaveValue('140');
  });

  it('posts with an Idempotency-Key, keeps it across a retry of the same submission, and a new one after', async () => {
    const user = userEvent.setup();
    server([
      () => HttpResponse.json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, { status: 500 }),
      () => HttpResponse.json({ data: betEntry() }, { status: 201 }),
      () => HttpResponse.json({ data: betEntry({ id: 2 }) }, { status: 201 }),
    ]);
    renderWithProviders(<BetForm />);
    await fillBet();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Something went wrong', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText(/Recorded: Bet on BUF @ KC/, {}, { timeout: 5000 })).toBeInTheDocument();

    const [first, second] = posts();
    const firstKey = first!.headers['idempotency-key'];
    expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.headers['idempotency-key']).toBe(firstKey);
    expect(await first!.json()).toEqual({
      event_id: 101,
      bet_mode: 3,
      bet_kind: 3,
      bet_type: 4,
      bet_team: 'KC',
      line: -3,
      price: -115,
      stake: 110,
      book: 'betus',
      is_simulated: true,
    });

    await user.type(screen.getByLabelText('Stake ($)'), '110');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(posts()).toHaveLength(3));
    expect(posts()[2]!.headers['idempotency-key']).not.toBe(firstKey);
  });

  it('posts a pick without price or stake, always simulated, with its play', async () => {
    const user = userEvent.setup();
    server([() => HttpResponse.json({ data: betEntry({ bet_mode: 1 }) }, { status: 201 })]);
    // Stats kept in the stored cache from before are stale once the pick is recorded.
    localStorage.setItem('pass.cache.stats:americanfootball_nfl:2025', '{"kept":true}');
    renderWithProviders(<BetForm />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Game' })).not.toHaveAttribute('aria-disabled'), {
      timeout: 5000,
    });
    await choose('Game', /BUF @ KC/);
    expect(screen.queryByLabelText('Price')).toBeNull();
    expect(screen.queryByLabelText('Stake ($)')).toBeNull();
    await choose('Play', 'Double play (±10)');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await screen.findByText(/Recorded: Pick on/, {}, { timeout: 5000 });
    const [post] = posts();
    expect(await post!.json()).toEqual({
      event_id: 101,
      bet_mode: 1,
      bet_kind: 3,
      bet_type: 4,
      bet_team: 'KC',
      line: -3,
      price: null,
      stake: null,
      book: 'betus',
      is_simulated: true,
      multiplier: 2,
    });
    expect(localStorage.getItem('pass.cache.stats:americanfootball_nfl:2025')).toBeNull();
  });

  it('shows the field errors of a 400 body under their fields', async () => {
    const user = userEvent.setup();
    server([
      () =>
        HttpResponse.json(
          {
            error: {
              code: 'BAD_REQUEST',
              message: 'The request is not valid',
              fields: [
                { field: 'body.stake', message: 'must have at most two decimals (cents)' },
                { field: 'body.price', message: 'must not lie strictly between -100 and 100' },
              ],
            },
          },
          { status: 400 },
        ),
    ]);
    renderWithProviders(<BetForm />);
    await fillBet();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(
      await screen.findByText('must have at most two decimals (cents)', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Stake ($)')).toHaveAccessibleDescription('must have at most two decimals (cents)');
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('must not lie strictly between -100 and 100');
  });
});

describe('BetForm games and money', () => {
  const game = (
    id: number,
    away: string,
    home: string,
    kickoff: string,
    status: BookEvent['status'] = 'scheduled',
  ) => ({
    ...bookEvent,
    event_id: id,
    away_team: away,
    home_team: home,
    kickoff,
    game_date: kickoff.slice(0, 10),
    status,
  });

  it("offers a baseball game's markets as moneyline, totals and the run line", async () => {
    const user = userEvent.setup();
    answer('get', '/api/health', { status: 'ok', uptimeSeconds: 1, time: SERVER_NOW });
    renderWithProviders(<BetForm game={{ ...bookEvent, sport: 'baseball_mlb' }} />);
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Moneyline', 'Totals', 'Run line']);
  });

  it('offers only games still to kick off, this week and the coming one, grouped by day', async () => {
    const user = userEvent.setup();
    server(
      [],
      [
        game(201, 'DAL', 'NYG', '2025-11-20T18:00:00.000Z', 'final'),
        game(202, 'LAR', 'SEA', '2025-11-21T11:00:00.000Z'),
        game(203, 'BUF', 'KC', '2025-11-23T18:00:00.000Z'),
      ],
      [game(204, 'GB', 'DET', '2025-11-27T17:30:00.000Z')],
    );
    renderWithProviders(<BetForm />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Game' })).not.toHaveAttribute('aria-disabled'));
    await user.click(screen.getByRole('combobox', { name: 'Game' }));
    const list = await screen.findByRole('listbox');
    // The day headings are no games to choose.
    const games = () => [...list.querySelectorAll('[role="option"]:not(.MuiListSubheader-root)')];
    await waitFor(() => expect(games()).toHaveLength(2));
    const options = games().map((option) => option.textContent);
    // A final game and one whose kickoff has passed on the server's clock are not offered.
    expect(options[0]).toMatch(/^BUF @ KC/);
    expect(options[1]).toMatch(/^GB @ DET/);
    // Each day heads its games.
    const days = [...list.querySelectorAll('li.MuiListSubheader-root')].map((item) => item.textContent);
    expect(days).toHaveLength(2);
    expect(days[0]).toMatch(/23/);
    expect(days[1]).toMatch(/27/);
  });

  it('asks real or simulated before recording a bet, then remembers the choice for the member', async () => {
    const user = userEvent.setup();
    storeSessionUser({ id: 7, username: 'sam', name: null, isAdmin: false });
    server([() => HttpResponse.json({ data: betEntry({ is_simulated: false }) }, { status: 201 })]);
    renderWithProviders(<BetForm />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Game' })).not.toHaveAttribute('aria-disabled'));
    await choose('Game', /BUF @ KC/);
    await choose('Mode', 'Bet on');
    await user.type(screen.getByLabelText('Stake ($)'), '50');
    expect(screen.getByRole('radio', { name: 'Real money' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Simulated' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Choose real money or simulated.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Real money' }));
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await screen.findByText(/Recorded: Bet on/);
    expect(await posts()[0]!.json()).toMatchObject({
      is_simulated: false,
    });

    cleanup();
    renderWithProviders(<BetForm />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Game' })).not.toHaveAttribute('aria-disabled'));
    await choose('Game', /BUF @ KC/);
    await choose('Mode', 'Bet on');
    expect(screen.getByRole('radio', { name: 'Real money' })).toBeChecked();
  });
});

describe('BetForm teaser points', () => {
  it('shows teaser points, 6 to start with, for a teaser type and sends them', async () => {
    const user = userEvent.setup();
    server([() => HttpResponse.json({ data: betEntry({ bet_type: 7, teaser_points: 7 }) }, { status: 201 })]);
    renderWithProviders(<BetForm />);
    await fillBet();
    expect(screen.queryByLabelText('Teaser points')).toBeNull();
    await choose('Type', 'Teaser (favored)');
    expect(screen.getByLabelText('Teaser points')).toHaveValue('6');
    await user.clear(screen.getByLabelText('Teaser points'));
    await user.type(screen.getByLabelText('Teaser points'), '7');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await screen.findByText(/Recorded: Bet on/, {}, { timeout: 5000 });
    const [post] = posts();
    expect(await post!.json()).toMatchObject({
      bet_type: 7,
      line: -3,
      teaser_points: 7,
    });
  });

  it('refuses teaser points that are not a number without asking the server', async () => {
    const user = userEvent.setup();
    server([]);
    renderWithProviders(<BetForm />);
    await fillBet();
    await choose('Type', 'Teaser (favored)');
    await user.clear(screen.getByLabelText('Teaser points'));
    await user.type(screen.getByLabelText('Teaser points'), 'six');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(screen.getByLabelText('Teaser points')).toHaveAccessibleDescription('must be a number');
    expect(posts()).toHaveLength(0);
  });
});

describe('BetForm changing an entry', () => {
  function editServer(patchAnswers: Answer[]) {
    let patches = 0;
    // The server's clock cannot be read: the form goes by the device's.
    answer('get', '/api/health', () => HttpResponse.error());
    answer('get', '/api/book/events/americanfootball_nfl', {
      sport: 'americanfootball_nfl',
      season: 2025,
      week: null,
      book: null,
      events: [bookEvent],
    });
    answer('patch', '/api/user/bets/1', () => {
      const reply = patchAnswers[patches++];
      if (!reply) throw new Error('unexpected PATCH');
      return reply();
    });
  }

  const patchBodies = () => Promise.all(sentRequests({ method: 'patch' }).map((request) => request.json()));

  async function replace(label: string, text: string) {
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(label), text);
  }

  it('sends only what changed with PATCH, and nothing while nothing has', async () => {
    const user = userEvent.setup();
    const onRecorded = vi.fn<(entry: BetEntry) => void>();
    editServer([() => HttpResponse.json({ data: betEntry({ line: -3.5, stake_cents: 15_000 }) })]);
    renderWithProviders(<BetForm entry={betEntry()} onRecorded={onRecorded} />);
    expect(screen.getByText(/Bet on KC · Spread · BUF @ KC/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Mode' })).toBeNull();
    expect(screen.getByLabelText('Line')).toHaveValue('-3');
    expect(screen.getByLabelText('Price')).toHaveValue('-115');
    expect(screen.getByLabelText('Stake ($)')).toHaveValue('110');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await replace('Line', '-3.5');
    await replace('Stake ($)', '150');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalledOnce(), { timeout: 5000 });
    expect(await patchBodies()).toEqual([{ line: -3.5, stake: 150 }]);
    expect(onRecorded.mock.calls[0]![0]).toMatchObject({ line: -3.5, stake_cents: 15_000 });
  });

  it("changes a teaser's points, and shows a refused change's message under its field", async () => {
    const user = userEvent.setup();
    editServer([
      () =>
        HttpResponse.json(
          {
            error: {
              code: 'BAD_REQUEST',
              message: 'The request is not valid',
              fields: [{ field: 'params.id', message: 'its game has started: the entry can no longer be changed' }],
            },
          },
          { status: 400 },
        ),
    ]);
    renderWithProviders(<BetForm entry={betEntry({ bet_type: 7, line: -8.5, teaser_points: 6.5 })} />);
    expect(screen.getByLabelText('Teaser points')).toHaveValue('6.5');
    // The contract's rule refuses more than 20 points before the server is asked.
    await replace('Teaser points', '25');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(
      () => expect(screen.getByLabelText('Teaser points')).toHaveAccessibleDescription('must be at most 20'),
      { timeout: 5000 },
    );
    expect(await patchBodies()).toEqual([]);

    await replace('Teaser points', '7');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'params.id: its game has started: the entry can no longer be changed',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(await patchBodies()).toEqual([{ teaser_points: 7 }]);
  });

  it('gives an entry turned into a teaser its points, 6 unless changed', async () => {
    const user = userEvent.setup();
    editServer([() => HttpResponse.json({ data: betEntry({ bet_type: 7, teaser_points: 6 }) })]);
    renderWithProviders(<BetForm entry={betEntry()} />);
    await choose('Type', 'Teaser (favored)');
    expect(screen.getByLabelText('Teaser points')).toHaveValue('6');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sentRequests({ method: 'patch' })).toHaveLength(1), { timeout: 5000 });
    expect(await patchBodies()).toEqual([{ bet_type: 7, teaser_points: 6 }]);
  });
});

import type { BetEntry, BookEvent } from '@pass/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BetSlipContext, type OpenSlip } from '../../../lib/bet-slip';
import { clearSessionUser, storeSessionUser } from '../../../lib/session-user';
import { answer, sentRequest, sentRequests, type Method, type SentRequest } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { betEntry, bookEvent } from '../../../testing/ledger-fixtures';
import { GamePickActions } from './game-pick-actions';

const DAY = 86_400_000;
const kickoff = new Date(Date.now() + 2 * DAY).toISOString();
const game: BookEvent = { ...bookEvent, kickoff, game_date: kickoff.slice(0, 10) };
const otherGame: BookEvent = { ...game, event_id: 102, home_team: 'DAL', away_team: 'NYG', odds: [] };
const week = [game, otherGame];

/** The member's stored pick on KC −3 at betus. */
const storedPick = (overrides: Partial<BetEntry> = {}) =>
  betEntry({
    id: 7,
    bet_mode: 1,
    price: null,
    stake_cents: null,
    event: { ...betEntry().event, kickoff, game_date: game.game_date },
    ...overrides,
  });

const refusal = (field: string, message: string) =>
  HttpResponse.json(
    { error: { code: 'BAD_REQUEST', message: 'The request is not valid', fields: [{ field, message }] } },
    { status: 400 },
  );

type Handler = () => Response | Promise<Response>;

/** The ledger API over a list of stored entries; writes answer through the handlers given. */
function server(stored: BetEntry[], handlers: { post?: Handler; patch?: Handler; delete?: Handler } = {}) {
  answer('get', '/api/user/bets', ({ request }) => {
    const ids = (new URL(request.url).searchParams.get('event_ids') ?? '').split(',').map(Number);
    const data = stored.filter((entry) => ids.includes(entry.event_id));
    return HttpResponse.json({ data, total: data.length, limit: 500, offset: 0 });
  });
  // The bet form asks the server's clock, which cannot be read here: the form goes by the device's.
  answer('get', '/api/health', () => HttpResponse.error());
  if (handlers.post) answer('post', '/api/user/bets', handlers.post);
  if (handlers.patch) answer('patch', '/api/user/bets/:id', handlers.patch);
  if (handlers.delete) answer('delete', '/api/user/bets/:id', handlers.delete);
}

const callsOf = (method: Method) => sentRequests({ method });

const bodyOf = (request: SentRequest) => request.json();

function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => (resolve = done));
  return { promise, resolve };
}

const pickButton = (label: string) => screen.getByRole('button', { name: `Pick ${label}` });

async function pickButtonsReady() {
  await waitFor(() => expect(pickButton('KC -3')).toBeEnabled(), { timeout: 5000 });
}

beforeEach(() => storeSessionUser({ id: 1, username: 'pat', name: null, isAdmin: false }));

afterEach(() => {
  cleanup();
  clearSessionUser();
});

describe('GamePickActions', () => {
  it('picks a side with one tap: POST with an Idempotency-Key, shown at once, kept once stored', async () => {
    const user = userEvent.setup();
    const stored: BetEntry[] = [];
    const reply = deferred();
    server(stored, { post: () => reply.promise });
    renderWithProviders(<GamePickActions event={game} weekEvents={week} />);
    await pickButtonsReady();
    // One request for the whole week's entries.
    expect(sentRequest(0).url.searchParams.get('event_ids')).toBe('101,102');
    expect(screen.getByText('Tap a side to pick it')).toBeInTheDocument();

    await user.click(pickButton('KC -3'));
    // Before the server answers.
    expect(pickButton('KC -3')).toHaveAttribute('aria-pressed', 'true');
    expect(pickButton('BUF +3')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Your pick: KC -3')).toBeInTheDocument();

    const [post] = callsOf('post');
    expect(await bodyOf(post!)).toEqual({
      event_id: 101,
      bet_mode: 1,
      bet_kind: 3,
      bet_type: 4,
      bet_team: 'KC',
      line: -3,
      book: 'betus',
    });
    expect(post!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    // Undo waits for the stored entry: the shown one has no id the server knows.
    expect(screen.getByRole('button', { name: 'Undo pick' })).toBeDisabled();
    stored.push(storedPick());
    reply.resolve(HttpResponse.json({ data: storedPick() }, { status: 201 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo pick' })).toBeEnabled(), { timeout: 5000 });
    expect(pickButton('KC -3')).toHaveAttribute('aria-pressed', 'true');
    expect(callsOf('post')).toHaveLength(1);
  });

  it("rolls a refused pick back and says why, in the server's words", async () => {
    const user = userEvent.setup();
    const reply = deferred();
    server([], { post: () => reply.promise });
    renderWithProviders(<GamePickActions event={game} weekEvents={week} />);
    await pickButtonsReady();
    await user.click(pickButton('BUF +3'));
    expect(pickButton('BUF +3')).toHaveAttribute('aria-pressed', 'true');
    reply.resolve(refusal('body.event_id', 'the game has started: picks and simulated bets close at kickoff'));
    expect(
      await screen.findByText('BUF +3 was not picked: the game has started: picks and simulated bets close at kickoff'),
    ).toBeInTheDocument();
    expect(pickButton('BUF +3')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Tap a side to pick it')).toBeInTheDocument();
  });

  it('switches sides with PATCH at the other side’s line, and undoes the pick with DELETE', async () => {
    const user = userEvent.setup();
    const stored = [storedPick()];
    const patched = deferred();
    server(stored, {
      patch: () => patched.promise,
      delete: () => {
        stored.splice(0);
        return HttpResponse.json({ data: storedPick({ bet_team: 'BUF', line: 3, bet_type: 3, status: 6 }) });
      },
    });
    renderWithProviders(<GamePickActions event={game} weekEvents={week} />);
    await pickButtonsReady();
    expect(pickButton('KC -3')).toHaveAttribute('aria-pressed', 'true');

    await user.click(pickButton('BUF +3'));
    expect(pickButton('BUF +3')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Your pick: BUF +3')).toBeInTheDocument();
    const [patch] = callsOf('patch');
    expect(patch!.url.pathname).toBe('/api/user/bets/7');
    expect(await bodyOf(patch!)).toEqual({ bet_team: 'BUF', bet_type: 3, line: 3, book: 'betus' });
    stored[0] = storedPick({ bet_team: 'BUF', line: 3, bet_type: 3 });
    patched.resolve(HttpResponse.json({ data: stored[0] }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo pick' })).toBeEnabled(), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Undo pick' }));
    expect(await screen.findByText('Tap a side to pick it')).toBeInTheDocument();
    const [remove] = callsOf('delete');
    expect(remove!.url.pathname).toBe('/api/user/bets/7');
    expect(pickButton('BUF +3')).toHaveAttribute('aria-pressed', 'false');
    expect(callsOf('post')).toHaveLength(0);
  });

  it('keeps the pick where it was when a switch or an undo is refused', async () => {
    const user = userEvent.setup();
    const gameStarted = () => refusal('params.id', 'its game has started: the entry can no longer be changed');
    server([storedPick()], { patch: gameStarted, delete: gameStarted });
    renderWithProviders(<GamePickActions event={game} weekEvents={week} />);
    await pickButtonsReady();

    await user.click(pickButton('BUF +3'));
    expect(
      await screen.findByText('Your pick stays on KC -3: its game has started: the entry can no longer be changed'),
    ).toBeInTheDocument();
    expect(pickButton('KC -3')).toHaveAttribute('aria-pressed', 'true');

    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo pick' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Undo pick' }));
    expect(await screen.findByText(/was not undone: its game has started/)).toBeInTheDocument();
    expect(pickButton('KC -3')).toHaveAttribute('aria-pressed', 'true');
  });

  it("offers no pick while the member's entries cannot be loaded", async () => {
    answer('get', '/api/user/bets', { error: { code: 'INTERNAL', message: 'Something went wrong' } }, { status: 500 });
    renderWithProviders(<GamePickActions event={game} weekEvents={week} />);
    expect(await screen.findByText('Your picks could not be loaded.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(pickButton('KC -3')).toBeDisabled();
    expect(pickButton('BUF +3')).toBeDisabled();
  });

  it('picks baseball straight up, with no line', async () => {
    const user = userEvent.setup();
    const mlb: BookEvent = {
      ...game,
      sport: 'baseball_mlb',
      week: null,
      yr_week: null,
      home_team: 'NYY',
      away_team: 'BOS',
      odds: [
        { ...game.odds[3]!, outcome: 'NYY', price: -150 },
        { ...game.odds[4]!, outcome: 'BOS', price: 130 },
      ],
    };
    server([], {
      post: () => HttpResponse.json({ data: storedPick({ event_id: 101, bet_kind: 1, bet_type: 5 }) }, { status: 201 }),
    });
    renderWithProviders(<GamePickActions event={mlb} weekEvents={[mlb]} />);
    await waitFor(() => expect(pickButton('NYY -150')).toBeEnabled(), { timeout: 5000 });
    await user.click(pickButton('NYY -150'));
    await waitFor(() => expect(callsOf('post')).toHaveLength(1));
    expect(await bodyOf(callsOf('post')[0]!)).toEqual({
      event_id: 101,
      bet_mode: 1,
      bet_kind: 1,
      bet_type: 5,
      bet_team: 'NYY',
      book: 'betus',
    });
  });

  it('shows a started game’s entries without buttons, and nothing to a visitor', async () => {
    const started: BookEvent = {
      ...game,
      kickoff: new Date(Date.now() - 3_600_000).toISOString(),
      status: 'in_progress',
    };
    const bet = storedPick({ id: 8, bet_mode: 3, price: -115, stake_cents: 11_000, status: 3 });
    server([storedPick({ status: 3 }), bet]);
    renderWithProviders(<GamePickActions event={started} weekEvents={[started]} />);
    expect(await screen.findByText('Your pick: KC -3 · In play', {}, { timeout: 5000 })).toBeInTheDocument();
    const others = screen.getByRole('list', { name: 'Your other entries on this game' });
    expect(within(others).getByText('Bet on KC -3 · -115 · $110.00 · simulated')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();

    clearSessionUser();
    server([]);
    const asked = sentRequests().length;
    const { container } = renderWithProviders(<GamePickActions event={game} weekEvents={week} />);
    expect(container).toBeEmptyDOMElement();
    expect(sentRequests()).toHaveLength(asked);
  });

  it("opens the bet form on the game, prefilled from the book's latest quote, and records a bet", async () => {
    const user = userEvent.setup();
    server([], {
      post: () => HttpResponse.json({ data: betEntry({ id: 9 }) }, { status: 201 }),
    });
    renderWithProviders(<GamePickActions event={game} weekEvents={week} />);
    await pickButtonsReady();
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pick or bet: BUF @ KC' });
    expect(within(dialog).queryByRole('combobox', { name: 'Game' })).toBeNull();
    expect(within(dialog).getByRole('combobox', { name: 'Mode' })).toHaveTextContent('Bet on');
    expect(within(dialog).getByLabelText('Line')).toHaveValue('-3');
    expect(within(dialog).getByLabelText('Price')).toHaveValue('-115');
    await user.type(within(dialog).getByLabelText('Stake ($)'), '20');
    await user.click(within(dialog).getByRole('radio', { name: 'Simulated' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    const [post] = callsOf('post');
    expect(await bodyOf(post!)).toEqual({
      event_id: 101,
      bet_mode: 3,
      bet_kind: 3,
      bet_type: 4,
      bet_team: 'KC',
      line: -3,
      price: -115,
      stake: 20,
      book: 'betus',
      is_simulated: true,
    });
  });

  it('opens the bet slip on the game where the screen offers it: the default book, the favourite; baseball its moneyline', async () => {
    const user = userEvent.setup();
    server([]);
    const openSlip = vi.fn<OpenSlip>();
    const withSlip = (event: BookEvent) => (
      <BetSlipContext.Provider value={openSlip}>
        <GamePickActions event={event} weekEvents={[event]} />
      </BetSlipContext.Provider>
    );
    const { unmount } = renderWithProviders(withSlip(game));
    await pickButtonsReady();
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    // betus's latest spread: KC -3 at -115 (the -3.5 is older); no bet form.
    // The Bet action asks to see the slip, whatever it already holds.
    expect(openSlip).toHaveBeenLastCalledWith(
      {
        event: game,
        book: 'betus',
        market: 'spreads',
        outcome: 'KC',
        point: -3,
        price: -115,
      },
      { open: true },
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    const baseball: BookEvent = { ...game, sport: 'baseball_mlb' };
    renderWithProviders(withSlip(baseball));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bet' })).toBeEnabled(), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    expect(openSlip).toHaveBeenLastCalledWith(
      expect.objectContaining({ book: 'betus', market: 'h2h', outcome: 'KC', point: null, price: -160 }),
      { open: true },
    );
    expect(openSlip).toHaveBeenCalledTimes(2);
  });

  it('opens the full bet form when no book quotes the game, even where the slip is offered', async () => {
    const user = userEvent.setup();
    server([]);
    const openSlip = vi.fn<OpenSlip>();
    const unquoted: BookEvent = {
      ...game,
      odds: game.odds.map((quote) => ({ ...quote, book: 'consensus' })),
    };
    renderWithProviders(
      <BetSlipContext.Provider value={openSlip}>
        <GamePickActions event={unquoted} weekEvents={[unquoted]} />
      </BetSlipContext.Provider>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bet' })).toBeEnabled(), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    expect(await screen.findByRole('dialog', { name: 'Pick or bet: BUF @ KC' })).toBeInTheDocument();
    expect(openSlip).not.toHaveBeenCalled();
  });
});

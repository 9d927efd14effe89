import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PriceChoice } from '../../../lib/bet-slip';
import { registerRoutes } from '../../../lib/route-registry';
import { storeSessionUser } from '../../../lib/session-user';
import { answer, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { betEntry, bookEvent } from '../../../testing/ledger-fixtures';
import { addLeg, forgetSlipLegs } from '../lib/slip-legs';
import { BetSlip } from './bet-slip';

registerRoutes(['user-bets']);

beforeEach(() => {
  storeSessionUser({ id: 7, username: 'sam', name: null, isAdmin: false });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  forgetSlipLegs();
});

/** The slip as its provider shows it: open, holding what was recorded until it is closed. */
function OpenSlip() {
  const [recorded, setRecorded] = useState<string | null>(null);
  return <BetSlip open onClose={() => {}} onRecorded={setRecorded} recorded={recorded} />;
}

/** Puts these prices on member `userId`'s slip and shows it. */
function renderSlip(choices: PriceChoice[], userId = 7) {
  for (const choice of choices) addLeg(userId, choice);
  renderWithProviders(<OpenSlip />);
}

// BUF at KC: DraftKings' KC moneyline is not in the fixture; its BUF moneyline is +145.
const spreadKc: PriceChoice = {
  event: bookEvent,
  book: 'betus',
  market: 'spreads',
  outcome: 'KC',
  point: -3,
  price: -115,
};
const moneylineBuf: PriceChoice = {
  event: bookEvent,
  book: 'draftkings',
  market: 'h2h',
  outcome: 'BUF',
  point: null,
  price: 145,
};

function server() {
  let id = 0;
  answer('post', '/api/user/bets', async ({ request }) => {
    const body = (await request.json()) as { is_simulated: boolean; price: number; stake: number };
    return HttpResponse.json(
      {
        data: betEntry({
          id: ++id,
          is_simulated: body.is_simulated,
          price: body.price,
          stake_cents: Math.round(body.stake * 100),
        }),
      },
      { status: 201 },
    );
  });
}

const posts = () => sentRequests({ method: 'post' });

const preview = () =>
  within(screen.getByTestId('slip-preview'))
    .getAllByText(/—|\$/)
    .map((cell) => cell.textContent);

describe('BetSlip', () => {
  it('opens filled with the tapped book, line and price, and previews what the stake wins as it is typed', async () => {
    server();
    const user = userEvent.setup();
    renderSlip([spreadKc]);
    const slip = await screen.findByRole('dialog', { name: 'Bet slip · BUF @ KC' });
    expect(within(slip).getByRole('combobox', { name: 'Book' })).toHaveTextContent('BetUS');
    expect(within(slip).getByLabelText('Spread')).toHaveValue('-3');
    expect(within(slip).getByLabelText('Price')).toHaveValue('-115');
    expect(within(slip).getByRole('button', { name: 'KC' })).toHaveAttribute('aria-pressed', 'true');
    expect(preview()).toEqual(['—', '—']);
    // $115 at -115 wins $100; the payout is stake and profit.
    await user.type(within(slip).getByLabelText('Stake ($)'), '115');
    expect(preview()).toEqual(['$100.00', '$215.00']);
    await user.clear(within(slip).getByLabelText('Price'));
    await user.type(within(slip).getByLabelText('Price'), '+150');
    expect(preview()).toEqual(['$172.50', '$287.50']);
  });

  it('derives favoured or underdog from the line, so the side and the type never disagree', async () => {
    server();
    const user = userEvent.setup();
    renderSlip([spreadKc]);
    const slip = await screen.findByRole('dialog');
    expect(within(slip).getByText(/Spread · Favored \(KC gives 3\)/)).toBeInTheDocument();
    // The other side takes its own quote from the same book: BUF +3 at -105, the underdog.
    await user.click(within(slip).getByRole('button', { name: 'BUF' }));
    expect(within(slip).getByLabelText('Spread')).toHaveValue('3');
    expect(within(slip).getByLabelText('Price')).toHaveValue('-105');
    expect(within(slip).getByText(/Spread · Underdog \(BUF gets 3\)/)).toBeInTheDocument();
    await user.clear(within(slip).getByLabelText('Spread'));
    await user.type(within(slip).getByLabelText('Spread'), '-1.5');
    expect(within(slip).getByText(/Spread · Favored \(BUF gives 1.5\)/)).toBeInTheDocument();
  });

  it('names a baseball spread the run line', async () => {
    server();
    renderSlip([{ ...spreadKc, event: { ...spreadKc.event, sport: 'baseball_mlb' } }]);
    const slip = await screen.findByRole('dialog');
    expect(within(slip).getByLabelText('Run line')).toHaveValue('-3');
    expect(within(slip).getByText(/Run line · Favored \(KC gives 3\)/)).toBeInTheDocument();
    expect(within(slip).queryByText(/Spread/)).toBeNull();
  });

  it('asks real money or simulated the first time, records through the bet API, and remembers the choice', async () => {
    server();
    const user = userEvent.setup();
    renderSlip([moneylineBuf]);
    const slip = await screen.findByRole('dialog');
    expect(within(slip).getByRole('combobox', { name: 'Book' })).toHaveTextContent('DraftKings');
    expect(within(slip).queryByLabelText('Spread')).toBeNull();
    await user.type(within(slip).getByLabelText('Stake ($)'), '20');
    expect(preview()).toEqual(['$29.00', '$49.00']);
    expect(within(slip).getByRole('radio', { name: 'Real money' })).not.toBeChecked();
    expect(within(slip).getByRole('radio', { name: 'Simulated' })).not.toBeChecked();
    await user.click(within(slip).getByRole('button', { name: 'Record bet' }));
    expect(within(slip).getByText('Choose real money or simulated.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    // A radio group: the keyboard reaches it with Tab and moves the choice with the arrows.
    expect(within(slip).getByRole('radiogroup', { name: 'Real money or simulated?' })).toBeInTheDocument();
    within(slip).getByRole('radio', { name: 'Real money' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(slip).getByRole('radio', { name: 'Simulated' })).toBeChecked();
    await user.click(within(slip).getByRole('button', { name: 'Record bet' }));
    expect(await within(slip).findByText('Recorded: BUF at +145, DraftKings, $20.00 simulated.')).toBeInTheDocument();
    expect(within(slip).getByRole('link', { name: 'See My Bets' })).toHaveAttribute('href', '/user/bets');
    const [post] = posts();
    expect(post!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await post!.json()).toEqual({
      event_id: 101,
      bet_mode: 3,
      bet_kind: 1,
      bet_type: 5,
      bet_team: 'BUF',
      line: null,
      price: 145,
      stake: 20,
      book: 'draftkings',
      is_simulated: true,
    });

    // The next slip starts from the member's choice; another member still has to choose.
    cleanup();
    renderSlip([spreadKc]);
    expect(await screen.findByRole('radio', { name: 'Simulated' })).toBeChecked();
    cleanup();
    storeSessionUser({ id: 8, username: 'kim', name: null, isAdmin: false });
    renderSlip([spreadKc], 8);
    expect(await screen.findByRole('radio', { name: 'Simulated' })).not.toBeChecked();
  });

  it('is a bottom sheet on a phone, and chooses among the books quoting the side by name', async () => {
    stubViewportWidth(390);
    server();
    const user = userEvent.setup();
    renderSlip([moneylineBuf]);
    const slip = await screen.findByRole('dialog', { name: 'Bet slip · BUF @ KC' });
    expect(slip.closest('[data-sheet="bottom"]')).not.toBeNull();
    await user.click(within(slip).getByRole('combobox', { name: 'Book' }));
    const books = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(books).toEqual(['BetUS', 'DraftKings']);
    await user.click(screen.getByRole('option', { name: 'BetUS' }));
    await waitFor(() => expect(within(slip).getByLabelText('Price')).toHaveValue('140'));
  });

  it('makes a parlay of two prices: a same-game one needs the ticket’s price before it pays anything', async () => {
    const user = userEvent.setup();
    const over: PriceChoice = {
      event: bookEvent,
      book: 'betus',
      market: 'totals',
      outcome: 'Over',
      point: 44.5,
      price: -110,
    };
    renderSlip([spreadKc, over]);
    const slip = await screen.findByRole('dialog', { name: 'Bet slip · Same-game parlay, 2 legs' });
    expect(within(slip).getByLabelText(/Ticket price/)).toBeRequired();
    await user.type(within(slip).getByLabelText('Stake ($)'), '10');
    // No price of the book's yet: the legs' product would overstate correlated legs.
    expect(within(slip).getByTestId('slip-preview')).toHaveTextContent('Price—To win—Payout—');
    await user.type(within(slip).getByLabelText(/Ticket price/), '250');
    expect(within(slip).getByTestId('slip-preview')).toHaveTextContent('Price+250To win$25.00Payout$35.00');
    // A second price of a market already on the slip replaces that leg; removing one leaves a single bet.
    addLeg(7, { ...spreadKc, outcome: 'BUF', point: 3, price: -105 });
    expect(await screen.findByText('BUF +3 -105')).toBeInTheDocument();
    await user.click(within(slip).getByRole('button', { name: /^Remove Over 44.5 -110/ }));
    expect(await screen.findByRole('dialog', { name: 'Bet slip · BUF @ KC' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a leg under that leg, and its payout as the legs change', async () => {
    const user = userEvent.setup();
    const later = { ...bookEvent, event_id: 102, home_team: 'DAL', away_team: 'NYG' };
    const other: PriceChoice = {
      event: later,
      book: 'draftkings',
      market: 'h2h',
      outcome: 'NYG',
      point: null,
      price: 170,
    };
    answer('post', '/api/user/parlays', () =>
      HttpResponse.json(
        {
          error: {
            code: 'BAD_REQUEST',
            message: 'The request is not valid',
            fields: [
              {
                field: 'body.legs.1.event_id',
                message: 'the game has started: simulated parlays close at their first kickoff',
              },
            ],
          },
        },
        { status: 400 },
      ),
    );
    renderSlip([moneylineBuf, other]);
    const slip = await screen.findByRole('dialog', { name: 'Bet slip · Parlay, 2 legs' });
    // +145 × +170: 2.45 × 2.7 = 6.615, +562.
    await user.type(within(slip).getByLabelText('Stake ($)'), '20');
    expect(within(slip).getByTestId('slip-preview')).toHaveTextContent('Price+562To win$112.30Payout$132.30');
    // The book is the ticket's: one of the legs' books.
    await user.click(within(slip).getByRole('combobox', { name: 'Book' }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['DraftKings']);
    await user.keyboard('{Escape}');
    await user.click(within(slip).getByRole('radio', { name: 'Simulated' }));
    await user.click(within(slip).getByRole('button', { name: 'Record parlay' }));
    const legs = within(within(slip).getByRole('list', { name: 'Legs' })).getAllByRole('listitem');
    expect(
      await within(legs[1]!).findByText('the game has started: simulated parlays close at their first kickoff'),
    ).toBeInTheDocument();
    expect(within(legs[0]!).queryByRole('alert')).toBeNull();
  });
});

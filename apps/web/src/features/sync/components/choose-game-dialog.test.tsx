import type { SyncBet, SyncBetCandidatesResponse, SyncCandidateGame, SyncLeg } from '@pass/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { SyncedBetsSection } from './synced-bets-section';

afterEach(() => {
  cleanup();
});

const ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';

const chiefsLeg: SyncLeg = {
  event: 'London Monarchs @ Kansas City Chiefs',
  market: 'moneyline',
  selection: 'Kansas City Chiefs',
  price: -150,
  result: 'open',
};
const totalLeg: SyncLeg = {
  event: 'Chicago Bears @ Green Bay Packers',
  market: 'total',
  selection: 'Over',
  line: 44.5,
  price: -110,
  result: 'open',
};

function rejectedBet(id: number, legs: SyncLeg[]): SyncBet {
  const kind = legs.length > 1 ? 'parlay' : 'single';
  return {
    id,
    account_id: ACCOUNT_ID,
    book: 'fanduel',
    book_bet_id: `FD-${id}`,
    kind,
    placed_at: '2026-11-15T17:00:00.000Z',
    status: 'rejected',
    reject_reason: '"London Monarchs": not a team of americanfootball_nfl PA$$ knows',
    stake_cents: 1000,
    payout_cents: null,
    bonus: false,
    book_price: kind === 'single' ? -150 : 264,
    leg_count: legs.length,
    user_bet_id: null,
    parlay_id: null,
    book_result: 'open',
    outcome: null,
    disagrees: false,
    slip: {
      book_bet_id: `FD-${id}`,
      placed_at: '2026-11-15T17:00:00.000Z',
      kind,
      stake_cents: 1000,
      result: 'open',
      bonus: false,
      legs,
    },
    dismissed_at: null,
    created_at: '2026-11-20T12:00:00.000Z',
    updated_at: '2026-11-20T12:00:00.000Z',
  };
}

const game = (
  id: number,
  away: [string, string],
  home: [string, string],
  overrides: Partial<SyncCandidateGame> = {},
): SyncCandidateGame => ({
  event_id: id,
  sport: 'americanfootball_nfl',
  season: 2026,
  week: 11,
  kickoff_at: '2026-11-16T18:00:00.000Z',
  game_date: '2026-11-16',
  status: 'final',
  away_team: away[0],
  away_name: away[1],
  home_team: home[0],
  home_name: home[1],
  picked_team: null,
  names_teams: false,
  game_number: null,
  ...overrides,
});

const CHIEFS_GAME = game(71, ['BUF', 'Buffalo Bills'], ['KC', 'Kansas City Chiefs'], {
  picked_team: 'KC',
  names_teams: true,
});
const OTHER_CHIEFS_GAME = game(72, ['KC', 'Kansas City Chiefs'], ['DEN', 'Denver Broncos'], {
  kickoff_at: '2026-11-20T01:15:00.000Z',
  game_date: '2026-11-19',
  picked_team: 'KC',
  names_teams: true,
});
const PACKERS_GAME = game(73, ['CHI', 'Chicago Bears'], ['GB', 'Green Bay Packers'], { names_teams: true });

/** The synced bets and their candidates; a match answers the bet matched, or the refusal given. */
function server(bets: SyncBet[], candidates: Record<number, SyncBetCandidatesResponse['data']>, refusal?: string) {
  let list = [...bets];
  const matched: { path: string; body: unknown }[] = [];
  answer('get', '/api/sync/accounts', { data: [] });
  answer('get', '/api/sync/bets', () => HttpResponse.json({ data: list, total: list.length, limit: 200, offset: 0 }));
  answer('get', '/api/sync/bets/:id/candidates', ({ params }) =>
    HttpResponse.json({ data: candidates[Number(params.id)] }),
  );
  answer('post', '/api/sync/bets/:id/match', async ({ request, params }) => {
    matched.push({ path: new URL(request.url).pathname, body: await request.json() });
    if (refusal) {
      return HttpResponse.json(
        {
          error: {
            code: 'BAD_REQUEST',
            message: `body.legs.1.event_id: ${refusal}`,
            fields: [{ field: 'body.legs.1.event_id', message: refusal }],
          },
        },
        { status: 400 },
      );
    }
    const id = Number(params.id);
    list = list.map((item) =>
      item.id === id
        ? { ...item, status: 'matched' as const, reject_reason: null, user_bet_id: 501, outcome: 'win' as const }
        : item,
    );
    return HttpResponse.json({ data: list.find((item) => item.id === id) });
  });
  return { matched };
}

describe('Choose the game for a synced bet sync could not match', () => {
  it('lists the games near the bet, the named team’s first, and matches the single on the game and team chosen', async () => {
    const user = userEvent.setup();
    const single = rejectedBet(5, [chiefsLeg]);
    const { matched } = server([single], {
      5: {
        bet: single,
        placeable: true,
        reason: null,
        legs: [
          {
            position: 0,
            matched_event_id: null,
            reason: single.reject_reason,
            games: [CHIEFS_GAME, OTHER_CHIEFS_GAME, game(74, ['NYJ', 'New York Jets'], ['MIA', 'Miami Dolphins'])],
          },
        ],
      },
    });
    const onMatched = vi.fn();
    renderWithProviders(<SyncedBetsSection onMatched={onMatched} />);
    const card = await screen.findByRole('listitem', { name: /^FanDuel single placed/ });
    expect(within(card).queryByRole('button', { name: 'Record by hand' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Choose the game' }));

    const dialog = await screen.findByRole('dialog', { name: 'Choose the game' });
    expect(
      within(dialog).getByText('The book: London Monarchs @ Kansas City Chiefs: Kansas City Chiefs -150'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/^Sync could not tell: "London Monarchs"/)).toBeInTheDocument();
    // The first game of a team the book named is chosen, with the team the book's selection names.
    const select = await within(dialog).findByRole('combobox', { name: 'Game' });
    expect(select).toHaveTextContent('Buffalo Bills @ Kansas City Chiefs · Mon, Nov 16, 1:00 PM');
    const teams = within(dialog).getByRole('radiogroup', { name: 'Team picked (Kansas City Chiefs)' });
    expect(within(teams).getByRole('radio', { name: 'Kansas City Chiefs' })).toBeChecked();

    // The member knows better: the Thursday game in Denver.
    await user.click(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Buffalo Bills @ Kansas City Chiefs · Mon, Nov 16, 1:00 PM',
      'Kansas City Chiefs @ Denver Broncos · Thu, Nov 19, 8:15 PM',
      'New York Jets @ Miami Dolphins · Mon, Nov 16, 1:00 PM',
    ]);
    await user.click(options[1]!);
    expect(within(dialog).getByRole('radio', { name: 'Kansas City Chiefs' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Match the bet' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(matched).toEqual([{ path: '/api/sync/bets/5/match', body: { legs: [{ event_id: 72, team: 'KC' }] } }]);
    expect(await within(card).findByText('Matched')).toBeInTheDocument();
    expect(onMatched).toHaveBeenCalled();
    expect(within(card).queryByRole('button', { name: 'Choose the game' })).not.toBeInTheDocument();
  });

  it('tells the two games of a doubleheader apart, saying when their starts are not known', async () => {
    const user = userEvent.setup();
    const twinsLeg: SyncLeg = {
      event: 'MIN Twins @ BAL Orioles',
      market: 'moneyline',
      selection: 'MIN Twins',
      price: -120,
      result: 'open',
    };
    const bet = { ...rejectedBet(7, [twinsLeg]), book: 'draftkings' };
    const mlb = (id: number, overrides: Partial<SyncCandidateGame>) =>
      game(id, ['MIN', 'Minnesota Twins'], ['BAL', 'Baltimore Orioles'], {
        sport: 'baseball_mlb',
        season: 2026,
        week: null,
        picked_team: 'MIN',
        names_teams: true,
        ...overrides,
      });
    server([bet], {
      7: {
        bet,
        placeable: true,
        reason: null,
        legs: [
          {
            position: 0,
            matched_event_id: null,
            reason: 'two games between these teams on 2026-05-14 (a doubleheader)',
            games: [
              mlb(81, { kickoff_at: null, game_date: '2026-05-14', game_number: 1 }),
              mlb(82, { kickoff_at: null, game_date: '2026-05-14', game_number: 2 }),
              mlb(83, { kickoff_at: '2026-05-15T17:05:00.000Z', game_date: '2026-05-15', game_number: 1 }),
              mlb(84, { kickoff_at: '2026-05-15T22:40:00.000Z', game_date: '2026-05-15', game_number: 2 }),
            ],
          },
        ],
      },
    });
    renderWithProviders(<SyncedBetsSection />);
    const card = await screen.findByRole('listitem', { name: /^DraftKings single placed/ });
    await user.click(within(card).getByRole('button', { name: 'Choose the game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose the game' });
    await user.click(await within(dialog).findByRole('combobox', { name: 'Game' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Minnesota Twins @ Baltimore Orioles · Thu, May 14 · Game 1 (start not known)',
      'Minnesota Twins @ Baltimore Orioles · Thu, May 14 · Game 2 (start not known)',
      'Minnesota Twins @ Baltimore Orioles · Fri, May 15, 1:05 PM · Game 1',
      'Minnesota Twins @ Baltimore Orioles · Fri, May 15, 6:40 PM · Game 2',
    ]);
  });

  it('asks a game for each unmatched leg of a parlay, no team for a total, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const parlay = rejectedBet(6, [chiefsLeg, totalLeg]);
    const { matched } = server(
      [parlay],
      {
        6: {
          bet: parlay,
          placeable: true,
          reason: null,
          legs: [
            { position: 0, matched_event_id: 71, reason: null, games: [CHIEFS_GAME] },
            {
              position: 1,
              matched_event_id: null,
              reason: 'no game between these teams is stored',
              games: [game(75, ['NYJ', 'New York Jets'], ['MIA', 'Miami Dolphins']), PACKERS_GAME],
            },
          ],
        },
      },
      'is on a game another leg is on',
    );
    renderWithProviders(<SyncedBetsSection />);
    const card = await screen.findByRole('listitem', { name: /^FanDuel 2-leg parlay placed/ });
    await user.click(within(card).getByRole('button', { name: 'Choose the games' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose the games' });

    expect(await within(dialog).findByRole('combobox', { name: 'Game for leg 1' })).toHaveTextContent(
      'Buffalo Bills @ Kansas City Chiefs',
    );
    const second = within(dialog).getByRole('combobox', { name: 'Game for leg 2' });
    // Nothing named both: the member chooses, until then nothing is sent.
    expect(within(dialog).getByRole('button', { name: 'Match the bet' })).toBeDisabled();
    await user.click(second);
    await user.click(await screen.findByRole('option', { name: /^Chicago Bears @ Green Bay Packers/ }));
    // A total has no team to pick.
    expect(within(dialog).getAllByRole('radiogroup')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Match the bet' }));

    expect(await within(dialog).findByText('is on a game another leg is on')).toBeInTheDocument();
    expect(matched.map((call) => call.body)).toEqual([{ legs: [{ event_id: 71, team: 'KC' }, { event_id: 73 }] }]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByText('To check')).toBeInTheDocument();
  });
});

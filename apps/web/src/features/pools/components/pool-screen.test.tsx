import type {
  LiveStandingsResponse,
  PoolDetail,
  PoolStandingsResponse,
  PoolWeekView,
  SheetView,
  WeeklyResultsResponse,
  WhatIfResponse,
} from '@pass/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { clearSessionUser, storeSessionUser } from '../../../lib/session-user';
import { answer, errorResponse, sentRequests } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { useState } from 'react';
import { PickSheet } from './pick-sheet';
import { PoolScreen } from './pool-screen';

// Every time is relative to the real clock so that what is locked and what is not holds on any day: the
// server's `locked` is what the screen believes, the countdown only counts down to kickoff.
const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
// Sam gave his account a name: the pool shows it wherever it names him; the others show their usernames.
const shownAs = (username: string) => (username === 'sam' ? 'Sam Ortiz' : username);

function poolOf(overrides: Partial<PoolDetail> = {}): PoolDetail {
  return {
    id: 7,
    name: 'Office Pool',
    icon: 'football',
    icon_color: '#ffffff',
    icon_background: '#1565c0',
    sport: 'americanfootball_nfl',
    season: 2026,
    start_week: 1,
    games_per_week: 3,
    win_basis: 'ats',
    double_play: true,
    triple_play: true,
    last_man_standing: true,
    confidence: false,
    survivor_strikes: 0,
    survivor_buy_back_week: null,
    drop_worst_weeks: 0,
    default_picks: 'none',
    status: 2,
    role: 'guest',
    lifeguard: { username: 'lou', name: 'lou' },
    member_count: 3,
    started: true,
    joining_closes_at: null,
    created_at: at(-30 * 24 * HOUR),
    ended_at: null,
    suspended: null,
    members: [
      { id: 1, username: 'lou', name: 'lou', role: 'lifeguard', joined_at: at(-30 * 24 * HOUR) },
      { id: 2, username: 'gina', name: 'gina', role: 'guest', joined_at: at(-29 * 24 * HOUR) },
      { id: 3, username: 'sam', name: 'Sam Ortiz', role: 'guest', joined_at: at(-29 * 24 * HOUR) },
    ],
    ...overrides,
  };
}

const game = (
  eventId: number,
  away: string,
  home: string,
  kickoffIn: number,
  spread: number | null,
  locked: boolean,
  close: number | null = null,
) => ({
  event_id: eventId,
  home_team: home,
  away_team: away,
  kickoff: at(kickoffIn),
  status: locked ? ('final' as const) : ('scheduled' as const),
  home_score: locked ? 24 : null,
  away_score: locked ? 17 : null,
  frozen_home_spread: spread,
  closing_home_spread: close,
  frozen_line_source: spread === null ? null : 'median of 6 books',
  frozen_at: spread === null ? null : at(-2 * 24 * HOUR),
  current_home_spread: spread === null ? null : spread - 0.5,
  locked,
});

/** The Last Man Standing choices the server lists for these games: both teams of each, first by kickoff. */
const lmsChoicesOf = (games: PoolWeekView['games'], used: string[]): PoolWeekView['lms_choices'] =>
  games.flatMap((slateGame) =>
    [slateGame.away_team, slateGame.home_team].map((team) => ({
      team,
      event_id: slateGame.event_id,
      opponent: team === slateGame.home_team ? slateGame.away_team : slateGame.home_team,
      home: team === slateGame.home_team,
      kickoff: slateGame.kickoff,
      on_slate: true,
      frozen_spread:
        slateGame.frozen_home_spread === null
          ? null
          : team === slateGame.home_team
            ? slateGame.frozen_home_spread
            : -slateGame.frozen_home_spread,
      frozen_line_source: slateGame.frozen_line_source,
      used: used.includes(team),
      locked: slateGame.locked,
    })),
  );

function weekOf(week: number, sheets: PoolWeekView['sheets'], lmsUsed: string[] = []): PoolWeekView {
  const games = [
    game(101, 'NYJ', 'BUF', -HOUR, -3, true, -1.5),
    game(102, 'KC', 'DEN', 2 * HOUR + 5 * 60_000, 6.5, false),
    game(103, 'DAL', 'PHI', 26.5 * HOUR, -2.5, false),
  ];
  return {
    pool: { id: 7, name: 'Office Pool' },
    week,
    label: `Week ${week}`,
    window: { start: at(-HOUR), end: at(5 * 24 * HOUR) },
    slate_deadline: at(-HOUR),
    slate_source: 'lifeguard',
    demo: false,
    choices: [],
    games,
    sheets,
    lms_used_teams: lmsUsed,
    lms_choices: lmsChoicesOf(games, lmsUsed),
    lms_status: {
      may_pick: true,
      buy_back: false,
      out_week: null,
      strikes_used: 0,
      strikes_allowed: 0,
      bought_back_in: null,
    },
  };
}

const standings: PoolStandingsResponse = {
  data: {
    pool: { id: 7, name: 'Office Pool' },
    rows: [
      {
        member_id: 2,
        username: 'gina',
        name: 'gina',
        rank: 1,
        points: 15,
        wins: 3,
        losses: 0,
        pushes: 0,
        tiebreaker_error: 4,
        avg_clv: 0.75,
        dropped_weeks: [],
      },
      {
        member_id: 1,
        username: 'lou',
        name: 'lou',
        rank: 2,
        points: 5,
        wins: 2,
        losses: 1,
        pushes: 0,
        tiebreaker_error: 9,
        avg_clv: -1.5,
        dropped_weeks: [],
      },
      {
        member_id: 3,
        username: 'sam',
        name: 'Sam Ortiz',
        rank: 3,
        points: -5,
        wins: 1,
        losses: 2,
        pushes: 0,
        tiebreaker_error: 1,
        avg_clv: null,
        dropped_weeks: [],
      },
    ],
    last_man_standing: { survivors: [1, 2], eliminated: [{ member_id: 3, week: 1 }], winners: [] },
  },
};

const graded = (memberId: number, username: string, points: number, team: string | null, outcome: 'win' | 'loss') => ({
  member_id: memberId,
  username,
  name: shownAs(username),
  rank: 1,
  points,
  wins: outcome === 'win' ? 1 : 0,
  losses: outcome === 'loss' ? 1 : 0,
  pushes: 0,
  tiebreaker_error: 0,
  removed: false,
  picks: [{ event_id: 101, team, multiplier: 1, confidence: null, auto: false, outcome, points }],
});

const results: WeeklyResultsResponse = {
  data: {
    pool: { id: 7, name: 'Office Pool' },
    weeks: [
      {
        week: 1,
        complete: true,
        winners: [2],
        rows: [
          graded(1, 'lou', 5, 'NYJ', 'win'),
          graded(2, 'gina', 10, 'NYJ', 'win'),
          graded(3, 'sam', -5, 'BUF', 'loss'),
        ],
      },
      {
        week: 2,
        complete: false,
        winners: [],
        rows: [
          graded(1, 'lou', 0, 'BUF', 'loss'),
          graded(2, 'gina', 5, 'NYJ', 'win'),
          graded(3, 'sam', 0, 'BUF', 'loss'),
          // Removed by the Lifeguard after the Thursday game: still in this week's grid, marked.
          { ...graded(4, 'dan', 5, 'NYJ', 'win'), removed: true },
        ],
      },
    ],
  },
};

const whatIf: WhatIfResponse = {
  data: {
    pool: { id: 7, name: 'Office Pool' },
    rules: ['straight'],
    rows: [
      {
        member_id: 3,
        username: 'sam',
        name: 'Sam Ortiz',
        actual: { rank: 3, points: -5, wins: 1, losses: 2, pushes: 0, tiebreaker_error: 1 },
        what_if: { rank: 1, points: 10, wins: 3, losses: 0, pushes: 0, tiebreaker_error: 1 },
        rank_change: 2,
      },
    ],
  },
};

/**
 * The live-standings answer beside a week's view: week 1 decided (gina 5, lou 5, sam 0), the week on show with
 * the picks its view shows. Under the live game (NYJ 10 at BUF 7, BUF −3) gina's NYJ wins: "if ended now" she
 * is first with 10, lou 0, sam −5.
 */
function liveStandingsOf(week: PoolWeekView): LiveStandingsResponse {
  const members = [1, 2, 3];
  return {
    data: {
      pool: week.pool,
      as_of: at(0),
      win_basis: 'ats',
      confidence: false,
      drop_worst_weeks: 0,
      default_picks: 'none',
      members: members.map((id) => ({ member_id: id, username: `member ${id}`, joined_at: at(-30 * 24 * HOUR) })),
      settled_weeks: [
        {
          week: 1,
          started: true,
          members: [
            [1, 5],
            [2, 5],
            [3, 0],
          ].map(([id, points]) => ({
            member_id: id!,
            points: points!,
            wins: points! > 0 ? 1 : 0,
            losses: 0,
            pushes: 0,
            tiebreaker_error: null,
            submitted_at: null,
            droppable: false,
          })),
        },
      ],
      open_weeks: [
        {
          week: week.week,
          window: week.window,
          games: week.games.map((item) => ({ ...item, locked_at: null })),
          sheets: week.sheets.map((sheet) => ({
            member_id: sheet.member_id,
            picks: sheet.picks.map((pick) => ({
              event_id: pick.event_id,
              team: pick.team,
              play: pick.play,
              confidence: pick.confidence,
            })),
            tiebreaker: sheet.tiebreaker,
            submitted_at: sheet.submitted_at,
          })),
        },
      ],
    },
  };
}

interface Answers {
  pool?: PoolDetail;
  poolStatus?: number;
  submit?: () => Response;
  /** The sport's current week (2 by default). */
  currentWeek?: number;
  /** Week 2's first game under way: NYJ 10 at BUF 7, BUF −3. */
  live?: boolean;
  standings?: PoolStandingsResponse;
}

function playingIf(live: boolean | undefined, week: PoolWeekView): PoolWeekView {
  if (!live) return week;
  return {
    ...week,
    games: week.games.map((item) =>
      item.event_id === 101
        ? { ...item, status: 'in_progress' as const, home_score: 7, away_score: 10, locked: true }
        : item,
    ),
  };
}

function serve(answers: Answers = {}) {
  const pool = answers.pool ?? poolOf();
  if (answers.poolStatus) {
    const status = answers.poolStatus;
    answer('all', '/*', () => errorResponse(status, 'NOT_FOUND', 'No such pool'));
    return;
  }
  answer('all', '/*', ({ request }) => errorResponse(500, 'UNEXPECTED', `unexpected ${new URL(request.url).pathname}`));
  answer('get', '/api/dates/americanfootball_nfl/current-week', { number: answers.currentWeek ?? 2 });
  answer('get', '/api/pools/7', { data: pool });
  answer('put', '/api/pools/7/weeks/2/members/3/picks', { data: weekOf(2, []) });
  answer('post', '/api/pools/7/announcements', {
    data: { id: 2, body: 'Wings Monday', author: 'lou', created_at: at(0) },
  });
  answer('put', '/api/pools/7/weeks/2/picks', answers.submit ?? { data: weekOf(2, []) });
  answer('get', '/api/pools/7/weeks/1', () => {
    const played = weekOf(1, [
      { member_id: 2, username: 'gina', name: 'gina', picks: [], lms_team: 'DEN', tiebreaker: 40, submitted_at: null },
    ]);
    return HttpResponse.json({
      data: {
        ...played,
        demo: true,
        games: played.games.map((item) => ({ ...item, locked: true })),
        lms_choices: played.lms_choices.map((choice) => ({ ...choice, locked: true })),
      },
    });
  });
  const weekTwo = playingIf(
    answers.live,
    weekOf(
      2,
      [
        {
          member_id: 1,
          username: 'lou',
          name: 'lou',
          picks: [{ event_id: 101, team: 'BUF', play: null, confidence: null, clv: -1.5 }],
          lms_team: null,
          tiebreaker: null,
          submitted_at: null,
        },
        {
          member_id: 2,
          username: 'gina',
          name: 'gina',
          picks: [
            { event_id: 101, team: 'NYJ', play: null, confidence: null, clv: 1.5 },
            { event_id: 102, team: 'KC', play: null, confidence: null, clv: null },
          ],
          lms_team: null,
          tiebreaker: 41,
          submitted_at: at(-2 * HOUR),
        },
        {
          member_id: 3,
          username: 'sam',
          name: 'Sam Ortiz',
          picks: [{ event_id: 101, team: 'BUF', play: null, confidence: null, clv: -1.5 }],
          lms_team: null,
          tiebreaker: null,
          submitted_at: null,
        },
      ],
      ['DEN'],
    ),
  );
  answer('get', '/api/pools/7/weeks/2', { data: weekTwo });
  answer('get', '/api/pools/7/live-standings', liveStandingsOf(weekTwo));
  answer('get', '/api/pools/7/standings', answers.standings ?? standings);
  answer('get', '/api/pools/7/results', results);
  answer('get', '/api/pools/7/what-if', whatIf);
  answer('get', '/api/pools/7/weeks/2/possible', { data: { pool: { id: 7, name: 'Office Pool' }, week: 2, rows: [] } });
  answer('get', '/api/pools/7/head-to-head/2/3', {
    data: {
      pool: { id: 7, name: 'Office Pool' },
      a: { member_id: 2, username: 'gina', name: 'gina', weeks_won: 2 },
      b: { member_id: 3, username: 'sam', name: 'Sam Ortiz', weeks_won: 0 },
      tied: 0,
      weeks: [
        { week: 1, a_points: 10, b_points: -5, winner: 'a' },
        { week: 2, a_points: 5, b_points: 0, winner: 'a' },
      ],
      games: [
        { week: 1, event_id: 91, a_team: 'KC', b_team: 'KC', a_confidence: null, b_confidence: null, agree: true },
        { week: 2, event_id: 101, a_team: 'NYJ', b_team: 'BUF', a_confidence: null, b_confidence: null, agree: false },
        { week: 2, event_id: 102, a_team: 'KC', b_team: null, a_confidence: null, b_confidence: null, agree: false },
      ],
      agreed: 1,
      disagreed: 3,
    },
  });
  answer('get', '/api/pools/7/announcements', {
    data: [{ id: 1, body: 'Pizza Friday', author: 'lou', created_at: at(-HOUR) }],
  });
  answer('get', '/api/pools/7/edits', {
    data: [
      // Another member's edit of a game still open, then one whose game has locked.
      {
        id: 2,
        week: 2,
        member: 'gina',
        editor: 'lou',
        event_id: 102,
        field: 'pick',
        before: null,
        after: null,
        hidden: true,
        created_at: at(-HOUR),
      },
      {
        id: 1,
        week: 2,
        member: 'gina',
        editor: 'lou',
        event_id: 101,
        field: 'tiebreaker',
        before: '41',
        after: '45',
        hidden: false,
        created_at: at(-2 * HOUR),
      },
    ],
  });
  answer('get', '/api/pools/7/weeks/2/missing', {
    pool: { id: 7, name: 'Office Pool' },
    week: 2,
    data: [
      {
        member_id: 2,
        username: 'gina',
        name: 'gina',
        missing_event_ids: [103],
        missing_tiebreaker: false,
        missing_lms_team: false,
        reminded_at: at(-2 * HOUR - 60_000),
      },
      {
        member_id: 3,
        username: 'sam',
        name: 'Sam Ortiz',
        missing_event_ids: [102, 103],
        missing_tiebreaker: true,
        missing_lms_team: false,
        reminded_at: null,
      },
    ],
  });
  answer('post', '/api/pools/7/weeks/2/reminders', {
    data: {
      week: 2,
      results: [
        {
          member_id: 3,
          username: 'sam',
          name: 'Sam Ortiz',
          status: 'sent',
          reminded_at: at(0),
          next_reminder_at: at(6 * HOUR),
          mailed: true,
        },
      ],
    },
  });
  answer('delete', '/api/pools/7/members/2', { data: { ok: true } });
}

function renderPool(path = '/football/pool/7') {
  return renderRoutes([{ path: '/football/pool/:id', element: <PoolScreen route="football-pool" /> }], { path });
}

beforeEach(() => {
  storeSessionUser({ id: 50, username: 'gina', name: null, isAdmin: false });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSessionUser();
});

describe('the pool page', () => {
  it('shows the pick sheet of the current week: frozen spreads, a locked game, countdowns, the saved picks', async () => {
    serve();
    renderPool();
    const sheet = await screen.findByRole('form', { name: 'Picks for Week 2' });
    expect(document.querySelector('[data-page="football-pool"]')).not.toBeNull();
    expect(within(sheet).getByRole('button', { name: 'KC −6.5' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(sheet).getByRole('button', { name: 'DEN +6.5' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(sheet).getByLabelText('NYJ at BUF is locked')).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'BUF −3' })).toBeDisabled();
    // An open choice is in full-strength text, unlike a locked one: it must not look disabled.
    const colourOf = (name: string) => getComputedStyle(within(sheet).getByRole('button', { name })).color;
    expect(colourOf('DEN +6.5')).toBe('rgba(0, 0, 0, 0.87)');
    expect(colourOf('BUF −3')).not.toBe(colourOf('DEN +6.5'));
    expect(within(sheet).getByText(/Locks in 2h [45]m/)).toBeInTheDocument();
    expect(within(sheet).getByText('Locks in 1d 2h')).toBeInTheDocument();
    expect(within(sheet).getByRole('spinbutton', { name: 'Tiebreaker' })).toHaveValue(41);
    expect(within(sheet).queryByText(/^Demo season/)).toBeNull();
    // Each spread says where it came from and when it was frozen; an open game shows the line now beside it.
    expect(within(sheet).getByTestId('slate-game-102')).toHaveTextContent(
      /Frozen .+, median of 6 books · now DEN \+6$/,
    );
    const locked = within(sheet).getByTestId('slate-game-101');
    expect(locked).toHaveTextContent(/Frozen .+, median of 6 books/);
    expect(locked).not.toHaveTextContent(/ · now /);
  });

  it('shows the icon chosen at creation beside the pool’s name, not its initial', async () => {
    serve({ pool: poolOf({ icon: 'crown' }) });
    renderPool();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Office Pool' });
    const header = heading.closest('.MuiStack-root')!;
    expect(header).toHaveTextContent('♛');
    expect(header.textContent).not.toMatch(/^O/);
  });

  it('shows a suspended pool a banner with the admin’s reason, and an open one none', async () => {
    serve({ pool: poolOf({ suspended: { at: at(-HOUR), reason: 'Invitation spam' } }) });
    renderPool();
    expect(await screen.findByTestId('pool-suspended')).toHaveTextContent(
      'This pool is suspended by the admin: Invitation spam. It is read-only for everyone',
    );
    cleanup();
    serve();
    renderPool();
    await screen.findByRole('form', { name: 'Picks for Week 2' });
    expect(screen.queryByTestId('pool-suspended')).toBeNull();
  });

  it('shows a locked game its close beside the frozen spread, and the pick its closing line value', async () => {
    serve();
    renderPool();
    const sheet = await screen.findByRole('form', { name: 'Picks for Week 2' });
    // NYJ +3 taken, closed NYJ +1.5: a point and a half better than the close.
    expect(within(sheet).getByRole('button', { name: 'NYJ +3' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(sheet).getByTestId('slate-game-101')).toHaveTextContent('Closed NYJ +1.5 · +1.5 vs close');
    // Open games have no close yet.
    expect(within(sheet).getByTestId('slate-game-102')).not.toHaveTextContent('Closed');
  });

  it('shows no close in a straight-up pool', async () => {
    serve({ pool: poolOf({ win_basis: 'straight' }) });
    renderPool();
    const sheet = await screen.findByRole('form', { name: 'Picks for Week 2' });
    expect(within(sheet).getByTestId('slate-game-101')).not.toHaveTextContent('Closed');
  });

  it('submits the week with an Idempotency-Key, leaving locked games out, and shows a lock refusal naming the game', async () => {
    const user = userEvent.setup();
    let refuse = true;
    serve({
      submit: () =>
        refuse
          ? HttpResponse.json(
              {
                error: {
                  code: 'BAD_REQUEST',
                  message: 'KC at DEN has locked',
                  fields: [
                    { field: 'body.picks', message: 'KC at DEN has locked: its pick cannot change', reason: 'locked' },
                  ],
                },
              },
              { status: 400 },
            )
          : HttpResponse.json({ data: weekOf(2, []) }),
    });
    renderPool();
    const sheet = await screen.findByRole('form', { name: 'Picks for Week 2' });
    await user.click(within(sheet).getByRole('button', { name: 'PHI −2.5' }));
    await user.click(within(sheet).getByRole('button', { name: 'Save Week 2 picks' }));

    expect(await within(sheet).findByRole('alert')).toHaveTextContent(
      'Not saved: KC at DEN has locked: its pick cannot change',
    );
    const [firstPut] = sentRequests({ method: 'put' });
    const headers = firstPut!.headers;
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await firstPut!.json()).toEqual({
      picks: [
        { event_id: 102, team: 'KC', play: null },
        { event_id: 103, team: 'PHI', play: null },
      ],
      tiebreaker: 41,
      lms_team: null,
    });

    // The same body again is a retry: the same key.
    refuse = false;
    await user.click(within(sheet).getByRole('button', { name: 'Save Week 2 picks' }));
    expect(await within(sheet).findByText('Picks saved.')).toBeInTheDocument();
    const puts = sentRequests({ method: 'put' });
    expect(puts).toHaveLength(2);
    expect(puts[1]!.headers['idempotency-key']).toBe(headers['idempotency-key']);
  });

  it("keeps a member's unsaved picks when a locked game's close or result reaches the stored sheet", async () => {
    const user = userEvent.setup();
    serve();
    const stored: SheetView = {
      member_id: 2,
      username: 'gina',
      name: 'gina',
      picks: [
        { event_id: 101, team: 'NYJ', play: null, confidence: null, clv: null },
        { event_id: 102, team: 'KC', play: null, confidence: null, clv: null },
      ],
      lms_team: null,
      tiebreaker: 41,
      submitted_at: at(-2 * HOUR),
    };
    // The week as read again: the locked game's close has come in (its pick's CLV), then a guest's picks changed.
    const readAgain: SheetView[] = [
      { ...stored, picks: stored.picks.map((pick) => (pick.event_id === 101 ? { ...pick, clv: 1.5 } : pick)) },
      { ...stored, picks: [...stored.picks, { event_id: 103, team: 'DAL', play: null, confidence: null, clv: null }] },
    ];
    function SheetReadAgain() {
      const [mine, setMine] = useState(stored);
      return (
        <>
          <button type="button" onClick={() => setMine(readAgain.shift()!)}>
            Read the week again
          </button>
          <PickSheet pool={poolOf()} week={weekOf(2, [mine])} mine={mine} />
        </>
      );
    }
    renderRoutes([{ path: '/', element: <SheetReadAgain /> }], { path: '/' });
    const sheet = await screen.findByRole('form', { name: 'Picks for Week 2' });
    await user.click(within(sheet).getByRole('button', { name: 'PHI −2.5' }));
    await user.click(screen.getByRole('button', { name: 'Read the week again' }));
    expect(within(sheet).getByRole('button', { name: 'PHI −2.5' })).toHaveAttribute('aria-pressed', 'true');
    // A change of the picks themselves (saved elsewhere) replaces the draft.
    await user.click(screen.getByRole('button', { name: 'Read the week again' }));
    expect(within(sheet).getByRole('button', { name: 'DAL +2.5' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(sheet).getByRole('button', { name: 'PHI −2.5' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('allows one play a week, double or triple, on an open pick', async () => {
    const user = userEvent.setup();
    serve();
    renderPool();
    const sheet = await screen.findByRole('form', { name: 'Picks for Week 2' });
    const group = within(sheet).getByRole('radiogroup');
    await user.click(within(group).getByRole('radio', { name: 'Double (±10)' }));
    await user.click(within(group).getByRole('radio', { name: 'Triple (±15)' }));
    expect(within(group).getByRole('radio', { name: 'Double (±10)' })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Triple (±15)' })).toBeChecked();
    await user.click(within(sheet).getByRole('button', { name: 'Save Week 2 picks' }));
    await within(sheet).findByText('Picks saved.');
    const [put] = sentRequests({ method: 'put' });
    const body = (await put!.json()) as { picks: { play: string | null }[] };
    expect(body.picks.map((pick) => pick.play)).toEqual(['triple']);
  });

  it('offers no play where the pool allows none', async () => {
    serve({ pool: poolOf({ double_play: false, triple_play: false }) });
    renderPool();
    await screen.findByRole('form', { name: 'Picks for Week 2' });
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('offers every open team of the week for Last Man Standing, off the slate too, the used ones disabled', async () => {
    const user = userEvent.setup();
    serve();
    const week = weekOf(2, [], ['DEN']);
    const offSlate = {
      event_id: 104,
      kickoff: at(3 * HOUR),
      on_slate: false,
      frozen_line_source: 'median of 6 books',
      used: false,
      locked: false,
    };
    answer('get', '/api/pools/7/weeks/2', {
      data: {
        ...week,
        lms_choices: [
          ...week.lms_choices,
          { ...offSlate, team: 'MIA', opponent: 'NE', home: true, frozen_spread: -1 },
          // A pick'em line reads PK, as on the game's card.
          { ...offSlate, event_id: 105, team: 'SEA', opponent: 'ARI', home: false, frozen_spread: 0 },
        ],
      },
    });
    renderPool();
    await screen.findByRole('form', { name: 'Picks for Week 2' });
    await user.click(screen.getByRole('combobox', { name: 'Last Man Standing team' }));
    const options = await screen.findAllByRole('option');
    // The game under way (NYJ at BUF) is locked: its teams are not offered.
    expect(options.map((option) => option.textContent!.split(' ')[0])).toEqual([
      'None',
      'KC',
      'DEN',
      'DAL',
      'PHI',
      'MIA',
      'SEA',
    ]);
    const den = options.find((option) => option.textContent!.startsWith('DEN'))!;
    expect(den.textContent).toMatch(/^DEN vs KC, .*, \+6\.5 \(used\)$/);
    expect(den).toHaveAttribute('aria-disabled', 'true');
    expect(options.at(-2)!.textContent).toMatch(/^MIA vs NE, .*, −1 \(off the slate\)$/);
    expect(options.at(-1)!.textContent).toMatch(/^SEA at ARI, .*, PK \(off the slate\)$/);
    // The week's own answer says which teams were used: no earlier week is read for it.
    const weeksRead = sentRequests()
      .map((request) => request.url.pathname)
      .filter((path) => /^\/api\/pools\/7\/weeks\/\d+$/.test(path));
    expect(weeksRead.every((path) => path === '/api/pools/7/weeks/2')).toBe(true);
  });

  it('shows an eliminated member when they went out instead of the Last Man Standing picker', async () => {
    serve();
    const week = weekOf(2, []);
    answer('get', '/api/pools/7/weeks/2', {
      data: { ...week, lms_status: { ...week.lms_status!, may_pick: false, out_week: 1 } },
    });
    renderPool();
    const sheet = await screen.findByRole('form', { name: 'Picks for Week 2' });
    expect(within(sheet).getByTestId('lms-out')).toHaveTextContent(
      'You went out of Last Man Standing in week 1. No team to pick.',
    );
    expect(within(sheet).queryByRole('combobox', { name: 'Last Man Standing team' })).toBeNull();
  });

  it('tells a member out last week that a team this week buys them back in, with their strikes', async () => {
    serve();
    const week = weekOf(2, []);
    answer('get', '/api/pools/7/weeks/2', {
      data: {
        ...week,
        lms_status: { ...week.lms_status!, buy_back: true, out_week: 1, strikes_allowed: 2, strikes_used: 0 },
      },
    });
    renderPool();
    const sheet = await screen.findByRole('form', { name: 'Picks for Week 2' });
    expect(within(sheet).getByRole('combobox', { name: 'Last Man Standing team' })).toBeInTheDocument();
    expect(
      within(sheet).getByText(
        /^You went out in week 1: a team this week buys you back in, once\. Strikes used: 0 of 2\./,
      ),
    ).toBeInTheDocument();
  });

  it('shows the survivor board: standing or out, strikes, buy-back, teams shown once their games lock', async () => {
    serve();
    answer('get', '/api/pools/7/survivors', {
      data: {
        pool: { id: 7, name: 'Office Pool' },
        strikes_allowed: 1,
        buy_back_week: 3,
        winners: [],
        members: [
          {
            member_id: 3,
            username: 'sam',
            name: 'Sam Ortiz',
            alive: false,
            out_week: 1,
            strikes_used: 0,
            bought_back_in: null,
            weeks: [
              { week: 1, team: 'DAL', outcome: 'eliminated', hidden: false },
              { week: 2, team: null, outcome: 'no_pick', hidden: false },
            ],
          },
          {
            member_id: 2,
            username: 'gina',
            name: 'gina',
            alive: true,
            out_week: null,
            strikes_used: 1,
            bought_back_in: null,
            weeks: [
              { week: 1, team: 'PHI', outcome: 'eliminated', hidden: false },
              { week: 2, team: 'KC', outcome: 'pending', hidden: false },
            ],
          },
          {
            member_id: 1,
            username: 'lou',
            name: 'lou',
            alive: true,
            out_week: null,
            strikes_used: 0,
            bought_back_in: 2,
            weeks: [
              { week: 1, team: 'BUF', outcome: 'eliminated', hidden: false },
              { week: 2, team: null, outcome: null, hidden: true },
            ],
          },
        ],
      },
    });
    renderPool('/football/pool/7?tab=survivors');
    const board = await screen.findByRole('region', { name: 'Survivor board' });
    expect(within(board).getByText(/^2 of 3 standing\. Out at strike 2/)).toBeInTheDocument();
    const rows = within(board).getAllByTestId('survivor-row');
    // The standing members first, then those out.
    expect(rows.map((row) => row.textContent)).toEqual([
      'ginaAliveStanding · strikes 1 of 1W1 PHI lost or pushed · W2 KC to be played',
      'louAliveStanding · strikes 0 of 1 · bought back in week 2W1 BUF lost or pushed · W2 hidden until its game locks',
      'Sam OrtizOut wk 1Out in week 1 · strikes 0 of 1W1 DAL lost or pushed',
    ]);
  });

  it('offers the Survivors tab only in a Last Man Standing pool', async () => {
    serve({ pool: poolOf({ last_man_standing: false }) });
    renderPool();
    const tabs = await screen.findByRole('tablist', { name: 'Pool sections' });
    expect(within(tabs).queryByRole('tab', { name: 'Survivors' })).toBeNull();
    cleanup();
    serve();
    renderPool();
    const withLms = await screen.findByRole('tablist', { name: 'Pool sections' });
    expect(within(withLms).getByRole('tab', { name: 'Survivors' })).toBeInTheDocument();
  });

  it('shows the grid: picks of locked games for all, open games hidden, results coloured', async () => {
    serve();
    renderPool('/football/pool/7?tab=grid');
    const grid = await screen.findByRole('table', { name: "Everyone's picks, Week 2" });
    expect(within(grid).getByLabelText('Sam Ortiz, NYJ at BUF: BUF, loss')).toHaveAttribute('data-outcome', 'loss');
    expect(within(grid).getByLabelText('gina, NYJ at BUF: NYJ, win')).toHaveAttribute('data-outcome', 'win');
    expect(within(grid).getByLabelText('Sam Ortiz, KC at DEN: shown at lock')).toHaveTextContent('🔒');
    expect(within(grid).getByLabelText('gina, KC at DEN: KC')).toHaveAttribute('data-outcome', 'open');
    // A removed member's row stays in the week, marked, with the picks of locked games.
    expect(within(grid).getByRole('rowheader', { name: 'dan removed' })).toBeInTheDocument();
    expect(within(grid).getByLabelText('dan, NYJ at BUF: NYJ, win')).toHaveAttribute('data-outcome', 'win');
    expect(within(grid).getByLabelText('dan, KC at DEN: shown at lock')).toHaveTextContent('🔒');
  });

  it('shows the standings, the rank chart and the weekly winners', async () => {
    serve();
    renderPool('/football/pool/7?tab=standings');
    const table = await screen.findByRole('table', { name: 'Standings' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'gina',
      'lou',
      'Sam OrtizLMS out week 1',
    ]);
    expect(within(rows[0]!).getByText('3-0-0')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Avg CLV' })).toBeInTheDocument();
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)!.textContent)).toEqual(['+0.75', '−1.5', '—']);
    expect(await screen.findByText('Week 1: gina')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('.recharts-line')).toHaveLength(3), { timeout: 5000 });
  });

  it('leaves the Avg CLV column out on a 390 px phone and in a straight-up pool', async () => {
    stubViewportWidth(390);
    serve();
    renderPool('/football/pool/7?tab=standings');
    const table = await screen.findByRole('table', { name: 'Standings' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Member', 'Pts', 'W-L-P', 'TB', 'Max']);
    cleanup();
    vi.unstubAllGlobals();
    serve({ pool: poolOf({ win_basis: 'straight' }) });
    renderPool('/football/pool/7?tab=standings');
    const straight = await screen.findByRole('table', { name: 'Standings' });
    expect(within(straight).queryByRole('columnheader', { name: 'Avg CLV' })).toBeNull();
    // The columns are explained under the table, where a phone can read them (no hover there).
    expect(screen.getByTestId('standings-legend')).toHaveTextContent(/TB: tiebreaker.*Max: the most points/);
    expect(screen.getByTestId('standings-legend')).not.toHaveTextContent('Avg CLV');
  });

  it.each([390, 1280])(
    'explains every column of the standings at %i px, in a title and under the table',
    async (width) => {
      stubViewportWidth(width);
      serve({ live: true });
      renderPool('/football/pool/7?tab=standings');
      const table = await screen.findByRole('table', { name: 'Standings' });
      // The week's game under way arrives with the week: then the standings add the "if ended now" figures.
      if (width === 390) await within(table).findAllByLabelText(/^If ended now: /);
      else await within(table).findByRole('columnheader', { name: 'If ended now' });
      const legend = screen.getByTestId('standings-legend');
      const explained = [...legend.querySelectorAll('dt')].map((term) => term.textContent!.replace(/:$/, ''));
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent!)
        .filter((header) => header !== 'Member');
      expect(headers.length).toBeGreaterThanOrEqual(width === 390 ? 5 : 7);
      for (const header of headers) {
        expect(explained).toContain(header);
        expect(within(table).getByRole('columnheader', { name: header })).toHaveAttribute(
          'title',
          expect.stringMatching(new RegExp(`^${header.replace(/[-#]/g, '\\$&')}: `)),
        );
      }
      // Sam is out of Last Man Standing, and on a phone the "if ended now" figures sit under the points.
      expect(explained).toContain('LMS out week n');
      if (width === 390) expect(explained).toContain('now');
      vi.unstubAllGlobals();
    },
  );

  it('marks each member’s dropped weeks in a pool that drops the worst week, and explains the mark', async () => {
    const dropped: PoolStandingsResponse = {
      data: {
        ...standings.data,
        rows: standings.data.rows.map((row) => (row.username === 'lou' ? { ...row, dropped_weeks: [1] } : row)),
      },
    };
    serve({ pool: poolOf({ drop_worst_weeks: 1 }), standings: dropped });
    renderPool('/football/pool/7?tab=standings');
    const table = await screen.findByRole('table', { name: 'Standings' });
    const lou = within(table).getByRole('rowheader', { name: /^lou/ });
    expect(within(lou).getByTestId('dropped-weeks')).toHaveTextContent('dropped wk 1');
    expect(within(table).getAllByTestId('dropped-weeks')).toHaveLength(1);
    expect(screen.getByTestId('standings-legend')).toHaveTextContent(
      "dropped wk n: the member's worst complete week, left out of Pts",
    );
  });

  it('shows a game under way in the grid, where each pick stands, and the standings if the games ended now', async () => {
    serve({ live: true });
    renderPool('/football/pool/7?tab=grid');
    const grid = await screen.findByRole('table', { name: "Everyone's picks, Week 2" });
    expect(within(grid).getByRole('columnheader', { name: 'NYJ 10 at BUF 7, live' })).toBeInTheDocument();
    expect(within(grid).getByLabelText('gina, NYJ at BUF: NYJ, covering by 6')).toHaveAttribute(
      'data-standing',
      'ahead',
    );
    expect(within(grid).getByLabelText('lou, NYJ at BUF: BUF, not covering by 6')).toHaveAttribute(
      'data-standing',
      'behind',
    );
    cleanup();

    serve({ live: true });
    renderPool('/football/pool/7?tab=standings');
    const table = await screen.findByRole('table', { name: 'Standings' });
    expect(await within(table).findByRole('columnheader', { name: 'If ended now' })).toBeInTheDocument();
    await waitFor(() => expect(within(table).getByText('#1 · 10')).toBeInTheDocument());
    expect(within(table).getByText('#3 · -5')).toBeInTheDocument();
    // Worked out here from one read of what has locked, not asked of the server at each score.
    const asked = sentRequests().map((request) => request.url.pathname);
    expect(asked.filter((path) => path.endsWith('/live-standings'))).toHaveLength(1);
    expect(asked.filter((path) => path.includes('what-if'))).toEqual([]);
    cleanup();

    // A phone has no room for the column: the rank and points if they ended now go under each member's points.
    stubViewportWidth(390);
    serve({ live: true });
    renderPool('/football/pool/7?tab=standings');
    const phoneTable = await screen.findByRole('table', { name: 'Standings' });
    expect(await within(phoneTable).findByLabelText('If ended now: #1 · 10')).toHaveTextContent('now #1 · 10');
    expect(within(phoneTable).queryByRole('columnheader', { name: 'If ended now' })).toBeNull();
  });

  it("marks the Chat tab while the pool's room has posts the member has not read", async () => {
    serve();
    const room = (unread: number) => ({
      pool_id: 7,
      name: 'Office Pool',
      icon: 'football',
      icon_color: '#ffffff',
      icon_background: '#1565c0',
      sport: 'americanfootball_nfl',
      member_id: 2,
      role: 'guest',
      last_message: null,
      last_read_id: 0,
      unread,
      unread_mentions: 0,
      read_only: false,
    });
    answer('get', '/api/chat/rooms', { data: [room(2), { ...room(5), pool_id: 8 }] });
    const ChatPanel = () => <p>The room</p>;
    renderRoutes(
      [{ path: '/football/pool/:id', element: <PoolScreen route="football-pool" chatPanel={ChatPanel} /> }],
      { path: '/football/pool/7' },
    );
    const tab = await screen.findByRole('tab', { name: 'Chat, 2 unread' });
    expect(tab.querySelector('[data-unread-dot]')).not.toBeNull();
    cleanup();

    answer('get', '/api/chat/rooms', { data: [room(0), { ...room(5), pool_id: 8 }] });
    renderRoutes(
      [{ path: '/football/pool/:id', element: <PoolScreen route="football-pool" chatPanel={ChatPanel} /> }],
      { path: '/football/pool/7' },
    );
    expect(await screen.findByRole('tab', { name: 'Chat' })).toBeInTheDocument();
    expect(document.querySelector('[data-unread-dot]')).toBeNull();
  });

  it('compares two members head to head', async () => {
    const user = userEvent.setup();
    serve();
    renderPool('/football/pool/7?tab=h2h');
    await user.click(await screen.findByRole('combobox', { name: 'Against' }));
    await user.click(screen.getByRole('option', { name: 'Sam Ortiz' }));
    expect(await screen.findByLabelText('Weeks won')).toHaveTextContent('gina 2 – 0 Sam Ortiz');
    expect(screen.getByText('Same pick once, different 3 times.')).toBeInTheDocument();
    // The games where they differed, each side's pick.
    const different = screen.getByRole('table', { name: 'Different picks' });
    expect(
      within(different)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['WeekginaSam Ortiz', '2NYJBUF', '2KC—']);
    cleanup();

    // In a confidence pool each pick carries its confidence.
    serve({ pool: poolOf({ confidence: true, double_play: false, triple_play: false }) });
    answer('get', '/api/pools/7/head-to-head/2/3', {
      data: {
        pool: { id: 7, name: 'Office Pool' },
        a: { member_id: 2, username: 'gina', name: 'gina', weeks_won: 1 },
        b: { member_id: 3, username: 'sam', name: 'Sam Ortiz', weeks_won: 0 },
        tied: 0,
        weeks: [{ week: 2, a_points: 8, b_points: 0, winner: 'a' }],
        games: [
          { week: 2, event_id: 101, a_team: 'NYJ', b_team: 'BUF', a_confidence: 8, b_confidence: 3, agree: false },
        ],
        agreed: 0,
        disagreed: 1,
      },
    });
    renderPool('/football/pool/7?tab=h2h');
    await user.click(await screen.findByRole('combobox', { name: 'Against' }));
    await user.click(screen.getByRole('option', { name: 'Sam Ortiz' }));
    const ranked = await screen.findByRole('table', { name: 'Different picks, with their confidence' });
    expect(within(ranked).getAllByRole('row')[1]!.textContent).toBe('2NYJ (8)BUF (3)');
  });

  it('shows the what-if standings beside the real ones', async () => {
    serve();
    renderPool('/football/pool/7?tab=what-if');
    const table = await screen.findByRole('table', { name: 'Standings, real and what if' });
    expect(within(table).getByText('#3 · -5')).toBeInTheDocument();
    expect(within(table).getByText('#1 · 10')).toBeInTheDocument();
    expect(within(table).getByText('▲2')).toBeInTheDocument();
    const call = sentRequests().find((request) => request.url.pathname.includes('what-if'))!;
    expect(call.url.searchParams.get('rules')).toBe('straight');
  });

  it('offers the season replayed under confidence points to a pool without them, and not to a confidence pool', async () => {
    const user = userEvent.setup();
    serve();
    renderPool('/football/pool/7?tab=what-if');
    const replay = await screen.findByRole('checkbox', { name: /^Confidence points/ });
    await user.click(replay);
    await waitFor(() =>
      expect(
        sentRequests().some(
          (request) =>
            request.url.pathname === '/api/pools/7/what-if' &&
            request.url.searchParams.get('rules') === 'straight,confidence',
        ),
      ).toBe(true),
    );
    cleanup();

    serve({ pool: poolOf({ confidence: true, double_play: false, triple_play: false }) });
    renderPool('/football/pool/7?tab=what-if');
    expect(await screen.findByRole('checkbox', { name: 'Pushes worth half' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /^Confidence points/ })).toBeNull();
  });

  it("shows a guest the members, announcements and edit log, and none of the Lifeguard's tools", async () => {
    serve();
    renderPool('/football/pool/7?tab=members');
    expect(await screen.findByText('Pizza Friday')).toBeInTheDocument();
    const log = screen.getByRole('region', { name: 'Edit log' });
    expect(
      await within(log).findByText("lou changed gina's pick (week 2): shown once its game kicks off"),
    ).toBeInTheDocument();
    expect(within(log).getByText("lou changed gina's tiebreaker (week 2): 41 → 45")).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Missing picks/ })).toBeNull();
    expect(screen.queryByLabelText('New announcement')).toBeNull();
    expect(screen.queryByRole('button', { name: 'End the pool' })).toBeNull();
    expect(screen.queryByRole('region', { name: "Enter a member's picks" })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Invite guests' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remind/ })).toBeNull();
  });

  it('lets the Lifeguard remind a missing member, not one reminded within 6 hours, and remove a guest', async () => {
    const user = userEvent.setup();
    serve({ pool: poolOf({ role: 'lifeguard' }) });
    storeSessionUser({ id: 49, username: 'lou', name: null, isAdmin: false });
    renderPool('/football/pool/7?tab=members');
    const missing = await screen.findByRole('region', { name: 'Missing picks, Week 2' });
    expect(await within(missing).findByText('no pick: DAL at PHI; reminded 2 h ago')).toBeInTheDocument();
    expect(within(missing).getByRole('button', { name: 'Remind gina' })).toBeDisabled();
    await user.click(within(missing).getByRole('button', { name: 'Remind Sam Ortiz' }));
    expect(await within(missing).findByText('Reminded Sam Ortiz.')).toBeInTheDocument();
    const [sent] = sentRequests({ method: 'post', path: '/api/pools/7/weeks/2/reminders' });
    expect(await sent!.json()).toEqual({ member_ids: [3] });

    const members = screen.getByRole('region', { name: 'Members' });
    // Guests have the action; the Lifeguard does not.
    expect(within(members).queryByRole('button', { name: 'Remove lou' })).toBeNull();
    await user.click(within(members).getByRole('button', { name: 'Remove gina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove gina?' });
    expect(within(dialog).getByText(/They are told by mail/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sentRequests({ method: 'delete', path: '/api/pools/7/members/2' })).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('gives the Lifeguard the missing picks, posting, entering picks and ending the pool', async () => {
    serve({ pool: poolOf({ role: 'lifeguard' }) });
    storeSessionUser({ id: 49, username: 'lou', name: null, isAdmin: false });
    renderPool('/football/pool/7?tab=members');
    const missing = await screen.findByRole('region', { name: 'Missing picks, Week 2' });
    expect(await within(missing).findByText(/no pick: KC at DEN, DAL at PHI; no tiebreaker/)).toBeInTheDocument();
    expect(screen.getByLabelText('New announcement')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: "Enter a member's picks" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End the pool' })).toBeInTheDocument();
    // Inviting is on the pool's own page: a pasted list of addresses, and the shareable link beside it.
    const invite = screen.getByRole('region', { name: 'Invite guests' });
    expect(within(invite).getByLabelText('Email addresses')).toBeInTheDocument();
    expect(within(invite).getByRole('button', { name: 'Get the link' })).toBeInTheDocument();
    // The season is under way: it cannot be run again yet.
    expect(screen.queryByRole('button', { name: 'Run it again next season' })).toBeNull();
  });

  it('lets the Lifeguard run an ended pool again next season, then opens the new pool with who was invited', async () => {
    const user = userEvent.setup();
    const next = poolOf({ id: 12, season: 2027, status: 1, role: 'lifeguard', started: false, member_count: 1 });
    serve({ pool: poolOf({ role: 'lifeguard', status: 4, ended_at: at(-HOUR) }) });
    answer(
      'post',
      '/api/pools/7/again',
      {
        data: { ...next, members: next.members.slice(0, 1) },
        invitations: {
          sent: [{ username: 'gina', name: 'gina' }],
          refused: [
            {
              username: 'sam',
              name: 'Sam Ortiz',
              reason: 'invitation_limit',
              message: 'This address has already had 3 invitations from you, the most allowed',
            },
          ],
        },
      },
      { status: 201 },
    );
    answer('get', '/api/pools/12', { data: next });
    storeSessionUser({ id: 49, username: 'lou', name: null, isAdmin: false });
    renderRoutes([{ path: '/football/pool/:id', element: <PoolScreen route="football-pool" /> }], {
      path: '/football/pool/7?tab=members',
    });
    expect(screen.queryByRole('button', { name: 'End the pool' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Run it again next season' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run Office Pool again for 2027?' });
    expect(within(dialog).getByText(/The 2 current guests get an invitation by email/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Start the 2027 pool' }));

    const report = await screen.findByRole('status');
    expect(report).toHaveTextContent('Office Pool runs again. Invited by email: gina.');
    expect(report).toHaveTextContent(
      'Not invited: sam, This address has already had 3 invitations from you, the most allowed',
    );
    expect(await screen.findByText(/^2027 ·/)).toBeInTheDocument();
    const runs = sentRequests({ path: '/api/pools/7/again' });
    expect(runs).toHaveLength(1);
  });

  it("offers a guest of an ended pool no way to run it again (the Lifeguard's tool)", async () => {
    serve({ pool: poolOf({ status: 4, ended_at: at(-HOUR) }) });
    renderPool('/football/pool/7?tab=members');
    await screen.findByRole('region', { name: 'Members' });
    expect(screen.queryByRole('button', { name: 'Run it again next season' })).toBeNull();
  });

  it("lets the Lifeguard enter a missing member's picks and post an announcement", async () => {
    const user = userEvent.setup();
    serve({ pool: poolOf({ role: 'lifeguard' }) });
    storeSessionUser({ id: 49, username: 'lou', name: null, isAdmin: false });
    renderPool('/football/pool/7?tab=members');
    const enter = await screen.findByRole('region', { name: "Enter a member's picks" });
    await user.click(within(enter).getByRole('combobox', { name: 'Member' }));
    await user.click(screen.getByRole('option', { name: 'Sam Ortiz' }));
    await user.click(within(enter).getByRole('button', { name: 'DEN +6.5' }));
    await user.click(within(enter).getByRole('button', { name: 'Save for Sam Ortiz' }));
    expect(await within(enter).findByText('Saved and logged.')).toBeInTheDocument();
    const edit = sentRequests().find((request) => request.url.pathname.includes('/members/3/picks'))!;
    expect(await edit.json()).toEqual({ picks: [{ event_id: 102, team: 'DEN' }] });

    await user.type(screen.getByLabelText('New announcement'), 'Wings Monday');
    await user.click(screen.getByRole('button', { name: 'Post announcement' }));
    const announcements = () => sentRequests({ method: 'post', path: '/api/pools/7/announcements' });
    await waitFor(() => expect(announcements()).not.toEqual([]));
    expect(await announcements()[0]!.json()).toEqual({ body: 'Wings Monday' });
  });

  it("lets the Lifeguard of a confidence pool enter a member's pick with its confidence", async () => {
    const user = userEvent.setup();
    serve({ pool: poolOf({ role: 'lifeguard', confidence: true, double_play: false, triple_play: false }) });
    storeSessionUser({ id: 49, username: 'lou', name: null, isAdmin: false });
    renderPool('/football/pool/7?tab=members');
    const enter = await screen.findByRole('region', { name: "Enter a member's picks" });
    await user.click(within(enter).getByRole('combobox', { name: 'Member' }));
    await user.click(screen.getByRole('option', { name: 'Sam Ortiz' }));
    await user.click(within(enter).getByRole('button', { name: 'DEN +6.5' }));
    expect(within(enter).getByRole('button', { name: 'Save for Sam Ortiz' })).toBeDisabled();
    await user.click(within(enter).getByRole('combobox', { name: 'Confidence for KC at DEN' }));
    await user.click(screen.getByRole('option', { name: '3' }));
    await user.click(within(enter).getByRole('button', { name: 'Save for Sam Ortiz' }));
    expect(await within(enter).findByText('Saved and logged.')).toBeInTheDocument();
    const edit = sentRequests().find((request) => request.url.pathname.includes('/members/3/picks'))!;
    expect(await edit.json()).toEqual({ picks: [{ event_id: 102, team: 'DEN', confidence: 3 }] });
  });

  it('shows a week whose games have all locked as final, with nothing to save, and says a demo week is one', async () => {
    serve();
    renderPool('/football/pool/7?week=1');
    const sheet = await screen.findByRole('form', { name: 'Picks for Week 1' });
    expect(within(sheet).getByText(/^Demo season: no real schedule is loaded/)).toBeInTheDocument();
    expect(within(sheet).getAllByLabelText(/is locked$/)).toHaveLength(3);
    expect(within(sheet).getByText('Every game of Week 1 has locked: these picks are final.')).toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(within(sheet).queryByRole('combobox', { name: 'Last Man Standing team' })).toBeNull();
  });

  it("shows the pool's last week once the season has gone on to its playoffs", async () => {
    serve({ currentWeek: 22 });
    renderPool();
    const paths = () => sentRequests().map((request) => request.url.pathname);
    // 2026's regular season ends in week 18: the Super Bowl's week 22 is not a pool week.
    await waitFor(() => expect(paths()).toContain('/api/pools/7/weeks/18'));
    expect(paths().some((path) => /\/weeks\/(19|2[0-2])/.test(path))).toBe(false);
    expect(screen.getByRole('button', { name: 'Next week' })).toBeDisabled();
  });

  it('shows the not-found page to someone not in the pool', async () => {
    serve({ poolStatus: 404 });
    renderPool();
    expect(await screen.findByRole('heading', { name: 'This page is not here' })).toBeInTheDocument();
    expect(document.querySelector('[data-page="not-found"]')).not.toBeNull();
  });

  it('fits a 390 px phone: big tap targets, the sections in scrollable tabs', async () => {
    stubViewportWidth(390);
    serve();
    renderPool();
    const sheet = await screen.findByRole('form', { name: 'Picks for Week 2' });
    expect(screen.getByRole('tablist', { name: 'Pool sections' })).toBeInTheDocument();
    for (const button of within(sheet).getAllByRole('button', { name: /^(KC|DEN|DAL|PHI) / }))
      expect(button).toHaveClass('MuiToggleButton-fullWidth');
  });

  describe('the Rules tab', () => {
    const rulesOf = async () =>
      within(await screen.findByRole('list', { name: "This pool's rules" }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);

    it("states this pool's rules from its settings, and links to the rules every pool shares", async () => {
      registerRoutes(['pool-party-rules']);
      serve();
      renderPool('/football/pool/7?tab=rules');
      const rules = await rulesOf();
      expect(rules).toEqual([
        'NFL, the 2026 season: weeks 1 to 18.',
        "Each week's slate holds 3 games, chosen by the Lifeguard before the week's first kickoff (else the week's first games by kickoff).",
        "Against the spread: each slate game's line is frozen when the slate is published and shown to everyone; your team must cover it.",
        'A win scores +5, a loss −5, a push or a tie 0.',
        'A game you have not picked when it locks scores −5, as a loss (never doubled or tripled); 0 if the game is then called off.',
        'Double play: one pick a week may count twice, ±10.',
        'Triple play: one pick a week may count three times, ±15. A week has a double play or a triple play, never both.',
        expect.stringMatching(
          /^Last Man Standing, graded against the spread: Each week every surviving member picks one team/,
        ),
        expect.stringMatching(/^Every team playing that week can be a survivor's pick/),
        'No strikes: the first loss, push or missed week puts a survivor out.',
        'No buy-back: out is out for the season.',
        'Every week counts toward the season total.',
        expect.stringMatching(/^Tiebreaker: /),
      ]);
      expect(screen.getByRole('link', { name: 'Pool Party rules' })).toHaveAttribute('href', '/pool-party-rules');
    });

    it('follows the settings: a straight-up pool without plays or Last Man Standing', async () => {
      serve({
        pool: poolOf({
          win_basis: 'straight',
          double_play: false,
          triple_play: false,
          last_man_standing: false,
          games_per_week: 1,
        }),
      });
      renderPool('/football/pool/7?tab=rules');
      const rules = await rulesOf();
      expect(rules).toContain('$ Line: pick the winner outright; there is no spread.');
      expect(rules).toContain('No double play: every pick counts once.');
      expect(rules).toContain('No triple play.');
      expect(rules).toContain('No Last Man Standing.');
      expect(rules.some((text) => text?.startsWith("Each week's slate holds 1 game,"))).toBe(true);
    });

    it('opens from the link under the pool name, on a 390 px phone too', async () => {
      stubViewportWidth(390);
      serve();
      renderPool();
      const user = userEvent.setup();
      await screen.findByRole('form', { name: 'Picks for Week 2' });
      await user.click(screen.getByRole('button', { name: 'Rules' }));
      expect(await rulesOf()).toContain('Double play: one pick a week may count twice, ±10.');
      expect(screen.getByRole('tab', { name: 'Rules' })).toHaveAttribute('aria-selected', 'true');
    });
  });
});

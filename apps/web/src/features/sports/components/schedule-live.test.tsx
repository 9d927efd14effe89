import { gamesChannel, type LiveGameFrame } from '@pass/contracts';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { clearSessionUser, storeSessionUser } from '../../../lib/session-user';
import { answer, sentRequests } from '../../../testing/api-server';
import { FakeSocket } from '../../../testing/fake-socket';
import { renderWithProviders } from '../../../testing/render';
import { event, eventsResponse, teamsResponse, weeksResponse } from '../testing/fixtures';
import { ScheduleScreen } from './schedule-screen';

registerRoutes(['football-team']);

/** The server's clock: Sunday of week 2, while its early games are played. */
const NOW = '2026-09-20T18:30:00.000Z';
const WEEK = '/api/book/events/americanfootball_nfl';

beforeEach(() => {
  storeSessionUser({ id: 7, username: 'sam', name: null, isAdmin: false });
  answer('get', '/api/health', { status: 'ok', uptimeSeconds: 1, time: NOW });
  answer('get', '/api/sport/americanfootball_nfl/teams', teamsResponse);
  answer('get', '/api/dates/season/2026/americanfootball_nfl', weeksResponse);
  answer('get', WEEK, eventsResponse(2, [event(21, 'KC', 'DEN'), event(22, 'BUF', 'MIA')]));
});
afterEach(() => {
  cleanup();
  clearSessionUser();
});

const frame = (overrides: Partial<LiveGameFrame>): LiveGameFrame => ({
  type: 'game',
  event_id: 21,
  sport: 'americanfootball_nfl',
  season: 2026,
  week: 2,
  status: 'in_progress',
  scores: { home: 10, away: 7 },
  live: { period: 2, clock: '4:12', detail: '2nd Quarter 4:12' },
  as_of: '2026-09-20T18:29:30.000Z',
  ...overrides,
});

/**
 * The server's week once the game has kicked off, as it answers the one read the kickoff frame asks for: the game
 * under way as the frame has it (the server then also sends its line of record, which no frame carries).
 */
function serverSeesKickoff(kickoff: LiveGameFrame) {
  answer(
    'get',
    WEEK,
    eventsResponse(2, [
      event(21, 'KC', 'DEN', {
        status: kickoff.status,
        event_scores: kickoff.scores,
        live: kickoff.live ? { ...kickoff.live, as_of: kickoff.as_of } : null,
      }),
      event(22, 'BUF', 'MIA'),
    ]),
  );
}

async function showSchedule() {
  renderWithProviders(
    <ScheduleScreen route="football-schedule" sport="americanfootball_nfl" teamRoute="football-team" />,
  );
  const card = await screen.findByRole('article', { name: 'Kansas City Chiefs at Denver Broncos' });
  // The week shown is asked for on the tab's live socket once it opens.
  const socket = FakeSocket.latest();
  expect(socket.url).toMatch(/\/ws\/live$/);
  act(() => socket.open());
  expect(socket.channels()).toEqual([gamesChannel('americanfootball_nfl', 2026, 2)]);
  return { card, socket };
}

describe('the schedule while games are played', () => {
  it('moves the score and where the game stands as frames come, reading the week once at kickoff only', async () => {
    const { card, socket } = await showSchedule();
    expect(within(card).queryByTestId('live-status')).toBeNull();
    const reads = sentRequests({ path: WEEK }).length;

    serverSeesKickoff(frame({}));
    act(() => socket.receive(frame({})));
    // Kickoff: the week is read once more, for the game's line of record (the final is graded against it).
    await vi.waitFor(() => expect(sentRequests({ path: WEEK })).toHaveLength(reads + 1));
    const live = await within(card).findByTestId('live-status');
    expect(live).toHaveTextContent('LIVE');
    expect(live).toHaveTextContent('Q2 4:12');
    // Thirty seconds old: fresh, so no age is shown.
    expect(live).not.toHaveTextContent('old');
    expect(within(card).getByText('10')).toBeInTheDocument();
    expect(within(card).getByText('7')).toBeInTheDocument();
    // The other game is untouched.
    const other = screen.getByRole('article', { name: 'Buffalo Bills at Miami Dolphins' });
    expect(within(other).queryByTestId('live-status')).toBeNull();

    // A score that stopped moving five minutes ago says how old it is.
    act(() =>
      socket.receive(
        frame({
          scores: { home: 13, away: 7 },
          live: { period: 3, clock: null, detail: 'Halftime' },
          as_of: '2026-09-20T18:25:30.000Z',
        }),
      ),
    );
    expect(within(card).getByTestId('live-status')).toHaveTextContent('Q2 4:12');
    act(() =>
      socket.receive(
        frame({
          scores: { home: 13, away: 7 },
          live: { period: 2, clock: null, detail: 'Halftime' },
          as_of: '2026-09-20T18:29:45.000Z',
        }),
      ),
    );
    expect(await within(card).findByText('Halftime')).toBeInTheDocument();
    expect(within(card).getByText('13')).toBeInTheDocument();
    // The game's later frames move it without asking the server.
    expect(sentRequests({ path: WEEK })).toHaveLength(reads + 1);
  });

  it('shows how old a score is once it is more than two minutes old', async () => {
    const { card, socket } = await showSchedule();
    serverSeesKickoff(frame({ as_of: '2026-09-20T18:24:00.000Z' }));
    act(() => socket.receive(frame({ as_of: '2026-09-20T18:24:00.000Z' })));
    expect(await within(card).findByTestId('live-status')).toHaveTextContent('score 6 min old');
  });

  it('shows a final as Final, with its score, and no LIVE mark', async () => {
    const { card, socket } = await showSchedule();
    serverSeesKickoff(frame({}));
    act(() => socket.receive(frame({})));
    await within(card).findByTestId('live-status');
    act(() =>
      socket.receive(
        frame({ status: 'final', scores: { home: 27, away: 20 }, live: null, as_of: '2026-09-20T20:10:00.000Z' }),
      ),
    );
    expect(await within(card).findByText('Final')).toBeInTheDocument();
    expect(within(card).queryByTestId('live-status')).toBeNull();
    expect(within(card).getByText('27')).toBeInTheDocument();
    expect(within(card).getByText('20')).toBeInTheDocument();
  });
});

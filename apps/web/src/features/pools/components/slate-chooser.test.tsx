import type { PoolWeekView } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, sentRequest } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render';
import { poolDetail } from '../testing-data';
import { choosable, SlateChooser } from './slate-chooser';

const HOUR = 3_600_000;
const at = (fromNow: number) => new Date(Date.now() + fromNow).toISOString();

const choice = (eventId: number, away: string, home: string, kickoffIn: number, spread: number | null) => ({
  event_id: eventId,
  home_team: home,
  away_team: away,
  kickoff: at(kickoffIn),
  status: 'scheduled' as const,
  home_spread: spread,
});

function week(overrides: Partial<PoolWeekView> = {}): PoolWeekView {
  return {
    pool: { id: 7, name: 'Office Splash' },
    week: 12,
    label: 'Week 12',
    window: { start: at(HOUR), end: at(6 * 24 * HOUR) },
    slate_deadline: at(HOUR),
    slate_source: null,
    demo: false,
    games: [],
    choices: [
      choice(1, 'DAL', 'PHI', HOUR, -7),
      choice(2, 'BAL', 'BUF', 3 * 24 * HOUR, -1.5),
      choice(3, 'WAS', 'NYG', 3 * 24 * HOUR, null),
      choice(4, 'LAC', 'KC', 3.2 * 24 * HOUR, 3),
    ],
    sheets: [],
    lms_used_teams: [],
    lms_choices: [],
    lms_status: null,
    ...overrides,
  };
}

const pool = poolDetail({ games_per_week: 2, win_basis: 'ats' });

afterEach(() => {
  cleanup();
});

describe('the slate chooser', () => {
  it('offers only games not started, not called off and, against the spread, with a line', () => {
    const now = Date.now();
    expect(choosable(choice(1, 'A', 'B', HOUR, -3), true, now)).toBe(true);
    expect(choosable(choice(1, 'A', 'B', HOUR, null), true, now)).toBe(false);
    expect(choosable(choice(1, 'A', 'B', HOUR, null), false, now)).toBe(true);
    expect(choosable(choice(1, 'A', 'B', -HOUR, -3), true, now)).toBe(false);
    expect(choosable({ ...choice(1, 'A', 'B', HOUR, -3), status: 'postponed' }, true, now)).toBe(false);
  });

  it("publishes the Lifeguard's games once as many as the slate holds are chosen", async () => {
    const user = userEvent.setup();
    answer('put', '/api/pools/:poolId/weeks/:week/slate', { data: week({ slate_source: 'lifeguard' }) });
    renderRoutes([{ path: '/', element: <SlateChooser pool={pool} week={week()} /> }]);
    const games = await screen.findByRole('group', { name: 'Games of Week 12' });
    expect(within(games).getByRole('checkbox', { name: /WAS at NYG/ })).toBeDisabled();
    expect(within(games).getByText(/PHI −7/)).toBeInTheDocument();
    const publish = screen.getByRole('button', { name: 'Publish the slate' });
    expect(publish).toBeDisabled();
    await user.click(within(games).getByRole('checkbox', { name: /DAL at PHI/ }));
    expect(screen.getByText('1 of 2 games chosen')).toBeInTheDocument();
    await user.click(within(games).getByRole('checkbox', { name: /LAC at KC/ }));
    await user.click(publish);
    expect(await screen.findByText('Slate published: everyone picks from these games.')).toBeInTheDocument();
    const call = sentRequest();
    expect(call.url.pathname).toBe('/api/pools/7/weeks/12/slate');
    expect(call.method).toBe('PUT');
    expect(await call.json()).toEqual({ event_ids: [1, 4] });
  });

  it("starts from the week's slate and shows the server's refusal", async () => {
    const user = userEvent.setup();
    answer(
      'put',
      '/api/pools/:poolId/weeks/:week/slate',
      {
        error: {
          code: 'BAD_REQUEST',
          message: 'The slate is not valid',
          fields: [{ field: 'body.event_ids', message: 'DAL at PHI has already kicked off', reason: 'started' }],
        },
      },
      { status: 400 },
    );
    const slateGame = (eventId: number, away: string, home: string) => ({
      event_id: eventId,
      home_team: home,
      away_team: away,
      kickoff: at(HOUR),
      status: 'scheduled' as const,
      home_score: null,
      away_score: null,
      frozen_home_spread: -7,
      closing_home_spread: null,
      frozen_line_source: null,
      frozen_at: null,
      current_home_spread: null,
      locked: false,
    });
    const view = week({ slate_source: 'lifeguard', games: [slateGame(1, 'DAL', 'PHI'), slateGame(2, 'BAL', 'BUF')] });
    renderRoutes([{ path: '/', element: <SlateChooser pool={pool} week={view} /> }]);
    expect(await screen.findByText(/You published this slate/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /BAL at BUF/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Publish the slate' }));
    expect(await screen.findByText('DAL at PHI has already kicked off')).toBeInTheDocument();
  });
});

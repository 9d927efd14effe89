import type { PoolWeekView, SheetView } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, sentRequests } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render';
import { stubViewportWidth } from '../../../testing/viewport';
import { poolDetail } from '../testing-data';
import { PickSheet } from './pick-sheet';
import { WeekGrid } from './week-grid';

/** A confidence pool's pick sheet: a confidence per pick, the values already used marked, one Save. */

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

const pool = poolDetail({ confidence: true, double_play: false, triple_play: false, last_man_standing: false });

const game = (eventId: number, away: string, home: string, kickoffIn: number, spread: number, locked: boolean) => ({
  event_id: eventId,
  home_team: home,
  away_team: away,
  kickoff: at(kickoffIn),
  status: locked ? ('in_progress' as const) : ('scheduled' as const),
  home_score: locked ? 7 : null,
  away_score: locked ? 3 : null,
  frozen_home_spread: spread,
  closing_home_spread: null,
  frozen_line_source: null,
  frozen_at: null,
  current_home_spread: null,
  locked,
});

/** Gina's sheet: NYJ (locked) with 3, KC with 1; PHI's game not picked yet. */
const mine: SheetView = {
  member_id: 2,
  username: 'gina',
  name: 'gina',
  picks: [
    { event_id: 101, team: 'NYJ', play: null, confidence: 3, clv: null },
    { event_id: 102, team: 'KC', play: null, confidence: 1, clv: null },
  ],
  lms_team: null,
  tiebreaker: null,
  submitted_at: at(-2 * HOUR),
};

const week: PoolWeekView = {
  pool: { id: 7, name: 'Office Splash' },
  week: 2,
  label: 'Week 2',
  window: { start: at(-HOUR), end: at(5 * 24 * HOUR) },
  slate_deadline: at(-HOUR),
  slate_source: 'lifeguard',
  demo: false,
  choices: [],
  games: [
    game(101, 'NYJ', 'BUF', -HOUR, -3, true),
    game(102, 'KC', 'DEN', 2 * HOUR, 6.5, false),
    game(103, 'DAL', 'PHI', 26 * HOUR, -2.5, false),
  ],
  sheets: [mine],
  lms_used_teams: [],
  lms_choices: [],
  lms_status: null,
};

function renderSheet() {
  answer('put', '/api/pools/7/weeks/2/picks', { data: week });
  renderRoutes([{ path: '/', element: <PickSheet pool={pool} week={week} mine={mine} /> }], {
    path: '/',
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the pick sheet of a confidence pool', () => {
  it('gives each pick a confidence, marks the values in use, swaps an open one and keeps a locked one', async () => {
    stubViewportWidth(390);
    const user = userEvent.setup();
    renderSheet();
    const sheet = await screen.findByRole('form', { name: 'Picks for Week 2' });
    expect(within(sheet).getByTestId('confidence-summary')).toHaveTextContent('Not used yet: 2.');
    // No double or triple play in a confidence pool.
    expect(within(sheet).queryByRole('radiogroup')).toBeNull();
    // The locked pick's confidence is shown and cannot change.
    const locked = within(sheet).getByRole('combobox', { name: 'Confidence for NYJ at BUF' });
    expect(locked).toHaveTextContent('3');
    expect(locked).toHaveAttribute('aria-disabled', 'true');

    // Picking PHI's game gives it the value still free.
    await user.click(within(sheet).getByRole('button', { name: 'PHI −2.5' }));
    expect(within(sheet).getByRole('combobox', { name: 'Confidence for DAL at PHI' })).toHaveTextContent('2');
    expect(within(sheet).getByTestId('confidence-summary')).toHaveTextContent('Every number is used.');

    // The values in use are marked: the locked one cannot be taken, an open one swaps.
    await user.click(within(sheet).getByRole('combobox', { name: 'Confidence for DAL at PHI' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '3 · used on NYJ at BUF (locked)',
      '2',
      '1 · used on KC at DEN (swap)',
    ]);
    expect(options[0]).toHaveAttribute('aria-disabled', 'true');
    await user.click(options[2]!);
    expect(within(sheet).getByRole('combobox', { name: 'Confidence for KC at DEN' })).toHaveTextContent('2');
    expect(within(sheet).getByRole('combobox', { name: 'Confidence for DAL at PHI' })).toHaveTextContent('1');

    await user.click(within(sheet).getByRole('button', { name: 'Save Week 2 picks' }));
    await within(sheet).findByText('Picks saved.');
    const [put] = sentRequests({ method: 'put' });
    // The locked pick is left out (it stays); the open ones carry their confidence.
    expect(((await put!.json()) as { picks: unknown[] }).picks).toEqual([
      { event_id: 102, team: 'KC', play: null, confidence: 2 },
      { event_id: 103, team: 'PHI', play: null, confidence: 1 },
    ]);
  });

  it('shows each pick’s confidence in the grid', () => {
    const other: SheetView = {
      ...mine,
      member_id: 3,
      username: 'lou',
      name: 'lou',
      picks: [{ event_id: 101, team: 'BUF', play: null, confidence: 2, clv: null }],
    };
    renderRoutes([{ path: '/', element: <WeekGrid week={{ ...week, sheets: [mine, other] }} graded={undefined} /> }], {
      path: '/',
    });
    expect(screen.getByLabelText('lou, NYJ at BUF: BUF, confidence 2, covering by 1')).toHaveTextContent('2');
    expect(screen.getByLabelText(/^gina, KC at DEN: KC, confidence 1/)).toBeInTheDocument();
  });
});

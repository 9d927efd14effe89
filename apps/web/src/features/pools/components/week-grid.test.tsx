import type { PoolWeekView, SlateGameView } from '@pass/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WeekGrid } from './week-grid';

const game = (overrides: Partial<SlateGameView>): SlateGameView => ({
  event_id: 101,
  home_team: 'HOU',
  away_team: 'BUF',
  kickoff: '2026-11-27T01:15:00.000Z',
  status: 'scheduled',
  home_score: null,
  away_score: null,
  frozen_home_spread: 6,
  closing_home_spread: null,
  frozen_line_source: null,
  frozen_at: null,
  current_home_spread: null,
  locked: false,
  ...overrides,
});

const week = (games: SlateGameView[]): PoolWeekView => ({
  pool: { id: 7, name: 'Thursday Night Pool' },
  week: 12,
  label: 'Week 12',
  window: { start: '2026-11-27T01:15:00.000Z', end: '2026-12-02T08:00:00.000Z' },
  slate_deadline: '2026-11-27T01:15:00.000Z',
  slate_source: 'lifeguard',
  demo: false,
  games,
  choices: [],
  sheets: [
    {
      member_id: 1,
      username: 'gina',
      name: 'gina',
      picks: games.map((item) => ({ event_id: item.event_id, team: 'HOU', play: null, confidence: null, clv: null })),
      lms_team: null,
      tiebreaker: null,
      submitted_at: '2026-11-26T15:00:00.000Z',
    },
    {
      member_id: 2,
      username: 'lou',
      name: 'lou',
      picks: games.map((item) => ({ event_id: item.event_id, team: 'BUF', play: null, confidence: null, clv: null })),
      lms_team: null,
      tiebreaker: null,
      submitted_at: '2026-11-26T15:00:00.000Z',
    },
  ],
  lms_used_teams: [],
  lms_choices: [],
  lms_status: null,
});

describe('the week grid while a game is played', () => {
  it('shows the live score, and where each pick stands in words under it as well as by its colour', () => {
    render(
      <WeekGrid
        week={week([game({ status: 'in_progress', home_score: 0, away_score: 7, locked: true })])}
        graded={undefined}
      />,
    );
    const grid = screen.getByRole('table', { name: "Everyone's picks, Week 12" });
    // Each score beside its team: Buffalo (away) 7, Houston 0.
    expect(within(grid).getByRole('columnheader', { name: 'BUF 7 at HOU 0, live' })).toBeInTheDocument();
    const gina = within(grid).getByLabelText('gina, BUF at HOU: HOU, not covering by 1');
    expect(gina).toHaveAttribute('data-standing', 'behind');
    expect(gina).toHaveTextContent(/^HOUnot covering by 1$/);
    const lou = within(grid).getByLabelText('lou, BUF at HOU: BUF, covering by 1');
    expect(lou).toHaveAttribute('data-standing', 'ahead');
    expect(lou).toHaveTextContent(/^BUFcovering by 1$/);
  });

  it('shows no standing before kickoff', () => {
    render(<WeekGrid week={week([game({})])} graded={undefined} />);
    const gina = screen.getByLabelText('gina, BUF at HOU: HOU');
    expect(gina).not.toHaveAttribute('data-standing');
    expect(gina).toHaveTextContent(/^HOU$/);
  });
});

describe('the week grid of a pool giving default picks', () => {
  it('marks a pick the pool gave at the lock as auto, in words and for screen readers', () => {
    const final = game({ status: 'final', home_score: 10, away_score: 24, locked: true });
    const view = week([final]);
    // lou picked nothing: the pool gave him the favourite, BUF (HOU +6 at home).
    view.sheets[1]!.picks = [];
    const row = (memberId: number, username: string, team: string, auto: boolean) => ({
      member_id: memberId,
      username,
      name: username,
      rank: 1,
      points: team === 'BUF' ? 5 : -5,
      wins: team === 'BUF' ? 1 : 0,
      losses: team === 'BUF' ? 0 : 1,
      pushes: 0,
      tiebreaker_error: 0,
      removed: false,
      picks: [
        {
          event_id: 101,
          team,
          multiplier: 1,
          confidence: null,
          auto,
          outcome: team === 'BUF' ? ('win' as const) : ('loss' as const),
          points: team === 'BUF' ? 5 : -5,
        },
      ],
    });
    render(
      <WeekGrid
        week={view}
        graded={{
          week: 12,
          complete: true,
          winners: [2],
          rows: [row(1, 'gina', 'HOU', false), row(2, 'lou', 'BUF', true)],
        }}
      />,
    );
    const lou = screen.getByLabelText('lou, BUF at HOU: BUF (auto), win');
    expect(within(lou).getByTestId('pick-auto')).toHaveTextContent('auto');
    expect(screen.getByLabelText('gina, BUF at HOU: HOU, loss')).not.toHaveTextContent('auto');
  });
});

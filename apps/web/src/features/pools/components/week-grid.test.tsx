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

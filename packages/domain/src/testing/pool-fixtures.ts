import type { PoolMember, PoolSeason, PoolWeekData, SlateGame, WeekSheet, WeekWindow } from '../pools/types.js';

/** Builders for the pool tests: NFL 2025 week 1 (Thursday September 4 to Wednesday September 10). */

export const WEEK1_WINDOW: WeekWindow = { start: '2025-09-05T00:20:00.000Z', end: '2025-09-11T07:00:00.000Z' };
export const WEEK2_WINDOW: WeekWindow = { start: '2025-09-12T00:15:00.000Z', end: '2025-09-18T07:00:00.000Z' };

export const at = (instant: string) => new Date(instant);
/** After every week-1 and week-2 game. */
export const LATER = at('2025-10-01T00:00:00Z');

export function slateGame(
  id: string,
  away: string,
  home: string,
  kickoff: string,
  frozenHomeSpread: number | null = null,
): SlateGame {
  return { id, home, away, kickoff, status: 'scheduled', homeScore: null, awayScore: null, frozenHomeSpread };
}

export const final = (game: SlateGame, awayScore: number, homeScore: number): SlateGame => ({
  ...game,
  status: 'final',
  homeScore,
  awayScore,
});

/** Week 1: Thursday night, two Sunday games, Monday night (the tiebreaker game). */
export const DAL_PHI = slateGame('g1', 'DAL', 'PHI', '2025-09-05T00:20:00Z', -7);
export const KC_LAC = slateGame('g2', 'KC', 'LAC', '2025-09-06T00:00:00Z', 3);
export const PIT_NYJ = slateGame('g3', 'PIT', 'NYJ', '2025-09-07T20:25:00Z', 3);
export const MIN_CHI = slateGame('g4', 'MIN', 'CHI', '2025-09-09T00:15:00Z', 1.5);

export const member = (id: string, joinedAt = '2025-08-01T00:00:00Z'): PoolMember => ({ id, joinedAt });

export const sheet = (memberId: string, picks: WeekSheet['picks'], extra: Partial<WeekSheet> = {}): WeekSheet => ({
  memberId,
  picks,
  submittedAt: '2025-09-04T12:00:00Z',
  ...extra,
});

export const week = (number: number, slate: SlateGame[], sheets: WeekSheet[], window = WEEK1_WINDOW): PoolWeekData => ({
  week: number,
  window,
  slate,
  sheets,
});

export const season = (
  weeks: PoolWeekData[],
  members: PoolMember[],
  settings: Partial<PoolSeason['settings']> = {},
): PoolSeason => ({
  settings: { winBasis: 'ats', doublePlay: true, triplePlay: true, lastManStanding: true, ...settings },
  members,
  weeks,
});

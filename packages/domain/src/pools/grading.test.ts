import { describe, expect, it } from 'vitest';
import {
  at,
  DAL_PHI,
  final,
  KC_LAC,
  LATER,
  member,
  MIN_CHI,
  PIT_NYJ,
  sheet,
  WEEK1_WINDOW,
} from '../testing/pool-fixtures.js';
import {
  gradePoolPick,
  gradeWeekSheet,
  scoringRules,
  slateGameState,
  teamOutcome,
  type ScoringRules,
} from './grading.js';
import type { Play, SlateGame } from './types.js';

const ats = scoringRules({ winBasis: 'ats' });
const straight = scoringRules({ winBasis: 'straight' });

const grade = (
  game: SlateGame,
  team: string | null,
  rules: ScoringRules = ats,
  play: Play | null = null,
  now = LATER,
) =>
  gradePoolPick({
    game,
    pick: team === null ? undefined : { gameId: game.id, team, play },
    window: WEEK1_WINDOW,
    rules,
    now,
  });
const outcome = (...args: Parameters<typeof grade>) => {
  const { outcome, points } = grade(...args);
  return `${outcome} ${points}`;
};

describe('against the spread, with the frozen spread', () => {
  it('grades from the picked team’s side of the spread frozen at publish (PHI −7)', () => {
    expect(outcome(final(DAL_PHI, 20, 24), 'PHI')).toBe('loss -5');
    expect(outcome(final(DAL_PHI, 20, 24), 'DAL')).toBe('win 5');
    expect(outcome(final(DAL_PHI, 20, 27), 'PHI')).toBe('push 0');
    expect(outcome(final(DAL_PHI, 20, 27), 'DAL')).toBe('push 0');
    expect(outcome(final(DAL_PHI, 20, 31), 'PHI')).toBe('win 5');
  });

  it('cannot push on a half-point line (CHI +1.5)', () => {
    expect(outcome(final(MIN_CHI, 21, 20), 'CHI')).toBe('win 5');
    expect(outcome(final(MIN_CHI, 21, 20), 'MIN')).toBe('loss -5');
    expect(outcome(final(MIN_CHI, 22, 20), 'MIN')).toBe('win 5');
  });

  it('grades a pick’em line (0) like straight up', () => {
    expect(outcome(final({ ...KC_LAC, frozenHomeSpread: 0 }, 17, 17), 'KC')).toBe('push 0');
    expect(outcome(final({ ...KC_LAC, frozenHomeSpread: 0 }, 17, 16), 'KC')).toBe('win 5');
  });
});

describe('a game graded for many picks', () => {
  it('grades each side once per basis, and again when the game object it was worked out from changes', () => {
    const game = final(DAL_PHI, 20, 24);
    expect([teamOutcome('PHI', game, 'ats'), teamOutcome('PHI', game, 'straight')]).toEqual(['loss', 'win']);
    expect(teamOutcome('DAL', game, 'ats')).toBe('win');
    // Not done by the app, but not forbidden: a changed score or spread on the same object is graded anew.
    const changed = game as { homeScore: number | null; frozenHomeSpread: number | null };
    changed.homeScore = 31;
    expect(teamOutcome('PHI', game, 'ats')).toBe('win');
    changed.frozenHomeSpread = -14;
    expect(teamOutcome('PHI', game, 'ats')).toBe('loss');
  });
});

describe('straight up', () => {
  it('grades the winner outright, whatever the spread', () => {
    expect(outcome(final(DAL_PHI, 20, 24), 'PHI', straight)).toBe('win 5');
    expect(outcome(final(DAL_PHI, 20, 24), 'DAL', straight)).toBe('loss -5');
  });

  it('scores a tie 0 on both sides', () => {
    expect(outcome(final(KC_LAC, 23, 23), 'KC', straight)).toBe('push 0');
    expect(outcome(final(KC_LAC, 23, 23), 'LAC', straight)).toBe('push 0');
  });
});

describe('points', () => {
  it('doubles and triples wins and losses; a push stays 0', () => {
    const game = final(DAL_PHI, 20, 24); // DAL covers
    expect(outcome(game, 'DAL', ats, 'double')).toBe('win 10');
    expect(outcome(game, 'PHI', ats, 'double')).toBe('loss -10');
    expect(outcome(game, 'DAL', ats, 'triple')).toBe('win 15');
    expect(outcome(game, 'PHI', ats, 'triple')).toBe('loss -15');
    expect(outcome(final(DAL_PHI, 20, 27), 'PHI', ats, 'triple')).toBe('push 0');
  });

  it('scores half a win for a push and ignores plays under what-if rules', () => {
    const halfPush = { ...ats, pushPoints: 2.5 };
    expect(outcome(final(DAL_PHI, 20, 27), 'PHI', halfPush, 'double')).toBe('push 5');
    expect(outcome(final(DAL_PHI, 20, 24), 'DAL', { ...ats, multipliers: false }, 'triple')).toBe('win 5');
  });
});

describe('postponed and cancelled games', () => {
  it('voids a cancelled game for everyone, a double or triple play too', () => {
    const cancelled = { ...DAL_PHI, status: 'cancelled' as const };
    expect(outcome(cancelled, 'PHI', ats, 'triple')).toBe('void 0');
    expect(outcome(cancelled, 'DAL')).toBe('void 0');
    expect(outcome(cancelled, null)).toBe('void 0');
  });

  it('grades a postponed game played inside the pool week’s window normally', () => {
    const movedToTuesday = final({ ...PIT_NYJ, kickoff: '2025-09-09T23:00:00Z' }, 24, 20);
    expect(slateGameState(movedToTuesday, WEEK1_WINDOW, LATER)).toBe('final');
    expect(outcome(movedToTuesday, 'PIT')).toBe('win 5');
  });

  it('voids a postponed game played after the window, or not played by its end', () => {
    const movedToThursday = final({ ...PIT_NYJ, kickoff: '2025-09-11T23:00:00Z' }, 24, 20);
    expect(outcome(movedToThursday, 'PIT', ats, 'double')).toBe('void 0');
    const postponed = { ...PIT_NYJ, status: 'postponed' as const };
    expect(outcome(postponed, 'PIT', ats, null, at('2025-09-10T12:00:00Z'))).toBe('pending 0');
    expect(outcome(postponed, 'PIT', ats, null, at(WEEK1_WINDOW.end))).toBe('void 0');
  });

  it('keeps a game pending until it is final', () => {
    expect(outcome(DAL_PHI, 'PHI', ats, null, at('2025-09-05T01:00:00Z'))).toBe('pending 0');
    expect(outcome({ ...DAL_PHI, status: 'in_progress', homeScore: 7, awayScore: 0 }, 'PHI')).toBe('pending 0');
  });
});

describe('missing picks', () => {
  it('score as a loss from the moment the game locks, 0 if the game is void', () => {
    expect(outcome(DAL_PHI, null, ats, null, at('2025-09-04T12:00:00Z'))).toBe('pending 0');
    expect(outcome(DAL_PHI, null, ats, null, at('2025-09-05T00:20:00Z'))).toBe('missed -5');
    expect(outcome(final(DAL_PHI, 20, 24), null)).toBe('missed -5');
    expect(outcome({ ...DAL_PHI, status: 'postponed' }, null)).toBe('void 0');
  });

  it('do not count for games that locked before the member joined', () => {
    const late = member('zoe', '2025-09-06T12:00:00Z');
    const graded = (game: SlateGame) =>
      gradePoolPick({ game, pick: undefined, window: WEEK1_WINDOW, rules: ats, now: LATER, member: late });
    expect(graded(final(DAL_PHI, 20, 24))).toMatchObject({ outcome: 'not_member', points: 0 });
    expect(graded(final(PIT_NYJ, 20, 24))).toMatchObject({ outcome: 'missed', points: -5 });
  });
});

describe('gradeWeekSheet', () => {
  const slate = [final(MIN_CHI, 21, 20), final(DAL_PHI, 20, 24), final(KC_LAC, 23, 23), PIT_NYJ];

  it('grades every slate game in kickoff order and counts the week', () => {
    const week = gradeWeekSheet({
      week: 1,
      slate,
      window: WEEK1_WINDOW,
      sheet: sheet('ann', [
        { gameId: 'g1', team: 'DAL', play: 'double' },
        { gameId: 'g2', team: 'LAC' },
        { gameId: 'g4', team: 'MIN' },
      ]),
      member: member('ann'),
      rules: ats,
      now: at('2025-09-07T18:00:00Z'),
    });
    expect(week.picks.map((pick) => `${pick.gameId} ${pick.outcome} ${pick.points}`)).toEqual([
      'g1 win 10',
      'g2 win 5', // LAC +3 in a tie
      'g3 pending 0',
      'g4 loss -5',
    ]);
    expect(week).toMatchObject({ points: 10, wins: 2, losses: 1, pushes: 0, complete: false });
  });

  it('counts a missed pick as a loss and calls the week complete once every game is decided', () => {
    const week = gradeWeekSheet({
      week: 1,
      slate: [...slate.slice(0, 3), { ...PIT_NYJ, status: 'cancelled' }],
      window: WEEK1_WINDOW,
      sheet: undefined,
      member: member('bob'),
      rules: straight,
      now: LATER,
    });
    expect(week).toMatchObject({ points: -15, wins: 0, losses: 3, pushes: 0, complete: true });
  });
});

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
  season,
  sheet,
  slateGame,
  week,
  WEEK2_WINDOW,
} from '../testing/pool-fixtures.js';
import { lastManStanding, usedLmsTeams } from './last-man-standing.js';
import type { SlateGame, WeekSheet } from './types.js';

// Week 1: PHI beat DAL by 4 (DAL +7 covers), KC–LAC tie (LAC +3 covers), PIT won by 3 at NYJ (NYJ +3 pushes),
// CHI beat MIN by 1 (CHI +1.5 covers).
const week1Slate = [final(DAL_PHI, 20, 24), final(KC_LAC, 23, 23), final(PIT_NYJ, 20, 17), final(MIN_CHI, 20, 21)];
const week2Slate = [
  final(slateGame('h1', 'BUF', 'MIA', '2025-09-12T00:15:00Z', 3), 31, 21),
  final(slateGame('h2', 'NE', 'GB', '2025-09-14T17:00:00Z', -6), 10, 27),
];
const unplayed = (game: SlateGame): SlateGame => ({ ...game, status: 'scheduled', homeScore: null, awayScore: null });
const members = ['ann', 'bob', 'cat'].map((id) => member(id));
const lms = (memberId: string, lmsTeam: string | null): WeekSheet => sheet(memberId, [], { lmsTeam });

const outcomes = (result: ReturnType<typeof lastManStanding>, weekNumber: number) =>
  result.weeks
    .find((candidate) => candidate.week === weekNumber)!
    .results.map((row) => `${row.memberId}:${row.outcome}`);

describe('Last Man Standing', () => {
  it('advances a win and eliminates a loss or a push, on the pool’s win basis', () => {
    const weeks = [week(1, week1Slate, [lms('ann', 'PHI'), lms('bob', 'NYJ'), lms('cat', 'KC')])];
    const straightUp = lastManStanding(season(weeks, members, { winBasis: 'straight' }), LATER);
    // Straight up PHI won, NYJ lost, KC tied: a tie eliminates.
    expect(outcomes(straightUp, 1)).toEqual(['ann:advanced', 'bob:eliminated', 'cat:eliminated']);
    expect(straightUp.survivors).toEqual(['ann']);
    expect(straightUp.eliminatedIn).toEqual(
      new Map([
        ['bob', 1],
        ['cat', 1],
      ]),
    );
    expect(straightUp.winners).toEqual(['ann']);
    // Against the spread PHI (−7) and KC (−3) lost, NYJ (+3) pushed: all three out, so all three survive.
    const againstTheSpread = lastManStanding(season(weeks, members), LATER);
    expect(outcomes(againstTheSpread, 1)).toEqual(['ann:eliminated', 'bob:eliminated', 'cat:eliminated']);
  });

  it('lets everyone survive a week in which every remaining survivor is eliminated', () => {
    const weeks = [week(1, week1Slate, [lms('ann', 'PHI'), lms('bob', 'NYJ'), lms('cat', 'KC')])];
    const result = lastManStanding(season(weeks, members), LATER);
    expect(result.weeks[0]).toMatchObject({ everyoneOut: true, survivorsAfter: ['ann', 'bob', 'cat'], complete: true });
    expect(result.survivors).toEqual(['ann', 'bob', 'cat']);
    expect(result.eliminatedIn.size).toBe(0);
  });

  it('counts only the survivors: those already out do not stop the rest being eliminated together', () => {
    const weeks = [
      week(1, week1Slate, [lms('ann', 'DAL'), lms('bob', 'CHI'), lms('cat', 'PHI')]),
      week(2, week2Slate, [lms('ann', 'MIA'), lms('bob', 'NE'), lms('cat', 'GB')], WEEK2_WINDOW),
    ];
    const result = lastManStanding(season(weeks, members), LATER);
    expect(outcomes(result, 1)).toEqual(['ann:advanced', 'bob:advanced', 'cat:eliminated']);
    expect(outcomes(result, 2)).toEqual(['ann:eliminated', 'bob:eliminated']);
    expect(result.weeks[1]).toMatchObject({ everyoneOut: true, survivorsAfter: ['ann', 'bob'] });
    expect(result.winners).toEqual([]);
  });

  it('carries a pick on a void game: the member survives, the team is not used, and picks again next week', () => {
    const cancelled = week1Slate.map((game) =>
      game.id === 'g1' ? { ...DAL_PHI, status: 'cancelled' as const } : game,
    );
    const weeks = [
      week(1, cancelled, [lms('ann', 'PHI'), lms('bob', 'CHI'), lms('cat', 'MIN')]),
      week(2, week2Slate.map(unplayed), [lms('ann', 'BUF')], WEEK2_WINDOW),
    ];
    const pool = season(weeks, members);
    const atWeek2 = at('2025-09-11T12:00:00Z');
    const result = lastManStanding(pool, atWeek2);
    expect(outcomes(result, 1)).toEqual(['ann:carried', 'bob:advanced', 'cat:eliminated']);
    expect(usedLmsTeams(pool, 'ann', 2, atWeek2)).toEqual([]);
    expect(usedLmsTeams(pool, 'bob', 2, atWeek2)).toEqual(['CHI']);
    expect(outcomes(result, 2)).toEqual(['ann:pending', 'bob:pending']);
  });

  it('carries a pick on a postponed game not played in the window, and grades one played inside it', () => {
    const postponed = { ...MIN_CHI, status: 'postponed' as const };
    const weeks = [week(1, [postponed], [lms('ann', 'CHI'), lms('bob', 'MIN')])];
    expect(outcomes(lastManStanding(season(weeks, members.slice(0, 2)), at('2025-09-10T12:00:00Z')), 1)).toEqual([
      'ann:pending',
      'bob:pending',
    ]);
    expect(outcomes(lastManStanding(season(weeks, members.slice(0, 2)), LATER), 1)).toEqual([
      'ann:carried',
      'bob:carried',
    ]);
    const playedTuesday = final({ ...MIN_CHI, kickoff: '2025-09-10T00:00:00Z' }, 24, 20);
    const played = [week(1, [playedTuesday], [lms('ann', 'CHI'), lms('bob', 'MIN')])];
    const result = lastManStanding(season(played, members.slice(0, 2)), LATER);
    expect(outcomes(result, 1)).toEqual(['ann:eliminated', 'bob:advanced']);
    expect(result.winners).toEqual(['bob']);
  });

  it('eliminates a survivor without a pick once the week’s last slate game has locked', () => {
    const weeks = [week(1, week1Slate, [lms('ann', 'DAL'), lms('bob', 'CHI')])];
    expect(outcomes(lastManStanding(season(weeks, members), LATER), 1)).toEqual([
      'ann:advanced',
      'bob:advanced',
      'cat:no_pick',
    ]);
    const open = [week(1, [DAL_PHI, MIN_CHI], [lms('ann', 'DAL')])];
    expect(outcomes(lastManStanding(season(open, members), at('2025-09-07T12:00:00Z')), 1)).toEqual([
      'ann:pending',
      'bob:pending',
      'cat:pending',
    ]);
  });

  it('lets a member who joined after the week’s last lock carry that week', () => {
    const late = [member('ann'), member('zoe', '2025-09-09T12:00:00Z')];
    const weeks = [week(1, week1Slate, [lms('ann', 'DAL')])];
    expect(outcomes(lastManStanding(season(weeks, late), LATER), 1)).toEqual(['ann:advanced', 'zoe:carried']);
  });

  it('crowns the last one standing, and stops there', () => {
    const weeks = [
      week(1, week1Slate, [lms('ann', 'DAL'), lms('bob', 'PHI'), lms('cat', 'NYJ')]),
      week(2, week2Slate, [], WEEK2_WINDOW),
    ];
    const result = lastManStanding(season(weeks, members), LATER);
    expect(result.winners).toEqual(['ann']);
    expect(result.weeks.map((row) => row.week)).toEqual([1]);
  });

  it('shares the win among the survivors of the pool’s last week, and not before it is decided', () => {
    const weeks = [week(1, week1Slate, [lms('ann', 'DAL'), lms('bob', 'CHI'), lms('cat', 'PHI')])];
    expect(lastManStanding(season(weeks, members), LATER, 1).winners).toEqual(['ann', 'bob']);
    expect(lastManStanding(season(weeks, members), LATER, 2).winners).toEqual([]);
    const mondayNight = week1Slate.map((game) =>
      game.id === 'g4' ? { ...game, status: 'in_progress' as const } : game,
    );
    const undecided = [week(1, mondayNight, [lms('ann', 'DAL'), lms('bob', 'CHI'), lms('cat', 'PHI')])];
    const result = lastManStanding(season(undecided, members), at('2025-09-09T01:00:00Z'), 1);
    expect(result.winners).toEqual([]);
    expect(result.survivors).toEqual(['ann', 'bob']);
  });

  it('is empty in a pool without it', () => {
    const weeks = [week(1, week1Slate, [lms('ann', 'DAL')])];
    expect(lastManStanding(season(weeks, members, { lastManStanding: false }), LATER)).toMatchObject({
      weeks: [],
      survivors: [],
      winners: [],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { at, DAL_PHI, KC_LAC, MIN_CHI, PIT_NYJ, sheet } from '../testing/pool-fixtures.js';
import {
  isLocked,
  lmsGame,
  slateTeams,
  validateWeekSheet,
  visibleEdit,
  visibleSheet,
  type SheetEdit,
} from './picks.js';
import type { PoolPick, WeekSheet } from './types.js';

const slate = [DAL_PHI, KC_LAC, PIT_NYJ, MIN_CHI];
const allOn = { doublePlay: true, triplePlay: true, lastManStanding: true };
const BEFORE = at('2025-09-04T12:00:00Z');
/** After Thursday's game (g1) has kicked off, before Friday's. */
const THURSDAY_NIGHT = at('2025-09-05T01:00:00Z');

const picks: PoolPick[] = [
  { gameId: 'g1', team: 'PHI' },
  { gameId: 'g2', team: 'KC' },
  { gameId: 'g3', team: 'PIT' },
  { gameId: 'g4', team: 'CHI' },
];

const problems = (next: WeekSheet, options: Partial<Parameters<typeof validateWeekSheet>[0]> = {}) =>
  validateWeekSheet({ settings: allOn, slate, previous: null, next, now: BEFORE, ...options }).map(
    (problem) => `${problem.field}:${problem.reason}${problem.gameId ? `:${problem.gameId}` : ''}`,
  );

describe('locks', () => {
  it('locks a game at its kickoff, or at an earlier lock already reached', () => {
    expect(isLocked(DAL_PHI, at('2025-09-05T00:19:59Z'))).toBe(false);
    expect(isLocked(DAL_PHI, at('2025-09-05T00:20:00Z'))).toBe(true);
    const moved = { ...DAL_PHI, kickoff: '2025-09-06T00:20:00Z', lockedAt: DAL_PHI.kickoff };
    expect(isLocked(moved, at('2025-09-05T12:00:00Z'))).toBe(true);
  });

  it('refuses a pick changed, added or removed after its game kicked off, naming the game', () => {
    const previous = sheet('ann', picks);
    const changed = sheet('ann', [{ gameId: 'g1', team: 'DAL' }, ...picks.slice(1)]);
    const result = validateWeekSheet({ settings: allOn, slate, previous, next: changed, now: THURSDAY_NIGHT });
    expect(result).toEqual([
      {
        field: 'picks',
        reason: 'locked',
        message: 'DAL at PHI kicked off at 2025-09-05T00:20:00.000Z; its pick is locked',
        gameId: 'g1',
      },
    ]);
    expect(problems(sheet('ann', picks.slice(1)), { previous, now: THURSDAY_NIGHT })).toEqual(['picks:locked:g1']);
    expect(problems(sheet('ann', picks), { previous: sheet('ann', picks.slice(1)), now: THURSDAY_NIGHT })).toEqual([
      'picks:locked:g1',
    ]);
  });

  it('lets the other games change until their own kickoffs', () => {
    const previous = sheet('ann', picks);
    const next = sheet('ann', [picks[0]!, { gameId: 'g2', team: 'LAC' }, picks[2]!, picks[3]!]);
    expect(problems(next, { previous, now: THURSDAY_NIGHT })).toEqual([]);
  });

  it('refuses moving a double play off a locked game, or onto one', () => {
    const withDouble = sheet('ann', [{ ...picks[0]!, play: 'double' }, ...picks.slice(1)]);
    const moved = sheet('ann', [picks[0]!, { ...picks[1]!, play: 'double' }, ...picks.slice(2)]);
    expect(problems(moved, { previous: withDouble, now: THURSDAY_NIGHT })).toEqual(['picks:locked:g1']);
    expect(problems(withDouble, { previous: moved, now: THURSDAY_NIGHT })).toEqual(['picks:locked:g1']);
  });
});

describe('a week’s picks', () => {
  it('accepts one side per slate game, a partial sheet too', () => {
    expect(problems(sheet('ann', picks))).toEqual([]);
    expect(problems(sheet('ann', picks.slice(0, 2)))).toEqual([]);
  });

  it('refuses a game off the slate, a game picked twice, a team not in the game', () => {
    expect(problems(sheet('ann', [{ gameId: 'g9', team: 'NE' }]))).toEqual(['picks:not_on_slate:g9']);
    expect(problems(sheet('ann', [picks[0]!, { gameId: 'g1', team: 'DAL' }]))).toEqual(['picks:duplicate:g1']);
    expect(problems(sheet('ann', [{ gameId: 'g1', team: 'KC' }]))).toEqual(['picks:bad_team:g1']);
  });

  it('allows one double or one triple play a week, never both, and only where the pool allows each', () => {
    const play = (plays: (PoolPick['play'] | undefined)[]) =>
      sheet(
        'ann',
        picks.map((pick, index) => ({ ...pick, play: plays[index] ?? null })),
      );
    expect(problems(play(['double']))).toEqual([]);
    expect(problems(play([undefined, 'triple']))).toEqual([]);
    expect(problems(play(['double', 'triple']))).toEqual(['play:double_and_triple']);
    expect(problems(play(['double', 'double']))).toEqual(['play:one_play']);
    expect(problems(play(['triple', undefined, 'triple']))).toEqual(['play:one_play']);
    const settings = { ...allOn, triplePlay: false };
    expect(problems(play(['triple']), { settings })).toEqual(['play:triple_off']);
    expect(problems(play(['double']), { settings: { ...allOn, doublePlay: false } })).toEqual(['play:double_off']);
    expect(problems(play(['quadruple' as never]))).toEqual(['picks:bad_play:g1']);
  });

  it('takes a non-negative whole tiebreaker, locked once the week’s last game kicks off', () => {
    expect(problems(sheet('ann', picks, { tiebreaker: 0 }))).toEqual([]);
    expect(problems(sheet('ann', picks, { tiebreaker: 47 }))).toEqual([]);
    expect(problems(sheet('ann', picks, { tiebreaker: -1 }))).toEqual(['tiebreaker:bad_tiebreaker']);
    expect(problems(sheet('ann', picks, { tiebreaker: 44.5 }))).toEqual(['tiebreaker:bad_tiebreaker']);
    const previous = sheet('ann', picks, { tiebreaker: 40 });
    const mondayNight = at('2025-09-09T01:00:00Z');
    expect(problems(sheet('ann', picks, { tiebreaker: 41 }), { previous, now: mondayNight })).toEqual([
      'tiebreaker:locked:g4',
    ]);
    expect(problems(sheet('ann', picks, { tiebreaker: 41 }), { previous, now: THURSDAY_NIGHT })).toEqual([]);
  });
});

describe('Last Man Standing picks', () => {
  it('takes a team of this week’s slate that the member has not used', () => {
    expect(slateTeams(slate)).toEqual(['DAL', 'PHI', 'KC', 'LAC', 'PIT', 'NYJ', 'MIN', 'CHI']);
    expect(problems(sheet('ann', [], { lmsTeam: 'KC' }), { usedLmsTeams: ['PHI'] })).toEqual([]);
    expect(problems(sheet('ann', [], { lmsTeam: 'NE' }))).toEqual(['lmsTeam:lms_not_on_slate']);
    expect(problems(sheet('ann', [], { lmsTeam: 'PHI' }), { usedLmsTeams: ['PHI'] })).toEqual(['lmsTeam:lms_used']);
  });

  it('is refused when the pool has none or the member is out', () => {
    const settings = { ...allOn, lastManStanding: false };
    expect(problems(sheet('ann', [], { lmsTeam: 'KC' }), { settings })).toEqual(['lmsTeam:lms_off']);
    expect(problems(sheet('ann', [], { lmsTeam: 'KC' }), { survivor: false })).toEqual(['lmsTeam:eliminated']);
  });

  it('locks at the kickoff of the team’s game, both the team left and the team taken', () => {
    const previous = sheet('ann', [], { lmsTeam: 'PHI' });
    expect(problems(sheet('ann', [], { lmsTeam: 'KC' }), { previous, now: THURSDAY_NIGHT })).toEqual([
      'lmsTeam:locked:g1',
    ]);
    expect(
      problems(sheet('ann', [], { lmsTeam: 'PHI' }), {
        previous: sheet('ann', [], { lmsTeam: 'KC' }),
        now: THURSDAY_NIGHT,
      }),
    ).toEqual(['lmsTeam:locked:g1']);
    expect(problems(sheet('ann', [], { lmsTeam: 'PHI' }), { previous, now: THURSDAY_NIGHT })).toEqual([]);
    expect(
      problems(sheet('ann', [], { lmsTeam: 'LAC' }), {
        previous: sheet('ann', [], { lmsTeam: 'KC' }),
        now: THURSDAY_NIGHT,
      }),
    ).toEqual([]);
  });

  it('is graded on a team’s first slate game when it has two (a baseball doubleheader)', () => {
    const second = { ...DAL_PHI, id: 'g0', kickoff: '2025-09-08T00:20:00Z' };
    expect(lmsGame([second, DAL_PHI], 'PHI')?.id).toBe('g1');
  });
});

describe('visibility', () => {
  const ann = sheet('ann', picks, { lmsTeam: 'MIN', tiebreaker: 45 });

  it('shows a member all of their own picks', () => {
    expect(visibleSheet(ann, 'ann', slate, BEFORE)).toBe(ann);
  });

  it('shows others’ picks game by game as each game locks', () => {
    expect(visibleSheet(ann, 'bob', slate, BEFORE)).toMatchObject({ picks: [], lmsTeam: null, tiebreaker: null });
    expect(visibleSheet(ann, 'bob', slate, THURSDAY_NIGHT).picks).toEqual([picks[0]]);
    const sunday = visibleSheet(ann, 'bob', slate, at('2025-09-07T21:00:00Z'));
    expect(sunday.picks.map((pick) => pick.gameId)).toEqual(['g1', 'g2', 'g3']);
    expect(sunday.lmsTeam).toBeNull();
    const monday = visibleSheet(ann, 'bob', slate, at('2025-09-09T00:15:00Z'));
    expect(monday).toMatchObject({ picks, lmsTeam: 'MIN', tiebreaker: 45 });
  });
});

describe("visibility of a Lifeguard's edits", () => {
  const pickEdit: SheetEdit = {
    memberId: 'ann',
    gameId: 'g2',
    field: 'pick',
    before: 'KC (double play)',
    after: 'LAC',
  };
  const lmsEdit: SheetEdit = { memberId: 'ann', gameId: null, field: 'lms_team', before: 'PHI', after: 'MIN' };
  const tieEdit: SheetEdit = { memberId: 'ann', gameId: null, field: 'tiebreaker', before: '45', after: '50' };
  const SUNDAY = at('2025-09-07T21:00:00Z');
  const MONDAY_NIGHT = at('2025-09-09T00:15:00Z');

  it('shows the member whose sheet it is the whole edit, at any time', () => {
    expect(visibleEdit(pickEdit, 'ann', slate, BEFORE)).toEqual({ ...pickEdit, hidden: false });
  });

  it('shows anyone else that a pick changed, and what it was and became once its game locks', () => {
    expect(visibleEdit(pickEdit, 'bob', slate, THURSDAY_NIGHT)).toEqual({
      ...pickEdit,
      before: null,
      after: null,
      hidden: true,
    });
    expect(visibleEdit(pickEdit, 'bob', slate, SUNDAY)).toEqual({ ...pickEdit, hidden: false });
  });

  it('waits for the games of both Last Man Standing teams, and for the last game for the tiebreaker', () => {
    // PHI's game locked Thursday night, MIN's plays Monday night.
    expect(visibleEdit(lmsEdit, 'bob', slate, SUNDAY).hidden).toBe(true);
    expect(visibleEdit(lmsEdit, 'bob', slate, MONDAY_NIGHT)).toEqual({ ...lmsEdit, hidden: false });
    expect(visibleEdit(tieEdit, 'bob', slate, SUNDAY)).toMatchObject({ before: null, after: null, hidden: true });
    expect(visibleEdit(tieEdit, 'bob', slate, MONDAY_NIGHT).before).toBe('45');
  });

  it('keeps an edit hidden while any slate game is open when its game left the slate, or its week is unknown', () => {
    const gone = { ...pickEdit, gameId: 'g9' };
    expect(visibleEdit(gone, 'bob', slate, SUNDAY).hidden).toBe(true);
    expect(visibleEdit(gone, 'bob', slate, MONDAY_NIGHT).hidden).toBe(false);
    expect(visibleEdit(pickEdit, 'bob', null, MONDAY_NIGHT).hidden).toBe(true);
  });
});

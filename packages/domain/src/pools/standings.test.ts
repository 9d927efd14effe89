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
import { averageClv, headToHead, pointsStillPossible, standings, weeklyResults, whatIf } from './standings.js';
import type { PoolPick, PoolSeason, WeekSheet } from './types.js';
import { tiebreakerError } from './week-totals.js';

// Week 1 (ats): DAL +7 covers, LAC +3 covers a tie, NYJ +3 pushes, CHI +1.5 covers; the tiebreaker game
// (MIN at CHI) totals 41.
const week1Slate = [final(DAL_PHI, 20, 24), final(KC_LAC, 23, 23), final(PIT_NYJ, 20, 17), final(MIN_CHI, 20, 21)];
// Week 2: BUF −3 covers at MIA, GB −6 covers against NE; the tiebreaker game (NE at GB) totals 37.
const BUF_MIA = slateGame('h1', 'BUF', 'MIA', '2025-09-12T00:15:00Z', 3);
const NE_GB = slateGame('h2', 'NE', 'GB', '2025-09-14T17:00:00Z', -6);
const week2Slate = [final(BUF_MIA, 31, 21), final(NE_GB, 10, 27)];

const picks = (...sides: [string, string, PoolPick['play']?][]): PoolPick[] =>
  sides.map(([gameId, team, play]) => ({ gameId, team, play: play ?? null }));

const week1Sheets: WeekSheet[] = [
  // 10 + 5 + 0 + 5 = 20; tiebreaker 40 (off by 1)
  sheet('ann', picks(['g1', 'DAL', 'double'], ['g2', 'LAC'], ['g3', 'PIT'], ['g4', 'CHI']), { tiebreaker: 40 }),
  // −5 + 5 + 0 + 15 = 15; off by 4
  sheet('bob', picks(['g1', 'PHI'], ['g2', 'LAC'], ['g3', 'NYJ'], ['g4', 'CHI', 'triple']), { tiebreaker: 45 }),
  // 5 − 5 + 0 − 5 = −5; no guess: read as 0, off by 41
  sheet('cat', picks(['g1', 'DAL'], ['g2', 'KC'], ['g3', 'PIT'], ['g4', 'MIN'])),
];
const week2Sheets: WeekSheet[] = [
  sheet('ann', picks(['h1', 'MIA'], ['h2', 'NE']), { tiebreaker: 30, submittedAt: '2025-09-10T09:00:00Z' }), // −10, off by 7
  sheet('bob', picks(['h1', 'BUF'], ['h2', 'GB']), { tiebreaker: 37, submittedAt: '2025-09-11T09:00:00Z' }), // +10, exact
  sheet('cat', picks(['h1', 'BUF', 'double'], ['h2', 'GB']), { tiebreaker: 40, submittedAt: '2025-09-11T10:00:00Z' }), // +15, off by 3
];
const members = ['ann', 'bob', 'cat'].map((id) => member(id));
const pool = (week2 = week2Slate, settings: Partial<PoolSeason['settings']> = {}) =>
  season([week(1, week1Slate, week1Sheets), week(2, week2, week2Sheets, WEEK2_WINDOW)], members, settings);

const summary = (rows: { memberId: string; rank: number; points: number }[]) =>
  rows.map((row) => `${row.rank} ${row.memberId} ${row.points}`);

describe('standings', () => {
  it('rank by season points, then wins, then the summed tiebreaker error', () => {
    const table = standings(pool(), LATER);
    expect(summary(table)).toEqual(['1 bob 25', '2 ann 10', '3 cat 10']);
    expect(
      table.map(({ memberId, wins, losses, pushes, tiebreakerError }) => ({
        memberId,
        wins,
        losses,
        pushes,
        tiebreakerError,
      })),
    ).toEqual([
      { memberId: 'bob', wins: 4, losses: 1, pushes: 1, tiebreakerError: 4 },
      { memberId: 'ann', wins: 3, losses: 2, pushes: 1, tiebreakerError: 8 },
      { memberId: 'cat', wins: 3, losses: 2, pushes: 1, tiebreakerError: 44 },
    ]);
  });

  it('go to the earlier submission of the latest week’s picks after that, and share a rank on an exact tie', () => {
    // DAL covers (+5) and nobody picked MIN at CHI (−5 each): three tie on points, wins and tiebreaker.
    const twins = [
      sheet('ann', picks(['g1', 'DAL']), { tiebreaker: 41, submittedAt: '2025-09-04T10:00:00Z' }),
      sheet('bob', picks(['g1', 'DAL']), { tiebreaker: 41, submittedAt: '2025-09-04T09:00:00Z' }),
      sheet('cat', picks(['g1', 'DAL']), { tiebreaker: 41, submittedAt: '2025-09-04T10:00:00Z' }),
      sheet('dan', picks(['g1', 'PHI']), { tiebreaker: 41, submittedAt: '2025-09-04T08:00:00Z' }),
    ];
    const four = [...members, member('dan')];
    const table = standings(season([week(1, [final(DAL_PHI, 20, 24), final(MIN_CHI, 20, 21)], twins)], four), LATER);
    expect(summary(table)).toEqual(['1 bob 0', '2 ann 0', '2 cat 0', '4 dan -10']);
  });

  it('are recomputed from the results: a corrected score changes them', () => {
    const corrected = [final(BUF_MIA, 21, 31), final(NE_GB, 10, 27)];
    // MIA now covers: ann +5 −5, bob −5 +5, cat −10 +5 in week 2.
    expect(summary(standings(pool(corrected), LATER))).toEqual(['1 ann 20', '2 bob 15', '3 cat -10']);
  });

  it('measure the tiebreaker on the week’s last slate game once it is final', () => {
    const week1 = week(1, week1Slate, week1Sheets);
    expect(tiebreakerError(week1, week1Sheets[0], LATER)).toBe(1);
    expect(tiebreakerError(week1, undefined, LATER)).toBe(41);
    expect(tiebreakerError(week(1, [...week1Slate.slice(0, 3), MIN_CHI], []), week1Sheets[0], LATER)).toBeNull();
    const voided = { ...MIN_CHI, status: 'cancelled' as const };
    expect(tiebreakerError(week(1, [...week1Slate.slice(0, 3), voided], []), week1Sheets[0], LATER)).toBeNull();
  });
});

describe('weekly results', () => {
  it('give each member’s points per week and the week’s winners', () => {
    const weeks = weeklyResults(pool(), LATER);
    expect(weeks.map((row) => [row.week, row.complete, row.winners])).toEqual([
      [1, true, ['ann']],
      [2, true, ['cat']],
    ]);
    expect(summary(weeks[0]!.rows)).toEqual(['1 ann 20', '2 bob 15', '3 cat -5']);
    expect(summary(weeks[1]!.rows)).toEqual(['1 cat 15', '2 bob 10', '3 ann -10']);
    expect(weeks[0]!.rows[0]!.picks.map((pick) => pick.points)).toEqual([10, 5, 0, 5]);
  });

  it('break a week’s tie the same way: wins, then that week’s tiebreaker error', () => {
    const tied = [
      sheet('ann', picks(['h1', 'BUF'], ['h2', 'NE']), { tiebreaker: 36 }), // 0, off by 1
      sheet('bob', picks(['h1', 'MIA'], ['h2', 'GB']), { tiebreaker: 37 }), // 0, exact
    ];
    const weeks = weeklyResults(season([week(2, week2Slate, tied, WEEK2_WINDOW)], members.slice(0, 2)), LATER);
    expect(weeks[0]!.winners).toEqual(['bob']);
  });

  it('have no winner until every slate game is final or void', () => {
    // BUF at MIA is final, NE at GB still to play: bob leads the week but is no winner yet.
    const half = [week2Slate[0]!, { ...NE_GB, status: 'in_progress' as const, homeScore: 7, awayScore: 3 }];
    const playing = weeklyResults(pool(half), at('2025-09-14T18:00:00Z'))[1]!;
    expect(playing).toMatchObject({ complete: false, winners: [] });
    expect(playing.rows[0]!.rank).toBe(1);
    // A postponed last game keeps the week open within its window; voided at its end, the week is decided.
    const postponed = [week2Slate[0]!, { ...NE_GB, status: 'postponed' as const, homeScore: null, awayScore: null }];
    expect(weeklyResults(pool(postponed), at('2025-09-15T12:00:00Z'))[1]).toMatchObject({ winners: [] });
    expect(weeklyResults(pool(postponed), LATER)[1]).toMatchObject({ complete: true, winners: ['cat'] });
    // A cancelled game is void at once.
    const cancelled = [week2Slate[0]!, { ...NE_GB, status: 'cancelled' as const, homeScore: null, awayScore: null }];
    expect(weeklyResults(pool(cancelled), at('2025-09-14T18:00:00Z'))[1]!.winners.length).toBeGreaterThan(0);
  });

  it('keep a member who has gone in the weeks they were in, their games after it not counted', () => {
    // dan is removed on the Saturday of week 1, after DAL at PHI and KC at LAC locked: his picks stay in week 1
    // (KC at LAC a missed pick), the games that lock after he went are not his, and week 2 has no row of his.
    const dan = { ...member('dan'), leftAt: '2025-09-06T12:00:00Z' };
    const danSheet = sheet('dan', picks(['g1', 'DAL', 'double']), { tiebreaker: 41 });
    const gone = season(
      [week(1, week1Slate, [...week1Sheets, danSheet]), week(2, week2Slate, week2Sheets, WEEK2_WINDOW)],
      [...members, dan],
    );
    const [first, second] = weeklyResults(gone, LATER);
    const danRow = first!.rows.find((row) => row.memberId === 'dan')!;
    expect(danRow.picks.map((pick) => pick.outcome)).toEqual(['win', 'missed', 'not_member', 'not_member']);
    expect(danRow.points).toBe(5);
    expect(first!.rows).toHaveLength(4);
    expect(second!.rows.map((row) => row.memberId)).not.toContain('dan');
    // The season standings are the caller's members: without dan they are as before.
    expect(summary(standings(pool(), LATER))).toEqual(['1 bob 25', '2 ann 10', '3 cat 10']);
  });

  it('have no winner before any game is decided', () => {
    const unplayed = week2Slate.map((game) => ({
      ...game,
      status: 'scheduled' as const,
      homeScore: null,
      awayScore: null,
    }));
    const weeks = weeklyResults(pool(unplayed), at('2025-09-10T12:00:00Z'));
    expect(weeks[1]).toMatchObject({ complete: false, winners: [] });
  });
});

describe('head-to-head', () => {
  it('counts the weeks each member won on points and where their picks agree', () => {
    const result = headToHead(pool(), 'ann', 'bob', LATER);
    expect(result.weeks).toEqual([
      { week: 1, aPoints: 20, bPoints: 15, winner: 'a' },
      { week: 2, aPoints: -10, bPoints: 10, winner: 'b' },
    ]);
    expect(result).toMatchObject({ aWon: 1, bWon: 1, tied: 0, agreed: 2, disagreed: 4 });
    expect(result.games.filter((game) => game.agree).map((game) => game.gameId)).toEqual(['g2', 'g4']);
  });

  it('compares only the games that have locked and the weeks that are complete', () => {
    const sundayMorning = at('2025-09-14T12:00:00Z');
    const result = headToHead(pool([final(BUF_MIA, 31, 21), NE_GB]), 'bob', 'cat', sundayMorning);
    expect(result.weeks.map((row) => row.week)).toEqual([1]);
    expect(result.games.map((game) => game.gameId)).toEqual(['g1', 'g2', 'g3', 'g4', 'h1']);
    expect(result.games.at(-1)).toEqual({
      week: 2,
      gameId: 'h1',
      aTeam: 'BUF',
      bTeam: 'BUF',
      aConfidence: null,
      bConfidence: null,
      aAuto: false,
      bAuto: false,
      agree: true,
    });
  });
});

describe('points still possible', () => {
  const sundayMorning = at('2025-09-14T12:00:00Z');
  const midWeek = pool([final(BUF_MIA, 31, 21), NE_GB]);

  it('add every undecided game as a win, with the biggest play the pool allows while none is locked in', () => {
    const possible = pointsStillPossible(midWeek, 2, sundayMorning);
    expect(
      possible.map(({ memberId, weekPoints, remaining, weekPossible }) => ({
        memberId,
        weekPoints,
        remaining,
        weekPossible,
      })),
    ).toEqual([
      { memberId: 'ann', weekPoints: -5, remaining: 15, weekPossible: 10 },
      { memberId: 'bob', weekPoints: 5, remaining: 15, weekPossible: 20 },
      // Her double play is on a decided game: the open game counts once.
      { memberId: 'cat', weekPoints: 10, remaining: 5, weekPossible: 15 },
    ]);
    expect(possible[0]).toMatchObject({ seasonPoints: 15, seasonPossible: 30 });
    const doubleOnly = pool([final(BUF_MIA, 31, 21), NE_GB], { triplePlay: false });
    expect(pointsStillPossible(doubleOnly, 2, sundayMorning)[0]!.remaining).toBe(10);
  });

  it('count a locked pick at its own multiplier, and a locked game without a pick as the loss it is', () => {
    const kickedOff = at('2025-09-14T18:00:00Z');
    const sheets = [sheet('ann', picks(['h1', 'MIA'], ['h2', 'NE', 'triple'])), sheet('bob', picks(['h1', 'BUF']))];
    const live = season(
      [week(2, [final(BUF_MIA, 31, 21), { ...NE_GB, status: 'in_progress' }], sheets, WEEK2_WINDOW)],
      members.slice(0, 2),
    );
    expect(pointsStillPossible(live, 2, kickedOff).map((row) => [row.weekPoints, row.remaining])).toEqual([
      [-5, 15],
      [0, 0],
    ]);
  });

  it('are nothing for a week that is not in the season', () => {
    expect(pointsStillPossible(pool(), 9, LATER)[0]).toMatchObject({ weekPoints: 0, remaining: 0, seasonPossible: 10 });
  });
});

describe('what-if', () => {
  it('recomputes the season straight up, side by side with the real standings', () => {
    const rows = whatIf(pool(), LATER, ['straight']);
    expect(
      rows.map((row) => [row.memberId, row.actual.rank, row.whatIf.rank, row.whatIf.points, row.rankChange]),
    ).toEqual([
      ['bob', 1, 1, 25, 0],
      ['ann', 2, 3, -10, -1],
      ['cat', 3, 2, 10, 1],
    ]);
  });

  it('scores pushes as half a win, or every pick once without double and triple plays', () => {
    expect(whatIf(pool(), LATER, ['half_point_push']).map((row) => row.whatIf.points)).toEqual([27.5, 12.5, 12.5]);
    expect(whatIf(pool(), LATER, ['no_plays']).map((row) => [row.memberId, row.whatIf.points])).toEqual([
      ['bob', 15],
      ['ann', 5],
      ['cat', 5],
    ]);
    const all = whatIf(pool(), LATER, ['straight', 'half_point_push', 'no_plays']);
    // Straight up, plays off, ties worth 2.5: ann −5+2.5+5+5−10, bob 5+2.5−5+5+10, cat −5+2.5+5−5+10.
    expect(all.map((row) => [row.memberId, row.whatIf.points])).toEqual([
      ['bob', 17.5],
      ['ann', -2.5],
      ['cat', 7.5],
    ]);
  });

  it('ends the games under way at their current scores: the standings if the games ended now', () => {
    // Week 2 under way: MIA leads BUF by 7 (BUF −3 not covering), NE at GB not started.
    const live = [{ ...BUF_MIA, status: 'in_progress' as const, homeScore: 14, awayScore: 7 }, NE_GB];
    const rows = whatIf(pool(live), LATER, ['ended_now']);
    // Officially week 2 has nothing graded; ended now, ann's MIA pick wins (+5), bob's and cat's BUF lose.
    expect(rows.map((row) => [row.memberId, row.actual.points, row.whatIf.points])).toEqual([
      ['ann', 20, 25],
      ['bob', 15, 10],
      ['cat', -5, -15],
    ]);
    // Nothing under way: the same standings.
    expect(whatIf(pool(), LATER, ['ended_now']).every((row) => row.actual.points === row.whatIf.points)).toBe(true);
  });

  it('leaves the real standings as they are', () => {
    expect(
      whatIf(pool(), LATER, []).every((row) => row.rankChange === 0 && row.actual.points === row.whatIf.points),
    ).toBe(true);
  });
});

describe('average closing line value', () => {
  // Week 1 closes: PHI −8 (frozen −7), LAC +3 (frozen +3), NYJ +2.5 (frozen +3), CHI +1 (frozen +1.5).
  const closes: Record<string, number> = { g1: -8, g2: 3, g3: 2.5, g4: 1 };
  const closed = week1Slate.map((game) => ({ ...game, closingHomeSpread: closes[game.id] ?? null }));

  it('averages each member’s CLV over the graded picks, from the picked side', () => {
    const clv = averageClv(season([week(1, closed, week1Sheets)], members), LATER);
    // ann: DAL −1, LAC 0, PIT −0.5, CHI +0.5 → −0.25; bob: PHI +1, LAC 0, NYJ +0.5, CHI +0.5 → +0.5;
    // cat: DAL −1, KC 0, PIT −0.5, MIN −0.5 → −0.5.
    expect(Object.fromEntries(clv)).toEqual({ ann: -0.25, bob: 0.5, cat: -0.5 });
  });

  it('leaves out picks of games without a close, void games and games not yet graded', () => {
    const slate = [
      { ...closed[0]!, closingHomeSpread: null },
      { ...closed[1]!, status: 'cancelled' as const },
      { ...closed[2]!, status: 'in_progress' as const, homeScore: null, awayScore: null },
      closed[3]!,
    ];
    const clv = averageClv(season([week(1, slate, week1Sheets)], members), LATER);
    expect(Object.fromEntries(clv)).toEqual({ ann: 0.5, bob: 0.5, cat: -0.5 });
  });

  it('is null for a member without a graded pick, and for everyone in a straight-up pool', () => {
    const late = member('dan');
    const withDan = averageClv(season([week(1, closed, week1Sheets)], [...members, late]), LATER);
    expect(withDan.get('dan')).toBeNull();
    const straight = closed.map((game) => ({ ...game, frozenHomeSpread: null }));
    const clv = averageClv(season([week(1, straight, week1Sheets)], members, { winBasis: 'straight' }), LATER);
    expect([...clv.values()]).toEqual([null, null, null]);
  });
});

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
import { favouriteOf, withDefaultPicks } from './default-picks.js';
import { visibleSheet } from './picks.js';
import {
  droppedWeeksOf,
  headToHead,
  pointsStillPossible,
  standings,
  standingsIfEndedNow,
  standingsOfWeeks,
  weeklyResults,
} from './standings.js';
import type { PoolPick } from './types.js';
import { weekTotalsOfMembers } from './week-totals.js';

/** Dropped worst weeks and default picks (decision record on dropped weeks and default picks). */

const picks = (...sides: [string, string][]): PoolPick[] => sides.map(([gameId, team]) => ({ gameId, team }));

// Week 1 (ats): PHI −7 covers (31–20), KC −3 covers at LAC (24–20), PIT −3 pushes at NYJ (20–17), MIN −1.5
// wins 21–20 at CHI but does not cover.
const week1 = [final(DAL_PHI, 20, 31), final(KC_LAC, 24, 20), final(PIT_NYJ, 20, 17), final(MIN_CHI, 21, 20)];
// Week 2: BUF −3 at MIA covers (31–21); GB −6 against NE covers (27–10).
const BUF_MIA = slateGame('h1', 'BUF', 'MIA', '2025-09-12T00:15:00Z', 3);
const NE_GB = slateGame('h2', 'NE', 'GB', '2025-09-14T17:00:00Z', -6);
const week2 = [final(BUF_MIA, 31, 21), final(NE_GB, 10, 27)];
const plain = { doublePlay: false, triplePlay: false, lastManStanding: false };
const SATURDAY = at('2025-09-06T12:00:00Z');

describe('dropped worst weeks', () => {
  // ann: week 1 5 + 5 + 0 + 5 = 15; week 2 −10. bob: week 1 −5 − 5 + 0 − 5 = −15; week 2 +10.
  const sheets1 = [
    sheet('ann', picks(['g1', 'PHI'], ['g2', 'KC'], ['g3', 'PIT'], ['g4', 'CHI'])),
    sheet('bob', picks(['g1', 'DAL'], ['g2', 'LAC'], ['g3', 'PIT'], ['g4', 'MIN'])),
  ];
  const sheets2 = [sheet('ann', picks(['h1', 'MIA'], ['h2', 'NE'])), sheet('bob', picks(['h1', 'BUF'], ['h2', 'GB']))];
  const twoWeeks = (drop: number, members = [member('ann'), member('bob')], games2 = week2) =>
    season([week(1, week1, sheets1), week(2, games2, sheets2, WEEK2_WINDOW)], members, {
      ...plain,
      dropWorstWeeks: drop,
    });

  it('leave each member’s lowest complete week out of the total, and say which', () => {
    const none = standings(twoWeeks(0), LATER);
    expect(none.map((row) => [row.memberId, row.points, row.droppedWeeks])).toEqual([
      ['ann', 5, []],
      ['bob', -5, []],
    ]);
    const one = standings(twoWeeks(1), LATER);
    expect(one.map((row) => [row.memberId, row.points, row.droppedWeeks])).toEqual([
      ['ann', 15, [2]],
      ['bob', 10, [1]],
    ]);
    // Three asked for, two complete weeks: one always stays in.
    expect(standings(twoWeeks(3), LATER)).toEqual(one);
    // Wins and the tiebreaker still count the dropped week.
    expect(one.find((row) => row.memberId === 'ann')!.wins).toBe(none.find((row) => row.memberId === 'ann')!.wins);
  });

  it('never drop a week still being played, nor one the member joined part-way', () => {
    const pending = [final(BUF_MIA, 31, 21), NE_GB];
    // Week 2 is not complete: week 1 is the only droppable week, and one always stays in.
    expect(standings(twoWeeks(1, undefined, pending), LATER).map((row) => row.droppedWeeks)).toEqual([[], []]);
    // ann joined after week 1's first lock: her week 1 counts as it scored and is never dropped.
    const late = [member('ann', '2025-09-05T12:00:00Z'), member('bob')];
    const table = standings(twoWeeks(2, late), LATER);
    expect(table.find((row) => row.memberId === 'ann')!.droppedWeeks).toEqual([]);
    expect(table.find((row) => row.memberId === 'bob')!.droppedWeeks).toEqual([1]);
  });

  it('drop the earlier of two weeks on equal points', () => {
    expect(
      droppedWeeksOf(
        [
          { week: 3, points: -5, droppable: true },
          { week: 1, points: -5, droppable: true },
          { week: 2, points: -10, droppable: false },
        ],
        1,
      ),
    ).toEqual([1]);
  });

  it('count a week that may still replace a dropped one in points still possible', () => {
    // Before week 2's first kickoff: week 1 is complete, week 2 not played.
    const pool = twoWeeks(1, undefined, [BUF_MIA, NE_GB]);
    const possible = pointsStillPossible(pool, 2, at('2025-09-11T12:00:00Z'));
    // Week 2 won in full is +10 for each, and the lower of the two weeks goes: ann keeps 15; bob's 10 replaces
    // his −15.
    expect(possible.map((row) => [row.memberId, row.seasonPoints, row.seasonPossible])).toEqual([
      ['ann', 15, 15],
      ['bob', -15, 10],
    ]);
  });

  it('give the browser’s standings if the games ended now the same drops', () => {
    const live = [final(BUF_MIA, 31, 21), { ...NE_GB, status: 'in_progress' as const, homeScore: 3, awayScore: 14 }];
    const pool = twoWeeks(1, undefined, live);
    const now = at('2025-09-14T18:00:00Z');
    const members = pool.members;
    const settled = [weekTotalsOfMembers(pool.weeks[0]!, members, pool.settings, now)];
    const browser = standingsIfEndedNow({
      members,
      winBasis: 'ats',
      dropWorstWeeks: 1,
      settled,
      open: [pool.weeks[1]!],
      now,
    });
    // NE leads 14–3: ann's NE covers (−5 + 5 = 0 for week 2), bob's GB does not (5 − 5 = 0): each keeps the better.
    expect(browser.map((row) => [row.memberId, row.points, row.droppedWeeks])).toEqual([
      ['ann', 15, [2]],
      ['bob', 0, [1]],
    ]);
  });

  it('equal the standings from the weeks’ totals', () => {
    const pool = twoWeeks(2);
    const totals = pool.weeks.map((w) => weekTotalsOfMembers(w, pool.members, pool.settings, LATER));
    expect(standingsOfWeeks(['ann', 'bob'], totals, 2)).toEqual(standings(pool, LATER));
  });
});

describe('default picks', () => {
  // ann picks nothing; bob picks DAL only.
  const sheets = [sheet('bob', picks(['g1', 'DAL']))];
  const pool = (defaultPicks: 'none' | 'favourites' | 'home', games = week1, extra = {}) =>
    season([week(1, games, sheets)], [member('ann'), member('bob')], { ...plain, defaultPicks, ...extra });

  it('name the favourite by the frozen spread, else the closing one, else the home team', () => {
    expect(favouriteOf(DAL_PHI)).toBe('PHI');
    expect(favouriteOf(KC_LAC)).toBe('KC');
    expect(favouriteOf({ ...KC_LAC, frozenHomeSpread: null, closingHomeSpread: -2 })).toBe('LAC');
    expect(favouriteOf({ ...KC_LAC, frozenHomeSpread: null })).toBe('LAC');
    expect(favouriteOf({ ...KC_LAC, frozenHomeSpread: 0 })).toBe('LAC');
  });

  it('give the favourite on every locked game left unpicked, scored as a pick', () => {
    const [annWeek] = weeklyResults(pool('favourites'), LATER)[0]!.rows.filter((row) => row.memberId === 'ann');
    expect(annWeek!.picks.map((pick) => [pick.team, pick.auto, pick.outcome, pick.points])).toEqual([
      ['PHI', true, 'win', 5],
      ['KC', true, 'win', 5],
      ['PIT', true, 'push', 0],
      ['MIN', true, 'loss', -5],
    ]);
    const bob = weeklyResults(pool('favourites'), LATER)[0]!.rows.find((row) => row.memberId === 'bob')!;
    expect(bob.picks.map((pick) => [pick.team, pick.auto])).toEqual([
      ['DAL', false],
      ['KC', true],
      ['PIT', true],
      ['MIN', true],
    ]);
  });

  it('give the home team in a pool that says so; none without the setting (a missed pick)', () => {
    const home = weeklyResults(pool('home'), LATER)[0]!.rows.find((row) => row.memberId === 'ann')!;
    expect(home.picks.map((pick) => pick.team)).toEqual(['PHI', 'LAC', 'NYJ', 'CHI']);
    const none = weeklyResults(pool('none'), LATER)[0]!.rows.find((row) => row.memberId === 'ann')!;
    expect(none.picks.map((pick) => pick.outcome)).toEqual(['missed', 'missed', 'missed', 'missed']);
    expect(standings(pool('none'), LATER)).toEqual(
      standings(season([week(1, week1, sheets)], [member('ann'), member('bob')], plain), LATER),
    );
  });

  it('exist only once the game has locked, and not for a member who joined after the lock', () => {
    const saturday = withDefaultPicks({
      slate: [DAL_PHI, KC_LAC, PIT_NYJ, MIN_CHI],
      sheet: undefined,
      member: member('ann'),
      defaultPicks: 'home',
      confidence: false,
      now: SATURDAY,
    });
    expect(saturday!.picks.map((pick) => pick.gameId)).toEqual(['g1', 'g2']);
    const joinedFriday = withDefaultPicks({
      slate: [DAL_PHI, KC_LAC, PIT_NYJ, MIN_CHI],
      sheet: undefined,
      member: member('ann', '2025-09-05T12:00:00Z'),
      defaultPicks: 'home',
      confidence: false,
      now: SATURDAY,
    });
    expect(joinedFriday!.picks.map((pick) => pick.gameId)).toEqual(['g2']);
    // A viewer's browser gives the same auto picks from the sheets it may see.
    const seen = visibleSheet(sheet('bob', picks(['g1', 'DAL'], ['g3', 'NYJ'])), 'ann', [DAL_PHI, KC_LAC], SATURDAY);
    expect(
      withDefaultPicks({
        slate: [DAL_PHI, KC_LAC],
        sheet: seen,
        member: member('bob'),
        defaultPicks: 'home',
        confidence: false,
        now: SATURDAY,
      })!.picks.map((pick) => [pick.gameId, pick.team, pick.auto === true]),
    ).toEqual([
      ['g1', 'DAL', false],
      ['g2', 'LAC', true],
    ]);
  });

  it('take the smallest rank left free by the games locked by then, in a confidence pool, without a play', () => {
    const ranked = [sheet('bob', [{ gameId: 'g2', team: 'KC', confidence: 1 }])];
    const confidence = season([week(1, week1, ranked)], [member('ann'), member('bob')], {
      ...plain,
      confidence: true,
      defaultPicks: 'favourites',
    });
    const bob = weeklyResults(confidence, LATER)[0]!.rows.find((row) => row.memberId === 'bob')!;
    // g1 locks first, before bob's g2 (rank 1) has: it takes 1; then g3 takes 2 (1 held), g4 takes 3.
    expect(bob.picks.map((pick) => [pick.gameId, pick.confidence, pick.multiplier, pick.auto])).toEqual([
      ['g1', 1, 1, true],
      ['g2', 1, 1, false],
      ['g3', 2, 1, true],
      ['g4', 3, 1, true],
    ]);
  });

  it('mark auto picks in head-to-head', () => {
    const result = headToHead(pool('favourites'), 'ann', 'bob', LATER);
    expect(result.games.map((game) => [game.aTeam, game.aAuto, game.bTeam, game.bAuto])).toEqual([
      ['PHI', true, 'DAL', false],
      ['KC', true, 'KC', true],
      ['PIT', true, 'PIT', true],
      ['MIN', true, 'MIN', true],
    ]);
  });

  it('are reached exactly by points still possible', () => {
    const possible = pointsStillPossible(pool('home', [DAL_PHI, KC_LAC, PIT_NYJ, MIN_CHI]), 1, SATURDAY);
    // ann: g1 and g2 locked with auto picks still to be decided, g3 and g4 open: 4 games × 5.
    expect(possible.find((row) => row.memberId === 'ann')!.weekPossible).toBe(20);
  });
});

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
  week,
} from '../testing/pool-fixtures.js';
import { gradeWeekSheet, scoringRules } from './grading.js';
import { validateWeekSheet, visibleSheet } from './picks.js';
import { headToHead, pointsStillPossible, standings, standingsIfEndedNow, whatIf } from './standings.js';
import type { PoolPick, WeekSheet } from './types.js';
import { weekTotalsOfMembers } from './week-totals.js';

/** Confidence pools: each week's picks ranked 1..N, a win scoring its rank, a loss, a push and a miss 0. */

const slate = [DAL_PHI, KC_LAC, PIT_NYJ, MIN_CHI];
const confidenceOn = { doublePlay: false, triplePlay: false, lastManStanding: false, confidence: true };
const BEFORE = at('2025-09-04T12:00:00Z');
/** After Thursday's game (g1) has kicked off, before Friday's. */
const THURSDAY_NIGHT = at('2025-09-05T01:00:00Z');
/** After g1 and g2 have kicked off, before Sunday's. */
const SATURDAY = at('2025-09-06T12:00:00Z');

const ranked = (...picks: [string, string, number | null][]): PoolPick[] =>
  picks.map(([gameId, team, confidence]) => ({ gameId, team, confidence }));

const annPicks = ranked(['g1', 'PHI', 4], ['g2', 'KC', 3], ['g3', 'PIT', 2], ['g4', 'CHI', 1]);
const bobPicks = ranked(['g1', 'DAL', 1], ['g2', 'LAC', 4], ['g3', 'NYJ', 3]);

const problems = (next: WeekSheet, options: Partial<Parameters<typeof validateWeekSheet>[0]> = {}) =>
  validateWeekSheet({ settings: confidenceOn, slate, previous: null, next, now: BEFORE, ...options }).map(
    (problem) => `${problem.field}:${problem.reason}${problem.gameId ? `:${problem.gameId}` : ''}`,
  );

/** PHI covers −7, KC covers −3, PIT pushes −3, CHI covers +1.5 but loses outright. */
const played = [final(DAL_PHI, 20, 31), final(KC_LAC, 24, 20), final(PIT_NYJ, 20, 17), final(MIN_CHI, 21, 20)];
const members = [member('ann'), member('bob')];
const confidenceSeason = (
  games = played,
  sheets = [sheet('ann', annPicks), sheet('bob', bobPicks)],
  winBasis: 'ats' | 'straight' = 'ats',
) => season([week(1, games, sheets)], members, { ...confidenceOn, winBasis });

describe('confidence: the week sheet', () => {
  it('takes each value from 1 to the slate’s size once', () => {
    expect(problems(sheet('ann', annPicks))).toEqual([]);
    expect(problems(sheet('ann', annPicks.slice(0, 2)))).toEqual([]);
  });

  it('refuses a value used twice, naming the value and the games', () => {
    const twice = ranked(['g1', 'PHI', 4], ['g2', 'KC', 3], ['g3', 'PIT', 3]);
    const result = validateWeekSheet({
      settings: confidenceOn,
      slate,
      previous: null,
      next: sheet('ann', twice),
      now: BEFORE,
    });
    expect(result).toEqual([
      {
        field: 'confidence',
        reason: 'confidence_used',
        message: 'Confidence 3 is used more than once this week (KC at LAC and PIT at NYJ)',
        gameId: 'g3',
      },
    ]);
  });

  it('refuses a value out of range, a missing one, and one in a pool without confidence points', () => {
    expect(problems(sheet('ann', ranked(['g1', 'PHI', 5], ['g2', 'KC', 0], ['g3', 'PIT', 2.5])))).toEqual([
      'confidence:confidence_out_of_range:g1',
      'confidence:confidence_out_of_range:g2',
      'confidence:confidence_out_of_range:g3',
    ]);
    expect(problems(sheet('ann', ranked(['g1', 'PHI', null])))).toEqual(['confidence:confidence_required:g1']);
    expect(problems(sheet('ann', annPicks), { settings: { ...confidenceOn, confidence: false } })).toEqual([
      'confidence:confidence_off:g1',
      'confidence:confidence_off:g2',
      'confidence:confidence_off:g3',
      'confidence:confidence_off:g4',
    ]);
  });

  it('keeps a locked pick’s confidence: it cannot move, nor be taken by an open pick', () => {
    const previous = sheet('ann', annPicks);
    const moved = ranked(['g1', 'PHI', 1], ['g2', 'KC', 3], ['g3', 'PIT', 2], ['g4', 'CHI', 4]);
    expect(problems(sheet('ann', moved), { previous, now: THURSDAY_NIGHT })).toEqual(['picks:locked:g1']);
    const taken = ranked(['g2', 'KC', 4], ['g3', 'PIT', 2], ['g4', 'CHI', 1]);
    // The locked pick is kept as it was (the server adds it back when it is left out).
    expect(problems(sheet('ann', [annPicks[0]!, ...taken]), { previous, now: THURSDAY_NIGHT })).toEqual([
      'confidence:confidence_used:g2',
    ]);
    const swapped = ranked(['g1', 'PHI', 4], ['g2', 'KC', 1], ['g3', 'PIT', 2], ['g4', 'CHI', 3]);
    expect(problems(sheet('ann', swapped), { previous, now: THURSDAY_NIGHT })).toEqual([]);
  });

  it('shows another member’s confidence with the pick, once its game locks', () => {
    const seen = visibleSheet(sheet('ann', annPicks), 'bob', slate, THURSDAY_NIGHT);
    expect(seen.picks).toEqual([{ gameId: 'g1', team: 'PHI', confidence: 4 }]);
    expect(visibleSheet(sheet('ann', annPicks), 'bob', slate, BEFORE).picks).toEqual([]);
  });
});

describe('confidence: scoring', () => {
  it('scores a win its confidence; a loss, a push and a missed pick 0', () => {
    const graded = (memberId: string, picks: PoolPick[], winBasis: 'ats' | 'straight' = 'ats') =>
      gradeWeekSheet({
        week: 1,
        slate: played,
        window: week(1, [], []).window,
        sheet: sheet(memberId, picks),
        member: member(memberId),
        rules: scoringRules({ winBasis, confidence: true }),
        now: LATER,
      });
    const ann = graded('ann', annPicks);
    expect(ann.picks.map((pick) => `${pick.outcome} ${pick.points} (${pick.confidence})`)).toEqual([
      'win 4 (4)',
      'win 3 (3)',
      'push 0 (2)',
      'win 1 (1)',
    ]);
    expect(ann).toMatchObject({ points: 8, wins: 3, losses: 0, pushes: 1 });
    const bob = graded('bob', bobPicks);
    expect(bob.picks.map((pick) => `${pick.outcome} ${pick.points}`)).toEqual([
      'loss 0',
      'loss 0',
      'push 0',
      'missed 0',
    ]);
    expect(bob).toMatchObject({ points: 0, wins: 0, losses: 3, pushes: 1 });
    // Straight up: CHI lost outright; PIT won.
    expect(graded('ann', annPicks, 'straight').points).toBe(9);
  });

  it('ranks the season on confidence points, the stored week totals and the browser’s alike', () => {
    const pool = confidenceSeason();
    expect(standings(pool, LATER).map((row) => [row.memberId, row.points, row.wins])).toEqual([
      ['ann', 8, 3],
      ['bob', 0, 0],
    ]);
    const totals = weekTotalsOfMembers(pool.weeks[0]!, members, { winBasis: 'ats', confidence: true }, LATER);
    expect(totals.members.map((row) => row.points)).toEqual([8, 0]);
    const live = confidenceSeason([
      final(DAL_PHI, 20, 31),
      { ...KC_LAC, status: 'in_progress', homeScore: 10, awayScore: 21 },
      PIT_NYJ,
      MIN_CHI,
    ]);
    const browser = standingsIfEndedNow({
      members,
      winBasis: 'ats',
      confidence: true,
      settled: [],
      open: live.weeks,
      now: SATURDAY,
    });
    expect(browser.map((row) => [row.memberId, row.points])).toEqual([
      ['ann', 7],
      ['bob', 0],
    ]);
    expect(whatIf(live, SATURDAY, ['ended_now']).map((row) => row.whatIf)).toEqual(browser);
  });

  it('gives a push half its confidence in the what-if view', () => {
    const rows = whatIf(confidenceSeason(), LATER, ['half_point_push']);
    expect(rows.map((row) => [row.memberId, row.actual.points, row.whatIf.points])).toEqual([
      ['ann', 8, 9],
      ['bob', 0, 1.5],
    ]);
  });

  it('shows both sides’ confidence in head-to-head', () => {
    const result = headToHead(confidenceSeason(), 'ann', 'bob', LATER);
    expect(result.weeks).toEqual([{ week: 1, aPoints: 8, bPoints: 0, winner: 'a' }]);
    expect(result.games[0]).toEqual({
      week: 1,
      gameId: 'g1',
      aTeam: 'PHI',
      bTeam: 'DAL',
      aConfidence: 4,
      bConfidence: 1,
      aAuto: false,
      bAuto: false,
      agree: false,
    });
    expect(result.games[3]).toMatchObject({ aConfidence: 1, bConfidence: null });
  });
});

describe('confidence: points still possible', () => {
  it('adds each open pick’s confidence and each locked pending pick’s', () => {
    const pool = confidenceSeason([final(DAL_PHI, 20, 31), KC_LAC, PIT_NYJ, MIN_CHI]);
    const [ann, bob] = pointsStillPossible(pool, 1, SATURDAY);
    // ann: PHI won 4; KC (3) locked and pending; PIT (2) and CHI (1) open.
    expect(ann).toMatchObject({ weekPoints: 4, remaining: 6, weekPossible: 10 });
    // bob: DAL lost; LAC (4) locked and pending; NYJ (3) open and g4 unpicked, which may still take the 2.
    expect(bob).toMatchObject({ weekPoints: 0, remaining: 9, weekPossible: 9 });
  });

  it('counts the largest values no locked pick holds for the open games', () => {
    const pool = confidenceSeason(slate, [sheet('ann', ranked(['g1', 'PHI', 1])), sheet('bob', [])]);
    // After g1 and g2 lock: ann holds 1 on g1 and missed g2; g3 and g4 can take 4 and 3.
    const [ann, bob] = pointsStillPossible(pool, 1, SATURDAY);
    expect(ann).toMatchObject({ weekPoints: 0, remaining: 1 + 4 + 3 });
    expect(bob).toMatchObject({ weekPoints: 0, remaining: 4 + 3 });
  });
});

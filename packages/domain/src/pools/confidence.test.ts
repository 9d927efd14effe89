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
import {
  headToHead,
  pointsStillPossible,
  replayConfidence,
  replayedConfidences,
  standings,
  standingsIfEndedNow,
  whatIf,
  whatIfRules,
} from './standings.js';
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

describe('confidence: a season replayed under confidence scoring (what-if)', () => {
  // A pool with double and triple plays whose members never ranked their picks.
  const plain = { doublePlay: true, triplePlay: true, lastManStanding: false };
  const picked = (...picks: [string, string, ('double' | 'triple')?][]): PoolPick[] =>
    picks.map(([gameId, team, play]) => ({ gameId, team, play: play ?? null }));
  // Picked sides' spreads: PHI −7, KC −3, PIT −3, MIN −1.5; DAL +7, LAC +3, NYJ +3, CHI +1.5.
  const annSheet = sheet('ann', picked(['g1', 'PHI', 'double'], ['g2', 'KC'], ['g3', 'PIT'], ['g4', 'CHI']));
  const bobSheet = sheet('bob', picked(['g1', 'DAL'], ['g2', 'KC', 'triple'], ['g3', 'NYJ']));
  const catSheet = sheet('cat', picked(['g1', 'DAL'], ['g2', 'LAC'], ['g3', 'NYJ'], ['g4', 'CHI']));
  const plainSeason = (games = played) =>
    season([week(1, games, [annSheet, bobSheet, catSheet])], [member('ann'), member('bob'), member('cat')], plain);

  it('ranks each member’s picks by the picked side’s spread, the biggest favourite N, ties by kickoff', () => {
    // ann: PHI (−7) 4; KC and PIT (−3) tie, KC kicks off first: 3 and 2; CHI (+1.5) 1.
    expect([...replayedConfidences(slate, annSheet.picks)]).toEqual([
      ['g1', 4],
      ['g2', 3],
      ['g3', 2],
      ['g4', 1],
    ]);
    // bob missed Monday's game: his three picks take 4, 3 and 2.
    expect([...replayedConfidences(slate, bobSheet.picks)]).toEqual([
      ['g2', 4],
      ['g3', 3],
      ['g1', 2],
    ]);
    const replayed = replayConfidence(plainSeason(), LATER).weeks[0]!.sheets[0]!.picks;
    expect(replayed.map((pick) => [pick.gameId, pick.play, pick.confidence])).toEqual([
      ['g1', null, 4],
      ['g2', null, 3],
      ['g3', null, 2],
      ['g4', null, 1],
    ]);
  });

  it('scores a win its rank and a loss, a push and a miss 0, beside the real standings', () => {
    // PHI covers −7, KC covers −3, PIT pushes −3, CHI covers +1.5.
    // ann: real 10 + 5 + 0 + 5 = 20; replayed 4 + 3 + 0 + 1 = 8.
    // bob: real −5 + 15 + 0 − 5 (missed) = 5; replayed KC 4 won, NYJ 3 pushed, DAL 2 lost, g4 missed: 4.
    // cat: real −5 − 5 + 0 + 5 = −5; replayed CHI 4 (+1.5, the smallest underdog) won, LAC 3, NYJ 2, DAL 1: 4.
    const rows = whatIf(plainSeason(), LATER, ['confidence']);
    expect(
      rows.map((row) => [
        row.memberId,
        row.actual.rank,
        row.actual.points,
        row.whatIf.rank,
        row.whatIf.points,
        row.whatIf.wins,
        row.whatIf.losses,
        row.whatIf.pushes,
        row.rankChange,
      ]),
    ).toEqual([
      ['ann', 1, 20, 1, 8, 3, 0, 1, 0],
      ['bob', 2, 5, 2, 4, 1, 2, 1, 0],
      ['cat', 3, -5, 2, 4, 1, 2, 1, 1],
    ]);
    // With pushes worth half: ann's PIT (2) 1, bob's NYJ (3) 1.5, cat's NYJ (2) 1.
    expect(
      whatIf(plainSeason(), LATER, ['confidence', 'half_point_push']).map((row) => [row.memberId, row.whatIf.points]),
    ).toEqual([
      ['ann', 9],
      ['bob', 5.5],
      ['cat', 5],
    ]);
    // Straight up as well: PHI, KC, PIT and MIN win outright.
    expect(
      whatIf(plainSeason(), LATER, ['confidence', 'straight']).map((row) => [row.memberId, row.whatIf.points]),
    ).toEqual([
      ['ann', 9],
      ['bob', 4],
      ['cat', 0],
    ]);
    expect(whatIfRules({ ...plain, winBasis: 'ats' }, ['confidence'])).toMatchObject({
      confidence: true,
      multipliers: false,
    });
  });

  it('ranks by the closing spread where none was frozen, and by kickoff where no spread is known', () => {
    const straight = slate.map((game) => ({ ...game, frozenHomeSpread: null }));
    const picks = picked(['g1', 'DAL'], ['g2', 'KC'], ['g3', 'NYJ'], ['g4', 'MIN']);
    expect([...replayedConfidences(straight, picks)]).toEqual([
      ['g1', 4],
      ['g2', 3],
      ['g3', 2],
      ['g4', 1],
    ]);
    // NYJ closed 6.5-point favourites, DAL 1-point underdogs; the others read as pick'ems, by kickoff.
    const closed = straight.map((game) =>
      game.id === 'g3'
        ? { ...game, closingHomeSpread: -6.5 }
        : game.id === 'g1'
          ? { ...game, closingHomeSpread: -1 }
          : game,
    );
    expect([...replayedConfidences(closed, picks)]).toEqual([
      ['g3', 4],
      ['g2', 3],
      ['g4', 2],
      ['g1', 1],
    ]);
  });

  it('ranks another member’s picks among the locked ones only, so it tells nothing of the open ones', () => {
    // Saturday: g1 and g2 have locked and g1 is final; bob's NYJ (g3) is still open.
    const games = [final(DAL_PHI, 20, 31), KC_LAC, PIT_NYJ, MIN_CHI];
    const bobAs = (team: string) =>
      season(
        [week(1, games, [annSheet, sheet('bob', picked(['g1', 'PHI'], ['g2', 'LAC'], ['g3', team]))])],
        [member('ann'), member('bob')],
        plain,
      );
    for (const team of ['NYJ', 'PIT']) {
      const seenByAnn = replayConfidence(bobAs(team), SATURDAY, 'ann').weeks[0]!.sheets;
      // bob's PHI (−7) and LAC (+3): 4 and 3, whatever he has on the open game.
      expect(seenByAnn[1]!.picks.map((pick) => [pick.gameId, pick.confidence])).toEqual([
        ['g1', 4],
        ['g2', 3],
      ]);
      // ann's own sheet is ranked whole.
      expect(seenByAnn[0]!.picks.map((pick) => pick.confidence)).toEqual([4, 3, 2, 1]);
      expect(whatIf(bobAs(team), SATURDAY, ['confidence'], 'ann')[1]!.whatIf.points).toBe(4);
    }
    // bob himself sees his PIT (−3) rank above LAC (+3): PHI 4, PIT 3, LAC 2.
    const own = replayConfidence(bobAs('PIT'), SATURDAY, 'bob').weeks[0]!.sheets[1]!.picks;
    expect(own.map((pick) => [pick.gameId, pick.confidence])).toEqual([
      ['g1', 4],
      ['g2', 2],
      ['g3', 3],
    ]);
  });

  it('leaves a confidence pool’s own ranks alone', () => {
    const own = confidenceSeason();
    expect(replayConfidence(own, LATER)).toBe(own);
    expect(whatIf(own, LATER, ['confidence']).map((row) => row.whatIf.points)).toEqual([8, 0]);
  });
});

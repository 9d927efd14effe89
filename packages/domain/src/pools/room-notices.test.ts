import { describe, expect, it } from 'vitest';
import {
  DAL_PHI,
  final,
  KC_LAC,
  LATER,
  PIT_NYJ,
  member,
  season,
  sheet,
  slateGame,
  week,
  WEEK2_WINDOW,
} from '../testing/pool-fixtures.js';
import { roomNoticeChanges, type RoomNoticeChanges, type ToldNotices } from './room-notices.js';
import type { SlateGame, WeekSheet } from './types.js';

// Straight up. Week 1: PHI beat DAL 24–20, KC and LAC tied 23–23. Week 2: MIA beat BUF 24–10.
const unplayed = (game: SlateGame): SlateGame => ({ ...game, status: 'scheduled', homeScore: null, awayScore: null });
const week1 = [final(DAL_PHI, 20, 24), final(KC_LAC, 23, 23)];
const BUF_MIA = slateGame('h1', 'BUF', 'MIA', '2025-09-14T17:00:00Z');
const week2 = [final(BUF_MIA, 10, 24)];
const members = ['ann', 'bob', 'cat', 'dan'].map((id) => member(id));
const picks = (memberId: string, gameId: string, team: string, lmsTeam: string | null): WeekSheet =>
  sheet(memberId, [{ gameId, team }], { lmsTeam });

// Each member picks one game and misses the other (−5).
const week1Sheets = [
  picks('ann', 'g1', 'PHI', 'PHI'), // 0, survives
  picks('bob', 'g1', 'DAL', 'DAL'), // −10, out: lost
  picks('cat', 'g2', 'KC', 'KC'), // −5, out: pushed
  picks('dan', 'g1', 'PHI', null), // 0, out: missed the pick
];

/** What the room holds once the changes are written. */
function apply(told: ToldNotices, changes: RoomNoticeChanges): ToldNotices {
  const lmsOut = new Map(told.lmsOut);
  for (const { memberId, state } of changes.eliminations) lmsOut.set(memberId, state);
  for (const { memberId } of changes.reinstated) lmsOut.delete(memberId);
  return { standings: changes.standings?.state ?? told.standings, lmsOut };
}

const nothingTold: ToldNotices = { lmsOut: new Map() };

describe('room notices', () => {
  it('records a first look before any result, then tells a settled week once', () => {
    const before = season([week(1, week1.map(unplayed), week1Sheets)], members, { winBasis: 'straight' });
    const first = roomNoticeChanges(before, LATER, nothingTold);
    expect(first).toEqual({
      standings: { state: { week: null, order: [], points: [] }, line: null },
      eliminations: [],
      reinstated: [],
    });
    const told = apply(nothingTold, first);

    const played = season([week(1, week1, week1Sheets)], members, { winBasis: 'straight' });
    const changes = roomNoticeChanges(played, LATER, told);
    expect(changes.standings?.line).toEqual({
      week: 1,
      top: [
        { memberId: 'ann', rank: 1, points: 0 },
        { memberId: 'dan', rank: 1, points: 0 },
        { memberId: 'cat', rank: 3, points: -5 },
      ],
    });
    expect(changes.eliminations).toEqual(
      expect.arrayContaining([
        { memberId: 'bob', state: { week: 1, team: 'DAL', result: 'lost' }, tell: true },
        { memberId: 'cat', state: { week: 1, team: 'KC', result: 'pushed' }, tell: true },
        { memberId: 'dan', state: { week: 1, team: null, result: 'missed' }, tell: true },
      ]),
    );
    expect(changes.eliminations).toHaveLength(3);
    // Told once: the same results change nothing.
    expect(roomNoticeChanges(played, LATER, apply(told, changes))).toEqual({
      standings: null,
      eliminations: [],
      reinstated: [],
    });
  });

  it('leaves an unsettled week out, and on a first look mid-season tells only the last settled week', () => {
    const week2Sheets = [picks('ann', 'h1', 'MIA', 'MIA'), picks('bob', 'h1', 'BUF', null)];
    const inProgress = season(
      [week(1, week1, week1Sheets), week(2, week2.map(unplayed), week2Sheets, WEEK2_WINDOW)],
      members,
      { winBasis: 'straight' },
    );
    const midWeek = roomNoticeChanges(inProgress, new Date('2025-09-13T00:00:00Z'), nothingTold);
    // Week 1 is the last settled week: its eliminations are told, the standings are week 1's.
    expect(midWeek.standings?.state.week).toBe(1);
    expect(midWeek.eliminations.every((elimination) => elimination.tell)).toBe(true);

    const bothPlayed = season([week(1, week1, week1Sheets), week(2, week2, week2Sheets, WEEK2_WINDOW)], members, {
      winBasis: 'straight',
    });
    const firstLook = roomNoticeChanges(bothPlayed, LATER, nothingTold);
    expect(firstLook.standings?.state.week).toBe(2);
    // Week 1's eliminations are recorded silently; ann is the only survivor, so week 2 has no one left to lose.
    expect(firstLook.eliminations.map((elimination) => [elimination.memberId, elimination.tell])).toEqual(
      expect.arrayContaining([
        ['bob', false],
        ['cat', false],
        ['dan', false],
      ]),
    );
  });

  it('tells a corrected result that changes the top, and takes back an elimination it reverses', () => {
    const played = season([week(1, week1, week1Sheets)], members, { winBasis: 'straight' });
    const told = apply(nothingTold, roomNoticeChanges(played, LATER, nothingTold));
    // DAL won after all (24–20): bob advances, ann is out.
    const corrected = season([week(1, [final(DAL_PHI, 24, 20), week1[1]!], week1Sheets)], members, {
      winBasis: 'straight',
    });
    const changes = roomNoticeChanges(corrected, LATER, told);
    expect(changes.standings?.line?.top[0]).toEqual({ memberId: 'bob', rank: 1, points: 0 });
    expect(changes.reinstated).toEqual([{ memberId: 'bob', week: 1 }]);
    expect(changes.eliminations).toEqual([
      { memberId: 'ann', state: { week: 1, team: 'PHI', result: 'lost' }, tell: true },
    ]);
  });

  it('records a reshuffle below the top places without a line', () => {
    const five = [...members, member('eve')];
    const both = (memberId: string, first: string, second: string): WeekSheet =>
      sheet(memberId, [
        { gameId: 'g1', team: first },
        { gameId: 'g3', team: second },
      ]);
    const sheets = [
      both('ann', 'PHI', 'NYJ'),
      both('bob', 'PHI', 'NYJ'),
      both('cat', 'PHI', 'NYJ'),
      both('dan', 'DAL', 'PIT'),
      both('eve', 'DAL', 'NYJ'),
    ];
    const withResult = (away: number, home: number) =>
      season([week(1, [week1[0]!, final(PIT_NYJ, away, home)], sheets)], five, { winBasis: 'straight' });
    const told = apply(nothingTold, roomNoticeChanges(withResult(10, 20), LATER, nothingTold));
    expect(told.standings?.order).toEqual(['ann', 'bob', 'cat', 'eve', 'dan']);
    // PIT won after all: the top three lose 10 points each and keep their places; dan passes eve.
    const changes = roomNoticeChanges(withResult(20, 10), LATER, told);
    expect(changes.standings?.state.order).toEqual(['ann', 'bob', 'cat', 'dan', 'eve']);
    expect(changes.standings?.line).toBeNull();
  });

  it('tells no elimination for a strike a survivor stays in on, and tells the one that puts them out', () => {
    const withStrike = season([week(1, week1, week1Sheets)], members, { winBasis: 'straight', survivorStrikes: 1 });
    const first = roomNoticeChanges(withStrike, LATER, nothingTold);
    // bob lost, cat pushed, dan missed: each takes a strike and stays in.
    expect(first.eliminations).toEqual([]);
    const week2Sheets = [
      picks('ann', 'h1', 'MIA', 'MIA'),
      picks('bob', 'h1', 'BUF', 'BUF'), // loses again: out
      picks('cat', 'h1', 'MIA', 'MIA'),
      picks('dan', 'h1', 'MIA', 'MIA'),
    ];
    const twoWeeks = season([week(1, week1, week1Sheets), week(2, week2, week2Sheets, WEEK2_WINDOW)], members, {
      winBasis: 'straight',
      survivorStrikes: 1,
    });
    const second = roomNoticeChanges(twoWeeks, LATER, apply(nothingTold, first));
    expect(second.eliminations.map(({ memberId, state }) => [memberId, state.week, state.result])).toEqual([
      ['bob', 2, 'lost'],
    ]);
  });
});

describe('room notices in a pool that drops each member’s worst week', () => {
  it('tell the standings after the drops, as the standings show them', () => {
    // Week 2: ann and bob pick MIA (+5), cat and dan BUF (−5).
    const week2Sheets = [
      picks('ann', 'h1', 'MIA', null),
      picks('bob', 'h1', 'MIA', null),
      picks('cat', 'h1', 'BUF', null),
      picks('dan', 'h1', 'BUF', null),
    ];
    const weeks = [week(1, week1, week1Sheets), week(2, week2, week2Sheets, WEEK2_WINDOW)];
    const kept = roomNoticeChanges(season(weeks, members, { winBasis: 'straight' }), LATER, nothingTold);
    const dropped = roomNoticeChanges(
      season(weeks, members, { winBasis: 'straight', dropWorstWeeks: 1 }),
      LATER,
      nothingTold,
    );
    // Every week counts: ann 5, bob −5, cat −10, dan −5. One dropped: ann 5, bob 5, cat −5, dan 0.
    const pointsOf = (changes: RoomNoticeChanges) =>
      Object.fromEntries(
        changes.standings!.state.order.map((id, index) => [id, changes.standings!.state.points[index]]),
      );
    expect(pointsOf(kept)).toEqual({ ann: 5, bob: -5, cat: -10, dan: -5 });
    expect(pointsOf(dropped)).toEqual({ ann: 5, bob: 5, cat: -5, dan: 0 });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAL_PHI,
  final,
  LATER,
  member,
  season,
  sheet,
  slateGame,
  week,
  WEEK2_WINDOW,
} from '../testing/pool-fixtures.js';
import {
  lastManStanding,
  lastManStandingOfWeeks,
  lmsMayPick,
  type LmsOptions,
  type LmsOutcome,
  type LmsResult,
} from './last-man-standing.js';
import { validateWeekSheet } from './picks.js';
import type { SlateGame, WeekSheet } from './types.js';

/**
 * Survivor strikes and buy-back (decision record on survivor strikes and buy-back), over generated weeks of Last
 * Man Standing results, and Last Man Standing on a week's games off the slate.
 */

const MEMBERS = ['ann', 'bob', 'cat', 'dan'];
type Weeks = { week: number; results: LmsResult[] }[];

const resultArb = (memberId: string, outcomes: readonly LmsOutcome[]) =>
  fc
    .record({ outcome: fc.constantFrom(...outcomes), team: fc.option(fc.constantFrom('KC', 'BUF', 'PHI')) })
    .map(({ outcome, team }): LmsResult => ({
      memberId,
      // A missed week has no team; every other outcome may have one (a carry without one: joined late).
      team: outcome === 'no_pick' ? null : outcome === 'carried' ? team : (team ?? 'KC'),
      outcome,
    }));

const weeksArb = (outcomes: readonly LmsOutcome[], memberIds = MEMBERS): fc.Arbitrary<Weeks> =>
  fc
    .integer({ min: 1, max: 6 })
    .chain((count) =>
      fc.tuple(
        ...Array.from({ length: count }, (_, index) =>
          fc
            .tuple(...memberIds.map((memberId) => resultArb(memberId, outcomes)))
            .map((results) => ({ week: index + 1, results })),
        ),
      ),
    );

const ALL: LmsOutcome[] = ['advanced', 'eliminated', 'no_pick', 'carried', 'pending'];
const DECIDED: LmsOutcome[] = ['advanced', 'advanced', 'eliminated', 'no_pick', 'carried'];

const optionsArb = fc.record({
  enabled: fc.constant(true),
  lastWeek: fc.constantFrom<number | undefined>(undefined, 3, 6),
  strikes: fc.integer({ min: 0, max: 3 }),
  buyBackWeek: fc.constantFrom<number | null>(null, 1, 2, 4),
});

/** Last Man Standing as it was before strikes and buy-back (decision 026), to hold the new rules to. */
function withoutStrikes(memberIds: readonly string[], resultsByWeek: Weeks, lastWeek?: number) {
  let survivors = [...memberIds].sort();
  const eliminatedIn = new Map<string, number>();
  let decidedSoFar = true;
  let winners: string[] = [];
  const weeks: { week: number; everyoneOut: boolean; survivorsAfter: string[]; complete: boolean }[] = [];
  for (const week of [...resultsByWeek].sort((a, b) => a.week - b.week)) {
    if (survivors.length <= 1 && decidedSoFar && weeks.length > 0) break;
    const results = survivors.map(
      (memberId) =>
        week.results.find((result) => result.memberId === memberId) ?? {
          memberId,
          team: null,
          outcome: 'pending' as const,
        },
    );
    const out = results.filter((result) => result.outcome === 'eliminated' || result.outcome === 'no_pick');
    const everyoneOut = out.length === survivors.length && survivors.length > 0;
    if (!everyoneOut) {
      for (const result of out) eliminatedIn.set(result.memberId, week.week);
      survivors = survivors.filter((memberId) => !out.some((result) => result.memberId === memberId));
    }
    const complete = results.every((result) => result.outcome !== 'pending');
    decidedSoFar &&= complete;
    weeks.push({ week: week.week, everyoneOut, survivorsAfter: survivors, complete });
    if (decidedSoFar && (survivors.length === 1 || week.week === lastWeek)) winners = survivors;
  }
  return { weeks, survivors, eliminatedIn, winners };
}

const shuffled = <T>(items: readonly T[], seed: number) =>
  items
    .map((item, index) => ({ item, key: Math.sin(seed + index) }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

const strikesOf = (weeks: Weeks, memberId: string) =>
  weeks.filter((week) =>
    week.results.some(
      (result) => result.memberId === memberId && (result.outcome === 'eliminated' || result.outcome === 'no_pick'),
    ),
  ).length;

describe('survivor strikes and buy-back: properties', () => {
  it('do not depend on the order the weeks come in', () => {
    fc.assert(
      fc.property(weeksArb(ALL), optionsArb, fc.integer(), (weeks, options, seed) => {
        expect(lastManStandingOfWeeks(MEMBERS, shuffled(weeks, seed), options)).toEqual(
          lastManStandingOfWeeks(MEMBERS, weeks, options),
        );
      }),
    );
  });

  it('with no strikes and no buy-back, play as Last Man Standing did before them', () => {
    fc.assert(
      fc.property(weeksArb(ALL), fc.constantFrom<number | undefined>(undefined, 2, 5), (weeks, lastWeek) => {
        const options: LmsOptions = { enabled: true, lastWeek, strikes: 0, buyBackWeek: null };
        const now = lastManStandingOfWeeks(MEMBERS, weeks, options);
        const before = withoutStrikes(MEMBERS, weeks, lastWeek);
        expect(now.survivors).toEqual(before.survivors);
        expect(now.eliminatedIn).toEqual(before.eliminatedIn);
        expect(now.winners).toEqual(before.winners);
        expect(
          now.weeks.map(({ week, everyoneOut, survivorsAfter, complete }) => ({
            week,
            everyoneOut,
            survivorsAfter,
            complete,
          })),
        ).toEqual(before.weeks);
        expect(now.members.every((row) => row.strikesUsed === 0 && row.boughtBackIn === null)).toBe(true);
      }),
    );
  });

  it('without a buy-back, a member with k strikes is standing exactly when k is within the strikes allowed', () => {
    // One member always wins, so the "everyone out" rule never applies and every strike counts.
    const memberIds = [...MEMBERS, 'zed'];
    const weeksWithWinner = weeksArb(DECIDED).map((weeks) =>
      weeks.map((week) => ({
        ...week,
        results: [...week.results, { memberId: 'zed', team: 'KC', outcome: 'advanced' as const }],
      })),
    );
    fc.assert(
      fc.property(weeksWithWinner, fc.integer({ min: 0, max: 3 }), (weeks, strikes) => {
        const standing = lastManStandingOfWeeks(memberIds, weeks, { enabled: true, strikes, buyBackWeek: null });
        for (const memberId of MEMBERS) {
          const k = strikesOf(weeks, memberId);
          expect(standing.survivors.includes(memberId)).toBe(k <= strikes);
          const row = standing.members.find((candidate) => candidate.memberId === memberId)!;
          expect(row.alive).toBe(k <= strikes);
          if (k <= strikes) expect(row.strikesUsed).toBe(k);
          else expect(row.outWeek).not.toBeNull();
        }
      }),
    );
  });

  it('bring a member back only by a pick in the week right after the one they went out in, and only once', () => {
    fc.assert(
      fc.property(weeksArb(ALL), optionsArb, (weeks, options) => {
        const standing = lastManStandingOfWeeks(MEMBERS, weeks, options);
        const buyBacks = standing.weeks.flatMap((week) => week.boughtBack.map((memberId) => ({ memberId, week })));
        expect(new Set(buyBacks.map((entry) => entry.memberId)).size).toBe(buyBacks.length);
        if (options.buyBackWeek === null) expect(buyBacks).toEqual([]);
        for (const { memberId, week } of buyBacks) {
          const before = lastManStandingOfWeeks(
            MEMBERS,
            weeks.filter((candidate) => candidate.week < week.week),
            options,
          );
          const row = before.members.find((candidate) => candidate.memberId === memberId)!;
          expect(row.alive).toBe(false);
          expect(row.outWeek).toBe(week.week - 1);
          expect(row.outWeek!).toBeLessThanOrEqual(options.buyBackWeek!);
          expect(lmsMayPick(before, memberId, week.week, options.buyBackWeek)).toBe(true);
          // The pick is the buy-back.
          expect(week.results.find((result) => result.memberId === memberId)?.team).not.toBeNull();
          expect(standing.members.find((candidate) => candidate.memberId === memberId)!.boughtBackIn).toBe(week.week);
        }
        // A member out and not bought back plays no later week.
        for (const row of standing.members.filter((candidate) => !candidate.alive && candidate.outWeek !== null)) {
          for (const week of standing.weeks.filter((candidate) => candidate.week > row.outWeek!)) {
            const playing = week.results.some((result) => result.memberId === row.memberId);
            expect(playing).toBe(false);
          }
        }
      }),
    );
  });

  it('a score corrected and corrected back restores the same standing, strikes and buy-backs', () => {
    const game = (id: string, home: string, away: string, hour: number) =>
      slateGame(
        id,
        home,
        away,
        `2025-09-0${7 + Math.floor(hour / 24)}T${String(hour % 24).padStart(2, '0')}:00:00Z`,
        -3,
      );
    const slate = [game('g1', 'PHI', 'DAL', 17), game('g2', 'KC', 'LAC', 20)];
    const others = [game('o1', 'BUF', 'NYJ', 18), game('o2', 'GB', 'CHI', 21)];
    const scoreArb = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }));
    fc.assert(
      fc.property(
        fc.tuple(scoreArb, scoreArb, scoreArb, scoreArb),
        fc.integer({ min: 0, max: 3 }),
        scoreArb,
        fc.integer({ min: 0, max: 2 }),
        (scores, correctedAt, corrected, strikes) => {
          const games = [...slate, ...others].map((candidate, index) =>
            final(candidate, scores[index]![1], scores[index]![0]),
          );
          const picks = [
            sheet('ann', [], { lmsTeam: 'PHI' }),
            sheet('bob', [], { lmsTeam: 'BUF' }),
            sheet('cat', [], { lmsTeam: 'CHI' }),
          ];
          const seasonOf = (all: SlateGame[]) =>
            season(
              [{ ...week(1, all.slice(0, 2), picks), survivorGames: all.slice(2) }],
              ['ann', 'bob', 'cat'].map((id) => member(id)),
              { survivorStrikes: strikes, survivorBuyBackWeek: 1 },
            );
          const original = lastManStanding(seasonOf(games), LATER);
          const changed = games.map((candidate, index) =>
            index === correctedAt ? final(candidate, corrected[1], corrected[0]) : candidate,
          );
          lastManStanding(seasonOf(changed), LATER);
          expect(lastManStanding(seasonOf(games), LATER)).toEqual(original);
        },
      ),
    );
  });
});

// Week 1's slate is DAL at PHI (PHI −7, PHI won by 4); BUF at MIA is a survivor-only game (BUF won by 10).
const offSlate = final(slateGame('o1', 'MIA', 'BUF', '2025-09-07T20:00:00Z', 3), 21, 31);
const lms = (memberId: string, lmsTeam: string | null): WeekSheet => sheet(memberId, [], { lmsTeam });
const week2 = (sheets: WeekSheet[]) =>
  week(2, [final(slateGame('h1', 'NE', 'GB', '2025-09-14T17:00:00Z', -6), 10, 27)], sheets, WEEK2_WINDOW);

describe('Last Man Standing on every team playing that week', () => {
  it('grades a team of a survivor-only game on that game, against its frozen spread', () => {
    const weeks = [
      { ...week(1, [final(DAL_PHI, 20, 24)], [lms('ann', 'BUF'), lms('bob', 'PHI')]), survivorGames: [offSlate] },
    ];
    const result = lastManStanding(season(weeks, [member('ann'), member('bob')]), LATER);
    expect(result.weeks[0]!.results).toEqual([
      { memberId: 'ann', team: 'BUF', outcome: 'advanced' },
      { memberId: 'bob', team: 'PHI', outcome: 'eliminated' },
    ]);
    expect(result.winners).toEqual(['ann']);
  });

  it('grades a slate team on its slate game, even with an earlier game of the week off the slate', () => {
    // PHI also played (and lost) an earlier game kept off the slate; the slate's DAL at PHI is what counts.
    const earlier = final(slateGame('o2', 'NYG', 'PHI', '2025-09-04T17:00:00Z', -3), 30, 10);
    const weeks = [
      {
        ...week(1, [final(DAL_PHI, 10, 30)], [lms('ann', 'PHI'), lms('bob', 'NYG')]),
        survivorGames: [earlier],
      },
    ];
    const result = lastManStanding(season(weeks, [member('ann'), member('bob')]), LATER);
    expect(result.weeks[0]!.results).toEqual([
      { memberId: 'ann', team: 'PHI', outcome: 'advanced' },
      { memberId: 'bob', team: 'NYG', outcome: 'advanced' },
    ]);
  });

  it('takes a team off the slate in a sheet, never as a pick, and refuses a team not playing that week', () => {
    const input = {
      settings: { doublePlay: false, triplePlay: false, lastManStanding: true },
      slate: [{ ...DAL_PHI, status: 'scheduled' as const, homeScore: null, awayScore: null }],
      survivorGames: [{ ...offSlate, status: 'scheduled' as const, homeScore: null, awayScore: null }],
      previous: null,
      now: new Date('2025-09-01T00:00:00Z'),
    };
    expect(validateWeekSheet({ ...input, next: lms('ann', 'BUF') })).toEqual([]);
    expect(validateWeekSheet({ ...input, next: lms('ann', 'NE') }).map((problem) => problem.reason)).toEqual([
      'lms_not_on_slate',
    ]);
    const pick = { memberId: 'ann', picks: [{ gameId: 'o1', team: 'BUF' }] };
    expect(validateWeekSheet({ ...input, next: pick }).map((problem) => problem.reason)).toEqual(['not_on_slate']);
    // Its lock is its own kickoff.
    const afterKickoff = new Date('2025-09-07T20:30:00Z');
    expect(
      validateWeekSheet({ ...input, previous: lms('ann', 'BUF'), next: lms('ann', 'PHI'), now: afterKickoff }).map(
        (problem) => problem.reason,
      ),
    ).toEqual(['locked']);
  });
});

describe('strikes and buy-back', () => {
  it('keeps a survivor standing on a strike, and puts them out at the one after', () => {
    const weeks = [
      week(1, [final(DAL_PHI, 20, 24)], [lms('ann', 'DAL'), lms('bob', 'PHI')]),
      week2([lms('ann', 'GB'), lms('bob', 'NE')]),
    ];
    const result = lastManStanding(
      season(weeks, [member('ann'), member('bob')], { survivorStrikes: 1, winBasis: 'straight' }),
      LATER,
    );
    // Week 1 straight up: PHI won (bob advances), DAL lost (ann's strike). Week 2: GB won, NE lost (bob's strike).
    expect(result.weeks[0]!.struck).toEqual(['ann']);
    expect(result.weeks[1]!.struck).toEqual(['bob']);
    expect(result.members).toEqual([
      { memberId: 'ann', alive: true, strikesUsed: 1, boughtBackIn: null, outWeek: null },
      { memberId: 'bob', alive: true, strikesUsed: 1, boughtBackIn: null, outWeek: null },
    ]);
  });

  it('brings back a member who picks in the week after going out, strikes from 0 and used teams kept', () => {
    const weeks = [
      week(1, [final(DAL_PHI, 20, 24)], [lms('ann', 'DAL'), lms('bob', 'PHI')]),
      week2([lms('ann', 'GB'), lms('bob', 'GB')]),
    ];
    const members = [member('ann'), member('bob')];
    const straight = { winBasis: 'straight' as const };
    const withBuyBack = lastManStanding(season(weeks, members, { ...straight, survivorBuyBackWeek: 1 }), LATER);
    expect(withBuyBack.weeks[1]!.boughtBack).toEqual(['ann']);
    expect(withBuyBack.survivors).toEqual(['ann', 'bob']);
    expect(withBuyBack.members[0]).toEqual({
      memberId: 'ann',
      alive: true,
      strikesUsed: 0,
      boughtBackIn: 2,
      outWeek: null,
    });
    // No buy-back: ann stays out after week 1 and bob wins.
    const without = lastManStanding(season(weeks, members, straight), LATER);
    expect(without.survivors).toEqual(['bob']);
    expect(without.winners).toEqual(['bob']);
    // Without a pick the week after, ann stays out.
    const noPick = [weeks[0]!, week2([lms('bob', 'GB')])];
    const stayedOut = lastManStanding(season(noPick, members, { ...straight, survivorBuyBackWeek: 1 }), LATER);
    expect(stayedOut.members[0]).toMatchObject({ alive: false, outWeek: 1, boughtBackIn: null });
    expect(stayedOut.winners).toEqual(['bob']);
  });

  it('lets a member pick for the week after going out only while the buy-back is theirs', () => {
    const weeks = [week(1, [final(DAL_PHI, 20, 24)], [lms('ann', 'DAL'), lms('bob', 'PHI')])];
    const before = lastManStanding(season(weeks, [member('ann'), member('bob')], { winBasis: 'straight' }), LATER);
    expect(lmsMayPick(before, 'ann', 2, 1)).toBe(true);
    expect(lmsMayPick(before, 'ann', 3, 1)).toBe(false);
    expect(lmsMayPick(before, 'ann', 2, null)).toBe(false);
    expect(lmsMayPick(before, 'bob', 2, null)).toBe(true);
  });
});

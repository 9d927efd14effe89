import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BetKind, BetMode, BetType } from '../enums.js';
import { gradeEntry } from '../grading/grade-entry.js';
import { withDefaultPicks } from './default-picks.js';
import { slateGameState, teamOutcome } from './grading.js';
import { lastManStanding, lastManStandingOfWeeks, lmsOptionsOf, usedLmsTeams } from './last-man-standing.js';
import { isLocked, visibleSheet } from './picks.js';
import { frozenSpreadFor } from './slate.js';
import {
  averageClv,
  averageClvOfWeeks,
  gradeSeason,
  pointsStillPossible,
  standings,
  standingsIfEndedNow,
  standingsOfWeeks,
  weeklyResults,
  whatIf,
} from './standings.js';
import type { PoolPick, PoolSeason, PoolWeekData, SlateGame, WeekSheet } from './types.js';
import {
  lmsResultsOfWeeks,
  usedLmsTeamsOfWeeks,
  weekTotals,
  weekTotalsChangeAt,
  weekTotalsOfMembers,
} from './week-totals.js';

/**
 * Properties of the pool rules over generated seasons: up to four members, up to three weeks of up to five
 * games each, with every kind of result (final, pending, postponed, cancelled, moved out of the week); some
 * seasons score confidence points (each sheet's picks ranked with distinct values from 1 to the slate's size).
 */

const HOUR = 3_600_000;
const SEASON_START = Date.parse('2025-09-04T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const MEMBERS = ['ann', 'bob', 'cat', 'dan'];

const gameArb = (weekNumber: number, index: number, weekStart: number) =>
  fc
    .record({
      kickoffHour: fc.integer({ min: 0, max: 150 }),
      movedOut: fc.boolean(),
      status: fc.constantFrom('final', 'final', 'final', 'scheduled', 'in_progress', 'postponed', 'cancelled'),
      homeScore: fc.integer({ min: 0, max: 45 }),
      awayScore: fc.integer({ min: 0, max: 45 }),
      halfPoints: fc.integer({ min: -28, max: 28 }),
    })
    .map(({ kickoffHour, movedOut, status, homeScore, awayScore, halfPoints }): SlateGame => ({
      id: `w${weekNumber}g${index}`,
      home: `H${weekNumber}${index}`,
      away: `A${weekNumber}${index}`,
      // A few games are moved past the week's end (postponed and replayed later).
      kickoff: iso(weekStart + (movedOut && status === 'final' ? 170 : kickoffHour) * HOUR),
      status: status as SlateGame['status'],
      homeScore: status === 'final' || status === 'in_progress' ? homeScore : null,
      awayScore: status === 'final' || status === 'in_progress' ? awayScore : null,
      frozenHomeSpread: halfPoints / 2 + 0,
    }));

const sheetArb = (memberId: string, slate: SlateGame[], confidence: boolean, survivorGames: SlateGame[] = []) =>
  fc
    .record({
      ranks: fc.shuffledSubarray(
        Array.from({ length: slate.length }, (_, index) => index + 1),
        { minLength: slate.length, maxLength: slate.length },
      ),
      sides: fc.array(fc.constantFrom<'home' | 'away' | null>('home', 'away', null), {
        minLength: slate.length,
        maxLength: slate.length,
      }),
      playAt: fc.integer({ min: 0, max: slate.length }),
      play: fc.constantFrom<PoolPick['play']>('double', 'triple'),
      lms: fc.integer({ min: 0, max: (slate.length + survivorGames.length) * 2 }),
      tiebreaker: fc.option(fc.integer({ min: 0, max: 90 })),
      submittedMinute: fc.option(fc.integer({ min: 0, max: 5000 })),
    })
    .map(({ ranks, sides, playAt, play, lms, tiebreaker, submittedMinute }): WeekSheet => {
      const picks: PoolPick[] = [];
      slate.forEach((game, index) => {
        const side = sides[index];
        if (!side) return;
        picks.push(
          confidence
            ? { gameId: game.id, team: game[side], confidence: ranks[index]! }
            : { gameId: game.id, team: game[side], play: index === playAt ? play : null },
        );
      });
      // Last Man Standing may take any team playing that week, the survivor-only games' too.
      const teams = [...slate, ...survivorGames].flatMap((game) => [game.home, game.away]);
      return {
        memberId,
        picks,
        lmsTeam: teams[lms] ?? null,
        tiebreaker,
        submittedAt: submittedMinute === null ? null : iso(SEASON_START + submittedMinute * 60_000),
      };
    });

const weekArb = (weekNumber: number, memberIds: string[], confidence: boolean) => {
  const weekStart = SEASON_START + (weekNumber - 1) * 7 * 24 * HOUR;
  return fc
    .record({ count: fc.integer({ min: 1, max: 5 }), others: fc.integer({ min: 0, max: 2 }) })
    .chain(({ count, others }) =>
      fc.tuple(
        fc.tuple(...Array.from({ length: count }, (_, index) => gameArb(weekNumber, index, weekStart))),
        fc.tuple(...Array.from({ length: others }, (_, index) => gameArb(weekNumber, count + index, weekStart))),
      ),
    )
    .chain(([slate, survivorGames]) =>
      fc
        .tuple(...memberIds.map((memberId) => sheetArb(memberId, slate, confidence, survivorGames)))
        .map((sheets): PoolWeekData => ({
          week: weekNumber,
          window: { start: iso(weekStart), end: iso(weekStart + 160 * HOUR) },
          slate,
          ...(survivorGames.length > 0 ? { survivorGames } : {}),
          sheets,
        })),
    );
};

const seasonArb: fc.Arbitrary<PoolSeason> = fc
  .record({
    memberIds: fc.shuffledSubarray(MEMBERS, { minLength: 1 }),
    weekCount: fc.integer({ min: 1, max: 3 }),
    settings: fc.record({
      winBasis: fc.constantFrom<'ats' | 'straight'>('ats', 'straight'),
      doublePlay: fc.boolean(),
      triplePlay: fc.boolean(),
      lastManStanding: fc.constant(true),
      confidence: fc.boolean(),
      survivorStrikes: fc.integer({ min: 0, max: 2 }),
      survivorBuyBackWeek: fc.constantFrom<number | null>(null, null, 1, 2),
      dropWorstWeeks: fc.constantFrom(0, 0, 1, 2, 3),
      defaultPicks: fc.constantFrom<'none' | 'favourites' | 'home'>('none', 'none', 'favourites', 'home'),
    }),
  })
  .chain(({ memberIds, weekCount, settings: drawn }) => {
    // A confidence pool plays without double and triple plays.
    const settings = drawn.confidence ? { ...drawn, doublePlay: false, triplePlay: false } : drawn;
    return fc
      .tuple(...Array.from({ length: weekCount }, (_, index) => weekArb(index + 1, memberIds, settings.confidence)))
      .map((weeks) => ({
        settings,
        members: memberIds.map((id) => ({ id, joinedAt: '2025-08-01T00:00:00Z' })),
        weeks,
      }));
  });

/** A moment during the generated season or after it. */
const nowArb = fc.integer({ min: 0, max: 24 * 7 * 4 }).map((hours) => new Date(SEASON_START + hours * HOUR));

/** A deterministic shuffle from a seed. */
function shuffle<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0 || 1;
  const next = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0);
  return items
    .map((item) => ({ item, key: next() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
}

const permuted = (season: PoolSeason, seed: number): PoolSeason => ({
  ...season,
  members: shuffle(season.members, seed),
  weeks: shuffle(
    season.weeks.map((week) => ({
      ...week,
      slate: shuffle(week.slate, seed + 1),
      ...(week.survivorGames ? { survivorGames: shuffle(week.survivorGames, seed + 5) } : {}),
      sheets: shuffle(
        week.sheets.map((sheet) => ({ ...sheet, picks: shuffle(sheet.picks, seed + 2) })),
        seed + 3,
      ),
    })),
    seed + 4,
  ),
});

const unplayed = (game: SlateGame): SlateGame => ({ ...game, status: 'scheduled', homeScore: null, awayScore: null });

const everything = (season: PoolSeason, now: Date) => ({
  standings: standings(season, now),
  weekly: weeklyResults(season, now).map(({ week, complete, winners, rows }) => ({
    week,
    complete,
    winners,
    rows: rows.map(({ picks, ...row }) => ({
      ...row,
      picks: [...picks].sort((a, b) => (a.gameId < b.gameId ? -1 : 1)),
    })),
  })),
  lms: lastManStanding(season, now),
});

describe('pool rules: properties', () => {
  it('standings do not depend on the order of members, weeks, games, sheets or picks', () => {
    fc.assert(
      fc.property(seasonArb, nowArb, fc.integer(), (season, now, seed) => {
        expect(everything(permuted(season, seed), now)).toEqual(everything(season, now));
      }),
    );
  });

  it('a browser works out the standings if the games ended now from the decided weeks and the picks it may see', () => {
    fc.assert(
      fc.property(seasonArb, nowArb, fc.nat(), (season, now, viewerAt) => {
        const viewer = season.members[viewerAt % season.members.length]!.id;
        const winBasis = season.settings.winBasis;
        const weeks = season.weeks.map((week) => ({
          week,
          totals: weekTotalsOfMembers(week, season.members, season.settings, now),
        }));
        const browser = standingsIfEndedNow({
          members: season.members,
          winBasis,
          confidence: season.settings.confidence === true,
          defaultPicks: season.settings.defaultPicks,
          dropWorstWeeks: season.settings.dropWorstWeeks,
          settled: weeks.filter(({ totals }) => totals.complete).map(({ totals }) => totals),
          open: weeks
            .filter(({ totals }) => !totals.complete)
            .map(({ week }) => ({
              ...week,
              sheets: week.sheets.map((sheet) => visibleSheet(sheet, viewer, week.slate, now)),
            })),
          now,
        });
        const server = whatIf(season, now, ['ended_now']).map((row) => row.whatIf);
        const byMember = (rows: readonly { memberId: string }[]) =>
          [...rows].sort((a, b) => (a.memberId < b.memberId ? -1 : 1));
        expect(byMember(browser)).toEqual(byMember(server));
      }),
    );
  });

  it('standings do not depend on the order results arrive in', () => {
    fc.assert(
      fc.property(seasonArb, fc.integer(), (season, seed) => {
        const now = new Date(SEASON_START + 24 * 7 * 4 * HOUR);
        // Start from no results, then let each game's result arrive, in a shuffled order.
        let current: PoolSeason = {
          ...season,
          weeks: season.weeks.map((week) => ({ ...week, slate: week.slate.map(unplayed) })),
        };
        const arrivals = shuffle(
          season.weeks.flatMap((week) => week.slate.map((game) => ({ week: week.week, game }))),
          seed,
        );
        for (const { week: number, game } of arrivals) {
          current = {
            ...current,
            weeks: current.weeks.map((week) =>
              week.week === number
                ? { ...week, slate: week.slate.map((candidate) => (candidate.id === game.id ? game : candidate)) }
                : week,
            ),
          };
        }
        expect(everything(current, now)).toEqual(everything(season, now));
      }),
    );
  });

  it('correcting a score and correcting it back restores every standing', () => {
    fc.assert(
      fc.property(
        seasonArb,
        nowArb,
        fc.nat(),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        (season, now, pick, home, away) => {
          const games = season.weeks.flatMap((week) => week.slate);
          const target = games[pick % games.length]!;
          const withScore = (homeScore: number | null, awayScore: number | null, status = target.status) => ({
            ...season,
            weeks: season.weeks.map((week) => ({
              ...week,
              slate: week.slate.map((game) =>
                game.id === target.id ? { ...game, homeScore, awayScore, status } : game,
              ),
            })),
          });
          const before = everything(season, now);
          const corrected = withScore(home, away, 'final');
          everything(corrected, now);
          const restored = withScore(target.homeScore, target.awayScore, target.status);
          expect(everything(restored, now)).toEqual(before);
        },
      ),
    );
  });

  it('a member’s season points are the sum of their graded picks, each the ledger’s reward where it grades', () => {
    fc.assert(
      fc.property(seasonArb, nowArb, (season, now) => {
        const graded = gradeSeason(season, now);
        for (const row of standings(season, now)) {
          const picks = graded.flatMap(({ graded }) => graded.find((week) => week.memberId === row.memberId)!.picks);
          // The dropped weeks' points leave the total; their wins still count.
          const kept = graded
            .filter(({ week }) => !row.droppedWeeks.includes(week.week))
            .flatMap(({ graded }) => graded.find((week) => week.memberId === row.memberId)!.picks);
          expect(row.droppedWeeks.length).toBeLessThanOrEqual(season.settings.dropWorstWeeks ?? 0);
          expect(row.points).toBe(kept.reduce((sum, pick) => sum + pick.points, 0));
          expect(row.wins).toBe(picks.filter((pick) => pick.outcome === 'win').length);
        }
        // Win, loss and push are the ledger's grading of the same pick at the frozen spread (or outright).
        for (const { week, graded: members } of graded) {
          for (const pick of members.flatMap((member) => member.picks)) {
            if (pick.outcome !== 'win' && pick.outcome !== 'loss' && pick.outcome !== 'push') continue;
            const game = week.slate.find((candidate) => candidate.id === pick.gameId)!;
            const ats = season.settings.winBasis === 'ats';
            const grade = gradeEntry(
              {
                mode: BetMode.pick_on,
                kind: ats ? BetKind.spread : BetKind.moneyline,
                type: ats ? BetType.underdog : BetType.to_win,
                team: pick.team,
                line: ats ? frozenSpreadFor(game, pick.team!) : null,
                multiplier: pick.multiplier,
              },
              {
                status: 'final',
                homeTeam: game.home,
                awayTeam: game.away,
                homeScore: game.homeScore,
                awayScore: game.awayScore,
              },
            );
            if (season.settings.confidence) {
              // Confidence points: the ledger's outcome; a win scores the pick's confidence, anything else 0.
              expect(grade?.outcome).toBe(pick.outcome);
              expect(pick.points).toBe(pick.outcome === 'win' ? pick.confidence : 0);
            } else {
              expect(grade).toEqual({ outcome: pick.outcome, reward: pick.points });
            }
            if (ats && !Number.isInteger(game.frozenHomeSpread)) expect(pick.outcome).not.toBe('push');
          }
        }
      }),
    );
  });

  it('points still possible never fall below the points scored, and are reached when every remaining pick wins', () => {
    fc.assert(
      fc.property(seasonArb, nowArb, fc.nat(), (season, now, weekIndex) => {
        const week = season.weeks[weekIndex % season.weeks.length]!;
        const possible = pointsStillPossible(season, week.week, now);
        for (const row of possible) {
          expect(row.remaining).toBeGreaterThanOrEqual(0);
          expect(row.weekPossible).toBeGreaterThanOrEqual(row.weekPoints);
          if (!season.settings.dropWorstWeeks) {
            expect(row.seasonPossible - row.seasonPoints).toBe(row.remaining);
          }
          const best = bestCase(season, week, row.memberId, now);
          const after = new Date(Date.parse(week.window.end) + HOUR);
          const points = gradeSeason(best, after)
            .find((graded) => graded.week.week === week.week)!
            .graded.find((graded) => graded.memberId === row.memberId)!.points;
          expect(points).toBe(row.weekPossible);
          // The season total after drops, the best week in: a good week may push out a dropped one.
          expect(standings(best, now).find((other) => other.memberId === row.memberId)!.points).toBe(
            row.seasonPossible,
          );
        }
      }),
    );
  });

  it('dropping no week and giving no default picks is the pool without either setting', () => {
    fc.assert(
      fc.property(seasonArb, nowArb, fc.nat(), (season, now, weekIndex) => {
        const { dropWorstWeeks: _drop, defaultPicks: _defaults, ...settings } = season.settings;
        const without: PoolSeason = { ...season, settings };
        const off: PoolSeason = { ...season, settings: { ...settings, dropWorstWeeks: 0, defaultPicks: 'none' } };
        expect(everything(off, now)).toEqual(everything(without, now));
        const week = season.weeks[weekIndex % season.weeks.length]!.week;
        expect(pointsStillPossible(off, week, now)).toEqual(pointsStillPossible(without, week, now));
        expect(standings(without, now).every((row) => row.droppedWeeks.length === 0)).toBe(true);
      }),
    );
  });

  it('with default picks, a member in the pool misses no locked game, and no auto pick is doubled', () => {
    fc.assert(
      fc.property(seasonArb, nowArb, (season, now) => {
        fc.pre(season.settings.defaultPicks !== 'none');
        for (const { graded } of gradeSeason(season, now)) {
          for (const pick of graded.flatMap((row) => row.picks)) {
            expect(pick.outcome).not.toBe('missed');
            if (pick.auto) expect(pick.multiplier).toBe(1);
          }
        }
      }),
    );
  });

  it('Last Man Standing always leaves someone standing', () => {
    fc.assert(
      fc.property(seasonArb, nowArb, (season, now) => {
        const result = lastManStanding(season, now);
        expect(result.survivors.length).toBeGreaterThan(0);
        for (const week of result.weeks) expect(week.survivorsAfter.length).toBeGreaterThan(0);
      }),
    );
  });

  it("a week's totals hold from the instant they are worked out until the instant weekTotalsChangeAt names", () => {
    fc.assert(
      fc.property(seasonArb, nowArb, fc.integer({ min: 1, max: 24 * 7 * 4 * 60 }), (season, then, minutesLater) => {
        for (const week of season.weeks) {
          const changeAt = weekTotalsChangeAt(week, then);
          const later = new Date(then.getTime() + minutesLater * 60_000);
          // Before the change, the totals are the same; at or after it, they are worked out again.
          const at = changeAt === null || later.getTime() < changeAt ? later : new Date(changeAt - 1);
          if (at.getTime() < then.getTime()) continue;
          expect(totalsAt(season, week, at)).toEqual(totalsAt(season, week, then));
        }
      }),
    );
  });

  it("season standings from each week's totals, kept since any instant they still hold, equal a full recomputation", () => {
    fc.assert(
      fc.property(
        seasonArb,
        nowArb,
        fc.array(fc.integer({ min: 0, max: 24 * 7 * 4 }), { minLength: 3, maxLength: 3 }),
        (season, now, hoursEarlier) => {
          // Each week's totals as a store would hold them: worked out at an earlier instant when they still hold
          // at `now`, else again at `now`; the weeks listed in any order.
          const kept = season.weeks.map((week, index) => {
            const earlier = new Date(now.getTime() - hoursEarlier[index % hoursEarlier.length]! * HOUR);
            const changeAt = weekTotalsChangeAt(week, earlier);
            const holds = changeAt === null || now.getTime() < changeAt;
            return totalsAt(season, week, holds ? earlier : now);
          });
          const memberIds = season.members.map((member) => member.id);
          expect(standingsOfWeeks(memberIds, shuffle(kept, now.getTime()), season.settings.dropWorstWeeks)).toEqual(
            standings(season, now),
          );
          expect(averageClvOfWeeks(memberIds, kept)).toEqual(averageClv(season, now));
          expect(lastManStandingOfWeeks(memberIds, lmsResultsOfWeeks(kept), lmsOptionsOf(season.settings, 2))).toEqual(
            lastManStanding(season, now, 2),
          );
          for (const memberId of memberIds) {
            for (const week of [1, 2, 3]) {
              expect(usedLmsTeamsOfWeeks(shuffle(kept, week), memberId, week)).toEqual(
                usedLmsTeams(season, memberId, week, now),
              );
            }
          }
        },
      ),
    );
  });
});

/** One week's totals at `at`, graded on its own, as a store keeping weeks apart works them out. */
function totalsAt(season: PoolSeason, week: PoolWeekData, at: Date) {
  const graded = gradeSeason({ ...season, weeks: [week] }, at);
  return weekTotals(week, graded[0]!.graded, at, { members: season.members, winBasis: season.settings.winBasis });
}

/**
 * A generated season of a pool without confidence points in which every game is played inside its week and
 * cannot push (a half-point spread, an outright winner), and every member picks every game's winner, some with
 * a double or triple play.
 */
function everyPickWins(season: PoolSeason): PoolSeason {
  const weeks = season.weeks.map((week) => {
    const slate = week.slate.map((game): SlateGame => {
      const homeScore = game.homeScore ?? 20;
      const awayScore = game.awayScore ?? 17;
      const spread = game.frozenHomeSpread ?? 0;
      return {
        ...game,
        kickoff: Date.parse(game.kickoff) < Date.parse(week.window.end) ? game.kickoff : week.window.start,
        status: 'final',
        homeScore: homeScore === awayScore ? homeScore + 1 : homeScore,
        awayScore,
        frozenHomeSpread: Number.isInteger(spread) ? spread + 0.5 : spread,
      };
    });
    const winner = (game: SlateGame) =>
      teamOutcome(game.home, game, season.settings.winBasis) === 'win' ? game.home : game.away;
    const sheets = week.sheets.map((sheet) => ({
      ...sheet,
      picks: slate.map((game) => ({
        gameId: game.id,
        team: winner(game),
        play: sheet.picks.find((pick) => pick.gameId === game.id)?.play ?? null,
      })),
    }));
    return { ...week, slate, sheets };
  });
  // Every week counts: the sum is of all of them (a pool dropping weeks leaves some out).
  return { ...season, settings: { ...season.settings, confidence: false, dropWorstWeeks: 0 }, weeks };
}

describe('pool rules: a season replayed under confidence scoring', () => {
  it('gives every member the sum 1..N of each complete week when every pick wins, whoever views it', () => {
    const after = new Date(SEASON_START + 24 * 7 * 5 * HOUR);
    fc.assert(
      fc.property(seasonArb.map(everyPickWins), fc.nat(), (season, viewerAt) => {
        const expected = season.weeks.reduce((sum, week) => sum + (week.slate.length * (week.slate.length + 1)) / 2, 0);
        const games = season.weeks.reduce((sum, week) => sum + week.slate.length, 0);
        const viewer = season.members[viewerAt % season.members.length]!.id;
        for (const rows of [whatIf(season, after, ['confidence']), whatIf(season, after, ['confidence'], viewer)]) {
          for (const row of rows) {
            expect(row.whatIf).toMatchObject({ points: expected, wins: games, losses: 0, pushes: 0 });
            expect(row.actual.points).toBeGreaterThanOrEqual(games * 5);
          }
        }
      }),
    );
  });
});

/** Whether generated seasons hold both kinds of pool, so each property above covers confidence scoring. */
describe('pool rules: generated seasons', () => {
  it('include confidence pools, with a confidence on every pick and each value once per sheet', () => {
    const seasons = fc.sample(seasonArb, { numRuns: 200, seed: 7 });
    const confidence = seasons.filter((season) => season.settings.confidence);
    expect(confidence.length).toBeGreaterThan(20);
    expect(seasons.length - confidence.length).toBeGreaterThan(20);
    for (const season of confidence) {
      expect(season.settings.doublePlay || season.settings.triplePlay).toBe(false);
      for (const week of season.weeks) {
        for (const sheet of week.sheets) {
          const values = sheet.picks.map((pick) => pick.confidence);
          expect(new Set(values).size).toBe(values.length);
          for (const value of values)
            expect(value).toSatisfy((n: unknown) => typeof n === 'number' && n >= 1 && n <= week.slate.length);
        }
      }
    }
  });
});

/**
 * The week as it ends if everything still open goes the member's way: every game not yet decided is played
 * inside the window and won by the member's side; every game still open is picked (their own side where they
 * have one), and if their play is not locked in, the biggest play the pool allows goes on an open game.
 */
function bestCase(season: PoolSeason, week: PoolWeekData, memberId: string, now: Date): PoolSeason {
  // The member's sheet with the default picks the pool gave on the games already locked.
  const sheet = withDefaultPicks({
    slate: week.slate,
    sheet: week.sheets.find((candidate) => candidate.memberId === memberId),
    member: season.members.find((candidate) => candidate.id === memberId)!,
    defaultPicks: season.settings.defaultPicks,
    confidence: season.settings.confidence === true,
    now,
  }) ?? { memberId, picks: [] };
  const state = (game: SlateGame) => slateGameState(game, week.window, now);
  const open = week.slate.filter((game) => state(game) === 'pending' && !isLocked(game, now));
  const picks = new Map(sheet.picks.map((pick) => [pick.gameId, pick]));
  const playLockedIn = sheet.picks.some((pick) => pick.play && !open.some((game) => game.id === pick.gameId));
  const biggest = season.settings.triplePlay ? 'triple' : season.settings.doublePlay ? 'double' : null;
  // Confidence: the open games take the largest values no locked pick holds.
  const locked = new Set(week.slate.filter((game) => isLocked(game, now)).map((game) => game.id));
  const held = new Set(sheet.picks.filter((pick) => locked.has(pick.gameId)).map((pick) => pick.confidence));
  const free = Array.from({ length: week.slate.length }, (_, index) => week.slate.length - index).filter(
    (value) => !held.has(value),
  );
  open.forEach((game, index) => {
    const team = picks.get(game.id)?.team ?? game.home;
    picks.set(
      game.id,
      season.settings.confidence
        ? { gameId: game.id, team, confidence: free[index]! }
        : { gameId: game.id, team, play: !playLockedIn && index === 0 ? biggest : null },
    );
  });
  const finalPicks = [...picks.values()];
  const won = (game: SlateGame): SlateGame => {
    if (state(game) !== 'pending') return game;
    const team = picks.get(game.id)?.team ?? game.home;
    const homeWins = team === game.home;
    return { ...game, status: 'final', homeScore: homeWins ? 100 : 0, awayScore: homeWins ? 0 : 100 };
  };
  const sheets = [
    ...week.sheets.filter((candidate) => candidate.memberId !== memberId),
    { ...sheet, picks: finalPicks },
  ];
  return {
    ...season,
    weeks: season.weeks.map((candidate) =>
      candidate.week === week.week ? { ...candidate, slate: week.slate.map(won), sheets } : candidate,
    ),
  };
}

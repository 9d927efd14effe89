import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BetKind, BetMode, BetType, type BetModeValue } from '../enums.js';
import { americanToDecimal, OddsError } from '../odds/american-odds.js';
import type { GameStatus } from '../sources/types.js';
import {
  type EventEntry,
  type EventResult,
  type GradableEntry,
  gradeEntries,
  gradeEntry,
  GradingError,
  type Outcome,
  outcomeOf,
  positionOf,
} from './grade-entry.js';

const final = (home: string, homeScore: number, away: string, awayScore: number): EventResult => ({
  status: 'final',
  homeTeam: home,
  awayTeam: away,
  homeScore,
  awayScore,
});

const spread = (mode: BetModeValue, team: string, line: number, extra: Partial<GradableEntry> = {}): GradableEntry => ({
  mode,
  kind: BetKind.spread,
  type: line < 0 ? BetType.favored : BetType.underdog,
  team,
  line,
  ...extra,
});

describe('gradeEntry', () => {
  const game = final('KC', 27, 'BUF', 24); // KC by 3

  it('grades a spread from the picked team’s side: −2.5 wins, −3 pushes, −3.5 loses', () => {
    expect(gradeEntry(spread(BetMode.pick_on, 'KC', -2.5), game)).toEqual({ outcome: 'win', reward: 5 });
    expect(gradeEntry(spread(BetMode.pick_on, 'KC', -3), game)).toEqual({ outcome: 'push', reward: 0 });
    expect(gradeEntry(spread(BetMode.pick_on, 'KC', -3.5), game)).toEqual({ outcome: 'loss', reward: -5 });
    expect(gradeEntry(spread(BetMode.pick_on, 'BUF', 3.5), game)).toEqual({ outcome: 'win', reward: 5 });
  });

  it('takes the opponent at the negated line for pick_against and bet_against', () => {
    expect(positionOf(spread(BetMode.pick_against, 'KC', -3.5), game)).toEqual({
      market: 'team',
      team: 'BUF',
      line: 3.5,
    });
    expect(gradeEntry(spread(BetMode.pick_against, 'KC', -3.5), game)?.outcome).toBe('win');
    expect(gradeEntry(spread(BetMode.bet_against, 'KC', -2.5, { price: -110, stake: 11_000 }), game)).toEqual({
      outcome: 'loss',
      reward: -11_000,
    });
  });

  it('takes the other side of a total for an against mode', () => {
    const over = { mode: BetMode.pick_on, kind: BetKind.totals, type: BetType.over, team: null, line: 50.5 } as const;
    expect(gradeEntry(over, game)?.outcome).toBe('win'); // 51 points
    expect(gradeEntry({ ...over, mode: BetMode.pick_against }, game)?.outcome).toBe('loss');
    expect(gradeEntry({ ...over, type: BetType.under, line: 51 }, game)?.outcome).toBe('push');
  });

  it('moves a teaser’s line by 6 in the bettor’s favour, or by the teaser size given', () => {
    const teasedDog = spread(BetMode.pick_on, 'BUF', 1.5, { type: BetType.tease_dog }); // → +7.5
    expect(positionOf(teasedDog, game)).toEqual({ market: 'team', team: 'BUF', line: 7.5 });
    const teasedFav = spread(BetMode.pick_on, 'KC', -8.5, { type: BetType.tease_fav }); // → −2.5
    expect(gradeEntry(teasedFav, game)?.outcome).toBe('win');
    expect(gradeEntry({ ...teasedFav, teaserPoints: 5.5 }, game)?.outcome).toBe('push'); // → −3
    // The fade of a teaser is the other side of the teased line: KC −8.5 teased to −2.5, faded, is BUF +2.5.
    expect(positionOf({ ...teasedFav, mode: BetMode.pick_against }, game)).toEqual({
      market: 'team',
      team: 'BUF',
      line: 2.5,
    });
  });

  it('scores picks ±5, doubled or tripled, and bets by profit at the price', () => {
    const pick = spread(BetMode.pick_on, 'KC', -1.5);
    expect(gradeEntry({ ...pick, multiplier: 2 }, game)?.reward).toBe(10);
    expect(gradeEntry({ ...pick, multiplier: 3, line: -7 }, game)?.reward).toBe(-15);
    expect(gradeEntry({ ...pick, multiplier: 3, line: -3 }, game)?.reward).toBe(0);
    const bet = { ...pick, mode: BetMode.bet_on, price: -110, stake: 10_000 };
    expect(gradeEntry(bet, game)).toEqual({ outcome: 'win', reward: 9091 });
    expect(gradeEntry({ ...bet, line: -3 }, game)).toEqual({ outcome: 'push', reward: 0 });
    expect(gradeEntry({ ...bet, line: -4 }, game)).toEqual({ outcome: 'loss', reward: -10_000 });
  });

  it('grades a moneyline straight up, and a tie as a push on either side', () => {
    const moneyline = { mode: BetMode.bet_on, kind: BetKind.moneyline, type: BetType.to_win, line: null } as const;
    const tie = final('KC', 20, 'BUF', 20);
    expect(gradeEntry({ ...moneyline, team: 'BUF', price: 140, stake: 10_000 }, game)).toEqual({
      outcome: 'loss',
      reward: -10_000,
    });
    expect(gradeEntry({ ...moneyline, team: 'BUF', price: 140, stake: 10_000 }, tie)).toEqual({
      outcome: 'push',
      reward: 0,
    });
    expect(gradeEntry({ ...moneyline, team: 'KC', price: -160, stake: 16_000 }, tie)?.outcome).toBe('push');
  });

  it('voids postponed and cancelled games and leaves undecided ones pending (null)', () => {
    const entry = spread(BetMode.bet_on, 'KC', -3.5, { price: -110, stake: 1100 });
    const at = (status: GameStatus): EventResult => ({ ...game, status, homeScore: null, awayScore: null });
    expect(gradeEntry(entry, at('cancelled'))).toEqual({ outcome: 'void', reward: 0 });
    expect(gradeEntry(entry, at('postponed'))).toEqual({ outcome: 'void', reward: 0 });
    expect(gradeEntry(entry, at('scheduled'))).toBeNull();
    expect(gradeEntry(entry, at('in_progress'))).toBeNull();
  });

  it('throws a GradingError for entries that cannot be graded as written', () => {
    const error = (code: string) => expect.objectContaining({ name: 'GradingError', code });
    const pick = spread(BetMode.pick_on, 'KC', -3.5);
    expect(() => gradeEntry({ ...pick, team: 'NYJ' }, game)).toThrow(error('team_not_in_event'));
    expect(() => gradeEntry({ ...pick, type: BetType.over }, game)).toThrow(error('kind_type_mismatch'));
    expect(() => gradeEntry({ ...pick, type: BetType.to_win }, game)).toThrow(error('kind_type_mismatch'));
    expect(() => gradeEntry({ ...pick, kind: BetKind.moneyline, type: BetType.tease_fav }, game)).toThrow(
      error('kind_type_mismatch'),
    );
    expect(() => gradeEntry({ ...pick, kind: BetKind.totals }, game)).toThrow(error('kind_type_mismatch'));
    expect(() => gradeEntry({ ...pick, line: null }, game)).toThrow(error('line_missing'));
    expect(() => gradeEntry({ ...pick, mode: 9 as BetModeValue }, game)).toThrow(error('unknown_mode'));
    expect(() => gradeEntry({ ...pick, type: BetType.tease_fav, teaserPoints: 0 }, game)).toThrow(
      error('bad_teaser_points'),
    );
    expect(() => gradeEntry({ ...pick, multiplier: 4 }, game)).toThrow(error('bad_multiplier'));
    expect(() => gradeEntry({ ...pick, mode: BetMode.bet_on, price: -110 }, game)).toThrow(error('stake_missing'));
    expect(() => gradeEntry({ ...pick, mode: BetMode.bet_on, stake: 100 }, game)).toThrow(error('price_missing'));
    expect(() => gradeEntry({ ...pick, mode: BetMode.bet_on, stake: 100, price: -110, multiplier: 2 }, game)).toThrow(
      error('bad_multiplier'),
    );
    expect(() => gradeEntry({ ...pick, mode: BetMode.bet_on, stake: 100, price: 50 }, game)).toThrow(OddsError);
    expect(() => gradeEntry({ ...pick, mode: BetMode.bet_on, stake: 100, price: -110.5, line: -7 }, game)).toThrow(
      expect.objectContaining({ code: 'price_not_whole' }),
    );
    expect(() => gradeEntry(pick, { ...game, homeScore: null })).toThrow(error('scores_missing'));
    // A malformed entry is reported even while its game is still to be played.
    expect(() => gradeEntry({ ...pick, team: 'NYJ' }, { ...game, status: 'scheduled' })).toThrow(GradingError);
    expect(() => gradeEntry({ ...pick, mode: BetMode.bet_on, price: -110 }, { ...game, status: 'scheduled' })).toThrow(
      error('stake_missing'),
    );
  });
});

describe('gradeEntries', () => {
  it('grades each entry against its own event’s result and leaves events without one pending', () => {
    const results = new Map([
      ['a', final('KC', 27, 'BUF', 24)],
      ['b', final('NYJ', 10, 'MIA', 30)],
    ]);
    const entries: EventEntry[] = [
      { eventId: 'b', ...spread(BetMode.pick_on, 'MIA', -6.5) },
      { eventId: 'c', ...spread(BetMode.pick_on, 'DAL', -6.5) },
      { eventId: 'a', ...spread(BetMode.pick_on, 'KC', -6.5) },
    ];
    expect(gradeEntries(entries, results)).toEqual([
      { outcome: 'win', reward: 5 },
      null,
      { outcome: 'loss', reward: -5 },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties

const TEAMS = ['KC', 'BUF', 'PHI', 'DAL', 'SF', 'DET'] as const;
const STATUSES: GameStatus[] = ['scheduled', 'in_progress', 'final', 'postponed', 'cancelled'];

const resultArbitrary = (status: fc.Arbitrary<GameStatus> = fc.constantFrom(...STATUSES)) =>
  fc
    .record({
      teams: fc.uniqueArray(fc.constantFrom(...TEAMS), { minLength: 2, maxLength: 2 }),
      status,
      homeScore: fc.integer({ min: 0, max: 60 }),
      awayScore: fc.integer({ min: 0, max: 60 }),
    })
    .map(({ teams, status, homeScore, awayScore }): EventResult => ({
      status,
      homeTeam: teams[0]!,
      awayTeam: teams[1]!,
      // Scores are only known once a game is final; a void or pending game has none.
      homeScore: status === 'final' ? homeScore : null,
      awayScore: status === 'final' ? awayScore : null,
    }));

/** Whole and half-point lines, as books hang them. */
const halfPoints = (min: number, max: number) => fc.integer({ min: min * 2, max: max * 2 }).map((n) => n / 2 + 0);
const americanPrice = fc.oneof(fc.integer({ min: 100, max: 2000 }), fc.integer({ min: -2000, max: -100 }));

/** Any well-formed entry on the given result's game. */
const entryArbitrary = (result: EventResult): fc.Arbitrary<GradableEntry> =>
  fc
    .record({
      mode: fc.constantFrom(...Object.values(BetMode)),
      market: fc.constantFrom('moneyline', 'spread', 'teaser', 'totals'),
      team: fc.constantFrom(result.homeTeam, result.awayTeam),
      spreadLine: halfPoints(-28, 28),
      total: halfPoints(30, 70),
      teaserPoints: fc.constantFrom(undefined, 6, 6.5, 7, 10),
      price: americanPrice,
      stake: fc.integer({ min: 0, max: 10_000_000 }),
      multiplier: fc.constantFrom(1, 2, 3),
      side: fc.constantFrom(BetType.over, BetType.under),
      moneylineType: fc.constantFrom(BetType.to_win, BetType.underdog, BetType.favored),
    })
    .map((r): GradableEntry => {
      const pick = r.mode === BetMode.pick_on || r.mode === BetMode.pick_against;
      const common = pick ? { multiplier: r.multiplier } : { price: r.price, stake: r.stake };
      switch (r.market) {
        case 'moneyline':
          return { ...common, mode: r.mode, kind: BetKind.moneyline, type: r.moneylineType, team: r.team, line: null };
        case 'totals':
          return { ...common, mode: r.mode, kind: BetKind.totals, type: r.side, team: null, line: r.total };
        case 'teaser':
          return {
            ...common,
            mode: r.mode,
            kind: BetKind.spread,
            type: r.spreadLine > 0 ? BetType.tease_dog : BetType.tease_fav,
            team: r.team,
            line: r.spreadLine,
            ...(r.teaserPoints === undefined ? {} : { teaserPoints: r.teaserPoints }),
          };
        default:
          return { ...common, ...spread(r.mode, r.team, r.spreadLine) };
      }
    });

const gameWithEntry = (status?: fc.Arbitrary<GameStatus>) =>
  resultArbitrary(status).chain((result) => fc.tuple(fc.constant(result), entryArbitrary(result)));

const FLIPPED: Record<Outcome, Outcome> = { win: 'loss', loss: 'win', push: 'push', void: 'void' };
const AGAINST: Record<BetModeValue, BetModeValue> = {
  [BetMode.pick_on]: BetMode.pick_against,
  [BetMode.pick_against]: BetMode.pick_on,
  [BetMode.bet_on]: BetMode.bet_against,
  [BetMode.bet_against]: BetMode.bet_on,
};

/** The other side of the entry's own line, written out as an entry on that side (no against mode). */
function otherSideWrittenOut(entry: GradableEntry, result: EventResult): GradableEntry {
  const onMode = entry.mode === BetMode.pick_against ? BetMode.pick_on : BetMode.bet_on;
  const flipped = entry.mode === BetMode.pick_on || entry.mode === BetMode.bet_on;
  if (!flipped) return { ...entry, mode: onMode };
  const opponent = entry.team === result.homeTeam ? result.awayTeam : result.homeTeam;
  if (entry.kind === BetKind.totals) {
    return { ...entry, mode: onMode, type: entry.type === BetType.over ? BetType.under : BetType.over };
  }
  if (entry.kind === BetKind.moneyline) return { ...entry, mode: onMode, team: opponent };
  const teased = entry.type === BetType.tease_dog || entry.type === BetType.tease_fav;
  const line = entry.line! + (teased ? (entry.teaserPoints ?? 6) : 0);
  return {
    ...spread(onMode, opponent, -line + 0),
    price: entry.price,
    stake: entry.stake,
    multiplier: entry.multiplier,
  };
}

describe('grading properties', () => {
  it('flips win↔loss and keeps push and void when the other side of the same line is taken (500 runs)', () => {
    fc.assert(
      fc.property(gameWithEntry(), ([result, entry]) => {
        const outcome = outcomeOf(entry, result);
        const against = outcomeOf({ ...entry, mode: AGAINST[entry.mode] }, result);
        const writtenOut = outcomeOf(otherSideWrittenOut(entry, result), result);
        if (outcome === null) {
          expect(against).toBeNull();
          expect(writtenOut).toBeNull();
        } else {
          expect(against).toBe(FLIPPED[outcome]);
          expect(writtenOut).toBe(FLIPPED[outcome]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never pushes a half-point line (300 runs)', () => {
    fc.assert(
      fc.property(gameWithEntry(fc.constant('final')), ([result, entry]) => {
        fc.pre(entry.kind !== BetKind.moneyline && !Number.isInteger(entry.line));
        fc.pre(Number.isInteger(entry.teaserPoints ?? 6)); // a half-point teaser lands on a whole line
        expect(outcomeOf(entry, result)).not.toBe('push');
      }),
      { numRuns: 300 },
    );
  });

  it('pays a bet at most stake × (decimal − 1), to the rounded half cent, and loses at most the stake (500 runs)', () => {
    fc.assert(
      fc.property(gameWithEntry(), ([result, entry]) => {
        fc.pre(entry.mode === BetMode.bet_on || entry.mode === BetMode.bet_against);
        const grade = gradeEntry(entry, result);
        if (grade === null) return;
        const stake = entry.stake!;
        const maximumProfit = stake * (americanToDecimal(entry.price!) - 1);
        expect(Number.isInteger(grade.reward)).toBe(true);
        // Half a cent of rounding (decision 006), plus floating point's error in the bound itself.
        expect(grade.reward).toBeLessThanOrEqual(maximumProfit + 0.5 + maximumProfit * 1e-12);
        expect(grade.reward).toBeGreaterThanOrEqual(-stake);
        if (grade.outcome === 'loss') expect(grade.reward + stake).toBe(0);
        if (grade.outcome === 'push' || grade.outcome === 'void') expect(grade.reward).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('scores picks 0, ±5, ±10 or ±15 only (300 runs)', () => {
    fc.assert(
      fc.property(gameWithEntry(), ([result, entry]) => {
        fc.pre(entry.mode === BetMode.pick_on || entry.mode === BetMode.pick_against);
        const grade = gradeEntry(entry, result);
        if (grade === null) return;
        const points = 5 * (entry.multiplier ?? 1);
        expect(grade.reward).toBe({ win: points, loss: -points, push: 0, void: 0 }[grade.outcome]);
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order results arrive in or entries are listed (300 runs)', () => {
    const slate = fc
      .array(resultArbitrary(), { minLength: 1, maxLength: 8 })
      .chain((results) => {
        const ids = results.map((_, index) => `event-${index}`);
        // Some entries name an event whose result has not arrived (pending); most name one that has.
        const entries = fc.array(
          fc
            .integer({ min: 0, max: results.length })
            .chain((index) =>
              index === results.length
                ? entryArbitrary(results[0]!).map((entry): EventEntry => ({ ...entry, eventId: 'no-result-yet' }))
                : entryArbitrary(results[index]!).map((entry): EventEntry => ({ ...entry, eventId: ids[index]! })),
            ),
          { minLength: 1, maxLength: 20 },
        );
        const pairs = results.map((result, index) => [ids[index]!, result] as const);
        return fc.tuple(
          fc.constant(pairs),
          fc.shuffledSubarray(pairs, { minLength: pairs.length, maxLength: pairs.length }),
          entries,
        );
      })
      .chain(([pairs, shuffledPairs, entries]) =>
        fc.tuple(
          fc.constant(pairs),
          fc.constant(shuffledPairs),
          fc.constant(entries),
          fc.shuffledSubarray(
            entries.map((_, index) => index),
            { minLength: entries.length, maxLength: entries.length },
          ),
        ),
      );
    fc.assert(
      fc.property(slate, ([pairs, shuffledPairs, entries, order]) => {
        const inOrder = gradeEntries(entries, new Map(pairs));
        const shuffled = gradeEntries(entries, new Map(shuffledPairs));
        const reversed = gradeEntries(entries, new Map([...pairs].reverse()));
        expect(shuffled).toEqual(inOrder);
        expect(reversed).toEqual(inOrder);
        // Listing the entries in another order permutes their grades and changes none.
        const permuted = gradeEntries(
          order.map((index) => entries[index]!),
          new Map(shuffledPairs),
        );
        expect(permuted).toEqual(order.map((index) => inOrder[index]));
        // And each grade is what grading that entry alone gives.
        entries.forEach((entry, index) => {
          const result = new Map(pairs).get(entry.eventId);
          expect(inOrder[index]).toEqual(result === undefined ? null : gradeEntry(entry, result));
        });
      }),
      { numRuns: 300 },
    );
  });
});

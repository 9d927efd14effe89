import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BetKind, BetMode, BetType } from '../enums.js';
import { americanToDecimal, OddsError } from '../odds/american-odds.js';
import { isBoostedTicket, parlayStandingAmericanPrice } from '../odds/parlay-pricing.js';
import { profitCents } from '../odds/profit.js';
import { betTypeLineConflict, betTypeOfLine } from './bet-type.js';
import { gradeEntry, type Outcome } from './grade-entry.js';
import { gradeParlay, isSameGameParlay, MAX_PARLAY_LEGS, parlayLegsProblem, type ParlayLegResult } from './parlay.js';

const leg = (price: number, outcome: Outcome | null): ParlayLegResult => ({ price, outcome });

describe('gradeParlay', () => {
  const stakeCents = 10_000;

  it('wins at the product of the legs when every leg wins', () => {
    expect(gradeParlay({ stakeCents, legs: [leg(-110, 'win'), leg(-110, 'win')] })).toEqual({
      outcome: 'win',
      reward: 26_446,
    });
  });

  it('wins at the ticket’s own price when it is given and every leg wins', () => {
    expect(gradeParlay({ stakeCents, ticketPrice: 250, legs: [leg(-110, 'win'), leg(-110, 'win')] })).toEqual({
      outcome: 'win',
      reward: 25_000,
    });
  });

  it('loses as soon as one leg loses, even while others are pending', () => {
    expect(gradeParlay({ stakeCents, legs: [leg(-110, 'loss'), leg(-110, null), leg(150, null)] })).toEqual({
      outcome: 'loss',
      reward: -10_000,
    });
    expect(gradeParlay({ stakeCents, legs: [leg(-110, 'win'), leg(-110, 'push'), leg(150, 'loss')] })).toEqual({
      outcome: 'loss',
      reward: -10_000,
    });
  });

  it('waits for its last leg when nothing has lost', () => {
    expect(gradeParlay({ stakeCents, legs: [leg(-110, 'win'), leg(-110, null)] })).toBeNull();
    expect(gradeParlay({ stakeCents, legs: [leg(-110, 'push'), leg(-110, null)] })).toBeNull();
  });

  it('drops a pushed or void leg and reprices from the rest, ticket price or not', () => {
    const legs = [leg(-110, 'win'), leg(150, 'push'), leg(200, 'void')];
    expect(gradeParlay({ stakeCents, legs })).toEqual({ outcome: 'win', reward: profitCents(stakeCents, -110) });
    expect(gradeParlay({ stakeCents, ticketPrice: 900, legs })).toEqual({
      outcome: 'win',
      reward: profitCents(stakeCents, -110),
    });
    expect(gradeParlay({ stakeCents, legs: [leg(150, 'win'), leg(200, 'win'), leg(-110, 'void')] })).toEqual({
      outcome: 'win',
      reward: 65_000,
    });
  });

  it('keeps a boosted ticket’s price when a leg pushes, divided by the pushed leg’s price', () => {
    // Three legs at −110 make +596 (6.958); the book boosted the ticket to +700 (8.0). One pushes: 8.0 ÷ 1.909.
    const legs = [leg(-110, 'win'), leg(-110, 'push'), leg(-110, 'win')];
    expect(gradeParlay({ stakeCents, ticketPrice: 700, legs })).toEqual({ outcome: 'win', reward: 31_905 });
    // Without the boost the two winning legs alone would have paid +264.
    expect(gradeParlay({ stakeCents, legs })).toEqual({ outcome: 'win', reward: 26_446 });
    // Two legs dropped: divided by both.
    expect(
      gradeParlay({ stakeCents, ticketPrice: 700, legs: [leg(-110, 'win'), leg(-110, 'void'), leg(-110, 'push')] }),
    ).toEqual({ outcome: 'win', reward: 11_950 });
    expect(
      parlayStandingAmericanPrice({
        ticketPrice: 700,
        legs: legs.map((l) => ({ price: l.price, dropped: l.outcome === 'push' })),
      }),
    ).toBe(319);
  });

  it('scales a same-game ticket’s price on a push, and falls back to the legs left if that is even money or less', () => {
    expect(
      gradeParlay({ stakeCents, ticketPrice: 250, sameGame: true, legs: [leg(-110, 'win'), leg(-110, 'push')] }),
    ).toEqual({ outcome: 'win', reward: 8_333 });
    expect(
      gradeParlay({ stakeCents, ticketPrice: 100, sameGame: true, legs: [leg(-110, 'win'), leg(150, 'push')] }),
    ).toEqual({ outcome: 'win', reward: profitCents(stakeCents, -110) });
    expect(
      gradeParlay({ stakeCents, ticketPrice: 250, sameGame: true, legs: [leg(-110, 'win'), leg(-110, 'win')] }),
    ).toEqual({ outcome: 'win', reward: 25_000 });
  });

  it('is a push, the stake returned, when every leg pushes or is void', () => {
    expect(gradeParlay({ stakeCents, legs: [leg(-110, 'push'), leg(150, 'void')] })).toEqual({
      outcome: 'push',
      reward: 0,
    });
    expect(gradeParlay({ stakeCents, ticketPrice: 300, legs: [leg(-110, 'void'), leg(150, 'void')] })).toEqual({
      outcome: 'push',
      reward: 0,
    });
  });

  it('refuses a bad price whatever the outcome', () => {
    expect(() => gradeParlay({ stakeCents, legs: [leg(-110, 'loss'), leg(99, null)] })).toThrow(OddsError);
    expect(() => gradeParlay({ stakeCents, ticketPrice: 0, legs: [leg(-110, 'loss'), leg(120, null)] })).toThrow(
      OddsError,
    );
  });
});

describe('parlayLegsProblem', () => {
  const legs = (...ids: number[]) => ids.map((eventId) => ({ eventId }));

  it('needs 2 to 10 legs', () => {
    expect(parlayLegsProblem(legs(1))).toEqual({ field: 'legs', reason: 'a parlay needs at least 2 legs' });
    expect(parlayLegsProblem(legs(1, 2))).toBeNull();
    expect(parlayLegsProblem(legs(...Array.from({ length: MAX_PARLAY_LEGS }, (_, i) => i + 1)))).toBeNull();
    expect(parlayLegsProblem(legs(...Array.from({ length: MAX_PARLAY_LEGS + 1 }, (_, i) => i + 1)))).toEqual({
      field: 'legs',
      reason: 'a parlay has at most 10 legs',
    });
  });

  it('names the leg that repeats a game’s market', () => {
    expect(parlayLegsProblem(legs(4, 5, 4))).toMatchObject({ field: 'event_id', index: 2 });
    expect(
      parlayLegsProblem(
        [
          { eventId: 4, kind: BetKind.spread },
          { eventId: 4, kind: BetKind.spread },
        ],
        300,
      ),
    ).toEqual({
      field: 'bet_kind',
      index: 1,
      reason: "is the same game's spread as leg 1: legs on one game each take a market of their own",
    });
  });

  it('takes legs on one game, each on its own market, only with the ticket’s price', () => {
    const sameGame = [
      { eventId: 4, kind: BetKind.spread },
      { eventId: 4, kind: BetKind.totals },
      { eventId: 9, kind: BetKind.moneyline },
    ];
    expect(isSameGameParlay(sameGame)).toBe(true);
    expect(isSameGameParlay(legs(1, 2, 3))).toBe(false);
    expect(parlayLegsProblem(sameGame, 450)).toBeNull();
    expect(parlayLegsProblem(sameGame)).toEqual({
      field: 'ticket_price',
      reason: "is required for a same-game parlay: the book prices its legs together, so give the ticket's price",
    });
    expect(parlayLegsProblem(legs(1, 2))).toBeNull();
  });
});

describe('betTypeOfLine and betTypeLineConflict', () => {
  it('derives the type of a spread from its line', () => {
    expect(betTypeOfLine(BetKind.spread, -3.5)).toBe(BetType.favored);
    expect(betTypeOfLine(BetKind.spread, 7)).toBe(BetType.underdog);
    expect(betTypeOfLine(BetKind.spread, -3.5, true)).toBe(BetType.tease_fav);
    expect(betTypeOfLine(BetKind.spread, 2.5, true)).toBe(BetType.tease_dog);
    expect(betTypeOfLine(BetKind.spread, 0)).toBeNull();
    expect(betTypeOfLine(BetKind.spread, null)).toBeNull();
    expect(betTypeOfLine(BetKind.totals, 44.5)).toBeNull();
    expect(betTypeOfLine(BetKind.moneyline, -3)).toBeNull();
  });

  it('names a type that contradicts its spread', () => {
    expect(betTypeLineConflict(BetKind.spread, BetType.favored, 3.5)).toMatch(/underdog's: the type must be 3/);
    expect(betTypeLineConflict(BetKind.spread, BetType.underdog, -3.5)).toMatch(/favourite's: the type must be 4/);
    expect(betTypeLineConflict(BetKind.spread, BetType.tease_fav, 2)).toMatch(/must be 6 \(tease_dog\)/);
    expect(betTypeLineConflict(BetKind.spread, BetType.tease_dog, -2)).toMatch(/must be 7 \(tease_fav\)/);
    expect(betTypeLineConflict(BetKind.spread, BetType.favored, -3.5)).toBeNull();
    expect(betTypeLineConflict(BetKind.spread, BetType.underdog, 0)).toBeNull();
    expect(betTypeLineConflict(BetKind.spread, BetType.favored, 0)).toBeNull();
    expect(betTypeLineConflict(BetKind.totals, BetType.over, 44.5)).toBeNull();
    expect(betTypeLineConflict(BetKind.moneyline, BetType.favored, null)).toBeNull();
  });

  it('never finds a conflict in the type it derives itself', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -60, max: 60 }).map((n) => n / 2 + 0),
        fc.boolean(),
        (line, teaser) => {
          const type = betTypeOfLine(BetKind.spread, line, teaser);
          return type === null ? line === 0 : betTypeLineConflict(BetKind.spread, type, line) === null;
        },
      ),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties

const americanPrice = fc.oneof(fc.integer({ min: 100, max: 2000 }), fc.integer({ min: -2000, max: -100 }));
const outcome = fc.constantFrom<Outcome | null>('win', 'loss', 'push', 'void', null);
const legsArbitrary = fc.array(fc.record({ price: americanPrice, outcome }), { minLength: 2, maxLength: 10 });
const stake = fc.integer({ min: 0, max: 10_000_000 });
const ticket = fc.option(americanPrice, { nil: null });

describe('parlay properties', () => {
  it('the order of the legs does not matter', () => {
    fc.assert(
      fc.property(
        stake,
        ticket,
        legsArbitrary.chain((legs) =>
          fc.tuple(fc.constant(legs), fc.shuffledSubarray(legs, { minLength: legs.length, maxLength: legs.length })),
        ),
        (stakeCents, ticketPrice, [legs, shuffled]) => {
          expect(gradeParlay({ stakeCents, ticketPrice, legs: shuffled })).toEqual(
            gradeParlay({ stakeCents, ticketPrice, legs }),
          );
        },
      ),
    );
  });

  it('a parlay with one leg left after pushes and voids pays like that single bet', () => {
    fc.assert(
      fc.property(
        stake,
        americanPrice,
        fc.array(fc.record({ price: americanPrice, outcome: fc.constantFrom<Outcome>('push', 'void') }), {
          minLength: 1,
          maxLength: 9,
        }),
        ticket,
        (stakeCents, price, dropped, ticketPrice) => {
          // A boosted ticket keeps its boost (below); any other ticket is repriced from the leg left.
          const prices = [...dropped.map((l) => l.price), price];
          if (ticketPrice !== null && isBoostedTicket(ticketPrice, prices)) return;
          const single = gradeEntry(
            {
              mode: BetMode.bet_on,
              kind: BetKind.moneyline,
              type: BetType.to_win,
              team: 'KC',
              line: null,
              price,
              stake: stakeCents,
            },
            { status: 'final', homeTeam: 'KC', awayTeam: 'BUF', homeScore: 24, awayScore: 20 },
          );
          expect(gradeParlay({ stakeCents, ticketPrice, legs: [...dropped, leg(price, 'win')] })).toEqual(single);
        },
      ),
    );
  });

  it('a boosted ticket with dropped legs pays its price divided by theirs, never less than the legs left', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.array(fc.record({ price: americanPrice, dropped: fc.boolean() }), { minLength: 2, maxLength: 10 }),
        fc.integer({ min: 1, max: 50 }),
        (stakeCents, drawn, boostPercent) => {
          const legs = drawn.map((l) => leg(l.price, l.dropped ? 'push' : 'win'));
          const product = legs.reduce((total, l) => total * americanToDecimal(l.price), 1);
          const boosted = product * (1 + boostPercent / 100);
          const ticketPrice = boosted >= 2 ? Math.ceil((boosted - 1) * 100) : -Math.floor(100 / (boosted - 1));
          if (
            !isBoostedTicket(
              ticketPrice,
              legs.map((l) => l.price),
            )
          )
            return;
          const grade = gradeParlay({ stakeCents, ticketPrice, legs })!;
          const droppedProduct = legs
            .filter((l) => l.outcome === 'push')
            .reduce((total, l) => total * americanToDecimal(l.price), 1);
          const left = product / droppedProduct;
          if (legs.every((l) => l.outcome === 'push')) {
            expect(grade).toEqual({ outcome: 'push', reward: 0 });
            return;
          }
          const expected = stakeCents * (americanToDecimal(ticketPrice) / droppedProduct - 1);
          expect(grade.outcome).toBe('win');
          expect(Math.abs(grade.reward - expected)).toBeLessThanOrEqual(0.5 + expected * 1e-9);
          expect(grade.reward).toBeGreaterThanOrEqual(Math.floor(stakeCents * (left - 1) * (1 - 1e-9)));
        },
      ),
    );
  });

  it('a win never pays more than the stake times the product less one (to the half cent), a loss costs the stake', () => {
    fc.assert(
      fc.property(stake, legsArbitrary, (stakeCents, legs) => {
        const grade = gradeParlay({ stakeCents, legs });
        if (grade === null) return;
        const winners = legs.filter((l) => l.outcome === 'win').map((l) => l.price);
        const product = winners.reduce((total, price) => total * americanToDecimal(price), 1);
        if (grade.outcome === 'win') {
          expect(grade.reward).toBeLessThanOrEqual(stakeCents * (product - 1) * (1 + 1e-9) + 0.5);
          expect(grade.reward).toBeGreaterThanOrEqual(stakeCents * (product - 1) * (1 - 1e-9) - 0.5);
        } else if (grade.outcome === 'loss') {
          expect(grade.reward).toBe(-stakeCents + 0);
          expect(legs.some((l) => l.outcome === 'loss')).toBe(true);
        } else {
          expect(grade).toEqual({ outcome: 'push', reward: 0 });
          expect(legs.every((l) => l.outcome === 'push' || l.outcome === 'void')).toBe(true);
        }
      }),
    );
  });

  it('is decided exactly when a leg lost or no leg is pending', () => {
    fc.assert(
      fc.property(stake, ticket, legsArbitrary, (stakeCents, ticketPrice, legs) => {
        const decided = legs.some((l) => l.outcome === 'loss') || legs.every((l) => l.outcome !== null);
        expect(gradeParlay({ stakeCents, ticketPrice, legs }) !== null).toBe(decided);
      }),
    );
  });

  it('a longer winning parlay pays at least as much as a shorter one', () => {
    fc.assert(
      fc.property(stake, legsArbitrary, americanPrice, (stakeCents, legs, extra) => {
        const won = legs.map((l) => leg(l.price, 'win'));
        const shorter = gradeParlay({ stakeCents, legs: won })!;
        const longer = gradeParlay({ stakeCents, legs: [...won, leg(extra, 'win')] })!;
        expect(longer.reward).toBeGreaterThanOrEqual(shorter.reward);
      }),
    );
  });
});

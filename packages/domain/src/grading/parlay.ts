import { assertAmericanPrice, decimalToAmericanExact, OddsError } from '../odds/american-odds.js';
import { profitCents } from '../odds/profit.js';
import type { Outcome } from './grade-entry.js';

/**
 * Parlays (DESIGN.md section 6; docs/decisions/035-parlays.md): 2 to 10 legs on different games; the price is
 * the product of the legs' decimal prices unless the ticket's own price is given; a pushed or void leg drops
 * out and the price is recomputed from the rest; a parlay loses as soon as one leg loses, and is otherwise
 * graded when its last leg ends. Pure: legs' prices and outcomes in, an outcome and profit out.
 */

export const MIN_PARLAY_LEGS = 2;
export const MAX_PARLAY_LEGS = 10;

/** One leg as grading sees it: its American price and its outcome, null while its game is undecided. */
export interface ParlayLegResult {
  price: number;
  outcome: Outcome | null;
}

export interface ParlayGrade {
  outcome: Outcome;
  /** Profit in cents: the payout less the stake for a win, −stake for a loss, 0 for a push. */
  reward: number;
}

/** A decimal price kept as an exact fraction, so a ten-leg product loses no cent to floating point. */
export interface DecimalFraction {
  numerator: bigint;
  denominator: bigint;
}

function wholePrice(american: number): bigint {
  assertAmericanPrice(american);
  if (!Number.isSafeInteger(american)) {
    throw new OddsError('price_not_whole', `American price ${american} is not a whole number`);
  }
  return BigInt(american);
}

/** The product of the legs' decimal prices as an exact fraction: +150 is 250/100, −110 is 210/110. */
export function parlayDecimalFraction(prices: readonly number[]): DecimalFraction {
  let numerator = 1n;
  let denominator = 1n;
  for (const price of prices) {
    const american = wholePrice(price);
    if (american > 0n) {
      numerator *= 100n + american;
      denominator *= 100n;
    } else {
      numerator *= 100n - american;
      denominator *= -american;
    }
  }
  return { numerator, denominator };
}

/** The parlay's decimal price: the product of its legs' (1 for no legs). */
export function parlayDecimal(prices: readonly number[]): number {
  const { numerator, denominator } = parlayDecimalFraction(prices);
  return Number(numerator) / Number(denominator);
}

/**
 * The parlay's price in American odds, rounded to the whole price a ticket prints (+595, −120); null for
 * fewer than one leg, whose product (1) has no American price.
 */
export function parlayAmericanPrice(prices: readonly number[]): number | null {
  if (prices.length === 0) return null;
  const american = Math.round(decimalToAmericanExact(parlayDecimal(prices)));
  // A product just under even money rounds to an impossible −99.x: a book prints it as −100.
  return Math.abs(american) < 100 ? (american < 0 ? -100 : 100) : american;
}

/**
 * The profit of a winning stake at the product of these prices, in whole cents, halves away from zero: the
 * rounding of `profitCents`, so a parlay of one leg pays exactly what that single would.
 */
export function parlayProfitCents(stakeCents: number, prices: readonly number[]): number {
  if (!Number.isSafeInteger(stakeCents) || stakeCents < 0) {
    throw new OddsError('stake_not_cents', `Stake ${stakeCents} is not a whole, non-negative number of cents`);
  }
  const { numerator, denominator } = parlayDecimalFraction(prices);
  const profit = BigInt(stakeCents) * (numerator - denominator);
  return Number((2n * profit + denominator) / (2n * denominator));
}

/** What a winning ticket pays back, stake included, in cents: at the ticket's price, else the legs' product. */
export function parlayPayoutCents(stakeCents: number, prices: readonly number[], ticketPrice?: number | null): number {
  const profit =
    ticketPrice === null || ticketPrice === undefined
      ? parlayProfitCents(stakeCents, prices)
      : profitCents(stakeCents, ticketPrice);
  return stakeCents + profit;
}

/**
 * The grade of a parlay, or null while it is undecided. A losing leg loses the parlay at once, whatever is
 * still pending. Otherwise the parlay waits for its last leg; pushed and void legs then drop out: with none
 * left the parlay is a push (the stake comes back), else it wins at the product of the winning legs' prices.
 * The ticket's own price holds only while every leg won: a dropped leg changes the ticket, so it is repriced
 * from the legs that remain.
 */
export function gradeParlay(input: {
  stakeCents: number;
  legs: readonly ParlayLegResult[];
  ticketPrice?: number | null;
}): ParlayGrade | null {
  const { stakeCents, legs, ticketPrice } = input;
  // Worked out whatever the outcome, so a price no book could quote fails every grade, not only the wins.
  parlayProfitCents(
    stakeCents,
    legs.map((leg) => leg.price),
  );
  if (ticketPrice !== null && ticketPrice !== undefined) profitCents(stakeCents, ticketPrice);
  if (legs.some((leg) => leg.outcome === 'loss'))
    return { outcome: 'loss', reward: stakeCents === 0 ? 0 : -stakeCents };
  if (legs.some((leg) => leg.outcome === null)) return null;
  const winners = legs.filter((leg) => leg.outcome === 'win');
  if (winners.length === 0) return { outcome: 'push', reward: 0 };
  const everyLegWon = winners.length === legs.length;
  const reward =
    everyLegWon && ticketPrice !== null && ticketPrice !== undefined
      ? profitCents(stakeCents, ticketPrice)
      : parlayProfitCents(
          stakeCents,
          winners.map((leg) => leg.price),
        );
  return { outcome: 'win', reward };
}

export type ParlayLegsProblem =
  { field: 'legs'; reason: string } | { field: 'event_id'; index: number; reason: string };

/**
 * The shape rule of a parlay's legs: 2 to 10 of them, each on a different game. The first problem found, or
 * null. (Whether a game has started is the server's to say: it holds the clock.)
 */
export function parlayLegsProblem(legs: readonly { eventId: number | string }[]): ParlayLegsProblem | null {
  if (legs.length < MIN_PARLAY_LEGS) {
    return { field: 'legs', reason: `a parlay needs at least ${MIN_PARLAY_LEGS} legs` };
  }
  if (legs.length > MAX_PARLAY_LEGS) {
    return { field: 'legs', reason: `a parlay has at most ${MAX_PARLAY_LEGS} legs` };
  }
  const seen = new Map<string, number>();
  for (const [index, leg] of legs.entries()) {
    const key = String(leg.eventId);
    const first = seen.get(key);
    if (first !== undefined) {
      return { field: 'event_id', index, reason: `is the same game as leg ${first + 1}: each leg needs its own game` };
    }
    seen.set(key, index);
  }
  return null;
}

import { americanToDecimalFraction, decimalToAmerican, type DecimalFraction } from './american-odds.js';
import { assertStakeCents, profitCents, profitCentsAtDecimal } from './profit.js';

/**
 * A parlay's price and payout (DESIGN.md section 6; docs/decisions/035-parlays.md): the product of its legs'
 * decimal prices, unless the ticket's own price is given. Grading the legs is `grading/parlay.ts`.
 */

/** The product of the legs' decimal prices as an exact fraction: +150 is 250/100, −110 is 210/110. */
export function parlayDecimalFraction(prices: readonly number[]): DecimalFraction {
  let numerator = 1n;
  let denominator = 1n;
  for (const price of prices) {
    const leg = americanToDecimalFraction(price);
    numerator *= leg.numerator;
    denominator *= leg.denominator;
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
  return decimalToAmerican(parlayDecimal(prices));
}

/**
 * The profit of a winning stake at the product of these prices, in whole cents, halves away from zero: the
 * rounding of `profitCents`, so a parlay of one leg pays exactly what that single would.
 */
export function parlayProfitCents(stakeCents: number, prices: readonly number[]): number {
  assertStakeCents(stakeCents);
  return profitCentsAtDecimal(stakeCents, parlayDecimalFraction(prices));
}

/** What a winning ticket pays back, stake included, in cents: at the ticket's price, else the legs' product. */
export function parlayPayoutCents(stakeCents: number, prices: readonly number[], ticketPrice?: number | null): number {
  const profit =
    ticketPrice === null || ticketPrice === undefined
      ? parlayProfitCents(stakeCents, prices)
      : profitCents(stakeCents, ticketPrice);
  return stakeCents + profit;
}

/** One leg as the ticket's standing price sees it: its American price, and whether it dropped out (push, void). */
export interface StandingLeg {
  price: number;
  dropped: boolean;
}

const divide = (a: DecimalFraction, b: DecimalFraction): DecimalFraction => ({
  numerator: a.numerator * b.denominator,
  denominator: a.denominator * b.numerator,
});
const greater = (a: DecimalFraction, b: DecimalFraction) => a.numerator * b.denominator > b.numerator * a.denominator;

/**
 * Whether a ticket's own price is boosted: better than the product of its legs' prices (a book's promotion, or a
 * profit boost). A ticket printed at the product rounded to a whole price may sit a hair above it; that is
 * still the legs' price scaled by the same rule, so the answer is the same either way.
 */
export function isBoostedTicket(ticketPrice: number, prices: readonly number[]): boolean {
  return greater(americanToDecimalFraction(ticketPrice), parlayDecimalFraction(prices));
}

/**
 * The decimal price a ticket stands at once some legs dropped out (docs/decisions/082-parlay-slip.md), as an
 * exact fraction:
 * - no ticket price: the product of the legs still in it;
 * - a ticket price and nothing dropped: the ticket's price;
 * - a boosted ticket (better than its legs' product) or a same-game ticket (whose price is the book's, not the
 *   legs' product) with legs dropped: the book's rule, the ticket's decimal divided by each dropped leg's
 *   decimal, so the boost (or the correlation the book priced) is kept; were that ever even money or less, the
 *   legs still in it;
 * - any other ticket price with legs dropped: the product of the legs still in it (the book reprices from them).
 */
export function parlayStandingFraction(input: {
  legs: readonly StandingLeg[];
  ticketPrice?: number | null;
  sameGame?: boolean;
}): DecimalFraction {
  const { legs, ticketPrice, sameGame = false } = input;
  const standing = parlayDecimalFraction(legs.filter((leg) => !leg.dropped).map((leg) => leg.price));
  if (ticketPrice === null || ticketPrice === undefined) return standing;
  const ticket = americanToDecimalFraction(ticketPrice);
  const dropped = legs.filter((leg) => leg.dropped).map((leg) => leg.price);
  if (dropped.length === 0) return ticket;
  if (dropped.length === legs.length) return { numerator: 1n, denominator: 1n };
  if (
    !sameGame &&
    !isBoostedTicket(
      ticketPrice,
      legs.map((leg) => leg.price),
    )
  )
    return standing;
  const scaled = divide(ticket, parlayDecimalFraction(dropped));
  return scaled.numerator > scaled.denominator ? scaled : standing;
}

/** The ticket's standing price in American odds, rounded to a whole price; null when nothing is left in it. */
export function parlayStandingAmericanPrice(input: Parameters<typeof parlayStandingFraction>[0]): number | null {
  const { ticketPrice, legs } = input;
  if (ticketPrice !== null && ticketPrice !== undefined && legs.every((leg) => !leg.dropped)) return ticketPrice;
  const { numerator, denominator } = parlayStandingFraction(input);
  if (numerator === denominator) return null;
  return decimalToAmerican(Number(numerator) / Number(denominator));
}

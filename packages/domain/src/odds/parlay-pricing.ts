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

import { americanToDecimalFraction, assertAmericanPrice, OddsError, type DecimalFraction } from './american-odds.js';

/** Throws an `OddsError` unless `stakeCents` is a whole, non-negative number of cents. */
export function assertStakeCents(stakeCents: number): void {
  if (!Number.isSafeInteger(stakeCents) || stakeCents < 0) {
    throw new OddsError('stake_not_cents', `Stake ${stakeCents} is not a whole, non-negative number of cents`);
  }
}

/**
 * The profit of a winning stake at an American price, in whole cents.
 *
 * Rounding rule: the exact profit (stake × price / 100 for a plus price, stake × 100 / |price| for a minus
 * price) is rounded to the nearest cent, halves away from zero. Profits are never negative, so in practice
 * half a cent rounds up: 55¢ at −110 is exactly 50¢, 1¢ at −110 (0.909¢) is 1¢, 3¢ at −200 (1.5¢) is 2¢.
 * The maths is done in BigInt so that no stake is large enough to lose a cent to floating point.
 *
 * Stakes are non-negative whole cents and prices whole American numbers, as books quote them; anything
 * else throws an `OddsError`.
 */
export function profitCents(stakeCents: number, american: number): number {
  assertStakeCents(stakeCents);
  return profitCentsAtDecimal(stakeCents, americanToDecimalFraction(american));
}

/**
 * The profit of a winning stake at a decimal price given as an exact fraction (a parlay's product of its legs),
 * in whole cents, rounded as `profitCents` rounds: stake × (decimal − 1), halves away from zero.
 */
export function profitCentsAtDecimal(stakeCents: number, price: DecimalFraction): number {
  assertStakeCents(stakeCents);
  const { numerator, denominator } = price;
  const profit = BigInt(stakeCents) * (numerator - denominator);
  // BigInt division truncates; adding half the denominator first turns that into rounding half up.
  return Number((2n * profit + denominator) / (2n * denominator));
}

/**
 * The exact profit of a winning stake at an American price, in cents and not rounded (1¢ at −110 is 0.909¢).
 * Kept apart from `profitCents` because reading a book's export compares its payout with the profit to within
 * a cent, which rounding first would shift.
 */
export function profitCentsUnrounded(stakeCents: number, american: number): number {
  assertAmericanPrice(american);
  return american > 0 ? (stakeCents * american) / 100 : (stakeCents * 100) / -american;
}

import { assertAmericanPrice, OddsError } from './american-odds.js';

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
  if (!Number.isSafeInteger(stakeCents) || stakeCents < 0) {
    throw new OddsError('stake_not_cents', `Stake ${stakeCents} is not a whole, non-negative number of cents`);
  }
  assertAmericanPrice(american);
  if (!Number.isSafeInteger(american)) {
    throw new OddsError('price_not_whole', `American price ${american} is not a whole number`);
  }
  const stake = BigInt(stakeCents);
  const [numerator, denominator] = american > 0 ? [stake * BigInt(american), 100n] : [stake * 100n, BigInt(-american)];
  return Number(divideRoundingHalfAwayFromZero(numerator, denominator));
}

/** numerator / denominator (both non-negative) to the nearest integer, halves away from zero. */
function divideRoundingHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  // BigInt division truncates; adding half the denominator first turns that into rounding half up.
  return (2n * numerator + denominator) / (2n * denominator);
}

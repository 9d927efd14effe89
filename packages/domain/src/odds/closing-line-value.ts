import { americanToImplied } from './american-odds.js';

/**
 * Closing line value (DESIGN.md section 6): how the line a bettor took compares with the line at kickoff.
 * Every helper answers from the bettor's side, positive when the bettor beat the close, so averages across
 * spreads, totals and moneylines each read the same way. `+ 0` turns a −0 into 0 for display.
 */

/**
 * Spread gap in points. Both lines are from the bettor's team's side; more points is better, so
 * taking +3.5 when it closed +2.5 is +1, and taking −3 when it closed −4 is +1.
 */
export function spreadClv(takenLine: number, closingLine: number): number {
  return takenLine - closingLine + 0;
}

/** Totals gap in points: an over wants a lower total than the close, an under a higher one. */
export function totalClv(side: 'over' | 'under', takenTotal: number, closingTotal: number): number {
  return (side === 'over' ? closingTotal - takenTotal : takenTotal - closingTotal) + 0;
}

/**
 * Moneyline gap in implied probability: the close's implied probability minus the taken price's, both for
 * the bettor's side and both with the vig in (the book's own numbers, as the specification shows them).
 * Taking +150 (0.4) on a side that closed +120 (0.4545) is +0.0545.
 */
export function moneylineClv(takenAmerican: number, closingAmerican: number): number {
  return americanToImplied(closingAmerican) - americanToImplied(takenAmerican) + 0;
}

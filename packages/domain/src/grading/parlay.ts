import { parlayProfitCents } from '../odds/parlay-pricing.js';
import { profitCents } from '../odds/profit.js';
import type { Outcome } from './grade-entry.js';

/**
 * Parlays (DESIGN.md section 6; docs/decisions/035-parlays.md): 2 to 10 legs on different games; the price is
 * the product of the legs' decimal prices unless the ticket's own price is given (`odds/parlay-pricing.ts`); a
 * pushed or void leg drops out and the price is recomputed from the rest; a parlay loses as soon as one leg
 * loses, and is otherwise graded when its last leg ends. Pure: legs' prices and outcomes in, an outcome and
 * profit out.
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

import { parlayProfitCents, parlayStandingFraction } from '../odds/parlay-pricing.js';
import { profitCents, profitCentsAtDecimal } from '../odds/profit.js';
import { BetKind, type BetKindValue } from '../enums.js';
import type { Outcome } from './grade-entry.js';

/**
 * Parlays (DESIGN.md section 6; docs/decisions/035-parlays.md, 082-parlay-slip.md): 2 to 10 legs, of any
 * sports and seasons, on different games or, with the ticket's own price, several on one game (a same-game
 * parlay); the price is the product of the legs' decimal prices unless the ticket's own price is given
 * (`odds/parlay-pricing.ts`); a pushed or void leg drops out and the price is recomputed by the book's rule
 * (`parlayStandingFraction`); a parlay loses as soon as one leg loses, and is otherwise graded when its last
 * leg ends. Pure: legs' prices and outcomes in, an outcome and profit out.
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
 * left the parlay is a push (the stake comes back), else it wins at the ticket's standing price: the ticket's
 * own price while every leg won; with legs dropped, a boosted or same-game ticket's price divided by the
 * dropped legs' prices, any other ticket repriced from the legs that remain (`parlayStandingFraction`).
 */
export function gradeParlay(input: {
  stakeCents: number;
  legs: readonly ParlayLegResult[];
  ticketPrice?: number | null;
  /** Two or more legs on one game: the ticket's price is the book's, and is scaled, never rebuilt, on a push. */
  sameGame?: boolean;
}): ParlayGrade | null {
  const { stakeCents, legs, ticketPrice, sameGame = false } = input;
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
  const price = parlayStandingFraction({
    ticketPrice,
    sameGame,
    legs: legs.map((leg) => ({ price: leg.price, dropped: leg.outcome !== 'win' })),
  });
  return { outcome: 'win', reward: profitCentsAtDecimal(stakeCents, price) };
}

export type ParlayLegsProblem =
  | { field: 'legs' | 'ticket_price'; reason: string }
  | { field: 'event_id' | 'bet_kind'; index: number; reason: string };

/** Whether two or more of these legs are on one game (a same-game parlay). */
export function isSameGameParlay(legs: readonly { eventId: number | string }[]): boolean {
  return new Set(legs.map((leg) => String(leg.eventId))).size < legs.length;
}

const KIND_NAMES: Record<number, string> = {
  [BetKind.moneyline]: 'moneyline',
  [BetKind.totals]: 'total',
  [BetKind.spread]: 'spread',
};

/**
 * The shape rule of a parlay's legs: 2 to 10 of them; legs on one game (a same-game parlay) each on a market of
 * their own, and only with the ticket's own price, which the product of correlated legs would overstate. The
 * first problem found, or null. (Whether a game has started is the server's to say: it holds the clock.)
 */
export function parlayLegsProblem(
  legs: readonly { eventId: number | string; kind?: BetKindValue | number }[],
  ticketPrice?: number | null,
): ParlayLegsProblem | null {
  if (legs.length < MIN_PARLAY_LEGS) {
    return { field: 'legs', reason: `a parlay needs at least ${MIN_PARLAY_LEGS} legs` };
  }
  if (legs.length > MAX_PARLAY_LEGS) {
    return { field: 'legs', reason: `a parlay has at most ${MAX_PARLAY_LEGS} legs` };
  }
  const seen = new Map<string, number>();
  for (const [index, leg] of legs.entries()) {
    const key = `${leg.eventId}|${leg.kind ?? ''}`;
    const first = seen.get(key);
    if (first !== undefined) {
      const market = leg.kind === undefined ? 'market' : (KIND_NAMES[leg.kind] ?? 'market');
      return {
        field: leg.kind === undefined ? 'event_id' : 'bet_kind',
        index,
        reason: `is the same game's ${market} as leg ${first + 1}: legs on one game each take a market of their own`,
      };
    }
    seen.set(key, index);
  }
  if (isSameGameParlay(legs) && (ticketPrice === null || ticketPrice === undefined)) {
    return {
      field: 'ticket_price',
      reason: "is required for a same-game parlay: the book prices its legs together, so give the ticket's price",
    };
  }
  return null;
}

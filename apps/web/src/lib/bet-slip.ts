import type { BookEvent, BookQuote } from '@pass/contracts';
import { createContext, useContext } from 'react';

/** One price a member tapped: a book's quote of one side of one market of a game. */
export interface PriceChoice {
  event: BookEvent;
  book: string;
  market: BookQuote['market'];
  /** A team abbreviation, or Over / Under. */
  outcome: string;
  point: number | null;
  price: number;
}

/**
 * Puts a price on the bet slip: the first price opens the slip on it; another price, while the slip holds legs,
 * adds a leg (a parlay) and the slip's bar says so. `open` shows the slip whatever it holds (a game's Bet
 * action, which is a request to see the slip).
 */
export type OpenSlip = (choice: PriceChoice, options?: { open?: boolean }) => void;

/**
 * The bet slip's place on the screens that show prices (odds boards, compare books, schedules, team pages). The sports
 * screens only call it; app/ provides it with the ledger's slip, so neither feature imports the other. Null
 * where no slip is offered (a visitor on the free odds pages): prices are then plain text.
 */
export const BetSlipContext = createContext<OpenSlip | null>(null);

export function useOpenSlip(): OpenSlip | null {
  return useContext(BetSlipContext);
}

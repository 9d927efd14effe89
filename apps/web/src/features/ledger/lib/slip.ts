import { americanToDecimal, betTypeOfLine, BetType, isAmericanPrice, profitCents } from '@pass/domain';

/** The specification's bet kinds: moneyline 1, totals 2, spread 3. */
export type BetKind = 1 | 2 | 3;

/** The kind of a market in the odds feed. */
export const KIND_OF_MARKET = { h2h: 1, totals: 2, spreads: 3 } as const satisfies Record<string, BetKind>;

/**
 * The bet type follows from the side and the line, so a slip cannot contradict itself: a moneyline is
 * "to win"; a total is over or under by its side; a spread giving points (below 0) is the favourite's,
 * one getting points (above 0) or a pick'em (0: no points given) the underdog's. The spread's rule is the
 * server's (`betTypeOfLine`), which refuses a contradiction.
 */
export function typeOfBet(kind: BetKind, side: string, line: number | null): 1 | 2 | 3 | 4 | 5 {
  if (kind === 1) return 5;
  if (kind === 2) return side.toLowerCase() === 'under' ? 2 : 1;
  return (betTypeOfLine(kind, line) ?? BetType.underdog) as 3 | 4;
}

export interface Payout {
  /** Profit if the bet wins, in cents. */
  toWinCents: number;
  /** Stake plus profit, in cents. */
  payoutCents: number;
  decimal: number;
}

/** What a stake (dollars, as typed) wins at an American price; null while either cannot be priced. */
export function payoutOf(stakeText: string, priceText: string): Payout | null {
  const stake = Number(stakeText);
  const price = Number(priceText);
  if (stakeText.trim() === '' || priceText.trim() === '') return null;
  if (!Number.isFinite(stake) || stake <= 0 || !Number.isInteger(price) || !isAmericanPrice(price)) return null;
  const stakeCents = Math.round(stake * 100);
  const toWinCents = profitCents(stakeCents, price);
  return { toWinCents, payoutCents: stakeCents + toWinCents, decimal: americanToDecimal(price) };
}

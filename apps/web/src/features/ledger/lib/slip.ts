import type { BookEvent, BookQuote } from '@pass/contracts';
import {
  americanToDecimal,
  BetKind,
  betTypeOfLine,
  BetType,
  dollarsToCents,
  isWholeAmericanPrice,
  profitCents,
  type BetKindValue,
  type BetTypeValue,
} from '@pass/domain';
import type { PriceChoice } from '../../../lib/bet-slip';
import { booksOf, latestQuote } from '../../../lib/book-quotes';

/** The kind of a market in the odds feed. */
export const KIND_OF_MARKET = {
  h2h: BetKind.moneyline,
  totals: BetKind.totals,
  spreads: BetKind.spread,
} as const satisfies Record<string, BetKindValue>;

/**
 * The bet type follows from the side and the line, so a slip cannot contradict itself: a moneyline is
 * "to win"; a total is over or under by its side; a spread giving points (below 0) is the favourite's,
 * one getting points (above 0) or a pick'em (0: no points given) the underdog's. The spread's rule is the
 * server's (`betTypeOfLine`), which refuses a contradiction.
 */
export function typeOfBet(
  kind: BetKindValue,
  side: string,
  line: number | null,
): Exclude<BetTypeValue, typeof BetType.tease_dog | typeof BetType.tease_fav> {
  if (kind === BetKind.moneyline) return BetType.to_win;
  if (kind === BetKind.totals) return side.toLowerCase() === 'under' ? BetType.under : BetType.over;
  return (betTypeOfLine(kind, line) ?? BetType.underdog) as typeof BetType.underdog | typeof BetType.favored;
}

export interface Payout {
  /** Profit if the bet wins, in cents. */
  toWinCents: number;
  /** Stake plus profit, in cents. */
  payoutCents: number;
  decimal: number;
}

/** A price as typed, when it is one a book could quote (whole, ±100 or beyond); null otherwise, blank included. */
export function typedPrice(text: string): number | null {
  const price = Number(text);
  return text.trim() !== '' && isWholeAmericanPrice(price) ? price : null;
}

/** What a stake (dollars, as typed) wins at an American price; null while either cannot be priced. */
export function payoutOf(stakeText: string, priceText: string): Payout | null {
  const stake = Number(stakeText);
  const price = typedPrice(priceText);
  if (stakeText.trim() === '' || price === null) return null;
  if (!Number.isFinite(stake) || stake <= 0) return null;
  const stakeCents = dollarsToCents(stake);
  const toWinCents = profitCents(stakeCents, price);
  return { toWinCents, payoutCents: stakeCents + toWinCents, decimal: americanToDecimal(price) };
}

const MARKETS_FIRST: Record<'football' | 'baseball', readonly BookQuote['market'][]> = {
  football: ['spreads', 'h2h', 'totals'],
  // Baseball is bet on the moneyline first (decision 036).
  baseball: ['h2h', 'spreads', 'totals'],
};

/**
 * The price a game's Bet action opens the slip on, as if the member had tapped it on the odds board: the default
 * book's (else the first book's) latest quote of the sport's first market, on the favourite's side (the over of
 * a total). The member changes side, book, line and price on the slip. Null when no book quotes the game (the
 * consensus is no book to bet at).
 */
export function slipChoiceOf(event: BookEvent): PriceChoice | null {
  const books = booksOf(event).filter((book) => book !== 'consensus');
  for (const market of MARKETS_FIRST[event.sport === 'baseball_mlb' ? 'baseball' : 'football']) {
    for (const book of books) {
      const sides = market === 'totals' ? ['Over', 'Under'] : [event.away_team, event.home_team];
      const quotes = sides
        .map((side) => latestQuote(event, book, KIND_OF_MARKET[market], side))
        .filter((quote): quote is BookQuote => quote !== null);
      if (quotes.length === 0) continue;
      const favourite = (a: BookQuote, b: BookQuote) =>
        market === 'spreads' ? (b.point ?? 0) < (a.point ?? 0) : market === 'h2h' ? b.price < a.price : false;
      const quote = quotes.reduce((best, next) => (favourite(best, next) ? next : best));
      return { event, book, market, outcome: quote.outcome, point: quote.point, price: quote.price };
    }
  }
  return null;
}

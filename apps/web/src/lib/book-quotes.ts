import type { BookEvent } from '@pass/contracts';
import { BetKind, type BetKindValue } from '@pass/domain';

/** The books' quotes of a game as the odds feed gives them: shared by the ledger's forms and the teller. */

/** The market of a kind in the odds feed. */
export const MARKET_OF_KIND = {
  [BetKind.moneyline]: 'h2h',
  [BetKind.totals]: 'totals',
  [BetKind.spread]: 'spreads',
} as const;

/** The latest quote of `book` for a side of an event, if the feed has one. */
export function latestQuote(event: BookEvent, book: string, kind: BetKindValue, outcome: string) {
  const market = MARKET_OF_KIND[kind];
  const quotes = event.odds.filter(
    (quote) => quote.book === book && quote.market === market && quote.outcome.toLowerCase() === outcome.toLowerCase(),
  );
  return quotes.sort((a, b) => b.fetched_at.localeCompare(a.fetched_at))[0] ?? null;
}

/** The books quoting an event, the default (betus) first. */
export function booksOf(event: BookEvent | undefined): string[] {
  if (!event) return [];
  const books = [...new Set(event.odds.map((quote) => quote.book))].sort();
  return books.includes('betus') ? ['betus', ...books.filter((book) => book !== 'betus')] : books;
}

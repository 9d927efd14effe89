import type { BookEvent, BookQuote, SportKey } from '@pass/contracts';
import { DEFAULT_BOOK } from '@pass/domain';
import { bookName } from '../../../lib/books';
import { marketName } from '../../../lib/sport-words';

export type Market = BookQuote['market'];
export const MARKETS: readonly Market[] = ['h2h', 'spreads', 'totals'];
/** A market's name in the sport's words: Moneyline, Spread (Run line in baseball), Total. */
export const marketLabel = (sport: SportKey, market: Market): string => marketName(sport, market);

/** The book whose line a schedule shows when it quotes the game. */
export const CONSENSUS_BOOK = 'consensus';

/** Books by The Odds API's titles (lib/books.ts), shared with the ledger's screens. */
export { bookName };

/** Books in showing order: the default book first, then by name, the consensus last. */
export function orderBooks(books: Iterable<string>): string[] {
  return [...new Set(books)].sort((a, b) => rank(a) - rank(b) || bookName(a).localeCompare(bookName(b)));
}

function rank(book: string): number {
  if (book === DEFAULT_BOOK) return 0;
  if (book === CONSENSUS_BOOK) return 2;
  return 1;
}

/** A spread from one side: -3.5, +7, PK. */
export function formatSpread(point: number): string {
  if (point === 0) return 'PK';
  return point > 0 ? `+${point}` : String(point);
}

export interface GameLine {
  book: string;
  spread: { home: BookQuote | null; away: BookQuote | null };
  total: { over: BookQuote | null; under: BookQuote | null };
  moneyline: { home: BookQuote | null; away: BookQuote | null };
}

function quoteOf(quotes: readonly BookQuote[], market: Market, outcome: string): BookQuote | null {
  return quotes.find((quote) => quote.market === market && quote.outcome === outcome) ?? null;
}

const isOver = (outcome: string) => outcome.toLowerCase() === 'over';
const isUnder = (outcome: string) => outcome.toLowerCase() === 'under';

/** One book's line on a game. */
export function lineOf(event: BookEvent, book: string): GameLine {
  const quotes = event.odds.filter((quote) => quote.book === book);
  return {
    book,
    spread: {
      home: quoteOf(quotes, 'spreads', event.home_team),
      away: quoteOf(quotes, 'spreads', event.away_team),
    },
    total: {
      over: quotes.find((quote) => quote.market === 'totals' && isOver(quote.outcome)) ?? null,
      under: quotes.find((quote) => quote.market === 'totals' && isUnder(quote.outcome)) ?? null,
    },
    moneyline: {
      home: quoteOf(quotes, 'h2h', event.home_team),
      away: quoteOf(quotes, 'h2h', event.away_team),
    },
  };
}

/** The line a schedule shows: the default book's when it quotes the game, else the consensus, else none. */
export function scheduleLine(event: BookEvent, preferred: string = DEFAULT_BOOK): GameLine | null {
  const books = new Set(event.odds.map((quote) => quote.book));
  if (books.has(preferred)) return lineOf(event, preferred);
  if (books.has(CONSENSUS_BOOK)) return lineOf(event, CONSENSUS_BOOK);
  return null;
}

/** Every book that quotes the game, in showing order. */
export function booksOf(event: BookEvent): string[] {
  return orderBooks(event.odds.map((quote) => quote.book));
}

/** `market:outcome`, the key of one side of one market. */
export const sideKey = (market: Market, outcome: string) => `${market}:${outcome.toLowerCase()}`;

/**
 * Whether quote `a` is better for the bettor than `b` on the same side: for spreads more points, for an
 * over fewer points and for an under more, then the better price; for moneylines the better price.
 * 0 when they are as good as each other.
 */
export function compareQuotes(a: BookQuote, b: BookQuote): number {
  if (a.market !== 'h2h' && a.point !== null && b.point !== null && a.point !== b.point) {
    const pointGain = a.market === 'totals' && isOver(a.outcome) ? b.point - a.point : a.point - b.point;
    return Math.sign(pointGain);
  }
  return Math.sign(a.price - b.price);
}

/**
 * The best quote per market and side across the books (the consensus is not a book you can bet at), as the
 * set of `book|market:outcome` keys that hold it. Only a quote strictly better than every other book's is
 * marked: where two books share the best line and price, or only one book quotes the side, there is no
 * single book to go to and nothing is marked.
 */
export function bestQuotes(event: BookEvent): Set<string> {
  const bySide = new Map<string, BookQuote[]>();
  for (const quote of event.odds) {
    if (quote.book === CONSENSUS_BOOK) continue;
    const key = sideKey(quote.market, quote.outcome);
    bySide.set(key, [...(bySide.get(key) ?? []), quote]);
  }
  const best = new Set<string>();
  for (const [key, quotes] of bySide) {
    if (new Set(quotes.map((quote) => quote.book)).size < 2) continue;
    const top = quotes.reduce((winner, quote) => (compareQuotes(quote, winner) > 0 ? quote : winner));
    const tied = quotes.filter((quote) => compareQuotes(quote, top) === 0);
    if (tied.length === 1) best.add(`${top.book}|${key}`);
  }
  return best;
}

/**
 * Whether a game is no longer one to bet: started, final, postponed or cancelled, its result missing, or its
 * kickoff passed by `now` (the server's clock).
 */
export function isStartedOrOver(event: BookEvent, now: Date | null): boolean {
  if (event.status !== 'scheduled' || event.result_missing === true) return true;
  if (now && event.kickoff && Date.parse(event.kickoff) <= now.getTime()) return true;
  return false;
}

/** The newest fetch time among the quotes, or null without quotes. */
export function latestFetch(events: readonly BookEvent[]): Date | null {
  let latest = 0;
  for (const event of events)
    for (const quote of event.odds) latest = Math.max(latest, Date.parse(quote.fetched_at) || 0);
  return latest > 0 ? new Date(latest) : null;
}

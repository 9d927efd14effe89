import { americanToImplied, decimalToAmerican, impliedToDecimal, isAmericanPrice } from './american-odds.js';

/**
 * The line of record (DESIGN.md section 6, decision record 034): the one line a past game is shown and graded
 * against everywhere (schedule, team page, almanac, trends, history, demo, closing line value).
 *
 * - The closing line the source file gives, where it gives one (nflverse, CFBD, ESPN through sportsdataverse):
 *   stored as the quotes of the synthetic `consensus` book, filed at kickoff.
 * - Otherwise the median of each book's last quote at or before kickoff, rounded to the half point (a quarter
 *   point rounds away from zero, so a line reads the same from either team's side).
 * - A market the source's closing line lacks comes from the books' median, and the source says so.
 * - No quote at or before kickoff: no line (kind `none`); the game has a score but no result against a line.
 *
 * Spreads are from the home side with the sportsbook sign (a negative spread is the home favourite).
 */

/** The book a source file's closing line is stored under. */
export const SOURCE_CLOSING_BOOK = 'consensus';

export type LineMarket = 'h2h' | 'spreads' | 'totals';

/** One stored quote: a book's price (and point) on one side of one market, and when it was seen. */
export interface RecordQuote {
  book: string;
  market: LineMarket;
  /** A team abbreviation, or `Over` / `Under`. */
  outcome: string;
  price: number;
  point: number | null;
  /** When the quote was seen (ISO time or a Date): only quotes at or before the cut-off count. */
  at: string | Date;
  /** Where the quote came from (`nflverse`, `cfbd`, `odds-api`, `demo`…): names a source's closing line. */
  source?: string | undefined;
}

/** A source file's closing line, from the home side. */
export interface SourceClosingLine {
  /** The file it came from: `nflverse`, `cfbd`, `cfbd-lines`, `sportsdataverse`. */
  source: string;
  homeSpread: number | null;
  total: number | null;
  homeMoneyline: number | null;
  awayMoneyline: number | null;
  /** The prices of the spread's and total's sides, where the file gives them. */
  prices?: SidePrices | undefined;
}

/** The prices of the sides of a spread and a total (closing price of a bet's side, for closing line value). */
export interface SidePrices {
  homeSpread: number | null;
  awaySpread: number | null;
  over: number | null;
  under: number | null;
}

export type LineSourceKind = 'closing' | 'median' | 'none';

export interface LineSource {
  /** `closing`: the source file's closing line; `median`: the books' median; `none`: no line. */
  kind: LineSourceKind;
  /** The source file of a closing line (`nflverse`, `cfbd`…); null for a median or no line. */
  provider: string | null;
  /** How many books' last quotes the median (or the part of the line taken from it) was made of. */
  books: number;
  /** What a screen shows: "closing line from nflverse", "median of 4 books' last quotes before kickoff". */
  label: string;
}

export interface LineOfRecord {
  homeSpread: number | null;
  total: number | null;
  homeMoneyline: number | null;
  awayMoneyline: number | null;
  /**
   * The prices of the spread's and total's sides: the source's where its line is taken, else the median price
   * of the books' last quotes on that side.
   */
  prices: SidePrices;
  source: LineSource;
}

export interface LineOfRecordInput {
  homeTeam: string;
  awayTeam: string;
  /** The kickoff (ISO time or Date); quotes seen after it are not part of the line. */
  kickoff: string | Date;
  /** The line as it stood at this moment, when earlier than kickoff (a pool slate frozen at publish). */
  asOf?: string | Date | undefined;
  /** The source file's closing line, when there is one. */
  closing?: SourceClosingLine | null | undefined;
  /** The books' quotes (any times; those after the cut-off are ignored). */
  quotes: readonly RecordQuote[];
}

const SOURCE_NAMES: Record<string, string> = {
  nflverse: 'nflverse',
  cfbd: 'CFBD',
  'cfbd-lines': 'CFBD',
  sportsdataverse: 'ESPN (sportsdataverse)',
  espn: 'ESPN',
};

/** A source key as a screen names it: `cfbd` → CFBD. */
export function sourceName(source: string): string {
  return SOURCE_NAMES[source] ?? source;
}

const time = (value: string | Date) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * A spread or total rounded to the half point; a value halfway between two half points (a quarter point, the
 * median of −3 and −3.5) rounds away from zero, so −3.25 is −3.5 and +3.25 is +3.5: either side reads the same.
 */
export function roundToHalfPoint(value: number): number {
  const doubled = Math.abs(value) * 2;
  // A tiny tolerance keeps 3.2499999 (floating-point noise of a mean) with 3.25.
  const rounded = Math.floor(doubled + 0.5 + 1e-9) / 2;
  return (value < 0 ? -rounded : rounded) + 0;
}

/**
 * The consensus of some books' prices for one side: the median implied probability. When that median is one of
 * the quoted prices (always with one book) the price comes back as quoted, so +100 stays +100 and −100 stays
 * −100; a median between two prices becomes the nearest whole price, even money written +100.
 */
export function medianPrice(quoted: readonly number[]): number | null {
  const valid = quoted.filter(isAmericanPrice);
  const implied = medianOf(valid.map(americanToImplied));
  if (implied === null) return null;
  const exact = valid.filter((price) => americanToImplied(price) === implied);
  if (exact.length > 0) return Math.max(...exact);
  const american = decimalToAmerican(impliedToDecimal(implied));
  return Math.abs(american) === 100 ? 100 : american;
}

const negate = (value: number | null) => (value === null ? null : -value + 0);

/** Each book's last quote per market and side at or before `cutoff` (ms). */
function lastQuotes(quotes: readonly RecordQuote[], cutoff: number): Map<string, RecordQuote> {
  const last = new Map<string, RecordQuote>();
  for (const quote of quotes) {
    const at = time(quote.at);
    if (!(at <= cutoff)) continue;
    const key = `${quote.book}|${quote.market}|${quote.outcome.toLowerCase()}`;
    const held = last.get(key);
    if (!held || time(held.at) <= at) last.set(key, quote);
  }
  return last;
}

interface BookLine {
  homeSpread: number | null;
  total: number | null;
  homeMoneyline: number | null;
  awayMoneyline: number | null;
  prices: SidePrices;
}

const NO_PRICES: SidePrices = { homeSpread: null, awaySpread: null, over: null, under: null };

/** One book's closing line from its last quotes: the home spread (else the away one turned), over (else under). */
function bookLines(last: ReadonlyMap<string, RecordQuote>, home: string, away: string): Map<string, BookLine> {
  const books = new Map<string, BookLine>();
  const of = (book: string) => {
    let line = books.get(book);
    if (!line) {
      line = { homeSpread: null, total: null, homeMoneyline: null, awayMoneyline: null, prices: NO_PRICES };
      books.set(book, line);
    }
    return line;
  };
  const quote = (book: string, market: LineMarket, outcome: string) =>
    last.get(`${book}|${market}|${outcome.toLowerCase()}`);
  for (const { book } of last.values()) {
    if (books.has(book)) continue;
    const line = of(book);
    line.homeSpread = quote(book, 'spreads', home)?.point ?? negate(quote(book, 'spreads', away)?.point ?? null);
    line.total = quote(book, 'totals', 'Over')?.point ?? quote(book, 'totals', 'Under')?.point ?? null;
    line.homeMoneyline = quote(book, 'h2h', home)?.price ?? null;
    line.awayMoneyline = quote(book, 'h2h', away)?.price ?? null;
    line.prices = {
      homeSpread: quote(book, 'spreads', home)?.price ?? null,
      awaySpread: quote(book, 'spreads', away)?.price ?? null,
      over: quote(book, 'totals', 'Over')?.price ?? null,
      under: quote(book, 'totals', 'Under')?.price ?? null,
    };
  }
  return books;
}

const booksLabel = (count: number) =>
  `median of ${count} book${count === 1 ? "'s last quote" : "s' last quotes"} before kickoff`;

/** The line of record of one game (see the module comment). */
export function lineOfRecord(input: LineOfRecordInput): LineOfRecord {
  const kickoff = time(input.kickoff);
  const cutoff = input.asOf === undefined ? kickoff : Math.min(kickoff, time(input.asOf));
  const books = [
    ...bookLines(
      lastQuotes(
        input.quotes.filter((quote) => quote.book !== SOURCE_CLOSING_BOOK),
        cutoff,
      ),
      input.homeTeam,
      input.awayTeam,
    ).values(),
  ];
  const pointMedian = (values: (number | null)[]) => {
    const value = medianOf(values.filter((entry): entry is number => entry !== null));
    return value === null ? null : roundToHalfPoint(value);
  };
  const priceMedian = (values: (number | null)[]) =>
    medianPrice(values.filter((entry): entry is number => entry !== null));
  const fromBooks: BookLine = {
    homeSpread: pointMedian(books.map((book) => book.homeSpread)),
    total: pointMedian(books.map((book) => book.total)),
    homeMoneyline: priceMedian(books.map((book) => book.homeMoneyline)),
    awayMoneyline: priceMedian(books.map((book) => book.awayMoneyline)),
    prices: {
      homeSpread: priceMedian(books.map((book) => book.prices.homeSpread)),
      awaySpread: priceMedian(books.map((book) => book.prices.awaySpread)),
      over: priceMedian(books.map((book) => book.prices.over)),
      under: priceMedian(books.map((book) => book.prices.under)),
    },
  };
  const closing = input.closing ?? null;
  const hasLine = (line: BookLine) =>
    line.homeSpread !== null || line.total !== null || line.homeMoneyline !== null || line.awayMoneyline !== null;

  if (closing && (closing.homeSpread !== null || closing.total !== null)) {
    const line: BookLine = {
      homeSpread: closing.homeSpread ?? fromBooks.homeSpread,
      total: closing.total ?? fromBooks.total,
      homeMoneyline: closing.homeMoneyline ?? fromBooks.homeMoneyline,
      awayMoneyline: closing.awayMoneyline ?? fromBooks.awayMoneyline,
      prices: {
        homeSpread: closing.homeSpread === null ? fromBooks.prices.homeSpread : (closing.prices?.homeSpread ?? null),
        awaySpread: closing.homeSpread === null ? fromBooks.prices.awaySpread : (closing.prices?.awaySpread ?? null),
        over: closing.total === null ? fromBooks.prices.over : (closing.prices?.over ?? null),
        under: closing.total === null ? fromBooks.prices.under : (closing.prices?.under ?? null),
      },
    };
    const filled = (['homeSpread', 'total'] as const).filter((key) => closing[key] === null && fromBooks[key] !== null);
    const name = sourceName(closing.source);
    const label =
      filled.length === 0
        ? `closing line from ${name}`
        : `closing line from ${name}; ${filled.map((key) => (key === 'total' ? 'total' : 'spread')).join(' and ')}: ${booksLabel(books.length)}`;
    return {
      ...line,
      source: { kind: 'closing', provider: closing.source, books: filled.length === 0 ? 0 : books.length, label },
    };
  }
  if (hasLine(fromBooks)) {
    return {
      ...fromBooks,
      // A source with moneylines only (none in the stored data) still lends them where no book quoted one.
      homeMoneyline: fromBooks.homeMoneyline ?? closing?.homeMoneyline ?? null,
      awayMoneyline: fromBooks.awayMoneyline ?? closing?.awayMoneyline ?? null,
      source: { kind: 'median', provider: null, books: books.length, label: booksLabel(books.length) },
    };
  }
  if (closing && (closing.homeMoneyline !== null || closing.awayMoneyline !== null)) {
    return {
      homeSpread: null,
      total: null,
      homeMoneyline: closing.homeMoneyline,
      awayMoneyline: closing.awayMoneyline,
      prices: NO_PRICES,
      source: {
        kind: 'closing',
        provider: closing.source,
        books: 0,
        label: `closing line from ${sourceName(closing.source)}`,
      },
    };
  }
  return {
    homeSpread: null,
    total: null,
    homeMoneyline: null,
    awayMoneyline: null,
    prices: NO_PRICES,
    source: { kind: 'none', provider: null, books: 0, label: 'no line: no book quoted the game before kickoff' },
  };
}

/**
 * The source's closing line among stored quotes: the `consensus` book's last quotes at or before the cut-off
 * (a CFBD consensus filed before kickoff gives way to a schedule file's filed at kickoff), or null.
 */
export function sourceClosingLine(
  quotes: readonly RecordQuote[],
  teams: { homeTeam: string; awayTeam: string },
  cutoff: string | Date,
): SourceClosingLine | null {
  const consensus = quotes.filter((quote) => quote.book === SOURCE_CLOSING_BOOK);
  const last = lastQuotes(consensus, time(cutoff));
  if (last.size === 0) return null;
  const [line] = bookLines(last, teams.homeTeam, teams.awayTeam).values();
  const newest = [...last.values()].reduce((a, b) => (time(b.at) > time(a.at) ? b : a));
  return {
    source: newest.source ?? 'source file',
    homeSpread: line!.homeSpread,
    total: line!.total,
    homeMoneyline: line!.homeMoneyline,
    awayMoneyline: line!.awayMoneyline,
    prices: line!.prices,
  };
}

/**
 * The line of record from a game's stored quotes: the `consensus` book's as the source's closing line, the
 * other books' for the median. What the server calls with the quotes it read. A source file's closing line is
 * the close whenever it was filed (a file's kickoff can be minutes off the schedule's); with `asOf`, only what
 * was filed by then counts.
 */
export function lineOfRecordFromQuotes(
  game: { homeTeam: string; awayTeam: string; kickoff: string | Date; asOf?: string | Date | undefined },
  quotes: readonly RecordQuote[],
): LineOfRecord {
  return lineOfRecord({
    ...game,
    closing: sourceClosingLine(quotes, game, game.asOf ?? new Date(8.64e15)),
    quotes,
  });
}

export type SpreadResult = 'home' | 'away' | 'push';
export type TotalResult = 'over' | 'under' | 'push';

/** Who covered the line of record's spread, or push; null without a spread. */
export function spreadResult(homeScore: number, awayScore: number, homeSpread: number | null): SpreadResult | null {
  if (homeSpread === null) return null;
  const margin = homeScore + homeSpread - awayScore;
  return margin > 0 ? 'home' : margin < 0 ? 'away' : 'push';
}

/** Where the final landed against the line of record's total; null without a total. */
export function totalResult(homeScore: number, awayScore: number, total: number | null): TotalResult | null {
  if (total === null) return null;
  const points = homeScore + awayScore;
  return points > total ? 'over' : points < total ? 'under' : 'push';
}

import { negate, type SourceGame } from '@pass/domain';
import type { QuoteRow } from './imports.repository.js';

/**
 * A source's closing line as quotes: what the game files (nflverse, sportsdataverse) and CFBD's lines bodies
 * both write, so neither importer reaches into the other.
 */

/** The consensus closing line is stored as the quotes of a synthetic book. */
export const CONSENSUS_BOOK = 'consensus';

/**
 * Sources without prices for a spread or total (nflverse before 2006, ESPN's lines) get the standard
 * −110 both ways: the point is the line that matters for grading a spread or a total, and a price is required.
 */
const STANDARD_PRICE = -110;

/** When a closing line is filed: at kickoff, or noon UTC of the game's date when the kickoff is unknown. */
export function closingTime(game: Pick<SourceGame, 'kickoff' | 'date'>): string {
  return game.kickoff ?? `${game.date}T12:00:00.000Z`;
}

export type LineQuote = Omit<QuoteRow, 'eventId'>;

/** Closing spread, total and moneylines, home view with the sportsbook sign, as consensus quotes. */
export function lineQuotes(
  game: Pick<SourceGame, 'kickoff' | 'date' | 'home' | 'away'>,
  line: {
    homeSpread: number | null;
    total: number | null;
    homeMoneyline?: number | null;
    awayMoneyline?: number | null;
    homeSpreadPrice?: number | null;
    awaySpreadPrice?: number | null;
    overPrice?: number | null;
    underPrice?: number | null;
  },
  source: string,
): LineQuote[] {
  const base = { book: CONSENSUS_BOOK, quotedAt: null, fetchedAt: closingTime(game), source };
  const quotes: LineQuote[] = [];
  if (line.homeSpread !== null) {
    quotes.push(
      {
        ...base,
        market: 'spreads',
        outcome: game.home,
        price: line.homeSpreadPrice ?? STANDARD_PRICE,
        point: line.homeSpread,
      },
      {
        ...base,
        market: 'spreads',
        outcome: game.away,
        price: line.awaySpreadPrice ?? STANDARD_PRICE,
        point: negate(line.homeSpread),
      },
    );
  }
  if (line.total !== null) {
    quotes.push(
      { ...base, market: 'totals', outcome: 'Over', price: line.overPrice ?? STANDARD_PRICE, point: line.total },
      { ...base, market: 'totals', outcome: 'Under', price: line.underPrice ?? STANDARD_PRICE, point: line.total },
    );
  }
  if (line.homeMoneyline !== null && line.homeMoneyline !== undefined) {
    quotes.push({ ...base, market: 'h2h', outcome: game.home, price: line.homeMoneyline, point: null });
  }
  if (line.awayMoneyline !== null && line.awayMoneyline !== undefined) {
    quotes.push({ ...base, market: 'h2h', outcome: game.away, price: line.awayMoneyline, point: null });
  }
  return quotes;
}

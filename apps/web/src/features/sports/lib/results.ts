import type { BookEvent, BookQuote, SeasonWeek } from '@pass/contracts';
import { DEFAULT_BOOK, gradePosition, type EventResult } from '@pass/domain';
import { CONSENSUS_BOOK, booksOf, lineOf, type GameLine } from './lines';

/** The book key of a line built from a game's line of record (no book's own line). */
export const RECORD_LINE = 'line-of-record';

/**
 * A game's line of record (DESIGN.md section 6) as a line to show, or null when the server sent none: the
 * source file's closing line, else the books' median before kickoff. Its source is `event.line_of_record.source`.
 */
export function recordLineOf(event: BookEvent): GameLine | null {
  const record = event.line_of_record;
  if (!record) return null;
  const quote = (market: BookQuote['market'], outcome: string, price: number | null, point: number | null) =>
    price === null && point === null
      ? null
      : { book: RECORD_LINE, market, outcome, price: price ?? -110, point, fetched_at: '', quoted_at: null };
  const away = record.home_spread === null ? null : -record.home_spread + 0;
  return {
    book: RECORD_LINE,
    spread: {
      home: quote('spreads', event.home_team, null, record.home_spread),
      away: quote('spreads', event.away_team, null, away),
    },
    total: { over: quote('totals', 'Over', null, record.total), under: quote('totals', 'Under', null, record.total) },
    moneyline: {
      home: quote('h2h', event.home_team, record.home_moneyline, null),
      away: quote('h2h', event.away_team, record.away_moneyline, null),
    },
  };
}

/**
 * The closing line a result is told against: the game's line of record, the one every screen shows (the
 * almanac's records are graded against it too); from a server that sends none, the consensus, else the
 * default book, else the first book that quoted the game.
 */
export function closingLineOf(event: BookEvent): GameLine | null {
  if (event.line_of_record) return recordLineOf(event);
  const books = booksOf(event);
  const book = [CONSENSUS_BOOK, DEFAULT_BOOK].find((key) => books.includes(key)) ?? books[0];
  return book === undefined ? null : lineOf(event, book);
}

export interface GameResult {
  /** The favourite at the closing spread ("KC", -3.5); a pick'em has no favourite (team null, point 0). */
  spread: { team: string | null; point: number } | null;
  total: number | null;
  /** The team that covered the closing spread, or `push`; null without a spread. */
  covered: string | 'push' | null;
  /** Where the final landed against the closing total; null without a total. */
  overUnder: 'over' | 'under' | 'push' | null;
}

/** How a final game fared against its closing line (graded by the same rules as picks and bets). */
export function gameResult(event: BookEvent, line: GameLine | null): GameResult | null {
  const { home, away } = event.event_scores;
  if (event.status !== 'final' || home === null || away === null) return null;
  const result: EventResult = {
    status: 'final',
    homeTeam: event.home_team,
    awayTeam: event.away_team,
    homeScore: home,
    awayScore: away,
  };
  const homePoint = line?.spread.home?.point ?? negated(line?.spread.away?.point);
  const total = line?.total.over?.point ?? line?.total.under?.point ?? null;
  let spread: GameResult['spread'] = null;
  let covered: GameResult['covered'] = null;
  if (homePoint !== null) {
    spread =
      homePoint === 0
        ? { team: null, point: 0 }
        : homePoint < 0
          ? { team: event.home_team, point: homePoint }
          : { team: event.away_team, point: -homePoint };
    const homeGrade = gradePosition({ market: 'team', team: event.home_team, line: homePoint }, result);
    covered = homeGrade === 'push' ? 'push' : homeGrade === 'win' ? event.home_team : event.away_team;
  }
  let overUnder: GameResult['overUnder'] = null;
  if (total !== null) {
    const over = gradePosition({ market: 'total', side: 'over', line: total }, result);
    overUnder = over === 'push' ? 'push' : over === 'win' ? 'over' : 'under';
  }
  return { spread, total, covered, overUnder };
}

function negated(point: number | null | undefined): number | null {
  if (point === null || point === undefined) return null;
  return point === 0 ? 0 : -point;
}

/**
 * The week whose results to show first: the latest that has ended by `today` (YYYY-MM-DD), else the latest
 * that has begun (the season's first week while it is played), else the first week.
 */
export function latestPlayedWeek(weeks: readonly SeasonWeek[], today: string): number | undefined {
  const ended = weeks.filter((week) => week.end < today);
  const begun = weeks.filter((week) => week.start <= today);
  return (ended.at(-1) ?? begun.at(-1) ?? weeks[0])?.number;
}

const easternDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today as a YYYY-MM-DD day in US Eastern time, the zone the season's weeks are dated in. */
export function easternToday(now: Date = new Date()): string {
  return easternDay.format(now);
}

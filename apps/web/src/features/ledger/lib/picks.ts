import type { BetEntry, BookEvent, CreateBetBody, UpdateBetBody } from '@pass/contracts';
import { BetKind, BetMode, BetType, DEFAULT_BOOK, isTeaserType, Status } from '@pass/domain';
import {
  americanPrice,
  entryMoney,
  isBet,
  line,
  lineOfKind,
  MODE_WORDS,
  MONEY_WORDS,
  sideText,
} from '../../../lib/bet-format';
import { dollars } from '../../../lib/money';
import { latestQuote } from '../../../lib/book-quotes';

/** Where a book's quotes stand among the pick's candidates: the default book first, the consensus last. */
const CONSENSUS = 'consensus';
const rank = (book: string) => (book === DEFAULT_BOOK ? 0 : book === CONSENSUS ? 2 : 1);

/**
 * Whether a game still takes picks: scheduled and before kickoff (noon UTC of its date when the time is
 * unknown), the server's rule (docs/decisions/007). The server decides; this only hides what it would refuse.
 */
export function isBeforeKickoff(event: Pick<BookEvent, 'status' | 'kickoff' | 'game_date'>, now: Date): boolean {
  const kickoff = Date.parse(event.kickoff ?? `${event.game_date}T12:00:00Z`);
  return event.status === 'scheduled' && kickoff > now.getTime();
}

/** One side of a game's one-tap pick. */
export interface PickSide {
  team: string;
  /** A spread, or a moneyline (straight up). */
  kind: typeof BetKind.spread | typeof BetKind.moneyline;
  /** The spread from this team's side; null straight up. */
  line: number | null;
  /** The book's price for this side, shown only: a pick has no price. */
  price: number | null;
  book: string | null;
  /** What the button says: "BUF +3", "KC PK", "NYY -150", "KC to win". */
  label: string;
}

/** The books quoting `market` for the game, the default book first, the consensus last. */
function booksQuoting(event: BookEvent, market: 'spreads' | 'h2h'): string[] {
  const teams = [event.home_team.toLowerCase(), event.away_team.toLowerCase()];
  const books = event.odds
    .filter((quote) => quote.market === market && teams.includes(quote.outcome.toLowerCase()))
    .filter((quote) => market === 'h2h' || quote.point !== null)
    .map((quote) => quote.book);
  return [...new Set(books)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const spreadLabel = (team: string, spread: number) => `${team} ${line(spread)}`;

/**
 * A game's one-tap pick, away side first: football at the spread of the default book (betus), else of the
 * first book that quotes one; baseball, and football without any spread, straight up (moneyline).
 */
export function pickSides(event: BookEvent): [PickSide, PickSide] {
  const teams = [event.away_team, event.home_team] as const;
  const spreadBook = event.sport === 'baseball_mlb' ? undefined : booksQuoting(event, 'spreads')[0];
  if (spreadBook) {
    const points = teams.map((team) => latestQuote(event, spreadBook, BetKind.spread, team));
    return teams.map((team, index) => {
      const own = points[index];
      const other = points[1 - index];
      // A book quoting one side only gives the other side the same line, reversed.
      const spread = own?.point ?? (other?.point == null ? 0 : -other.point);
      return {
        team,
        kind: BetKind.spread,
        line: spread,
        price: own?.price ?? null,
        book: spreadBook,
        label: spreadLabel(team, spread),
      };
    }) as [PickSide, PickSide];
  }
  const moneylineBook = booksQuoting(event, 'h2h')[0] ?? null;
  return teams.map((team) => {
    const price = moneylineBook ? (latestQuote(event, moneylineBook, BetKind.moneyline, team)?.price ?? null) : null;
    return {
      team,
      kind: BetKind.moneyline,
      line: null,
      price,
      book: moneylineBook,
      label: price === null ? `${team} to win` : `${team} ${americanPrice(price)}`,
    };
  }) as [PickSide, PickSide];
}

/** A spread pick is favoured at a negative line, else the underdog; straight up it is to win. */
const typeOf = (side: PickSide) =>
  side.kind === BetKind.moneyline
    ? BetType.to_win
    : side.line !== null && side.line < 0
      ? BetType.favored
      : BetType.underdog;

/** The body of a one-tap pick: pick on the side at its line, a single play, never a real bet. */
export function pickBody(event: BookEvent, side: PickSide): CreateBetBody {
  return {
    event_id: event.event_id,
    bet_mode: BetMode.pick_on,
    bet_kind: side.kind,
    bet_type: typeOf(side),
    bet_team: side.team,
    ...(side.kind === BetKind.spread ? { line: side.line } : {}),
    book: side.book,
  };
}

/** The change that moves a one-tap pick to the other side, at that side's line and book. */
export function switchBody(side: PickSide): UpdateBetBody {
  return {
    bet_team: side.team,
    bet_type: typeOf(side),
    ...(side.kind === BetKind.spread ? { line: side.line } : {}),
    book: side.book,
  };
}

/** Whether an entry is the game's one-tap pick of this kind: a plain pick on a side (no teaser, no fade). */
export function isOneTapPick(entry: BetEntry, kind: PickSide['kind']): boolean {
  return entry.bet_mode === BetMode.pick_on && entry.bet_kind === kind && !isTeaserType(entry.bet_type);
}

/** Whether a one-tap pick is on `side`'s team (at whatever line it was taken). */
export const holdsSide = (entry: BetEntry, side: PickSide) => entry.bet_team === side.team;

/** A one-tap pick in words, at the line it was taken: "KC -3", "BUF PK", "NYY". */
export function pickLabel(entry: BetEntry): string {
  const team = entry.bet_team ?? '';
  return entry.bet_kind === BetKind.spread && entry.line !== null ? spreadLabel(team, entry.line) : team;
}

/** The entry a new pick will be once stored, shown until the server answers (a negative id marks it). */
export function previewOfPick(event: BookEvent, body: CreateBetBody, id: number, now: Date): BetEntry {
  const at = now.toISOString();
  return {
    id,
    event_id: event.event_id,
    sport: event.sport,
    season: event.season,
    week: event.week,
    yr_week: event.yr_week,
    event: {
      home_team: event.home_team,
      away_team: event.away_team,
      kickoff: event.kickoff,
      game_date: event.game_date,
      status: event.status,
      event_scores: event.event_scores,
    },
    bet_mode: body.bet_mode,
    bet_kind: body.bet_kind,
    bet_type: body.bet_type,
    bet_team: body.bet_team ?? null,
    line: body.line ?? null,
    price: null,
    stake_cents: null,
    book: body.book ?? null,
    teaser_points: null,
    multiplier: 1,
    is_simulated: true,
    source: 'manual',
    recorded_after_start: false,
    status: Status.open,
    outcome: null,
    reward: null,
    closing_line: null,
    closing_price: null,
    clv: null,
    graded_at: null,
    created_at: at,
    updated_at: at,
  };
}

/** The entry after a change, shown until the server answers. */
export function previewOfChange(entry: BetEntry, body: UpdateBetBody): BetEntry {
  return {
    ...entry,
    bet_type: body.bet_type ?? entry.bet_type,
    bet_team: body.bet_team === undefined ? entry.bet_team : body.bet_team,
    line: body.line === undefined ? entry.line : body.line,
    book: body.book === undefined ? entry.book : body.book,
  };
}

/** An entry in a few words: "Bet on KC -3 · $110.00 · simulated" (or real money, or paper), "Pick on Over 47.5". */
export function entrySummary(entry: BetEntry): string {
  const shownLine =
    entry.bet_kind === BetKind.moneyline || entry.line === null ? '' : ` ${lineOfKind(entry.bet_kind, entry.line)}`;
  const parts = [`${MODE_WORDS[entry.bet_mode]} ${sideText(entry)}${shownLine}`];
  if (entry.price !== null) parts.push(americanPrice(entry.price));
  if (entry.stake_cents !== null) parts.push(dollars(entry.stake_cents));
  if (entry.multiplier > 1) parts.push(`×${entry.multiplier}`);
  if (isBet(entry.bet_mode)) parts.push(MONEY_WORDS[entryMoney(entry)].toLowerCase());
  return parts.join(' · ');
}

import type { BetEntry, BookEvent } from '@pass/contracts';
import { BetKind, BetMode, BetType, Status, type BetKindValue } from '@pass/domain';
import { dollars } from '../../../lib/money';
import { sportWords } from '../../../lib/sport-words';

/** The specification's enumerations in words. */
export const MODE_WORDS: Record<number, string> = {
  [BetMode.pick_on]: 'Pick on',
  [BetMode.pick_against]: 'Pick against',
  [BetMode.bet_on]: 'Bet on',
  [BetMode.bet_against]: 'Bet against',
};
export const KIND_WORDS: Record<number, string> = {
  [BetKind.moneyline]: 'Moneyline',
  [BetKind.totals]: 'Totals',
  [BetKind.spread]: 'Spread',
};

/** A bet's kind in its sport's words: a baseball spread is the run line. */
export function kindText(kind: number, sport: string): string {
  return kind === BetKind.spread ? sportWords(sport).spread : (KIND_WORDS[kind] ?? '');
}
export const TYPE_WORDS: Record<number, string> = {
  [BetType.over]: 'Over',
  [BetType.under]: 'Under',
  [BetType.underdog]: 'Underdog',
  [BetType.favored]: 'Favored',
  [BetType.to_win]: 'To win',
  [BetType.tease_dog]: 'Teaser (underdog)',
  [BetType.tease_fav]: 'Teaser (favored)',
};
export const STATUS_WORDS: Record<number, string> = {
  [Status.unknown]: 'Unknown',
  [Status.open]: 'Open',
  [Status.confirmed]: 'Confirmed',
  [Status.pending]: 'Pending',
  [Status.closed]: 'Closed',
  [Status.rejected]: 'Rejected',
  [Status.canceled]: 'Canceled',
  [Status.deleted]: 'Deleted',
  [Status.completed]: 'Completed',
};

export const SPORT_WORDS: Record<string, string> = {
  americanfootball_nfl: 'Pro football',
  americanfootball_ncaaf: 'College football',
  baseball_mlb: 'Baseball',
};

export const isPick = (mode: number) => mode === BetMode.pick_on || mode === BetMode.pick_against;
export const isBet = (mode: number) => mode === BetMode.bet_on || mode === BetMode.bet_against;

/** Grading state in words: open, in play, won, lost, push, void, canceled, rejected. */
export function gradingState(entry: Pick<BetEntry, 'status' | 'outcome'>): string {
  if (entry.outcome === 'win') return 'Won';
  if (entry.outcome === 'loss') return 'Lost';
  if (entry.outcome === 'push') return 'Push';
  if (entry.outcome === 'void') return 'Void';
  if (entry.status === Status.open) return 'Open';
  if (entry.status === Status.pending) return 'In play';
  return STATUS_WORDS[entry.status] ?? 'Unknown';
}

/** Cents as dollars, shared with the other screens that show money. */
export { dollars };

export const signedNumber = (value: number | null, digits = 0): string =>
  value === null ? '—' : `${value > 0 ? '+' : ''}${value.toFixed(digits)}`;

export const americanPrice = (price: number | null): string =>
  price === null ? '—' : price > 0 ? `+${price}` : String(price);

export const line = (value: number | null): string => (value === null ? '—' : value > 0 ? `+${value}` : String(value));

/** A pick's reward in points, a bet's in dollars. */
export function rewardText(entry: Pick<BetEntry, 'bet_mode' | 'reward'>): string {
  if (entry.reward === null) return '—';
  return isPick(entry.bet_mode) ? `${signedNumber(entry.reward)} pts` : dollars(entry.reward, { signed: true });
}

export const gameText = (event: { away_team: string; home_team: string }) => `${event.away_team} @ ${event.home_team}`;

/** The side an entry holds: its team, or Over / Under for totals. */
export function sideText(entry: Pick<BetEntry, 'bet_kind' | 'bet_type' | 'bet_team'>): string {
  if (entry.bet_kind === BetKind.totals) return entry.bet_type === BetType.under ? 'Under' : 'Over';
  return entry.bet_team ?? '—';
}

function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = [
  'id',
  'date',
  'sport',
  'season',
  'week',
  'game',
  'mode',
  'kind',
  'type',
  'side',
  'line',
  'price',
  'stake',
  'book',
  'simulated',
  'status',
  'result',
  'reward',
  'clv',
];

/** The rows as CSV (RFC 4180, CRLF line ends): stakes in dollars, picks' rewards in points, bets' in dollars. */
export function betsToCsv(entries: readonly BetEntry[]): string {
  const rows = entries.map((entry) => [
    entry.id,
    entry.event.game_date,
    entry.sport,
    entry.season,
    entry.week,
    gameText(entry.event),
    MODE_WORDS[entry.bet_mode] ?? '',
    KIND_WORDS[entry.bet_kind] ?? '',
    TYPE_WORDS[entry.bet_type] ?? '',
    sideText(entry),
    entry.line,
    entry.price,
    entry.stake_cents === null ? null : (entry.stake_cents / 100).toFixed(2),
    entry.book,
    entry.is_simulated,
    STATUS_WORDS[entry.status] ?? '',
    gradingState(entry),
    entry.reward === null ? null : isPick(entry.bet_mode) ? entry.reward : (entry.reward / 100).toFixed(2),
    entry.clv,
  ]);
  return [CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

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

/** Starts a download of `text` as a file (a Blob URL, revoked right after). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}

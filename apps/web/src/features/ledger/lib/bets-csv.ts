import type { BetEntry } from '@pass/contracts';
import { centsToDollarsText } from '@pass/domain';
import {
  entryMoney,
  isPick,
  KIND_WORDS,
  MODE_WORDS,
  gameText,
  gradingState,
  sideText,
  STATUS_WORDS,
  TYPE_WORDS,
} from '../../../lib/bet-format';

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
  'money',
  'status',
  'result',
  'reward',
  'clv',
];

/**
 * The rows as CSV (RFC 4180, CRLF line ends): stakes in dollars, picks' rewards in points, bets' in dollars; each
 * row's kind of money (`real`, `simulated`, `teller`), so a spreadsheet never sums real money with play money.
 */
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
    entry.stake_cents === null ? null : centsToDollarsText(entry.stake_cents),
    entry.book,
    entry.is_simulated,
    entryMoney(entry),
    STATUS_WORDS[entry.status] ?? '',
    gradingState(entry),
    entry.reward === null ? null : isPick(entry.bet_mode) ? entry.reward : centsToDollarsText(entry.reward),
    entry.clv,
  ]);
  return [CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
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

import type { SyncSlip } from '@pass/contracts';
import { decimalToAmerican, isAmericanPrice } from '@pass/domain';

/**
 * What every sportsbook connector gives back (decision 051): the bets it could read as bet slips, and each row
 * it could not read with the reason. A connector never guesses: a row it does not understand is reported.
 */

/** The formats an export arrives in, as `sync_uploads.format` names them. */
export type BetHistoryFormat = 'draftkings_csv' | 'fanduel_csv' | 'json';

export interface RowError {
  /** The file's line (CSV, the header being line 1) or the slip's place in the list (JSON, from 1). */
  row: number;
  reason: string;
}

export interface BetHistory {
  format: BetHistoryFormat;
  slips: SyncSlip[];
  rowErrors: RowError[];
  /** Data rows read (CSV lines after the header, or slips in a JSON list). */
  rows: number;
}

/**
 * The reading of an export as bounded steps: the generator yields between steps (a few hundred rows or bets
 * each) and returns the history. `readAtOnce` runs it straight through; the upload route gives the event loop
 * a turn at each yield, so one large file never holds up the server's other requests.
 */
export type ReadSteps<T> = Generator<undefined, T, undefined>;

export interface BetHistoryConnector {
  format: BetHistoryFormat;
  readSteps(text: string): ReadSteps<BetHistory>;
}

/** Runs a reading to its end without pausing. */
export function readAtOnce<T>(steps: ReadSteps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs a reading to its end, awaiting `turn` at each of its pauses (lib/event-loop.ts's yield in the server). */
export async function readGivingTurns<T>(steps: ReadSteps<T>, turn: () => Promise<void>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await turn();
  }
}

/** The largest export accepted, in bytes. */
export const MAX_EXPORT_BYTES = 10 * 1024 * 1024;

/**
 * The most data rows (CSV lines after the header, or slips in a JSON list) one upload may hold: the work of an
 * upload stays bounded whatever its bytes hold. A year of a heavy bettor's history is a few thousand rows; a
 * larger file is refused as a whole, to be split by date.
 */
export const MAX_EXPORT_ROWS = 20_000;

/** The refusal of a file with more rows than an upload may hold. */
export function tooManyRows(): UnreadableExport {
  return new UnreadableExport(
    `the file has more than ${MAX_EXPORT_ROWS.toLocaleString('en-US')} rows: export fewer months at a time and upload each file`,
  );
}

/** The most row errors an upload lists one by one; the rest are told in one last entry. */
export const MAX_LISTED_ROW_ERRORS = 1_000;

/**
 * The row errors as an upload lists them: in file order, the first `MAX_LISTED_ROW_ERRORS`, then (when there
 * are more) one entry at the first row left out saying how many more there are. A file of unreadable rows then
 * costs a bounded answer and a bounded record, and a member is not handed thousands of lines.
 */
export function listRowErrors(rowErrors: readonly RowError[]): RowError[] {
  const sorted = [...rowErrors].sort((a, b) => a.row - b.row);
  if (sorted.length <= MAX_LISTED_ROW_ERRORS) return sorted;
  const more = sorted.length - MAX_LISTED_ROW_ERRORS;
  return [
    ...sorted.slice(0, MAX_LISTED_ROW_ERRORS),
    {
      row: sorted[MAX_LISTED_ROW_ERRORS]!.row,
      reason: `this row and ${(more - 1).toLocaleString('en-US')} more after it could not be read either (${sorted.length.toLocaleString('en-US')} in all; the first ${MAX_LISTED_ROW_ERRORS.toLocaleString('en-US')} are listed)`,
    },
  ];
}

/** How many rows (or slips) a reading handles between two pauses. */
export const ROWS_PER_STEP = 500;
/** How much text the CSV reader scans between two pauses, however few rows it holds. */
export const CHARS_PER_STEP = 256 * 1024;

/** A file refused as a whole (wrong encoding, no known header): the request answers 400 and keeps nothing. */
export class UnreadableExport extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableExport';
  }
}

/**
 * The text of an export: UTF-8 only, its byte-order mark dropped. UTF-16 (a spreadsheet's "Unicode text") and
 * single-byte encodings (Latin-1, Windows-1252) are refused by name rather than read as mojibake.
 */
export function decodeExport(bytes: Uint8Array): string {
  if (bytes.length > MAX_EXPORT_BYTES) {
    throw new UnreadableExport(`the file is ${bytes.length} bytes: at most ${MAX_EXPORT_BYTES} (10 MB) are accepted`);
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new UnreadableExport('the file is UTF-16: save it as UTF-8 (CSV UTF-8) and upload it again');
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    throw new UnreadableExport(
      `the file has a NUL byte at byte ${nul + 1}, as UTF-16 text does: save it as UTF-8 and upload it again`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UnreadableExport(
      'the file is not UTF-8 (it looks like Latin-1 or Windows-1252): save it as UTF-8 and upload it again',
    );
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A cell as it may be quoted back in a reason: one that a spreadsheet would evaluate (starting with `=`, `+`,
 * `-`, `@`, a tab or a carriage return) gets a leading apostrophe, so it can only ever be shown as text.
 */
export function asText(cell: string): string {
  const shown = cell.length > 60 ? `${cell.slice(0, 60)}…` : cell;
  return /^[=+\-@\t\r]/.test(shown) ? `'${shown}` : shown;
}

/** Whether a name cell looks like a spreadsheet formula rather than a name. */
export function looksLikeFormula(cell: string): boolean {
  return /^[=+\-@\t\r]/.test(cell);
}

/** An American price as written ("+150", "-110", "150", "EVEN"); undefined for anything else. */
export function parseAmericanPrice(value: string): number | undefined {
  const trimmed = value.trim();
  if (/^even$/i.test(trimmed)) return 100;
  if (!/^[+-]?\d{3,6}$/.test(trimmed)) return undefined;
  const price = Number(trimmed);
  return isAmericanPrice(price) ? price : undefined;
}

/**
 * A decimal price as written ("2.50") as the nearest whole American one; undefined at 1.01 or below, or when
 * not a finite number.
 */
export function parseDecimalPrice(value: string): number | undefined {
  const trimmed = value.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  const decimal = Number(trimmed);
  if (!(decimal > 1.01) || !Number.isFinite(decimal)) return undefined;
  return decimalToAmerican(decimal);
}

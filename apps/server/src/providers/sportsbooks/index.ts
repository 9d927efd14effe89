import { parseCsv } from '@pass/domain';
import { columnKey } from './bet-history-csv.js';
import {
  readAtOnce,
  UnreadableExport,
  type BetHistory,
  type BetHistoryConnector,
  type ReadSteps,
} from './bet-history.js';
import { draftKingsCsv } from './draftkings-csv.js';
import { fanDuelCsv } from './fanduel-csv.js';
import { jsonSlips } from './json-slips.js';

export * from './bet-history.js';
export { draftKingsCsv, fanDuelCsv, jsonSlips };

/**
 * The connector for an export, from its first characters and header: JSON slips, FanDuel's CSV (it names the
 * game in `Event Name` and has `Leg Handicap`) or DraftKings' (`External Bet ID` without them). Anything else is
 * refused as a whole.
 */
export function detectConnector(text: string): BetHistoryConnector {
  const start = text.trimStart();
  if (start === '') throw new UnreadableExport('the file is empty');
  if (start.startsWith('[') || start.startsWith('{')) return jsonSlips;
  const firstLine = start.slice(0, Math.min(start.length, 8192)).split(/\r?\n/, 1)[0] ?? '';
  const header = new Set((parseCsv(firstLine)[0]?.fields ?? []).map(columnKey));
  if (!header.has('external bet id')) {
    throw new UnreadableExport(
      "the header is not DraftKings' or FanDuel's bet-history export (it has no External Bet ID column)",
    );
  }
  if (header.has('leg handicap') || header.has('multi bet american odds')) return fanDuelCsv;
  return draftKingsCsv;
}

/** Reads an export's text with the connector its header names. */
export function readBetHistory(text: string): BetHistory {
  return readAtOnce(readBetHistorySteps(text));
}

/** `readBetHistory` in bounded steps, for a caller that gives other work a turn between them. */
export function readBetHistorySteps(text: string): ReadSteps<BetHistory> {
  return detectConnector(text).readSteps(text);
}

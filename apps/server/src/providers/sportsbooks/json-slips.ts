import { SyncSlip } from '@pass/contracts';
import {
  listRowErrors,
  MAX_EXPORT_ROWS,
  ROWS_PER_STEP,
  tooManyRows,
  UnreadableExport,
  type BetHistory,
  type BetHistoryConnector,
  type ReadSteps,
  type RowError,
} from './bet-history.js';

/**
 * The bet-slip format (decision 051) as a file: a JSON list of slips, or `{ "slips": [...] }`. Each slip is
 * checked on its own, so one bad slip is a row error and the others are still read.
 */
export const jsonSlips: BetHistoryConnector = {
  format: 'json',
  *readSteps(text: string): ReadSteps<BetHistory> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new UnreadableExport('the file is not valid JSON');
    }
    const list = Array.isArray(value)
      ? value
      : value !== null && typeof value === 'object' && Array.isArray((value as { slips?: unknown }).slips)
        ? (value as { slips: unknown[] }).slips
        : undefined;
    if (!list) throw new UnreadableExport('the JSON is neither a list of bet slips nor { "slips": [...] }');
    if (list.length > MAX_EXPORT_ROWS) throw tooManyRows();
    const slips: SyncSlip[] = [];
    const rowErrors: RowError[] = [];
    for (const [index, item] of list.entries()) {
      if (index % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
      const parsed = SyncSlip.safeParse(item);
      if (parsed.success) slips.push(parsed.data);
      else {
        const reason = parsed.error.issues
          .slice(0, 5)
          .map((issue) => `${issue.path.join('.') || 'slip'}: ${issue.message}`)
          .join('; ');
        rowErrors.push({ row: index + 1, reason });
      }
    }
    return { format: 'json', slips, rowErrors: listRowErrors(rowErrors), rows: list.length };
  },
};

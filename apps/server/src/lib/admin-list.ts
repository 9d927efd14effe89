import {
  ADMIN_EXPORT_MAX_ROWS,
  type AdminPageInfo,
  type AdminPaging,
  type ExportFormat,
  type SortDirection,
} from '@pass/contracts';
import { asc, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.js';

/**
 * The pieces every admin list shares (decision 049): the sort checked against a whitelist, paging, and
 * the export as CSV (RFC 4180, safe to open in a spreadsheet) or JSON.
 */

/** The sortable columns of a list, by the name the API and its CSV header give them. */
export type SortColumns = Readonly<Record<string, SQLWrapper>>;

export interface ResolvedSort {
  column: string;
  dir: SortDirection;
  orderBy: SQL[];
}

/**
 * The ORDER BY of a list: the asked column when the whitelist has it, else 400 naming the field and the
 * reason (`not_sortable`), so a request can never sort by an expression of its own. `tieBreak` (the table's
 * key) keeps pages stable when the sorted column has equal values.
 */
export function resolveSort(
  columns: SortColumns,
  asked: { sort?: string | undefined; dir?: SortDirection | undefined },
  fallback: { column: string; dir: SortDirection },
  tieBreak: SQLWrapper,
): ResolvedSort {
  const column = asked.sort ?? fallback.column;
  if (!Object.hasOwn(columns, column)) {
    const names = Object.keys(columns).join(', ');
    const message = `cannot sort by "${column}": sort by one of ${names}`;
    throw new AppError('BAD_REQUEST', `Invalid request. querystring.sort: ${message}`, [
      { field: 'querystring.sort', message, reason: 'not_sortable' },
    ]);
  }
  const dir = asked.dir ?? (asked.sort === undefined ? fallback.dir : 'asc');
  const order = dir === 'asc' ? asc : desc;
  // NULLs last either way, so the rows with a value lead whichever way the admin sorts.
  const expression = columns[column]!;
  return {
    column,
    dir,
    orderBy: [sql`${expression} is null`, order(expression as SQL), order(tieBreak as SQL)],
  };
}

export function pageWindow(paging: AdminPaging): { limit: number; offset: number } {
  return { limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize };
}

export function pageInfo(paging: AdminPaging, total: number, sort: ResolvedSort): AdminPageInfo {
  return { page: paging.page, page_size: paging.pageSize, total, sort: sort.column, dir: sort.dir };
}

/** `a` in a LIKE pattern that matches the text itself, its % and _ included. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

// ---------------------------------------------------------------------------------------------------------
// CSV

// A spreadsheet reads a cell starting with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): null is empty, text that opens like a formula is prefixed with an apostrophe so a
 * spreadsheet shows it as text, and a cell holding a comma, quote or line break is quoted with its quotes
 * doubled. Numbers and booleans are written as they are (a negative number is a number, not a formula).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: the header line, then one line per row, each ended by CRLF (RFC 4180). */
export function toCsv<Row extends Record<string, unknown>>(columns: readonly (keyof Row & string)[], rows: Row[]) {
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Sends an export as a download named `<name>-<date>.<format>`: CSV with a header line, or JSON as
 * `{ "data": [...] }`. Asks for one row more than it sends, to say when the export stopped at the limit.
 */
export function sendExport<Row extends Record<string, unknown>>(
  reply: FastifyReply,
  input: {
    name: string;
    format: ExportFormat;
    columns: readonly (keyof Row & string)[];
    rows: Row[];
    now: Date;
  },
): FastifyReply {
  const truncated = input.rows.length > ADMIN_EXPORT_MAX_ROWS;
  const rows = truncated ? input.rows.slice(0, ADMIN_EXPORT_MAX_ROWS) : input.rows;
  const filename = `${input.name}-${input.now.toISOString().slice(0, 10)}.${input.format}`;
  reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-export-rows', String(rows.length))
    .header('x-export-truncated', truncated ? 'true' : 'false');
  if (input.format === 'json') {
    return reply.type('application/json; charset=utf-8').send(JSON.stringify({ data: rows }));
  }
  return reply.type('text/csv; charset=utf-8').send(toCsv(input.columns, rows));
}

/** One CSV row with the 1-based line it starts on, so a parser can say which line it skipped. */
export interface CsvRow {
  line: number;
  fields: string[];
}

/**
 * RFC 4180 CSV: quoted fields with doubled quotes, commas and line breaks inside quotes, LF or CRLF
 * endings (Retrosheet's own zips use CRLF), an optional byte-order mark. Blank lines are dropped.
 */
export function parseCsv(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  for (const row of iterateCsv(text)) if (row) rows.push(row);
  return rows;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The rows of `parseCsv` one at a time, so a caller can stop early or give other work a turn between them. With
 * `pauseEveryChars`, `undefined` is also yielded once about that much text has been read since the last pause
 * (checked between cells, whose text is taken by native scans), however few rows it held.
 */
export function* iterateCsv(text: string, pauseEveryChars = Infinity): Generator<CsvRow | undefined, void, undefined> {
  // Runs of plain characters are taken with one slice each, never a character at a time: a string built by
  // millions of one-character appends costs more in garbage collection than in reading.
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let nextPause = i + pauseEveryChars;
  const end = text.length;

  while (i < end) {
    if (i >= nextPause) {
      nextPause = i + pauseEveryChars;
      yield undefined;
    }
    if (quoted) {
      const quote = text.indexOf('"', i);
      const stop = quote === -1 ? end : quote;
      for (
        let newline = text.indexOf('\n', i);
        newline !== -1 && newline < stop;
        newline = text.indexOf('\n', newline + 1)
      ) {
        line++;
      }
      field += text.slice(i, stop);
      if (quote === -1) {
        i = end;
      } else if (text.charCodeAt(quote + 1) === QUOTE) {
        field += '"';
        i = quote + 2;
      } else {
        quoted = false;
        i = quote + 1;
      }
      continue;
    }
    let j = i;
    let code = 0;
    for (; j < end; j++) {
      code = text.charCodeAt(j);
      if (code === QUOTE || code === COMMA || code === LF || code === CR) break;
    }
    field += text.slice(i, j);
    if (j === end) break;
    i = j + 1;
    if (code === QUOTE) {
      quoted = true;
    } else if (code === COMMA) {
      fields.push(field);
      field = '';
    } else {
      if (code === CR && text.charCodeAt(i) === LF) i++;
      fields.push(field);
      if (fields.length > 1 || fields[0] !== '') yield { line: rowLine, fields };
      fields = [];
      field = '';
      line++;
      rowLine = line;
    }
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') yield { line: rowLine, fields };
  }
}

/** A CSV with a header row, as records keyed by column name. Missing trailing cells read as ''. */
export interface CsvRecord {
  line: number;
  get(column: string): string;
}

export function parseCsvWithHeader(text: string, requiredColumns: readonly string[] = []): CsvRecord[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const columns = new Map(header.fields.map((name, index) => [name.trim(), index]));
  const missing = requiredColumns.filter((column) => !columns.has(column));
  if (missing.length > 0) throw new Error(`CSV lacks the column(s) ${missing.join(', ')}`);
  return rows.map(({ line, fields }) => ({
    line,
    get: (column: string) => {
      const index = columns.get(column);
      return index === undefined ? '' : (fields[index] ?? '');
    },
  }));
}

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
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };

  for (; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      field += char;
    }
  }
  if (field !== '' || fields.length > 0) endRow();
  return rows;
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

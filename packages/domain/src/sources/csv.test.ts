import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iterateCsv, parseCsv, parseCsvWithHeader, type CsvRow } from './csv.js';

describe('parseCsv', () => {
  it('handles quotes, doubled quotes, embedded commas and line breaks, CRLF and a BOM', () => {
    const text = '\uFEFFa,"b,c","say ""hi"""\r\n"multi\nline",,x\r\n\r\nlast';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b,c', 'say "hi"'] },
      { line: 2, fields: ['multi\nline', '', 'x'] },
      { line: 5, fields: ['last'] },
    ]);
  });

  it('reads back whatever a writer quoting every field wrote', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'b', ',', '"', '\n', '\r\n', ' ', 'é') });
    const rows = fc.array(fc.array(field, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(rows, fc.constantFrom('\n', '\r\n'), (table, eol) => {
        const text = table.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join(eol);
        expect(parseCsv(text).map((row) => row.fields)).toEqual(table);
      }),
    );
  });
});

/** The reader as it first was, one character at a time: the oracle for the faster one on any text at all. */
function oneCharAtATime(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else field += char;
  }
  if (field !== '' || fields.length > 0) endRow();
  return rows;
}

describe('iterateCsv', () => {
  it('reads any text as the one-character-at-a-time reader did, wherever it pauses', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', ',', '"', '""', '\n', '\r', '\r\n', ' ', 'é', '\uFEFF') });
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 8 }), (csv, pauseEveryChars) => {
        const expected = oneCharAtATime(csv);
        expect(parseCsv(csv)).toEqual(expected);
        const withPauses = [...iterateCsv(csv, pauseEveryChars)];
        expect(withPauses.filter((row) => row !== undefined)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('pauses after each stretch of text it has read', () => {
    const text = 'a,"b"\n'.repeat(1000);
    const read = [...iterateCsv(text, 100)];
    expect(read.filter((row) => row !== undefined)).toHaveLength(1000);
    expect(read.filter((row) => row === undefined)).toHaveLength(Math.floor((text.length - 1) / 100));
  });
});

describe('parseCsvWithHeader', () => {
  it('reads cells by column name and names missing columns', () => {
    const [row] = parseCsvWithHeader('x,y\n1');
    expect([row?.get('x'), row?.get('y'), row?.get('z')]).toEqual(['1', '', '']);
    expect(() => parseCsvWithHeader('x,y\n1,2', ['x', 'w'])).toThrow('CSV lacks the column(s) w');
  });
});

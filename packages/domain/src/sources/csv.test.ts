import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvWithHeader } from './csv.js';

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

describe('parseCsvWithHeader', () => {
  it('reads cells by column name and names missing columns', () => {
    const [row] = parseCsvWithHeader('x,y\n1');
    expect([row?.get('x'), row?.get('y'), row?.get('z')]).toEqual(['1', '', '']);
    expect(() => parseCsvWithHeader('x,y\n1,2', ['x', 'w'])).toThrow('CSV lacks the column(s) w');
  });
});

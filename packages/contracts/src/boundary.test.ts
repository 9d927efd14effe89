import { describe, expect, it } from 'vitest';
import {
  findUnsafeText,
  Id,
  idField,
  IdParam,
  MAX_ID,
  oneLineTextReason,
  SingleLine,
  Text,
  unsafeTextReason,
} from './boundary.js';
import { CreateBetBody, LineHistoryParams } from './index.js';

describe('unsafeTextReason', () => {
  it.each([
    ['plain text', 'Kansas City'],
    ['accents and symbols', 'Zoë – 50% ¢'],
    ['a surrogate pair (an emoji)', 'go 🏈 go'],
    ['an empty string', ''],
  ])('accepts %s', (_case, value) => {
    expect(unsafeTextReason(value)).toBeNull();
  });

  it.each([
    ['a NUL', 'a\u0000b', 'NUL'],
    ['a lone high surrogate', 'a\ud800b', 'lone surrogate'],
    ['a high surrogate at the end', 'ab\ud83c', 'lone surrogate'],
    ['a lone low surrogate', '\udc00ab', 'lone surrogate'],
    ['two high surrogates', '\ud83c\ud83c\udfc8', 'lone surrogate'],
  ])('refuses %s', (_case, value, reason) => {
    expect(unsafeTextReason(value)).toContain(reason);
  });
});

describe('findUnsafeText', () => {
  it('finds nothing in clean values of every kind', () => {
    expect(findUnsafeText({ a: [1, 'x', { b: null, c: true }], d: '🏈' })).toBeNull();
    expect(findUnsafeText(undefined)).toBeNull();
    expect(findUnsafeText(42)).toBeNull();
  });

  it('reports the path of the first offending string, in document order', () => {
    expect(findUnsafeText({ a: 'ok', b: [{ c: 'x\u0000' }], d: '\ud800' })).toEqual({
      path: ['b', 0, 'c'],
      message: 'must not contain a NUL character',
    });
    expect(findUnsafeText('\udc00')?.path).toEqual([]);
  });

  it('reports an offending key at the object holding it', () => {
    expect(findUnsafeText({ outer: { 'bad\u0000key': 1 } })).toEqual({
      path: ['outer'],
      message: 'keys must not contain a NUL character',
    });
  });

  it('walks a value nested far deeper than the call stack allows', () => {
    let value: unknown = 'deep\u0000';
    for (let depth = 0; depth < 200_000; depth += 1) value = [value];
    expect(findUnsafeText(value)?.path).toHaveLength(200_000);
  });
});

describe('Text', () => {
  it('gives only the text rule’s reason when it applies, and the field’s own checks otherwise', () => {
    const Name = Text.trim().min(3, 'too short');
    expect(Name.safeParse('a\u0000').error?.issues.map((issue) => issue.message)).toEqual([
      'must not contain a NUL character',
    ]);
    expect(Name.safeParse('ab').error?.issues.map((issue) => issue.message)).toEqual(['too short']);
    expect(Name.parse('  Pat  ')).toBe('Pat');
  });

  it('is the base of the request schemas: a bet’s book refuses a lone surrogate', () => {
    const result = CreateBetBody.safeParse({ event_id: 1, bet_mode: 1, bet_kind: 1, bet_type: 1, book: 'x\ud800' });
    expect(result.error?.issues.find((issue) => issue.path[0] === 'book')?.message).toContain('lone surrogate');
  });
});

describe('ids', () => {
  it('accept 1 to 2147483647, the range of an integer column', () => {
    expect(MAX_ID).toBe(2 ** 31 - 1);
    expect(Id.parse(1)).toBe(1);
    expect(Id.parse(MAX_ID)).toBe(MAX_ID);
    expect(IdParam.parse('2147483647')).toBe(MAX_ID);
  });

  it.each([0, -1, 1.5, MAX_ID + 1, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY])('refuse %s in a body', (value) => {
    expect(Id.safeParse(value).success).toBe(false);
  });

  it('refuse a number written as text in a body', () => {
    expect(Id.safeParse('12').success).toBe(false);
  });

  it.each(['0', '-3', '2147483648', '99999999999999999999', '1.5', 'abc', ''])('refuse "%s" in a path', (value) => {
    expect(IdParam.safeParse(value).success).toBe(false);
  });

  it('name the kind of id and its range in the message', () => {
    expect(idField('an event id').safeParse(MAX_ID + 1).error?.issues[0]?.message).toBe(
      'must be an event id (a whole number from 1 to 2147483647)',
    );
    expect(LineHistoryParams.safeParse({ eventId: '2147483648' }).error?.issues[0]?.path).toEqual(['eventId']);
  });
});

describe('SingleLine: a name or label is one line of text', () => {
  it.each([
    ['a line feed', 'Office\nPool', 'one line'],
    ['a carriage return', 'Office\rPool', 'one line'],
    ['a tab', 'Office\tPool', 'control characters (U+0009)'],
    ['an escape', 'Office\u001b[31mPool', 'control characters (U+001B)'],
    ['DEL', 'Office\u007fPool', 'control characters (U+007F)'],
    ['a C1 control', 'Office\u009bPool', 'control characters (U+009B)'],
    ['NEL', 'Office\u0085Pool', 'one line'],
    ['the line separator', 'Office\u2028Pool', 'one line'],
    ['the paragraph separator', 'Office\u2029Pool', 'one line'],
    ['a right-to-left override', 'Office\u202ePool', 'text-direction controls (U+202E)'],
    ['a directional isolate', 'Office\u2067Pool', 'text-direction controls (U+2067)'],
  ])('refuses %s', (_label, value, reason) => {
    const result = SingleLine.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(reason);
    expect(oneLineTextReason(value)).toContain(reason);
  });

  it.each(['Office Pool', 'Café “Les Bleus” 🏈', 'שלום pool', 'Pool\u200f name'])('keeps %s', (value) => {
    expect(SingleLine.parse(value)).toBe(value);
  });

  it('still refuses what every text refuses', () => {
    expect(SingleLine.safeParse('a\u0000b').error?.issues).toHaveLength(1);
  });
});

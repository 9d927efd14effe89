import { z } from 'zod';

/**
 * The rules every request meets before any handler runs (decision 016): text PostgreSQL can store, and ids
 * in the range of the columns they name. The server applies `findUnsafeText` to the whole of each request's
 * body, query and path; the schemas below give forms in the web app the same answers.
 */

/** The largest value of an `integer` (`serial`) column, which every id in the API is. */
export const MAX_ID = 2_147_483_647;

// A high surrogate not followed by a low one, or a low one not preceded by a high one. Matched on UTF-16
// code units (no `u` flag), which is what a JavaScript string holds.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why a text cannot be accepted, or null when it can: PostgreSQL refuses NUL in text, and a lone surrogate
 * is not Unicode (it cannot be encoded as UTF-8, so the database refuses it too).
 */
export function unsafeTextReason(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (it contains a lone surrogate)';
  return null;
}

export interface UnsafeText {
  /** Keys and indexes from the walked value to the offending string (empty when the value itself is one). */
  path: (string | number)[];
  message: string;
}

// Each entry links to its parent, so a path is built only for the string that is reported.
interface TextEntry {
  value: unknown;
  key: string | number | null;
  parent: TextEntry | null;
}

function pathOf(entry: TextEntry | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = entry; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The first string in a parsed value (JSON body, query, path parameters) that `unsafeTextReason` refuses,
 * in document order, object keys included (reported at their object). Walks without recursion, so a deeply
 * nested body cannot exhaust the stack.
 */
export function findUnsafeText(value: unknown): UnsafeText | null {
  // Every request passes its body, query and path here, most of them with nothing to walk.
  if (value === undefined || value === null) return null;
  const stack: TextEntry[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const current = entry.value;
    if (typeof current === 'string') {
      const message = unsafeTextReason(current);
      if (message) return { path: pathOf(entry), message };
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        stack.push({ value: current[index], key: index, parent: entry });
      }
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current);
      for (const key of keys) {
        const message = unsafeTextReason(key);
        if (message) return { path: pathOf(entry), message: `keys ${message}` };
      }
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index]!;
        stack.push({ value: (current as Record<string, unknown>)[key], key, parent: entry });
      }
    }
  }
  return null;
}

/** A string under the text rule: the base of every text field of a request. */
export const Text = z.string().superRefine((value, context) => {
  const message = unsafeTextReason(value);
  // The other checks of the field would only repeat the problem in their own words.
  if (message) context.addIssue({ code: 'custom', message, continue: false });
});

const idMessage = (noun: string) => `must be ${noun} (a whole number from 1 to ${MAX_ID})`;

/** An id in a JSON body: a number in the range of an integer column. */
export function idField(noun = 'an id') {
  const message = idMessage(noun);
  return z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);
}

/** An id in a path or query: its digits, read as a number in the range of an integer column. */
export function idParam(noun = 'an id') {
  const message = idMessage(noun);
  return z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);
}

/** The shared id schemas; the functions above name the kind of id in their messages. */
export const Id = idField();
export type Id = z.infer<typeof Id>;
export const IdParam = idParam();
export type IdParam = z.infer<typeof IdParam>;

// What cannot be in one line of text: C0 controls (line feed, carriage return and tab among them), DEL, C1
// controls (NEL among them), the Unicode line and paragraph separators, and the bidirectional embeddings,
// overrides and isolates, which make a name read differently from what it is (the marks LRM and RLM stay).
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** Why a text cannot be one line of a name or label, or null when it can (decision 055). */
export function oneLineTextReason(value: string): string | null {
  const found = NOT_ONE_LINE.exec(value)?.[0];
  if (found === undefined) return null;
  const code = found.codePointAt(0)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if ([0x0a, 0x0b, 0x0c, 0x0d, 0x85, 0x2028, 0x2029].includes(code)) {
    return `must be one line (it contains a line break, ${hex})`;
  }
  if (code >= 0x202a) return `must not contain text-direction controls (${hex})`;
  return `must not contain control characters (${hex})`;
}

/**
 * A one-line text (a name, a label, a search): the text rule, and no control characters or line breaks.
 * Multi-line texts (chat posts, announcements) stay `Text`.
 */
export const SingleLine = Text.superRefine((value, context) => {
  const message = oneLineTextReason(value);
  if (message) context.addIssue({ code: 'custom', message, continue: false });
});

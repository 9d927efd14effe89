import { checkEmail } from './email.js';

/** One entry of a pasted list of addresses, as the Lifeguard wrote it and as PA$$ reads it. */
export interface ListedAddress {
  /** The entry as written (trimmed): `Pat Smith <pat@example.com>` or `pat@example.com`. */
  entry: string;
  /** The address it names, checked and lower-cased; null when it names none PA$$ can write to. */
  email: string | null;
  /** Why the entry names no address (checkEmail's reason), or that the address came earlier in the list. */
  problem: string | null;
}

/** The most addresses one paste may hold: a pool's guests. */
export const ADDRESS_LIST_MAX = 25;

/**
 * Splits a pasted list of addresses the way mail programs and spreadsheets give them: separated by commas,
 * semicolons or new lines, each either a bare address or `Name <address>` (a quoted name may hold a comma, as in
 * `"Smith, Pat" <pat@example.com>`). Empty entries are dropped; an address already listed is marked, not dropped,
 * so the Lifeguard sees every line answered.
 */
export function parseAddressList(text: string): ListedAddress[] {
  const entries: string[] = [];
  let current = '';
  let quoted = false;
  let angled = false;
  for (const char of text) {
    if (char === '"' && !angled) quoted = !quoted;
    else if (char === '<' && !quoted) angled = true;
    else if (char === '>' && !quoted) angled = false;
    if (!quoted && !angled && (char === ',' || char === ';' || char === '\n' || char === '\r')) {
      entries.push(current);
      current = '';
    } else current += char;
  }
  entries.push(current);
  const seen = new Set<string>();
  return entries
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const angle = /<([^<>]*)>\s*$/.exec(entry);
      const checked = checkEmail(angle ? angle[1]! : entry);
      if (!checked.ok) return { entry, email: null, problem: checked.reason };
      if (seen.has(checked.email)) return { entry, email: checked.email, problem: 'Listed earlier' };
      seen.add(checked.email);
      return { entry, email: checked.email, problem: null };
    });
}

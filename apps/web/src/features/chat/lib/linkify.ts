/**
 * A chat message's text cut into plain text and links. Only http and https addresses become links; anything
 * else (javascript:, data:, a bare domain) stays text. The parts are rendered as React text and anchors, so
 * no message is ever read as HTML.
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address: "see https://example.com." */
const TRAILING = /[.,!?;:'")\]}]/;

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    let candidate = match[0];
    while (TRAILING.test(candidate.slice(-1))) {
      // A closing parenthesis that belongs to the address (a wiki link) stays.
      if (candidate.endsWith(')') && count(candidate, '(') >= count(candidate, ')')) break;
      candidate = candidate.slice(0, -1);
    }
    const href = safeHref(candidate);
    if (!href) continue;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', text: candidate, href });
    at = start + candidate.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

/** The address as a link may carry it: http or https with a host, or null. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
    return url.href;
  } catch {
    return null;
  }
}

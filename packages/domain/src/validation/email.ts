/** Email rules of the specification (section 5): trimmed, lower-cased, at most 127 characters, a .com, .org or .net address. */

export const EMAIL_MAX_LENGTH = 127;
const ALLOWED_SUFFIXES = ['com', 'org', 'net'] as const;

// Local part and domain labels of an ordinary address; the top-level domain is 2 to 4 letters.
const EMAIL_PATTERN = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,4})$/;

export type EmailCheck = { ok: true; email: string } | { ok: false; reason: string };

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function checkEmail(raw: string): EmailCheck {
  const email = normalizeEmail(raw);
  if (email.length === 0) return { ok: false, reason: 'Email is required' };
  if (email.length > EMAIL_MAX_LENGTH)
    return { ok: false, reason: `Email must be at most ${EMAIL_MAX_LENGTH} characters` };
  const match = EMAIL_PATTERN.exec(email);
  if (!match) return { ok: false, reason: 'Email is not a valid address' };
  const tld = match[1] as string;
  if (!(ALLOWED_SUFFIXES as readonly string[]).includes(tld)) {
    return { ok: false, reason: 'Email must end in .com, .org or .net' };
  }
  return { ok: true, email };
}

/** Providers that deliver `a.b.c@` to `abc@`: dots in their local parts name nobody new. */
const DOTS_IGNORED_BY = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, for counting how often one person was written to: lower case; the `+tag`
 * the large providers (and most others) deliver to the same mailbox stripped; for Gmail, whose two domains are
 * one mailbox and which ignores dots in the local part, those too. It is a key for limits, never an address to
 * write to: the mail still goes to the address as typed.
 */
export function canonicalEmail(email: string): string {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf('@');
  if (at <= 0) return normalized;
  let local = normalized.slice(0, at);
  let domain = normalized.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTS_IGNORED_BY.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

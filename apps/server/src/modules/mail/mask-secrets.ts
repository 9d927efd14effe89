/**
 * What the admin's outbox shows of a mail: every link with its secret part masked. A link in a mail is how
 * its reader proves who they are (a verification or reset token), so whoever reads it unmasked can act as
 * them; the operator's command line (`npm run admin -- outbox`) is the one place unsent mail shows in full.
 */
export const MASK = '[masked]';

const LINK = /\bhttps?:\/\/[^\s<>"']+/g;
// A path segment that looks like a secret rather than a word: long, from a token's alphabet.
const SECRET_SEGMENT = /^[A-Za-z0-9_~.%-]{16,}$/;
// Punctuation that ends a sentence rather than the link.
const TRAILING = /[.,;:!?)\]]+$/;

/** Masks every query value, fragment and secret-looking path segment of every link in the text. */
export function maskLinkSecrets(text: string): string {
  return text.replace(LINK, (match) => {
    const trailing = TRAILING.exec(match)?.[0] ?? '';
    const link = match.slice(0, match.length - trailing.length);
    return maskLink(link) + trailing;
  });
}

function maskLink(link: string): string {
  const hashAt = link.indexOf('#');
  const beforeHash = hashAt === -1 ? link : link.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? null : beforeHash.slice(queryAt + 1);
  // scheme://host stays; each path segment after it is judged on its own.
  const pathAt = base.indexOf('/', base.indexOf('//') + 2);
  const origin = pathAt === -1 ? base : base.slice(0, pathAt);
  const segments = pathAt === -1 ? [] : base.slice(pathAt + 1).split('/');
  const path = segments.map((segment) => (SECRET_SEGMENT.test(segment) ? MASK : segment));
  let masked = pathAt === -1 ? origin : `${origin}/${path.join('/')}`;
  if (query !== null) {
    masked += `?${query
      .split('&')
      .map((pair) => {
        const equals = pair.indexOf('=');
        // A bare value (`?abc…`) can be a token as well as a named one.
        if (equals === -1) return pair === '' ? pair : MASK;
        return `${pair.slice(0, equals)}=${MASK}`;
      })
      .join('&')}`;
  }
  if (hashAt !== -1) masked += `#${MASK}`;
  return masked;
}

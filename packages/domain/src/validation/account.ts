/** Account rules shared by the sign-up form and the server that enforces them. */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const NAME_MAX_LENGTH = 80;

// Letters, digits, dot, underscore and hyphen, starting with a letter or digit: safe in URLs and mentions.
const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export type Check = { ok: true } | { ok: false; reason: string };

/** Length only: no composition rules (NIST SP 800-63B). Common passwords are refused by the server's list. */
export function checkPasswordLength(password: string): Check {
  if (password.length < PASSWORD_MIN_LENGTH)
    return { ok: false, reason: `must be at least ${PASSWORD_MIN_LENGTH} characters` };
  if (password.length > PASSWORD_MAX_LENGTH)
    return { ok: false, reason: `must be at most ${PASSWORD_MAX_LENGTH} characters` };
  return { ok: true };
}

/**
 * Names no member may take, in any case and with any dots, hyphens, underscores or trailing digits: they would
 * pass for the service speaking (its staff, its mailboxes, its machinery). Being the admin is a flag the
 * operator grants, never a name (DESIGN.md section 6); these names only keep anyone from seeming to be it.
 */
export const RESERVED_USERNAMES: readonly string[] = [
  'abuse',
  'admin',
  'administrator',
  'api',
  'help',
  'helpdesk',
  'hostmaster',
  'info',
  'lifeguard',
  'mod',
  'moderator',
  'noreply',
  'official',
  'operator',
  'owner',
  'pass',
  'postmaster',
  'root',
  'security',
  'staff',
  'superuser',
  'support',
  'sysadmin',
  'system',
  'team',
  'webmaster',
  'www',
];

/** The form of a name compared with the reserved ones: lower case, no separators, no digits at the end. */
function reservedKey(username: string): string {
  return username
    .toLowerCase()
    .replace(/[._-]+/g, '')
    .replace(/\d+$/, '');
}

const RESERVED = new Set(RESERVED_USERNAMES);

/** Whether a name passes for the service itself (`Admin`, `no-reply`, `support_2`). */
export function isReservedUsername(username: string): boolean {
  return RESERVED.has(reservedKey(username));
}

export function checkUsername(username: string): Check {
  if (username.length < USERNAME_MIN_LENGTH)
    return { ok: false, reason: `must be at least ${USERNAME_MIN_LENGTH} characters` };
  if (username.length > USERNAME_MAX_LENGTH)
    return { ok: false, reason: `must be at most ${USERNAME_MAX_LENGTH} characters` };
  if (!USERNAME_PATTERN.test(username)) {
    return {
      ok: false,
      reason: 'may use letters, digits, dots, hyphens and underscores, and must start with a letter or digit',
    };
  }
  if (isReservedUsername(username)) return { ok: false, reason: 'is reserved: choose another name' };
  return { ok: true };
}

/** The text whose MD5 the client sends as X-AUTH-IDENT at login (the specification's identity header). */
export function authIdentInput(username: string): string {
  return `user:${username}`;
}

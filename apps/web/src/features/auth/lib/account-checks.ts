import {
  checkEmail,
  checkPasswordLength,
  checkUsername,
  NAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '@pass/domain';
import { reasonOf, type FieldSpec } from './use-form-fields';

/** The server's account rules (from @pass/domain) as instant form checks: a reason, or null. */
export const nameCheck = (value: string) =>
  value.trim().length > NAME_MAX_LENGTH ? `must be at most ${NAME_MAX_LENGTH} characters` : null;
export const usernameCheck = (value: string) => reasonOf(checkUsername(value.trim()));
export const emailCheck = (value: string) => reasonOf(checkEmail(value));
export const passwordCheck = (value: string) => reasonOf(checkPasswordLength(value));

export const USERNAME_HINT = `${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters: letters, digits, . _ -`;

/** The address as the server keeps it (trimmed, lower-cased) when it passes the check, else as typed. */
export function normalizedEmail(value: string): string {
  const checked = checkEmail(value);
  return checked.ok ? checked.email : value;
}

/** The fields of sign-up (on its page and on an invitation's), each checked as the user types by the server's rules. */
export const SIGN_UP_FIELDS: Record<'name' | 'username' | 'email' | 'password', FieldSpec> = {
  name: { subject: 'Name', check: nameCheck },
  username: { subject: 'Username', check: usernameCheck },
  email: { subject: 'Email', check: emailCheck },
  password: { subject: 'Password', check: passwordCheck },
};

import {
  checkEmail,
  checkPasswordLength,
  checkUsername,
  NAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '@pass/domain';
import { reasonOf } from './use-form-fields';

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

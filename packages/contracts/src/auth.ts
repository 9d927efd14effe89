import { checkEmail, checkPasswordLength, checkUsername, NAME_MAX_LENGTH } from '@pass/domain';
import { z } from 'zod';
import { SingleLine, Text } from './boundary.js';

/** Turns a domain check into a Zod refinement, so the server and forms give the same reason. */
const checked = (
  check: (value: string) => { ok: true } | { ok: false; reason: string },
  base: typeof Text = SingleLine,
) =>
  base.superRefine((value, context) => {
    const result = check(value);
    if (!result.ok) context.addIssue({ code: 'custom', message: result.reason });
  });

export const Username = checked(checkUsername);
export const Password = checked(checkPasswordLength, Text);
/** An email as the specification checks it; the parsed value is trimmed and lower-cased. */
export const Email = SingleLine.transform((value, context) => {
  const result = checkEmail(value);
  if (!result.ok) {
    context.addIssue({ code: 'custom', message: result.reason });
    return z.NEVER;
  }
  return result.email;
});
export const DisplayName = SingleLine.trim().max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`);

/** A signed-in member as the API shows them to themselves. */
export const AccountUser = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  emailVerified: z.boolean(),
  setupComplete: z.boolean(),
  isAdmin: z.boolean(),
  /** When the member signed up. */
  createdAt: z.string(),
  /** Whether the college football screens are open to the member, and why (the trial, a membership). */
  collegeAccess: z.object({
    granted: z.boolean(),
    reason: z.enum(['trial', 'membership', 'admin', 'trial-ended']),
    trialEndsAt: z.string(),
  }),
});
export type AccountUser = z.infer<typeof AccountUser>;

export const UserResponse = z.object({ data: AccountUser });
export type UserResponse = z.infer<typeof UserResponse>;

export const LoginBody = z.object({
  /** The username, or the email address. */
  username: SingleLine.trim().min(1, 'is required').max(254),
  password: Text.min(1, 'is required').max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = z.object({
  username: Username,
  email: Email,
  password: Password,
  name: DisplayName.optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** The same answer whether or not the address already had an account. */
export const RegisterResponse = z.object({ data: z.object({ status: z.literal('verification_sent') }) });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const TokenParams = z.object({
  token: z
    .string()
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, 'is not a token'),
});
export type TokenParams = z.infer<typeof TokenParams>;

export const VerifyResponse = z.object({ data: z.object({ verified: z.literal(true) }) });
export type VerifyResponse = z.infer<typeof VerifyResponse>;

export const ResendVerificationBody = z.object({ email: Email });
export type ResendVerificationBody = z.infer<typeof ResendVerificationBody>;

export const PasswordResetRequestBody = z.object({
  email: Email,
  username: SingleLine.trim().max(254).optional(),
});
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBody>;

/** The same answer whether or not an account matched. */
export const AcceptedResponse = z.object({ data: z.object({ status: z.literal('accepted') }) });
export type AcceptedResponse = z.infer<typeof AcceptedResponse>;

/** `GET /auth/passwd/reset/{token}`: true while the token can still be used. */
export const ResetTokenValidResponse = z.boolean();

export const PasswordResetBody = z.object({
  token: Text,
  password: Password,
  /** The password typed a second time. */
  verify: Text,
});
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

export const OkResponse = z.object({ data: z.object({ ok: z.literal(true) }) });
export type OkResponse = z.infer<typeof OkResponse>;

/** `POST /auth/logout/others`: how many of the member's other sessions ended. */
export const LogoutOthersResponse = z.object({ data: z.object({ sessions_ended: z.number().int().min(0) }) });
export type LogoutOthersResponse = z.infer<typeof LogoutOthersResponse>;

export const SessionInfoResponse = z.object({
  data: z.object({
    authenticated: z.boolean(),
    user: AccountUser.nullable(),
    session: z
      .object({
        createdAt: z.string(),
        lastSeenAt: z.string(),
        /** When the session ends if it is not used. */
        idleExpiresAt: z.string(),
        /** When the session ends whatever happens. */
        expiresAt: z.string(),
      })
      .nullable(),
  }),
});
export type SessionInfoResponse = z.infer<typeof SessionInfoResponse>;

export const UpdateProfileBody = z
  .object({
    name: DisplayName.nullable().optional(),
    username: Username.optional(),
    /** A new address takes effect once confirmed from the link mailed to it; the old one is told. */
    email: Email.optional(),
    /** Required to change the email address. */
    currentPassword: z.string().min(1, 'is required').max(1024).optional(),
  })
  .refine((body) => body.name !== undefined || body.username !== undefined || body.email !== undefined, {
    message: 'send at least one of name, username, email',
  });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

/** `POST /auth/email/revert/{token}`: the old address is back, every session ended, a reset link mailed. */
export const EmailRevertResponse = z.object({ data: z.object({ reverted: z.literal(true) }) });
export type EmailRevertResponse = z.infer<typeof EmailRevertResponse>;

export const ChangePasswordBody = z.object({
  currentPassword: Text.min(1, 'is required').max(1024),
  newPassword: Password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const AccountSetupBody = z.object({
  username: Username,
  name: DisplayName,
});
export type AccountSetupBody = z.infer<typeof AccountSetupBody>;

export const BillingUserResponse = z.object({ data: z.object({ billing_id: z.string().uuid() }) });
export type BillingUserResponse = z.infer<typeof BillingUserResponse>;

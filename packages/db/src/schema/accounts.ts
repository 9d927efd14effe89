import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The unique indexes on usernames and emails, named so a lost race can be told apart from other errors. */
export const USERNAME_UNIQUE_INDEX = 'users_username_lower_key';
export const EMAIL_UNIQUE_INDEX = 'users_email_lower_key';

/**
 * Members. Usernames and emails are unique case-insensitively (emails are stored normalised, usernames
 * as typed). A member who signed up with Google alone has no password hash.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Set once the member has chosen a username and name (Google sign-ups choose after the fact). */
    setupCompletedAt: timestamp('setup_completed_at', { withTimezone: true }),
    /** The billing id, created with the account (`GET /billing/user`); the payment provider's custom id. */
    billingId: uuid('billing_id').notNull().defaultRandom(),
    /**
     * The admin role. Only the operator's command (`npm run admin -- grant`) sets it, never a request, so no
     * choice of username or profile change can give it.
     */
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * Set while the admin has suspended the account (decision 049): it cannot log in, its sessions are
     * ended and none is resumed. Cleared when the admin lifts the suspension.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The admin's reason, shown to the member at login. */
    suspendedReason: text('suspended_reason'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex(USERNAME_UNIQUE_INDEX).on(sql`lower(${table.username})`),
    uniqueIndex(EMAIL_UNIQUE_INDEX).on(sql`lower(${table.email})`),
    uniqueIndex('users_billing_id_key').on(table.billingId),
  ],
);

/** Sessions: only the SHA-256 of the cookie's id is stored, so a copy of the table opens no session. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client's X-AUTH-TOKEN at login: an identifier of the device, not a secret. */
    deviceId: text('device_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end (30 days after login); the idle end is last_seen_at + 7 days. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** Single-use tokens mailed for password reset, email verification, email change and its revert, stored as SHA-256. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['password_reset', 'email_verification', 'email_change', 'email_revert'],
    }).notNull(),
    /**
     * The address the link is about: for verification, the address it proves (the member may change it
     * before clicking); for an email change, the new address; for a revert, the old address it puts back.
     */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('auth_tokens_user_purpose_idx').on(table.userId, table.purpose)],
);

/** Accounts at outside identity providers (Google), linked by issuer and subject, never by email alone. */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.issuer, table.subject] }),
    index('user_identities_user_id_idx').on(table.userId),
  ],
);

/**
 * A sign-in with an identity provider in progress: its state, nonce and PKCE verifier, bound to the
 * browser by a cookie holding a random id whose hash keys the row.
 */
export const oauthFlows = pgTable('oauth_flows', {
  idHash: text('id_hash').primaryKey(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  intent: text('intent', { enum: ['login', 'register'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Mail as sent, or waiting to be: without SMTP_URL this table is where mail goes (the admin can read it). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on pool mail. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (table) => [index('mail_outbox_to_address_idx').on(table.toAddress)],
);

/**
 * Security events: logins, failures, resets, verifications, session ends. Never a password, token or
 * cookie value: the detail holds only what identifies the event.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    event: text('event').notNull(),
    userId: integer('user_id'),
    requestId: text('request_id'),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_events_user_id_idx').on(table.userId),
    index('audit_events_created_at_idx').on(table.createdAt),
  ],
);

/**
 * Secrets the server makes for itself on first use (the key that signs device cookies), kept in the
 * database so that every instance on it signs and checks alike without a setting to configure.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { parlays, userBets } from './ledger.js';

/**
 * Sportsbook sync (DESIGN.md section 6; decision 051). A member links an account at a book; its bets arrive as
 * the book's bet-history export or through the bet-sync client, each kept once by the book's own bet id, and a
 * matched bet becomes a ledger entry (source `sync`) graded like any other.
 */

/**
 * A linked sportsbook account (the specification's sync account). Unlinking keeps the row (`unlinked_at`) so
 * linking the same book again brings back its bets and its grace clock rather than a fresh five days.
 */
export const syncAccounts = pgTable(
  'sync_accounts',
  {
    id: serial('id').primaryKey(),
    /** `betsync_account_id`: the id the member, the client and the API see. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The book's key in The Odds API's US list (domain `BOOK_TITLES`); `betsync_book_name` is its title. */
    book: text('book').notNull(),
    /** `betsync_account_access`: whether the account syncs (its grace, or a subscription that covers it). */
    access: boolean('access').notNull().default(true),
    /** When it was first linked (the server clock): the 5-day grace counts from here. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    accessChangedAt: timestamp('access_changed_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** What the last sync did: rows read, bets stored, duplicates, rejected. */
    lastSyncSummary: jsonb('last_sync_summary').$type<SyncSummary>(),
    unlinkedAt: timestamp('unlinked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sync_accounts_public_id').on(table.publicId),
    // One linked account per book and member; unlinked ones stay for a relink.
    uniqueIndex('sync_accounts_user_book')
      .on(table.userId, table.book)
      .where(sql`${table.unlinkedAt} is null`),
    index('sync_accounts_user_idx').on(table.userId),
  ],
);

/** What one sync did, kept on the account and on the upload. */
export interface SyncSummary {
  rows: number;
  bets: number;
  stored: number;
  duplicates: number;
  matched: number;
  rejected: number;
}

/**
 * Account-scoped tokens for the bet-sync client: only the SHA-256 of the token is kept (shown once, at
 * creation); a token writes bets to its one account and reads nothing.
 */
export const syncTokens = pgTable(
  'sync_tokens',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => syncAccounts.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, so the member can tell tokens apart. */
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sync_tokens_hash').on(table.tokenHash),
    index('sync_tokens_account_idx').on(table.accountId),
  ],
);

/** A file or batch a sync received, kept as it came (the formats change without notice), with what became of it. */
export const syncUploads = pgTable(
  'sync_uploads',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => syncAccounts.id, { onDelete: 'cascade' }),
    /** draftkings_csv, fanduel_csv or json (the bet-slip format). */
    format: text('format').notNull(),
    fileName: text('file_name'),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    /**
     * The file's text as received, for uploads kept before decision 053; later ones keep it in
     * `sync_upload_parts`, written a piece at a time.
     */
    content: text('content'),
    /** The client's id for a batch it may send again after a restart. */
    batchKey: text('batch_key'),
    summary: jsonb('summary').$type<SyncSummary>().notNull(),
    /** Each row that could not be read, with the reason. */
    rowErrors: jsonb('row_errors').$type<{ row: number; reason: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sync_uploads_account_idx').on(table.accountId),
    uniqueIndex('sync_uploads_batch').on(table.accountId, table.batchKey),
  ],
);

/**
 * An upload's text in pieces, in order (decision 053): each piece is written by a statement of its own with the
 * event loop's turn between them, so keeping a 10 MB file never holds the server for the whole of it (PGlite
 * runs on the main thread). The pieces joined by position are the file as received.
 */
export const syncUploadParts = pgTable(
  'sync_upload_parts',
  {
    uploadId: integer('upload_id')
      .notNull()
      .references(() => syncUploads.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
  },
  (table) => [primaryKey({ columns: [table.uploadId, table.position] })],
);

/**
 * A bet a book reported, kept once per account by the book's own id. A matched bet points at its ledger entry
 * (a single bet or a parlay); a rejected one keeps why, for the member to fix by hand. The book's settlement is
 * kept beside PA$$'s grade.
 */
export const syncBets = pgTable(
  'sync_bets',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => syncAccounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The book's bet id (`External Bet ID`). */
    bookBetId: text('book_bet_id').notNull(),
    uploadId: integer('upload_id').references(() => syncUploads.id, { onDelete: 'set null' }),
    /** matched or rejected. */
    status: text('status', { enum: ['matched', 'rejected'] }).notNull(),
    rejectReason: text('reject_reason'),
    /** The bet as read from the book (the normalised slip), legs included. */
    slip: jsonb('slip').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    /** Real money as the book reported it, in cents. */
    stakeCents: integer('stake_cents').notNull(),
    payoutCents: integer('payout_cents'),
    /** The stake was the book's money (a free bet), not the member's. */
    bonus: boolean('bonus').notNull().default(false),
    /** The book's settlement: won, lost, void, cashed_out, or open. */
    bookResult: text('book_result').notNull(),
    /** American odds of the whole bet as the book gave them. */
    bookPrice: integer('book_price'),
    legCount: smallint('leg_count').notNull(),
    userBetId: integer('user_bet_id').references(() => userBets.id, { onDelete: 'set null' }),
    parlayId: integer('parlay_id').references(() => parlays.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** The member set a rejected bet aside. */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sync_bets_account_book_id').on(table.accountId, table.bookBetId),
    index('sync_bets_user_idx').on(table.userId),
    index('sync_bets_user_bet_idx').on(table.userBetId),
    index('sync_bets_parlay_idx').on(table.parlayId),
  ],
);

/**
 * Responsible play: a member's own limits on real-money entries. Nothing is ever blocked (PA$$ takes no
 * wagers): passing a limit only brings a calm notice with where to find help.
 */
export const playLimits = pgTable('play_limits', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Real money staked in a calendar month (US Eastern) before the notice shows; null: none set. */
  monthlyBudgetCents: integer('monthly_budget_cents'),
  /** Real-money losses in a row that bring the notice; null: none set. */
  lossStreakAlert: smallint('loss_streak_alert'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

import { z } from 'zod';
import { idParam } from './boundary.js';
import { SyncBookResult, SyncSlip } from './sync-slip.js';

/**
 * Sportsbook sync's writes and the member's synced bets (decision 051): an export file or a batch of bet slips
 * for one linked account, what the sync did, and the bets it kept (matched to the ledger, or rejected with why).
 */

/** An export file as the body (text/csv, or application/json for bet slips); its name, if the client knows it. */
export const SyncUploadQuery = z.object({
  file_name: z.string().trim().min(1).max(200).optional(),
});
export type SyncUploadQuery = z.infer<typeof SyncUploadQuery>;

/** The file's text, as the body parser reads it (UTF-8, at most 10 MB). */
export const SyncUploadBody = z.string().max(10 * 1024 * 1024);
export type SyncUploadBody = z.infer<typeof SyncUploadBody>;

/** The most slips one batch may carry. */
export const MAX_SYNC_BATCH = 1000;

/**
 * Bet slips from the bet-sync client. `batch_key` is the client's id for the batch: sending the same key again
 * (after a restart, say) answers what the first sync did and stores nothing.
 */
export const SyncSlipsBody = z.object({
  batch_key: z.string().trim().min(1).max(100).optional(),
  slips: z.array(SyncSlip).min(1).max(MAX_SYNC_BATCH),
});
export type SyncSlipsBody = z.infer<typeof SyncSlipsBody>;

export const SyncRowError = z.object({ row: z.number().int(), reason: z.string() });
export type SyncRowError = z.infer<typeof SyncRowError>;

/**
 * What one sync did: data rows read, bets read, bets stored new, duplicates (bets already kept; a moved book
 * settlement updates them), of the new ones how many were matched to the ledger and how many rejected, and
 * each row that could not be read.
 */
export const SyncSummaryResponse = z.object({
  data: z.object({
    rows: z.number().int(),
    bets: z.number().int(),
    stored: z.number().int(),
    duplicates: z.number().int(),
    matched: z.number().int(),
    rejected: z.number().int(),
    row_errors: z.array(SyncRowError),
  }),
});
export type SyncSummaryResponse = z.infer<typeof SyncSummaryResponse>;

export const SyncBetStatus = z.enum(['matched', 'rejected', 'dismissed']);
export type SyncBetStatus = z.infer<typeof SyncBetStatus>;

export const ListSyncBetsQuery = z.object({
  account_id: z.uuid('must be a linked account id (betsync_account_id)').optional(),
  /** matched, rejected (still to fix by hand) or dismissed (rejected and set aside). */
  status: SyncBetStatus.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListSyncBetsQuery = z.infer<typeof ListSyncBetsQuery>;

export const SyncBet = z.object({
  id: z.number().int(),
  account_id: z.string(),
  /** The book's key (The Odds API's US list). */
  book: z.string(),
  book_bet_id: z.string(),
  kind: z.enum(['single', 'parlay', 'teaser']),
  placed_at: z.string(),
  status: SyncBetStatus,
  reject_reason: z.string().nullable(),
  stake_cents: z.number().int(),
  payout_cents: z.number().int().nullable(),
  bonus: z.boolean(),
  book_price: z.number().int().nullable(),
  leg_count: z.number().int(),
  /** The ledger entry of a matched single, or its parlay. */
  user_bet_id: z.number().int().nullable(),
  parlay_id: z.number().int().nullable(),
  book_result: SyncBookResult,
  /** PA$$'s grade of the ledger entry, once graded. */
  outcome: z.enum(['win', 'loss', 'push', 'void']).nullable(),
  /** Both have settled and they differ (a cash-out is never a disagreement). */
  disagrees: z.boolean(),
  slip: SyncSlip,
  dismissed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SyncBet = z.infer<typeof SyncBet>;

export const SyncBetListResponse = z.object({
  data: z.array(SyncBet),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type SyncBetListResponse = z.infer<typeof SyncBetListResponse>;

export const SyncBetParams = z.object({ betId: idParam('a synced bet id') });
export type SyncBetParams = z.infer<typeof SyncBetParams>;

export const SyncBetResponse = z.object({ data: SyncBet });
export type SyncBetResponse = z.infer<typeof SyncBetResponse>;

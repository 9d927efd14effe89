import { z } from 'zod';
import { idField, idParam, Text } from './boundary.js';
import { SportKey } from './sports.js';
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

/**
 * A stored game a rejected bet's leg could be on, for the member to choose: the games of the leg's sport (every
 * sport when the book named none) on the US Eastern date the bet was placed and the next, from 6 hours before the
 * bet was placed to 7 days after it, and around the game's start when the book gave one.
 */
export const SyncCandidateGame = z.object({
  event_id: z.number().int(),
  sport: SportKey,
  season: z.number().int(),
  week: z.number().int().nullable(),
  /** The kickoff (UTC), or null for a game known only by its date. */
  kickoff_at: z.string().nullable(),
  game_date: z.string(),
  status: z.enum(['scheduled', 'in_progress', 'final', 'postponed', 'cancelled']),
  home_team: z.string(),
  away_team: z.string(),
  home_name: z.string(),
  away_name: z.string(),
  /** The team of this game the book's selection names, for a moneyline or spread; else null. */
  picked_team: z.string().nullable(),
  /** The game is between teams the book named (one or both). */
  names_teams: z.boolean(),
  /**
   * 1 or 2 for a game of a doubleheader (two games of these teams on one date), in order of start; when the starts
   * are not known, in the schedule's order. Null for a game alone on its date.
   */
  game_number: z.number().int().nullable(),
});
export type SyncCandidateGame = z.infer<typeof SyncCandidateGame>;

export const SyncCandidateLeg = z.object({
  /** The leg's place on the slip, from 0. */
  position: z.number().int(),
  /** The game sync matches the leg to by itself, if any (then first among the games). */
  matched_event_id: z.number().int().nullable(),
  /** Why sync could not match the leg by itself; null when it could. */
  reason: z.string().nullable(),
  games: z.array(SyncCandidateGame),
});
export type SyncCandidateLeg = z.infer<typeof SyncCandidateLeg>;

/**
 * The games to choose from for each leg of a synced bet. `placeable` is false for a bet the ledger cannot hold
 * whatever the games (a teaser over several games): it is recorded by hand, leg by leg.
 */
export const SyncBetCandidatesResponse = z.object({
  data: z.object({
    bet: SyncBet,
    placeable: z.boolean(),
    reason: z.string().nullable(),
    legs: z.array(SyncCandidateLeg),
  }),
});
export type SyncBetCandidatesResponse = z.infer<typeof SyncBetCandidatesResponse>;

export const SyncMatchLeg = z.object({
  event_id: idField('an event id'),
  /** The team picked, as the game names it (its abbreviation), for a moneyline or spread; none for a total. */
  team: Text.trim().min(1, 'is required').max(10, 'must be a team abbreviation').optional(),
});
export type SyncMatchLeg = z.infer<typeof SyncMatchLeg>;

/** The member's choice of game (and team) for each leg of a rejected synced bet, in the slip's order. */
export const SyncMatchBody = z.object({
  legs: z.array(SyncMatchLeg).min(1).max(15),
});
export type SyncMatchBody = z.infer<typeof SyncMatchBody>;

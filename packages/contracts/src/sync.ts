import { z } from 'zod';
import { idParam, SingleLine } from './boundary.js';

/**
 * Sportsbook sync's calls (DESIGN.md section 6; decision 051): the books a member may link, the linked accounts
 * with their grace and coverage, and the account-scoped tokens of the bet-sync client. `{accountId}` is the
 * account's `betsync_account_id`.
 */

/** A book a member may link: its key in The Odds API's US list and its title. */
export const SyncBook = z.object({ key: z.string(), title: z.string() });
export type SyncBook = z.infer<typeof SyncBook>;

export const SyncBooksResponse = z.object({ data: z.array(SyncBook) });
export type SyncBooksResponse = z.infer<typeof SyncBooksResponse>;

/** What the last sync of an account did. */
export const SyncSummary = z.object({
  rows: z.number().int(),
  bets: z.number().int(),
  stored: z.number().int(),
  duplicates: z.number().int(),
  matched: z.number().int(),
  rejected: z.number().int(),
});
export type SyncSummary = z.infer<typeof SyncSummary>;

/** A linked sportsbook account: the specification's sync account, with its grace and coverage. */
export const SyncAccount = z.object({
  betsync_account_id: z.uuid(),
  book: z.string(),
  betsync_book_name: z.string(),
  /** Whether it syncs now: in its grace, or covered by a subscription. */
  betsync_account_access: z.boolean(),
  created_at: z.string(),
  /** Days of the 5-day grace left: max(0, 5 − whole days since `created_at`). */
  grace_days_remaining: z.number().int(),
  /** Covered by one of the member's subscriptions (oldest link first). */
  covered: z.boolean(),
  last_sync_at: z.string().nullable(),
  last_sync_summary: SyncSummary.nullable(),
});
export type SyncAccount = z.infer<typeof SyncAccount>;

export const SyncAccountsResponse = z.object({ data: z.array(SyncAccount) });
export type SyncAccountsResponse = z.infer<typeof SyncAccountsResponse>;

export const SyncAccountResponse = z.object({ data: SyncAccount });
export type SyncAccountResponse = z.infer<typeof SyncAccountResponse>;

/** An unlinked account: its row stays, so linking the same book again brings it back. */
export const SyncAccountUnlinkedResponse = z.object({
  data: z.object({ betsync_account_id: z.uuid(), unlinked_at: z.string() }),
});
export type SyncAccountUnlinkedResponse = z.infer<typeof SyncAccountUnlinkedResponse>;

export const LinkSyncAccountBody = z.object({
  book: SingleLine.pipe(z.string().min(1, 'must be a book').max(50, 'must be a book')),
});
export type LinkSyncAccountBody = z.infer<typeof LinkSyncAccountBody>;

export const SyncAccountParams = z.object({ accountId: z.uuid('must be a linked account id') });
export type SyncAccountParams = z.infer<typeof SyncAccountParams>;

export const SyncTokenParams = z.object({
  accountId: z.uuid('must be a linked account id'),
  tokenId: idParam('a token id'),
});
export type SyncTokenParams = z.infer<typeof SyncTokenParams>;

/** A token of the bet-sync client, as listed: never the token itself, only its first characters. */
export const SyncToken = z.object({
  id: z.number().int(),
  label: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type SyncToken = z.infer<typeof SyncToken>;

export const SyncTokensResponse = z.object({ data: z.array(SyncToken) });
export type SyncTokensResponse = z.infer<typeof SyncTokensResponse>;

export const SyncTokenResponse = z.object({ data: SyncToken });
export type SyncTokenResponse = z.infer<typeof SyncTokenResponse>;

export const CreateSyncTokenBody = z.object({
  label: SingleLine.pipe(z.string().trim().min(1, 'must name the token').max(60, 'must be at most 60 characters')),
});
export type CreateSyncTokenBody = z.infer<typeof CreateSyncTokenBody>;

/** A new token: the only answer that carries the token itself (`pass_sync_…`). */
export const CreatedSyncTokenResponse = z.object({ data: SyncToken.extend({ token: z.string() }) });
export type CreatedSyncTokenResponse = z.infer<typeof CreatedSyncTokenResponse>;

/** `GET /billing/admin/betsync-stats`: the linked accounts and synced bets, for the admin. */
export const BetSyncStatsResponse = z.object({
  data: z.object({
    linked_accounts: z.number().int(),
    by_book: z.array(z.object({ book: z.string(), title: z.string(), accounts: z.number().int() })),
    with_access: z.number().int(),
    without_access: z.number().int(),
    in_grace: z.number().int(),
    members_with_accounts: z.number().int(),
    synced_bets: z.number().int(),
  }),
});
export type BetSyncStatsResponse = z.infer<typeof BetSyncStatsResponse>;

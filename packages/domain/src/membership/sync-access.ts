import { MEMBERSHIP_TERMS } from './plans.js';

/**
 * Which linked sportsbook accounts sync (DESIGN.md section 6; decision 051). A newly linked account syncs for
 * its grace (5 days); after that it needs a subscription that covers it: the membership covers 2 books and each
 * add-on one more. Accounts are covered oldest first, so linking a new book never takes sync from one the member
 * already relied on.
 */

const DAY_MS = 86_400_000;

/** Days of grace left: 5 minus the whole days since the account was linked, never below 0. */
export function syncGraceDaysRemaining(linkedAt: Date, now: Date): number {
  const wholeDays = Math.floor((now.getTime() - linkedAt.getTime()) / DAY_MS);
  return Math.max(0, MEMBERSHIP_TERMS.syncGraceDays - Math.max(0, wholeDays));
}

/** How many books the member's active subscriptions cover: 2 with the membership, plus one per add-on. */
export function syncBooksCovered(active: { memberships: number; addOns: number }): number {
  return (active.memberships > 0 ? MEMBERSHIP_TERMS.booksInMembership : 0) + active.addOns;
}

export interface LinkedAccountForAccess {
  id: number;
  linkedAt: Date;
}

export interface SyncAccessDecision {
  id: number;
  graceDaysRemaining: number;
  /** Covered by one of the member's subscriptions. */
  covered: boolean;
  /** Whether it syncs: in its grace, or covered. */
  access: boolean;
}

/**
 * Each of a member's linked accounts with its access: the oldest `covered` accounts are covered, and an account
 * syncs while in its grace or covered.
 */
export function decideSyncAccess(
  accounts: readonly LinkedAccountForAccess[],
  active: { memberships: number; addOns: number },
  now: Date,
): SyncAccessDecision[] {
  const covered = syncBooksCovered(active);
  const oldestFirst = [...accounts].sort((a, b) => a.linkedAt.getTime() - b.linkedAt.getTime() || a.id - b.id);
  const coveredIds = new Set(oldestFirst.slice(0, covered).map((account) => account.id));
  return accounts.map((account) => {
    const graceDaysRemaining = syncGraceDaysRemaining(account.linkedAt, now);
    const isCovered = coveredIds.has(account.id);
    return { id: account.id, graceDaysRemaining, covered: isCovered, access: graceDaysRemaining > 0 || isCovered };
  });
}

/**
 * The add-ons a member lacks for the accounts they have linked: those beyond what their subscriptions cover,
 * counting the membership's 2 books once it is bought (a member without one is first asked for the membership).
 */
export function syncAddOnsMissing(linkedAccounts: number, active: { memberships: number; addOns: number }): number {
  const coveredOnceMember = MEMBERSHIP_TERMS.booksInMembership + active.addOns;
  return Math.max(0, linkedAccounts - coveredOnceMember);
}

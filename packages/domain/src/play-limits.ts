import { easternToUtc } from './us-eastern-time.js';

/**
 * Responsible play (decision 051): a member's own monthly budget of real money staked and a loss-streak
 * alert, each optional. Passing one brings a calm notice; PA$$ takes no wagers and never blocks anything.
 */

export type LedgerOutcome = 'win' | 'loss' | 'push' | 'void';

/** A calendar month in US Eastern time, as the UTC instants it starts and ends at (end exclusive). */
export interface EasternMonth {
  /** `YYYY-MM`. */
  month: string;
  start: Date;
  end: Date;
}

const monthText = (year: number, month1: number) => `${year}-${String(month1).padStart(2, '0')}`;
const easternMidnightOfFirst = (year: number, month1: number) =>
  easternToUtc(`${monthText(year, month1)}-01`, '00:00')!;

/**
 * The US Eastern calendar month an instant falls in: from midnight Eastern on its first day to midnight
 * Eastern on the next month's first (so 03:30 UTC on 1 December is still November in New York).
 */
export function easternMonthOf(instant: Date): EasternMonth {
  // Eastern time is behind UTC, so the Eastern month is the UTC month or the one before it.
  let year = instant.getUTCFullYear();
  let month1 = instant.getUTCMonth() + 1;
  if (instant.getTime() < easternMidnightOfFirst(year, month1).getTime()) {
    month1 -= 1;
    if (month1 === 0) [year, month1] = [year - 1, 12];
  }
  const [nextYear, nextMonth1] = month1 === 12 ? [year + 1, 1] : [year, month1 + 1];
  return {
    month: monthText(year, month1),
    start: easternMidnightOfFirst(year, month1),
    end: easternMidnightOfFirst(nextYear, nextMonth1),
  };
}

/** A real-money entry (a single bet or a parlay, typed or synced) as the monthly budget reads it. */
export interface RealStake {
  stakeCents: number;
  /** When the money was put down: the book's placement time for a synced bet, else when it was recorded. */
  placedAt: Date;
  /** Null until graded. */
  outcome: LedgerOutcome | null;
}

/**
 * Real money staked in the Eastern month of `now`. Every real stake counts from the moment it is placed,
 * graded or not, win or lose; a void does not, since the book handed the stake back and nothing was risked.
 * Canceled and deleted entries are not given here: they were never bets.
 */
export function monthlyRealStakeCents(entries: readonly RealStake[], now: Date): number {
  const { start, end } = easternMonthOf(now);
  let total = 0;
  for (const entry of entries) {
    const at = entry.placedAt.getTime();
    if (entry.outcome === 'void' || at < start.getTime() || at >= end.getTime()) continue;
    total += entry.stakeCents;
  }
  return total;
}

/**
 * The current loss streak from graded real-money outcomes, newest first: the losses since the last win.
 * A push or a void returns the stake, so it neither breaks the streak nor extends it (a push between two
 * losses still reads as two in a row: the member has not won since).
 */
export function currentLossStreak(outcomesNewestFirst: Iterable<LedgerOutcome>): number {
  let losses = 0;
  for (const outcome of outcomesNewestFirst) {
    if (outcome === 'win') break;
    if (outcome === 'loss') losses += 1;
  }
  return losses;
}

export interface PlayLimitSettings {
  monthlyBudgetCents: number | null;
  lossStreakAlert: number | null;
}

export interface PlayLimitNotices {
  /** This month's real stakes have reached the member's budget. */
  budgetReached: boolean;
  /** The member's losses in a row have reached their alert. */
  lossStreakReached: boolean;
}

/** Which of the member's own limits are reached: a notice each, never a block. */
export function playLimitNotices(
  limits: PlayLimitSettings,
  monthStakedCents: number,
  lossStreak: number,
): PlayLimitNotices {
  return {
    budgetReached: limits.monthlyBudgetCents !== null && monthStakedCents >= limits.monthlyBudgetCents,
    lossStreakReached: limits.lossStreakAlert !== null && lossStreak >= limits.lossStreakAlert,
  };
}

/** The bounds a member's limits are kept within (the API's and the profile form's). */
export const PLAY_LIMIT_BOUNDS = {
  /** $1 at least; $10,000,000 at most (an integer column of cents). */
  monthlyBudgetCents: { min: 100, max: 1_000_000_000 },
  lossStreakAlert: { min: 2, max: 20 },
} as const;

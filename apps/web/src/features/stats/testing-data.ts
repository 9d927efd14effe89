import type { PlayLimitsStatus } from '@pass/contracts';

/** Test fixtures of the stats screens. */

/** A member's responsible-play status: a $200 budget with $45 staked this month, an alert at 4 losses. */
export const playLimitsStatus = (overrides: Partial<PlayLimitsStatus> = {}): PlayLimitsStatus => ({
  limits: { monthly_budget_cents: 20_000, loss_streak_alert: 4, updated_at: '2026-11-02T15:00:00.000Z' },
  month: { month: '2026-11', start: '2026-11-01T04:00:00.000Z', end: '2026-12-01T05:00:00.000Z' },
  month_staked_cents: 4_500,
  loss_streak: 1,
  notices: { budget_reached: false, loss_streak_reached: false },
  ...overrides,
});

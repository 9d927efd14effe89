import { PLAY_LIMIT_BOUNDS } from '@pass/domain';
import { z } from 'zod';

/**
 * Responsible play (`GET` and `PUT /api/user/play-limits`; decision 051): the member's own monthly budget of
 * real money staked and loss-streak alert. Reaching one brings a notice with where to find help; nothing is
 * ever blocked.
 */

const { monthlyBudgetCents: budget, lossStreakAlert: streak } = PLAY_LIMIT_BOUNDS;

/** Null clears a limit; both are given each time (the whole setting is replaced). */
export const UpdatePlayLimitsBody = z.object({
  /** Real money staked in a calendar month (US Eastern) that brings the notice, in cents. */
  monthly_budget_cents: z
    .number()
    .int('must be a whole number of cents')
    .min(budget.min, `must be at least ${budget.min} cents ($1)`)
    .max(budget.max, `must be at most ${budget.max} cents`)
    .nullable(),
  /** Real-money losses in a row that bring the notice. */
  loss_streak_alert: z
    .number()
    .int('must be a whole number')
    .min(streak.min, `must be at least ${streak.min}`)
    .max(streak.max, `must be at most ${streak.max}`)
    .nullable(),
});
export type UpdatePlayLimitsBody = z.infer<typeof UpdatePlayLimitsBody>;

export const PlayLimits = UpdatePlayLimitsBody.extend({
  /** When the member last changed them (the server clock); null: never set. */
  updated_at: z.string().nullable(),
});
export type PlayLimits = z.infer<typeof PlayLimits>;

export const PlayLimitsStatus = z.object({
  limits: PlayLimits,
  /** The calendar month in US Eastern time the spend is counted over (`YYYY-MM`, its start and end instants). */
  month: z.object({ month: z.string(), start: z.string(), end: z.string() }),
  /** Real money staked this month (singles and parlays, typed or synced; voided bets left out), in cents. */
  month_staked_cents: z.number().int(),
  /** Graded real-money losses since the last win (pushes and voids neither break nor extend it). */
  loss_streak: z.number().int(),
  /** Which of the member's limits are reached: each a notice only. */
  notices: z.object({ budget_reached: z.boolean(), loss_streak_reached: z.boolean() }),
});
export type PlayLimitsStatus = z.infer<typeof PlayLimitsStatus>;

export const PlayLimitsResponse = z.object({ data: PlayLimitsStatus });
export type PlayLimitsResponse = z.infer<typeof PlayLimitsResponse>;

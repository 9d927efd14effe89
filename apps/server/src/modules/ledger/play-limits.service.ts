import type { PlayLimitsStatus, UpdatePlayLimitsBody } from '@pass/contracts';
import type { DbExecutor } from '@pass/db';
import { currentLossStreak, easternMonthOf, monthlyRealStakeCents, playLimitNotices } from '@pass/domain';
import * as repository from './play-limits.repository.js';

/**
 * Responsible play (decision 051): the member's own limits, this month's real-money spend and the current
 * loss streak, and which limits are reached. Read, never enforced: PA$$ takes no wagers and blocks nothing.
 */
export async function getPlayLimitsStatus(db: DbExecutor, userId: number, now: Date): Promise<PlayLimitsStatus> {
  const month = easternMonthOf(now);
  const [row, stakes, outcomes] = await Promise.all([
    repository.getPlayLimits(db, userId),
    repository.listRealStakesSince(db, userId, month.start),
    repository.listOutcomesSinceLastWin(db, userId),
  ]);
  const limits = {
    monthlyBudgetCents: row?.monthlyBudgetCents ?? null,
    lossStreakAlert: row?.lossStreakAlert ?? null,
  };
  const monthStakedCents = monthlyRealStakeCents(stakes, now);
  const lossStreak = currentLossStreak(outcomes);
  const notices = playLimitNotices(limits, monthStakedCents, lossStreak);
  return {
    limits: {
      monthly_budget_cents: limits.monthlyBudgetCents,
      loss_streak_alert: limits.lossStreakAlert,
      updated_at: row?.updatedAt.toISOString() ?? null,
    },
    month: { month: month.month, start: month.start.toISOString(), end: month.end.toISOString() },
    month_staked_cents: monthStakedCents,
    loss_streak: lossStreak,
    notices: { budget_reached: notices.budgetReached, loss_streak_reached: notices.lossStreakReached },
  };
}

/** Sets both limits (null clears one), stamped with the server clock, and answers the status they give. */
export async function updatePlayLimits(
  db: DbExecutor,
  userId: number,
  body: UpdatePlayLimitsBody,
  now: Date,
): Promise<PlayLimitsStatus> {
  await repository.upsertPlayLimits(
    db,
    { userId, monthlyBudgetCents: body.monthly_budget_cents, lossStreakAlert: body.loss_streak_alert },
    now,
  );
  return getPlayLimitsStatus(db, userId, now);
}

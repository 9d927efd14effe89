import { poolReminders, type DbExecutor } from '@pass/db';
import { and, count, eq, gt, max } from 'drizzle-orm';

/** The SQL of the Lifeguard's reminders (pool_reminders): the log, and what spaces and caps them. */

/** Each member's latest reminder of the pool week, by member id. */
export async function lastReminders(db: DbExecutor, poolId: number, week: number): Promise<Map<number, Date>> {
  const rows = await db
    .select({ memberId: poolReminders.memberId, at: max(poolReminders.createdAt) })
    .from(poolReminders)
    .where(and(eq(poolReminders.poolId, poolId), eq(poolReminders.week, week)))
    .groupBy(poolReminders.memberId);
  return new Map(
    rows.flatMap((row) =>
      row.at === null ? [] : [[row.memberId, row.at instanceof Date ? row.at : new Date(row.at)]],
    ),
  );
}

/** The reminders a Lifeguard has sent since `since`, across all of their pools. */
export async function countSentSince(db: DbExecutor, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(poolReminders)
    .where(and(eq(poolReminders.remindedBy, userId), gt(poolReminders.createdAt, since)));
  return Number(row?.n ?? 0);
}

export async function insertReminder(
  db: DbExecutor,
  values: { poolId: number; week: number; memberId: number; remindedBy: number; outboxId: number | null; now: Date },
): Promise<void> {
  await db.insert(poolReminders).values({
    poolId: values.poolId,
    week: values.week,
    memberId: values.memberId,
    remindedBy: values.remindedBy,
    outboxId: values.outboxId,
    createdAt: values.now,
  });
}

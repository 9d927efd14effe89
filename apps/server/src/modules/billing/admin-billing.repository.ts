import { billingPayments, billingPlans, billingSubscriptions, users, type DbExecutor } from '@pass/db';
import { and, count, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { BillingPlanRow, BillingSubscriptionRow } from './billing.repository.js';

/**
 * The admin's reads of billing (decision 048): counts and sums in SQL, one query each, so the figures stay
 * cheap however many subscriptions there are.
 */

/** Any of the three statuses ACTIVE (the domain's isSubscriptionActive), in SQL. */
export const activeSql = sql`(upper(${billingSubscriptions.status}) = 'ACTIVE' or upper(coalesce(${billingSubscriptions.paypalSubscriptionStatus}, '')) = 'ACTIVE' or upper(coalesce(${billingSubscriptions.mobileSubscriptionStatus}, '')) = 'ACTIVE')`;

/** Still in the free trial at `now`: younger than the trial's months (PostgreSQL's month arithmetic, as PayPal's). */
const inTrialSql = (now: Date, trialMonths: number) =>
  sql`(${billingSubscriptions.createdAt} + make_interval(months => ${trialMonths}) > ${now.toISOString()}::timestamptz)`;

export interface SubscriptionWithPlanAndUser {
  subscription: BillingSubscriptionRow;
  plan: BillingPlanRow;
  user: { id: number; username: string; email: string };
}

function selectWithPlanAndUser(db: DbExecutor) {
  return db
    .select({
      subscription: billingSubscriptions,
      plan: billingPlans,
      user: { id: users.id, username: users.username, email: users.email },
    })
    .from(billingSubscriptions)
    .innerJoin(billingPlans, eq(billingPlans.id, billingSubscriptions.planId))
    .innerJoin(users, eq(users.id, billingSubscriptions.userId));
}

export async function countMembers(db: DbExecutor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(isNotNull(users.emailVerifiedAt));
  return row?.n ?? 0;
}

/** Active subscriptions per plan row and platform, with how many are in trial and the monthly sum of the rest. */
export async function activeByPlan(db: DbExecutor, now: Date, trialMonths: number) {
  return db
    .select({
      planId: billingPlans.id,
      code: billingPlans.code,
      priceTier: billingPlans.priceTier,
      name: billingPlans.name,
      platform: billingSubscriptions.billingPlatform,
      active: count(),
      trials: sql<number>`count(*) filter (where ${inTrialSql(now, trialMonths)})`.mapWith(Number),
      payingCents:
        sql<number>`coalesce(sum(${billingPlans.monthlyPriceCents}) filter (where not ${inTrialSql(now, trialMonths)}), 0)`.mapWith(
          Number,
        ),
    })
    .from(billingSubscriptions)
    .innerJoin(billingPlans, eq(billingPlans.id, billingSubscriptions.planId))
    .where(activeSql)
    .groupBy(
      billingPlans.id,
      billingPlans.code,
      billingPlans.priceTier,
      billingPlans.name,
      billingSubscriptions.billingPlatform,
    )
    .orderBy(billingPlans.id, billingSubscriptions.billingPlatform);
}

/** Payments received from `from` up to `to`, refunds left out. */
export async function revenueBetween(db: DbExecutor, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${billingPayments.amountCents}), 0)`.mapWith(Number) })
    .from(billingPayments)
    .where(and(gte(billingPayments.paidAt, from), lt(billingPayments.paidAt, to), isNull(billingPayments.refundedAt)));
  return row?.cents ?? 0;
}

/** Subscriptions ended since `monthStart`, and those that had started before it and not ended by it. */
export async function churnSince(db: DbExecutor, monthStart: Date, now: Date) {
  const [row] = await db
    .select({
      cancelled:
        sql<number>`count(*) filter (where ${billingSubscriptions.cancelledAt} >= ${monthStart.toISOString()}::timestamptz and ${billingSubscriptions.cancelledAt} < ${now.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
      activeAtStart:
        sql<number>`count(*) filter (where ${billingSubscriptions.createdAt} < ${monthStart.toISOString()}::timestamptz and (${billingSubscriptions.cancelledAt} is null or ${billingSubscriptions.cancelledAt} >= ${monthStart.toISOString()}::timestamptz))`.mapWith(
          Number,
        ),
    })
    .from(billingSubscriptions);
  return { cancelled: row?.cancelled ?? 0, activeAtStart: row?.activeAtStart ?? 0 };
}

/** The newest subscriptions, `limit` of them, older than the row `before` when given. */
export async function listRecentSubscriptions(
  db: DbExecutor,
  limit: number,
  before?: number,
): Promise<SubscriptionWithPlanAndUser[]> {
  return selectWithPlanAndUser(db)
    .where(before === undefined ? undefined : lt(billingSubscriptions.id, before))
    .orderBy(desc(billingSubscriptions.id))
    .limit(limit);
}

/** Subscriptions per plan row and status. */
export async function countByPlanAndStatus(db: DbExecutor) {
  return db
    .select({
      planId: billingSubscriptions.planId,
      status: billingSubscriptions.status,
      n: count(),
      active: sql<number>`count(*) filter (where ${activeSql})`.mapWith(Number),
    })
    .from(billingSubscriptions)
    .groupBy(billingSubscriptions.planId, billingSubscriptions.status);
}

/** The latest `limit` subscriptions of each plan row (one query: numbered per plan, newest first). */
export async function listLatestPerPlan(db: DbExecutor, limit: number): Promise<SubscriptionWithPlanAndUser[]> {
  const ranked = db
    .select({
      id: billingSubscriptions.id,
      rank: sql<number>`row_number() over (partition by ${billingSubscriptions.planId} order by ${billingSubscriptions.id} desc)`.as(
        'rank',
      ),
    })
    .from(billingSubscriptions)
    .as('ranked');
  return selectWithPlanAndUser(db)
    .innerJoin(ranked, eq(ranked.id, billingSubscriptions.id))
    .where(sql`${ranked.rank} <= ${limit}`)
    .orderBy(billingPlans.id, desc(billingSubscriptions.id))
    .then((rows) => rows.map(({ subscription, plan, user }) => ({ subscription, plan, user })));
}

/** The plan row whose provider id for the platform is `planId`. */
export async function findPlanByProviderId(
  db: DbExecutor,
  platform: 'paypal' | 'mobile',
  planId: string,
): Promise<BillingPlanRow | undefined> {
  const column = platform === 'paypal' ? billingPlans.paypalPlanId : billingPlans.mobilePlanId;
  const [row] = await db.select().from(billingPlans).where(eq(column, planId));
  return row;
}

/** One page of a plan row's subscribers on a platform, newest first, and how many there are in all. */
export async function listPlanSubscribers(
  db: DbExecutor,
  planRowId: number,
  platform: 'paypal' | 'mobile',
  page: number,
  pageSize: number,
): Promise<{ rows: SubscriptionWithPlanAndUser[]; total: number }> {
  const where = and(eq(billingSubscriptions.planId, planRowId), eq(billingSubscriptions.billingPlatform, platform));
  const [total] = await db.select({ n: count() }).from(billingSubscriptions).where(where);
  const rows = await selectWithPlanAndUser(db)
    .where(where)
    .orderBy(desc(billingSubscriptions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: total?.n ?? 0 };
}

/** Every subscription, oldest first, for the export. */
export async function listAllSubscriptions(db: DbExecutor): Promise<SubscriptionWithPlanAndUser[]> {
  return selectWithPlanAndUser(db).orderBy(billingSubscriptions.id);
}

/** Counts per period (`YYYY-MM-DD` or `YYYY-MM`, UTC) of a timestamp column from `from` on. */
async function perPeriod(
  db: DbExecutor,
  column: SQL,
  format: 'YYYY-MM-DD' | 'YYYY-MM',
  from: Date,
  table: typeof billingSubscriptions | typeof billingPayments,
  value: SQL<number>,
  extra?: SQL,
): Promise<Map<string, number>> {
  // The format is written into the statement (one of two constants): a parameter would make the grouped
  // expression differ from the selected one.
  const period = sql<string>`to_char(${column} at time zone 'UTC', ${sql.raw(`'${format}'`)})`;
  const rows = await db
    .select({ period, value: value.mapWith(Number) })
    .from(table)
    .where(and(sql`${column} >= ${from.toISOString()}::timestamptz`, extra))
    .groupBy(period);
  return new Map(rows.map((row) => [row.period, row.value]));
}

/** New subscriptions, ended ones and revenue per period from `from` on. */
export async function seriesSince(db: DbExecutor, from: Date, interval: 'day' | 'month') {
  const format = interval === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const [created, cancelled, revenue] = [
    await perPeriod(
      db,
      sql`${billingSubscriptions.createdAt}`,
      format,
      from,
      billingSubscriptions,
      sql<number>`count(*)`,
    ),
    await perPeriod(
      db,
      sql`${billingSubscriptions.cancelledAt}`,
      format,
      from,
      billingSubscriptions,
      sql<number>`count(*)`,
      isNotNull(billingSubscriptions.cancelledAt),
    ),
    await perPeriod(
      db,
      sql`${billingPayments.paidAt}`,
      format,
      from,
      billingPayments,
      sql<number>`coalesce(sum(${billingPayments.amountCents}), 0)`,
      isNull(billingPayments.refundedAt),
    ),
  ];
  return { created, cancelled, revenue };
}

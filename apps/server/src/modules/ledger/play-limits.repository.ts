import { type DbExecutor, playLimits, rows } from '@pass/db';
import { Status, type LedgerOutcome, type RealStake } from '@pass/domain';
import { eq, sql, type SQL } from 'drizzle-orm';

/**
 * The SQL of responsible play: the member's limits (play_limits), and the real-money entries they are read
 * against, singles (user_bets) and parlays alike. A real-money entry is a ledger entry with is_simulated
 * false (a pick never is); canceled and deleted ones were never bets.
 */

export type PlayLimitsRow = typeof playLimits.$inferSelect;

export async function getPlayLimits(db: DbExecutor, userId: number): Promise<PlayLimitsRow | undefined> {
  const [row] = await db.select().from(playLimits).where(eq(playLimits.userId, userId));
  return row;
}

export async function upsertPlayLimits(
  db: DbExecutor,
  limits: Omit<PlayLimitsRow, 'updatedAt'>,
  now: Date,
): Promise<PlayLimitsRow> {
  const values = { ...limits, updatedAt: now };
  const [row] = await db
    .insert(playLimits)
    .values(values)
    .onConflictDoUpdate({
      target: playLimits.userId,
      set: {
        monthlyBudgetCents: values.monthlyBudgetCents,
        lossStreakAlert: values.lossStreakAlert,
        updatedAt: now,
      },
    })
    .returning();
  return row!;
}

/**
 * The member's live real-money entries as one set: each with its stake, outcome, when it was recorded and
 * graded, and (when asked for) when it was placed: the book's placement time for a synced bet, else when it
 * was recorded.
 */
const realEntries = (userId: number, { placedAt }: { placedAt: boolean }) => {
  const placed = (link: SQL, recorded: SQL) =>
    placedAt
      ? sql`, coalesce((select min(s.placed_at) from sync_bets s where ${link}), ${recorded}) as placed_at`
      : sql``;
  return sql`
  select b.stake_cents, b.outcome, b.graded_at, b.created_at, b.id, 0 as kind
    ${placed(sql`s.user_bet_id = b.id`, sql`b.created_at`)}
  from user_bets b
  where b.user_id = ${userId} and not b.is_simulated and b.stake_cents is not null and b.deleted_at is null
    and b.status not in (${Status.canceled}, ${Status.deleted})
  union all
  select p.stake_cents, p.outcome, p.graded_at, p.created_at, p.id, 1 as kind
    ${placed(sql`s.parlay_id = p.id`, sql`p.created_at`)}
  from parlays p
  where p.user_id = ${userId} and not p.is_simulated and p.deleted_at is null
    and p.status not in (${Status.canceled}, ${Status.deleted})`;
};

/**
 * The real stakes placed from `since` on. A bet is synced after it is placed, so its placement is never later
 * than its record: entries recorded before `since` cannot count and are left to the index.
 */
export async function listRealStakesSince(db: DbExecutor, userId: number, since: Date): Promise<RealStake[]> {
  const found = await rows<{ stake_cents: number; placed_at: string | Date; outcome: LedgerOutcome | null }>(
    db,
    sql`select stake_cents, placed_at, outcome from (${realEntries(userId, { placedAt: true })}) r
        where r.created_at >= ${since.toISOString()}::timestamptz
          and r.placed_at >= ${since.toISOString()}::timestamptz`,
  );
  return found.map((row) => ({
    stakeCents: Number(row.stake_cents),
    placedAt: new Date(row.placed_at),
    outcome: row.outcome,
  }));
}

/**
 * The graded real-money outcomes from the newest win on (the win included), newest first: all a loss streak
 * needs, however long the member's history. Entries graded at one instant are ordered by when they were
 * recorded.
 */
export async function listOutcomesSinceLastWin(db: DbExecutor, userId: number): Promise<LedgerOutcome[]> {
  const found = await rows<{ outcome: LedgerOutcome }>(
    db,
    sql`with graded as (
          select outcome, graded_at, created_at, kind, id from (${realEntries(userId, { placedAt: false })}) r
          where r.outcome is not null and r.graded_at is not null
        )
        select outcome from graded
        where graded_at >= coalesce((select max(graded_at) from graded where outcome = 'win'), '-infinity')
        order by graded_at desc, created_at desc, kind desc, id desc`,
  );
  return found.map((row) => row.outcome);
}

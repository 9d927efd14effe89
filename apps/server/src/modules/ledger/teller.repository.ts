import { type DbExecutor, rows } from '@pass/db';
import { sql } from 'drizzle-orm';
import {
  dateOrNull,
  ENTRY_COLUMNS,
  EVENT_COLUMNS,
  KICKOFF,
  toEntry,
  type EntryRow,
  type Outcome,
} from './entry-rows.js';

/**
 * The SQL of the teller: a member's simulated bets against the paper bankroll (entries of source 'teller'), their
 * settled and open totals, and the balance after each settled one.
 */

/** Serialises a member's teller bets: the balance check and the insert happen under this row lock. */
export async function lockUser(db: DbExecutor, userId: number): Promise<void> {
  await db.execute(sql`select id from users where id = ${userId} for update`);
}

export async function tellerTotals(
  db: DbExecutor,
  userId: number,
): Promise<{ settledCents: number; openStakesCents: number }> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`select coalesce(sum(reward::float8) filter (where status = 8), 0) as settled,
          coalesce(sum(stake_cents::float8) filter (where status in (1, 3)), 0) as open_stakes
        from user_bets where user_id = ${userId} and source = 'teller' and deleted_at is null`,
  );
  return { settledCents: Number(row?.settled ?? 0), openStakesCents: Number(row?.open_stakes ?? 0) };
}

export async function listTellerOpen(db: DbExecutor, userId: number): Promise<EntryRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select ${ENTRY_COLUMNS}, ${EVENT_COLUMNS} from user_bets b join events e on e.id = b.event_id
        where b.user_id = ${userId} and b.source = 'teller' and b.deleted_at is null and b.status in (1, 3)
        order by ${KICKOFF}, b.id`,
  );
  return found.map(toEntry);
}

/** The balance after each settled teller bet, oldest first. */
export async function listTellerHistory(
  db: DbExecutor,
  userId: number,
  startCents: number,
): Promise<
  { entryId: number; eventId: number; settledAt: Date; outcome: Outcome; reward: number; balanceCents: number }[]
> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select id, event_id, graded_at, outcome, reward,
          ${startCents} + sum(reward::float8) over (order by graded_at, id) as balance
        from user_bets
        where user_id = ${userId} and source = 'teller' and deleted_at is null and status = 8
        order by graded_at, id`,
  );
  return found.map((row) => ({
    entryId: Number(row.id),
    eventId: Number(row.event_id),
    settledAt: dateOrNull(row.graded_at)!,
    outcome: row.outcome as Outcome,
    reward: Number(row.reward),
    balanceCents: Number(row.balance),
  }));
}

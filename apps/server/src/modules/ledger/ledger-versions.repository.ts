import { column, type DbExecutor, rows } from '@pass/db';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The members' ledger versions (the ledger_versions table): raised with every change to a member's entries, in the
 * transaction of the change, and read to know whether a member's cached statistics are current (stats-cache.ts).
 */

/**
 * Raises the version of each member `members` selects (a query of one `user_id` column). Members are
 * locked in id order, so two gradings of overlapping members cannot deadlock.
 */
export function bumpVersionsStatement(members: SQL): SQL {
  return sql`insert into ledger_versions as v (user_id, version)
    select distinct user_id, 1 from (${members}) as m order by user_id
    on conflict (user_id) do update set version = v.version + 1, updated_at = now()`;
}

/** Raises the ledger version of these members, in one statement; call it in the transaction of the change. */
export async function bumpLedgerVersions(db: DbExecutor, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  await db.execute(bumpVersionsStatement(sql`select unnest(${column(ids, 'int')}) as user_id`));
}

/** The member's ledger version: 0 before their first change. */
export async function getLedgerVersion(db: DbExecutor, userId: number): Promise<number> {
  const [row] = await rows<{ version: unknown }>(
    db,
    sql`select version from ledger_versions where user_id = ${userId}`,
  );
  return row ? Number(row.version) : 0;
}

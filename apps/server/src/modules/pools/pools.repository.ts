import {
  auditEvents,
  builtOnce,
  column,
  equalsAny,
  events,
  lastStatement,
  poolMembers,
  poolPicks,
  pools,
  poolSheets,
  poolSlateGames,
  poolWeeks,
  users,
  type DbExecutor,
  type LastStatement,
} from '@pass/db';
import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';

/**
 * The SQL of pools and their members. A membership is current while neither left nor removed; every read of a
 * pool's objects goes through `findMembership`, so someone outside the pool finds nothing. A pool's
 * invitations, announcements, weeks, closing spreads and standings' freshness have repositories of their own.
 */

export type PoolRow = typeof pools.$inferSelect;
export type NewPool = Omit<typeof pools.$inferInsert, 'id' | 'status' | 'version' | 'createdAt' | 'updatedAt'>;
export type PoolChanges = Partial<Omit<NewPool, 'lifeguardId'>>;
export type MemberRow = typeof poolMembers.$inferSelect;

/** A member neither gone nor removed: the pool's current members (also read with its weeks, week-totals.repository). */
export const currentMember = and(isNull(poolMembers.leftAt), isNull(poolMembers.removedAt));

/**
 * Locks the Lifeguard's account row for the rest of the transaction, so two pools created at once are
 * counted one after the other against the limit.
 */
export async function lockLifeguard(db: DbExecutor, userId: number): Promise<void> {
  await db.execute(sql`select id from ${users} where ${users.id} = ${userId} for update`);
}

/** The Lifeguard's pools not ended: the candidates for their active pools (the rules tell which are completed). */
export async function poolsNotEnded(db: DbExecutor, lifeguardId: number): Promise<PoolRow[]> {
  return db
    .select()
    .from(pools)
    .where(and(eq(pools.lifeguardId, lifeguardId), isNull(pools.endedAt)));
}

export async function insertPool(db: DbExecutor, values: NewPool, now: Date): Promise<PoolRow> {
  const [row] = await db
    .insert(pools)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function insertMember(
  db: DbExecutor,
  values: { poolId: number; userId: number; role: 'lifeguard' | 'guest'; joinedAt: Date },
): Promise<MemberRow> {
  const [row] = await db.insert(poolMembers).values(values).returning();
  return row!;
}

/**
 * How a change takes the pool's row for the rest of its transaction: `update` for a change of the pool itself
 * (its slate, settings, members, end), which goes alone; `share` for a member's sheet, so submissions go side
 * by side (each takes its own sheet's row) while a change of the pool waits for them, and they for it.
 */
export type PoolLock = 'update' | 'share';

/** The pool and the caller's current membership of it; null when there is no such pool or the caller is not in it. */
export async function findMembership(
  db: DbExecutor,
  poolId: number,
  userId: number,
  options: { lock?: PoolLock } = {},
): Promise<{ pool: PoolRow; member: MemberRow } | null> {
  const [row] = await membershipReads[options.lock ?? 'none'](db, { poolId, userId });
  return row ?? null;
}

/**
 * findMembership with the pool's stored week of that number (null when none is stored yet), in the same
 * statement: a member's submission needs all three before anything else.
 */
export async function findMembershipAndWeek(
  db: DbExecutor,
  poolId: number,
  userId: number,
  week: number,
  options: { lock?: PoolLock } = {},
): Promise<{ pool: PoolRow; member: MemberRow; week: typeof poolWeeks.$inferSelect | null } | null> {
  const [row] = await membershipAndWeekReads[options.lock ?? 'none'](db, { poolId, userId, week });
  return row ?? null;
}

const membershipOf = (db: DbExecutor) =>
  db
    .select({ pool: pools, member: poolMembers })
    .from(pools)
    .innerJoin(
      poolMembers,
      and(eq(poolMembers.poolId, pools.id), eq(poolMembers.userId, sql.placeholder('userId')), currentMember),
    )
    .where(eq(pools.id, sql.placeholder('poolId')));

const membershipAndWeekOf = (db: DbExecutor) =>
  db
    .select({ pool: pools, member: poolMembers, week: poolWeeks })
    .from(pools)
    .innerJoin(
      poolMembers,
      and(eq(poolMembers.poolId, pools.id), eq(poolMembers.userId, sql.placeholder('userId')), currentMember),
    )
    // The week's row is read, never locked here.
    .leftJoin(poolWeeks, and(eq(poolWeeks.poolId, pools.id), eq(poolWeeks.week, sql.placeholder('week'))))
    .where(eq(pools.id, sql.placeholder('poolId')));

/**
 * A read of a pool's row with what it joins, under each lock a caller may ask for, each built once (builtOnce):
 * every request about a pool runs one. The pool's row alone is locked, whatever it joins; `key share` conflicts
 * with `update`, not with the version's own update (`no key update`) nor itself.
 */
function underEachLock<Row>(
  query: (db: DbExecutor) => PromiseLike<Row[]> & {
    for(strength: 'update' | 'key share', config: { of: typeof pools }): PromiseLike<Row[]>;
  },
): Record<PoolLock | 'none', (db: DbExecutor, values: Record<string, number>) => Promise<Row[]>> {
  return {
    none: builtOnce((db) => query(db)),
    update: builtOnce((db) => query(db).for('update', { of: pools })),
    share: builtOnce((db) => query(db).for('key share', { of: pools })),
  };
}

const membershipReads = underEachLock(membershipOf);

/**
 * findMembership with one more value read in the same statement (`extra`, an expression of the pool's row and
 * of the placeholders the caller names in `values`), built once per database: what a read needs next, in the
 * statement that finds whether it may read at all. No lock.
 */
export function membershipWith(
  extra: SQL,
): (
  db: DbExecutor,
  values: Record<string, unknown>,
) => Promise<{ pool: PoolRow; member: MemberRow; extra: unknown } | null> {
  const read = builtOnce((db: DbExecutor) =>
    db
      .select({ pool: pools, member: poolMembers, extra: sql<unknown>`${extra}` })
      .from(pools)
      .innerJoin(
        poolMembers,
        and(eq(poolMembers.poolId, pools.id), eq(poolMembers.userId, sql.placeholder('userId')), currentMember),
      )
      .where(eq(pools.id, sql.placeholder('poolId'))),
  );
  return async (db, values) => {
    const [row] = await read(db, values);
    return row ?? null;
  };
}

const membershipAndWeekReads = underEachLock(membershipAndWeekOf);

/** The pools the member is currently in, newest first, with their role. */
export async function listMemberships(db: DbExecutor, userId: number): Promise<{ pool: PoolRow; member: MemberRow }[]> {
  return db
    .select({ pool: pools, member: poolMembers })
    .from(poolMembers)
    .innerJoin(pools, eq(pools.id, poolMembers.poolId))
    .where(and(eq(poolMembers.userId, userId), currentMember))
    .orderBy(sql`${pools.createdAt} desc`, sql`${pools.id} desc`);
}

export interface MemberWithName {
  id: number;
  poolId: number;
  userId: number;
  username: string;
  /** The account's name, if given: `displayName` shows it before the username. */
  name: string | null;
  role: 'lifeguard' | 'guest';
  joinedAt: Date;
}

/** The current members of the pools, Lifeguard first, then by joining time. */
export async function currentMembers(db: DbExecutor, poolIds: readonly number[]): Promise<MemberWithName[]> {
  if (poolIds.length === 0) return [];
  return db
    .select({
      id: poolMembers.id,
      poolId: poolMembers.poolId,
      userId: poolMembers.userId,
      username: users.username,
      name: users.name,
      role: poolMembers.role,
      joinedAt: poolMembers.joinedAt,
    })
    .from(poolMembers)
    .innerJoin(users, eq(users.id, poolMembers.userId))
    .where(and(equalsAny(poolMembers.poolId, poolIds), currentMember))
    .orderBy(sql`${poolMembers.role} = 'guest'`, asc(poolMembers.joinedAt), asc(poolMembers.id));
}

/**
 * The members no longer in the pool (removed, or left), with when they went: the weekly results keep them in the
 * weeks they were in (decision 027).
 */
export async function pastMembers(db: DbExecutor, poolId: number): Promise<(MemberWithName & { leftAt: Date })[]> {
  const rows = await db
    .select({
      id: poolMembers.id,
      poolId: poolMembers.poolId,
      userId: poolMembers.userId,
      username: users.username,
      name: users.name,
      role: poolMembers.role,
      joinedAt: poolMembers.joinedAt,
      leftAt: sql<Date | string>`coalesce(${poolMembers.removedAt}, ${poolMembers.leftAt})`.mapWith(
        (value: Date | string) => new Date(value),
      ),
    })
    .from(poolMembers)
    .innerJoin(users, eq(users.id, poolMembers.userId))
    .where(and(eq(poolMembers.poolId, poolId), sql`not (${currentMember})`))
    .orderBy(asc(poolMembers.joinedAt), asc(poolMembers.id));
  return rows;
}

/** The current members of a pool with their account's address, Lifeguard first, then by joining time. */
export async function currentMemberAccounts(
  db: DbExecutor,
  poolId: number,
): Promise<{ userId: number; username: string; email: string; role: 'lifeguard' | 'guest' }[]> {
  return db
    .select({ userId: poolMembers.userId, username: users.username, email: users.email, role: poolMembers.role })
    .from(poolMembers)
    .innerJoin(users, eq(users.id, poolMembers.userId))
    .where(and(eq(poolMembers.poolId, poolId), currentMember))
    .orderBy(sql`${poolMembers.role} = 'guest'`, asc(poolMembers.joinedAt), asc(poolMembers.id));
}

/**
 * The pool a Lifeguard already ran this pool again as, if they did and it still exists: read from the audit
 * record written in the same transaction as the new pool (decision 030).
 */
export async function nextSeasonPool(db: DbExecutor, lifeguardId: number, poolId: number): Promise<PoolRow | null> {
  const [row] = await db
    .select({ pool: pools })
    .from(auditEvents)
    .innerJoin(pools, sql`${pools.id} = (${auditEvents.detail} ->> 'nextPoolId')::int`)
    .where(
      and(
        eq(auditEvents.userId, lifeguardId),
        eq(auditEvents.event, 'pool_run_again'),
        sql`${auditEvents.detail} ->> 'poolId' = ${String(poolId)}`,
      ),
    )
    .orderBy(asc(auditEvents.id))
    .limit(1);
  return row?.pool ?? null;
}

/** The usernames and names of the pools' Lifeguards. */
export async function lifeguardNames(
  db: DbExecutor,
  poolIds: readonly number[],
): Promise<Map<number, { username: string; name: string | null }>> {
  if (poolIds.length === 0) return new Map();
  const rows = await db
    .select({ poolId: pools.id, username: users.username, name: users.name })
    .from(pools)
    .innerJoin(users, eq(users.id, pools.lifeguardId))
    .where(equalsAny(pools.id, poolIds));
  return new Map(rows.map((row) => [row.poolId, { username: row.username, name: row.name }]));
}

/**
 * Each pool's first lock: the earliest of its slate games' stored locks and kickoffs, and whether any of
 * them is already under way or over (a game started early locks at once). Pools without a slate are absent.
 */
export async function firstLocks(
  db: DbExecutor,
  poolIds: readonly number[],
): Promise<Map<number, { firstLock: Date | null; underway: boolean }>> {
  if (poolIds.length === 0) return new Map();
  const rows = await db
    .select({
      poolId: poolWeeks.poolId,
      firstLock: sql<string | Date | null>`min(least(${poolSlateGames.lockedAt}, ${events.kickoffAt}))`,
      underway: sql<boolean>`bool_or(${events.status} in ('in_progress', 'final'))`,
    })
    .from(poolSlateGames)
    .innerJoin(poolWeeks, eq(poolWeeks.id, poolSlateGames.poolWeekId))
    .innerJoin(events, eq(events.id, poolSlateGames.eventId))
    // The pool starts with its first slate game; a survivor-only game (Thursday's, say) does not start it.
    .where(and(equalsAny(poolWeeks.poolId, poolIds), eq(poolSlateGames.survivorOnly, false)))
    .groupBy(poolWeeks.poolId);
  return new Map(
    rows.map((row) => [
      row.poolId,
      { firstLock: row.firstLock === null ? null : new Date(row.firstLock), underway: Boolean(row.underway) },
    ]),
  );
}

export async function poolsByIds(db: DbExecutor, poolIds: readonly number[]): Promise<PoolRow[]> {
  if (poolIds.length === 0) return [];
  return db.select().from(pools).where(equalsAny(pools.id, poolIds));
}

export async function updatePool(db: DbExecutor, poolId: number, changes: PoolChanges, now: Date): Promise<void> {
  await db
    .update(pools)
    .set({ ...changes, updatedAt: now })
    .where(eq(pools.id, poolId));
}

/** Clears the confidence of every pick of the pool: it no longer scores confidence points. */
export async function clearConfidences(db: DbExecutor, poolId: number): Promise<void> {
  await db.execute(sql`
    update ${poolPicks} set confidence = null
    where confidence is not null and sheet_id in (
      select s.id from ${poolSheets} s join ${poolWeeks} w on w.id = s.pool_week_id where w.pool_id = ${poolId})`);
}

/** Ends the pool: closed (4) from now on. */
export async function endPool(db: DbExecutor, poolId: number, now: Date): Promise<void> {
  await db.update(pools).set({ status: 4, endedAt: now, updatedAt: now }).where(eq(pools.id, poolId));
}

/**
 * Raises the pool's version, so its cached answers are no longer current, and the inputs version of the weeks
 * changed (all of them when none are named: a member joining or leaving, the settings), so their stored totals
 * are worked out again (decision 059).
 */
export async function bumpVersion(db: DbExecutor, poolId: number, poolWeekIds?: readonly number[]): Promise<void> {
  // One statement, the pool's row first (a submission raises the same two with its commit: versionBumps).
  const weeks = poolWeekIds === undefined ? sql`` : sql` and id = any(${column([...poolWeekIds], 'int')})`;
  await db.execute(
    sql`with pool as (update ${pools} set version = version + 1 where id = ${poolId})
        update ${poolWeeks} set inputs_version = inputs_version + 1 where pool_id = ${poolId}${weeks}`,
  );
}

/**
 * bumpVersion as a transaction's last statements, sent with its COMMIT (transactionCommittingWith): a
 * submission's, so the pool's and the week's rows every submission to the week updates are held only for the
 * commit. The pool's row first, then the weeks', as every writer takes them.
 */
export function versionBumps(poolId: number, poolWeekIds: readonly number[]): LastStatement[] {
  return [
    lastStatement`update pools set version = version + 1 where id = ${poolId}`,
    lastStatement`update pool_weeks set inputs_version = inputs_version + 1
                  where pool_id = ${poolId} and id in (${poolWeekIds})`,
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Members

/** The member's row of the pool in any state (current, left or removed); null if never a member. */
export async function findMemberRow(db: DbExecutor, poolId: number, userId: number): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(poolMembers)
    .where(and(eq(poolMembers.poolId, poolId), eq(poolMembers.userId, userId)));
  return row ?? null;
}

/** A current member of the pool by their member id; null otherwise. */
export async function findCurrentMember(db: DbExecutor, poolId: number, memberId: number): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(poolMembers)
    .where(and(eq(poolMembers.poolId, poolId), eq(poolMembers.id, memberId), currentMember));
  return row ?? null;
}

export async function countGuests(db: DbExecutor, poolId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(poolMembers)
    .where(and(eq(poolMembers.poolId, poolId), eq(poolMembers.role, 'guest'), currentMember));
  return Number(row?.n ?? 0);
}

/** Whether a current member of the pool has this (lower-cased) address. */
export async function isMemberByEmail(db: DbExecutor, poolId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: poolMembers.id })
    .from(poolMembers)
    .innerJoin(users, eq(users.id, poolMembers.userId))
    .where(and(eq(poolMembers.poolId, poolId), sql`lower(${users.email}) = ${email}`, currentMember));
  return row !== undefined;
}

/**
 * A member who left, or was removed and invited again, comes back with their first joining time (their earlier
 * picks stay theirs).
 */
export async function rejoin(db: DbExecutor, memberId: number): Promise<void> {
  await db.update(poolMembers).set({ leftAt: null, removedAt: null }).where(eq(poolMembers.id, memberId));
}

/** The verified addresses of the accounts, by user id: pool mails go to verified addresses only (decision 042). */
export async function verifiedAccounts(
  db: DbExecutor,
  userIds: readonly number[],
): Promise<Map<number, { email: string; username: string; name: string | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, username: users.username, name: users.name })
    .from(users)
    .where(and(equalsAny(users.id, userIds), isNotNull(users.emailVerifiedAt)));
  return new Map(rows.map((row) => [row.id, { email: row.email, username: row.username, name: row.name }]));
}

export async function markLeft(db: DbExecutor, memberId: number, now: Date): Promise<void> {
  await db.update(poolMembers).set({ leftAt: now }).where(eq(poolMembers.id, memberId));
}

export async function markRemoved(db: DbExecutor, memberId: number, now: Date): Promise<void> {
  await db.update(poolMembers).set({ removedAt: now }).where(eq(poolMembers.id, memberId));
}

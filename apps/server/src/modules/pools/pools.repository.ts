import {
  auditEvents,
  events,
  poolAnnouncements,
  poolEdits,
  poolInvitations,
  poolMembers,
  poolPicks,
  pools,
  poolSheets,
  poolSlateGames,
  poolSubmissions,
  poolWeeks,
  users,
  type DbExecutor,
} from '@pass/db';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';

/**
 * The SQL of Pool Party. A membership is current while neither left nor removed; every read of a pool's
 * objects goes through `findMembership`, so someone outside the pool finds nothing.
 */

export type PoolRow = typeof pools.$inferSelect;
export type NewPool = Omit<typeof pools.$inferInsert, 'id' | 'status' | 'version' | 'createdAt' | 'updatedAt'>;
export type PoolChanges = Partial<Omit<NewPool, 'lifeguardId'>>;
export type MemberRow = typeof poolMembers.$inferSelect;

const currentMember = and(isNull(poolMembers.leftAt), isNull(poolMembers.removedAt));

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

/** The pool and the caller's current membership of it; null when there is no such pool or the caller is not in it. */
export async function findMembership(
  db: DbExecutor,
  poolId: number,
  userId: number,
  options: { forUpdate?: boolean } = {},
): Promise<{ pool: PoolRow; member: MemberRow } | null> {
  const query = db
    .select({ pool: pools, member: poolMembers })
    .from(pools)
    .innerJoin(poolMembers, and(eq(poolMembers.poolId, pools.id), eq(poolMembers.userId, userId), currentMember))
    .where(eq(pools.id, poolId));
  const [row] = options.forUpdate ? await query.for('update', { of: pools }) : await query;
  return row ?? null;
}

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
      role: poolMembers.role,
      joinedAt: poolMembers.joinedAt,
    })
    .from(poolMembers)
    .innerJoin(users, eq(users.id, poolMembers.userId))
    .where(and(inArray(poolMembers.poolId, [...poolIds]), currentMember))
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

/** The usernames of the pools' Lifeguards. */
export async function lifeguardNames(db: DbExecutor, poolIds: readonly number[]): Promise<Map<number, string>> {
  if (poolIds.length === 0) return new Map();
  const rows = await db
    .select({ poolId: pools.id, username: users.username })
    .from(pools)
    .innerJoin(users, eq(users.id, pools.lifeguardId))
    .where(inArray(pools.id, [...poolIds]));
  return new Map(rows.map((row) => [row.poolId, row.username]));
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
    .where(inArray(poolWeeks.poolId, [...poolIds]))
    .groupBy(poolWeeks.poolId);
  return new Map(
    rows.map((row) => [
      row.poolId,
      { firstLock: row.firstLock === null ? null : new Date(row.firstLock), underway: Boolean(row.underway) },
    ]),
  );
}

export async function updatePool(db: DbExecutor, poolId: number, changes: PoolChanges, now: Date): Promise<void> {
  await db
    .update(pools)
    .set({ ...changes, updatedAt: now })
    .where(eq(pools.id, poolId));
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
  await db
    .update(pools)
    .set({ version: sql`${pools.version} + 1` })
    .where(eq(pools.id, poolId));
  await db
    .update(poolWeeks)
    .set({ inputsVersion: sql`${poolWeeks.inputsVersion} + 1` })
    .where(and(eq(poolWeeks.poolId, poolId), poolWeekIds ? inArray(poolWeeks.id, [...poolWeekIds]) : undefined));
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

/** A member who left comes back with their first joining time (their earlier picks stay theirs). */
export async function rejoin(db: DbExecutor, memberId: number): Promise<void> {
  await db.update(poolMembers).set({ leftAt: null }).where(eq(poolMembers.id, memberId));
}

export async function markLeft(db: DbExecutor, memberId: number, now: Date): Promise<void> {
  await db.update(poolMembers).set({ leftAt: now }).where(eq(poolMembers.id, memberId));
}

export async function markRemoved(db: DbExecutor, memberId: number, now: Date): Promise<void> {
  await db.update(poolMembers).set({ removedAt: now }).where(eq(poolMembers.id, memberId));
}

// ---------------------------------------------------------------------------------------------------------
// Invitations

export type InvitationRow = typeof poolInvitations.$inferSelect;

/** Invitations the Lifeguard has sent to the address, across all of their pools. */
/**
 * Every address a Lifeguard has mailed an invitation to, with when: the per-address limit compares them in
 * their canonical form (the domain's rule, so no copy of it in SQL), and the rate limit counts them by time.
 * Bounded by the rate limit itself: at most a day's worth of invitations for each day the account has lived.
 */
export async function listMailedInvitations(
  db: DbExecutor,
  inviterId: number,
): Promise<{ email: string; createdAt: Date }[]> {
  const rows = await db
    .select({ email: poolInvitations.email, createdAt: poolInvitations.createdAt })
    .from(poolInvitations)
    .where(and(eq(poolInvitations.inviterId, inviterId), isNotNull(poolInvitations.email)));
  return rows.map((row) => ({ email: row.email!, createdAt: row.createdAt }));
}

export async function insertInvitation(
  db: DbExecutor,
  values: Pick<InvitationRow, 'poolId' | 'inviterId' | 'email' | 'tokenHash' | 'createdAt' | 'expiresAt'>,
): Promise<InvitationRow> {
  const [row] = await db.insert(poolInvitations).values(values).returning();
  return row!;
}

/** The pool's invitations, newest first. */
export async function listInvitations(db: DbExecutor, poolId: number): Promise<InvitationRow[]> {
  return db
    .select()
    .from(poolInvitations)
    .where(eq(poolInvitations.poolId, poolId))
    .orderBy(desc(poolInvitations.createdAt), desc(poolInvitations.id));
}

/** Revokes the pool's shareable links still open. */
export async function revokeLinks(db: DbExecutor, poolId: number, now: Date): Promise<void> {
  await db
    .update(poolInvitations)
    .set({ revokedAt: now })
    .where(and(eq(poolInvitations.poolId, poolId), isNull(poolInvitations.email), isNull(poolInvitations.revokedAt)));
}

/** The invitation a token opens, with its pool locked for the rest of the transaction. */
export async function findInvitationForUpdate(
  db: DbExecutor,
  tokenHash: string,
): Promise<{ invitation: InvitationRow; pool: PoolRow } | null> {
  const [row] = await db
    .select({ invitation: poolInvitations, pool: pools })
    .from(poolInvitations)
    .innerJoin(pools, eq(pools.id, poolInvitations.poolId))
    .where(eq(poolInvitations.tokenHash, tokenHash))
    .for('update');
  return row ?? null;
}

export async function markInvitationUsed(db: DbExecutor, invitationId: number, userId: number, now: Date) {
  await db
    .update(poolInvitations)
    .set({ usedAt: now, usedBy: userId })
    .where(and(eq(poolInvitations.id, invitationId), isNotNull(poolInvitations.email)));
}

// ---------------------------------------------------------------------------------------------------------
// Weeks, slates, sheets

export interface GameRow {
  id: number;
  homeTeam: string;
  awayTeam: string;
  /** The kickoff, or noon UTC of the game date when the schedule has no time yet (as closing quotes are filed). */
  kickoff: Date;
  status: 'scheduled' | 'in_progress' | 'final' | 'postponed' | 'cancelled';
  homeScore: number | null;
  awayScore: number | null;
  /** A game of the generated demo season (docs/decisions/008), played only where a week has no real games. */
  isDemo: boolean;
}

const gameColumns = {
  id: events.id,
  homeTeam: events.homeTeam,
  awayTeam: events.awayTeam,
  kickoff: sql<Date>`coalesce(${events.kickoffAt}, (${events.gameDate} || 'T12:00:00Z')::timestamptz)`.mapWith(
    (value: string | Date) => new Date(value),
  ),
  status: events.status,
  homeScore: events.homeScore,
  awayScore: events.awayScore,
  isDemo: events.isDemo,
};

/**
 * The games of a sport week: the football week's games by their week number, or for a sport whose events
 * carry none (MLB) the games dated within the week's days. A week with real games plays those only; a week
 * with none (a fresh install's generated demo season) plays its demo games, which the week marks as demo
 * (docs/decisions/028).
 */
export async function weekGames(
  db: DbExecutor,
  input: { sport: string; season: number; week: number; start: string; end: string },
): Promise<GameRow[]> {
  const found = await db
    .select(gameColumns)
    .from(events)
    .where(
      and(
        eq(events.sport, input.sport),
        eq(events.season, input.season),
        sql`(${events.week} = ${input.week} or (${events.week} is null and ${events.gameDate} between ${input.start} and ${input.end}))`,
      ),
    );
  const real = found.filter((game) => !game.isDemo);
  return real.length > 0 ? real : found;
}

export type PoolWeekRow = typeof poolWeeks.$inferSelect;
export type SlateRow = GameRow & {
  frozenHomeSpread: number | null;
  lockedAt: Date | null;
  closingHomeSpread: number | null;
};

export async function findWeek(db: DbExecutor, poolId: number, week: number): Promise<PoolWeekRow | null> {
  const [row] = await db
    .select()
    .from(poolWeeks)
    .where(and(eq(poolWeeks.poolId, poolId), eq(poolWeeks.week, week)));
  return row ?? null;
}

/**
 * Stores a week's slate. With `replace`, over one stored before (its picks of games no longer on it go);
 * without, a slate stored meanwhile by another request wins and is returned as it is.
 */
export async function storeSlate(
  db: DbExecutor,
  input: {
    poolId: number;
    week: number;
    source: 'lifeguard' | 'auto';
    publishedBy: number | null;
    now: Date;
    replace: boolean;
    games: { eventId: number; frozenHomeSpread: number | null }[];
  },
): Promise<PoolWeekRow> {
  const values = {
    poolId: input.poolId,
    week: input.week,
    slateSource: input.source,
    publishedAt: input.now,
    publishedBy: input.publishedBy,
  };
  const insert = db.insert(poolWeeks).values(values);
  const [row] = input.replace
    ? await insert
        .onConflictDoUpdate({
          target: [poolWeeks.poolId, poolWeeks.week],
          set: { slateSource: input.source, publishedAt: input.now, publishedBy: input.publishedBy },
        })
        .returning()
    : await insert.onConflictDoNothing().returning();
  if (!row) return (await findWeek(db, input.poolId, input.week))!;
  const week = row;
  const ids = input.games.map((game) => game.eventId);
  await db.delete(poolSlateGames).where(eq(poolSlateGames.poolWeekId, week.id));
  await db.execute(
    sql`delete from ${poolPicks} p using ${poolSheets} s
        where p.sheet_id = s.id and s.pool_week_id = ${week.id} and not (p.event_id = any(${sql.param(ids)}::int[]))`,
  );
  if (input.games.length > 0) {
    await db.insert(poolSlateGames).values(input.games.map((game) => ({ poolWeekId: week.id, ...game })));
  }
  return week;
}

/** The pool's stored weeks, in order. */
export async function weeksOf(db: DbExecutor, poolId: number): Promise<PoolWeekRow[]> {
  return db.select().from(poolWeeks).where(eq(poolWeeks.poolId, poolId)).orderBy(asc(poolWeeks.week));
}

/** A stored week's slate games with their events. */
export async function slateOf(db: DbExecutor, poolWeekId: number): Promise<SlateRow[]> {
  return (
    db
      .select({
        ...gameColumns,
        frozenHomeSpread: poolSlateGames.frozenHomeSpread,
        lockedAt: poolSlateGames.lockedAt,
        closingHomeSpread: poolSlateGames.closingHomeSpread,
      })
      .from(poolSlateGames)
      .innerJoin(events, eq(events.id, poolSlateGames.eventId))
      .where(eq(poolSlateGames.poolWeekId, poolWeekId))
      // One order everywhere: requests that keep locks update these rows in it, never crosswise.
      .orderBy(asc(poolSlateGames.eventId))
  );
}

/**
 * Before an import rewrites events, records the lock of every pool slate game among them whose kickoff, as
 * stored, has passed by `now`: a schedule that then moves the kickoff later cannot reopen a game whose picks
 * were already locked (and shown) though no one had looked at the pool since (decision 027).
 */
export async function keepLocksBeforeEventsChange(db: DbExecutor, eventIds: readonly number[], now: Date) {
  if (eventIds.length === 0) return;
  await db.execute(sql`update pool_slate_games s set locked_at = e.kickoff_at
    from events e
    where s.event_id = e.id and s.locked_at is null and e.kickoff_at is not null
      and e.kickoff_at <= ${now.toISOString()}::timestamptz
      and e.id = any(${sql.param(eventIds)}::int[])`);
}

export async function recordLocks(
  db: DbExecutor,
  poolWeekId: number,
  locks: readonly { eventId: number; lockedAt: Date }[],
): Promise<void> {
  for (const lock of locks) {
    await db
      .update(poolSlateGames)
      .set({ lockedAt: lock.lockedAt })
      .where(
        and(
          eq(poolSlateGames.poolWeekId, poolWeekId),
          eq(poolSlateGames.eventId, lock.eventId),
          isNull(poolSlateGames.lockedAt),
        ),
      );
  }
}

/** A locked slate game of an `ats` pool, as its closing spread is worked out (decision 029). */
export interface LockedAtsGame {
  poolWeekId: number;
  eventId: number;
  homeTeam: string;
  awayTeam: string;
  lockedAt: Date;
  closingHomeSpread: number | null;
}

/** The locked slate games of `ats` pools that are games of these events. */
export async function lockedAtsGamesOfEvents(db: DbExecutor, eventIds: readonly number[]): Promise<LockedAtsGame[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .select({
      poolWeekId: poolSlateGames.poolWeekId,
      eventId: poolSlateGames.eventId,
      homeTeam: events.homeTeam,
      awayTeam: events.awayTeam,
      lockedAt: poolSlateGames.lockedAt,
      closingHomeSpread: poolSlateGames.closingHomeSpread,
    })
    .from(poolSlateGames)
    .innerJoin(poolWeeks, eq(poolWeeks.id, poolSlateGames.poolWeekId))
    .innerJoin(pools, eq(pools.id, poolWeeks.poolId))
    .innerJoin(events, eq(events.id, poolSlateGames.eventId))
    .where(
      and(
        // One array parameter, however many events an import grades.
        sql`${poolSlateGames.eventId} = any(${sql.param([...eventIds])}::int[])`,
        eq(pools.winBasis, 'ats'),
        isNotNull(poolSlateGames.lockedAt),
      ),
    )
    .orderBy(asc(poolSlateGames.poolWeekId), asc(poolSlateGames.eventId));
  return rows.map((row) => ({ ...row, lockedAt: row.lockedAt! }));
}

/** Writes slate games' closing spreads, in the one order of the slate's rows (week, then event). */
export async function recordClosingSpreads(
  db: DbExecutor,
  closes: readonly { poolWeekId: number; eventId: number; closingHomeSpread: number | null }[],
): Promise<void> {
  const ordered = [...closes].sort((a, b) => a.poolWeekId - b.poolWeekId || a.eventId - b.eventId);
  for (const close of ordered) {
    await db
      .update(poolSlateGames)
      .set({ closingHomeSpread: close.closingHomeSpread })
      .where(and(eq(poolSlateGames.poolWeekId, close.poolWeekId), eq(poolSlateGames.eventId, close.eventId)));
  }
}

export interface SheetRow {
  id: number;
  poolWeekId: number;
  memberId: number;
  lmsTeam: string | null;
  tiebreaker: number | null;
  submittedAt: Date | null;
  picks: { eventId: number; team: string; play: 'double' | 'triple' | null }[];
}

/** The week's sheets with their picks. */
export function sheetsOf(db: DbExecutor, poolWeekId: number): Promise<SheetRow[]> {
  return sheetsOfWeeks(db, [poolWeekId]);
}

/** The sheets of these weeks with their picks: two queries whatever the number of weeks. */
export async function sheetsOfWeeks(db: DbExecutor, poolWeekIds: readonly number[]): Promise<SheetRow[]> {
  if (poolWeekIds.length === 0) return [];
  const sheets = await db
    .select()
    .from(poolSheets)
    .where(inArray(poolSheets.poolWeekId, [...poolWeekIds]));
  if (sheets.length === 0) return [];
  // By the weeks, not by a list of every sheet id: a season of a full pool has hundreds of sheets, and a
  // parameter per sheet cost more than the join (bench: pool-standings-rebuild-*).
  const picks = await db
    .select({ sheetId: poolPicks.sheetId, eventId: poolPicks.eventId, team: poolPicks.team, play: poolPicks.play })
    .from(poolPicks)
    .innerJoin(poolSheets, eq(poolSheets.id, poolPicks.sheetId))
    .where(inArray(poolSheets.poolWeekId, [...poolWeekIds]))
    .orderBy(asc(poolPicks.eventId));
  const picksOf = new Map<number, SheetRow['picks']>();
  for (const pick of picks) {
    const list = picksOf.get(pick.sheetId) ?? [];
    list.push({ eventId: pick.eventId, team: pick.team, play: pick.play });
    picksOf.set(pick.sheetId, list);
  }
  return sheets.map((sheet) => ({
    id: sheet.id,
    poolWeekId: sheet.poolWeekId,
    memberId: sheet.memberId,
    lmsTeam: sheet.lmsTeam,
    tiebreaker: sheet.tiebreaker,
    submittedAt: sheet.submittedAt,
    picks: picksOf.get(sheet.id) ?? [],
  }));
}

/** The slate games of these weeks with their events, by week: one query. */
export async function slatesOfWeekIds(
  db: DbExecutor,
  poolWeekIds: readonly number[],
): Promise<Map<number, SlateRow[]>> {
  const byWeek = new Map<number, SlateRow[]>();
  if (poolWeekIds.length === 0) return byWeek;
  const rows = await db
    .select({
      poolWeekId: poolSlateGames.poolWeekId,
      ...gameColumns,
      frozenHomeSpread: poolSlateGames.frozenHomeSpread,
      lockedAt: poolSlateGames.lockedAt,
      closingHomeSpread: poolSlateGames.closingHomeSpread,
    })
    .from(poolSlateGames)
    .innerJoin(events, eq(events.id, poolSlateGames.eventId))
    .where(inArray(poolSlateGames.poolWeekId, [...poolWeekIds]))
    .orderBy(asc(poolSlateGames.poolWeekId), asc(poolSlateGames.eventId));
  for (const { poolWeekId, ...row } of rows) {
    const list = byWeek.get(poolWeekId) ?? [];
    list.push(row);
    byWeek.set(poolWeekId, list);
  }
  return byWeek;
}

/**
 * Writes a member's sheet (its row locked for the rest of the transaction) and replaces its picks.
 * `submittedAt` moves only for the member's own submissions (null: keep it).
 */
export async function writeSheet(
  db: DbExecutor,
  input: {
    poolWeekId: number;
    memberId: number;
    lmsTeam: string | null;
    tiebreaker: number | null;
    submittedAt: Date | null;
    now: Date;
    picks: readonly { eventId: number; team: string; play: 'double' | 'triple' | null }[];
  },
): Promise<void> {
  const [sheet] = await db
    .insert(poolSheets)
    .values({
      poolWeekId: input.poolWeekId,
      memberId: input.memberId,
      lmsTeam: input.lmsTeam,
      tiebreaker: input.tiebreaker,
      submittedAt: input.submittedAt,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: [poolSheets.poolWeekId, poolSheets.memberId],
      set: {
        lmsTeam: input.lmsTeam,
        tiebreaker: input.tiebreaker,
        submittedAt: input.submittedAt === null ? sql`${poolSheets.submittedAt}` : input.submittedAt,
        updatedAt: input.now,
      },
    })
    .returning({ id: poolSheets.id });
  await db.delete(poolPicks).where(eq(poolPicks.sheetId, sheet!.id));
  if (input.picks.length > 0) {
    await db
      .insert(poolPicks)
      .values(input.picks.map((pick) => ({ sheetId: sheet!.id, ...pick, updatedAt: input.now })));
  }
}

/** Locks a member's sheet row for the week (made empty if none), so submissions of it go one at a time. */
export async function lockSheet(db: DbExecutor, poolWeekId: number, memberId: number, now: Date): Promise<void> {
  await db
    .insert(poolSheets)
    .values({ poolWeekId, memberId, updatedAt: now })
    .onConflictDoUpdate({
      target: [poolSheets.poolWeekId, poolSheets.memberId],
      set: { updatedAt: sql`${poolSheets.updatedAt}` },
    });
}

/**
 * Claims an Idempotency-Key for a member: true when it is new; otherwise the request hash stored with it
 * (a concurrent claim of the same key waits for the first to commit or roll back).
 */
export async function claimSubmission(
  db: DbExecutor,
  input: { memberId: number; poolWeekId: number; idempotencyKey: string; requestHash: string; now: Date },
): Promise<{ claimed: true } | { claimed: false; requestHash: string; poolWeekId: number }> {
  const inserted = await db
    .insert(poolSubmissions)
    .values({ ...input, createdAt: input.now })
    .onConflictDoNothing()
    .returning({ id: poolSubmissions.id });
  if (inserted.length > 0) return { claimed: true };
  const [stored] = await db
    .select()
    .from(poolSubmissions)
    .where(and(eq(poolSubmissions.memberId, input.memberId), eq(poolSubmissions.idempotencyKey, input.idempotencyKey)));
  return { claimed: false, requestHash: stored!.requestHash, poolWeekId: stored!.poolWeekId };
}

// ---------------------------------------------------------------------------------------------------------
// The Lifeguard's edits and announcements

export async function insertEdits(db: DbExecutor, rows: (typeof poolEdits.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(poolEdits).values(rows);
}

/** The pool's edit log, newest first, with the week and both usernames. */
export async function listEdits(db: DbExecutor, poolId: number) {
  return (
    db
      .select({
        id: poolEdits.id,
        week: poolWeeks.week,
        poolWeekId: poolEdits.poolWeekId,
        memberId: poolEdits.memberId,
        member: sql<string>`(select u.username from ${users} u join ${poolMembers} m on m.user_id = u.id where m.id = ${poolEdits.memberId})`,
        editor: sql<string | null>`(select u.username from ${users} u where u.id = ${poolEdits.editorId})`,
        eventId: poolEdits.eventId,
        field: poolEdits.field,
        before: poolEdits.before,
        after: poolEdits.after,
        createdAt: poolEdits.createdAt,
      })
      .from(poolEdits)
      .leftJoin(poolWeeks, eq(poolWeeks.id, poolEdits.poolWeekId))
      .where(eq(poolEdits.poolId, poolId))
      // Newest edit first; the changes of one edit in the order of the sheet.
      .orderBy(desc(poolEdits.createdAt), asc(poolEdits.id))
  );
}

export async function insertAnnouncement(
  db: DbExecutor,
  values: { poolId: number; authorId: number; body: string; createdAt: Date },
) {
  const [row] = await db.insert(poolAnnouncements).values(values).returning();
  return row!;
}

/** The pool's announcements, newest first, with their author's username. */
export async function listAnnouncements(db: DbExecutor, poolId: number) {
  return db
    .select({
      id: poolAnnouncements.id,
      body: poolAnnouncements.body,
      author: users.username,
      createdAt: poolAnnouncements.createdAt,
    })
    .from(poolAnnouncements)
    .leftJoin(users, eq(users.id, poolAnnouncements.authorId))
    .where(eq(poolAnnouncements.poolId, poolId))
    .orderBy(desc(poolAnnouncements.createdAt), desc(poolAnnouncements.id));
}

// ---------------------------------------------------------------------------------------------------------
// Standings' freshness

/**
 * A result changed for these events: the pools with one of them on a slate have new standings, and the
 * slate games that have locked by `now` keep their lock. Called where every result change goes through (the
 * ledger's grading).
 */
export async function bumpPoolsOfEvents(db: DbExecutor, eventIds: readonly number[], now: Date): Promise<void> {
  if (eventIds.length === 0) return;
  // A game that has kicked off or is under way keeps its lock from now on, even if no one looked at it.
  await db.execute(
    sql`update ${poolSlateGames} g set locked_at = least(e.kickoff_at, ${now.toISOString()}::timestamptz)
        from ${events} e
        where e.id = g.event_id and g.locked_at is null and g.event_id = any(${sql.param([...eventIds])}::int[])
          and (e.kickoff_at <= ${now.toISOString()}::timestamptz or e.status in ('in_progress', 'final'))`,
  );
  await db.execute(
    sql`update ${pools} set version = version + 1
        where id in (select w.pool_id from ${poolSlateGames} g join ${poolWeeks} w on w.id = g.pool_week_id
                     where g.event_id = any(${sql.param([...eventIds])}::int[]))`,
  );
  // Only the weeks with one of these games on their slate are worked out again (decision 059).
  await db.execute(
    sql`update ${poolWeeks} set inputs_version = inputs_version + 1
        where id in (select pool_week_id from ${poolSlateGames} where event_id = any(${sql.param([...eventIds])}::int[]))`,
  );
}

/** The pool's next slate lock after `now` (a missing pick starts to count at its game's lock), if any. */
export async function nextLock(db: DbExecutor, poolId: number, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({
      next: sql<string | Date | null>`min(coalesce(${poolSlateGames.lockedAt}, ${events.kickoffAt}))`,
    })
    .from(poolSlateGames)
    .innerJoin(poolWeeks, eq(poolWeeks.id, poolSlateGames.poolWeekId))
    .innerJoin(events, eq(events.id, poolSlateGames.eventId))
    .where(
      and(
        eq(poolWeeks.poolId, poolId),
        sql`coalesce(${poolSlateGames.lockedAt}, ${events.kickoffAt}) > ${now.toISOString()}::timestamptz`,
      ),
    );
  return row?.next ? new Date(row.next) : null;
}

/** The slate games (with their events) of the given weeks of the given pools, by pool. */
export async function slatesOfWeeks(
  db: DbExecutor,
  weeks: readonly { poolId: number; week: number }[],
): Promise<Map<number, SlateRow[]>> {
  const byPool = new Map<number, SlateRow[]>();
  if (weeks.length === 0) return byPool;
  const rows = await db
    .select({
      poolId: poolWeeks.poolId,
      ...gameColumns,
      frozenHomeSpread: poolSlateGames.frozenHomeSpread,
      lockedAt: poolSlateGames.lockedAt,
      closingHomeSpread: poolSlateGames.closingHomeSpread,
    })
    .from(poolSlateGames)
    .innerJoin(poolWeeks, eq(poolWeeks.id, poolSlateGames.poolWeekId))
    .innerJoin(events, eq(events.id, poolSlateGames.eventId))
    .where(or(...weeks.map((week) => and(eq(poolWeeks.poolId, week.poolId), eq(poolWeeks.week, week.week)))));
  for (const { poolId, ...row } of rows) byPool.set(poolId, [...(byPool.get(poolId) ?? []), row]);
  return byPool;
}

/** The audit event that records an invitation refused over the per-address limit (invitations.service). */
const INVITATION_REFUSED = 'pool_invitation_refused';

export interface InvitationRefusalRow {
  id: number;
  createdAt: Date;
  lifeguardId: number;
  username: string | null;
  /** Every refusal of the Lifeguard's invitations. */
  refusals: number;
  /** Whether the admin has suspended the Lifeguard's account. */
  lifeguardSuspended: boolean;
  poolId: number | null;
  email: string;
}

/**
 * The refused invitations, newest first, from the audit log: each with its Lifeguard's name and count of
 * refusals in all. `before` (a refusal's id) pages back.
 */
export async function listInvitationRefusals(
  db: DbExecutor,
  page: { limit: number; before?: number | undefined },
): Promise<InvitationRefusalRow[]> {
  const mine = sql`${auditEvents.event} = ${INVITATION_REFUSED}`;
  const rows = await db
    .select({
      id: auditEvents.id,
      createdAt: auditEvents.createdAt,
      lifeguardId: auditEvents.userId,
      username: users.username,
      lifeguardSuspended: sql<boolean>`${users.suspendedAt} is not null`.mapWith(Boolean),
      refusals: sql<number>`(select count(*) from ${auditEvents} as every
        where every.event = ${INVITATION_REFUSED} and every.user_id = ${auditEvents.userId})`.mapWith(Number),
      // Written by invite() as a number; anything else reads as no pool rather than failing the page.
      poolId: sql<number | null>`case when ${auditEvents.detail}->>'poolId' ~ '^[0-9]{1,9}$'
        then (${auditEvents.detail}->>'poolId')::integer end`,
      email: sql<string>`coalesce(${auditEvents.detail}->>'email', '')`,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.userId))
    .where(
      and(mine, isNotNull(auditEvents.userId), page.before === undefined ? undefined : lt(auditEvents.id, page.before)),
    )
    .orderBy(desc(auditEvents.id))
    .limit(page.limit);
  return rows.map((row) => ({
    ...row,
    lifeguardId: row.lifeguardId!,
    poolId: row.poolId === null ? null : Number(row.poolId),
  }));
}

export async function poolsByIds(db: DbExecutor, poolIds: readonly number[]): Promise<PoolRow[]> {
  if (poolIds.length === 0) return [];
  return db
    .select()
    .from(pools)
    .where(inArray(pools.id, [...poolIds]));
}

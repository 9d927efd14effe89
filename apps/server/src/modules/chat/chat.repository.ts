import { displayName } from '@pass/domain';
import {
  chatMessages,
  chatReads,
  chatRoomNotices,
  column,
  equalsAny,
  events,
  poolMembers,
  pools,
  poolSlateGames,
  poolWeeks,
  rows,
  users,
  type DbExecutor,
} from '@pass/db';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, max, ne, or, sql } from 'drizzle-orm';

/**
 * The SQL of a pool's chat room. Every read is by pool: the service has checked the caller's membership of
 * that pool first.
 */

export interface MessageRow {
  id: number;
  poolId: number;
  kind: string;
  authorMemberId: number | null;
  authorUsername: string | null;
  authorName: string | null;
  text: string;
  createdAt: Date;
  deletedAt: Date | null;
}

const columns = {
  id: chatMessages.id,
  poolId: chatMessages.poolId,
  kind: chatMessages.kind,
  authorMemberId: chatMessages.authorMemberId,
  authorUsername: users.username,
  authorName: users.name,
  text: chatMessages.text,
  createdAt: chatMessages.createdAt,
  deletedAt: chatMessages.deletedAt,
};

const withAuthor = (db: DbExecutor) =>
  db
    .select(columns)
    .from(chatMessages)
    .leftJoin(poolMembers, eq(poolMembers.id, chatMessages.authorMemberId))
    .leftJoin(users, eq(users.id, poolMembers.userId));

/** A newest-first page of the pool's messages older than `before` (all when null). */
export function listBefore(db: DbExecutor, poolId: number, before: number | null, limit: number) {
  return withAuthor(db)
    .where(and(eq(chatMessages.poolId, poolId), before === null ? undefined : lt(chatMessages.id, before)))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

/** The pool's messages after `after`, oldest first. */
export function listAfter(db: DbExecutor, poolId: number, after: number, limit: number) {
  return withAuthor(db)
    .where(and(eq(chatMessages.poolId, poolId), gt(chatMessages.id, after)))
    .orderBy(asc(chatMessages.id))
    .limit(limit);
}

export async function getMessage(db: DbExecutor, poolId: number, id: number): Promise<MessageRow | null> {
  const [row] = await withAuthor(db).where(and(eq(chatMessages.poolId, poolId), eq(chatMessages.id, id)));
  return row ?? null;
}

/**
 * Stores system lines (no author, no client id), in the order given, in one statement; answers them as stored,
 * in that order. The caller holds their pools' rows locked, so each room's ids follow its commits.
 */
export async function insertSystemLines(
  db: DbExecutor,
  lines: readonly { poolId: number; text: string }[],
  createdAt: Date,
): Promise<MessageRow[]> {
  if (lines.length === 0) return [];
  // The rows are inserted in the order given, each taking the next id: sorted by id, they are in that order.
  const stored = await rows<{ id: number; poolId: number; text: string }>(
    db,
    sql`insert into ${chatMessages} (pool_id, kind, author_member_id, text, client_id, created_at)
        select pool_id, 'system', null, text, null, ${createdAt.toISOString()}::timestamptz
          from unnest(${column(
            lines.map((line) => line.poolId),
            'int',
          )}, ${column(
            lines.map((line) => line.text),
            'text',
          )}) with ordinality as t(pool_id, text, place)
         order by place
        returning id, pool_id as "poolId", text`,
  );
  return stored
    .sort((a, b) => a.id - b.id)
    .map((row) => ({
      ...row,
      kind: 'system',
      authorMemberId: null,
      authorUsername: null,
      authorName: null,
      createdAt,
      deletedAt: null,
    }));
}

/**
 * Stores a message; a member's post whose client id the author already used in the pool is not stored
 * again (null: look the first one up).
 */
export async function insertMessage(
  db: DbExecutor,
  values: {
    poolId: number;
    kind: 'member' | 'system';
    authorMemberId: number | null;
    text: string;
    clientId: string | null;
    createdAt: Date;
  },
): Promise<number | null> {
  const [row] = await db
    .insert(chatMessages)
    .values(values)
    .onConflictDoNothing({
      target: [chatMessages.poolId, chatMessages.authorMemberId, chatMessages.clientId],
      where: sql`${chatMessages.clientId} is not null`,
    })
    .returning({ id: chatMessages.id });
  return row?.id ?? null;
}

export async function findByClientId(
  db: DbExecutor,
  poolId: number,
  authorMemberId: number,
  clientId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.poolId, poolId),
        eq(chatMessages.authorMemberId, authorMemberId),
        eq(chatMessages.clientId, clientId),
      ),
    );
  return row?.id ?? null;
}

export async function markDeleted(db: DbExecutor, id: number, deletedBy: number, now: Date): Promise<void> {
  await db.update(chatMessages).set({ deletedAt: now, deletedBy }).where(eq(chatMessages.id, id));
}

/** Pool members as the room names them (`displayName`: their name if set, else the username), by member id. */
export async function memberNames(db: DbExecutor, memberIds: readonly number[]): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ id: poolMembers.id, username: users.username, name: users.name })
    .from(poolMembers)
    .innerJoin(users, eq(users.id, poolMembers.userId))
    .where(equalsAny(poolMembers.id, memberIds));
  return new Map(rows.map((row) => [row.id, displayName(row)]));
}

/** Locks the pool's row for the rest of the transaction: the room's inserts commit one after the other. */
export async function lockPool(db: DbExecutor, poolId: number): Promise<void> {
  await db.execute(sql`select ${pools.id} from ${pools} where ${pools.id} = ${poolId} for update`);
}

// ---------------------------------------------------------------------------------------------------------
// Room notices: what each room was already told of events derived from results and time (decision 041)

export interface NoticeRow {
  poolId: number;
  noticeKey: string;
  state: unknown;
}

/** The pools' notice records. */
export async function listNotices(db: DbExecutor, poolIds: readonly number[]): Promise<NoticeRow[]> {
  if (poolIds.length === 0) return [];
  return db
    .select({ poolId: chatRoomNotices.poolId, noticeKey: chatRoomNotices.noticeKey, state: chatRoomNotices.state })
    .from(chatRoomNotices)
    .where(equalsAny(chatRoomNotices.poolId, poolIds));
}

/**
 * Records of rooms with nothing to tell, in one statement: each written unless a record of a later pool version
 * is stored (a look that read the pool later got there first), keeping the line it was last told with.
 */
export async function writeQuietRecords(
  db: DbExecutor,
  input: { noticeKey: string; records: readonly { poolId: number; state: { version: number } }[]; now: Date },
): Promise<void> {
  if (input.records.length === 0) return;
  const storedVersion = sql`case when jsonb_typeof(n.state -> 'version') = 'number'
                                 then (n.state ->> 'version')::numeric else -1 end`;
  // Column arrays: a result reaches thousands of rooms, and a multi-row insert built value by value costs more.
  await db.execute(sql`
    insert into ${chatRoomNotices} as n (pool_id, notice_key, state, chat_message_id, updated_at)
    select pool_id, ${input.noticeKey}, state, null, ${input.now.toISOString()}::timestamptz
      from unnest(${column(
        input.records.map((record) => record.poolId),
        'int',
      )}, ${column(
        input.records.map((record) => JSON.stringify(record.state)),
        'jsonb',
      )}) as t(pool_id, state)
    on conflict (pool_id, notice_key) do update set state = excluded.state, updated_at = excluded.updated_at
      where ${storedVersion} <= (excluded.state ->> 'version')::numeric`);
}

/**
 * Records notices (each with its system line's id, or null when recorded without one) in one statement, each
 * pool and key at most once; a record rewritten without a line keeps the line it was last told with.
 */
export async function writeNotices(
  db: DbExecutor,
  records: readonly { poolId: number; noticeKey: string; state: unknown; chatMessageId: number | null }[],
  now: Date,
): Promise<void> {
  if (records.length === 0) return;
  await db.execute(sql`
    insert into ${chatRoomNotices} as n (pool_id, notice_key, state, chat_message_id, updated_at)
    select pool_id, notice_key, state, chat_message_id, ${now.toISOString()}::timestamptz
      from unnest(${column(
        records.map((record) => record.poolId),
        'int',
      )}, ${column(
        records.map((record) => record.noticeKey),
        'text',
      )}, ${column(
        records.map((record) => JSON.stringify(record.state)),
        'jsonb',
      )}, ${column(
        records.map((record) => record.chatMessageId),
        'int',
      )}) as t(pool_id, notice_key, state, chat_message_id)
    on conflict (pool_id, notice_key) do update
      set state = excluded.state,
          -- A record rewritten without a line keeps the line it was last told with.
          chat_message_id = coalesce(excluded.chat_message_id, n.chat_message_id),
          updated_at = excluded.updated_at`);
}

/** Deletes these notices' records in one statement. */
export async function deleteNotices(
  db: DbExecutor,
  records: readonly { poolId: number; noticeKey: string }[],
): Promise<void> {
  if (records.length === 0) return;
  await db.execute(sql`
    delete from ${chatRoomNotices} n
     using unnest(${column(
       records.map((record) => record.poolId),
       'int',
     )}, ${column(
       records.map((record) => record.noticeKey),
       'text',
     )}) as t(pool_id, notice_key)
     where n.pool_id = t.pool_id and n.notice_key = t.notice_key`);
}

/**
 * The pools whose rooms may have news from results: not ended by `now`, with a slate game that has locked
 * (kicked off, started, or its lock recorded), and not looked at since their pool last changed (the room's
 * record, under `recordKey`, holds the pool's version then and the next instant time alone changes its news).
 * The records are read first, so a tick on a quiet Sunday afternoon reads no slate at all, and the slates of
 * the pools a result changed are reached through their indexes (query-plans.postgres.test.ts).
 */
export async function listPoolsWithResults(
  db: DbExecutor,
  input: { now: Date; recordKey: string; poolIds?: readonly number[] | undefined },
) {
  const at = input.now.toISOString();
  const notEnded = sql`(${pools.endedAt} is null or ${pools.endedAt} > ${at}::timestamptz)`;
  // Two statements: the slates are then read for a list of pools the planner can see, by their indexes.
  const changed = await db
    .select({ id: pools.id })
    .from(pools)
    .where(
      and(
        notEnded,
        input.poolIds === undefined ? undefined : equalsAny(pools.id, input.poolIds),
        sql`not exists (select 1 from ${chatRoomNotices} n
                        where n.pool_id = ${pools.id} and n.notice_key = ${input.recordKey}
                          and jsonb_typeof(n.state -> 'version') = 'number'
                          and jsonb_typeof(n.state -> 'until') = 'number'
                          and (n.state ->> 'version')::numeric = ${pools.version}
                          and (n.state ->> 'until')::numeric > ${input.now.getTime()})`,
      ),
    );
  if (changed.length === 0) return [];
  return db
    .select()
    .from(pools)
    .where(
      and(
        notEnded,
        equalsAny(
          pools.id,
          changed.map((pool) => pool.id),
        ),
        sql`exists (select 1 from ${poolWeeks} w join ${poolSlateGames} g on g.pool_week_id = w.id
                    join ${events} e on e.id = g.event_id
                    where w.pool_id = ${pools.id} and not g.survivor_only
                      and (g.locked_at is not null or e.kickoff_at <= ${at}::timestamptz or e.status <> 'scheduled'))`,
      ),
    )
    .orderBy(asc(pools.id));
}

/** The pool's row, locked for the rest of the transaction (null when it is gone). */
/**
 * Locks these pools' rows for the rest of the transaction, in id order (as a result takes them); answers them.
 * `no key update`: another look at the rooms, a member's post (lockPool) and a result wait for it, while
 * submissions and the rows that only refer to the pools (a quiet room's record) go on.
 */
export async function lockPoolRows(db: DbExecutor, poolIds: readonly number[]) {
  if (poolIds.length === 0) return [];
  return db
    .select({ id: pools.id, endedAt: pools.endedAt })
    .from(pools)
    .where(equalsAny(pools.id, poolIds))
    .orderBy(asc(pools.id))
    .for('no key update');
}

/**
 * The pool's current members whose username is one of these (lower-cased), leaving out `exceptUserId`, with
 * the pool's name: whom a message's mentions reach.
 */
export async function mentionedMembers(
  db: DbExecutor,
  poolId: number,
  usernames: readonly string[],
  exceptUserId: number,
): Promise<{ userId: number; poolName: string }[]> {
  if (usernames.length === 0) return [];
  return db
    .select({ userId: poolMembers.userId, poolName: pools.name })
    .from(poolMembers)
    .innerJoin(users, eq(users.id, poolMembers.userId))
    .innerJoin(pools, eq(pools.id, poolMembers.poolId))
    .where(and(otherCurrentMembers(poolId, exceptUserId), inArray(sql`lower(${users.username})`, [...usernames])));
}

/** The pool's current members other than `exceptUserId`, with their usernames: who a post is unread for. */
export async function roomReaders(
  db: DbExecutor,
  poolId: number,
  exceptUserId: number,
): Promise<{ userId: number; username: string }[]> {
  return db
    .select({ userId: poolMembers.userId, username: users.username })
    .from(poolMembers)
    .innerJoin(users, eq(users.id, poolMembers.userId))
    .where(otherCurrentMembers(poolId, exceptUserId));
}

/** The pool's members still in it (not left, not removed), but one. */
const otherCurrentMembers = (poolId: number, exceptUserId: number) =>
  and(
    eq(poolMembers.poolId, poolId),
    isNull(poolMembers.leftAt),
    isNull(poolMembers.removedAt),
    ne(poolMembers.userId, exceptUserId),
  );

// ---------------------------------------------------------------------------------------------------------
// Read markers (decision 040)

/** How far each of these members has read their room (0 when they have not yet). */
export async function listReads(db: DbExecutor, memberIds: readonly number[]): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ memberId: chatReads.memberId, lastReadId: chatReads.lastReadId })
    .from(chatReads)
    .where(equalsAny(chatReads.memberId, memberIds));
  return new Map(rows.map((row) => [row.memberId, row.lastReadId]));
}

/** The newest message of each of these pools, by pool id. */
export async function listLastMessages(db: DbExecutor, poolIds: readonly number[]): Promise<Map<number, MessageRow>> {
  if (poolIds.length === 0) return new Map();
  const newest = db
    .select({ id: max(chatMessages.id) })
    .from(chatMessages)
    .where(equalsAny(chatMessages.poolId, poolIds))
    .groupBy(chatMessages.poolId);
  const rows = await withAuthor(db).where(inArray(chatMessages.id, newest));
  return new Map(rows.map((row) => [row.poolId, row]));
}

/**
 * The member's unread messages in their pool's room: after `lastReadId`, written by someone else (a system
 * line counts), not deleted.
 */
export async function countUnread(
  db: DbExecutor,
  member: { poolId: number; memberId: number; lastReadId: number },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.poolId, member.poolId),
        gt(chatMessages.id, member.lastReadId),
        isNull(chatMessages.deletedAt),
        or(isNull(chatMessages.authorMemberId), ne(chatMessages.authorMemberId, member.memberId)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The texts of the member's unread member posts (as countUnread counts them, system lines aside), newest first. */
export async function unreadPostTexts(
  db: DbExecutor,
  member: { poolId: number; memberId: number; lastReadId: number },
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ text: chatMessages.text })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.poolId, member.poolId),
        gt(chatMessages.id, member.lastReadId),
        isNull(chatMessages.deletedAt),
        ne(chatMessages.authorMemberId, member.memberId),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.map((row) => row.text);
}

/** The account's username (for the mentions of it). */
export async function usernameOf(db: DbExecutor, userId: number): Promise<string> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? '';
}

/** The id of the room's newest message (0 for an empty room). */
export async function lastMessageId(db: DbExecutor, poolId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(chatMessages.id) })
    .from(chatMessages)
    .where(eq(chatMessages.poolId, poolId));
  return row?.id ?? 0;
}

/** Moves the member's read marker to `lastReadId` if that is further on; returns where it stands. */
export async function moveRead(db: DbExecutor, memberId: number, lastReadId: number, now: Date): Promise<number> {
  await db
    .insert(chatReads)
    .values({ memberId, lastReadId, updatedAt: now })
    .onConflictDoUpdate({
      target: chatReads.memberId,
      set: { lastReadId, updatedAt: now },
      setWhere: sql`${chatReads.lastReadId} < ${lastReadId}`,
    });
  const [row] = await db
    .select({ lastReadId: chatReads.lastReadId })
    .from(chatReads)
    .where(eq(chatReads.memberId, memberId));
  return row?.lastReadId ?? 0;
}

/** Whether the admin has suspended the account (decision 049). */
export async function isAccountSuspended(db: DbExecutor, userId: number): Promise<boolean> {
  const [row] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId));
  return (row?.suspendedAt ?? null) !== null;
}

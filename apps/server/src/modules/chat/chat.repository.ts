import { chatMessages, poolMembers, pools, users, type DbExecutor } from '@pass/db';
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';

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

/** The usernames of pool members, by member id. */
export async function memberNames(db: DbExecutor, memberIds: readonly number[]): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ id: poolMembers.id, username: users.username })
    .from(poolMembers)
    .innerJoin(users, eq(users.id, poolMembers.userId))
    .where(inArray(poolMembers.id, [...memberIds]));
  return new Map(rows.map((row) => [row.id, row.username]));
}

/** Locks the pool's row for the rest of the transaction: the room's inserts commit one after the other. */
export async function lockPool(db: DbExecutor, poolId: number): Promise<void> {
  await db.execute(sql`select ${pools.id} from ${pools} where ${pools.id} = ${poolId} for update`);
}

import {
  CHAT_CATCH_UP_MAX,
  type ChatCatchUpResponse,
  type ChatHistoryResponse,
  type ChatMessage,
} from '@pass/contracts';
import type { Database, DbExecutor } from '@pass/db';
import { AppError } from '../../errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { refuseEnded, requireLifeguard, requireMembership } from '../pools/pools.service.js';
import type { ChatBus } from './chat-bus.js';
import * as repository from './chat.repository.js';
import type { MessageRow } from './chat.repository.js';

/**
 * A pool's chat room (decision 039): members post, every member reads, the Lifeguard deletes. A post is
 * stored in its own transaction before it is acknowledged and published, so an acknowledged message survives
 * a crash and a socket that missed the live frame finds it by resuming.
 */

export interface ChatContext {
  db: Database;
  bus: ChatBus;
  limiter: RateLimiter;
  /** Told when a stored message could not be published (it is still found by resuming). */
  onPublishError?: (error: unknown) => void;
}

/** A member may post this many messages in each window; more are refused until the window ends. */
export const CHAT_RATE = { messages: 10, windowMs: 10_000 } as const;

export function toMessage(row: MessageRow): ChatMessage {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    pool_id: row.poolId,
    kind: row.kind === 'system' ? 'system' : 'member',
    author:
      row.authorMemberId !== null && row.authorUsername !== null
        ? { id: row.authorMemberId, username: row.authorUsername }
        : null,
    text: deleted ? '' : row.text,
    created_at: row.createdAt.toISOString(),
    deleted,
  };
}

async function publish(
  context: Pick<ChatContext, 'bus' | 'onPublishError'>,
  poolId: number,
  frame: Parameters<ChatBus['publish']>[1],
) {
  try {
    await context.bus.publish(poolId, frame);
  } catch (error) {
    context.onPublishError?.(error);
  }
}

/** The pool, if the caller is a member of it: the socket's check at the upgrade (404 for anyone else). */
export async function requireChatMember(db: DbExecutor, poolId: number, userId: number) {
  return requireMembership(db, poolId, userId);
}

/**
 * Stores a member's post and publishes it. A post with a client id the author already used returns the
 * message stored the first time (`created` false) and publishes nothing. Refused, with nothing stored: anyone
 * not in the pool (404), a pool that has ended (409 pool_ended), too many posts (429).
 */
export async function postMessage(
  context: ChatContext,
  input: { poolId: number; userId: number; clientId: string; text: string; now: Date },
): Promise<{ message: ChatMessage; created: boolean }> {
  const { db } = context;
  await requireMembership(db, input.poolId, input.userId);
  const rate = await context.limiter.hit(`chat:${input.userId}`, CHAT_RATE.windowMs);
  if (rate.count > CHAT_RATE.messages) {
    throw AppError.rateLimited(
      rate.retryAfterSeconds,
      `At most ${CHAT_RATE.messages} messages every ${CHAT_RATE.windowMs / 1000} seconds; wait ${rate.retryAfterSeconds} s`,
    );
  }
  const stored = await db.transaction(async (tx) => {
    // The pool's row lock orders the room's inserts, so ids commit in the order they rise (resume relies on
    // it), and an end of the pool at the same moment is seen.
    const { pool, member } = await requireMembership(tx, input.poolId, input.userId, { forUpdate: true });
    refuseEnded(pool);
    const id = await repository.insertMessage(tx, {
      poolId: pool.id,
      kind: 'member',
      authorMemberId: member.id,
      text: input.text,
      clientId: input.clientId,
      createdAt: input.now,
    });
    const created = id !== null;
    const messageId = id ?? (await repository.findByClientId(tx, pool.id, member.id, input.clientId));
    const row = await repository.getMessage(tx, pool.id, messageId!);
    return { message: toMessage(row!), created };
  });
  if (stored.created) await publish(context, input.poolId, { type: 'message', message: stored.message });
  return stored;
}

/** A newest-first page of the room's history, older than `before`. */
export async function listHistory(
  db: DbExecutor,
  input: { poolId: number; userId: number; before: number | undefined; limit: number },
): Promise<ChatHistoryResponse> {
  const { pool } = await requireMembership(db, input.poolId, input.userId);
  const rows = await repository.listBefore(db, pool.id, input.before ?? null, input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    data: page.map(toMessage),
    next_before: rows.length > input.limit ? page[page.length - 1]!.id : null,
  };
}

/** The messages after `after`, oldest first, at most CHAT_CATCH_UP_MAX (the pool's membership checked first). */
export async function listMissed(
  db: DbExecutor,
  input: { poolId: number; userId: number; after: number },
): Promise<ChatCatchUpResponse> {
  const { pool } = await requireMembership(db, input.poolId, input.userId);
  const rows = await repository.listAfter(db, pool.id, input.after, CHAT_CATCH_UP_MAX + 1);
  return { data: rows.slice(0, CHAT_CATCH_UP_MAX).map(toMessage), more: rows.length > CHAT_CATCH_UP_MAX };
}

/**
 * The Lifeguard deletes a message: it stays in the room as deleted, its text never shown again, and every
 * socket is told. Deleting a deleted message changes nothing. A guest gets 403, anyone not in the pool 404.
 */
export async function deleteMessage(
  context: ChatContext,
  input: { poolId: number; userId: number; messageId: number; now: Date },
): Promise<ChatMessage> {
  const { message, changed } = await context.db.transaction(async (tx) => {
    const { pool } = await requireLifeguard(tx, input.poolId, input.userId);
    const row = await repository.getMessage(tx, pool.id, input.messageId);
    if (!row) throw AppError.notFound('No such message in this pool');
    if (row.deletedAt !== null) return { message: toMessage(row), changed: false };
    await repository.markDeleted(tx, row.id, input.userId, input.now);
    return { message: toMessage({ ...row, deletedAt: input.now }), changed: true };
  });
  if (changed) await publish(context, input.poolId, { type: 'deleted', id: message.id });
  return message;
}

/**
 * A member has left the pool or been removed (after that has committed): every socket of the pool is told, and
 * the member's own sockets close, so they read no more of the room.
 */
export async function memberLeft(
  context: Pick<ChatContext, 'bus' | 'onPublishError'>,
  poolId: number,
  memberId: number,
): Promise<void> {
  await publish(context, poolId, { type: 'left', member_id: memberId });
}

// ---------------------------------------------------------------------------------------------------------
// System lines: pool events shown in the room

/**
 * The pool events the room shows as system lines. An elimination from Last Man Standing and a result that
 * changes the standings are derived when games are graded, away from any request; they are not lines yet
 * (decision 039).
 */
export type PoolEvent = { type: 'announcement'; body: string } | { type: 'pick_edit'; memberId: number; week: number };

async function lineText(db: DbExecutor, event: PoolEvent): Promise<string> {
  switch (event.type) {
    case 'announcement':
      return `Announcement: ${event.body}`;
    case 'pick_edit': {
      const names = await repository.memberNames(db, [event.memberId]);
      return `The Lifeguard edited ${names.get(event.memberId) ?? 'a member'}'s picks for week ${event.week}`;
    }
  }
}

/**
 * System lines recorded inside another module's transaction (so the line and the event it tells of commit
 * together) and published once that transaction has committed: `add` in the transaction, `publish` after.
 */
export interface SystemLines {
  add(tx: DbExecutor, poolId: number, event: PoolEvent, now: Date): Promise<void>;
}

export function systemLines(context: Pick<ChatContext, 'bus' | 'onPublishError'>) {
  const pending: ChatMessage[] = [];
  return {
    async add(tx: DbExecutor, poolId: number, event: PoolEvent, now: Date) {
      // As a member's post: the pool's row lock keeps the room's ids in commit order.
      await repository.lockPool(tx, poolId);
      const id = await repository.insertMessage(tx, {
        poolId,
        kind: 'system',
        authorMemberId: null,
        text: await lineText(tx, event),
        clientId: null,
        createdAt: now,
      });
      const row = await repository.getMessage(tx, poolId, id!);
      pending.push(toMessage(row!));
    },
    /** Publishes the lines added (call after the transaction has committed). */
    async publish() {
      for (const message of pending.splice(0)) {
        await publish(context, message.pool_id, { type: 'message', message });
      }
    },
  } satisfies SystemLines & { publish(): Promise<void> };
}

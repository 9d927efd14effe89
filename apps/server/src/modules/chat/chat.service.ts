import {
  CHAT_CATCH_UP_MAX,
  SportKey,
  type ChatCatchUpResponse,
  type ChatReadResponse,
  type ChatRoom,
  type ChatHistoryResponse,
  type ChatMessage,
} from '@pass/contracts';
import type { Database, DbExecutor } from '@pass/db';
import { displayName, type LmsOutResult } from '@pass/domain';
import { AppError } from '../../errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { PushNotifier } from '../notifications/push-notifier.js';
import { announceChatMessage } from '../live/live.service.js';
import { listMemberships, refuseEnded, requireLifeguard, requireMembership } from '../pools/pools.service.js';
import type { ChatBus } from './chat-bus.js';
import type { PoolEvent, SystemLines } from './pool-events.js';
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
  /** Reaches the devices of members a post mentions (`@username`); none when absent. */
  notifier?: PushNotifier;
  /** Told when the mentions of a stored message could not be looked up. */
  onNotifyError?: (error: unknown) => void;
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
        ? {
            id: row.authorMemberId,
            username: row.authorUsername,
            name: displayName({ username: row.authorUsername, name: row.authorName }),
          }
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
    const { pool, member } = await requireMembership(tx, input.poolId, input.userId, { lock: 'update' });
    refuseEnded(pool);
    // A socket opened before its account was suspended stays open; what it sends is refused (decision 049).
    if (await repository.isAccountSuspended(tx, input.userId)) {
      throw AppError.forbidden('This account is suspended by the admin: it cannot post');
    }
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
  if (stored.created) {
    await publish(context, input.poolId, { type: 'message', message: stored.message });
    // After the commit and the publish, and not awaited: the room's other members' unread marks move live, and a
    // slow push service never holds up the post's ack.
    void announceUnread(context, input.userId, stored.message).catch((error: unknown) =>
      context.onPublishError?.(error),
    );
    if (context.notifier) {
      void notifyMentions(context, input.userId, stored.message).catch((error: unknown) =>
        context.onNotifyError?.(error),
      );
    }
  }
  return stored;
}

/** The most members one message may notify: a message listing a crowd of names is not a mention of each. */
export const MENTIONS_MAX = 10;

/**
 * The usernames a message mentions as `@username` (lower-cased, as usernames are matched without case), in the
 * order written, each once. An `@` inside a word (an email address) is not a mention; a sentence's full stop
 * after the name is not part of it.
 */
export function mentionedUsernames(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?<![A-Za-z0-9._@-])@([A-Za-z0-9][A-Za-z0-9._-]{0,29})/g)) {
    const name = match[1]!.toLowerCase();
    found.add(name);
    const trimmed = name.replace(/[._-]+$/, '');
    if (trimmed !== name && trimmed.length > 0) found.add(trimmed);
    if (found.size >= MENTIONS_MAX * 2) break;
  }
  return [...found];
}

/**
 * Tells each other current member of the pool, on their own live channel, that the room has a new post and
 * whether it names them (decision 040): their navigation dot, the pool's Chat tab and the room list read again.
 */
async function announceUnread(
  context: Pick<ChatContext, 'db'>,
  authorUserId: number,
  message: ChatMessage,
): Promise<void> {
  const mentioned = new Set(mentionedUsernames(message.text));
  const readers = await repository.roomReaders(context.db, message.pool_id, authorUserId);
  await announceChatMessage(
    context.db,
    readers.map((reader) => ({ userId: reader.userId, mention: mentioned.has(reader.username.toLowerCase()) })),
    message.pool_id,
  );
}

/** Where a tap on a chat notification goes: the pool's room. */
export function chatRoomPath(poolId: number): string {
  return `/chat?pool=${poolId}`;
}

/** Pushes a `chat_mention` to each current member of the pool the message names, never to its author. */
export async function notifyMentions(
  context: Pick<ChatContext, 'db' | 'notifier'>,
  authorUserId: number,
  message: ChatMessage,
): Promise<void> {
  const { notifier } = context;
  const names = mentionedUsernames(message.text);
  if (!notifier || names.length === 0 || !message.author) return;
  const members = await repository.mentionedMembers(context.db, message.pool_id, names, authorUserId);
  await Promise.all(
    members.slice(0, MENTIONS_MAX).map((member) =>
      notifier.notify(member.userId, 'chat_mention', {
        title: `${message.author!.name} mentioned you in ${member.poolName}`,
        body: message.text,
        url: chatRoomPath(message.pool_id),
        tag: `chat-${message.pool_id}`,
      }),
    ),
  );
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
// Rooms and read markers (decision 040)

/** How many of a room's newest unread posts are looked through for the caller's name. */
const UNREAD_MENTIONS_READ = 200;

/**
 * The caller's pool rooms with their newest message and unread count; the most recently active first, rooms
 * without a message after them (newest pool first).
 */
export async function listRooms(db: DbExecutor, userId: number): Promise<ChatRoom[]> {
  const memberships = await listMemberships(db, userId);
  const reads = await repository.listReads(
    db,
    memberships.map(({ member }) => member.id),
  );
  const lastMessages = await repository.listLastMessages(
    db,
    memberships.map(({ pool }) => pool.id),
  );
  const rooms: ChatRoom[] = [];
  const username = memberships.length > 0 ? (await repository.usernameOf(db, userId)).toLowerCase() : '';
  for (const { pool, member } of memberships) {
    const lastReadId = reads.get(member.id) ?? 0;
    const last = lastMessages.get(pool.id);
    const unread =
      last && last.id > lastReadId
        ? await repository.countUnread(db, { poolId: pool.id, memberId: member.id, lastReadId })
        : 0;
    // The unread posts that name the caller (`@username`), among the newest UNREAD_MENTIONS_READ of them.
    const texts =
      unread > 0
        ? await repository.unreadPostTexts(
            db,
            { poolId: pool.id, memberId: member.id, lastReadId },
            UNREAD_MENTIONS_READ,
          )
        : [];
    rooms.push({
      pool_id: pool.id,
      name: pool.name,
      icon: pool.icon,
      icon_color: pool.iconColor,
      icon_background: pool.iconBackground,
      sport: SportKey.parse(pool.sport),
      member_id: member.id,
      role: member.role,
      last_message: last ? toMessage(last) : null,
      last_read_id: lastReadId,
      unread,
      unread_mentions: texts.filter((text) => mentionedUsernames(text).includes(username)).length,
      read_only: pool.endedAt !== null || pool.suspendedAt !== null,
    });
  }
  // Stable: rooms without a message keep the memberships' order (newest pool first).
  return rooms.sort((a, b) => (b.last_message?.id ?? 0) - (a.last_message?.id ?? 0));
}

/**
 * Moves the caller's read marker in the pool's room forwards to `lastReadId`, held to the room's newest
 * message; a marker already further on stays. Anyone not in the pool gets 404.
 */
export async function markRead(
  db: Database,
  input: { poolId: number; userId: number; lastReadId: number; now: Date },
): Promise<ChatReadResponse['data']> {
  return db.transaction(async (tx) => {
    const { pool, member } = await requireMembership(tx, input.poolId, input.userId);
    const target = Math.min(input.lastReadId, await repository.lastMessageId(tx, pool.id));
    const lastReadId = await repository.moveRead(tx, member.id, target, input.now);
    const unread = await repository.countUnread(tx, { poolId: pool.id, memberId: member.id, lastReadId });
    return { pool_id: pool.id, last_read_id: lastReadId, unread };
  });
}

// ---------------------------------------------------------------------------------------------------------
// System lines: pool events shown in the room

const LMS_RESULT_TEXT: Record<Exclude<LmsOutResult, 'missed'>, string> = { lost: 'lost', pushed: 'pushed' };

/** The members a line about `event` names. */
function membersNamedBy(event: PoolEvent): number[] {
  switch (event.type) {
    case 'announcement':
      return [];
    case 'pick_edit':
    case 'lms_out':
    case 'lms_back':
      return [event.memberId];
    case 'standings':
      return event.top.map((row) => row.memberId);
  }
}

/** The line's text, with the names of the members it names (membersNamedBy) as read. */
function lineTextWith(event: PoolEvent, names: ReadonlyMap<number, string>): string {
  switch (event.type) {
    case 'announcement':
      return `Announcement: ${event.body}`;
    case 'pick_edit':
      return `The Lifeguard edited ${names.get(event.memberId) ?? 'a member'}'s picks for week ${event.week}`;
    case 'lms_out': {
      const how =
        event.result === 'missed' || event.team === null
          ? 'missed the pick'
          : `picked ${event.team}, ${LMS_RESULT_TEXT[event.result]}`;
      return `${names.get(event.memberId) ?? 'A member'} is out of Last Man Standing (week ${event.week}: ${how})`;
    }
    case 'lms_back':
      return `${names.get(event.memberId) ?? 'A member'} is back in Last Man Standing (week ${event.week} corrected)`;
    case 'standings': {
      const places = event.top.map((row) => `${row.rank}. ${names.get(row.memberId) ?? 'a member'} ${row.points}`);
      return `Standings after week ${event.week}: ${places.join(', ')}`;
    }
  }
}

export function systemLines(context: Pick<ChatContext, 'bus' | 'onPublishError'>) {
  const pending: ChatMessage[] = [];
  return {
    async add(tx: DbExecutor, poolId: number, event: PoolEvent, now: Date) {
      // As a member's post: the pool's row lock keeps the room's ids in commit order.
      await repository.lockPool(tx, poolId);
      const names = await repository.memberNames(tx, membersNamedBy(event));
      const id = await repository.insertMessage(tx, {
        poolId,
        kind: 'system',
        authorMemberId: null,
        text: lineTextWith(event, names),
        clientId: null,
        createdAt: now,
      });
      const row = await repository.getMessage(tx, poolId, id!);
      pending.push(toMessage(row!));
      return id!;
    },
    /**
     * Stores the lines of many rooms in `tx`, in the order given, in a few statements whatever their number;
     * answers their message ids in that order. The caller holds every one of their pools' rows locked.
     */
    async addMany(tx: DbExecutor, lines: readonly { poolId: number; event: PoolEvent }[], now: Date) {
      const names = await repository.memberNames(tx, [...new Set(lines.flatMap((line) => membersNamedBy(line.event)))]);
      const rows = await repository.insertSystemLines(
        tx,
        lines.map((line) => ({ poolId: line.poolId, text: lineTextWith(line.event, names) })),
        now,
      );
      pending.push(...rows.map(toMessage));
      return rows.map((row) => row.id);
    },
    /** Publishes the lines added (call after the transaction has committed). */
    async publish() {
      for (const message of pending.splice(0)) {
        await publish(context, message.pool_id, { type: 'message', message });
      }
    },
  } satisfies SystemLines & {
    publish(): Promise<void>;
    addMany(tx: DbExecutor, lines: readonly { poolId: number; event: PoolEvent }[], now: Date): Promise<number[]>;
  };
}

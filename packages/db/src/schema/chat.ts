import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { poolMembers, pools } from './pools.js';
import { users } from './accounts.js';

/**
 * A pool's chat room (DESIGN.md section 6; decision 039): members' messages and the pool's system lines,
 * kept for the life of the pool. A message is stored before it is acknowledged, so the row is the truth;
 * ids rise in the order messages were committed within a pool, which is what resuming after an id relies on.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    /** member or system (a pool event: announcement, standings change, elimination, a Lifeguard's edit). */
    kind: text('kind').notNull(),
    /** The member who wrote it; null for a system line. */
    authorMemberId: integer('author_member_id').references(() => poolMembers.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** The sender's own id for the message, so a post retried after a lost acknowledgement is stored once. */
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the Lifeguard deletes the message: it stays in the room as deleted, its text never shown. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // History is paged backwards by id within a pool, and resume reads forwards from an id.
    index('chat_messages_pool_id_idx').on(table.poolId, table.id),
    uniqueIndex('chat_messages_client_id_idx')
      .on(table.poolId, table.authorMemberId, table.clientId)
      .where(sql`${table.clientId} is not null`),
  ],
);

/**
 * How far each member has read their pool's room: unread counts are the room's messages after
 * `last_read_id` written by someone else. One row per pool member, moved forwards only.
 */
export const chatReads = pgTable('chat_reads', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => poolMembers.id, { onDelete: 'cascade' }),
  lastReadId: integer('last_read_id').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a room has already been told of events derived from results and time (decision 039): a Last Man
 * Standing elimination (`lms-out:<member id>`) or the standings as last announced (`standings`, with the
 * order in `state`). The key is written in the same transaction as the system line, so a job run twice or on
 * two instances tells the room once.
 */
export const chatRoomNotices = pgTable(
  'chat_room_notices',
  {
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    noticeKey: text('notice_key').notNull(),
    state: jsonb('state'),
    chatMessageId: integer('chat_message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.poolId, table.noticeKey] })],
);

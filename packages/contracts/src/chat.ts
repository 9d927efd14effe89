import { z } from 'zod';
import { ErrorCode, FieldError } from './common.js';
import { idParam, Text } from './boundary.js';
import { SportKey } from './sports.js';

/**
 * A pool's chat room (DESIGN.md section 6; decision 039): members only, every message stored before it is
 * acknowledged, history paged backwards over HTTP, live messages over a WebSocket at
 * `/ws/pools/{poolId}/chat` whose frames are the discriminated unions below. Text is plain text, never HTML:
 * the web app renders it as text and makes links clickable itself.
 */

/** The longest message a member may post, in characters. */
export const CHAT_MAX_LENGTH = 1000;
/** The most messages one page of history holds. */
export const CHAT_PAGE_MAX = 100;

export const ChatMessageKind = z.enum(['member', 'system']);
export type ChatMessageKind = z.infer<typeof ChatMessageKind>;

/** A message as every member of the pool sees it. */
export const ChatMessage = z.object({
  /** Rises in the order messages were stored in the pool: the cursor for paging and for resuming. */
  id: z.number().int(),
  pool_id: z.number().int(),
  kind: ChatMessageKind,
  /**
   * The member who wrote it (their member id in the pool, their username for mentions, and `name`, how they are
   * shown: their name if set, else the username); null for a system line.
   */
  author: z.object({ id: z.number().int(), username: z.string(), name: z.string() }).nullable(),
  /** Empty once deleted. */
  text: z.string(),
  created_at: z.string(),
  /** Deleted by the Lifeguard: shown as deleted, its text gone. */
  deleted: z.boolean(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatParams = z.object({ id: idParam('a pool id') });
export type ChatParams = z.infer<typeof ChatParams>;

export const ChatMessageParams = z.object({ id: idParam('a pool id'), messageId: idParam('a message id') });
export type ChatMessageParams = z.infer<typeof ChatMessageParams>;

/** History paged backwards: the newest page first, then each page older than the one before. */
export const ChatHistoryQuery = z.object({
  /** Only messages older than this one (the `next_before` of the page before). */
  before: idParam('a message id').optional(),
  limit: z.coerce
    .number({ error: `must be a whole number from 1 to ${CHAT_PAGE_MAX}` })
    .int(`must be a whole number from 1 to ${CHAT_PAGE_MAX}`)
    .min(1, `must be a whole number from 1 to ${CHAT_PAGE_MAX}`)
    .max(CHAT_PAGE_MAX, `must be a whole number from 1 to ${CHAT_PAGE_MAX}`)
    .default(50),
});
export type ChatHistoryQuery = z.infer<typeof ChatHistoryQuery>;

export const ChatHistoryResponse = z.object({
  /** Newest first. */
  data: z.array(ChatMessage),
  /** The `before` of the next (older) page; null when this page reaches the room's first message. */
  next_before: z.number().int().nullable(),
});
export type ChatHistoryResponse = z.infer<typeof ChatHistoryResponse>;

export const ChatMessageResponse = z.object({ data: ChatMessage });
export type ChatMessageResponse = z.infer<typeof ChatMessageResponse>;

// ---------------------------------------------------------------------------------------------------------
// The room's socket: `/ws/pools/{poolId}/chat?after=<id>`

export const ChatSocketParams = z.object({ poolId: idParam('a pool id') });
export type ChatSocketParams = z.infer<typeof ChatSocketParams>;

export const ChatSocketQuery = z.object({
  /** The last message id the client has seen: what came after it is sent first (resume). */
  after: z.coerce
    .number({ error: 'must be a message id (a whole number from 0)' })
    .int('must be a message id (a whole number from 0)')
    .min(0, 'must be a message id (a whole number from 0)')
    .max(2_147_483_647, 'must be a message id (a whole number from 0)')
    .optional(),
});
export type ChatSocketQuery = z.infer<typeof ChatSocketQuery>;

/**
 * The same address without an upgrade: the messages after `after`, oldest first, at most CHAT_CATCH_UP_MAX
 * (for a client that cannot hold a socket open, or to catch up before one).
 */
export const CHAT_CATCH_UP_MAX = 500;
export const ChatCatchUpResponse = z.object({
  /** Oldest first. */
  data: z.array(ChatMessage),
  /** True when more messages came after the last one here: ask again with its id. */
  more: z.boolean(),
});
export type ChatCatchUpResponse = z.infer<typeof ChatCatchUpResponse>;

/** A client's own id for a post, so a post retried after a lost acknowledgement is stored once. */
export const ChatClientId = Text.min(1, 'must be 1 to 64 characters')
  .max(64, 'must be 1 to 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _');

/** What a client sends over the socket. */
export const ChatClientFrame = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('post'),
      client_id: ChatClientId,
      text: Text.refine((value) => value.trim().length > 0, 'is required').refine(
        (value) => value.length <= CHAT_MAX_LENGTH,
        `must be at most ${CHAT_MAX_LENGTH} characters`,
      ),
    }),
    z.object({ type: z.literal('ping') }),
  ],
  { error: "must be a frame with type 'post' or 'ping'" },
);
export type ChatClientFrame = z.infer<typeof ChatClientFrame>;

/** What the server sends over the socket. */
export const ChatServerFrame = z.discriminatedUnion('type', [
  /** A message of the room, live or resumed. */
  z.object({ type: z.literal('message'), message: ChatMessage }),
  /** The caller's post is stored, under this id. */
  z.object({ type: z.literal('ack'), client_id: z.string(), id: z.number().int() }),
  /** The Lifeguard deleted this message. */
  z.object({ type: z.literal('deleted'), id: z.number().int() }),
  /** This member left the pool or was removed: their own sockets are closed (code 4403) right after. */
  z.object({ type: z.literal('left'), member_id: z.number().int() }),
  /**
   * What was missed since `after` has been sent; live messages follow. `more`: there were more than
   * CHAT_CATCH_UP_MAX, so the client reloads the newest history instead.
   */
  z.object({ type: z.literal('ready'), last_id: z.number().int().nullable(), more: z.boolean() }),
  z.object({ type: z.literal('pong') }),
  /**
   * A frame refused, and nothing changed: a bad frame (BAD_REQUEST with each field and why), too many
   * messages (RATE_LIMITED, with the seconds to wait), a pool that has ended (CONFLICT, reason pool_ended).
   */
  z.object({
    type: z.literal('error'),
    code: ErrorCode,
    message: z.string(),
    fields: z.array(FieldError).optional(),
    client_id: z.string().optional(),
    retry_after_seconds: z.number().int().optional(),
  }),
]);
export type ChatServerFrame = z.infer<typeof ChatServerFrame>;

// ---------------------------------------------------------------------------------------------------------
// Rooms and read markers (decision 040)

/** One of the caller's pool rooms, as the chat screen lists it and the navigation's unread dot reads it. */
export const ChatRoom = z.object({
  pool_id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  icon_color: z.string(),
  icon_background: z.string(),
  sport: SportKey,
  /** The caller's member id in the pool (their own messages carry it as the author's id) and their role. */
  member_id: z.number().int(),
  role: z.enum(['lifeguard', 'guest']),
  /** The room's newest message, deleted ones included (shown as deleted); null for an empty room. */
  last_message: ChatMessage.nullable(),
  /** How far the caller has read: 0 before their first read. */
  last_read_id: z.number().int(),
  /** Messages after `last_read_id`, not the caller's own and not deleted. */
  unread: z.number().int(),
  /** Those of them that name the caller (`@username`), among the newest 200 unread. */
  unread_mentions: z.number().int(),
  /** The pool has ended: its room is read-only. */
  read_only: z.boolean(),
});
export type ChatRoom = z.infer<typeof ChatRoom>;

/** The caller's rooms, the most recently active first (rooms without a message last, newest pool first). */
export const ChatRoomsResponse = z.object({ data: z.array(ChatRoom) });
export type ChatRoomsResponse = z.infer<typeof ChatRoomsResponse>;

/** Moves the caller's read marker forwards: never backwards, never past the room's newest message. */
export const ChatReadBody = z.object({
  last_read_id: z
    .number({ error: 'must be a message id (a whole number from 0)' })
    .int('must be a message id (a whole number from 0)')
    .min(0, 'must be a message id (a whole number from 0)')
    .max(2_147_483_647, 'must be a message id (a whole number from 0)'),
});
export type ChatReadBody = z.infer<typeof ChatReadBody>;

export const ChatReadResponse = z.object({
  data: z.object({ pool_id: z.number().int(), last_read_id: z.number().int(), unread: z.number().int() }),
});
export type ChatReadResponse = z.infer<typeof ChatReadResponse>;

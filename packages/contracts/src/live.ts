import { z } from 'zod';
import { ErrorCode, FieldError } from './common.js';
import { BookEvent, LiveGameState, SportKey } from './sports.js';

/**
 * Live games pushed to open screens (decision 071-live-push): one WebSocket per tab at `/ws/live` (members only),
 * on which the client subscribes to channels and the server sends what changed once it is committed. Frames are
 * JSON text, discriminated by `type`.
 *
 * Channels:
 * - `games:<sport>:<season>:<week>`: a `game` frame for each game of that week whose status, score or live state
 *   changed (weeks numbered as the schedule numbers them: `week.number` of `/api/book/events`);
 * - `member:<user id>`, the caller's own only: `entries_changed` when the member's open entries' games changed or
 *   grading settled them.
 */

/** The most channels one socket holds at once (a schedule's week, the home's weeks, a pool's weeks, its member). */
export const LIVE_MAX_CHANNELS = 40;

const sportPattern = SportKey.options.join('|');
const CHANNEL_PATTERN = new RegExp(`^(?:games:(?:${sportPattern}):\\d{4}:\\d{1,3}|member:\\d{1,10})$`);

/** The channel of a sport's week. */
export const gamesChannel = (sport: SportKey, season: number, week: number) => `games:${sport}:${season}:${week}`;

/** The channel of a member's own notices. */
export const memberChannel = (userId: number) => `member:${userId}`;

export const LiveChannel = z
  .string()
  .max(64, 'must be at most 64 characters')
  .regex(CHANNEL_PATTERN, 'must be games:<sport>:<season>:<week> or member:<your id>');
export type LiveChannel = z.infer<typeof LiveChannel>;

const Channels = z
  .array(LiveChannel)
  .min(1, 'must name at least one channel')
  .max(LIVE_MAX_CHANNELS, `must name at most ${LIVE_MAX_CHANNELS} channels`);

/** What a client sends over the socket. */
export const LiveClientFrame = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('subscribe'), channels: Channels }),
    z.object({ type: z.literal('unsubscribe'), channels: Channels }),
    z.object({ type: z.literal('ping') }),
  ],
  { error: "must be a frame with type 'subscribe', 'unsubscribe' or 'ping'" },
);
export type LiveClientFrame = z.infer<typeof LiveClientFrame>;

/** A game under way as its source showed it: quarter or inning, football clock, the source's line. */
export const LivePlay = LiveGameState.omit({ as_of: true });
export type LivePlay = z.infer<typeof LivePlay>;

/**
 * A game as it stands once a change is committed: what a schedule's event (`BookEvent`) shows of its result.
 * `as_of` is the result's data time, so a screen can say how fresh the score is; `live` is null unless the game is
 * in progress.
 */
export const LiveGameFrame = z.object({
  type: z.literal('game'),
  event_id: z.number().int(),
  sport: SportKey,
  season: z.number().int(),
  week: z.number().int(),
  status: BookEvent.shape.status,
  scores: z.object({ home: z.number().int().nullable(), away: z.number().int().nullable() }),
  live: LivePlay.nullable(),
  as_of: z.string().nullable(),
});
export type LiveGameFrame = z.infer<typeof LiveGameFrame>;

/** Some of the member's entries on these games changed (a score under way, a grade): their lists ask again. */
export const LiveEntriesFrame = z.object({
  type: z.literal('entries_changed'),
  event_ids: z.array(z.number().int()),
});
export type LiveEntriesFrame = z.infer<typeof LiveEntriesFrame>;

/**
 * Several games of one channel changed by one import (a Sunday's poll moves a dozen scores): one message, so a
 * socket is written once per change, not once per game.
 */
export const LiveGamesFrame = z.object({
  type: z.literal('games'),
  games: z.array(LiveGameFrame),
});
export type LiveGamesFrame = z.infer<typeof LiveGamesFrame>;

/**
 * A member posted in the room of one of the caller's pools (not the caller's own post): the unread marks (the
 * navigation's dot, the pool's Chat tab, the room list) read again. Only the pool and whether the post names the
 * caller: the message itself is read through the chat, as a member of the room.
 */
export const LiveChatFrame = z.object({
  type: z.literal('chat_message'),
  pool_id: z.number().int(),
  mention: z.boolean(),
});
export type LiveChatFrame = z.infer<typeof LiveChatFrame>;

/** What the server sends over the socket. */
export const LiveServerFrame = z.discriminatedUnion('type', [
  LiveGameFrame,
  LiveGamesFrame,
  LiveEntriesFrame,
  LiveChatFrame,
  /** The socket's channels after a `subscribe` or `unsubscribe`: frames of each are sent from now on. */
  z.object({ type: z.literal('subscribed'), channels: z.array(z.string()) }),
  z.object({ type: z.literal('pong') }),
  /**
   * A frame refused, and nothing changed: a bad frame (BAD_REQUEST, each field and why), a channel the caller may
   * not hear (FORBIDDEN), too many channels (BAD_REQUEST on `channels`).
   */
  z.object({
    type: z.literal('error'),
    code: ErrorCode,
    message: z.string(),
    fields: z.array(FieldError).optional(),
  }),
]);
export type LiveServerFrame = z.infer<typeof LiveServerFrame>;

/** The same address without an upgrade: what a socket there may hear. */
export const LiveSocketResponse = z.object({
  data: z.object({
    /** The caller's own channel (`member:<id>`). */
    member_channel: z.string(),
    max_channels: z.number().int(),
  }),
});
export type LiveSocketResponse = z.infer<typeof LiveSocketResponse>;

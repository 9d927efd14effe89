import {
  gamesChannel,
  memberChannel,
  SportKey,
  type LiveChatFrame,
  type LiveEntriesFrame,
  type LiveGameFrame,
} from '@pass/contracts';
import { chunks, type DbExecutor } from '@pass/db';
import { addToSetOf } from '../../lib/collections.js';
import { yieldToEventLoop } from '../../lib/event-loop.js';
import type { EventRow } from '../sports/sports.repository.js';
import { eventsByIds } from '../sports/sports.service.js';
import type { LiveBroadcast, LiveBus } from './live-bus.js';
import * as repository from './live.repository.js';

/**
 * Live games (decision 071-live-push): once a change to games is committed (an import through writeGames, The Odds
 * API's scores, the demo season's top-up, the admin's result), each changed game is sent as a `game` frame to the
 * channel of its sport's week, and the members holding entries on those games get `entries_changed` on their own
 * channel. Told after the commit only: a change rolled back tells nobody. What is sent is read back from the
 * database, so it is what was committed, in the schedule's own numbering of weeks.
 */

/** What a committed change did to games. */
export interface EventsChanged {
  /** Games new, or whose fields changed: the status, the score, the live state, the schedule. */
  changed: readonly number[];
  /** Games under way whose result a newer observation confirmed: only its time moved, so no entry changed. */
  refreshed?: readonly number[];
}

/** Where an app sends the frames of changes made to its database. */
export interface LivePublisher {
  bus: LiveBus;
  onError(error: unknown): void;
}

/**
 * The publishers of each database: the importers and the admin's result write to a database without being wired
 * to an app, as the sports caches are cleared (sports/sports-cache.ts). Two apps on one database in one process
 * (tests) share it; the first one registered publishes, once, on its bus, which reaches every instance's sockets.
 */
const publishers = new WeakMap<object, Set<LivePublisher>>();

export function registerLivePublisher(db: object, publisher: LivePublisher): () => void {
  const set = addToSetOf(publishers, db, publisher);
  return () => set.delete(publisher);
}

/**
 * Tells members on their own channels that a post arrived in one of their pools' rooms (`chat_message`), after the
 * post is committed. Never throws: a member who misses it finds the unread mark at the next read.
 */
export async function announceChatMessage(
  db: object,
  recipients: readonly { userId: number; mention: boolean }[],
  poolId: number,
): Promise<void> {
  const publisher = publishers.get(db)?.values().next().value;
  if (!publisher) return;
  await Promise.all(
    recipients.map(({ userId, mention }) => {
      const frame: LiveChatFrame = { type: 'chat_message', pool_id: poolId, mention };
      return publisher.bus.publish(memberChannel(userId), [frame]).catch(publisher.onError);
    }),
  );
}

/** Games read back, and their holders looked up, per statement. */
const BATCH = 2000;

/** A game as its frame tells it; null for one no schedule shows (no week) or of an unknown sport. */
export function gameFrame(event: EventRow): LiveGameFrame | null {
  const sport = SportKey.safeParse(event.sport);
  if (event.week === null || !sport.success) return null;
  return {
    type: 'game',
    event_id: event.id,
    sport: sport.data,
    season: event.season,
    week: event.week,
    status: event.status,
    scores: { home: event.homeScore, away: event.awayScore },
    live: event.live ? { period: event.live.period, clock: event.live.clock, detail: event.live.detail } : null,
    as_of: event.resultAsOf ?? null,
  };
}

/**
 * Sends what a committed change did to games: a `game` frame per game to its week's channel (one message per
 * channel), `entries_changed` to each member holding entries on a changed game (one lookup per batch of games, not
 * per member). Never throws: a frame that could not be sent is reported, and screens find the change at their next
 * read.
 */
export async function announceEventsChanged(db: DbExecutor, change: EventsChanged | undefined): Promise<void> {
  const publisher = publishers.get(db)?.values().next().value;
  if (!publisher || !change || change.changed.length + (change.refreshed?.length ?? 0) === 0) return;
  try {
    const changed = new Set(change.changed);
    const games = new Map<string, LiveGameFrame[]>();
    const holders = new Map<number, Set<number>>();
    for (const batch of chunks([...new Set([...change.changed, ...(change.refreshed ?? [])])], BATCH)) {
      for (const event of await eventsByIds(db, batch)) {
        const frame = gameFrame(event);
        if (!frame) continue;
        const channel = gamesChannel(frame.sport, frame.season, frame.week);
        const frames = games.get(channel);
        if (frames) frames.push(frame);
        else games.set(channel, [frame]);
      }
      const moved = batch.filter((id) => changed.has(id));
      for (const holder of await repository.listEntryHolders(db, moved)) {
        addToSetOf(holders, holder.userId, holder.eventId);
      }
      await yieldToEventLoop();
    }
    const messages: [string, LiveBroadcast][] = [...games];
    for (const [userId, eventIds] of holders) {
      const frame: LiveEntriesFrame = { type: 'entries_changed', event_ids: [...eventIds].sort((a, b) => a - b) };
      messages.push([memberChannel(userId), [frame]]);
    }
    await Promise.all(
      messages.map(([channel, frames]) => publisher.bus.publish(channel, frames).catch(publisher.onError)),
    );
  } catch (error) {
    publisher.onError(error);
  }
}

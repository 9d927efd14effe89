import { LiveChatFrame, LiveEntriesFrame, LiveGameFrame } from '@pass/contracts';
import { z } from 'zod';
import type { PubSub } from '../../lib/pubsub.js';

/**
 * How a committed change to games (or a chat post's unread mark) reaches the live sockets of every instance: the topic `live` of the app's bus
 * (lib/pubsub.ts), one channel per client channel (`<prefix>live:games:<sport>:<season>:<week>`,
 * `<prefix>live:member:<user id>`). A message is the frames of one channel from one change, so a batch of results
 * in one week is one message; each instance decodes it once and every socket there sends the same frames.
 */

/** The frames a channel's sockets are sent. */
export type LiveBroadcast = readonly (LiveGameFrame | LiveEntriesFrame | LiveChatFrame)[];

const Broadcast = z.array(z.discriminatedUnion('type', [LiveGameFrame, LiveEntriesFrame, LiveChatFrame]));

export interface LiveBus {
  publish(channel: string, frames: LiveBroadcast): Promise<void>;
  /** Resolves once the channel's frames will be delivered; the function it returns stops them. */
  subscribe(channel: string, listener: (frames: LiveBroadcast) => void): Promise<() => Promise<void>>;
}

export function createLiveBus(pubsub: PubSub): LiveBus {
  const topic = pubsub.topic<LiveBroadcast>('live', (value) => Broadcast.parse(value));
  return {
    publish: (channel, frames) => topic.publish(channel, frames),
    subscribe: (channel, listener) => topic.subscribe(channel, listener),
  };
}

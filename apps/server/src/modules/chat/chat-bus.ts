import { ChatServerFrame } from '@pass/contracts';
import { createMemoryPubSub, createRedisPubSub, type PubSub } from '../../lib/pubsub.js';
import type { MemberSignal, MemberSignals } from '../auth/member-socket.js';

/**
 * How a stored message (or a deletion) reaches every socket of its pool: topics of the app's bus
 * (lib/pubsub.ts), in-process for one instance, through Redis pub/sub when REDIS_URL is set, so a message posted
 * through one instance reaches sockets on the others (DESIGN.md section 2). The bus carries only what is already
 * stored: a socket that missed a frame finds it again by resuming after its last id.
 */

/** What travels on the bus: the frames every socket of the pool is sent. */
export type ChatBroadcast = Extract<ChatServerFrame, { type: 'message' | 'deleted' | 'left' }>;
export type ChatListener = (frame: ChatBroadcast) => void;

export interface ChatBus extends MemberSignals {
  publish(poolId: number, frame: ChatBroadcast): Promise<void>;
  /** Resolves once frames of the pool will be delivered; the function it returns stops them. */
  subscribe(poolId: number, listener: ChatListener): Promise<() => Promise<void>>;
  /** Tells every socket of the member, on every instance. */
  publishMember(userId: number, signal: MemberSignal): Promise<void>;
  close(): Promise<void>;
}

function decodeSignal(value: unknown): MemberSignal | undefined {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'sessions_ended' || type === 'account_changed' ? { type } : undefined;
}

function decodeBroadcast(value: unknown): ChatBroadcast | undefined {
  const parsed = ChatServerFrame.parse(value);
  return parsed.type === 'message' || parsed.type === 'deleted' || parsed.type === 'left' ? parsed : undefined;
}

/**
 * The chat's topics on a bus: `chat:<pool id>` for the rooms, `chat:member:<user id>` for the members' signals
 * (with the default key prefix, the channels `pass:chat:12` and `pass:chat:member:7` as before the bus was shared).
 * `close` closes the bus.
 */
export function createChatBus(pubsub: PubSub): ChatBus {
  const rooms = pubsub.topic('chat', decodeBroadcast);
  const members = pubsub.topic('chat:member', decodeSignal);
  return {
    publish: (poolId, frame) => rooms.publish(String(poolId), frame),
    subscribe: (poolId, listener) => rooms.subscribe(String(poolId), listener),
    publishMember: (userId, signal) => members.publish(String(userId), signal),
    subscribeMember: (userId, listener) => members.subscribe(String(userId), listener),
    close: () => pubsub.close(),
  };
}

export function createMemoryChatBus(): ChatBus {
  return createChatBus(createMemoryPubSub());
}

/**
 * A chat bus on a Redis bus of its own; `prefix` is the deployment's key prefix (tests give each run its own, so
 * runs side by side never meet).
 */
export function createRedisChatBus(url: string, options: { prefix?: string; onError?: (error: Error) => void } = {}) {
  return createChatBus(
    createRedisPubSub(url, {
      prefix: options.prefix ?? 'pass:',
      ...(options.onError ? { onError: options.onError } : {}),
    }),
  );
}

import {
  ErrorBody,
  errorResponses,
  LIVE_MAX_CHANNELS,
  LiveClientFrame,
  LiveSocketResponse,
  memberChannel,
  type LiveGameFrame,
  type LiveServerFrame,
} from '@pass/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { AppError } from '../../errors.js';
import { requireSession, type AuthDeps } from '../auth/auth-context.js';
import {
  badFrame,
  closeWhenSessionEnds,
  keepAlive,
  pingAllowance,
  readClientFrame,
  requireAppOrigin,
  serialisedOnce,
  SocketCounts,
  type MemberSignals,
} from '../auth/member-socket.js';
import type { LiveBroadcast, LiveBus } from './live-bus.js';

export interface LiveRoutesOptions extends AuthDeps {
  bus: LiveBus;
  /** Where the member's sockets hear that sessions ended (the chat bus). */
  signals: MemberSignals;
  /** How often each socket is pinged; one that has not answered the ping before is closed. */
  heartbeatMs?: number | undefined;
}

/** Pinged as often as the chat's sockets, for the same proxies (decision 039). */
export const LIVE_HEARTBEAT_MS = 25_000;

/** One socket a tab: a member with more tabs and devices open than this on one instance is asked to close one. */
export const LIVE_SOCKETS_PER_MEMBER = 20;

/** Pings a socket may send in a minute (the web app pings every 20 s), as for the chat. */
export const LIVE_PINGS_PER_MINUTE = 12;

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody };

/** A frame from the bus reaches every socket of the channel on this instance as the same object. */
const serialised = serialisedOnce<LiveBroadcast[number]>();
const broadcasts = new WeakMap<LiveBroadcast, string[]>();

/**
 * A channel's frames of one change as the socket's messages, made once per instance whatever the sockets: a
 * week's games as one `games` frame (a socket written once per change, not once per game), else each frame.
 */
function serialisedBroadcast(frames: LiveBroadcast): string[] {
  let texts = broadcasts.get(frames);
  if (texts === undefined) {
    const games = frames.filter((frame): frame is LiveGameFrame => frame.type === 'game');
    texts =
      games.length > 1 && games.length === frames.length
        ? [`{"type":"games","games":[${games.map(serialised).join(',')}]}`]
        : frames.map(serialised);
    broadcasts.set(frames, texts);
  }
  return texts;
}

/**
 * Live games over one socket a tab (decision 071-live-push). `/ws/live` is a member route whose checks run before
 * the upgrade completes: the session cookie (401), the Origin against PUBLIC_URL (403), the member's sockets on
 * this instance (429). The client then subscribes to channels: the games of a sport's week, and its own member
 * channel; any other channel refuses the whole frame with an `error` frame and subscribes nothing. The same
 * address without an upgrade answers the caller's own channel and the cap.
 */
export const liveRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (app, options) => {
  const { db, bus, signals } = options;
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const publicOrigin = new URL(options.config.publicUrl).origin;
  const openSockets = new SocketCounts(LIVE_SOCKETS_PER_MEMBER);

  app.route({
    method: 'GET',
    url: '/ws/live',
    config: { access: 'member' },
    schema: {
      tags: ['live'],
      summary:
        'Live games (members). With a WebSocket upgrade: refused before the switch for a foreign Origin (403); then ' +
        "`subscribe` and `unsubscribe` frames name channels (`games:<sport>:<season>:<week>`, the caller's " +
        '`member:<id>`) and `game` and `entries_changed` frames come as changes are committed. Without one: the ' +
        "caller's own channel and the most channels a socket holds",
      response: { 200: LiveSocketResponse, ...memberErrors },
    },
    preHandler: async (request) => {
      requireAppOrigin(request, publicOrigin);
      const session = await requireSession(options, request);
      if (request.ws && !openSockets.hasRoom(session.user.id)) {
        throw AppError.rateLimited(
          60,
          `At most ${LIVE_SOCKETS_PER_MEMBER} live connections open at once: close a tab or another device`,
        );
      }
    },
    handler: async (request, reply) => {
      const session = await requireSession(options, request);
      reply.header('cache-control', 'no-store');
      return { data: { member_channel: memberChannel(session.user.id), max_channels: LIVE_MAX_CHANNELS } };
    },
    wsHandler: (socket, request) => {
      openLive(socket, request).catch((error: unknown) => {
        request.log.error({ err: error }, 'live: the socket could not be opened');
        socket.close(1011, 'The socket could not be opened');
      });
    },
  });

  /** A socket that passed the checks at the upgrade: subscriptions asked for, frames as changes come. */
  async function openLive(socket: WebSocket, request: FastifyRequest) {
    // The session was checked at the upgrade; this reads it again from the request's cache.
    const { idHash, user } = await requireSession(options, request);
    if (!openSockets.add(user.id, socket)) {
      socket.close(1008, `At most ${LIVE_SOCKETS_PER_MEMBER} live connections open at once`);
      return;
    }
    const own = memberChannel(user.id);
    const sendText = (text: string) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    };
    const send = (frame: LiveServerFrame) => sendText(JSON.stringify(frame));
    const forward = (frames: LiveBroadcast) => {
      for (const text of serialisedBroadcast(frames)) sendText(text);
    };
    const pingAllowed = pingAllowance(LIVE_PINGS_PER_MINUTE);
    /** The socket's channels, each with the function that stops it. */
    const channels = new Map<string, () => Promise<void>>();
    let closed = false;
    socket.on('close', () => {
      closed = true;
      for (const stop of channels.values()) void stop();
      channels.clear();
    });
    keepAlive(socket, heartbeatMs);

    // Frames are handled one after the other, in the order they came; none before the session is known live.
    let incoming: Promise<unknown> = closeWhenSessionEnds(socket, {
      db,
      idHash,
      userId: user.id,
      signals,
      log: request.log,
    }).catch((error: unknown) => {
      request.log.error({ err: error }, 'live: the session could not be checked');
      socket.close(1011, 'The socket could not be opened');
    });
    socket.on('message', (data, isBinary) => {
      incoming = incoming
        .then(() => (closed ? undefined : handleFrame(data, isBinary)))
        .catch((error: unknown) => request.log.error({ err: error }, 'live: a frame could not be handled'));
    });

    async function handleFrame(data: Parameters<typeof readClientFrame>[1], isBinary: boolean) {
      const read = readClientFrame(LiveClientFrame, data, isBinary);
      if ('refused' in read) return send(badFrame(read.refused));
      const { frame } = read;
      if (frame.type === 'ping') {
        if (pingAllowed()) return send({ type: 'pong' });
        return socket.close(1008, `At most ${LIVE_PINGS_PER_MINUTE} pings a minute`);
      }
      if (frame.type === 'unsubscribe') {
        for (const channel of frame.channels) {
          const stop = channels.get(channel);
          channels.delete(channel);
          await stop?.();
        }
        return send({ type: 'subscribed', channels: [...channels.keys()] });
      }
      // A member hears the games of any week and their own channel, no one else's.
      const foreign = frame.channels.findIndex((channel) => channel.startsWith('member:') && channel !== own);
      if (foreign >= 0) {
        return send({
          type: 'error',
          code: 'FORBIDDEN',
          message: 'A socket hears its own member channel only',
          fields: [{ field: `channels.${foreign}`, message: `must be ${own} or a games channel` }],
        });
      }
      const added = [...new Set(frame.channels)].filter((channel) => !channels.has(channel));
      if (channels.size + added.length > LIVE_MAX_CHANNELS) {
        return send(
          badFrame([
            {
              field: 'channels',
              message: `must leave at most ${LIVE_MAX_CHANNELS} channels on the socket (it holds ${channels.size})`,
            },
          ]),
        );
      }
      for (const channel of added) {
        const stop = await bus.subscribe(channel, forward);
        if (closed) {
          await stop();
          return;
        }
        channels.set(channel, stop);
      }
      send({ type: 'subscribed', channels: [...channels.keys()] });
    }
  }
};

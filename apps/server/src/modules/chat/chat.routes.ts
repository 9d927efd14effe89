import {
  ChatCatchUpResponse,
  ChatClientFrame,
  ChatHistoryQuery,
  ChatHistoryResponse,
  ChatMessageParams,
  ChatMessageResponse,
  ChatParams,
  ChatReadBody,
  ChatReadResponse,
  ChatRoomsResponse,
  ChatSocketParams,
  ChatSocketQuery,
  ErrorBody,
  errorResponses,
  type ChatServerFrame,
} from '@pass/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { AppError } from '../../errors.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { requireSession, type AuthDeps } from '../auth/auth-context.js';
import {
  badFrame,
  closeWhenSessionEnds,
  keepAlive,
  pingAllowance,
  readClientFrame,
  requireAppOrigin,
  serialisedOnce,
  SESSION_ENDED,
  SocketCounts,
} from '../auth/member-socket.js';
import { isSessionLive } from '../auth/sessions.service.js';
import type { PushNotifier } from '../notifications/push-notifier.js';
import type { ChatBroadcast, ChatBus } from './chat-bus.js';
import {
  deleteMessage,
  listHistory,
  listMissed,
  listRooms,
  markRead,
  postMessage,
  requireChatMember,
  type ChatContext,
} from './chat.service.js';

export interface ChatRoutesOptions extends AuthDeps {
  now: Clock;
  bus: ChatBus;
  /** Reaches the devices of members a post mentions. */
  notifier?: PushNotifier;
  /** How often each socket is pinged; one that has not answered the ping before is closed. */
  heartbeatMs?: number | undefined;
}

/**
 * Every socket is pinged this often: proxies that close idle connections (60 s is common) keep it open, and a
 * client that vanished without closing is found and dropped with its subscription.
 */
export const CHAT_HEARTBEAT_MS = 25_000;

/** The close code of a socket whose member left the pool or was removed. */
export const NO_LONGER_A_MEMBER = 4403;

/**
 * The most chat sockets a member holds open on one instance: a room each in a few tabs and devices, far from
 * the hundreds one client could open to hold the server's memory (decision 054).
 */
export const CHAT_SOCKETS_PER_MEMBER = 20;

/**
 * Pings a socket may send in a minute: the web app pings every 20 s; a socket past this is closed (1008),
 * since every ping is answered.
 */
export const CHAT_PINGS_PER_MINUTE = 12;

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };
const noStore = { 'cache-control': 'no-store' };

/** A frame from the bus goes to every socket of the room on this instance as the same object, serialised once. */
const serialised = serialisedOnce<ChatBroadcast>();

/** A refused frame as the socket answers it: the error's code, message and fields, nothing changed. */
function errorFrame(error: unknown, clientId?: string): ChatServerFrame {
  const base = clientId === undefined ? {} : { client_id: clientId };
  if (error instanceof AppError) {
    return {
      type: 'error',
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.retryAfterSeconds === undefined ? {} : { retry_after_seconds: error.retryAfterSeconds }),
      ...base,
    };
  }
  return { type: 'error', code: 'INTERNAL', message: 'The message could not be handled', ...base };
}

/**
 * A pool's chat room (decision 039). The socket `/ws/pools/:poolId/chat` is checked before the upgrade
 * completes: the session cookie (401), the Origin against PUBLIC_URL (403), the membership of the pool
 * (404); only then is the connection switched. The same address without an upgrade answers what came after
 * `after`, for a client that cannot hold a socket open.
 */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, options) => {
  const { db, now, bus, limiter } = options;
  const heartbeatMs = options.heartbeatMs ?? CHAT_HEARTBEAT_MS;
  const context: ChatContext = {
    db,
    bus,
    limiter,
    onPublishError: (error) => app.log.warn({ err: error }, 'chat: a stored message could not be published'),
    ...(options.notifier ? { notifier: options.notifier } : {}),
    onNotifyError: (error) => app.log.warn({ err: error }, "chat: a message's mentions could not be notified"),
  };
  const publicOrigin = new URL(options.config.publicUrl).origin;
  const openSockets = new SocketCounts(CHAT_SOCKETS_PER_MEMBER);

  async function requireMember(request: FastifyRequest, poolId: number) {
    const session = await requireSession(options, request);
    await requireChatMember(db, poolId, session.user.id);
    return session;
  }

  app.route({
    method: 'GET',
    url: '/ws/pools/:poolId/chat',
    config: { access: 'member' },
    schema: {
      tags: ['chat'],
      summary:
        "The pool's chat room (its members). With a WebSocket upgrade: refused before the switch for a foreign " +
        'Origin (403) or anyone not in the pool (404); then what came after `after` is sent, a `ready` frame, and ' +
        'live frames. Without one: the messages after `after`, oldest first',
      params: ChatSocketParams,
      querystring: ChatSocketQuery,
      response: { 200: ChatCatchUpResponse, ...memberErrors },
    },
    preHandler: async (request) => {
      requireAppOrigin(request, publicOrigin);
      const { poolId } = request.params as ChatSocketParams;
      const session = await requireMember(request, poolId);
      if (request.ws && !openSockets.hasRoom(session.user.id)) {
        throw AppError.rateLimited(
          60,
          `At most ${CHAT_SOCKETS_PER_MEMBER} chat rooms open at once: close one in another tab or device`,
        );
      }
    },
    handler: async (request, reply) => {
      const session = await requireSession(options, request);
      const { poolId } = request.params as ChatSocketParams;
      const { after } = request.query as ChatSocketQuery;
      reply.headers(noStore);
      return listMissed(db, { poolId, userId: session.user.id, after: after ?? 0 });
    },
    wsHandler: (socket, request) => {
      openRoom(socket, request).catch((error: unknown) => {
        request.log.error({ err: error }, 'chat: the room could not be opened');
        socket.close(1011, 'The room could not be opened');
      });
    },
  });

  /** A socket that passed the checks at the upgrade: resume, then live frames both ways. */
  async function openRoom(socket: WebSocket, request: FastifyRequest) {
    const { poolId } = ChatSocketParams.parse(request.params);
    const { after } = ChatSocketQuery.parse(request.query);
    // The session was checked at the upgrade; this reads it again from the request's cache.
    const session = requireSession(options, request);
    const sendText = (text: string) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    };
    const send = (frame: ChatServerFrame) => sendText(JSON.stringify(frame));
    const { idHash, user } = await session;
    // Counted at once, before any await that could let another socket of the member past the cap.
    if (!openSockets.add(user.id, socket)) {
      socket.close(1008, `At most ${CHAT_SOCKETS_PER_MEMBER} chat rooms open at once`);
      return;
    }
    const pingAllowed = pingAllowance(CHAT_PINGS_PER_MINUTE);

    // Frames are handled one after the other, in the order they came.
    let incoming = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      incoming = incoming
        .then(() => handleFrame(data, isBinary))
        .catch((error: unknown) => request.log.error({ err: error }, 'chat: a frame could not be handled'));
    });
    async function handleFrame(data: Parameters<typeof readClientFrame>[1], isBinary: boolean) {
      const read = readClientFrame(ChatClientFrame, data, isBinary);
      if ('refused' in read) return send(badFrame(read.refused));
      const { frame } = read;
      if (frame.type === 'ping') {
        if (pingAllowed()) return send({ type: 'pong' });
        return socket.close(1008, `At most ${CHAT_PINGS_PER_MINUTE} pings a minute`);
      }
      // A post needs a live session, whatever became of the signal that should have closed this socket.
      if (!(await isSessionLive(db, idHash, systemClock()))) return socket.close(SESSION_ENDED, 'Signed out');
      try {
        const userId = user.id;
        const { message } = await postMessage(context, {
          poolId,
          userId,
          clientId: frame.client_id,
          text: frame.text,
          now: now(),
        });
        send({ type: 'ack', client_id: frame.client_id, id: message.id });
      } catch (error) {
        if (!(error instanceof AppError)) request.log.error({ err: error }, 'chat: a post failed');
        send(errorFrame(error, frame.client_id));
      }
    }

    // Live frames wait while what was missed is read and sent; a message found both ways is sent once (its
    // live frame may come later still). Live messages are never dropped for arriving out of id order: two
    // posts stored at the same moment may be published in either order.
    let caughtUp = false;
    const replayed = new Set<number>();
    const waiting: ChatBroadcast[] = [];
    let memberId: number | null = null;
    const forward = (frame: ChatBroadcast) => {
      if (frame.type === 'left' && frame.member_id === memberId) {
        sendText(serialised(frame));
        socket.close(NO_LONGER_A_MEMBER, 'No longer a member of this pool');
        return;
      }
      if (frame.type === 'message' && replayed.has(frame.message.id)) return;
      sendText(serialised(frame));
    };
    keepAlive(socket, heartbeatMs);

    let closed = false;
    let unsubscribe: (() => Promise<void>) | null = null;
    socket.on('close', () => {
      closed = true;
      void unsubscribe?.();
    });
    // Closed when the member's session ends, on whichever instance; checked once more now that it listens.
    if (!(await closeWhenSessionEnds(socket, { db, idHash, userId: user.id, signals: bus, log: request.log }))) return;
    unsubscribe = await bus.subscribe(poolId, (frame) => (caughtUp ? forward(frame) : waiting.push(frame)));
    if (closed) return unsubscribe();
    // Checked again once subscribed: a member who left between the upgrade and now is closed here, and one who
    // leaves from now on is closed by the `left` frame.
    try {
      memberId = (await requireChatMember(db, poolId, user.id)).member.id;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      socket.close(NO_LONGER_A_MEMBER, 'No longer a member of this pool');
      return;
    }

    let more = false;
    let lastId: number | null = after ?? null;
    if (after !== undefined) {
      const missed = await listMissed(db, { poolId, userId: user.id, after });
      for (const message of missed.data) {
        send({ type: 'message', message });
        replayed.add(message.id);
      }
      more = missed.more;
      lastId = missed.data.at(-1)?.id ?? lastId;
    }
    send({ type: 'ready', last_id: lastId, more });
    caughtUp = true;
    for (const frame of waiting.splice(0)) forward(frame);
  }

  app.get(
    '/api/pools/:id/chat',
    {
      config: { access: 'member' },
      schema: {
        tags: ['chat'],
        summary:
          "The pool's chat history, newest first, paged backwards: `before` is the `next_before` of the page " +
          'before (its members; 404 for anyone else)',
        params: ChatParams,
        querystring: ChatHistoryQuery,
        response: { 200: ChatHistoryResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      const { before, limit } = request.query;
      return listHistory(db, { poolId: request.params.id, userId: session.user.id, before, limit });
    },
  );

  app.delete(
    '/api/pools/:id/chat/:messageId',
    {
      config: { access: 'member' },
      schema: {
        tags: ['chat'],
        summary:
          "Deletes a message of the pool's chat (its Lifeguard): it stays in the room shown as deleted, and every " +
          'open socket is told',
        params: ChatMessageParams,
        response: { 200: ChatMessageResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const message = await deleteMessage(context, {
        poolId: request.params.id,
        userId: session.user.id,
        messageId: request.params.messageId,
        now: now(),
      });
      return reply.headers(noStore).send({ data: message });
    },
  );

  app.get(
    '/api/chat/rooms',
    {
      config: { access: 'member' },
      schema: {
        tags: ['chat'],
        summary:
          "The caller's pool rooms: each pool's name and icon, its newest message, the caller's unread count " +
          '(messages after their read marker, not their own, not deleted) and whether the room is read-only',
        response: { 200: ChatRoomsResponse, ...errorResponses, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return { data: await listRooms(db, session.user.id) };
    },
  );

  app.put(
    '/api/pools/:id/chat/read',
    {
      config: { access: 'member' },
      schema: {
        tags: ['chat'],
        summary:
          "Moves the caller's read marker in the pool's room forwards to `last_read_id` (never backwards, never " +
          "past the room's newest message) and answers where it stands and what is still unread (its members)",
        params: ChatParams,
        body: ChatReadBody,
        response: { 200: ChatReadResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const data = await markRead(db, {
        poolId: request.params.id,
        userId: session.user.id,
        lastReadId: request.body.last_read_id,
        now: now(),
      });
      return reply.headers(noStore).send({ data });
    },
  );
};

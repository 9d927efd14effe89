import type { FieldError } from '@pass/contracts';
import type { Database } from '@pass/db';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { systemClock } from '../../lib/clock.js';
import { isSessionLive } from './sessions.service.js';

/**
 * What every member's socket shares, the chat rooms' and the live games' (decisions 039, 054): the Origin check at
 * the upgrade, a cap of open sockets per member on the instance, frames read against their contract, a limit on
 * pings, the server's heartbeat, and the close when the member's session ends.
 */

/** The close code of a socket whose session ended (logout, a password change or reset, a suspension). */
export const SESSION_ENDED = 4401;

/** The close code of a socket opened under an address the account has since changed: it may open again. */
export const ACCOUNT_CHANGED = 4409;

/**
 * What a member's own sockets are told, on every instance: some of the member's sessions ended (each socket
 * checks its own), or the account's address changed (every socket closes; a live session opens it again).
 */
export interface MemberSignal {
  type: 'sessions_ended' | 'account_changed';
}
export type MemberListener = (signal: MemberSignal) => void;

/** Where a member's sockets hear of their sessions (the chat bus carries the signals). */
export interface MemberSignals {
  /** Resolves once the member's signals will be delivered; the function it returns stops them. */
  subscribeMember(userId: number, listener: MemberListener): Promise<() => Promise<void>>;
}

/**
 * A browser always sends the page's Origin with a socket: one from another site is refused (403), so no other site
 * can open a member's socket with their cookie (the upgrade is a GET, so the CSRF token is not asked for).
 */
export function requireAppOrigin(request: FastifyRequest, publicOrigin: string): void {
  if (request.ws && request.headers.origin !== publicOrigin) {
    throw AppError.forbidden('This socket must be opened from the PA$$ web app');
  }
}

/**
 * The open sockets of each member on this instance, held to `max`. The count is per instance: one across
 * instances would need bookkeeping in Redis that a crashed instance leaves behind (decision 054).
 */
export class SocketCounts {
  private readonly open = new Map<number, number>();

  constructor(readonly max: number) {}

  hasRoom(userId: number): boolean {
    return (this.open.get(userId) ?? 0) < this.max;
  }

  /**
   * Counts the socket until it closes; false, and not counted, when the member already holds `max`. Called before
   * any await once the socket is open, so two sockets of the member cannot both pass the cap.
   */
  add(userId: number, socket: WebSocket): boolean {
    if (!this.hasRoom(userId)) return false;
    this.open.set(userId, (this.open.get(userId) ?? 0) + 1);
    socket.once('close', () => {
      const left = (this.open.get(userId) ?? 1) - 1;
      if (left > 0) this.open.set(userId, left);
      else this.open.delete(userId);
    });
    return true;
  }
}

/** Reads one client frame: JSON text in the contract's shape, or the fields that are wrong and why. */
export function readClientFrame<T extends z.ZodType>(
  schema: T,
  data: RawData,
  isBinary: boolean,
): { frame: z.infer<T> } | { refused: FieldError[] } {
  if (isBinary) return { refused: [{ field: 'frame', message: 'must be a text frame' }] };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString());
  } catch {
    return { refused: [{ field: 'frame', message: 'must be JSON' }] };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { frame: parsed.data };
  return {
    refused: parsed.error.issues.map((issue) => ({
      field: issue.path.length > 0 ? issue.path.join('.') : 'frame',
      message: issue.message,
    })),
  };
}

/** A refused frame's error frame: BAD_REQUEST with each field and why. */
export function badFrame(fields: FieldError[]) {
  return {
    type: 'error' as const,
    code: 'BAD_REQUEST' as const,
    message: fields.map((field) => `${field.field}: ${field.message}`).join('; '),
    fields,
  };
}

/** Whether another ping fits in the last minute's allowance of `perMinute`; each call counts one ping. */
export function pingAllowance(perMinute: number): () => boolean {
  const pings: number[] = [];
  return () => {
    const at = performance.now(); // monotonic: a wall-clock change cannot reopen the window
    while (pings.length > 0 && pings[0]! <= at - 60_000) pings.shift();
    pings.push(at);
    return pings.length <= perMinute;
  };
}

/**
 * Pings the socket every `heartbeatMs` until it closes, and drops one that has not answered the ping before:
 * proxies that close idle connections keep it open, and a client gone without closing releases what it held.
 */
export function keepAlive(socket: WebSocket, heartbeatMs: number): void {
  let answered = true;
  socket.on('pong', () => {
    answered = true;
  });
  const heartbeat = setInterval(() => {
    if (!answered) return socket.terminate();
    answered = false;
    socket.ping();
  }, heartbeatMs);
  heartbeat.unref();
  socket.once('close', () => clearInterval(heartbeat));
}

/**
 * Listens, until the socket closes, for the member's sessions changing on any instance: the socket closes unless
 * its own session is still live, and in any case when the account's address changed. Then checks the session once
 * more, so one that ended between the upgrade and now closes here. Resolves true when the socket is still open.
 */
export async function closeWhenSessionEnds(
  socket: WebSocket,
  options: { db: Database; idHash: string; userId: number; signals: MemberSignals; log: FastifyBaseLogger },
): Promise<boolean> {
  const { db, idHash, log } = options;
  let closed = socket.readyState !== socket.OPEN;
  let unsubscribe: (() => Promise<void>) | null = null;
  socket.once('close', () => {
    closed = true;
    void unsubscribe?.();
  });
  unsubscribe = await options.signals.subscribeMember(options.userId, (signal) => {
    if (signal.type === 'account_changed') return socket.close(ACCOUNT_CHANGED, 'The account changed');
    isSessionLive(db, idHash, systemClock()).then(
      (live) => {
        if (!live) socket.close(SESSION_ENDED, 'Signed out');
      },
      (error: unknown) => {
        log.warn({ err: error }, 'sockets: a session could not be checked; the socket closes');
        socket.close(SESSION_ENDED, 'Signed out');
      },
    );
  });
  if (closed) {
    await unsubscribe();
    return false;
  }
  if (!(await isSessionLive(db, idHash, systemClock()))) {
    socket.close(SESSION_ENDED, 'Signed out');
    return false;
  }
  return !closed;
}

/**
 * Serialises a frame once however many sockets it goes to: a frame from the bus reaches every socket on the
 * instance as the same object (500 sockets in a room made 500 copies of every message's JSON).
 */
export function serialisedOnce<T extends object>(): (frame: T) => string {
  const texts = new WeakMap<T, string>();
  return (frame) => {
    let text = texts.get(frame);
    if (text === undefined) {
      text = JSON.stringify(frame);
      texts.set(frame, text);
    }
    return text;
  };
}

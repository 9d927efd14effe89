import { ChatServerFrame } from '@pass/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { TestClient } from './accounts.js';

/**
 * Sockets for the server's tests (the chat rooms', the live games'): the `ws` client against a listening app, with
 * the test browser's cookies; every frame it receives is checked against the contract and kept in order.
 */

/** The address a listening app serves on. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the app is not listening on a port');
  return `ws://127.0.0.1:${address.port}`;
}

export interface TestSocket<F extends { type: string }> {
  socket: WebSocket;
  frames: F[];
  /** The first frame (from `from` on) that matches, waiting at most `timeoutMs` for it. */
  next<T extends F['type']>(
    type: T,
    match?: (frame: Extract<F, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<F, { type: T }>>;
  send(frame: unknown): void;
  close(): Promise<void>;
}

export type ChatSocket = TestSocket<ChatServerFrame>;

const cookieHeader = (client: TestClient | null) =>
  client ? [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : undefined;

function socketOptions(client: TestClient | null, origin: string | null) {
  const cookie = cookieHeader(client);
  return { headers: { ...(cookie ? { cookie } : {}) }, ...(origin === null ? {} : { origin }) };
}

/**
 * Opens a socket at `url` with the test browser's cookies and the web app's Origin (unless another is given);
 * every frame it receives is read by `parse` (the contract's schema) and kept in order. Rejects with the HTTP
 * status when the upgrade is refused.
 */
export function openTestSocket<F extends { type: string }>(
  url: string,
  client: TestClient | null,
  parse: (value: unknown) => F,
  options: { origin?: string | null; autoPong?: boolean } = {},
): Promise<TestSocket<F>> {
  const socket = new WebSocket(url, {
    ...socketOptions(client, options.origin === undefined ? 'http://localhost:3000' : options.origin),
    autoPong: options.autoPong ?? true,
  });
  const frames: F[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    frames.push(parse(JSON.parse(String(data))));
    for (const wake of waiters) wake();
  });
  const opened: TestSocket<F> = {
    socket,
    frames,
    next(type, match = () => true, timeoutMs = 5_000) {
      type Frame = Extract<F, { type: typeof type }>;
      const find = () => frames.find((frame): frame is Frame => frame.type === type && match(frame as Frame));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no ${type} frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        const wake = () => {
          const frame = find();
          if (!frame) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(frame);
        };
        waiters.add(wake);
      });
    },
    send(frame) {
      socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    close() {
      return new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      });
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(opened));
    socket.once('unexpected-response', (_request, response) => {
      reject(new RefusedUpgrade(response.statusCode ?? 0));
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}

/** Opens the room's socket; rejects with the HTTP status when the upgrade is refused. */
export function openChat(
  base: string,
  client: TestClient | null,
  poolId: number,
  options: { after?: number; origin?: string | null; autoPong?: boolean } = {},
): Promise<ChatSocket> {
  const query = options.after === undefined ? '' : `?after=${options.after}`;
  return openTestSocket(
    `${base}/ws/pools/${poolId}/chat${query}`,
    client,
    (value) => ChatServerFrame.parse(value),
    options,
  );
}

export class RefusedUpgrade extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with ${status}`);
  }
}

/** The HTTP status an upgrade was refused with (fails when it was not refused). */
export async function refusedStatus(opening: Promise<{ close(): Promise<void> }>): Promise<number> {
  try {
    const chat = await opening;
    await chat.close();
  } catch (error) {
    if (error instanceof RefusedUpgrade) return error.status;
    throw error;
  }
  expect.fail('the upgrade was not refused');
}

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { deferCleanup } from './cleanup.js';
import type { TimedBenchmark } from './data-benchmarks.js';
import { percentile } from './load.js';
import { SERVERS_DIR } from './paths.js';
import { startBenchServer, type BenchServer } from './processes.js';
import { createThrowawayDatabase } from './throwaway-database.js';

/**
 * The chat fan-out (issue 12): 500 WebSocket clients in one pool's room, and the time from a post to its
 * delivery at the last of them, over 50 posts (5 more first, discarded). Each post is sent by another member's
 * socket (the rate limit is per member), the next once every socket has the one before. On one instance (its
 * in-process bus), and on two instances on the same PostgreSQL behind Redis pub/sub, the sockets dealt to
 * them in turn, as a load balancer would. The clients run in this process: their own reading of 500 frames per
 * post is in the figures.
 */

export const CHAT_SOCKETS = 500;
const POSTS = 50;
const WARMUP = 5;
const POST_TIMEOUT_MS = 20_000;
/** Sockets opened at a time: each upgrade checks the session and the membership in the database. */
const OPEN_BATCH = 25;
const ORIGIN = 'http://localhost:3000';
/** A server clock in the 2026 NFL season's preseason: the pool is a current one. */
const CHAT_CLOCK = '2026-08-01T12:00:00Z';
const START_TIMEOUT_MS = 300_000;
export const REDIS_URL = 'redis://127.0.0.1:6379';

type AppEnv = (database: { DATA_DIR: string } | { DATABASE_URL: string; DATA_DIR: string }) => NodeJS.ProcessEnv;

interface ChatInfo {
  poolId: number;
  cookies: string[];
  prepareMs: number;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Client {
  socket: WebSocket;
  /** When each bench post (by its text) reached this socket. */
  arrivals: Map<string, number>;
  onArrival: () => void;
  /** The last error frame the socket received. */
  lastError?: string;
}

function openClient(port: number, poolId: number, cookie: string, onArrival: () => void): Promise<Client> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/pools/${poolId}/chat`, {
    headers: { cookie: `pass_session=${cookie}` },
    origin: ORIGIN,
  });
  const client: Client = { socket, arrivals: new Map(), onArrival };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no ready frame within 30 s')), 30_000);
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; message?: { text: string } };
      if (frame.type === 'ready') {
        clearTimeout(timer);
        resolve(client);
      } else if (frame.type === 'message' && frame.message) {
        client.arrivals.set(frame.message.text, performance.now());
        client.onArrival();
      } else if (frame.type === 'error') {
        // Before `ready`, the socket was refused; after, a post was: the bench fails on its timeout, saying why.
        client.lastError = String(data);
        reject(new Error(`error frame: ${String(data)}`));
      }
    });
    socket.once('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      reject(new Error(`upgrade refused with ${response.statusCode}`));
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

async function closeAll(clients: Client[]) {
  await Promise.all(
    clients.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close();
        }),
    ),
  );
}

/** Opens every member's socket (dealt to the ports in turn), posts, and times each post's last delivery. */
async function measureFanout(ports: number[], info: ChatInfo) {
  const clients: Client[] = [];
  let waiting: { text: string; left: number; done: () => void } | undefined;
  const arrived = (client: Client) => {
    if (waiting && client.arrivals.has(waiting.text)) {
      waiting.left -= 1;
      if (waiting.left === 0) waiting.done();
    }
  };
  const openStarted = performance.now();
  try {
    for (let start = 0; start < info.cookies.length; start += OPEN_BATCH) {
      const batch = info.cookies.slice(start, start + OPEN_BATCH);
      clients.push(
        ...(await Promise.all(
          batch.map((cookie, offset) => {
            const index = start + offset;
            let client: Client | undefined;
            const opening = openClient(ports[index % ports.length]!, info.poolId, cookie, () => {
              if (client) arrived(client);
            });
            return opening.then((opened) => (client = opened));
          }),
        )),
      );
    }
    const openMs = performance.now() - openStarted;
    const lastDelivery: number[] = [];
    const medianDelivery: number[] = [];
    const firstDelivery: number[] = [];
    // Client ids of this run: a member's post with a client id it used before (in an earlier run on the same
    // pool) is taken for a retry and not sent again.
    const run = Date.now().toString(36);
    for (let post = 0; post < WARMUP + POSTS; post++) {
      const text = `bench post ${post} ${run}`;
      // Every post from another member: the rate limit counts per member.
      const poster = clients[(post * 7) % clients.length]!;
      const delivered = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `post ${post}: ${waiting?.left} sockets still waiting after ${POST_TIMEOUT_MS} ms` +
                  (poster.lastError ? ` (the poster was answered ${poster.lastError})` : ''),
              ),
            ),
          POST_TIMEOUT_MS,
        );
        waiting = {
          text,
          left: clients.length,
          done: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
      const sent = performance.now();
      poster.socket.send(JSON.stringify({ type: 'post', client_id: `bench-${run}-${post}`, text }));
      await delivered;
      waiting = undefined;
      if (post < WARMUP) continue;
      const times = Float64Array.from(clients, (client) => client.arrivals.get(text)! - sent).sort();
      lastDelivery.push(times[times.length - 1]!);
      firstDelivery.push(times[0]!);
      medianDelivery.push(percentile(times, 50));
      for (const client of clients) client.arrivals.delete(text);
    }
    return { openMs, lastDelivery, medianDelivery, firstDelivery };
  } finally {
    await closeAll(clients);
  }
}

/** Whether the machine's Redis (REDIS_URL) answers a PING. */
export async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const fixed = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

function row(
  name: string,
  what: string,
  database: string,
  result: Awaited<ReturnType<typeof measureFanout>>,
  info: ChatInfo,
): TimedBenchmark {
  const sorted = Float64Array.from(result.lastDelivery).sort();
  const medians = Float64Array.from(result.medianDelivery).sort();
  const firsts = Float64Array.from(result.firstDelivery).sort();
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  return {
    name,
    what,
    database,
    targetMs: 0,
    targetLabel: '-',
    outcome: {
      status: 'measured',
      valueMs: p99,
      figures: `last socket p50 ${fixed(p50)} ms, p99 ${fixed(p99)} ms`,
      detail:
        `max ${fixed(sorted[sorted.length - 1]!)} ms; p50 of the first socket ${fixed(percentile(firsts, 50))} ms, of the median socket ${fixed(percentile(medians, 50))} ms; ` +
        `${POSTS} posts (${WARMUP} warm-up discarded), each from another member, the next once all ${CHAT_SOCKETS} sockets had it; ` +
        `${CHAT_SOCKETS} sockets opened in ${(result.openMs / 1000).toFixed(1)} s; members created in ${(info.prepareMs / 1000).toFixed(1)} s`,
    },
  };
}

const failed = (name: string, what: string, database: string, error: unknown): TimedBenchmark => ({
  name,
  what,
  database,
  targetMs: 0,
  targetLabel: '-',
  outcome: { status: 'failed', error: message(error) },
});

/**
 * `chat-fanout-one` (one instance, in-process bus) and `chat-fanout-redis` (two instances, Redis), both on a
 * throwaway PostgreSQL database (two instances cannot share a PGlite directory); without DATABASE_URL, the
 * one-instance row runs on PGlite and the Redis row is skipped.
 */
export async function runChatFanoutBenchmarks(appEnv: AppEnv): Promise<TimedBenchmark[]> {
  const rows: TimedBenchmark[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pass-bench-chat-'));
  const removeData = deferCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  const infoFile = path.join(dataDir, 'chat-info.json');
  const adminUrl = process.env.DATABASE_URL;
  const oneWhat = `${CHAT_SOCKETS} sockets in one pool on one instance (in-process bus): a post's time to its last delivery`;
  const redisWhat = `${CHAT_SOCKETS} sockets in one pool on two instances (half each) through Redis pub/sub: a post's time to its last delivery`;
  const script = path.join(SERVERS_DIR, 'chat-app.ts');
  const env = (database: { DATA_DIR: string } | { DATABASE_URL: string; DATA_DIR: string }, extra = {}) => ({
    ...appEnv(database),
    PASS_SEED: 'none',
    PASS_CLOCK: CHAT_CLOCK,
    PUBLIC_URL: ORIGIN,
    BENCH_INFO_FILE: infoFile,
    ...extra,
  });
  const servers: BenchServer[] = [];
  const stopAll = async () => {
    for (const server of servers.splice(0)) await server.stop();
  };
  try {
    let database: { DATA_DIR: string } | { DATABASE_URL: string; DATA_DIR: string } = { DATA_DIR: dataDir };
    let label = 'PGlite';
    let drop: (() => Promise<void>) | undefined;
    if (adminUrl) {
      const throwaway = await createThrowawayDatabase(adminUrl);
      drop = throwaway.drop;
      database = { DATABASE_URL: throwaway.url, DATA_DIR: dataDir };
      label = 'PostgreSQL';
      console.log(`  (throwaway database ${throwaway.name})`);
    }
    try {
      console.log(`• chat-fanout-one: ${CHAT_SOCKETS} sockets, one instance (${label})`);
      let info: ChatInfo | undefined;
      try {
        servers.push(
          await startBenchServer(script, env(database, { CHAT_MEMBERS: String(CHAT_SOCKETS) }), START_TIMEOUT_MS),
        );
        info = JSON.parse(await readFile(infoFile, 'utf8')) as ChatInfo;
        rows.push(row('chat-fanout-one', oneWhat, label, await measureFanout([servers[0]!.port], info), info));
      } catch (error) {
        rows.push(failed('chat-fanout-one', oneWhat, label, error));
      } finally {
        await stopAll();
      }

      const redisLabel = `${label} + Redis`;
      if (!adminUrl || !info) {
        rows.push({
          name: 'chat-fanout-redis',
          what: redisWhat,
          database: redisLabel,
          targetMs: 0,
          targetLabel: '-',
          outcome: {
            status: 'skipped',
            reason: !adminUrl ? 'DATABASE_URL not set (two instances need PostgreSQL)' : 'no pool to join',
          },
        });
      } else if (!(await redisReachable())) {
        rows.push(failed('chat-fanout-redis', redisWhat, redisLabel, `Redis is not reachable at ${REDIS_URL}`));
      } else {
        console.log(`• chat-fanout-redis: ${CHAT_SOCKETS} sockets, two instances through Redis (${label})`);
        try {
          // The same database and pool: the second start finds it migrated; neither makes members.
          const redisEnv = env(database, { REDIS_URL });
          servers.push(await startBenchServer(script, redisEnv, START_TIMEOUT_MS));
          servers.push(await startBenchServer(script, redisEnv, START_TIMEOUT_MS));
          const result = await measureFanout(
            servers.map((server) => server.port),
            info,
          );
          rows.push(row('chat-fanout-redis', redisWhat, redisLabel, result, info));
        } catch (error) {
          rows.push(failed('chat-fanout-redis', redisWhat, redisLabel, error));
        } finally {
          await stopAll();
        }
      }
    } finally {
      await drop?.();
    }
  } finally {
    await stopAll();
    await removeData();
  }
  return rows;
}

import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { BookEventsResponse, ChatServerFrame, PoolWeekResponse } from '@pass/contracts';
import { ADVISORY_LOCK_KEYS, chatMessages, createDb, userBets, type DbHandle } from '@pass/db';
import { createPostgresTestDatabaseUrl } from '@pass/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePortOnLoopback } from './test/raw-http.js';
import { expectError, seedAdmin, TestClient } from './test/accounts.js';
import { makeGame, newKey, signedInMember } from './test/ledger.js';
import { startLoadBalancer, type LoadBalancer } from './test/load-balancer.js';
import { poolSettings, poolWithGuests, quoteSpread } from './test/pools.js';
import { requireRedis, TEST_REDIS_URL, testRedisPrefix } from './test/redis.js';

/**
 * Several server processes on one PostgreSQL and one Redis, behind a load balancer (DESIGN.md section 2;
 * decision 057): the built-in server started as an operator starts it (main.ts), twice. A second instance
 * starts beside a running one in either order, both serve, one at a time runs the jobs, a pick's lock and
 * the chat hold across them, a change on one clears the other's cached answers, and a rolling restart under
 * traffic loses no request and no acknowledged write or chat message.
 */

const entry = path.resolve(import.meta.dirname, 'main.ts');
const repoRoot = path.resolve(import.meta.dirname, '../../..');
// The server clock: Tuesday before week 1 of the 2025 NFL season (every instance starts at it).
const CLOCK = '2025-09-02T12:00:00Z';
const QUOTED = new Date('2025-09-01T12:00:00Z');
const NFL = 'americanfootball_nfl';
const DRAIN_MS = 1500;
const TICK_MS = 1000;
// A fresh process compiles through tsx and migrates: slow on a busy 2-core machine.
const START_TIMEOUT_MS = 120_000;

interface Instance {
  name: string;
  baseUrl: string;
  pid: number;
  output: () => string;
  /** SIGTERM, then the exit code once it has exited. */
  stop(): Promise<number | null>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await sleep(100);
  }
}

describe('any number of server instances on one PostgreSQL and one Redis', () => {
  let databaseUrl: string;
  let dropDatabase: () => Promise<void>;
  let database: DbHandle;
  let balancer: LoadBalancer;
  const redisPrefix = testRedisPrefix();
  const running = new Set<Instance>();
  const ports = new Map<string, number>();

  async function startInstance(name: string): Promise<Instance> {
    const port = ports.get(name) ?? (await freePortOnLoopback());
    ports.set(name, port);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Links and the chat socket's Origin check name the address members use: the load balancer's.
      PUBLIC_URL: balancer.baseUrl,
      WEB_DIST_DIR: '/nonexistent',
      DATABASE_URL: databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: redisPrefix,
      PASS_SEED: 'none',
      PASS_CLOCK: CLOCK,
      REFRESH_ODDS: 'off',
      REFRESH_SCORES: 'off',
      REFRESH_SCHEDULES: 'off',
      POOL_MAILS: 'off',
      JOBS_TICK_MS: String(TICK_MS),
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    };
    delete env.TEST_DATABASE;
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const baseUrl = `http://127.0.0.1:${port}`;
    const instance: Instance = {
      name,
      baseUrl,
      pid: child.pid!,
      output: () => log,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        const code = await exited;
        running.delete(instance);
        return code;
      },
    };
    running.add(instance);
    await until(
      `${name} to become ready:\n${log}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${log}`);
        const response = await fetch(`${baseUrl}/api/health/ready`);
        return response.status === 200 ? true : undefined;
      },
      START_TIMEOUT_MS,
    ).catch((error: unknown) => {
      throw new Error(`${name} never became ready (${String(error)}); its output:\n${log}`);
    });
    balancer.add(name, baseUrl);
    await until(`the balancer to see ${name} ready`, async () => (balancer.ready().includes(name) ? true : undefined));
    return instance;
  }

  /** The process holding the scheduler's lock on this database, by its PostgreSQL application name. */
  async function jobsLeaders(): Promise<number[]> {
    const result = await database.db.execute<{ application_name: string }>(sql`
      select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.objid = ${ADVISORY_LOCK_KEYS.scheduler}
        and l.database = (select oid from pg_database where datname = current_database())`);
    const rows = (result as unknown as { rows: { application_name: string }[] }).rows;
    return rows.map((row) => Number(row.application_name.split(' ').at(-1)));
  }

  beforeAll(async () => {
    await requireRedis();
    ({ url: databaseUrl, drop: dropDatabase } = await createPostgresTestDatabaseUrl());
    balancer = await startLoadBalancer();
  });
  afterAll(async () => {
    for (const instance of [...running]) await instance.stop();
    await balancer?.close();
    await database?.close();
    await dropDatabase?.();
  });

  it(
    'starts a second instance beside a leading one, serves from both, runs the jobs on one, and survives a rolling restart',
    async () => {
      const first = await startInstance('first');
      // The first leads the jobs (it holds the scheduler's lock) before the second starts: the second's
      // migrations must not wait on that lock.
      database = await createDb({ databaseUrl, poolSize: 4 });
      await until('the first instance to lead the jobs', async () =>
        (await jobsLeaders()).includes(first.pid) ? true : undefined,
      );
      const second = await startInstance('second');
      expect(await jobsLeaders()).toEqual([first.pid]);

      // Data, as an import would leave it: week 1 games, one already kicked off.
      const db = database.db;
      const game = async (home: string, away: string, kickoff: string, homeSpread: number) => {
        const id = await makeGame(db, { home, away, kickoff: new Date(kickoff), week: 1, season: 2025, lines: false });
        await quoteSpread(db, { eventId: id, home, away, homeSpread, fetchedAt: QUOTED });
        return id;
      };
      const started = await game('ATL', 'TB', '2025-09-02T11:00:00Z', -2.5);
      const thursday = await game('PHI', 'DAL', '2025-09-05T00:20:00Z', -7);
      const sunday = await game('BUF', 'BAL', '2025-09-07T17:00:00Z', -1.5);

      // Each instance serves the same members: sessions live in the database.
      const settings = poolSettings({ games_per_week: 3, last_man_standing: false, double_play: false });
      const { pool, guests } = await poolWithGuests(balancer.baseUrl, db, settings, 2);
      const guest = guests[0]!;
      const through = (client: TestClient, instance: Instance) => {
        const copy = new TestClient(instance.baseUrl);
        for (const [name, value] of client.cookies) copy.cookies.set(name, value);
        return copy;
      };
      const weekUrl = `/api/pools/${pool.id}/weeks/1`;
      const submit = (client: TestClient, picks: { event_id: number; team: string }[]) =>
        client.request({
          method: 'PUT',
          url: `${weekUrl}/picks`,
          payload: { picks },
          headers: { 'idempotency-key': newKey() },
        });

      // A pick made through one instance is read through the other; the lock holds on both.
      const made = await submit(through(guest.client, first), [{ event_id: thursday, team: 'DAL' }]);
      expect(made.statusCode, made.body).toBe(200);
      const read = await through(guest.client, second).get(weekUrl);
      expect(read.statusCode, read.body).toBe(200);
      const mine = PoolWeekResponse.parse(read.json()).data.sheets.find((sheet) => sheet.member_id === guest.memberId);
      expect(mine?.picks.map((pick) => [pick.event_id, pick.team])).toEqual([[thursday, 'DAL']]);
      for (const instance of [first, second]) {
        expectError(
          await submit(through(guest.client, instance), [
            { event_id: started, team: 'TB' },
            { event_id: sunday, team: 'BAL' },
          ]),
          400,
        );
      }
      const after = PoolWeekResponse.parse((await through(guest.client, first).get(weekUrl)).json()).data;
      expect(
        after.sheets.find((sheet) => sheet.member_id === guest.memberId)?.picks.map((pick) => pick.event_id),
      ).toEqual([thursday]);

      // A result set through one instance clears the other's cached schedule at once, not at its time limit.
      const scheduleUrl = `/api/book/events/${NFL}/1?season_year=2025`;
      const statusOn = async (instance: Instance) => {
        const response = await fetch(`${instance.baseUrl}${scheduleUrl}`);
        const body = BookEventsResponse.parse(await response.json());
        return body.events.find((event) => event.event_id === started)?.status;
      };
      expect(await statusOn(second)).toBe('scheduled');
      const admin = new TestClient(first.baseUrl);
      const adminAccount = await seedAdmin(db);
      expect((await admin.login(adminAccount.username, adminAccount.password)).statusCode).toBe(200);
      const result = await admin.post(`/api/admin/events/${started}/result`, {
        status: 'final',
        home_score: 24,
        away_score: 20,
      });
      expect(result.statusCode, result.body).toBe(200);
      expect(
        await until(
          'the second instance to drop its cached schedule',
          async () => ((await statusOn(second)) === 'final' ? 'final' : undefined),
          5_000,
        ),
      ).toBe('final');

      // Traffic through the balancer while each instance in turn is stopped and started again.
      const bettor = await signedInMember(balancer.baseUrl, db);
      const failures: string[] = [];
      let reads = 0;
      const acknowledgedBets: number[] = [];
      let trafficOn = true;
      const readLoop = (async () => {
        while (trafficOn) {
          const response = await guest.client
            .get(`/api/pools/${pool.id}`)
            .catch((error: unknown) => new Error(String(error)));
          if (response instanceof Error) failures.push(`read: ${response.message}`);
          else if (response.statusCode !== 200) failures.push(`read: ${response.statusCode} ${response.body}`);
          else reads += 1;
          await sleep(50);
        }
      })();
      const writeLoop = (async () => {
        while (trafficOn) {
          const response = await bettor.client
            .post(
              '/api/user/bets',
              {
                event_id: sunday,
                bet_mode: 3,
                bet_kind: 3,
                bet_type: 3,
                bet_team: 'BAL',
                line: 1.5,
                price: -110,
                stake: 110,
                book: 'betus',
              },
              { headers: { 'idempotency-key': newKey() } },
            )
            .catch((error: unknown) => new Error(String(error)));
          if (response instanceof Error) failures.push(`write: ${response.message}`);
          else if (response.statusCode !== 201) failures.push(`write: ${response.statusCode} ${response.body}`);
          else acknowledgedBets.push((response.json() as { data: { id: number } }).data.id);
          await sleep(300);
        }
      })();

      // Two members in the room through the balancer: one posts, the other listens; both reconnect as the
      // web app does when an instance closes their socket with 1012.
      const [poster, listener] = [guests[0]!, guests[1]!];
      const posting = reconnectingChat(balancer.baseUrl, poster.client, pool.id);
      const listening = reconnectingChat(balancer.baseUrl, listener.client, pool.id);
      await Promise.all([posting.ready(), listening.ready()]);
      const chatLoop = (async () => {
        let count = 0;
        while (trafficOn) {
          posting.post(`message ${(count += 1)}`);
          // Under the room's limit of 10 messages in 10 seconds.
          await sleep(1_100);
        }
      })();

      await sleep(1_000);
      const closeCodes: number[] = [];
      posting.onClose = (code) => closeCodes.push(code);
      // The rolling restart: stop one (its jobs go to the other), start it again, then the other.
      expect(await first.stop()).toBe(0);
      await until('the second instance to take the jobs', async () =>
        (await jobsLeaders()).includes(second.pid) ? true : undefined,
      );
      balancer.remove('first');
      const firstAgain = await startInstance('first');
      await sleep(1_000);
      expect(await second.stop()).toBe(0);
      await until('the restarted first instance to take the jobs', async () =>
        (await jobsLeaders()).includes(firstAgain.pid) ? true : undefined,
      );
      balancer.remove('second');
      await startInstance('second');
      await sleep(1_500);
      trafficOn = false;
      await Promise.all([readLoop, writeLoop, chatLoop]);
      await posting.settled();

      expect(failures).toEqual([]);
      expect(reads).toBeGreaterThan(50);
      // Both instances served the traffic, and one at a time ran the jobs.
      expect((balancer.served.get('first') ?? 0) > 0 && (balancer.served.get('second') ?? 0) > 0).toBe(true);
      expect(await jobsLeaders()).toEqual([firstAgain.pid]);

      // Every acknowledged bet is stored, once.
      const storedBets = await db
        .select({ id: userBets.id })
        .from(userBets)
        .where(eq(userBets.userId, bettor.account.id));
      expect(storedBets.map((row) => row.id).sort((a, b) => a - b)).toEqual(
        [...acknowledgedBets].sort((a, b) => a - b),
      );
      expect(acknowledgedBets.length).toBeGreaterThan(10);

      // The poster's sockets were closed for the restarts (1012) and every post was acknowledged, stored once
      // and heard by the listener, whichever instance each was on.
      expect(closeCodes.filter((code) => code === 1012).length).toBeGreaterThanOrEqual(1);
      const acknowledged = posting.acknowledged();
      expect(acknowledged.size).toBeGreaterThan(5);
      const storedMessages = await db
        .select({ id: chatMessages.id, clientId: chatMessages.clientId })
        .from(chatMessages)
        .where(eq(chatMessages.poolId, pool.id));
      const storedIds = new Map(storedMessages.map((row) => [row.clientId, row.id]));
      expect(storedMessages.length).toBe(acknowledged.size);
      for (const [clientId, id] of acknowledged) expect(storedIds.get(clientId)).toBe(id);
      await until('the listener to hear every acknowledged message', async () =>
        [...acknowledged.values()].every((id) => listening.heard().has(id)) ? true : undefined,
      );
      posting.close();
      listening.close();
    },
    10 * 60_000,
  );
});

/**
 * A chat room's socket as the web app keeps it: it opens through the balancer, resumes after the last message
 * it has when it opens again, and sends again every post not yet acknowledged (the server keeps one per
 * client id).
 */
function reconnectingChat(baseUrl: string, member: TestClient, poolId: number) {
  const cookie = [...member.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const pending = new Map<string, string>();
  const acknowledged = new Map<string, number>();
  const heard = new Set<number>();
  let lastId = 0;
  let socket: WebSocket | undefined;
  let open = false;
  let closed = false;
  let readyWaiters: (() => void)[] = [];
  const chat = {
    onClose: (_code: number) => {},
    ready: () => new Promise<void>((resolve) => (open ? resolve() : readyWaiters.push(resolve))),
    post(text: string) {
      const clientId = randomUUID();
      pending.set(clientId, text);
      if (open) socket!.send(JSON.stringify({ type: 'post', client_id: clientId, text }));
    },
    acknowledged: () => acknowledged,
    heard: () => heard,
    /** Resolves once no post waits for its acknowledgement. */
    settled: () => until('every post to be acknowledged', async () => (pending.size === 0 ? true : undefined)),
    close() {
      closed = true;
      socket?.close();
    },
  };
  const connect = () => {
    if (closed) return;
    const url = `${baseUrl.replace('http', 'ws')}/ws/pools/${poolId}/chat${lastId > 0 ? `?after=${lastId}` : ''}`;
    const current = new WebSocket(url, { headers: { cookie }, origin: baseUrl });
    socket = current;
    current.on('message', (data) => {
      const frame = ChatServerFrame.parse(JSON.parse(String(data)));
      if (frame.type === 'message') {
        heard.add(frame.message.id);
        lastId = Math.max(lastId, frame.message.id);
      }
      if (frame.type === 'ack') {
        pending.delete(frame.client_id);
        acknowledged.set(frame.client_id, frame.id);
      }
      if (frame.type === 'ready') {
        open = true;
        for (const [clientId, text] of pending)
          current.send(JSON.stringify({ type: 'post', client_id: clientId, text }));
        for (const wake of readyWaiters) wake();
        readyWaiters = [];
      }
    });
    current.on('error', () => undefined);
    current.on('close', (code) => {
      open = false;
      chat.onClose(code);
      if (!closed) setTimeout(connect, 200);
    });
  };
  connect();
  return chat;
}

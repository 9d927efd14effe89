import { randomInt } from 'node:crypto';
import { chatMessages } from '@pass/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { TestClient } from '../../test/accounts.js';
import { listen, openChat, refusedStatus, type ChatSocket } from '../../test/chat.js';
import { requireRedis, TEST_REDIS_URL, testRedisPrefix } from '../../test/redis.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { poolSettings, poolWithGuests } from '../../test/pools.js';
import { createRedisChatBus } from './chat-bus.js';

/**
 * Two instances of the app behind a load balancer (DESIGN.md section 2): one database (PostgreSQL under
 * DATABASE_URL, else one PGlite shared by both) and the real Redis at 127.0.0.1:6379. A message posted through
 * one instance reaches a socket connected to the other; the checks at the upgrade hold on either.
 */

const REDIS_URL = TEST_REDIS_URL;
const clock = new Date('2025-08-01T12:00:00Z');
// Channels of this run only, so runs side by side never meet.
const prefix = testRedisPrefix();

describe('chat across two app instances on one database and one Redis', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let firstBase: string;
  let secondBase: string;
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    await requireRedis();
    first = await buildTestApp({ REDIS_URL }, { now: () => clock, chatBus: createRedisChatBus(REDIS_URL, { prefix }) });
    second = await buildApp({
      config: first.config,
      database: { ...first.database, close: async () => {} },
      logger: false,
      now: () => clock,
      chatBus: createRedisChatBus(REDIS_URL, { prefix }),
    });
    // User ids key the rate limit in Redis: start this database's ids at a random point, so that other runs
    // (on another database, at the same time) count under other keys.
    await first.database.db.execute(sql`select setval('users_id_seq', ${randomInt(1_000_000, 2_000_000_000)})`);
    firstBase = await listen(first.app);
    secondBase = await listen(second);
  });
  afterAll(async () => {
    for (const chat of sockets) await chat.close();
    await second?.close();
    await first?.app.close();
  });

  it('delivers a message posted through one instance to a socket connected to the other', async () => {
    const { pool, lifeguard, guests } = await poolWithGuests(
      first.app,
      first.database.db,
      poolSettings({ win_basis: 'straight' }),
    );
    const onSecond = await openChat(secondBase, guests[0]!.client, pool.id, { after: 0 });
    sockets.push(onSecond);
    await onSecond.next('ready');
    const onFirst = await openChat(firstBase, lifeguard.client, pool.id);
    sockets.push(onFirst);

    onFirst.send({ type: 'post', client_id: 'across', text: 'Hello from the first instance' });
    const ack = await onFirst.next('ack');
    const [row] = await first.database.db.select().from(chatMessages).where(eq(chatMessages.id, ack.id));
    expect(row?.text).toBe('Hello from the first instance');
    const received = await onSecond.next('message', (frame) => frame.message.id === ack.id);
    expect(received.message).toMatchObject({
      text: 'Hello from the first instance',
      author: { username: lifeguard.account.username },
    });

    // A deletion through the second instance reaches the socket on the first.
    const viaSecond = new TestClient(second);
    for (const [name, value] of lifeguard.client.cookies) viaSecond.cookies.set(name, value);
    const deleted = await viaSecond.request({ method: 'DELETE', url: `/api/pools/${pool.id}/chat/${ack.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await onFirst.next('deleted', (frame) => frame.id === ack.id);
  });

  it('refuses a visitor, a member of another pool and a foreign Origin at the upgrade on either instance', async () => {
    const { pool, lifeguard } = await poolWithGuests(first.app, first.database.db, poolSettings(), 0);
    const outsider = await signedInMember(first.app, first.database.db);
    for (const base of [firstBase, secondBase]) {
      expect(await refusedStatus(openChat(base, null, pool.id))).toBe(401);
      expect(await refusedStatus(openChat(base, outsider.client, pool.id))).toBe(404);
      expect(await refusedStatus(openChat(base, lifeguard.client, pool.id, { origin: 'https://evil.example' }))).toBe(
        403,
      );
    }
  });
});

import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { adminClient, testPassword, TestClient } from '../../test/accounts.js';
import { listen, openChat, refusedStatus, type ChatSocket } from '../../test/chat.js';
import { requireRedis, TEST_REDIS_URL, testRedisPrefix } from '../../test/redis.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { poolSettings, poolWithGuests } from '../../test/pools.js';
import * as authRepository from '../auth/auth.repository.js';
import { hashSecret, randomSecret } from '../auth/crypto.js';
import { createRedisChatBus } from './chat-bus.js';
import { ACCOUNT_CHANGED, SESSION_ENDED } from '../auth/member-socket.js';
import { CHAT_PINGS_PER_MINUTE, CHAT_SOCKETS_PER_MEMBER } from './chat.routes.js';

/**
 * A chat socket ends with its session (decision 054): logout, a password change or reset, an address change
 * and its revert, and a suspension close the member's open sockets at once, on every instance. Two instances
 * share one database and the real Redis at 127.0.0.1:6379; each action goes through the instance the socket is
 * not on.
 */

const REDIS_URL = TEST_REDIS_URL;
const clock = new Date('2025-08-01T12:00:00Z');
const prefix = testRedisPrefix();

const closeCode = (chat: ChatSocket) =>
  new Promise<number>((resolve) => chat.socket.once('close', (code) => resolve(code)));

/** Whether the socket still answers: a ping is answered with a pong. */
async function answers(chat: ChatSocket): Promise<boolean> {
  const before = chat.frames.filter((frame) => frame.type === 'pong').length;
  chat.send({ type: 'ping' });
  await chat.next('pong', () => chat.frames.filter((frame) => frame.type === 'pong').length > before);
  return true;
}

describe('chat sockets end with their sessions, on every instance', () => {
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
    await first.database.db.execute(sql`select setval('users_id_seq', ${randomInt(1_000_000, 2_000_000_000)})`);
    firstBase = await listen(first.app);
    secondBase = await listen(second);
  });
  afterAll(async () => {
    for (const chat of sockets) await chat.close();
    await second?.close();
    await first?.app.close();
  });

  /**
   * A pool's Lifeguard signed in twice, a socket of the first session on the first instance and of the other
   * on the second, and a guest's socket on the first.
   */
  async function memberOnTwoSessions() {
    const { pool, lifeguard, guests } = await poolWithGuests(first.app, first.database.db, poolSettings(), 1);
    const otherSession = new TestClient(second);
    expect((await otherSession.login(lifeguard.account.username, lifeguard.account.password)).statusCode).toBe(200);
    const open = async (client: TestClient, base = firstBase) => {
      const chat = await openChat(base, client, pool.id, { after: 0 });
      sockets.push(chat);
      await chat.next('ready');
      return chat;
    };
    const viaSecond = new TestClient(second);
    for (const [name, value] of lifeguard.client.cookies) viaSecond.cookies.set(name, value);
    return {
      pool,
      account: lifeguard.account,
      /** The first session, as the second instance sees it. */
      firstSession: viaSecond,
      otherSession,
      firstChat: await open(lifeguard.client),
      otherChat: await open(otherSession, secondBase),
      guestChat: await open(guests[0]!.client),
    };
  }

  it('closes the sockets of a session that logs out, and only those', async () => {
    const { pool, firstSession, firstChat, otherChat, guestChat } = await memberOnTwoSessions();
    const closed = closeCode(firstChat);
    expect((await firstSession.post('/auth/logout')).statusCode).toBe(200);
    expect(await closed).toBe(SESSION_ENDED);
    expect(await answers(otherChat)).toBe(true);
    expect(await answers(guestChat)).toBe(true);
    expect(await refusedStatus(openChat(firstBase, firstSession, pool.id))).toBe(401);
  });

  it('closes the other sessions’ sockets at a password change, and keeps the changing one’s', async () => {
    const { account, otherSession, firstChat, otherChat } = await memberOnTwoSessions();
    const closed = closeCode(firstChat);
    const changed = await otherSession.post('/auth/password', {
      currentPassword: account.password,
      newPassword: testPassword(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await closed).toBe(SESSION_ENDED);
    expect(await answers(otherChat)).toBe(true);
  });

  it("closes the other sessions' sockets when the member signs out their other devices, and keeps this one's", async () => {
    const { pool, firstSession, otherSession, firstChat, otherChat } = await memberOnTwoSessions();
    const closed = closeCode(firstChat);
    const signedOut = await otherSession.post('/auth/logout/others');
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    expect(signedOut.json()).toEqual({ data: { sessions_ended: 1 } });
    expect(await closed).toBe(SESSION_ENDED);
    expect(await answers(otherChat)).toBe(true);
    expect((await firstSession.get('/auth/whoami')).statusCode).toBe(401);
    expect((await otherSession.get('/auth/whoami')).statusCode).toBe(200);
    expect(await refusedStatus(openChat(firstBase, firstSession, pool.id))).toBe(401);
    // A limit per member and hour: the eleventh time is refused, and ends nothing.
    for (let time = 2; time <= 10; time += 1) {
      expect((await otherSession.post('/auth/logout/others')).json()).toEqual({ data: { sessions_ended: 0 } });
    }
    expect((await otherSession.post('/auth/logout/others')).statusCode).toBe(429);
    expect((await otherSession.get('/auth/whoami')).statusCode).toBe(200);
  });

  it('closes every socket of the member when an address change is confirmed, and at its revert', async () => {
    const { account, firstChat, otherChat } = await memberOnTwoSessions();
    const now = new Date();
    const changeToken = randomSecret();
    await authRepository.createToken(first.database.db, {
      tokenHash: hashSecret(changeToken),
      userId: account.id,
      purpose: 'email_change',
      email: `moved-${account.username}@example.com`.toLowerCase(),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    const closed = [closeCode(firstChat), closeCode(otherChat)];
    const confirmed = await new TestClient(second).post(`/auth/verify/${changeToken}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await Promise.all(closed)).toEqual([ACCOUNT_CHANGED, ACCOUNT_CHANGED]);

    // The sessions are still live (an address change ends none), so sockets open again; a revert ends them.
    const again = await memberOnTwoSessions();
    const revertToken = randomSecret();
    await authRepository.createToken(first.database.db, {
      tokenHash: hashSecret(revertToken),
      userId: again.account.id,
      purpose: 'email_revert',
      email: again.account.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    const ended = [closeCode(again.firstChat), closeCode(again.otherChat)];
    const reverted = await new TestClient(second).post(`/auth/email/revert/${revertToken}`);
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(await Promise.all(ended)).toEqual([SESSION_ENDED, SESSION_ENDED]);
    expect(await answers(again.guestChat)).toBe(true);
  });

  it('closes every socket of an account the admin suspends', async () => {
    const { account, firstChat, otherChat } = await memberOnTwoSessions();
    const admin = await adminClient(second, first.database.db);
    const closed = [closeCode(firstChat), closeCode(otherChat)];
    const suspended = await admin.post(`/api/admin/users/${account.id}/suspend`, { reason: 'Spam' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await Promise.all(closed)).toEqual([SESSION_ENDED, SESSION_ENDED]);
  });

  it('refuses a post from a socket whose session ended without a signal reaching it', async () => {
    const { account, firstChat } = await memberOnTwoSessions();
    // Ended straight in the database, as if the signal were lost on its way.
    await authRepository.deleteUserSessions(first.database.db, account.id);
    const closed = closeCode(firstChat);
    firstChat.send({ type: 'post', client_id: 'after-logout', text: 'Still here?' });
    expect(await closed).toBe(SESSION_ENDED);
    expect(firstChat.frames.some((frame) => frame.type === 'ack')).toBe(false);
  });
});

describe('chat sockets per member and pings', () => {
  let testApp: TestApp;
  let base: string;
  const sockets: ChatSocket[] = [];
  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
    base = await listen(testApp.app);
  });
  afterAll(async () => {
    for (const chat of sockets) await chat.close();
    await testApp.app.close();
  });

  it(`holds at most ${CHAT_SOCKETS_PER_MEMBER} open sockets of a member, and one more once one closes`, async () => {
    const { pool, lifeguard, guests } = await poolWithGuests(testApp.app, testApp.database.db, poolSettings(), 1);
    for (let index = 0; index < CHAT_SOCKETS_PER_MEMBER; index += 1) {
      sockets.push(await openChat(base, lifeguard.client, pool.id));
    }
    expect(await refusedStatus(openChat(base, lifeguard.client, pool.id))).toBe(429);
    // Another member is not held by it.
    const guestChat = await openChat(base, guests[0]!.client, pool.id);
    sockets.push(guestChat);
    const closing = sockets.shift()!;
    await closing.close();
    // The server counts the close once it has seen it: the next opening is tried until it has.
    const reopened = await vi.waitFor(() => openChat(base, lifeguard.client, pool.id, { after: 0 }));
    sockets.push(reopened);
    await reopened.next('ready');
  });

  it(`answers ${CHAT_PINGS_PER_MINUTE} pings a minute and closes a socket that sends more`, async () => {
    const { pool, guests } = await poolWithGuests(testApp.app, testApp.database.db, poolSettings(), 1);
    const chat = await openChat(base, guests[0]!.client, pool.id, { after: 0 });
    sockets.push(chat);
    await chat.next('ready');
    const closed = closeCode(chat);
    for (let index = 0; index <= CHAT_PINGS_PER_MINUTE; index += 1) chat.send({ type: 'ping' });
    expect(await closed).toBe(1008);
    expect(chat.frames.filter((frame) => frame.type === 'pong')).toHaveLength(CHAT_PINGS_PER_MINUTE);
  });
});

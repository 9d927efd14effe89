import { ChatCatchUpResponse, ChatHistoryResponse, ChatMessageResponse, memberChannel } from '@pass/contracts';
import { chatMessages } from '@pass/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/accounts.js';
import { listen, openChat, refusedStatus, type ChatSocket } from '../../test/chat.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { openLive, subscribe, type LiveSocket } from '../../test/live.js';
import { makeGame, signedInMember } from '../../test/ledger.js';
import { poolSettings, poolWithGuests } from '../../test/pools.js';
import { createMemoryChatBus } from './chat-bus.js';
import { NO_LONGER_A_MEMBER } from './chat.routes.js';
import { CHAT_RATE } from './chat.service.js';

/**
 * A pool's chat room through the API and its socket (DESIGN.md section 6; decision 039): post, acknowledge
 * and store; history paged backwards; resume after a gap; the checks at the upgrade; bad frames; the rate
 * limit; the Lifeguard's delete; a room read-only once its pool has ended; pool events as system lines.
 */

// Before the 2025 NFL season: guests may join, nothing has locked.
const clock = new Date('2025-08-01T12:00:00Z');

describe('pool chat', () => {
  const bus = createMemoryChatBus();
  let testApp: TestApp;
  let base: string;
  const sockets: ChatSocket[] = [];
  const open = async (...args: Parameters<typeof openChat>) => {
    const chat = await openChat(...args);
    sockets.push(chat);
    return chat;
  };
  const newPool = (guests = 1) =>
    poolWithGuests(testApp.app, testApp.database.db, poolSettings({ win_basis: 'straight' }), guests);
  const stored = async (poolId: number) => {
    const [row] = await testApp.database.db
      .select({ n: count() })
      .from(chatMessages)
      .where(eq(chatMessages.poolId, poolId));
    return Number(row!.n);
  };
  let posts = 0;
  const post = (chat: ChatSocket, text: string) => {
    posts += 1;
    const clientId = `c${posts}`;
    chat.send({ type: 'post', client_id: clientId, text });
    return chat.next('ack', (frame) => frame.client_id === clientId);
  };

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock, chatBus: bus });
    base = await listen(testApp.app);
  });
  afterAll(async () => {
    for (const chat of sockets) await chat.close();
    await testApp.app.close();
  });

  it("moves the other members' unread marks live: a frame on each one's own channel, saying whether it names them", async () => {
    const { pool, lifeguard, guests } = await newPool(2);
    const liveOf = async (member: { client: Parameters<typeof openLive>[1]; account: { id: number } }) => {
      const socket: LiveSocket = await openLive(base, member.client);
      await subscribe(socket, [memberChannel(member.account.id)]);
      return socket;
    };
    const [named, other] = guests as [(typeof guests)[0], (typeof guests)[0]];
    const author = await liveOf(lifeguard);
    const namedLive = await liveOf(named);
    const otherLive = await liveOf(other);
    try {
      const room = await open(base, lifeguard.client, pool.id);
      await post(room, `Picks are in, @${named.account.username.toUpperCase()}?`);
      expect(await namedLive.next('chat_message')).toEqual({ type: 'chat_message', pool_id: pool.id, mention: true });
      expect(await otherLive.next('chat_message')).toEqual({ type: 'chat_message', pool_id: pool.id, mention: false });
      // The author's own post is not unread for them; a later frame shows the author's channel had none before.
      const guestRoom = await open(base, other.client, pool.id);
      await post(guestRoom, 'Mine are.');
      await author.next('chat_message');
      expect(author.frames.filter((frame) => frame.type === 'chat_message')).toHaveLength(1);
      await namedLive.next(
        'chat_message',
        () => namedLive.frames.filter((f) => f.type === 'chat_message').length === 2,
      );
      expect(otherLive.frames.filter((frame) => frame.type === 'chat_message')).toHaveLength(1);
    } finally {
      for (const socket of [author, namedLive, otherLive]) await socket.close();
    }
  });

  it('stores a post before acknowledging it with its id, and delivers it live to every member’s socket', async () => {
    const { pool, lifeguard, guests } = await newPool();
    const mine = await open(base, lifeguard.client, pool.id);
    const theirs = await open(base, guests[0]!.client, pool.id);
    const ack = await post(mine, 'Who has the Chiefs this week? <b>not html</b>');
    const [row] = await testApp.database.db.select().from(chatMessages).where(eq(chatMessages.id, ack.id));
    expect(row).toMatchObject({
      poolId: pool.id,
      kind: 'member',
      text: 'Who has the Chiefs this week? <b>not html</b>',
    });

    const live = await theirs.next('message', (frame) => frame.message.id === ack.id);
    expect(live.message).toEqual({
      id: ack.id,
      pool_id: pool.id,
      kind: 'member',
      author: { id: lifeguard.memberId, username: lifeguard.account.username, name: lifeguard.account.username },
      text: 'Who has the Chiefs this week? <b>not html</b>',
      created_at: clock.toISOString(),
      deleted: false,
    });

    // The same client id again (a retry after a lost acknowledgement) is acknowledged, not stored twice.
    mine.send({ type: 'post', client_id: `c${posts}`, text: 'Who has the Chiefs this week? <b>not html</b>' });
    await expect.poll(() => mine.frames.filter((frame) => frame.type === 'ack').length).toBe(2);
    expect(mine.frames.filter((frame) => frame.type === 'ack').map((frame) => frame.id)).toEqual([ack.id, ack.id]);
    expect(await stored(pool.id)).toBe(1);
  });

  it('pages the history backwards, newest first, for members only', async () => {
    const { pool, lifeguard, guests } = await newPool();
    const chat = await open(base, lifeguard.client, pool.id);
    const ids = [];
    for (const text of ['one', 'two', 'three', 'four', 'five']) ids.push((await post(chat, text)).id);

    const first = ChatHistoryResponse.parse((await guests[0]!.client.get(`/api/pools/${pool.id}/chat?limit=2`)).json());
    expect(first.data.map((message) => message.text)).toEqual(['five', 'four']);
    expect(first.next_before).toBe(ids[3]);
    const second = ChatHistoryResponse.parse(
      (await guests[0]!.client.get(`/api/pools/${pool.id}/chat?limit=2&before=${first.next_before}`)).json(),
    );
    expect(second.data.map((message) => message.text)).toEqual(['three', 'two']);
    const last = ChatHistoryResponse.parse(
      (await guests[0]!.client.get(`/api/pools/${pool.id}/chat?limit=2&before=${second.next_before}`)).json(),
    );
    expect(last).toEqual({ data: [expect.objectContaining({ text: 'one' })], next_before: null });

    const outsider = await signedInMember(testApp.app, testApp.database.db);
    expectError(await outsider.client.get(`/api/pools/${pool.id}/chat`), 404);
    expectError(await outsider.client.get(`/ws/pools/${pool.id}/chat?after=0`), 404);
  });

  it('resumes after the last id a socket saw: what came in between first, then ready, then live', async () => {
    const { pool, lifeguard, guests } = await newPool();
    const writer = await open(base, lifeguard.client, pool.id);
    const seen = (await post(writer, 'seen before the drop')).id;
    const missedIds = [(await post(writer, 'missed 1')).id, (await post(writer, 'missed 2')).id];

    const resumed = await open(base, guests[0]!.client, pool.id, { after: seen });
    const ready = await resumed.next('ready');
    expect(ready).toEqual({ type: 'ready', last_id: missedIds[1], more: false });
    const live = (await post(writer, 'live again')).id;
    await resumed.next('message', (frame) => frame.message.id === live);
    expect(resumed.frames.map((frame) => (frame.type === 'message' ? frame.message.id : frame.type))).toEqual([
      ...missedIds,
      'ready',
      live,
    ]);

    // Without an upgrade, the same address answers what came after the id.
    const caughtUp = ChatCatchUpResponse.parse(
      (await guests[0]!.client.get(`/ws/pools/${pool.id}/chat?after=${seen}`)).json(),
    );
    expect(caughtUp.data.map((message) => message.id)).toEqual([...missedIds, live]);
  });

  it('sends live messages that arrive out of id order, and a replayed message once though it comes live later', async () => {
    const { pool, lifeguard, guests } = await newPool();
    const writer = await open(base, lifeguard.client, pool.id);
    const seen = (await post(writer, 'seen')).id;
    const missed = (await post(writer, 'missed')).id;
    const reader = await open(base, guests[0]!.client, pool.id, { after: seen });
    await reader.next('ready');
    const [missedMessage] = ChatCatchUpResponse.parse(
      (await guests[0]!.client.get(`/ws/pools/${pool.id}/chat?after=${seen}`)).json(),
    ).data;
    // The missed message's own live frame, late; then two posts published in the other order than stored.
    await bus.publish(pool.id, { type: 'message', message: missedMessage! });
    const later = { ...missedMessage!, id: missed + 2, text: 'stored second, published first' };
    const earlier = { ...missedMessage!, id: missed + 1, text: 'stored first, published second' };
    await bus.publish(pool.id, { type: 'message', message: later });
    await bus.publish(pool.id, { type: 'message', message: earlier });
    await reader.next('message', (frame) => frame.message.id === earlier.id);
    expect(reader.frames.map((frame) => (frame.type === 'message' ? frame.message.id : frame.type))).toEqual([
      missed,
      'ready',
      later.id,
      earlier.id,
    ]);
  });

  it('refuses the upgrade of a visitor (401), a foreign Origin (403) and a member of another pool (404)', async () => {
    const { pool, lifeguard } = await newPool(0);
    const other = await newPool(0);
    expect(await refusedStatus(openChat(base, null, pool.id))).toBe(401);
    expect(await refusedStatus(openChat(base, lifeguard.client, pool.id, { origin: 'https://evil.example' }))).toBe(
      403,
    );
    expect(await refusedStatus(openChat(base, lifeguard.client, pool.id, { origin: null }))).toBe(403);
    expect(await refusedStatus(openChat(base, other.lifeguard.client, pool.id))).toBe(404);
    expect(await refusedStatus(openChat(base, lifeguard.client, 2_147_483_647))).toBe(404);
    // The same member from the app's own Origin gets in.
    const allowed = await open(base, lifeguard.client, pool.id, { after: 0 });
    await allowed.next('ready');
  });

  it('closes the sockets of a guest the Lifeguard removes (4403), and tells the rest of the room', async () => {
    const { pool, lifeguard, guests } = await newPool(2);
    const [removed, staying] = guests;
    const removedChat = await open(base, removed!.client, pool.id, { after: 0 });
    await removedChat.next('ready');
    const closed = new Promise<number>((resolve) => removedChat.socket.once('close', (code) => resolve(code)));
    const stayingChat = await open(base, staying!.client, pool.id);

    const removal = await lifeguard.client.request({
      method: 'DELETE',
      url: `/api/pools/${pool.id}/members/${removed!.memberId}`,
    });
    expect(removal.statusCode, removal.body).toBe(200);
    expect(await closed).toBe(NO_LONGER_A_MEMBER);
    await stayingChat.next('left', (frame) => frame.member_id === removed!.memberId);

    // A guest who leaves by themselves is closed the same way; a post after that reaches neither.
    const leaving = await open(base, staying!.client, pool.id, { after: 0 });
    await leaving.next('ready');
    const left = new Promise<number>((resolve) => leaving.socket.once('close', (code) => resolve(code)));
    expect((await staying!.client.post(`/api/pools/${pool.id}/leave`)).statusCode).toBe(200);
    expect(await left).toBe(NO_LONGER_A_MEMBER);
    const lifeguardChat = await open(base, lifeguard.client, pool.id);
    await post(lifeguardChat, 'after they went');
    expect(removedChat.frames.some((frame) => frame.type === 'message')).toBe(false);
    expect(leaving.frames.some((frame) => frame.type === 'message')).toBe(false);
    expect(await refusedStatus(openChat(base, removed!.client, pool.id))).toBe(404);
  });

  it('answers a bad frame with an error naming the field and why, and stores nothing', async () => {
    const { pool, lifeguard } = await newPool(0);
    const chat = await open(base, lifeguard.client, pool.id);
    chat.send('not json');
    expect(await chat.next('error')).toMatchObject({ code: 'BAD_REQUEST', fields: [{ field: 'frame' }] });
    chat.send({ type: 'post', client_id: 'long-one', text: 'x'.repeat(1001) });
    const tooLong = await chat.next('error', (frame) => frame.fields?.[0]?.field === 'text');
    expect(tooLong.fields![0]!.message).toBe('must be at most 1000 characters');
    chat.send({ type: 'shout', text: 'hi' });
    await chat.next('error', (frame) => frame.fields?.[0]?.field === 'type');
    chat.send({ type: 'post', client_id: 'blank', text: '   ' });
    await chat.next(
      'error',
      (frame) => frame.fields?.[0]?.field === 'text' && frame.fields[0].message === 'is required',
    );
    expect(await stored(pool.id)).toBe(0);
    // The socket stays open and takes a good frame after the bad ones.
    await post(chat, 'x'.repeat(1000));
    expect(await stored(pool.id)).toBe(1);
  });

  it(`limits each member to ${CHAT_RATE.messages} messages every ${CHAT_RATE.windowMs / 1000} seconds`, async () => {
    const { pool, lifeguard } = await newPool(0);
    const chat = await open(base, lifeguard.client, pool.id);
    for (let index = 0; index < CHAT_RATE.messages; index += 1) await post(chat, `message ${index}`);
    chat.send({ type: 'post', client_id: 'one-too-many', text: 'one too many' });
    const refused = await chat.next('error', (frame) => frame.client_id === 'one-too-many');
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.retry_after_seconds).toBeGreaterThanOrEqual(1);
    expect(await stored(pool.id)).toBe(CHAT_RATE.messages);
  });

  it('lets the Lifeguard delete a message (shown as deleted, every socket told); a guest gets 403', async () => {
    const { pool, lifeguard, guests } = await newPool();
    const guestChat = await open(base, guests[0]!.client, pool.id);
    const { id } = await post(guestChat, 'something regrettable');

    expectError(await guests[0]!.client.request({ method: 'DELETE', url: `/api/pools/${pool.id}/chat/${id}` }), 403);
    const kept = ChatHistoryResponse.parse((await guests[0]!.client.get(`/api/pools/${pool.id}/chat`)).json());
    expect(kept.data[0]).toMatchObject({ id, deleted: false, text: 'something regrettable' });

    const deleted = await lifeguard.client.request({ method: 'DELETE', url: `/api/pools/${pool.id}/chat/${id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(ChatMessageResponse.parse(deleted.json()).data).toMatchObject({ id, deleted: true, text: '' });
    await guestChat.next('deleted', (frame) => frame.id === id);
    const history = ChatHistoryResponse.parse((await guests[0]!.client.get(`/api/pools/${pool.id}/chat`)).json());
    expect(history.data[0]).toMatchObject({ id, deleted: true, text: '' });
    expect(history.data[0]!.author?.username).toBe(guests[0]!.account.username);
    expectError(
      await lifeguard.client.request({ method: 'DELETE', url: `/api/pools/${pool.id}/chat/${id + 999}` }),
      404,
    );
  });

  it('is read-only once the Lifeguard has ended the pool: posts are refused, history stays', async () => {
    const { pool, lifeguard, guests } = await newPool();
    const chat = await open(base, guests[0]!.client, pool.id);
    await post(chat, 'before the end');
    expect((await lifeguard.client.post(`/api/pools/${pool.id}/end`)).statusCode).toBe(200);
    chat.send({ type: 'post', client_id: 'after-end', text: 'after the end' });
    const refused = await chat.next('error', (frame) => frame.client_id === 'after-end');
    expect(refused).toMatchObject({ code: 'CONFLICT', fields: [{ reason: 'pool_ended' }] });
    expect(await stored(pool.id)).toBe(1);
    const history = ChatHistoryResponse.parse((await guests[0]!.client.get(`/api/pools/${pool.id}/chat`)).json());
    expect(history.data.map((message) => message.text)).toEqual(['before the end']);
  });

  it("shows the Lifeguard's edit of a member's picks and an announcement as system lines, live and stored", async () => {
    const { pool, lifeguard, guests } = await newPool();
    const chat = await open(base, guests[0]!.client, pool.id);
    const gameId = await makeGame(testApp.database.db, {
      kickoff: new Date('2025-09-07T17:00:00Z'),
      week: 1,
      season: 2025,
    });
    const edited = await lifeguard.client.request({
      method: 'PUT',
      url: `/api/pools/${pool.id}/weeks/1/members/${guests[0]!.memberId}/picks`,
      payload: { picks: [{ event_id: gameId, team: 'KC' }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const line = await chat.next('message', (frame) => frame.message.kind === 'system');
    expect(line.message).toMatchObject({
      author: null,
      text: `The Lifeguard edited ${guests[0]!.account.username}'s picks for week 1`,
    });

    const announced = await lifeguard.client.post(`/api/pools/${pool.id}/announcements`, { body: 'Pizza on Sunday' });
    expect(announced.statusCode, announced.body).toBe(201);
    await chat.next('message', (frame) => frame.message.text === 'Announcement: Pizza on Sunday');
    const history = ChatHistoryResponse.parse((await guests[0]!.client.get(`/api/pools/${pool.id}/chat`)).json());
    expect(history.data.map((message) => [message.kind, message.text])).toEqual([
      ['system', 'Announcement: Pizza on Sunday'],
      ['system', `The Lifeguard edited ${guests[0]!.account.username}'s picks for week 1`],
    ]);
  });
});

describe('pool chat heartbeat', () => {
  let testApp: TestApp;
  let base: string;

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock, chatHeartbeatMs: 100 });
    base = await listen(testApp.app);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('pings every socket, drops one that stopped answering, and keeps one that answers', async () => {
    const { pool, lifeguard, guests } = await poolWithGuests(
      testApp.app,
      testApp.database.db,
      poolSettings({ win_basis: 'straight' }),
      1,
    );
    const silent = await openChat(base, guests[0]!.client, pool.id, { autoPong: false });
    const dropped = new Promise<number>((resolve) => silent.socket.once('close', (code) => resolve(code)));
    const answering = await openChat(base, lifeguard.client, pool.id);
    let pings = 0;
    answering.socket.on('ping', () => (pings += 1));
    // Terminated without a close frame: the client sees 1006.
    expect(await dropped).toBe(1006);
    await expect.poll(() => pings, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    expect(answering.socket.readyState).toBe(answering.socket.OPEN);
    await answering.close();
  });
});

import { ChatReadResponse, ChatRoomsResponse } from '@pass/contracts';
import { chatReads } from '@pass/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type TestClient } from '../../test/accounts.js';
import { listen, openChat, type ChatSocket } from '../../test/chat.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { poolSettings, poolWithGuests } from '../../test/pools.js';
import { createMemoryChatBus } from './chat-bus.js';

/**
 * The member's rooms and read markers (decision 040): unread counts are the messages after the marker, not the
 * member's own and not deleted; the marker moves forwards only and never past the room's newest message.
 */

// Before the 2025 NFL season: guests may join, nothing has locked.
const clock = new Date('2025-08-01T12:00:00Z');

describe('chat rooms and read markers', () => {
  const bus = createMemoryChatBus();
  let testApp: TestApp;
  let base: string;
  const sockets: ChatSocket[] = [];
  let posts = 0;
  const post = async (client: TestClient, poolId: number, text: string) => {
    const chat = await openChat(base, client, poolId);
    sockets.push(chat);
    posts += 1;
    const clientId = `r${posts}`;
    chat.send({ type: 'post', client_id: clientId, text });
    return (await chat.next('ack', (frame) => frame.client_id === clientId)).id;
  };
  const rooms = async (client: TestClient) => {
    const response = await client.get('/api/chat/rooms');
    expect(response.statusCode, response.body).toBe(200);
    return ChatRoomsResponse.parse(response.json()).data;
  };
  const markRead = (client: TestClient, poolId: number, payload: unknown) =>
    client.request({ method: 'PUT', url: `/api/pools/${poolId}/chat/read`, payload: payload as object });

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock, chatBus: bus });
    base = await listen(testApp.app);
  });
  afterAll(async () => {
    for (const chat of sockets) await chat.close();
    await testApp.app.close();
  });

  it("lists the member's rooms with the newest message and what others wrote since their marker", async () => {
    const { pool, lifeguard, guests } = await poolWithGuests(
      testApp.app,
      testApp.database.db,
      poolSettings({ name: 'Reads pool', win_basis: 'straight' }),
      1,
    );
    const guest = guests[0]!;
    const quiet = await poolWithGuests(
      testApp.app,
      testApp.database.db,
      poolSettings({ name: 'Quiet pool', win_basis: 'straight' }),
      0,
    );
    // The guest's own post never counts; the Lifeguard's two and an announcement (a system line) do.
    await post(guest.client, pool.id, 'mine');
    const first = await post(lifeguard.client, pool.id, 'first');
    const second = await post(lifeguard.client, pool.id, 'second');
    expect((await lifeguard.client.post(`/api/pools/${pool.id}/announcements`, { body: 'Kickoff' })).statusCode).toBe(
      201,
    );

    const [room] = await rooms(guest.client);
    expect(room).toMatchObject({
      pool_id: pool.id,
      name: 'Reads pool',
      icon: 'wave',
      icon_color: '#1e90ff',
      icon_background: '#ffffff',
      sport: 'americanfootball_nfl',
      member_id: guest.memberId,
      role: 'guest',
      last_read_id: 0,
      unread: 3,
      read_only: false,
      last_message: { kind: 'system', text: 'Announcement: Kickoff', author: null },
    });
    // The Lifeguard's room counts the guest's post and the announcement, not their own two.
    const lifeguardRooms = await rooms(lifeguard.client);
    expect(lifeguardRooms.find((item) => item.pool_id === pool.id)?.unread).toBe(2);

    // A deleted message is no longer unread.
    expect(
      (await lifeguard.client.request({ method: 'DELETE', url: `/api/pools/${pool.id}/chat/${first}` })).statusCode,
    ).toBe(200);
    expect((await rooms(guest.client))[0]!.unread).toBe(2);

    const read = await markRead(guest.client, pool.id, { last_read_id: second });
    expect(read.statusCode, read.body).toBe(200);
    expect(ChatReadResponse.parse(read.json()).data).toEqual({ pool_id: pool.id, last_read_id: second, unread: 1 });
    expect((await rooms(guest.client))[0]).toMatchObject({ last_read_id: second, unread: 1 });

    // A room without a message lists after the active one, with nothing unread; another member's rooms are theirs.
    const quietRooms = await rooms(quiet.lifeguard.client);
    expect(quietRooms).toEqual([
      expect.objectContaining({ pool_id: quiet.pool.id, last_message: null, unread: 0, role: 'lifeguard' }),
    ]);
    const outsider = await signedInMember(testApp.app, testApp.database.db);
    expect(await rooms(outsider.client)).toEqual([]);
  });

  it('counts the unread posts that name the member apart, until the member reads past them', async () => {
    const { pool, lifeguard, guests } = await poolWithGuests(
      testApp.app,
      testApp.database.db,
      poolSettings({ name: 'Mentions pool', win_basis: 'straight' }),
      2,
    );
    const [named, other] = guests as [(typeof guests)[0], (typeof guests)[0]];
    const roomOf = async (client: TestClient) => (await rooms(client)).find((room) => room.pool_id === pool.id)!;
    await post(lifeguard.client, pool.id, `@${named.account.username.toUpperCase()} your picks?`);
    // An address is not a mention, nor is the member's own post naming themselves.
    await post(lifeguard.client, pool.id, `mail me at boss@${named.account.username}.example`);
    const last = await post(named.client, pool.id, `@${named.account.username} note to self`);
    expect(await roomOf(named.client)).toMatchObject({ unread: 2, unread_mentions: 1 });
    expect(await roomOf(other.client)).toMatchObject({ unread: 3, unread_mentions: 0 });
    expect((await markRead(named.client, pool.id, { last_read_id: last })).statusCode).toBe(200);
    expect(await roomOf(named.client)).toMatchObject({ unread: 0, unread_mentions: 0 });
  });

  it('moves the marker forwards only, never past the newest message, and marks an ended pool read-only', async () => {
    const { pool, lifeguard, guests } = await poolWithGuests(
      testApp.app,
      testApp.database.db,
      poolSettings({ win_basis: 'straight' }),
      1,
    );
    const guest = guests[0]!;
    const one = await post(lifeguard.client, pool.id, 'one');
    const two = await post(lifeguard.client, pool.id, 'two');

    const ahead = await markRead(guest.client, pool.id, { last_read_id: two + 1000 });
    expect(ChatReadResponse.parse(ahead.json()).data).toMatchObject({ last_read_id: two, unread: 0 });
    const back = await markRead(guest.client, pool.id, { last_read_id: one });
    expect(ChatReadResponse.parse(back.json()).data).toMatchObject({ last_read_id: two, unread: 0 });
    const [row] = await testApp.database.db.select().from(chatReads).where(eq(chatReads.memberId, guest.memberId));
    expect(row!.lastReadId).toBe(two);

    // Bad input: 400 naming the field, and the marker stays.
    for (const payload of [{ last_read_id: -1 }, { last_read_id: 1.5 }, { last_read_id: 'two' }, {}]) {
      expectError(await markRead(guest.client, pool.id, payload), 400, 'body.last_read_id');
    }
    const outsider = await signedInMember(testApp.app, testApp.database.db);
    expectError(await markRead(outsider.client, pool.id, { last_read_id: one }), 404);
    const [after] = await testApp.database.db.select().from(chatReads).where(eq(chatReads.memberId, guest.memberId));
    expect(after!.lastReadId).toBe(two);

    expect((await lifeguard.client.post(`/api/pools/${pool.id}/end`)).statusCode).toBe(200);
    expect((await rooms(guest.client))[0]).toMatchObject({ pool_id: pool.id, read_only: true });
  });
});

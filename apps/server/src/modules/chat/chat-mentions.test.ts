import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, openChat, type ChatSocket } from '../../test/chat.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { poolSettings, poolWithGuests } from '../../test/pools.js';
import type { PushKind, PushMessage } from '../notifications/push-notifier.js';
import type { WebPushNotifier } from '../notifications/web-push-notifier.js';
import { createMemoryChatBus } from './chat-bus.js';
import { chatRoomPath, mentionedUsernames } from './chat.service.js';

/**
 * Chat mentions (decision 044): a post naming a current member of the pool as `@username` sends that member a
 * `chat_mention` push once the post is stored, never to its author, a former member or anyone outside the pool.
 */

const clock = new Date('2025-08-01T12:00:00Z');

describe('mentions in a chat message', () => {
  it('are the @usernames written, lower-cased, each once, and not the @ of an email address', () => {
    expect(mentionedUsernames('@Bob and @alice.w, ask @BOB again')).toEqual(['bob', 'alice.w']);
    expect(mentionedUsernames('mail me at me@example.org')).toEqual([]);
    expect(mentionedUsernames('good call @sam.')).toEqual(['sam.', 'sam']);
    expect(mentionedUsernames('@ nobody, @@double')).toEqual([]);
  });
});

describe('chat mention pushes', () => {
  const sent: { userId: number; kind: PushKind; message: PushMessage }[] = [];
  const recorder: WebPushNotifier = {
    publicKey: 'test',
    async notify(userId, kind, message) {
      sent.push({ userId, kind, message });
    },
    async sendToDevices() {
      return { sent: 0, failed: 0 };
    },
    acceptsEndpoint: () => true,
  };
  let testApp: TestApp;
  let base: string;
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    testApp = await buildTestApp(
      {},
      { now: () => clock, chatBus: createMemoryChatBus(), pushNotifier: () => recorder },
    );
    base = await listen(testApp.app);
  });
  afterAll(async () => {
    for (const chat of sockets) await chat.close();
    await testApp.app.close();
  });

  it('notifies each current member named, in any case, after the post is acknowledged; not the author', async () => {
    const settings = poolSettings({ win_basis: 'straight', name: 'Sunday Sharks' });
    const { pool, lifeguard, guests } = await poolWithGuests(testApp.app, testApp.database.db, settings, 3);
    const [named, leaving, quiet] = guests as [(typeof guests)[0], (typeof guests)[0], (typeof guests)[0]];
    expect((await leaving.client.post(`/api/pools/${pool.id}/leave`)).statusCode).toBe(200);
    const outsider = await signedInMember(testApp.app, testApp.database.db);

    const chat = await openChat(base, lifeguard.client, pool.id);
    sockets.push(chat);
    await chat.next('ready');
    const text =
      `@${named.account.username.toUpperCase()} you in? cc @${lifeguard.account.username} ` +
      `@${leaving.account.username} @${outsider.account.username}`;
    chat.send({ type: 'post', client_id: 'mention-1', text });
    await chat.next('ack', (frame) => frame.client_id === 'mention-1');

    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      userId: named.account.id,
      kind: 'chat_mention',
      message: {
        title: `${lifeguard.account.username} mentioned you in Sunday Sharks`,
        body: text,
        url: chatRoomPath(pool.id),
        tag: `chat-${pool.id}`,
      },
    });

    // A retried post (the same client id) is not stored again, so it notifies no one again.
    chat.send({ type: 'post', client_id: 'mention-1', text });
    await chat.next('ack', (frame) => frame.client_id === 'mention-1');
    chat.send({ type: 'post', client_id: 'plain', text: 'no names here' });
    await chat.next('ack', (frame) => frame.client_id === 'plain');
    expect(sent.map((push) => push.userId)).not.toContain(quiet.account.id);
    expect(sent).toHaveLength(1);
  });
});

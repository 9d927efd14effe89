import { randomInt } from 'node:crypto';
import { BookEventsResponse, gamesChannel, memberChannel, SeasonWeeksResponse } from '@pass/contracts';
import { events } from '@pass/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { adminClient, TestClient } from '../../test/accounts.js';
import { listen, refusedStatus } from '../../test/chat.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, NFL, postEntry, signedInMember } from '../../test/ledger.js';
import { openLive, subscribe, type LiveSocket } from '../../test/live.js';
import { requireRedis, TEST_REDIS_URL, testRedisPrefix } from '../../test/redis.js';
import { SESSION_ENDED } from '../auth/member-socket.js';
import { runImport, writeGames, type IncomingGame } from '../imports/imports.service.js';

/**
 * Live games across two app instances on one database and one Redis (DESIGN.md section 2): a change committed
 * through the first reaches a socket on the second, on its week's channel and on the channels of the members
 * holding entries on it; the checks at the upgrade and at each subscription hold; a rolled-back change tells nobody.
 */

const HOUR = 3_600_000;
// A Sunday of the 2025 NFL season's week 7, mid-afternoon.
const clock = new Date('2025-10-19T19:00:00Z');

describe('live games across two app instances on one database and one Redis', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let secondBase: string;
  let admin: TestClient;
  const sockets: LiveSocket[] = [];
  const open = async (client: TestClient | null) => {
    const socket = await openLive(secondBase, client);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    await requireRedis();
    // Channels of this run only, so runs side by side never meet.
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: testRedisPrefix() };
    first = await buildTestApp(env, { now: () => clock });
    second = await buildApp({
      config: first.config,
      database: { ...first.database, close: async () => {} },
      logger: false,
      now: () => clock,
    });
    // User ids key the rate limits in Redis: this database's ids start at a random point.
    await first.database.db.execute(sql`select setval('users_id_seq', ${randomInt(1_000_000, 2_000_000_000)})`);
    await listen(first.app);
    secondBase = await listen(second);
    admin = await adminClient(first.app, first.database.db);
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    await second?.close();
    await first?.app.close();
  });

  const member = () => signedInMember(first.app, first.database.db);
  /** The same member through the second instance: the session cookie is good on either. */
  const onSecond = (client: TestClient) => {
    const through = new TestClient(second);
    for (const [name, value] of client.cookies) through.cookies.set(name, value);
    return through;
  };
  const setResult = (eventId: number, body: object) =>
    admin.post(`/api/admin/events/${eventId}/result`, body).then((response) => {
      expect(response.statusCode, response.body).toBe(200);
    });
  /** The week the schedule shows a game under, read from the second instance. */
  async function scheduleWeekOf(client: TestClient, sport: string, eventId: number, date: string) {
    const weeks = SeasonWeeksResponse.parse((await client.get(`/api/dates/season/2025/${sport}`)).json()).weeks;
    const week = weeks.find((entry) => entry.start <= date && date <= entry.end)!;
    const shown = BookEventsResponse.parse(
      (await client.get(`/api/book/events/${sport}/${week.number}?season_year=2025`)).json(),
    );
    expect(shown.events.map((event) => event.event_id)).toContain(eventId);
    return week.number;
  }

  it('sends a socket on the second instance the game whose result the admin changed through the first', async () => {
    const watcher = await member();
    const eventId = await makeGame(first.database.db, { kickoff: new Date(clock.getTime() + HOUR) });
    const week = await scheduleWeekOf(onSecond(watcher.client), NFL, eventId, '2025-10-19');
    const socket = await open(onSecond(watcher.client));
    await subscribe(socket, [gamesChannel(NFL, 2025, week)]);

    await setResult(eventId, { status: 'in_progress', home_score: 7, away_score: 3 });
    const underWay = await socket.next('game', (frame) => frame.event_id === eventId);
    expect(underWay).toEqual({
      type: 'game',
      event_id: eventId,
      sport: NFL,
      season: 2025,
      week,
      status: 'in_progress',
      scores: { home: 7, away: 3 },
      live: null,
      as_of: expect.any(String),
    });
    await setResult(eventId, { status: 'final', home_score: 24, away_score: 20 });
    const final = await socket.next('game', (frame) => frame.event_id === eventId && frame.status === 'final');
    expect(final.scores).toEqual({ home: 24, away: 20 });
  });

  it('numbers an MLB game by the week its schedule shows it under', async () => {
    const watcher = await member();
    const [row] = await first.database.db
      .insert(events)
      .values({
        sport: 'baseball_mlb',
        season: 2025,
        week: null,
        seasonType: 'regular',
        kickoffAt: new Date('2025-06-15T17:35:00Z'),
        gameDate: '2025-06-15',
        homeTeam: 'NYY',
        awayTeam: 'BOS',
        status: 'scheduled',
      })
      .returning({ id: events.id });
    const week = await scheduleWeekOf(onSecond(watcher.client), 'baseball_mlb', row!.id, '2025-06-15');
    const socket = await open(onSecond(watcher.client));
    await subscribe(socket, [gamesChannel('baseball_mlb', 2025, week)]);
    await setResult(row!.id, { status: 'final', home_score: 4, away_score: 2 });
    const frame = await socket.next('game', (candidate) => candidate.event_id === row!.id);
    expect(frame).toMatchObject({ sport: 'baseball_mlb', week, status: 'final', scores: { home: 4, away: 2 } });
  });

  it('tells the live state an import writes, and a newer look at the same score, with its time', async () => {
    const watcher = await member();
    const socket = await open(onSecond(watcher.client));
    const kickoff = new Date(clock.getTime() - 2 * HOUR);
    const game = (live: IncomingGame['fields']['live'], homeScore: number) =>
      liveGame('live-401772', { home: 'DEN', away: 'NYG', kickoff, live, homeScore });
    const third = { period: 3, clock: '4:12', detail: '3rd Quarter 4:12' };
    await subscribe(socket, [gamesChannel(NFL, 2025, 7)]);
    await importLive(first, [game(third, 13)], new Date(clock.getTime() - 60_000));
    const seen = await socket.next('game', (frame) => frame.live?.detail === third.detail);
    expect(seen).toMatchObject({ status: 'in_progress', scores: { home: 13, away: 10 }, live: third });
    expect(seen.as_of).toBe(new Date(clock.getTime() - 60_000).toISOString());

    // The same score seen a minute later: only its time moves, and the screen hears how fresh it is.
    await importLive(first, [game(third, 13)], clock);
    const again = await socket.next('game', (frame) => frame.as_of === clock.toISOString());
    expect(again).toMatchObject({ event_id: seen.event_id, scores: { home: 13, away: 10 }, live: third });
  });

  it("sends a week's games changed by one import as one message", async () => {
    const watcher = await member();
    const socket = await open(onSecond(watcher.client));
    await subscribe(socket, [gamesChannel(NFL, 2025, 7)]);
    const kickoff = new Date(clock.getTime() - HOUR);
    await runImport(
      first.database.db,
      { source: 'espn', location: 'test', body: `two games ${clock.getTime()}`, options: { now: clock } },
      async (context) => {
        const written = await writeGames(context, {
          sport: NFL,
          quoteSource: 'espn',
          keySources: ['espn'],
          games: [
            liveGame('pair-1', { home: 'ATL', away: 'CAR', kickoff }),
            liveGame('pair-2', { home: 'NO', away: 'TB', kickoff, homeScore: 21 }),
          ],
          asOf: clock,
          now: clock,
        });
        return { added: 2, updated: 0, unchanged: 0, skipped: [], changedSports: [NFL], events: written.events };
      },
    );
    const frame = await socket.next('games');
    expect(frame.type === 'games' && frame.games.map((game) => [game.status, game.scores.home])).toEqual([
      ['in_progress', 13],
      ['in_progress', 21],
    ]);
  });

  it('sends nothing of a change that was rolled back', async () => {
    const watcher = await member();
    const socket = await open(onSecond(watcher.client));
    await subscribe(socket, [gamesChannel(NFL, 2025, 7)]);
    const eventId = await makeGame(first.database.db, { kickoff: new Date(clock.getTime() + 2 * HOUR), home: 'SEA' });
    // An import that writes the game under way, then fails in the same transaction: nothing of it stays.
    await first.database.db.execute(
      sql`insert into event_source_keys (source, source_key, event_id) values ('espn', 'rolled-back', ${eventId})`,
    );
    const failing = runImport(
      first.database.db,
      { source: 'espn', location: 'test', body: `rolled back ${eventId}`, options: { now: clock } },
      async (context) => {
        await writeGames(context, {
          sport: NFL,
          quoteSource: 'espn',
          keySources: ['espn'],
          games: [liveGame('rolled-back', { home: 'SEA', away: 'BUF', kickoff: new Date(clock.getTime() + 2 * HOUR) })],
          asOf: clock,
          now: clock,
        });
        throw new Error('the run failed');
      },
    );
    await expect(failing).rejects.toThrow('the run failed');
    // A committed change after it: its frame is the first of this game the socket hears.
    await setResult(eventId, { status: 'in_progress', home_score: 0, away_score: 3 });
    await socket.next('game', (frame) => frame.event_id === eventId);
    expect(socket.frames.filter((frame) => frame.type === 'game' && frame.event_id === eventId)).toEqual([
      expect.objectContaining({ status: 'in_progress', scores: { home: 0, away: 3 }, live: null }),
    ]);
  });

  it('tells the holder of an open bet on a changed game, on their own channel, and no other member', async () => {
    const holder = await member();
    const other = await member();
    const eventId = await makeGame(first.database.db, { kickoff: new Date(clock.getTime() + 3 * HOUR), home: 'LV' });
    const otherGame = await makeGame(first.database.db, { kickoff: new Date(clock.getTime() + 3 * HOUR), home: 'LAC' });
    const bet = (gameId: number, team: string) => ({
      event_id: gameId,
      bet_mode: 3,
      bet_kind: 1,
      bet_type: 5,
      bet_team: team,
      price: 170,
      stake: 10,
      book: 'betus',
    });
    expect((await postEntry(holder.client, bet(eventId, 'BUF'))).statusCode).toBe(201);
    expect((await postEntry(other.client, bet(otherGame, 'BUF'))).statusCode).toBe(201);
    const holderSocket = await open(onSecond(holder.client));
    const otherSocket = await open(onSecond(other.client));
    await subscribe(holderSocket, [memberChannel(holder.account.id)]);
    await subscribe(otherSocket, [memberChannel(other.account.id)]);

    await setResult(eventId, { status: 'in_progress', home_score: 3, away_score: 0 });
    expect(await holderSocket.next('entries_changed')).toEqual({ type: 'entries_changed', event_ids: [eventId] });
    // Grading settles the bet: told again.
    await setResult(eventId, { status: 'final', home_score: 3, away_score: 0 });
    await holderSocket.next('entries_changed', () => holderSocket.frames.filter(isEntries).length === 2);

    // The other member hears of their own game only, never of the holder's.
    await setResult(otherGame, { status: 'in_progress', home_score: 0, away_score: 7 });
    await otherSocket.next('entries_changed');
    expect(otherSocket.frames.filter(isEntries)).toEqual([{ type: 'entries_changed', event_ids: [otherGame] }]);
    expect(holderSocket.frames.filter(isEntries).every((frame) => frame.event_ids.includes(eventId))).toBe(true);
  });

  it("refuses a visitor and a foreign Origin at the upgrade, and another member's channel at the subscription", async () => {
    const { client, account } = await member();
    const stranger = await member();
    expect(await refusedStatus(openLive(secondBase, null))).toBe(401);
    expect(await refusedStatus(openLive(secondBase, onSecond(client), { origin: 'https://evil.example' }))).toBe(403);

    const socket = await open(onSecond(client));
    await subscribe(socket, [memberChannel(account.id)]);
    socket.send({ type: 'subscribe', channels: [gamesChannel(NFL, 2025, 8), memberChannel(stranger.account.id)] });
    const refused = await socket.next('error');
    expect(refused).toMatchObject({ code: 'FORBIDDEN', fields: [{ field: 'channels.1' }] });
    socket.send({ type: 'subscribe', channels: ['chat:12'] });
    expect(await socket.next('error', (frame) => frame.code === 'BAD_REQUEST')).toMatchObject({
      fields: [{ field: 'channels.0' }],
    });
    // Nothing of the refused frames was subscribed.
    socket.send({ type: 'unsubscribe', channels: [gamesChannel(NFL, 2025, 9)] });
    const held = await socket.next('subscribed', (frame) => frame.channels.length === 1);
    expect(held.channels).toEqual([memberChannel(account.id)]);
    socket.frames.length = 0;

    // At most 40 channels a socket: the 41st refuses its whole frame.
    const weeks = Array.from({ length: 40 }, (_, index) => gamesChannel('baseball_mlb', 2025, index + 1));
    await subscribe(socket, weeks.slice(0, 39));
    socket.send({ type: 'subscribe', channels: weeks.slice(38) });
    expect(await socket.next('error', (frame) => frame.fields?.[0]?.field === 'channels')).toMatchObject({
      code: 'BAD_REQUEST',
    });
    socket.send({ type: 'unsubscribe', channels: weeks.slice(0, 39) });
    await socket.next('subscribed', (frame) => frame.channels.length === 1);

    // Without an upgrade the address says which channel is the caller's.
    const info = await onSecond(client).get('/ws/live');
    expect(info.json()).toEqual({ data: { member_channel: memberChannel(account.id), max_channels: 40 } });
  });

  it('closes the socket on the second instance when its session logs out through the first', async () => {
    const { client } = await member();
    const socket = await open(onSecond(client));
    const closed = new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));
    expect((await client.post('/auth/logout')).statusCode).toBe(200);
    expect(await closed).toBe(SESSION_ENDED);
  });
});

const isEntries = (frame: { type: string }): frame is { type: 'entries_changed'; event_ids: number[] } =>
  frame.type === 'entries_changed';

/** Writes games as the live scoreboard would observe them at `asOf`, through writeGames. */
async function importLive(app: TestApp, games: IncomingGame[], asOf: Date) {
  await runImport(
    app.database.db,
    { source: 'espn', location: 'test', body: JSON.stringify({ games, asOf }), options: { now: clock } },
    async (context) => {
      const written = await writeGames(context, {
        sport: NFL,
        quoteSource: 'espn',
        keySources: ['espn'],
        games,
        asOf,
        now: clock,
      });
      return { ...written, skipped: [], changedSports: [NFL] };
    },
  );
}

/** A game as the live scoreboard shows it (source `espn`), under way: 13–10 in the third quarter by default. */
function liveGame(
  key: string,
  game: { home: string; away: string; kickoff: Date; homeScore?: number; live?: IncomingGame['fields']['live'] },
): IncomingGame {
  return {
    keys: [{ source: 'espn', key }],
    fields: {
      sport: NFL,
      season: 2025,
      week: 7,
      seasonType: 'regular',
      kickoffAt: game.kickoff.toISOString(),
      gameDate: '2025-10-19',
      homeTeam: game.home,
      awayTeam: game.away,
      neutralSite: false,
      status: 'in_progress',
      homeScore: game.homeScore ?? 13,
      awayScore: 10,
      live: game.live ?? { period: 3, clock: '4:12', detail: '3rd Quarter 4:12' },
    },
    quotes: [],
  };
}

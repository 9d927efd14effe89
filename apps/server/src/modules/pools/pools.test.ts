import { PoolListResponse, PoolResponse, type CreatePoolBody } from '@pass/contracts';
import { events, poolMembers, pools, poolSlateGames, poolWeeks } from '@pass/db';
import { joiningClosesAt, Status } from '@pass/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, signedInMember } from '../../test/ledger.js';
import { poolSettings } from '../../test/pools.js';

/**
 * Pool Party's lifecycle through the API (DESIGN.md section 6; decision records 026 and 027): create, list,
 * read, change settings, end; the Lifeguard's limit; 404 for anyone outside a pool, 403 for a guest on the
 * Lifeguard's actions. The server clock is set by the test and moved to reach a lock, never waited for.
 */

const HOUR = 3_600_000;
// Before the 2025 NFL season: week 1 starts on Thursday 4 September.
let clock = new Date('2025-08-01T12:00:00Z');
const MAX_POOLS = 3;

const settings = (overrides: Partial<CreatePoolBody> = {}): CreatePoolBody =>
  poolSettings({ icon_color: '#1E90FF', ...overrides });

describe('pools: create, list, read, change, end', () => {
  let testApp: TestApp;
  const patch = (client: TestClient, id: number, payload: unknown) =>
    client.request({ method: 'PATCH', url: `/api/pools/${id}`, payload: payload as object });
  const create = async (client: TestClient, overrides: Partial<CreatePoolBody> = {}) => {
    const response = await client.post('/api/pools', settings(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return PoolResponse.parse(response.json()).data;
  };
  /** A guest in the pool (joining through an invitation is the invitations' own test). */
  const addGuest = async (poolId: number, userId: number) => {
    await testApp.database.db.insert(poolMembers).values({ poolId, userId, role: 'guest', joinedAt: clock });
  };
  /** A published week-1 slate of one game kicking off at `kickoff`. */
  const slateGame = async (poolId: number, kickoff: Date) => {
    const { db } = testApp.database;
    const eventId = await makeGame(db, { kickoff, week: 1, season: 2025 });
    const [week] = await db
      .insert(poolWeeks)
      .values({ poolId, week: 1, slateSource: 'auto', publishedAt: clock })
      .returning();
    await db.insert(poolSlateGames).values({ poolWeekId: week!.id, eventId, frozenHomeSpread: -4.5 });
    return { eventId, poolWeekId: week!.id };
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ POOL_MAX_PER_LIFEGUARD: String(MAX_POOLS) }, { now: () => clock });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('creates a pool with its Lifeguard as its one member, stored as the rules read it', async () => {
    const { client, account } = await signedInMember(testApp.app, testApp.database.db);
    const pool = await create(client, { name: '  Office pool  ' });
    expect(pool).toMatchObject({
      name: 'Office pool',
      icon_color: '#1e90ff',
      status: Status.open,
      role: 'lifeguard',
      lifeguard: { username: account.username },
      member_count: 1,
      started: false,
      ended_at: null,
      joining_closes_at: joiningClosesAt({ sport: 'americanfootball_nfl', season: 2025, startWeek: 1 }),
    });
    expect(pool.members).toEqual([
      {
        id: expect.any(Number),
        username: account.username,
        name: account.username,
        role: 'lifeguard',
        joined_at: clock.toISOString(),
      },
    ]);
    const read = await client.get(`/api/pools/${pool.id}`);
    expect(PoolResponse.parse(read.json()).data).toEqual(pool);
  });

  it('refuses settings the pool rules refuse, each field with its reason, and stores nothing', async () => {
    const { client } = await signedInMember(testApp.app, testApp.database.db);
    const response = await client.post('/api/pools', settings({ name: '   ', icon_color: 'blue', start_week: 30 }));
    const body = expectError(response, 400);
    expect(body.error.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'body.name', reason: 'required' }),
        expect.objectContaining({ field: 'body.icon_color', reason: 'bad_colour' }),
        expect.objectContaining({ field: 'body.start_week', reason: 'out_of_range' }),
      ]),
    );
    const tooLong = expectError(await client.post('/api/pools', settings({ name: 'x'.repeat(61) })), 400, 'body.name');
    expect(tooLong.error.fields?.[0]?.reason).toBe('too_long');
    const listed = PoolListResponse.parse((await client.get('/api/pools')).json());
    expect(listed.data).toEqual([]);
  });

  it(`holds a Lifeguard to POOL_MAX_PER_LIFEGUARD (${MAX_POOLS} here) active pools; an ended one frees a place`, async () => {
    const { client } = await signedInMember(testApp.app, testApp.database.db);
    const made = [];
    for (let index = 0; index < MAX_POOLS; index += 1) made.push(await create(client, { name: `Pool ${index}` }));
    const refused = expectError(await client.post('/api/pools', settings({ name: 'One too many' })), 409);
    expect(refused.error.message).toBe(
      `A Lifeguard may host at most ${MAX_POOLS} active pools; end one to start another`,
    );
    expect(refused.error.fields?.[0]?.reason).toBe('pool_limit');

    expect((await client.post(`/api/pools/${made[0]!.id}/end`)).statusCode).toBe(200);
    await create(client, { name: 'In its place' });
    expectError(await client.post('/api/pools', settings({ name: 'Again too many' })), 409);
  });

  it('frees a place when a pool completes (its last week decided), before its Lifeguard ends it', async () => {
    const { db } = testApp.database;
    const { client } = await signedInMember(testApp.app, db);
    const made = [];
    for (let index = 0; index < MAX_POOLS; index += 1) made.push(await create(client, { name: `Full ${index}` }));
    // The last NFL 2025 week's one slate game of the first pool, still to be played.
    const kickoff = new Date('2026-01-04T18:00:00Z');
    const eventId = await makeGame(db, { kickoff, week: 18, season: 2025 });
    const [week] = await db
      .insert(poolWeeks)
      .values({ poolId: made[0]!.id, week: 18, slateSource: 'auto', publishedAt: clock })
      .returning();
    await db.insert(poolSlateGames).values({ poolWeekId: week!.id, eventId, frozenHomeSpread: -4.5 });

    clock = new Date('2026-01-04T19:00:00Z');
    try {
      // Under way: the pool is not completed, and still counts.
      await db.update(events).set({ status: 'in_progress' }).where(eq(events.id, eventId));
      expect(
        expectError(await client.post('/api/pools', settings({ name: 'Too soon' })), 409).error.fields?.[0]?.reason,
      ).toBe('pool_limit');
      await db.update(events).set({ status: 'final', homeScore: 27, awayScore: 20 }).where(eq(events.id, eventId));
      const first = PoolResponse.parse((await client.get(`/api/pools/${made[0]!.id}`)).json()).data;
      expect(first).toMatchObject({ status: Status.completed, ended_at: null });
      await create(client, { name: 'Next one', season: 2026 });
      expectError(await client.post('/api/pools', settings({ name: 'Again too many', season: 2026 })), 409);
    } finally {
      clock = new Date('2025-08-01T12:00:00Z');
    }
  });

  it('counts pools created at the same moment one after the other against the limit', async () => {
    const { client, account } = await signedInMember(testApp.app, testApp.database.db);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => client.post('/api/pools', settings({ name: `Race ${index}` }))),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_POOLS);
    expect(statuses.filter((status) => status === 409)).toHaveLength(12 - MAX_POOLS);
    const [row] = await testApp.database.db
      .select({ n: sql<number>`count(*)` })
      .from(pools)
      .where(eq(pools.lifeguardId, account.id));
    expect(Number(row!.n)).toBe(MAX_POOLS);
  });

  it('lists the caller’s pools only, with the caller’s role in each', async () => {
    const { db } = testApp.database;
    const lifeguard = await signedInMember(testApp.app, db);
    const guest = await signedInMember(testApp.app, db);
    const outsider = await signedInMember(testApp.app, db);
    const first = await create(lifeguard.client, { name: 'First' });
    const second = await create(lifeguard.client, { name: 'Second' });
    await addGuest(second.id, guest.account.id);

    const mine = PoolListResponse.parse((await lifeguard.client.get('/api/pools')).json()).data;
    expect(mine.map((pool) => [pool.name, pool.role, pool.member_count])).toEqual([
      ['Second', 'lifeguard', 2],
      ['First', 'lifeguard', 1],
    ]);
    const theirs = PoolListResponse.parse((await guest.client.get('/api/pools')).json()).data;
    expect(theirs.map((pool) => [pool.id, pool.role])).toEqual([[second.id, 'guest']]);
    expect(PoolListResponse.parse((await outsider.client.get('/api/pools')).json()).data).toEqual([]);
    expect(first.id).not.toBe(second.id);
  });

  it('answers 404 to anyone outside a pool for every one of its routes, as for a pool that does not exist', async () => {
    const { db } = testApp.database;
    const lifeguard = await signedInMember(testApp.app, db);
    const outsider = await signedInMember(testApp.app, db);
    const pool = await create(lifeguard.client, { name: 'Private' });
    const missing = 2_000_000_000;
    for (const id of [pool.id, missing]) {
      const answers = [
        await outsider.client.get(`/api/pools/${id}`),
        await patch(outsider.client, id, { name: 'Mine now' }),
        await outsider.client.post(`/api/pools/${id}/end`),
      ];
      for (const answer of answers) {
        expect(expectError(answer, 404).error.message).toBe('No such pool');
        expect(answer.body).not.toContain('Private');
      }
    }
    const after = PoolResponse.parse((await lifeguard.client.get(`/api/pools/${pool.id}`)).json()).data;
    expect(after).toMatchObject({ name: 'Private', status: Status.open, ended_at: null });
  });

  it('lets a guest read the pool but not change or end it (403); a guest who left finds nothing', async () => {
    const { db } = testApp.database;
    const lifeguard = await signedInMember(testApp.app, db);
    const guest = await signedInMember(testApp.app, db);
    const pool = await create(lifeguard.client, { name: 'Shared' });
    await addGuest(pool.id, guest.account.id);

    const read = PoolResponse.parse((await guest.client.get(`/api/pools/${pool.id}`)).json()).data;
    expect(read.role).toBe('guest');
    expect(read.members.map((member) => [member.username, member.role])).toEqual([
      [lifeguard.account.username, 'lifeguard'],
      [guest.account.username, 'guest'],
    ]);
    expectError(await patch(guest.client, pool.id, { name: 'Taken over' }), 403);
    expectError(await guest.client.post(`/api/pools/${pool.id}/end`), 403);

    await db
      .update(poolMembers)
      .set({ leftAt: clock })
      .where(sql`${poolMembers.poolId} = ${pool.id} and ${poolMembers.userId} = ${guest.account.id}`);
    expectError(await guest.client.get(`/api/pools/${pool.id}`), 404);
    const unchanged = PoolResponse.parse((await lifeguard.client.get(`/api/pools/${pool.id}`)).json()).data;
    expect(unchanged).toMatchObject({ name: 'Shared', member_count: 1, status: Status.open });
  });

  it('changes any setting before the first lock, and after it only name and icon (400 pool_started per field)', async () => {
    const { db } = testApp.database;
    const lifeguard = await signedInMember(testApp.app, db);
    const pool = await create(lifeguard.client, { name: 'Rules' });
    const kickoff = new Date(clock.getTime() + 48 * HOUR);
    const { eventId } = await slateGame(pool.id, kickoff);

    const before = await patch(lifeguard.client, pool.id, { games_per_week: 8, win_basis: 'straight' });
    expect(PoolResponse.parse(before.json()).data).toMatchObject({ games_per_week: 8, win_basis: 'straight' });

    clock = new Date(kickoff.getTime() + 1000);
    try {
      const started = PoolResponse.parse((await lifeguard.client.get(`/api/pools/${pool.id}`)).json()).data;
      expect(started).toMatchObject({ started: true, status: Status.confirmed });
      const refused = expectError(
        await patch(lifeguard.client, pool.id, { games_per_week: 4, triple_play: true, name: 'Renamed' }),
        400,
      );
      expect(refused.error.fields?.map((field) => [field.field, field.reason])).toEqual([
        ['body.games_per_week', 'pool_started'],
        ['body.triple_play', 'pool_started'],
      ]);
      const renamed = await patch(lifeguard.client, pool.id, { name: 'Renamed', icon: 'crown', icon_color: '#000000' });
      expect(PoolResponse.parse(renamed.json()).data).toMatchObject({
        name: 'Renamed',
        icon: 'crown',
        icon_color: '#000000',
        games_per_week: 8,
        triple_play: false,
      });

      // The game is moved a week later after it locked: the stored lock keeps the pool started.
      await db.update(poolSlateGames).set({ lockedAt: kickoff }).where(eq(poolSlateGames.eventId, eventId));
      await db
        .update(events)
        .set({ kickoffAt: new Date(kickoff.getTime() + 7 * 24 * HOUR), status: 'scheduled' })
        .where(eq(events.id, eventId));
      expectError(await patch(lifeguard.client, pool.id, { games_per_week: 4 }), 400, 'body.games_per_week');
    } finally {
      clock = new Date('2025-08-01T12:00:00Z');
    }
  });

  it('ends a pool: closed from then on, still readable by its members, and taking no more changes', async () => {
    const { db } = testApp.database;
    const lifeguard = await signedInMember(testApp.app, db);
    const guest = await signedInMember(testApp.app, db);
    const pool = await create(lifeguard.client, { name: 'Short season' });
    await addGuest(pool.id, guest.account.id);

    const ended = await lifeguard.client.post(`/api/pools/${pool.id}/end`);
    expect(PoolResponse.parse(ended.json()).data).toMatchObject({
      status: Status.closed,
      ended_at: clock.toISOString(),
    });
    const seen = PoolResponse.parse((await guest.client.get(`/api/pools/${pool.id}`)).json()).data;
    expect(seen).toMatchObject({ status: Status.closed, ended_at: clock.toISOString() });
    expectError(await lifeguard.client.post(`/api/pools/${pool.id}/end`), 409);
    expectError(await patch(lifeguard.client, pool.id, { name: 'Revived' }), 409);
    // Picks are frozen with it.
    const picks = await guest.client.request({
      method: 'PUT',
      url: `/api/pools/${pool.id}/weeks/1/picks`,
      payload: { picks: [] },
      headers: { 'idempotency-key': 'after-the-end' },
    });
    expect(expectError(picks, 409).error.fields?.[0]?.reason).toBe('pool_ended');
    const listed = PoolListResponse.parse((await lifeguard.client.get('/api/pools')).json()).data;
    expect(listed.find((row) => row.id === pool.id)?.status).toBe(Status.closed);
  });
});

import { PoolResponse, RunAgainResponse, type CreatePoolBody } from '@pass/contracts';
import {
  auditEvents,
  events,
  mailOutbox,
  poolInvitations,
  poolMembers,
  pools,
  poolSlateGames,
  poolWeeks,
} from '@pass/db';
import { Status } from '@pass/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, signedInMember } from '../../test/ledger.js';
import { poolSettings } from '../../test/pools.js';

/**
 * "Run it again next season" through the API (decision 030): a pool whose season is over starts again as next
 * season's, its current members invited through the invitation path and its limits; a retry makes nothing
 * twice. The server clock is set by the test, never waited for.
 */

// Before the 2025 NFL season, while guests may join; the season is run again the next spring.
const JOINING = new Date('2025-08-01T12:00:00Z');
const SPRING = new Date('2026-03-01T12:00:00Z');
let clock = JOINING;
const MAX_POOLS = 3;

const settings = (overrides: Partial<CreatePoolBody> = {}): CreatePoolBody =>
  poolSettings({
    icon: 'crown',
    icon_color: '#aa3300',
    icon_background: '#ffeedd',
    start_week: 3,
    games_per_week: 7,
    win_basis: 'straight',
    double_play: false,
    triple_play: true,
    ...overrides,
  });

describe('running a pool again next season', () => {
  let testApp: TestApp;
  const db = () => testApp.database.db;
  const member = () => signedInMember(testApp.app, db());

  const create = async (client: TestClient, overrides: Partial<CreatePoolBody> = {}) => {
    const response = await client.post('/api/pools', settings(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return PoolResponse.parse(response.json()).data;
  };
  /** A pool with `count` guests who joined by its link while joining was open. */
  const poolWithGuests = async (count: number, overrides: Partial<CreatePoolBody> = {}) => {
    const lifeguard = await member();
    const pool = await create(lifeguard.client, overrides);
    const link = (await lifeguard.client.post(`/api/pools/${pool.id}/link`)).json<{ data: { token: string } }>().data;
    const guests = [];
    for (let index = 0; index < count; index += 1) {
      const guest = await member();
      const joined = await guest.client.post('/api/pools/accept', { token: link.token });
      expect(joined.statusCode, joined.body).toBe(200);
      guests.push(guest);
    }
    return { lifeguard, pool, guests };
  };
  const again = (client: TestClient, poolId: number) => client.post(`/api/pools/${poolId}/again`);
  const end = async (client: TestClient, poolId: number) =>
    expect((await client.post(`/api/pools/${poolId}/end`)).statusCode).toBe(200);
  const poolsOf = async (lifeguardId: number) =>
    db().select({ id: pools.id }).from(pools).where(eq(pools.lifeguardId, lifeguardId));
  const mailsTo = async (addresses: string[]) =>
    db().select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));
  const reasonOf = (response: Awaited<ReturnType<typeof again>>) =>
    expectError(response, 409).error.fields?.[0]?.reason;

  beforeAll(async () => {
    testApp = await buildTestApp({ POOL_MAX_PER_LIFEGUARD: String(MAX_POOLS) }, { now: () => clock });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('starts an ended pool again as next season’s, with its settings from week 1, and invites its current members only', async () => {
    clock = JOINING;
    const { lifeguard, pool, guests } = await poolWithGuests(4);
    const [stays, alsoStays, leaves, removed] = guests as [(typeof guests)[0], ...typeof guests];
    expect((await leaves!.client.post(`/api/pools/${pool.id}/leave`)).statusCode).toBe(200);
    const detail = PoolResponse.parse((await lifeguard.client.get(`/api/pools/${pool.id}`)).json()).data;
    const removedId = detail.members.find((row) => row.username === removed!.account.username)!.id;
    expect(
      (await lifeguard.client.request({ method: 'DELETE', url: `/api/pools/${pool.id}/members/${removedId}` }))
        .statusCode,
    ).toBe(200);

    clock = SPRING;
    await end(lifeguard.client, pool.id);
    const response = await again(lifeguard.client, pool.id);
    expect(response.statusCode, response.body).toBe(201);
    const body = RunAgainResponse.parse(response.json());
    expect(body.data).toMatchObject({
      name: 'Office pool',
      icon: 'crown',
      icon_color: '#aa3300',
      icon_background: '#ffeedd',
      sport: 'americanfootball_nfl',
      season: 2026,
      start_week: 1,
      games_per_week: 7,
      win_basis: 'straight',
      double_play: false,
      triple_play: true,
      last_man_standing: true,
      status: Status.open,
      role: 'lifeguard',
      member_count: 1,
      created_at: SPRING.toISOString(),
    });
    expect(body.data.id).not.toBe(pool.id);
    expect(body.invitations).toEqual({
      sent: [{ username: stays.account.username }, { username: alsoStays!.account.username }],
      refused: [],
    });
    // The answer names members, never their addresses.
    expect(response.body).not.toContain(stays.account.email);

    // The invitations go to the current members only; the removed guest had only the mail telling of the removal.
    const mails = (await mailsTo(guests.map((guest) => guest.account.email))).filter((mail) =>
      mail.textBody.includes('/pool-party/accept/'),
    );
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([stays.account.email, alsoStays!.account.email].sort());
    expect((await mailsTo([removed!.account.email])).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/no longer in/i),
    ]);
    const token = /\/pool-party\/accept\/([A-Za-z0-9_-]+)/.exec(
      mails.find((mail) => mail.toAddress === stays.account.email)!.textBody,
    )![1]!;
    const joined = await stays.client.post('/api/pools/accept', { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(PoolResponse.parse(joined.json()).data).toMatchObject({ id: body.data.id, role: 'guest', member_count: 2 });
    // The old pool is as it was: ended, its members there.
    const old = PoolResponse.parse((await lifeguard.client.get(`/api/pools/${pool.id}`)).json()).data;
    expect(old).toMatchObject({ status: Status.closed, season: 2025, member_count: 3 });
  });

  it('makes nothing twice: a retry, or two clicks at once, answer the one pool the first made', async () => {
    clock = JOINING;
    const { lifeguard, pool, guests } = await poolWithGuests(2);
    clock = SPRING;
    await end(lifeguard.client, pool.id);
    const [first, second] = await Promise.all([again(lifeguard.client, pool.id), again(lifeguard.client, pool.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    const made = RunAgainResponse.parse((first.statusCode === 201 ? first : second).json());
    const replayed = RunAgainResponse.parse((first.statusCode === 201 ? second : first).json());
    expect(replayed).toEqual({ data: made.data, invitations: null });
    expect(made.invitations?.sent).toHaveLength(2);

    const retried = await again(lifeguard.client, pool.id);
    expect(retried.statusCode).toBe(200);
    expect(RunAgainResponse.parse(retried.json()).data.id).toBe(made.data.id);
    expect((await poolsOf(lifeguard.account.id)).map((row) => row.id).sort()).toEqual([pool.id, made.data.id].sort());
    expect(await mailsTo(guests.map((guest) => guest.account.email))).toHaveLength(2);
  });

  it('runs a completed pool again before its Lifeguard ends it, and refuses one whose season is not over', async () => {
    clock = JOINING;
    const { lifeguard, pool } = await poolWithGuests(1);
    expect(reasonOf(await again(lifeguard.client, pool.id))).toBe('season_not_over');
    // The pool's last week (NFL 2025 week 18), its one game under way, then final.
    const eventId = await makeGame(db(), { kickoff: new Date('2026-01-04T18:00:00Z'), week: 18, season: 2025 });
    const [week] = await db()
      .insert(poolWeeks)
      .values({ poolId: pool.id, week: 18, slateSource: 'auto', publishedAt: clock })
      .returning();
    await db().insert(poolSlateGames).values({ poolWeekId: week!.id, eventId, frozenHomeSpread: null });
    await db().update(events).set({ status: 'in_progress' }).where(eq(events.id, eventId));
    clock = new Date('2026-01-04T19:00:00Z');
    expect(reasonOf(await again(lifeguard.client, pool.id))).toBe('season_not_over');
    await db().update(events).set({ status: 'final', homeScore: 20, awayScore: 13 }).where(eq(events.id, eventId));
    const response = await again(lifeguard.client, pool.id);
    expect(response.statusCode, response.body).toBe(201);
    expect(RunAgainResponse.parse(response.json()).data).toMatchObject({ season: 2026, start_week: 1 });
    expect((await poolsOf(lifeguard.account.id)).length).toBe(2);
  });

  it('answers a guest 403 and anyone outside the pool 404, and makes nothing', async () => {
    clock = JOINING;
    const { lifeguard, pool, guests } = await poolWithGuests(1);
    const outsider = await member();
    clock = SPRING;
    await end(lifeguard.client, pool.id);
    expectError(await again(guests[0]!.client, pool.id), 403);
    expect(expectError(await again(outsider.client, pool.id), 404).error.message).toBe('No such pool');
    expectError(await again(lifeguard.client, 2_000_000_000), 404);
    expect(await poolsOf(lifeguard.account.id)).toHaveLength(1);
    expect(await poolsOf(guests[0]!.account.id)).toHaveLength(0);
  });

  it('holds the Lifeguard to the pool limit (409 pool_limit) and a season whose first week is over (409 next_season_closed)', async () => {
    clock = JOINING;
    const { lifeguard, pool, guests } = await poolWithGuests(1);
    for (let index = 1; index < MAX_POOLS; index += 1) await create(lifeguard.client, { name: `Other ${index}` });
    clock = SPRING;
    await end(lifeguard.client, pool.id);
    await create(lifeguard.client, { name: 'In its place', season: 2026 });
    expect(reasonOf(await again(lifeguard.client, pool.id))).toBe('pool_limit');
    expect(await poolsOf(lifeguard.account.id)).toHaveLength(MAX_POOLS + 1);
    expect(await mailsTo([guests[0]!.account.email])).toHaveLength(0);

    // A 2023 pool run again gives 2024, long past its first week: no one could join it.
    const other = await member();
    const old = await create(other.client, { season: 2023, start_week: 1 });
    await end(other.client, old.id);
    expect(reasonOf(await again(other.client, old.id))).toBe('next_season_closed');
    expect(await poolsOf(other.account.id)).toHaveLength(1);
  });

  it('reports each refused invitation by member with its reason, records a fourth to one address, and invites the rest', async () => {
    clock = JOINING;
    const { lifeguard, pool, guests } = await poolWithGuests(2);
    const [limited, fine] = guests as [(typeof guests)[0], (typeof guests)[0]];
    // The Lifeguard has already sent this address the 3 invitations allowed.
    for (let index = 0; index < 3; index += 1) {
      await db()
        .insert(poolInvitations)
        .values({
          poolId: pool.id,
          inviterId: lifeguard.account.id,
          email: limited.account.email,
          tokenHash: `already-${pool.id}-${index}`,
          expiresAt: new Date(JOINING.getTime() + 86_400_000),
        });
    }
    clock = SPRING;
    await end(lifeguard.client, pool.id);
    const response = await again(lifeguard.client, pool.id);
    expect(response.statusCode, response.body).toBe(201);
    const body = RunAgainResponse.parse(response.json());
    expect(body.invitations).toEqual({
      sent: [{ username: fine.account.username }],
      refused: [
        {
          username: limited.account.username,
          reason: 'invitation_limit',
          message: expect.stringContaining('3 invitations'),
        },
      ],
    });
    expect((await mailsTo([limited.account.email, fine.account.email])).map((mail) => mail.toAddress)).toEqual([
      fine.account.email,
    ]);
    const refusals = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'pool_invitation_refused'), eq(auditEvents.userId, lifeguard.account.id)));
    expect(refusals.map((row) => row.detail)).toEqual([
      expect.objectContaining({ poolId: body.data.id, email: limited.account.email }),
    ]);
    const [members] = await db()
      .select({ n: sql<number>`count(*)` })
      .from(poolMembers)
      .where(eq(poolMembers.poolId, body.data.id));
    expect(Number(members!.n)).toBe(1);
  });
});

import {
  InvitationListResponse,
  InvitationResponse,
  InviteManyResponse,
  PoolResponse,
  ShareLinkResponse,
  type CreatePoolBody,
} from '@pass/contracts';
import { mailTime } from '../mail/templates.js';
import { auditEvents, mailOutbox, poolInvitations, poolMembers, users } from '@pass/db';
import { joiningClosesAt, POOL_DEFAULTS } from '@pass/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, unique, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { poolSettings } from '../../test/pools.js';

/**
 * Invitations and membership through the API (DESIGN.md section 6; decision record 027): invite by email
 * (through the outbox) and by link, accept, leave, remove; the limits (25 guests, 3 invitations per address
 * per Lifeguard, joining until the end of the first week) and each refusal's reason. The server clock is set
 * by the test and moved, never waited for.
 */

const START = new Date('2025-08-01T12:00:00Z');
let clock = START;
const DAY = 86_400_000;

const settings = (overrides: Partial<CreatePoolBody> = {}): CreatePoolBody => poolSettings(overrides);

describe('pool invitations and membership', () => {
  let testApp: TestApp;

  const db = () => testApp.database.db;
  const member = () => signedInMember(testApp.app, db());
  const createPool = async (client: TestClient, overrides: Partial<CreatePoolBody> = {}) => {
    const response = await client.post('/api/pools', settings(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return PoolResponse.parse(response.json()).data;
  };
  const invite = (client: TestClient, poolId: number, email: string) =>
    client.post(`/api/pools/${poolId}/invitations`, { email });
  const accept = (client: TestClient, token: string) => client.post('/api/pools/accept', { token });
  /** The token of the newest invitation mailed to the address, read from the outbox. */
  const mailedToken = async (email: string) => {
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const match = /\/pool-party\/accept\/([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '');
    expect(match, `no accept link mailed to ${email}`).not.toBeNull();
    return match![1]!;
  };
  const shareLink = async (client: TestClient, poolId: number) => {
    const response = await client.post(`/api/pools/${poolId}/link`);
    expect(response.statusCode, response.body).toBe(201);
    return ShareLinkResponse.parse(response.json()).data;
  };
  const reasonOf = (response: Awaited<ReturnType<typeof accept>>, status = 409) =>
    expectError(response, status).error.fields?.[0]?.reason;

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('mails an invitation with its accept link through the outbox; the invited member joins as a guest, once', async () => {
    const lifeguard = await member();
    const guest = await member();
    const latecomer = await member();
    const pool = await createPool(lifeguard.client);

    const sent = await invite(lifeguard.client, pool.id, guest.account.email.toUpperCase());
    expect(sent.statusCode, sent.body).toBe(201);
    const invitation = InvitationResponse.parse(sent.json()).data;
    expect(invitation).toMatchObject({ email: guest.account.email, used_at: null });
    expect(invitation.expires_at).toBe(new Date(clock.getTime() + 7 * DAY).toISOString());
    const token = await mailedToken(guest.account.email);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, guest.account.email));
    expect(mail!.subject).toContain(lifeguard.account.username);
    expect(mail!.textBody).toContain('/pool-party/accept/');
    // The pool's rules, written from its settings by the same texts as its Rules tab.
    expect(mail!.textBody).toContain(
      "This pool: NFL 2025, weeks 1 to 18, 5 games a week, against the spread, a win +5, a loss −5, a missed pick −5, double play ±10, no triple play, Last Man Standing, tiebreaker: the last game's total.",
    );
    // The deadline in the games' own time with its zone, as a reader says it, not an RFC date in GMT.
    expect(mail!.textBody).toContain(`Accept before ${mailTime(new Date(invitation.expires_at))}.`);
    expect(mail!.textBody).toMatch(/Accept before [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2} at \d{1,2}:\d{2} [AP]M E[SD]T\./);
    // Only the token's hash is stored.
    const stored = await db().select().from(poolInvitations).where(eq(poolInvitations.id, invitation.id));
    expect(stored[0]!.tokenHash).not.toContain(token);

    const joined = await accept(guest.client, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(PoolResponse.parse(joined.json()).data).toMatchObject({ id: pool.id, role: 'guest', member_count: 2 });
    // Accepting again is harmless; someone else with the same mailed link is told it was used.
    expect((await accept(guest.client, token)).statusCode).toBe(200);
    expect(reasonOf(await accept(latecomer.client, token))).toBe('used');
    expectError(await accept(latecomer.client, 'no-such-token'), 404);

    const list = InvitationListResponse.parse((await lifeguard.client.get(`/api/pools/${pool.id}/invitations`)).json());
    expect(list.data[0]).toMatchObject({ id: invitation.id, used_at: clock.toISOString() });
    expectError(await guest.client.get(`/api/pools/${pool.id}/invitations`), 403);
    expectError(await invite(guest.client, pool.id, 'someone@example.com'), 403);
  });

  it('refuses a fourth invitation to one address from one Lifeguard across their pools, and records it for the admin', async () => {
    const lifeguard = await member();
    const other = await member();
    const first = await createPool(lifeguard.client, { name: 'First' });
    const second = await createPool(lifeguard.client, { name: 'Second' });
    const address = `${unique('friend')}@example.com`;

    for (const pool of [first, second, first])
      expect((await invite(lifeguard.client, pool.id, address)).statusCode).toBe(201);
    const refused = expectError(await invite(lifeguard.client, second.id, address.toUpperCase()), 409);
    expect(refused.error.fields?.[0]).toMatchObject({ field: 'body.email', reason: 'invitation_limit' });
    expect(refused.error.message).toBe(
      `This address has already had ${POOL_DEFAULTS.maxInvitationsPerGuest} invitations from you, the most allowed`,
    );
    const stored = await db()
      .select({ n: sql<number>`count(*)` })
      .from(poolInvitations)
      .where(eq(poolInvitations.email, address));
    expect(Number(stored[0]!.n)).toBe(3);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
    expect(mails).toHaveLength(3);
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'pool_invitation_refused'), eq(auditEvents.userId, lifeguard.account.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ poolId: second.id, email: address });

    // Another Lifeguard's invitations are counted apart.
    const theirs = await createPool(other.client);
    expect((await invite(other.client, theirs.id, address)).statusCode).toBe(201);
  });

  it('invites a pasted list at once, answering each entry: sent, not an address, listed earlier, a member already', async () => {
    const lifeguard = await member();
    const guest = await member();
    const pool = await createPool(lifeguard.client);
    const { token } = await shareLink(lifeguard.client, pool.id);
    expect((await accept(guest.client, token)).statusCode).toBe(200);
    const pat = `${unique('pat')}@example.com`;
    const sam = `${unique('sam')}@example.com`;
    const pasted = [
      `${pat}, "Lee, Sam" <${sam.toUpperCase()}>`,
      'not an address',
      `Pat again <${pat}>`,
      guest.account.email,
    ].join('\n');
    const response = await lifeguard.client.post(`/api/pools/${pool.id}/invitations/many`, { addresses: pasted });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = InviteManyResponse.parse(response.json()).data;
    expect(results.map((result) => [result.email, result.status])).toEqual([
      [pat, 'sent'],
      [sam, 'sent'],
      [null, 'invalid'],
      [pat, 'listed_earlier'],
      [guest.account.email, 'already_member'],
    ]);
    expect(results[2]!.message).toBe('Email is not a valid address');
    // Each sent address has its own mailed invitation to this pool; nothing went to the others.
    for (const address of [pat, sam]) expect(await mailedToken(address)).toMatch(/^[A-Za-z0-9_-]+$/);
    const stored = await db().select().from(poolInvitations).where(eq(poolInvitations.poolId, pool.id));
    expect(
      stored
        .filter((row) => row.email !== null)
        .map((row) => row.email)
        .sort(),
    ).toEqual([pat, sam].sort());

    // Only the Lifeguard invites; a list of more than 25, or of nothing, is refused whole and sends nothing.
    expectError(await guest.client.post(`/api/pools/${pool.id}/invitations/many`, { addresses: pat }), 403);
    const many = Array.from({ length: 26 }, (_, index) => `${unique(`n${index}`)}@example.com`).join(', ');
    const tooMany = expectError(
      await lifeguard.client.post(`/api/pools/${pool.id}/invitations/many`, { addresses: many }),
      400,
    );
    expect(tooMany.error.fields?.[0]).toMatchObject({ field: 'body.addresses' });
    expect(tooMany.error.fields?.[0]?.message).toMatch(/at most 25 at a time/);
    expectError(await lifeguard.client.post(`/api/pools/${pool.id}/invitations/many`, { addresses: ' ,\n' }), 400);
    const after = await db().select().from(poolInvitations).where(eq(poolInvitations.poolId, pool.id));
    expect(after).toHaveLength(stored.length);
  });

  it('stops a pasted list at the Lifeguard’s invitations an hour, answering the rest rate_limited', async () => {
    const lifeguard = await member();
    const pools = [
      await createPool(lifeguard.client, { name: 'One' }),
      await createPool(lifeguard.client, { name: 'Two' }),
    ];
    const list = (count: number) => Array.from({ length: count }, () => `${unique('floor')}@example.com`).join('\n');
    const first = InviteManyResponse.parse(
      (await lifeguard.client.post(`/api/pools/${pools[0]!.id}/invitations/many`, { addresses: list(25) })).json(),
    ).data.results;
    expect(first.every((result) => result.status === 'sent')).toBe(true);
    const second = InviteManyResponse.parse(
      (await lifeguard.client.post(`/api/pools/${pools[1]!.id}/invitations/many`, { addresses: list(10) })).json(),
    ).data.results;
    const perHour = POOL_DEFAULTS.maxInvitationsPerHour;
    expect(second.map((result) => result.status)).toEqual([
      ...Array<string>(perHour - 25).fill('sent'),
      ...Array<string>(10 - (perHour - 25)).fill('rate_limited'),
    ]);
    expect(second.at(-1)!.message).toBe(`A Lifeguard may send at most ${perHour} invitations an hour; try again later`);
  });

  it('lets any number of members join by the shareable link until a newer link replaces it', async () => {
    const lifeguard = await member();
    const pool = await createPool(lifeguard.client);
    const link = await shareLink(lifeguard.client, pool.id);
    expect(link.url).toBe(`${testApp.config.publicUrl}/pool-party/accept/${link.token}`);
    expect(link.expires_at).toBe(joiningClosesAt({ sport: 'americanfootball_nfl', season: 2025, startWeek: 1 }));
    for (let index = 0; index < 3; index += 1) {
      const guest = await member();
      expect((await accept(guest.client, link.token)).statusCode).toBe(200);
    }
    const newer = await shareLink(lifeguard.client, pool.id);
    const late = await member();
    expect(reasonOf(await accept(late.client, link.token))).toBe('revoked');
    expect((await accept(late.client, newer.token)).statusCode).toBe(200);
    const read = PoolResponse.parse((await lifeguard.client.get(`/api/pools/${pool.id}`)).json()).data;
    expect(read.member_count).toBe(5);
  });

  it(`holds a pool to ${POOL_DEFAULTS.maxGuestsPerPool} guests: the next is refused as pool_full, to invite and to accept`, async () => {
    const lifeguard = await member();
    const pool = await createPool(lifeguard.client);
    const link = await shareLink(lifeguard.client, pool.id);
    const invited = await member();
    expect((await invite(lifeguard.client, pool.id, invited.account.email)).statusCode).toBe(201);
    const token = await mailedToken(invited.account.email);
    // The other guests, written directly: joining itself is tested above.
    const guests = await db()
      .insert(users)
      .values(
        Array.from({ length: POOL_DEFAULTS.maxGuestsPerPool }, () => {
          const username = unique('guest');
          return { username, email: `${username}@example.com`, passwordHash: 'unused' };
        }),
      )
      .returning({ id: users.id });
    await db()
      .insert(poolMembers)
      .values(guests.map((guest) => ({ poolId: pool.id, userId: guest.id, role: 'guest' as const, joinedAt: clock })));

    expect(reasonOf(await accept(invited.client, token))).toBe('pool_full');
    const late = await member();
    expect(reasonOf(await accept(late.client, link.token))).toBe('pool_full');
    expect(reasonOf(await invite(lifeguard.client, pool.id, `${unique('x')}@example.com`))).toBe('pool_full');
    const read = PoolResponse.parse((await lifeguard.client.get(`/api/pools/${pool.id}`)).json()).data;
    expect(read.member_count).toBe(POOL_DEFAULTS.maxGuestsPerPool + 1);
  });

  it('closes joining at the end of the pool’s first week, and an emailed invitation expires after a week', async () => {
    const lifeguard = await member();
    // Starts in week 3, so a week after August 1st the invitation has expired while joining is still open.
    const pool = await createPool(lifeguard.client, { start_week: 3 });
    const guest = await member();
    expect((await invite(lifeguard.client, pool.id, guest.account.email)).statusCode).toBe(201);
    const token = await mailedToken(guest.account.email);
    const link = await shareLink(lifeguard.client, pool.id);
    const closes = new Date(joiningClosesAt({ sport: 'americanfootball_nfl', season: 2025, startWeek: 3 })!);
    try {
      clock = new Date(START.getTime() + 7 * DAY + 1000);
      expect(reasonOf(await accept(guest.client, token))).toBe('expired');
      clock = new Date(closes.getTime() - 1000);
      const justInTime = await member();
      expect((await accept(justInTime.client, link.token)).statusCode).toBe(200);
      clock = closes;
      const tooLate = await member();
      expect(reasonOf(await accept(tooLate.client, link.token))).toBe('joining_closed');
      expect(reasonOf(await invite(lifeguard.client, pool.id, tooLate.account.email))).toBe('joining_closed');
      expect(reasonOf(await lifeguard.client.post(`/api/pools/${pool.id}/link`))).toBe('joining_closed');
    } finally {
      clock = START;
    }
  });

  it('refuses joining and inviting once the pool has ended, and an address already in the pool', async () => {
    const lifeguard = await member();
    const guest = await member();
    const pool = await createPool(lifeguard.client);
    const link = await shareLink(lifeguard.client, pool.id);
    expect((await accept(guest.client, link.token)).statusCode).toBe(200);
    expect(reasonOf(await invite(lifeguard.client, pool.id, guest.account.email))).toBe('already_member');

    expect((await lifeguard.client.post(`/api/pools/${pool.id}/end`)).statusCode).toBe(200);
    const late = await member();
    expect(reasonOf(await accept(late.client, link.token))).toBe('pool_ended');
    expect(reasonOf(await invite(lifeguard.client, pool.id, late.account.email))).toBe('pool_ended');
  });

  it('lets a guest leave and come back; a removed guest cannot; the Lifeguard can neither leave nor be removed', async () => {
    const lifeguard = await member();
    const guest = await member();
    const pool = await createPool(lifeguard.client);
    const link = await shareLink(lifeguard.client, pool.id);
    const joined = PoolResponse.parse((await accept(guest.client, link.token)).json()).data;
    const guestMember = joined.members.find((row) => row.username === guest.account.username)!;
    const lifeguardMember = joined.members.find((row) => row.role === 'lifeguard')!;

    expect((await guest.client.post(`/api/pools/${pool.id}/leave`)).statusCode).toBe(200);
    expectError(await guest.client.get(`/api/pools/${pool.id}`), 404);
    const back = PoolResponse.parse((await accept(guest.client, link.token)).json()).data;
    // Back with their first joining time and member id: their earlier picks stay theirs.
    expect(back.members.find((row) => row.username === guest.account.username)).toEqual(guestMember);

    expect(reasonOf(await lifeguard.client.post(`/api/pools/${pool.id}/leave`))).toBe('lifeguard');
    const remove = (client: TestClient, memberId: number) =>
      client.request({ method: 'DELETE', url: `/api/pools/${pool.id}/members/${memberId}` });
    expectError(await remove(guest.client, lifeguardMember.id), 403);
    expect(reasonOf(await remove(lifeguard.client, lifeguardMember.id))).toBe('lifeguard');
    expectError(await remove(lifeguard.client, 2_000_000_000), 404);

    expect((await remove(lifeguard.client, guestMember.id)).statusCode).toBe(200);
    expectError(await guest.client.get(`/api/pools/${pool.id}`), 404);
    expectError(await remove(lifeguard.client, guestMember.id), 404);
    expect(reasonOf(await accept(guest.client, link.token))).toBe('removed');
    const read = PoolResponse.parse((await lifeguard.client.get(`/api/pools/${pool.id}`)).json()).data;
    expect(read.members.map((row) => row.role)).toEqual(['lifeguard']);
  });
});

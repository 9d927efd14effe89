import {
  InvitationPreviewResponse,
  JoinedWithNewAccountResponse,
  JoinVerificationSentResponse,
  PoolResponse,
  ShareLinkResponse,
  UserResponse,
  type CreatePoolBody,
} from '@pass/contracts';
import { auditEvents, mailOutbox, poolInvitations, poolMembers, users } from '@pass/db';
import { POOL_DEFAULTS } from '@pass/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, testPassword, unique, TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { poolSettings } from '../../test/pools.js';
import { NEW_ACCOUNT_JOIN_RATE } from './invitations.service.js';

/**
 * Joining a pool in one step from the invitation's page (decision: join in one step): the page's preview of
 * the pool, and a new guest who creates the account there, the invited address confirmed by the mailed token,
 * signed in and joined at once; another address still confirmed by mail; and every refusal, which changes
 * nothing. The server clock is the test's.
 */

const START = new Date('2025-08-01T12:00:00Z');
let clock = START;
const DAY = 86_400_000;

describe('joining a pool in one step', () => {
  let testApp: TestApp;
  const db = () => testApp.database.db;
  const member = () => signedInMember(testApp.app, db());
  const visitor = () => new TestClient(testApp.app);

  const createPool = async (client: TestClient, overrides: Partial<CreatePoolBody> = {}) => {
    const response = await client.post('/api/pools', poolSettings(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return PoolResponse.parse(response.json()).data;
  };
  /** The Lifeguard invites the address; the token is read from the mail in the outbox. */
  const invited = async (lifeguard: TestClient, poolId: number, email: string) => {
    const sent = await lifeguard.post(`/api/pools/${poolId}/invitations`, { email });
    expect(sent.statusCode, sent.body).toBe(201);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    return /\/pool-party\/accept\/([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
  };
  const newAddress = () => `${unique('guest').toLowerCase()}@example.com`;
  const newAccount = (extra: Record<string, unknown> = {}) => ({
    username: unique('guest'),
    password: testPassword(),
    ...extra,
  });
  const join = (client: TestClient, token: string, body: Record<string, unknown> = newAccount()) =>
    client.post('/api/pools/accept/new-account', { token, ...body });
  const preview = (client: TestClient, token: string) => client.post('/api/pools/invitation', { token });
  const reasonOf = (response: Awaited<ReturnType<typeof join>>, status = 409) =>
    expectError(response, status).error.fields?.[0];
  const userCount = async () => Number((await db().select({ n: count() }).from(users))[0]!.n);
  const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('shows the page the pool, its Lifeguard, its rules and the invited address, to anyone with the token', async () => {
    clock = START;
    const lifeguard = await member();
    await db().update(users).set({ name: 'Lou Guard' }).where(eq(users.id, lifeguard.account.id));
    const pool = await createPool(lifeguard.client, { name: 'Floor Four', win_basis: 'straight' });
    const address = newAddress();
    const token = await invited(lifeguard.client, pool.id, address);

    const response = await preview(visitor(), token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = InvitationPreviewResponse.parse(response.json()).data;
    expect(data).toMatchObject({
      pool: {
        id: pool.id,
        name: 'Floor Four',
        sport: 'americanfootball_nfl',
        season: 2025,
        games_per_week: 5,
        win_basis: 'straight',
        double_play: true,
        last_man_standing: true,
        member_count: 1,
      },
      lifeguard: { username: lifeguard.account.username, name: 'Lou Guard' },
      email: address,
      refusal: null,
      member: false,
    });
    // The Lifeguard, signed in, is told they are in the pool; an unknown token is 404.
    expect(InvitationPreviewResponse.parse((await preview(lifeguard.client, token)).json()).data.member).toBe(true);
    expectError(await preview(visitor(), 'no-such-token-at-all'), 404);
  });

  it('makes a new guest an account with the invited address confirmed, signed in and in the pool, with no mail', async () => {
    clock = START;
    const lifeguard = await member();
    const pool = await createPool(lifeguard.client);
    const address = newAddress();
    const token = await invited(lifeguard.client, pool.id, address);
    const guest = visitor();
    const body = newAccount({ name: 'Pat Newcomer' });

    const response = await join(guest, token, body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { user, pool: joined } = JoinedWithNewAccountResponse.parse(response.json()).data;
    expect(user).toMatchObject({ username: body.username, name: 'Pat Newcomer', email: address, emailVerified: true });
    expect(joined).toMatchObject({ id: pool.id, role: 'guest', member_count: 2 });
    // Signed in: the session cookie is set, HttpOnly, and whoami answers with it.
    const cookie = response.cookies.find((candidate) => candidate.name === 'pass_session');
    expect(cookie?.httpOnly).toBe(true);
    const whoami = await guest.whoami();
    expect(whoami.statusCode, whoami.body).toBe(200);
    expect(UserResponse.parse(whoami.json()).data.username).toBe(body.username);
    expect((await guest.get(`/api/pools/${pool.id}`)).statusCode).toBe(200);
    // The password is hashed as sign-up hashes it, and logs in.
    const [stored] = await db().select().from(users).where(eq(users.id, user.id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored!.emailVerifiedAt).not.toBeNull();
    expect((await visitor().login(body.username, body.password)).statusCode).toBe(200);
    // No confirmation mail: the invitation is the only mail the address got. The invitation is used up.
    expect((await mailsTo(address)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('invites you to the pool'),
    ]);
    const [invitation] = await db().select().from(poolInvitations).where(eq(poolInvitations.email, address));
    expect(invitation).toMatchObject({ usedBy: user.id });
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, user.id), eq(auditEvents.event, 'signup')));
    expect(audit).toHaveLength(1);
    // The page now says so; the used link cannot make another account.
    expect(InvitationPreviewResponse.parse((await preview(guest, token)).json()).data.member).toBe(true);
    const again = reasonOf(await join(visitor(), token));
    expect(again).toMatchObject({ field: 'body.token', reason: 'used' });
  });

  it('sends the normal confirmation mail to another address, and joins nothing until it is confirmed', async () => {
    clock = START;
    const lifeguard = await member();
    const pool = await createPool(lifeguard.client);
    const address = newAddress();
    const other = newAddress();
    const token = await invited(lifeguard.client, pool.id, address);
    const body = newAccount({ email: other.toUpperCase() });

    const response = await join(visitor(), token, body);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.cookies.find((cookie) => cookie.name === 'pass_session')).toBeUndefined();
    expect(JoinVerificationSentResponse.parse(response.json()).data).toEqual({
      status: 'verification_sent',
      email: other,
    });
    const mails = await mailsTo(other);
    expect(mails.map((mail) => mail.subject)).toEqual(['Confirm your PA$$ email address']);
    const [account] = await db().select().from(users).where(eq(users.email, other));
    expect(account).toMatchObject({ username: body.username, emailVerifiedAt: null });
    const members = await db().select().from(poolMembers).where(eq(poolMembers.poolId, pool.id));
    expect(members).toHaveLength(1);
    const [invitation] = await db().select().from(poolInvitations).where(eq(poolInvitations.email, address));
    expect(invitation!.usedAt).toBeNull();

    // A shareable link names no address: one must be given, and it is confirmed by mail.
    const link = ShareLinkResponse.parse((await lifeguard.client.post(`/api/pools/${pool.id}/link`)).json()).data;
    expect(reasonOf(await join(visitor(), link.token), 400)).toMatchObject({ field: 'body.email' });
    const third = newAddress();
    expect((await join(visitor(), link.token, newAccount({ email: third }))).statusCode).toBe(202);
    expect((await mailsTo(third)).map((mail) => mail.subject)).toEqual(['Confirm your PA$$ email address']);
  });

  it('refuses an expired, used or replaced invitation, a closed or full pool, and changes nothing', async () => {
    clock = START;
    const lifeguard = await member();
    const pool = await createPool(lifeguard.client);
    const expiring = await invited(lifeguard.client, pool.id, newAddress());
    const link = ShareLinkResponse.parse((await lifeguard.client.post(`/api/pools/${pool.id}/link`)).json()).data;
    await lifeguard.client.post(`/api/pools/${pool.id}/link`);
    const before = await userCount();

    expect(reasonOf(await join(visitor(), link.token, newAccount({ email: newAddress() })))).toMatchObject({
      field: 'body.token',
      reason: 'revoked',
    });
    expect(InvitationPreviewResponse.parse((await preview(visitor(), link.token)).json()).data).toMatchObject({
      refusal: 'revoked',
      email: null,
    });
    clock = new Date(START.getTime() + 8 * DAY);
    expect(reasonOf(await join(visitor(), expiring))).toMatchObject({ field: 'body.token', reason: 'expired' });
    clock = START;
    expectError(await join(visitor(), 'no-such-invitation-token'), 404);
    expect(await userCount()).toBe(before);

    // Full: 25 guests already.
    const full = await createPool(lifeguard.client, { name: 'Full house' });
    const waiting = await invited(lifeguard.client, full.id, newAddress());
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
      .values(guests.map((guest) => ({ poolId: full.id, userId: guest.id, role: 'guest' as const, joinedAt: clock })));
    const afterSeeding = await userCount();
    expect(reasonOf(await join(visitor(), waiting))).toMatchObject({ field: 'body.token', reason: 'pool_full' });
    expect(InvitationPreviewResponse.parse((await preview(visitor(), waiting)).json()).data.refusal).toBe('pool_full');

    expect(await userCount()).toBe(afterSeeding);
  });

  it("refuses the invited address when it is a member's already, has an account, or its account is suspended", async () => {
    clock = START;
    const lifeguard = await member();
    const pool = await createPool(lifeguard.client);
    const inPool = await member();
    const token = await invited(lifeguard.client, pool.id, inPool.account.email);
    const link = ShareLinkResponse.parse((await lifeguard.client.post(`/api/pools/${pool.id}/link`)).json()).data;
    expect((await inPool.client.post('/api/pools/accept', { token: link.token })).statusCode).toBe(200);
    const outside = await member();
    const before = await userCount();
    expect(reasonOf(await join(visitor(), token))).toMatchObject({ field: 'body.email', reason: 'already_member' });

    const second = await invited(lifeguard.client, pool.id, outside.account.email);
    const exists = reasonOf(await join(visitor(), second));
    expect(exists).toMatchObject({ field: 'body.email', reason: 'account_exists' });
    expect(exists!.message).toMatch(/log in to join/);
    await db()
      .update(users)
      .set({ suspendedAt: clock, suspendedReason: 'spam' })
      .where(eq(users.id, outside.account.id));
    expect(reasonOf(await join(visitor(), second))).toMatchObject({ field: 'body.email', reason: 'account_suspended' });
    expect(await userCount()).toBe(before);
    const [unused] = await db().select().from(poolInvitations).where(eq(poolInvitations.email, outside.account.email));
    expect(unused!.usedAt).toBeNull();
  });

  it("keeps sign-up's rules: a taken username, a common password, a bad field", async () => {
    clock = START;
    const lifeguard = await member();
    const pool = await createPool(lifeguard.client);
    const token = await invited(lifeguard.client, pool.id, newAddress());
    const before = await userCount();
    const taken = reasonOf(await join(visitor(), token, newAccount({ username: lifeguard.account.username })), 400);
    expect(taken).toMatchObject({ field: 'body.username' });
    const common = reasonOf(await join(visitor(), token, newAccount({ password: 'password123' })), 400);
    expect(common).toMatchObject({ field: 'body.password' });
    expect(reasonOf(await join(visitor(), token, newAccount({ username: 'x' })), 400)).toMatchObject({
      field: 'body.username',
    });
    expect(await userCount()).toBe(before);
    // Still usable afterwards.
    expect((await join(visitor(), token)).statusCode).toBe(201);
  });

  it(`answers 429 past ${NEW_ACCOUNT_JOIN_RATE.limit} tries from one source, with Retry-After`, async () => {
    const source = visitor();
    for (let attempt = 0; attempt < NEW_ACCOUNT_JOIN_RATE.limit; attempt += 1) {
      expect((await join(source, 'no-such-invitation-token')).statusCode).toBe(404);
    }
    const limited = await join(source, 'no-such-invitation-token');
    expectError(limited, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another source is not held back.
    expect((await join(visitor(), 'no-such-invitation-token')).statusCode).toBe(404);
  });
});

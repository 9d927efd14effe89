import {
  BetSyncStatsResponse,
  CheckSubscriptionsRequiredResponse,
  CreatedSyncTokenResponse,
  SyncAccountParams,
  SyncAccountResponse,
  SyncAccountsResponse,
  SyncBooksResponse,
  SyncTokensResponse,
} from '@pass/contracts';
import { auditEvents, billingPlans, billingSubscriptions, syncAccounts, syncTokens } from '@pass/db';
import { and, eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncAccessJob, refreshSyncAccess } from '../../jobs/sync-access-job.js';
import { adminClient, expectError, seedUser, TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { ensurePlans } from '../billing/billing.repository.js';
import { authorizeSyncWrite } from './sync-tokens.service.js';

/**
 * Sportsbook sync's accounts and tokens (decision 051): linking and relinking without a fresh grace, the
 * client's tokens that write to their own account only, the access job on a moving server clock, and what
 * billing and the admin are told of it.
 */

const DAY = 86_400_000;
const linkedAt = new Date('2026-11-24T12:00:00Z');
let clock = linkedAt;
const at = (days: number, hours = 0) => new Date(linkedAt.getTime() + days * DAY + hours * 3_600_000);

describe('sportsbook sync accounts and tokens', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp(
      {},
      {
        now: () => clock,
        routes: async (app) => {
          // A write of bets as the upload calls make it, here only to prove who may write to which account.
          app
            .withTypeProvider<ZodTypeProvider>()
            .post(
              '/api/test/sync/accounts/:accountId/writes',
              { config: { access: 'member', syncToken: true }, schema: { params: SyncAccountParams } },
              async (request) => {
                const { account, userId } = await authorizeSyncWrite(
                  { db: testApp.database.db, now: () => clock },
                  request,
                  request.params.accountId,
                );
                return { account: account.publicId, userId };
              },
            );
        },
      },
    );
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  const member = () => signedInMember(testApp.app, testApp.database.db);
  const accountsOf = async (client: TestClient) => {
    const response = await client.get('/api/sync/accounts');
    expect(response.statusCode, response.body).toBe(200);
    return SyncAccountsResponse.parse(response.json()).data;
  };
  const link = async (client: TestClient, book: string) => {
    const response = await client.post('/api/sync/accounts', { book });
    expect(response.statusCode, response.body).toBe(201);
    return SyncAccountResponse.parse(response.json()).data;
  };
  const newToken = async (client: TestClient, accountId: string, label = 'laptop') => {
    const response = await client.post(`/api/sync/accounts/${accountId}/tokens`, { label });
    expect(response.statusCode, response.body).toBe(201);
    return CreatedSyncTokenResponse.parse(response.json()).data;
  };
  /** The bet-sync client: no cookies, only its token. */
  const clientWrite = (accountId: string, token: string) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/test/sync/accounts/${accountId}/writes`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('lists the current US sportsbooks by title, and no exchange or closed book', async () => {
    const { client } = await member();
    const books = SyncBooksResponse.parse((await client.get('/api/sync/books')).json()).data;
    expect(books).toContainEqual({ key: 'draftkings', title: 'DraftKings' });
    expect(books).toContainEqual({ key: 'williamhill_us', title: 'Caesars' });
    expect(books.map((book) => book.key)).not.toContain('kalshi');
    expect(books.map((book) => book.key)).not.toContain('foxbet');
  });

  it('links a book once, unlinks it with its tokens, and relinks it with its first link date', async () => {
    clock = linkedAt;
    const { account, client } = await member();
    const linked = await link(client, 'draftkings');
    expect(linked).toMatchObject({
      book: 'draftkings',
      betsync_book_name: 'DraftKings',
      betsync_account_access: true,
      created_at: linkedAt.toISOString(),
      grace_days_remaining: 5,
      covered: false,
      last_sync_at: null,
      last_sync_summary: null,
    });
    expectError(await client.post('/api/sync/accounts', { book: 'draftkings' }), 409, 'body.book');
    expectError(await client.post('/api/sync/accounts', { book: 'kalshi' }), 400, 'body.book');
    const token = await newToken(client, linked.betsync_account_id);

    clock = at(2);
    const unlinked = await client.request({ method: 'DELETE', url: `/api/sync/accounts/${linked.betsync_account_id}` });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(await accountsOf(client)).toEqual([]);
    const [tokenRow] = await testApp.database.db.select().from(syncTokens).where(eq(syncTokens.id, token.id));
    expect(tokenRow!.revokedAt).toEqual(at(2));

    clock = at(3);
    const relinked = await link(client, 'draftkings');
    expect(relinked.betsync_account_id).toBe(linked.betsync_account_id);
    expect(relinked.created_at).toBe(linkedAt.toISOString());
    expect(relinked.grace_days_remaining).toBe(2);
    // The revoked token stays revoked.
    expect((await clientWrite(linked.betsync_account_id, token.token)).statusCode).toBe(401);

    const events = await testApp.database.db
      .select({ event: auditEvents.event })
      .from(auditEvents)
      .where(eq(auditEvents.userId, account.id));
    expect(events.map((row) => row.event)).toEqual(
      expect.arrayContaining(['sync_account_linked', 'sync_token_created', 'sync_account_unlinked']),
    );
  });

  it('links a book once when it is asked twice at the same moment', async () => {
    clock = linkedAt;
    const { client } = await member();
    const answers = await Promise.all([
      client.post('/api/sync/accounts', { book: 'hardrockbet' }),
      client.post('/api/sync/accounts', { book: 'hardrockbet' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await accountsOf(client)).toHaveLength(1);
  });

  it('keeps only the hash of a token, shows it once, and lists and revokes it', async () => {
    clock = linkedAt;
    const { client } = await member();
    const { betsync_account_id: accountId } = await link(client, 'fanduel');
    const token = await newToken(client, accountId, 'desk');
    expect(token.token).toMatch(/^pass_sync_[A-Za-z0-9_-]{43}$/);
    expect(token.token.startsWith(token.prefix)).toBe(true);
    const [row] = await testApp.database.db.select().from(syncTokens).where(eq(syncTokens.id, token.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.token);

    const listed = SyncTokensResponse.parse((await client.get(`/api/sync/accounts/${accountId}/tokens`)).json()).data;
    expect(listed).toEqual([expect.objectContaining({ id: token.id, label: 'desk', revoked_at: null })]);
    expect(JSON.stringify(listed)).not.toContain(token.token);

    const revoked = await client.request({
      method: 'DELETE',
      url: `/api/sync/accounts/${accountId}/tokens/${token.id}`,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.revoked_at).toBe(linkedAt.toISOString());
  });

  it("writes with an account's own token only, never with a revoked one, and a token reads nothing", async () => {
    clock = linkedAt;
    const { account, client } = await member();
    const a = await link(client, 'betmgm');
    const b = await link(client, 'betrivers');
    const tokenA = await newToken(client, a.betsync_account_id);

    const own = await clientWrite(a.betsync_account_id, tokenA.token);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ account: a.betsync_account_id, userId: account.id });
    // A's token names no other account, not even the same member's.
    expect((await clientWrite(b.betsync_account_id, tokenA.token)).statusCode).toBe(404);
    // The member's own session writes without a token (with the CSRF pair).
    expect((await client.post(`/api/test/sync/accounts/${b.betsync_account_id}/writes`)).statusCode).toBe(200);
    // Someone else's session cannot write to the account.
    const other = await member();
    expect((await other.client.post(`/api/test/sync/accounts/${a.betsync_account_id}/writes`)).statusCode).toBe(404);

    // A token reads nothing and makes nothing: the member calls want the session.
    const bearer = { authorization: `Bearer ${tokenA.token}` };
    expect((await testApp.app.inject({ url: '/api/sync/accounts', headers: bearer })).statusCode).toBe(401);
    expect(
      (await testApp.app.inject({ url: `/api/sync/accounts/${a.betsync_account_id}/tokens`, headers: bearer }))
        .statusCode,
    ).toBe(401);
    const made = await testApp.app.inject({
      method: 'POST',
      url: `/api/sync/accounts/${a.betsync_account_id}/tokens`,
      headers: bearer,
      payload: { label: 'more' },
    });
    expect(made.statusCode).toBe(403);

    await client.request({ method: 'DELETE', url: `/api/sync/accounts/${a.betsync_account_id}/tokens/${tokenA.id}` });
    expect((await clientWrite(a.betsync_account_id, tokenA.token)).statusCode).toBe(401);
    expect((await clientWrite(a.betsync_account_id, 'pass_sync_not-a-token')).statusCode).toBe(401);
  });

  it('turns sync off when the grace ends uncovered, says so everywhere, and on again with a membership', async () => {
    clock = linkedAt;
    const db = testApp.database.db;
    const { account, client } = await member();
    const linked = await link(client, 'bovada');
    const token = await newToken(client, linked.betsync_account_id);
    const stored = async () =>
      (await db.select().from(syncAccounts).where(eq(syncAccounts.publicId, linked.betsync_account_id)))[0]!;
    const check = async () => {
      const response = await client.get('/billing/check-subscriptions-required');
      expect(response.statusCode, response.body).toBe(200);
      return CheckSubscriptionsRequiredResponse.parse(response.json()).data;
    };

    clock = at(4);
    await refreshSyncAccess(db, clock);
    expect((await accountsOf(client))[0]).toMatchObject({ grace_days_remaining: 1, betsync_account_access: true });
    expect((await stored()).access).toBe(true);
    expect((await check()).subscriptions_required).toBe(false);

    clock = at(5);
    await refreshSyncAccess(db, clock);
    expect((await stored()).access).toBe(false);
    expect((await stored()).accessChangedAt).toEqual(at(5));
    expect((await accountsOf(client))[0]).toMatchObject({ grace_days_remaining: 0, betsync_account_access: false });
    const required = await check();
    expect(required.subscriptions_required).toBe(true);
    expect(required.betsync_accounts).toEqual([
      {
        betsync_account_id: linked.betsync_account_id,
        betsync_book_name: 'Bovada',
        betsync_account_access: false,
        created_at: linkedAt.toISOString(),
        grace_days_remaining: 0,
        covered: false,
      },
    ]);
    expect(required.missing_subscriptions.map((plan) => plan.code)).toEqual(['member']);
    // Writes are refused at once, naming where to subscribe.
    const refused = await clientWrite(linked.betsync_account_id, token.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('/subscribe');

    clock = at(6);
    expect(await refreshSyncAccess(db, clock)).toBe(0);
    expect((await stored()).accessChangedAt).toEqual(at(5));
    expect((await accountsOf(client))[0]).toMatchObject({ grace_days_remaining: 0, betsync_account_access: false });

    await ensurePlans(db);
    const [plan] = await db
      .select({ id: billingPlans.id })
      .from(billingPlans)
      .where(and(eq(billingPlans.code, 'member'), eq(billingPlans.priceTier, 'regular')));
    await db.insert(billingSubscriptions).values({
      userId: account.id,
      planId: plan!.id,
      billingPlatform: 'paypal',
      subscriptionId: `I-SYNC${account.id}`,
      status: 'ACTIVE',
      paypalSubscriptionStatus: 'ACTIVE',
      createdAt: at(6),
    });
    clock = at(6, 1);
    await refreshSyncAccess(db, clock);
    expect((await stored()).access).toBe(true);
    expect((await accountsOf(client))[0]).toMatchObject({ covered: true, betsync_account_access: true });
    expect((await check()).subscriptions_required).toBe(false);
    expect((await clientWrite(linked.betsync_account_id, token.token)).statusCode).toBe(200);

    const changes = await db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, account.id), eq(auditEvents.event, 'sync_access_changed')));
    expect(changes.map((row) => (row.detail as { access: boolean }).access)).toEqual([false, true]);
  });

  it('asks for an add-on for a third book once the membership is active', async () => {
    clock = linkedAt;
    const db = testApp.database.db;
    const { account, client } = await member();
    for (const book of ['fanatics', 'espnbet', 'fliff']) await link(client, book);
    await ensurePlans(db);
    const [plan] = await db
      .select({ id: billingPlans.id })
      .from(billingPlans)
      .where(and(eq(billingPlans.code, 'member'), eq(billingPlans.priceTier, 'regular')));
    await db.insert(billingSubscriptions).values({
      userId: account.id,
      planId: plan!.id,
      billingPlatform: 'paypal',
      subscriptionId: `I-THREE${account.id}`,
      status: 'ACTIVE',
      paypalSubscriptionStatus: 'ACTIVE',
      createdAt: linkedAt,
    });
    clock = at(7);
    const data = CheckSubscriptionsRequiredResponse.parse(
      (await client.get('/billing/check-subscriptions-required')).json(),
    ).data;
    expect(data.missing_subscriptions.map((missing) => missing.code)).toEqual(['add_on']);
    // The two oldest links are covered; the third's grace is over.
    expect(data.betsync_accounts.map((linked) => linked.betsync_account_access)).toEqual([true, true, false]);
    expect(data.subscriptions_required).toBe(true);
  });

  it('runs the access job on the scheduler ticks at most every ten minutes of the server clock', async () => {
    clock = linkedAt;
    const db = testApp.database.db;
    const { client } = await member();
    const linked = await link(client, 'rebet');
    const accessOf = async () =>
      (await db.select().from(syncAccounts).where(eq(syncAccounts.publicId, linked.betsync_account_id)))[0]!.access;
    const tick = createSyncAccessJob({ db, now: () => clock });
    clock = at(5);
    await tick();
    expect(await accessOf()).toBe(false);
    // Put back by hand: a tick within ten minutes does not run again, one after does.
    await db.update(syncAccounts).set({ access: true }).where(eq(syncAccounts.publicId, linked.betsync_account_id));
    clock = new Date(at(5).getTime() + 9 * 60_000);
    await tick();
    expect(await accessOf()).toBe(true);
    clock = new Date(at(5).getTime() + 10 * 60_000);
    await tick();
    expect(await accessOf()).toBe(false);
  });

  it("gives the admin sync's figures", async () => {
    clock = at(1);
    const admin = await adminClient(testApp.app, testApp.database.db);
    const response = await admin.get('/billing/admin/betsync-stats');
    expect(response.statusCode, response.body).toBe(200);
    const stats = BetSyncStatsResponse.parse(response.json()).data;
    expect(stats.linked_accounts).toBe(stats.with_access + stats.without_access);
    expect(stats.by_book.reduce((sum, row) => sum + row.accounts, 0)).toBe(stats.linked_accounts);
    expect(stats.members_with_accounts).toBeGreaterThan(0);
    expect(stats.synced_bets).toBe(0);
    const member = new TestClient(testApp.app);
    const seeded = await seedUser(testApp.database.db);
    await member.login(seeded.username, seeded.password);
    expect((await member.get('/billing/admin/betsync-stats')).statusCode).toBe(403);
  });
});

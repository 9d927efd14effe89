import {
  AdminAuditResponse,
  AdminOutboxResponse,
  AdminPageViewsResponse,
  AdminPoolsResponse,
  AdminSuspensionResponse,
  AdminUsersResponse,
  PoolInvitationRefusalsResponse,
  PoolResponse,
} from '@pass/contracts';
import { auditEvents, mailOutbox, pageViews, sessions, users } from '@pass/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, expectError, seedUser, TestClient, unique } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { poolSettings, poolWithGuests } from '../../test/pools.js';

/**
 * The admin's tables and suspensions (decision 049): filters, whitelisted sorts, paging and exports of each
 * table; suspending and lifting an account (signed out, no login) and a pool (read-only for everyone).
 */

const clock = new Date('2025-08-01T12:00:00Z');

const ADMIN_GETS = [
  '/api/admin/tables/users',
  '/api/admin/tables/pools',
  '/api/admin/tables/outbox',
  '/api/admin/tables/audit',
  '/api/admin/tables/page-views',
  '/api/admin/tables/users/export',
  '/api/admin/tables/pools/export',
  '/api/admin/tables/outbox/export',
  '/api/admin/tables/audit/export',
  '/api/admin/tables/page-views/export',
];
const ADMIN_POSTS = [
  '/api/admin/users/1/suspend',
  '/api/admin/users/1/unsuspend',
  '/api/admin/pools/1/suspend',
  '/api/admin/pools/1/unsuspend',
];

describe('admin tables and suspensions', () => {
  let testApp: TestApp;
  let admin: TestClient;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
    admin = await adminClient(testApp.app, db());
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  const usersPage = async (query: string) => {
    const response = await admin.get(`/api/admin/tables/users?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return AdminUsersResponse.parse(response.json());
  };

  it('refuses a visitor (401) and a member (403) on every admin table, export and suspension', async () => {
    const { client: member } = await signedInMember(testApp.app, db());
    const visitor = new TestClient(testApp.app);
    for (const path of ADMIN_GETS) {
      expectError(await visitor.get(path), 401);
      expectError(await member.get(path), 403);
    }
    for (const path of ADMIN_POSTS) {
      expectError(await visitor.post(path, { reason: 'spam' }), 401);
      expectError(await member.post(path, { reason: 'spam' }), 403);
    }
    const [row] = await db().select().from(users).where(eq(users.id, 1));
    expect(row?.suspendedAt ?? null).toBeNull();
  });

  it('searches, filters, sorts and pages the users, never showing a password hash', async () => {
    const tag = unique('zeta').toLowerCase();
    for (const letter of ['c', 'a', 'b']) await seedUser(db(), { username: `${tag}${letter}` });
    await seedUser(db(), { username: `${tag}u`, verified: false });

    const first = await usersPage(`q=${tag}&sort=username&pageSize=2`);
    expect(first).toMatchObject({ page: 1, page_size: 2, total: 4, sort: 'username', dir: 'asc' });
    expect(first.data.map((row) => row.username)).toEqual([`${tag}a`, `${tag}b`]);
    const second = await usersPage(`q=${tag}&sort=username&pageSize=2&page=2`);
    expect(second.data.map((row) => row.username)).toEqual([`${tag}c`, `${tag}u`]);
    const descending = await usersPage(`q=${tag}&sort=username&dir=desc`);
    expect(descending.data.map((row) => row.username)).toEqual([`${tag}u`, `${tag}c`, `${tag}b`, `${tag}a`]);
    expect((await usersPage(`q=${tag}&status=unverified`)).data.map((row) => row.username)).toEqual([`${tag}u`]);
    expect((await usersPage(`q=${tag}&status=active`)).total).toBe(3);

    const defaults = await usersPage('');
    expect(defaults).toMatchObject({ page: 1, page_size: 20, sort: 'created_at', dir: 'desc' });
    const body = (await admin.get(`/api/admin/tables/users?q=${tag}`)).body;
    expect(body).not.toContain('argon2');
    expect(body).not.toMatch(/password|billing_id/);
  });

  it('refuses a sort by a column off the whitelist with the field and reason, and a page size over 100', async () => {
    const refused = expectError(await admin.get('/api/admin/tables/users?sort=password_hash'), 400, 'querystring.sort');
    expect(refused.error.fields).toEqual([expect.objectContaining({ reason: 'not_sortable' })]);
    expect(refused.error.fields?.[0]?.message).toContain('username');
    expectError(await admin.get('/api/admin/tables/users?sort=id;drop table users'), 400, 'querystring.sort');
    expectError(await admin.get('/api/admin/tables/audit/export?sort=detail'), 400, 'querystring.sort');
    expectError(await admin.get('/api/admin/tables/users?pageSize=101'), 400, 'querystring.pageSize');
    expectError(await admin.get('/api/admin/tables/users?page=0'), 400, 'querystring.page');
    expectError(await admin.get('/api/admin/tables/pools?status=gone'), 400, 'querystring.status');
    expectError(await admin.get('/api/admin/tables/users/export?format=xlsx'), 400, 'querystring.format');
  });

  it('exports every matching row as an RFC 4180 CSV download whose cells cannot run as formulas, or as JSON', async () => {
    const tag = unique('csv').toLowerCase();
    const plain = await seedUser(db(), { username: `${tag}a` });
    const risky = await seedUser(db(), { username: `${tag}b` });
    await db().update(users).set({ name: '=HYPERLINK("http://x.test","click")' }).where(eq(users.id, risky.id));
    await db().update(users).set({ name: 'Smith, "Jo"\nJr' }).where(eq(users.id, plain.id));

    const response = await admin.get(`/api/admin/tables/users/export?q=${tag}&sort=username`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="users-2025-08-01.csv"');
    expect(response.headers['x-export-rows']).toBe('2');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,username,email,name,is_admin,verified,pools_hosted,created_at,suspended_at,suspended_reason',
    );
    expect(response.body).toContain(`${plain.id},${tag}a,${plain.email},"Smith, ""Jo""\nJr",false,true,0,`);
    expect(response.body).toContain(`,"'=HYPERLINK(""http://x.test"",""click"")",`);
    expect(response.body.endsWith('\r\n')).toBe(true);

    const json = await admin.get(`/api/admin/tables/users/export?q=${tag}&sort=username&dir=desc&format=json`);
    expect(json.headers['content-disposition']).toBe('attachment; filename="users-2025-08-01.json"');
    expect(AdminUsersResponse.shape.data.parse(json.json<{ data: unknown }>().data).map((row) => row.id)).toEqual([
      risky.id,
      plain.id,
    ]);
  });

  it('lists the outbox with its links masked, the audit log by event and user, and page views by day', async () => {
    const to = `${unique('mail')}@example.com`;
    await db().insert(mailOutbox).values({
      toAddress: to,
      subject: 'Open https://pass.test/reset/abcdefghijklmnopqrstuvwxyz0123',
      textBody: 'x',
      htmlBody: 'x',
    });
    const outbox = AdminOutboxResponse.parse((await admin.get(`/api/admin/tables/outbox?q=${to}`)).json());
    expect(outbox.data).toHaveLength(1);
    expect(outbox.data[0]!.subject).toBe('Open https://pass.test/reset/[masked]');
    const exported = await admin.get(`/api/admin/tables/outbox/export?q=${to}`);
    expect(exported.body).not.toContain('abcdefghijklmnopqrstuvwxyz0123');

    const { account } = await signedInMember(testApp.app, db());
    const audit = AdminAuditResponse.parse(
      (await admin.get(`/api/admin/tables/audit?event=login&user_id=${account.id}`)).json(),
    );
    expect(audit.data.map((row) => [row.event, row.user_id, row.username])).toEqual([
      ['login', account.id, account.username],
    ]);

    const route = unique('route');
    await db()
      .insert(pageViews)
      .values([
        { route, query: '', day: '2025-07-31', views: 3 },
        { route, query: 'week=2', day: '2025-08-01', views: 9 },
        { route, query: '', day: '2025-05-01', views: 50 },
      ]);
    const views = AdminPageViewsResponse.parse(
      (await admin.get(`/api/admin/tables/page-views?q=${route}&days=30`)).json(),
    );
    expect(views.data).toEqual([
      { route, query: 'week=2', day: '2025-08-01', views: 9 },
      { route, query: '', day: '2025-07-31', views: 3 },
    ]);
  });

  it('suspends an account: signed out at once, refused at login with the reason, audited; lifted, it logs in', async () => {
    const { account, client } = await signedInMember(testApp.app, db());
    expect((await client.whoami()).statusCode).toBe(200);
    const staleSession = client.sessionId;

    const suspended = await admin.post(`/api/admin/users/${account.id}/suspend`, { reason: 'Invitation spam' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(AdminSuspensionResponse.parse(suspended.json()).data).toEqual({
      id: account.id,
      suspended: { at: clock.toISOString(), reason: 'Invitation spam' },
    });
    expect(await db().select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);
    expectError(await client.get('/api/pools'), 401);
    expectError(await client.whoami(staleSession), 401);
    const login = expectError(await new TestClient(testApp.app).login(account.username, account.password), 403);
    expect(login.error.message).toContain('suspended by the admin: Invitation spam');
    // Whoever does not know the password learns nothing of the suspension.
    const wrong = expectError(await new TestClient(testApp.app).login(account.username, 'not-the-password-1'), 401);
    expect(wrong.error.message).not.toContain('suspended');

    const listed = AdminUsersResponse.parse(
      (await admin.get(`/api/admin/tables/users?q=${account.username}&status=suspended`)).json(),
    );
    expect(listed.data[0]).toMatchObject({ id: account.id, suspended_reason: 'Invitation spam' });

    const lifted = await admin.post(`/api/admin/users/${account.id}/unsuspend`);
    expect(AdminSuspensionResponse.parse(lifted.json()).data.suspended).toBeNull();
    expect((await client.login(account.username, account.password)).statusCode).toBe(200);
    expect((await client.get('/api/pools')).statusCode).toBe(200);

    const audited = await db()
      .select({ event: auditEvents.event, detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, account.id)));
    const events = audited.map((row) => row.event);
    expect(events).toEqual(expect.arrayContaining(['account_suspended', 'login_suspended', 'account_unsuspended']));
    expect(audited.find((row) => row.event === 'account_suspended')?.detail).toMatchObject({
      reason: 'Invitation spam',
      sessionsEnded: 1,
    });
  });

  it('will not suspend the admin themselves or another admin, an unknown account, or without a reason', async () => {
    const whoami = (await admin.whoami()).json<{ data: { id: number } }>().data;
    const own = expectError(await admin.post(`/api/admin/users/${whoami.id}/suspend`, { reason: 'x' }), 409);
    expect(own.error.fields?.[0]?.reason).toBe('own_account');
    const other = await seedUser(db(), { admin: true });
    expect(
      expectError(await admin.post(`/api/admin/users/${other.id}/suspend`, { reason: 'x' }), 409).error.fields?.[0]
        ?.reason,
    ).toBe('admin_account');
    expectError(await admin.post('/api/admin/users/999999/suspend', { reason: 'x' }), 404);
    const member = await seedUser(db());
    expectError(await admin.post(`/api/admin/users/${member.id}/suspend`, { reason: '  ' }), 400, 'body.reason');
    expectError(await admin.post(`/api/admin/users/${member.id}/suspend`, {}), 400, 'body.reason');
  });

  it('suspends a pool: read-only for everyone with a clear 409 and a banner; lifted, it takes changes again', async () => {
    const { pool, lifeguard, guests } = await poolWithGuests(
      testApp.app,
      db(),
      poolSettings({ name: unique('Pool'), last_man_standing: false }),
      1,
    );
    const guest = guests[0]!;
    const suspended = await admin.post(`/api/admin/pools/${pool.id}/suspend`, { reason: 'Abusive invitations' });
    expect(suspended.statusCode, suspended.body).toBe(200);

    const read = PoolResponse.parse((await guest.client.get(`/api/pools/${pool.id}`)).json()).data;
    expect(read.suspended).toEqual({ at: clock.toISOString(), reason: 'Abusive invitations' });

    const refusedInvite = expectError(
      await lifeguard.client.post(`/api/pools/${pool.id}/invitations`, { email: `${unique('x')}@example.com` }),
      409,
    );
    expect(refusedInvite.error.fields?.[0]?.reason).toBe('pool_suspended');
    expect(refusedInvite.error.message).toContain('suspended by the admin');
    const refusedPicks = expectError(
      await guest.client.request({
        method: 'PUT',
        url: `/api/pools/${pool.id}/weeks/1/picks`,
        payload: { picks: [] },
        headers: { 'idempotency-key': unique('key') },
      }),
      409,
    );
    expect(refusedPicks.error.fields?.[0]?.reason).toBe('pool_suspended');
    expect(
      expectError(await lifeguard.client.post(`/api/pools/${pool.id}/announcements`, { body: 'Hello' }), 409).error
        .fields?.[0]?.reason,
    ).toBe('pool_suspended');
    expect(expectError(await lifeguard.client.post(`/api/pools/${pool.id}/link`), 409).error.fields?.[0]?.reason).toBe(
      'pool_suspended',
    );

    const listed = AdminPoolsResponse.parse(
      (await admin.get(`/api/admin/tables/pools?status=suspended&q=${encodeURIComponent(pool.name)}`)).json(),
    );
    expect(listed.data.map((row) => [row.id, row.lifeguard, row.members, row.suspended_reason])).toEqual([
      [pool.id, lifeguard.account.username, 2, 'Abusive invitations'],
    ]);

    await admin.post(`/api/admin/pools/${pool.id}/unsuspend`);
    const invited = await lifeguard.client.post(`/api/pools/${pool.id}/invitations`, {
      email: `${unique('y')}@example.com`,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const events = await db()
      .select({ event: auditEvents.event })
      .from(auditEvents)
      .where(eq(auditEvents.event, 'pool_suspended'));
    expect(events.length).toBeGreaterThan(0);
  });

  it('shows in the refused invitations whether the Lifeguard and the pool are suspended', async () => {
    const { pool, lifeguard } = await poolWithGuests(
      testApp.app,
      db(),
      poolSettings({ name: unique('Refused'), last_man_standing: false }),
      0,
    );
    const email = `${unique('friend')}@example.com`;
    for (let sent = 0; sent < 3; sent += 1) {
      await lifeguard.client.post(`/api/pools/${pool.id}/invitations`, { email });
    }
    expectError(await lifeguard.client.post(`/api/pools/${pool.id}/invitations`, { email }), 409);
    await admin.post(`/api/admin/users/${lifeguard.account.id}/suspend`, { reason: 'Fourth invitation' });
    const refusals = PoolInvitationRefusalsResponse.parse(
      (await admin.get('/api/admin/pool-invitation-refusals')).json(),
    );
    const mine = refusals.data.find((row) => row.email === email)!;
    expect(mine.lifeguard).toMatchObject({ id: lifeguard.account.id, suspended: true });
    expect(mine.pool).toMatchObject({ id: pool.id, suspended: false });
  });
});

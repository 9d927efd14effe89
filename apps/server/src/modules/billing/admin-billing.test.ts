import {
  AdminBillingStatsResponse,
  AdminPlanSubscribersResponse,
  AdminRecentSubscriptionsResponse,
  AdminSubscriptionsExportResponse,
  AdminSubscriptionsOverviewResponse,
  AdminSubscriptionsSeriesResponse,
} from '@pass/contracts';
import { billingPayments, billingPlans, billingSubscriptions } from '@pass/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, expectError, seedUser, TestClient, type TestAccount } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signedInMember } from '../../test/ledger.js';
import { csvCell } from '../../lib/admin-list.js';
import { ensurePlans } from './billing.repository.js';

/**
 * The admin's billing figures and lists (decision 048), on a database of their own with subscriptions of
 * known dates, read at a fixed server clock.
 */

const clock = new Date('2026-11-24T12:00:00Z');

const ADMIN_GETS = [
  '/billing/admin/stats',
  '/billing/admin/subscriptions/recent',
  '/billing/admin/subscriptions/overview',
  '/billing/admin/plans/paypal/P-MEMBERREGULAR/subscribers',
  '/billing/admin/subscriptions/export',
  '/billing/admin/subscriptions/series',
];

describe('admin billing', () => {
  let testApp: TestApp;
  let admin: TestClient;
  const users: TestAccount[] = [];
  const subscriptionIds: number[] = [];

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
    const db = testApp.database.db;
    admin = await adminClient(testApp.app, db);
    await ensurePlans(db);
    const setIds = (code: 'member' | 'add_on', tier: 'regular' | 'early', paypal: string, mobile: string) =>
      db
        .update(billingPlans)
        .set({ paypalPlanId: paypal, mobilePlanId: mobile })
        .where(and(eq(billingPlans.code, code), eq(billingPlans.priceTier, tier)))
        .returning({ id: billingPlans.id })
        .then((rows) => rows[0]!.id);
    const plan = {
      memberRegular: await setIds('member', 'regular', 'P-MEMBERREGULAR', 'pass.sync.member.regular'),
      memberEarly: await setIds('member', 'early', 'P-MEMBEREARLY', 'pass.sync.member.early'),
      addOnRegular: await setIds('add_on', 'regular', 'P-ADDONREGULAR', 'pass.sync.add_on.regular'),
    };
    // A username a spreadsheet would run as a formula, with a comma and quotes to quote.
    users.push(await seedUser(db, { username: '=SUM(1,2)"x"' }));
    for (let index = 1; index < 6; index += 1) users.push(await seedUser(db));
    const rows: (typeof billingSubscriptions.$inferInsert)[] = [
      // In its trial (younger than a month).
      { planId: plan.memberRegular, status: 'ACTIVE', paypalSubscriptionStatus: 'ACTIVE', createdAt: '2026-11-20' },
      // Paying the early price.
      { planId: plan.memberEarly, status: 'ACTIVE', paypalSubscriptionStatus: 'ACTIVE', createdAt: '2026-08-01' },
      // Ended this month.
      {
        planId: plan.memberRegular,
        status: 'CANCELLED',
        paypalSubscriptionStatus: 'CANCELLED',
        createdAt: '2026-06-01',
        cancelledAt: '2026-11-10',
      },
      { planId: plan.addOnRegular, status: 'ACTIVE', paypalSubscriptionStatus: 'ACTIVE', createdAt: '2026-09-15' },
      // A store subscription active by its store status only.
      {
        planId: plan.memberRegular,
        platform: 'mobile' as const,
        store: 'apple' as const,
        subscriptionId: '+1000000001',
        status: 'EXPIRED',
        mobileSubscriptionStatus: 'ACTIVE',
        createdAt: '2026-10-01',
      },
      {
        planId: plan.memberRegular,
        status: 'SUSPENDED',
        paypalSubscriptionStatus: 'SUSPENDED',
        createdAt: '2026-10-30',
      },
    ].map((row, index) => ({
      userId: users[index]!.id,
      planId: row.planId,
      billingPlatform: row.platform ?? 'paypal',
      store: row.store ?? null,
      subscriptionId: row.subscriptionId ?? `I-ADMIN${index + 1}`,
      status: row.status,
      paypalSubscriptionStatus: row.paypalSubscriptionStatus ?? null,
      mobileSubscriptionStatus: row.mobileSubscriptionStatus ?? null,
      createdAt: new Date(`${row.createdAt}T12:00:00Z`),
      cancelledAt: row.cancelledAt ? new Date(`${row.cancelledAt}T12:00:00Z`) : null,
    }));
    for (const row of rows) {
      const [inserted] = await db.insert(billingSubscriptions).values(row).returning({ id: billingSubscriptions.id });
      subscriptionIds.push(inserted!.id);
    }
    const payment = (index: number, id: string, cents: number, paidAt: string, refunded = false) => ({
      subscriptionRowId: subscriptionIds[index]!,
      provider: index === 4 ? ('apple' as const) : ('paypal' as const),
      providerPaymentId: id,
      amountCents: cents,
      currency: 'USD',
      paidAt: new Date(paidAt),
      refundedAt: refunded ? new Date(paidAt) : null,
    });
    await db
      .insert(billingPayments)
      .values([
        payment(1, 'SALE-1', 1500, '2026-11-01T09:00:00Z'),
        payment(3, 'SALE-2', 2000, '2026-10-15T09:00:00Z'),
        payment(4, 'APPLE-1', 2000, '2026-11-20T09:00:00Z', true),
        payment(1, 'SALE-3', 1500, '2026-11-24T11:00:00Z'),
      ]);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('refuses every admin billing call to a visitor (401) and a member (403)', async () => {
    const { client: member } = await signedInMember(testApp.app, testApp.database.db);
    const visitor = new TestClient(testApp.app);
    for (const url of ADMIN_GETS) {
      expectError(await visitor.get(url), 401);
      expectError(await member.get(url), 403);
    }
    for (const url of ['/billing/admin/paypal-plans/provision', '/billing/admin/paypal-plans/sync-to-db']) {
      expectError(await visitor.post(url), 401);
      expectError(await member.post(url), 403);
    }
  });

  it('counts active subscriptions by plan and platform, trials, MRR, 30 days of revenue and this month’s churn', async () => {
    const response = await admin.get('/billing/admin/stats');
    expect(response.statusCode, response.body).toBe(200);
    const stats = AdminBillingStatsResponse.parse(response.json()).data;
    expect(stats).toMatchObject({
      active_subscriptions: 4,
      trials: 1,
      // The membership's early price, the add-on's regular one and the store membership's regular one, past
      // their trial; the one in trial pays nothing yet.
      mrr_cents: 1500 + 500 + 2000,
      // Two early payments within 30 days; the refunded one and the older one left out.
      revenue_30d_cents: 3000,
      currency: 'USD',
      churn_this_month: { cancelled: 1, active_at_month_start: 5, rate: 0.2 },
      generated_at: clock.toISOString(),
    });
    expect(stats.by_plan).toEqual(
      expect.arrayContaining([
        { code: 'member', price_tier: 'regular', name: 'PA$$ Sync Member Plan', platform: 'paypal', active: 1 },
        { code: 'member', price_tier: 'regular', name: 'PA$$ Sync Member Plan', platform: 'mobile', active: 1 },
        { code: 'member', price_tier: 'early', name: 'PA$$ Sync Member Plan', platform: 'paypal', active: 1 },
        { code: 'add_on', price_tier: 'regular', name: 'PA$$ Sync Add-On Account', platform: 'paypal', active: 1 },
      ]),
    );
    expect(stats.by_plan).toHaveLength(4);

    // A verified account is a member; one that has not verified is not yet.
    await seedUser(testApp.database.db, { verified: false });
    await seedUser(testApp.database.db);
    const again = AdminBillingStatsResponse.parse((await admin.get('/billing/admin/stats')).json()).data;
    expect(again.members).toBe(stats.members + 1);
  });

  it('lists the newest subscriptions page by page, 10 unless asked, at most 100', async () => {
    const all = AdminRecentSubscriptionsResponse.parse((await admin.get('/billing/admin/subscriptions/recent')).json());
    expect(all.data.map((row) => row.id)).toEqual([...subscriptionIds].reverse());
    expect(all.next_before).toBeNull();
    expect(all.data[1]).toMatchObject({
      subscription_id: '+1000000001',
      platform: 'mobile',
      store: 'apple',
      active: true,
      plan: { code: 'member', price_tier: 'regular', plan_id: 'pass.sync.member.regular' },
      user: { id: users[4]!.id, username: users[4]!.username },
      created_at: '2026-10-01T12:00:00.000Z',
    });

    const first = AdminRecentSubscriptionsResponse.parse(
      (await admin.get('/billing/admin/subscriptions/recent?limit=4')).json(),
    );
    expect(first.data).toHaveLength(4);
    expect(first.next_before).toBe(subscriptionIds[2]);
    const second = AdminRecentSubscriptionsResponse.parse(
      (await admin.get(`/billing/admin/subscriptions/recent?limit=4&before=${first.next_before}`)).json(),
    );
    expect(second.data.map((row) => row.id)).toEqual([subscriptionIds[1], subscriptionIds[0]]);
    expect(second.next_before).toBeNull();

    expectError(await admin.get('/billing/admin/subscriptions/recent?limit=101'), 400, 'querystring.limit');
    expectError(await admin.get('/billing/admin/subscriptions/recent?limit=0'), 400, 'querystring.limit');
  });

  it('gives each plan its counts by status and its latest subscriptions', async () => {
    const overview = AdminSubscriptionsOverviewResponse.parse(
      (await admin.get('/billing/admin/subscriptions/overview?limit=1')).json(),
    ).data;
    expect(overview).toHaveLength(4);
    const memberRegular = overview.find((entry) => entry.plan.paypal_plan_id === 'P-MEMBERREGULAR')!;
    expect(memberRegular).toMatchObject({ total: 4, active: 2 });
    expect(memberRegular.by_status).toEqual(
      expect.arrayContaining([
        { status: 'ACTIVE', count: 1 },
        { status: 'CANCELLED', count: 1 },
        { status: 'EXPIRED', count: 1 },
        { status: 'SUSPENDED', count: 1 },
      ]),
    );
    expect(memberRegular.latest.map((row) => row.id)).toEqual([subscriptionIds[5]]);
    const addOnEarly = overview.find((entry) => entry.plan.code === 'add_on' && entry.plan.price_tier === 'early')!;
    expect(addOnEarly).toMatchObject({ total: 0, active: 0, by_status: [], latest: [] });

    const byDefault = AdminSubscriptionsOverviewResponse.parse(
      (await admin.get('/billing/admin/subscriptions/overview')).json(),
    ).data;
    expect(byDefault.find((entry) => entry.plan.id === memberRegular.plan.id)!.latest).toHaveLength(4);
  });

  it("pages a plan's subscribers on a platform by the provider's plan id, and answers 404 for an unknown one", async () => {
    const page = (query: string, platform = 'paypal', planId = 'P-MEMBERREGULAR') =>
      admin.get(`/billing/admin/plans/${platform}/${planId}/subscribers${query}`);
    const first = AdminPlanSubscribersResponse.parse((await page('')).json());
    expect(first).toMatchObject({ platform: 'paypal', page: 1, page_size: 20, total: 3 });
    expect(first.plan).toMatchObject({ code: 'member', price_tier: 'regular', paypal_plan_id: 'P-MEMBERREGULAR' });
    expect(first.data.map((row) => row.id)).toEqual([subscriptionIds[5], subscriptionIds[2], subscriptionIds[0]]);
    const second = AdminPlanSubscribersResponse.parse((await page('?page=2&pageSize=2')).json());
    expect(second.data.map((row) => row.id)).toEqual([subscriptionIds[0]]);
    expect(second).toMatchObject({ page: 2, page_size: 2, total: 3 });

    const mobile = AdminPlanSubscribersResponse.parse((await page('', 'mobile', 'pass.sync.member.regular')).json());
    expect(mobile.data.map((row) => row.subscription_id)).toEqual(['+1000000001']);

    expectError(await page('', 'paypal', 'P-NOSUCHPLAN'), 404);
    expectError(await page('', 'paypal', 'pass.sync.member.regular'), 404);
    expectError(await page('', 'bitcoin'), 400, 'params.platform');
    expectError(await page('?pageSize=500'), 400, 'querystring.pageSize');
  });

  it('exports every subscription as CSV with a header row, quoted cells and formulas neutralised', async () => {
    const response = await admin.get('/billing/admin/subscriptions/export');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="pass-subscriptions-2026-11-24.csv"');
    const lines = response.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'id,subscription_id,platform,store,status,paypal_subscription_status,mobile_subscription_status,active,plan_code,plan_name,price_tier,monthly_price_cents,plan_id,user_id,username,email,created_at,next_billing_at,cancelled_at',
    );
    expect(lines).toHaveLength(subscriptionIds.length + 2);
    // The username opens with =, holds a comma and quotes: prefixed with ', quoted, quotes doubled.
    expect(lines[1]).toContain(`,"'=SUM(1,2)""x""","'=sum(1,2)""x""@example.com",`);
    expect(lines[1]!.startsWith(`${subscriptionIds[0]},I-ADMIN1,paypal,,ACTIVE,ACTIVE,,true,member,`)).toBe(true);
    // A store id that opens with + is neutralised too.
    expect(lines[5]).toContain(",'+1000000001,mobile,apple,EXPIRED,,ACTIVE,true,");
    expect(lines[3]).toContain(',2026-06-01T12:00:00.000Z,,2026-11-10T12:00:00.000Z');

    const json = await admin.get('/billing/admin/subscriptions/export?format=json');
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['content-disposition']).toBe('attachment; filename="pass-subscriptions-2026-11-24.json"');
    const body = AdminSubscriptionsExportResponse.parse(json.json());
    expect(body.data.map((row) => row.id)).toEqual(subscriptionIds);
    // JSON has no formulas to run: the text is as stored.
    expect(body.data[0]).toMatchObject({ username: '=SUM(1,2)"x"', plan_code: 'member', active: true });
    expectError(await admin.get('/billing/admin/subscriptions/export?format=xlsx'), 400, 'querystring.format');
  });

  it('neutralises each formula opener and quotes what RFC 4180 asks', () => {
    expect(['=1', '+1', '-1', '@a', '\tx'].map(csvCell)).toEqual(["'=1", "'+1", "'-1", "'@a", "'\tx"]);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(false)).toBe('false');
  });

  it('gives the charts new subscriptions, ended ones and revenue per day and per month, every period filled', async () => {
    const daily = await admin.get('/billing/admin/subscriptions/series');
    expect(daily.statusCode, daily.body).toBe(200);
    const days = AdminSubscriptionsSeriesResponse.parse(daily.json());
    expect(days.interval).toBe('day');
    expect(days.data).toHaveLength(30);
    expect(days.data[0]!.period).toBe('2026-10-26');
    expect(days.data.at(-1)!.period).toBe('2026-11-24');
    const day = (period: string) => days.data.find((point) => point.period === period);
    expect(day('2026-10-30')).toEqual({ period: '2026-10-30', new_subscriptions: 1, cancelled: 0, revenue_cents: 0 });
    expect(day('2026-11-10')).toMatchObject({ cancelled: 1 });
    expect(day('2026-11-20')).toMatchObject({ new_subscriptions: 1, revenue_cents: 0 });
    expect(day('2026-11-24')).toMatchObject({ revenue_cents: 1500 });
    expect(days.data.reduce((sum, point) => sum + point.revenue_cents, 0)).toBe(3000);

    const months = AdminSubscriptionsSeriesResponse.parse(
      (await admin.get('/billing/admin/subscriptions/series?interval=month')).json(),
    );
    expect(months.data.map((point) => point.period)).toEqual([
      '2025-12',
      ...Array.from({ length: 11 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}`),
    ]);
    const month = (period: string) => months.data.find((point) => point.period === period)!;
    expect(month('2026-06').new_subscriptions).toBe(1);
    expect(month('2026-10')).toEqual({ period: '2026-10', new_subscriptions: 2, cancelled: 0, revenue_cents: 2000 });
    expect(month('2026-11')).toEqual({ period: '2026-11', new_subscriptions: 1, cancelled: 1, revenue_cents: 3000 });

    const three = AdminSubscriptionsSeriesResponse.parse(
      (await admin.get('/billing/admin/subscriptions/series?interval=month&count=3')).json(),
    );
    expect(three.data.map((point) => point.period)).toEqual(['2026-09', '2026-10', '2026-11']);
    expectError(await admin.get('/billing/admin/subscriptions/series?count=367'), 400, 'querystring.count');
  });
});

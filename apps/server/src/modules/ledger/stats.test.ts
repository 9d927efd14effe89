import { BetResponse, StatsResponse } from '@pass/contracts';
import { createDb, ledgerVersions, type DbHandle } from '@pass/db';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { adminClient, expectError, TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, NFL, postEntry, signedInMember } from '../../test/ledger.js';
import { SESSION_COOKIE } from '../auth/sessions.service.js';

/** Every kind of money together: these tests are about caching and grouping, not the split (see money.test.ts). */
const statsUrl = (season = 2025, query = '') => `/api/user/stats/${NFL}/season/${season}?money=all${query}`;

/** A pick on the home team at −3.5. */
const homePick = (eventId: number) => ({
  event_id: eventId,
  bet_mode: 1,
  bet_kind: 3,
  bet_type: 4,
  bet_team: 'KC',
  line: -3.5,
});

describe('the statistics answer, cached at the ledger version', () => {
  let testApp: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    testApp = await buildTestApp();
    admin = await adminClient(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  const db = () => testApp.database.db;
  const game = (week: number) => makeGame(db(), { week });
  const finish = async (eventId: number, home: number, away: number, client = admin) => {
    const response = await client.post(`/api/admin/events/${eventId}/result`, {
      status: 'final',
      home_score: home,
      away_score: away,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  async function read(client: TestClient, url = statsUrl()) {
    const response = await client.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return { etag: String(response.headers.etag), body: response.body, stats: StatsResponse.parse(response.json()) };
  }

  /** Changes a graded entry's reward behind the ledger's back: no new version, so caches cannot know. */
  const changeUnseen = (entryId: number, reward: number) =>
    db().execute(sql`update user_bets set reward = ${reward} where id = ${entryId}`);

  it('serves the cached answer while nothing changed, and a new one after each change to the ledger', async () => {
    const { client } = await signedInMember(testApp.app, db());
    const [marked, later, graded] = [await game(1), await game(2), await game(3)];
    const marker = BetResponse.parse((await postEntry(client, homePick(marked))).json()).data.id;
    await finish(marked, 27, 24); // KC by 3 does not cover −3.5: −5
    expect((await read(client)).stats.totals.picks.points).toBe(-5);

    // Each step: the answer is cached (an unseen change does not show), then a change through the ledger
    // makes the next answer come from the database again (the unseen change shows with it).
    let unseen = -5;
    async function afterChange(change: () => Promise<unknown>): Promise<StatsResponse> {
      const cached = await read(client);
      unseen -= 1;
      await changeUnseen(marker, unseen);
      const again = await read(client);
      expect(again.body).toBe(cached.body);
      expect(again.etag).toBe(cached.etag);
      await change();
      const fresh = await read(client);
      expect(fresh.etag).not.toBe(cached.etag);
      expect(fresh.stats.by_week.find((week) => week.nbr === 1)!.picks.points).toBe(unseen);
      return fresh.stats;
    }

    // A new entry: a real bet recorded after its game ended is graded at once (KC −200 wins $100 on $200).
    const bet = await afterChange(() =>
      postEntry(client, {
        event_id: marked,
        bet_mode: 3,
        bet_kind: 1,
        bet_type: 5,
        bet_team: 'KC',
        price: -200,
        stake: 200,
        is_simulated: false,
      }),
    );
    expect(bet.totals.bets).toMatchObject({ count: 1, profit_cents: 10_000 });

    let openPick = 0;
    await afterChange(async () => {
      openPick = BetResponse.parse((await postEntry(client, homePick(later))).json()).data.id;
    });
    await afterChange(() =>
      client.request({ method: 'PATCH', url: `/api/user/bets/${openPick}`, payload: { line: -2.5 } }),
    );
    await afterChange(() => client.request({ method: 'DELETE', url: `/api/user/bets/${openPick}` }));

    const onGraded = BetResponse.parse((await postEntry(client, homePick(graded))).json()).data.id;
    expect(onGraded).toBeGreaterThan(0);
    const afterGrading = await afterChange(() => finish(graded, 30, 20)); // KC by 10 covers: +5
    expect(afterGrading.by_week.find((week) => week.nbr === 3)!.picks.points).toBe(5);
    const afterCorrection = await afterChange(() => finish(graded, 21, 20)); // corrected: KC by 1, −5
    expect(afterCorrection.by_week.find((week) => week.nbr === 3)!.picks.points).toBe(-5);
    expect(afterCorrection.totals.record).toBe('1-2-0');
  });

  it('answers 304 to If-None-Match while the ledger is unchanged, with an ETag no other member shares', async () => {
    const alice = await signedInMember(testApp.app, db());
    const bob = await signedInMember(testApp.app, db());
    const first = await alice.client.get(statsUrl());
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toMatch(/cookie/i);

    const revalidated = await alice.client.get(statsUrl(), { headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect(
      (await alice.client.get(statsUrl(), { headers: { 'if-none-match': `"other", W/${etag}` } })).statusCode,
    ).toBe(304);

    // Bob's ledger is just as new (no entries either), yet Alice's ETag is not his answer.
    const bobs = await bob.client.get(statsUrl(), { headers: { 'if-none-match': etag } });
    expect(bobs.statusCode).toBe(200);
    expect(bobs.headers.etag).not.toBe(etag);
    // Nor is it another season's, or the answer without summary rows.
    expect((await alice.client.get(statsUrl(2024), { headers: { 'if-none-match': etag } })).statusCode).toBe(200);
    expect(
      (await alice.client.get(statsUrl(2025, '&rows=none'), { headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(200);

    const eventId = await game(5);
    await postEntry(alice.client, homePick(eventId));
    await finish(eventId, 35, 10);
    const changed = await alice.client.get(statsUrl(), { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(StatsResponse.parse(changed.json()).totals.record).toBe('1-0-0');
  });

  it('leaves out the summary rows with rows=none, and refuses another value of rows', async () => {
    const { client } = await signedInMember(testApp.app, db());
    const eventId = await game(6);
    await postEntry(client, homePick(eventId));
    await postEntry(client, { ...homePick(eventId), bet_mode: 2 });
    await finish(eventId, 30, 20);
    const full = await read(client);
    const lean = await read(client, statsUrl(2025, '&rows=none'));
    expect(full.stats.data).toHaveLength(2);
    expect(lean.stats.data).toBeUndefined();
    const { data: _rows, ...rest } = full.stats;
    expect(lean.stats).toEqual(rest);
    expect(lean.body.length).toBeLessThan(full.body.length);
    expectError(await client.get(statsUrl(2025, '&rows=all')), 400, 'querystring.rows');
  });

  it('raises the version of every member a grading changes, once, and no one else’s', async () => {
    const members = [
      await signedInMember(testApp.app, db()),
      await signedInMember(testApp.app, db()),
      await signedInMember(testApp.app, db()),
    ];
    const bystander = await signedInMember(testApp.app, db());
    const eventId = await game(8);
    for (const { client } of members) {
      await postEntry(client, homePick(eventId));
      await postEntry(client, { ...homePick(eventId), bet_mode: 2 });
    }
    await postEntry(bystander.client, homePick(await game(8)));
    const ids = [...members, bystander].map(({ account }) => account.id);
    const versions = async () =>
      new Map(
        (
          await db()
            .select({ userId: ledgerVersions.userId, version: ledgerVersions.version })
            .from(ledgerVersions)
            .where(inArray(ledgerVersions.userId, ids))
        ).map((row) => [row.userId, row.version]),
      );
    for (const { client } of members) expect((await read(client)).stats.totals.entries).toBe(0);
    const before = await versions();
    await finish(eventId, 30, 20);
    const after = await versions();
    for (const { account, client } of members) {
      expect(after.get(account.id)).toBe(before.get(account.id)! + 1);
      expect((await read(client)).stats.totals.record).toBe('1-1-0');
    }
    expect(after.get(bystander.account.id)).toBe(before.get(bystander.account.id));
  });

  describe('with two server instances on one database', () => {
    let second: { app: FastifyInstance; database: DbHandle };

    beforeAll(async () => {
      const { database, config } = testApp;
      // On PostgreSQL the second instance has a pool of its own, as another server would; PGlite is
      // in-process, so there it shares the handle (and must not close it).
      const handle: DbHandle =
        database.raw.kind === 'postgres'
          ? await createDb({ databaseUrl: database.raw.pool.options.connectionString!, poolSize: 2 })
          : { ...database, close: async () => {} };
      const app = await buildApp({ config, database: handle, logger: false });
      await app.ready();
      second = { app, database: handle };
    });
    afterAll(async () => {
      await second.app.close();
    });

    /** The same browser (session cookie) against the other instance, as a load balancer would send it. */
    const onSecond = (client: TestClient) => {
      const other = new TestClient(second.app);
      other.cookies.set(SESSION_COOKIE, client.sessionId!);
      return other;
    };

    it('never serves a stale answer after a change made through the other instance', async () => {
      const { client: first } = await signedInMember(testApp.app, db());
      const other = onSecond(first);
      const eventId = await game(9);
      await postEntry(first, homePick(eventId));
      await finish(eventId, 30, 20);
      const fromFirst = await read(first);
      const fromSecond = await read(other);
      expect(fromSecond.body).toBe(fromFirst.body);
      expect(fromSecond.etag).toBe(fromFirst.etag);
      expect((await other.get(statsUrl(), { headers: { 'if-none-match': fromFirst.etag } })).statusCode).toBe(304);

      // A bet recorded through the second instance: the first, which cached the older answer, sees it.
      const bet = await postEntry(other, {
        event_id: eventId,
        bet_mode: 3,
        bet_kind: 1,
        bet_type: 5,
        bet_team: 'BUF',
        price: 170,
        stake: 100,
        is_simulated: false,
      });
      expect(bet.statusCode, bet.body).toBe(201);
      expect((await read(first)).stats.totals).toMatchObject({ record: '1-1-0', bets: { profit_cents: -10_000 } });

      // A score correction through the first instance's admin: the second, which cached before it, sees it.
      expect((await read(other)).stats.totals.record).toBe('1-1-0');
      await finish(eventId, 20, 24); // BUF wins outright: the pick loses, the bet wins $170
      const corrected = await read(other);
      expect(corrected.stats.totals).toMatchObject({ record: '1-1-0', bets: { profit_cents: 17_000 } });
      expect(corrected.stats.totals.picks.points).toBe(-5);
      expect((await read(first)).body).toBe(corrected.body);
    });
  });

  it('keeps a version per member in the database, starting when the member first changes their ledger', async () => {
    const { client, account } = await signedInMember(testApp.app, db());
    const stored = async () =>
      (await db().select().from(ledgerVersions).where(eq(ledgerVersions.userId, account.id)))[0]?.version;
    expect(await stored()).toBeUndefined();
    await postEntry(client, homePick(await game(10)));
    expect(await stored()).toBe(1);
  });
});

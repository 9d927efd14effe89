import { PoolStandingsResponse, PoolWeekResponse, WeeklyResultsResponse, type PoolWeekView } from '@pass/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { adminClient, expectError, type TestClient } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey } from '../../test/ledger.js';
import { poolSettings, poolWithGuests, quoteSpread } from '../../test/pools.js';
import { submitPicks } from './picks.service.js';

/**
 * The integrity of a pool's results (issue 23, finding 8), through the API with the server clock set by the
 * test: the lock at the second, a re-submission that changes nothing keeps its time, weekly winners only once
 * the week is decided, a removed member's past weeks kept.
 */

const START = new Date('2025-09-02T12:00:00Z');
let clock = START;
const THURSDAY = '2025-09-05T00:20:00.000Z';
const SUNDAY = '2025-09-07T17:00:00.000Z';

describe('pool integrity', () => {
  let testApp: TestApp;
  let admin: TestClient;
  const db = () => testApp.database.db;
  let thursday: number; // DAL at PHI, PHI −7
  let sunday: number; // BAL at BUF, BUF −1.5

  const game = async (home: string, away: string, kickoff: string, homeSpread: number) => {
    const id = await makeGame(db(), { home, away, kickoff: new Date(kickoff), week: 1, season: 2025, lines: false });
    await quoteSpread(db(), { eventId: id, home, away, homeSpread, fetchedAt: new Date('2025-09-01T12:00:00Z') });
    return id;
  };
  const makePool = () =>
    poolWithGuests(testApp.app, db(), poolSettings({ games_per_week: 2, last_man_standing: false }), 2);
  const submit = (client: TestClient, poolId: number, body: object) =>
    client.request({
      method: 'PUT',
      url: `/api/pools/${poolId}/weeks/1/picks`,
      payload: body,
      headers: { 'idempotency-key': newKey() },
    });
  const ownSheet = (response: Awaited<ReturnType<typeof submit>>, memberId: number) => {
    expect(response.statusCode, response.body).toBe(200);
    const view: PoolWeekView = PoolWeekResponse.parse(response.json()).data;
    return view.sheets.find((sheet) => sheet.member_id === memberId)!;
  };
  const results = async (client: TestClient, poolId: number) => {
    const response = await client.get(`/api/pools/${poolId}/results`);
    expect(response.statusCode, response.body).toBe(200);
    return WeeklyResultsResponse.parse(response.json()).data.weeks;
  };
  const finish = async (eventId: number, home: number, away: number) => {
    const response = await admin.post(`/api/admin/events/${eventId}/result`, {
      status: 'final',
      home_score: home,
      away_score: away,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** The games back to no result (the admin's cleared), for the tests that follow. */
  const clearResults = async () => {
    for (const id of [thursday, sunday]) {
      const response = await admin.request({ method: 'DELETE', url: `/api/admin/events/${id}/result` });
      expect(response.statusCode, response.body).toBe(200);
    }
  };
  const at = async <T>(instant: Date | string, work: () => Promise<T>): Promise<T> => {
    clock = new Date(instant);
    try {
      return await work();
    } finally {
      clock = START;
    }
  };

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => clock });
    admin = await adminClient(testApp.app, db());
    thursday = await game('PHI', 'DAL', THURSDAY, -7);
    sunday = await game('BUF', 'BAL', SUNDAY, -1.5);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('locks a pick at its kickoff to the second: accepted a second before, refused at kickoff and a second after', async () => {
    const { pool, guests } = await makePool();
    const guest = guests[0]!;
    const kickoff = Date.parse(THURSDAY);
    const pick = (team: string) => submit(guest.client, pool.id, { picks: [{ event_id: thursday, team }] });

    const before = await at(new Date(kickoff - 1000), () => pick('DAL'));
    expect(ownSheet(before, guest.memberId).picks.map((row) => row.team)).toEqual(['DAL']);
    for (const instant of [kickoff, kickoff + 1000]) {
      const refused = expectError(await at(new Date(instant), () => pick('PHI')), 400);
      expect(refused.error.fields).toEqual([
        {
          field: 'body.picks',
          reason: 'locked',
          message: `DAL at PHI kicked off at ${THURSDAY}; its pick is locked`,
        },
      ]);
    }
    const kept = await at(new Date(kickoff + 1000), () => guest.client.get(`/api/pools/${pool.id}/weeks/1`));
    const sheet = PoolWeekResponse.parse(kept.json()).data.sheets.find((row) => row.member_id === guest.memberId)!;
    expect(sheet.picks.map((row) => row.team)).toEqual(['DAL']);
  });

  it('judges the lock when the sheet is written: a submission that waited for the pool past kickoff is refused', async () => {
    const { pool, guests } = await makePool();
    const guest = guests[0]!;
    const kickoff = Date.parse(THURSDAY);
    let serverClock = new Date(kickoff - 1000);
    let sent: Promise<unknown> | undefined;
    // Another change of the pool holds its row (on PGlite, the one connection) while the pick arrives, a second
    // before kickoff; it is written two seconds later.
    await db().transaction(async (tx) => {
      await tx.execute(sql`select id from pools where id = ${pool.id} for update`);
      sent = submitPicks(db(), {
        poolId: pool.id,
        userId: guest.account.id,
        week: 1,
        idempotencyKey: newKey(),
        body: { picks: [{ event_id: thursday, team: 'DAL' }] },
        now: () => serverClock,
      }).catch((error: unknown) => error);
      // The submission waits for the pool meanwhile; the clock moves on before it gets it.
      await tx.execute(sql`select 1`);
      serverClock = new Date(kickoff + 1000);
    });
    const outcome = await sent;
    expect(outcome).toBeInstanceOf(AppError);
    expect((outcome as AppError).fields?.map((field) => field.reason)).toEqual(['locked']);
  });

  it('keeps the submission time when a re-submission changes nothing, and moves it when an open pick changes', async () => {
    const { pool, guests } = await makePool();
    const guest = guests[0]!;
    const body = {
      picks: [
        { event_id: thursday, team: 'DAL' },
        { event_id: sunday, team: 'BUF' },
      ],
      tiebreaker: 41,
    };
    const first = ownSheet(await submit(guest.client, pool.id, body), guest.memberId);
    expect(first.submitted_at).toBe(START.toISOString());

    // After the Thursday kickoff, the same sheet again (a new key, not a replay): accepted, its time kept.
    const same = await at('2025-09-05T01:00:00Z', () => submit(guest.client, pool.id, body));
    expect(ownSheet(same, guest.memberId).submitted_at).toBe(START.toISOString());
    // The locked pick left out, the open ones as they were: nothing changed either.
    const partial = await at('2025-09-05T01:00:00Z', () =>
      submit(guest.client, pool.id, { picks: [{ event_id: sunday, team: 'BUF' }] }),
    );
    expect(ownSheet(partial, guest.memberId).submitted_at).toBe(START.toISOString());

    // An open pick changed: the time moves to this submission.
    const changed = await at('2025-09-06T12:00:00Z', () =>
      submit(guest.client, pool.id, { picks: [{ event_id: sunday, team: 'BAL' }] }),
    );
    expect(ownSheet(changed, guest.memberId).submitted_at).toBe('2025-09-06T12:00:00.000Z');
  });

  it("names a week's winners only once every slate game is final", async () => {
    const { pool, guests } = await makePool();
    const [ann, bob] = guests;
    await submit(ann!.client, pool.id, {
      picks: [
        { event_id: thursday, team: 'DAL' },
        { event_id: sunday, team: 'BUF' },
      ],
    });
    await submit(bob!.client, pool.id, {
      picks: [
        { event_id: thursday, team: 'PHI' },
        { event_id: sunday, team: 'BAL' },
      ],
    });
    // DAL covers +7 on Thursday: ann leads, the Sunday game is still to play.
    await finish(thursday, 24, 20);
    const [midweek] = await at('2025-09-06T12:00:00Z', () => results(ann!.client, pool.id));
    expect(midweek).toMatchObject({ complete: false, winners: [] });
    expect(midweek!.rows[0]).toMatchObject({ member_id: ann!.memberId, rank: 1 });
    // BAL covers on Sunday; ann and bob are level, no one else picked: the week is decided.
    await finish(sunday, 20, 21);
    const [decided] = await at('2025-09-08T12:00:00Z', () => results(ann!.client, pool.id));
    expect(decided!.complete).toBe(true);
    expect(decided!.winners.length).toBeGreaterThan(0);
    await clearResults();
  });

  it("keeps a removed member's picks in the weeks they were in, marked, and out of the standings", async () => {
    const { pool, lifeguard, guests } = await makePool();
    const [ann, bob] = guests;
    await submit(ann!.client, pool.id, {
      picks: [
        { event_id: thursday, team: 'DAL' },
        { event_id: sunday, team: 'BUF' },
      ],
    });
    await submit(bob!.client, pool.id, {
      picks: [
        { event_id: thursday, team: 'PHI' },
        { event_id: sunday, team: 'BUF' },
      ],
    });
    await finish(thursday, 24, 20);
    await finish(sunday, 24, 20);
    // The week is played; a week later the Lifeguard removes ann, who won it.
    const removed = await at('2025-09-12T12:00:00Z', () =>
      lifeguard.client.request({ method: 'DELETE', url: `/api/pools/${pool.id}/members/${ann!.memberId}` }),
    );
    expect(removed.statusCode, removed.body).toBeLessThan(300);

    const [week] = await at('2025-09-12T12:00:00Z', () => results(bob!.client, pool.id));
    const rows = week!.rows.map((row) => [row.member_id, row.points, row.removed]);
    // DAL +7 and BUF −1.5 both cover: ann 10, bob 0 (−5 + 5), the Lifeguard two missed picks.
    expect(rows).toEqual([
      [ann!.memberId, 10, true],
      [bob!.memberId, 0, false],
      [lifeguard.memberId, -10, false],
    ]);
    expect(week!.winners).toEqual([ann!.memberId]);
    expect(week!.rows[0]!.picks.map((pick) => pick.team)).toEqual(['DAL', 'BUF']);

    const standings = await at('2025-09-12T12:00:00Z', () => bob!.client.get(`/api/pools/${pool.id}/standings`));
    expect(PoolStandingsResponse.parse(standings.json()).data.rows.map((row) => row.member_id)).toEqual([
      bob!.memberId,
      lifeguard.memberId,
    ]);
    await clearResults();
  });
});

import { rows } from '@pass/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, newKey } from '../../test/ledger.js';
import { poolSettings, poolWithGuests, quoteSpread } from '../../test/pools.js';
import { submitPicks } from './picks.service.js';
import { bumpPoolsOfEvents } from './standings.repository.js';
import { publishWeekSlate } from './weeks.service.js';

/**
 * Submissions side by side (issue 24): on PostgreSQL, a member's submission goes through while another
 * member's submission to the same pool and week is still under way, and a change of the pool itself (a slate
 * published) waits for the submissions under way. PGlite has one connection, on which every transaction
 * waits its turn whatever it locks, so this runs on PostgreSQL only.
 */

const START = new Date('2025-09-02T12:00:00Z');
const THURSDAY = '2025-09-05T00:20:00.000Z';
const SUNDAY = '2025-09-07T17:00:00.000Z';

describe('submissions side by side', () => {
  let testApp: TestApp;
  const db = () => testApp.database.db;
  const games: number[] = [];

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => START });
    for (const [home, away, kickoff] of [
      ['PHI', 'DAL', THURSDAY],
      ['BUF', 'BAL', SUNDAY],
    ] as const) {
      const id = await makeGame(db(), { home, away, kickoff: new Date(kickoff), week: 1, season: 2025, lines: false });
      await quoteSpread(db(), { eventId: id, home, away, homeSpread: -3, fetchedAt: new Date('2025-09-01T12:00:00Z') });
      games.push(id);
    }
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  const makePool = () =>
    poolWithGuests(testApp.app, db(), poolSettings({ games_per_week: 2, last_man_standing: true }), 2);
  const submit = (userId: number, poolId: number, team: string) =>
    submitPicks(db(), {
      poolId,
      userId,
      week: 1,
      idempotencyKey: newKey(),
      body: { picks: [{ event_id: games[0]!, team }], lms_team: team },
      now: START,
    });

  it("writes a member's sheet while another member's submission to the same week is under way", async () => {
    const { pool, guests } = await makePool();
    const [first, second] = guests as [(typeof guests)[0], (typeof guests)[0]];
    await submit(first.account.id, pool.id, 'DAL');
    await db().transaction(async (tx) => {
      // The first guest's submission, under way: the pool's row shared, their sheet's row taken, not committed.
      await tx.execute(sql`select id from pools where id = ${pool.id} for key share`);
      await tx.execute(
        sql`select s.id from pool_sheets s join pool_weeks w on w.id = s.pool_week_id
            where w.pool_id = ${pool.id} and s.member_id = ${first.memberId} for update of s`,
      );
      // Waiting for it here would never end: the transaction above commits only once this has answered.
      const view = await submit(second.account.id, pool.id, 'DAL');
      expect(view.sheets.find((sheet) => sheet.member_id === second.memberId)!.picks.map((pick) => pick.team)).toEqual([
        'DAL',
      ]);
    });
    // And the first guest's next submission goes through once the one under way is over.
    const view = await submit(first.account.id, pool.id, 'PHI');
    expect(view.sheets.find((sheet) => sheet.member_id === first.memberId)!.lms_team).toBe('PHI');
  }, 30_000);

  it('publishes a slate only once the submissions under way are over', async () => {
    const { pool, lifeguard } = await makePool();
    const order: string[] = [];
    let publishing: Promise<unknown> | undefined;
    await db().transaction(async (tx) => {
      await tx.execute(sql`select id from pools where id = ${pool.id} for key share`);
      publishing = publishWeekSlate(db(), {
        poolId: pool.id,
        userId: lifeguard.account.id,
        week: 1,
        body: { event_ids: [games[1]!, games[0]!] },
        now: START,
      }).then(() => order.push('published'));
      // Long enough for the publication to finish, had it not waited for this submission.
      await tx.execute(sql`select pg_sleep(0.3)`);
      order.push('submission over');
    });
    await publishing;
    expect(order).toEqual(['submission over', 'published']);
  }, 30_000);

  it("takes the pools' and the weeks' rows in id order when a result raises their versions", async () => {
    // Three pools whose week 1 holds the first game: a result raises the three pools' and the three weeks' versions.
    const published = [];
    for (let index = 0; index < 3; index += 1) {
      const { pool, lifeguard } = await makePool();
      await publishWeekSlate(db(), {
        poolId: pool.id,
        userId: lifeguard.account.id,
        week: 1,
        body: { event_ids: [games[0]!, games[1]!] },
        now: START,
      });
      published.push(pool.id);
    }
    const weekIds = (
      await rows<{ id: number }>(
        db(),
        sql`select id from pool_weeks where pool_id = any(${sql.param(published)}::int[]) and week = 1 order by id`,
      )
    ).map((row) => row.id);
    for (const [table, ids] of [
      ['pools', [...published].sort((a, b) => a - b)],
      ['pool_weeks', weekIds],
    ] as const) {
      // The first row written again, so the table holds it after the others, as a day of changes leaves rows in
      // an order that is not their ids': a statement that takes rows as it finds them would come to it last.
      await db().execute(sql`update ${sql.identifier(table)} set id = id where id = ${ids[0]!}`);
      let raised: Promise<void> | undefined;
      await db().transaction(async (tx) => {
        // The first row held elsewhere (as a store of week totals holds its weeks' rows, in id order).
        await tx.execute(sql`select id from ${sql.identifier(table)} where id = ${ids[0]!} for no key update`);
        raised = db().transaction((other) => bumpPoolsOfEvents(other, [games[0]!], START));
        await expect
          .poll(
            async () =>
              // Read outside the transaction: inside one, the activity is a snapshot taken at its first read.
              (
                await rows<{ waiting: number }>(
                  db(),
                  sql`select count(*)::int as waiting from pg_stat_activity
                      where wait_event_type = 'Lock' and query like ${`%update "${table}"%`}`,
                )
              )[0]!.waiting,
            { timeout: 10_000 },
          )
          .toBe(1);
        // The result waits for the first row holding none after it: the last is free at once.
        await tx.execute(
          sql`select id from ${sql.identifier(table)} where id = ${ids.at(-1)!} for no key update nowait`,
        );
      });
      await raised;
    }
  }, 30_000);
});

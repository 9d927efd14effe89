import { BetResponse } from '@pass/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeGame, postEntry, signedInMember } from '../../test/ledger.js';
import { gradeEvent } from './grading.service.js';
import { getLedgerVersion } from './ledger-versions.repository.js';

describe('an entry follows its game to a renumbered week (decision 024)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('takes the week an import gave the game and bumps the member ledger version', async () => {
    const { db } = testApp.database;
    const { client, account } = await signedInMember(testApp.app, db);
    const eventId = await makeGame(db, { week: 1, season: 2025 });
    const created = await postEntry(client, {
      event_id: eventId,
      bet_mode: 1,
      bet_kind: 3,
      bet_type: 4,
      bet_team: 'KC',
      line: -4.5,
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = BetResponse.parse(created.json()).data;
    expect(entry.yr_week).toBe(202501);

    // As an import renumbers a college bowl from the source's week 1 to the calendar's Bowls week.
    await db.execute(sql`update events set week = 17 where id = ${eventId}`);
    const before = await getLedgerVersion(db, account.id);
    await gradeEvent(db, eventId, new Date());
    const after = BetResponse.parse((await client.get(`/api/user/bets/${entry.id}`)).json()).data;
    expect(after.yr_week).toBe(202517);
    const moved = await getLedgerVersion(db, account.id);
    expect(moved).toBeGreaterThan(before);

    // Nothing moves a second time.
    await gradeEvent(db, eventId, new Date());
    expect(await getLedgerVersion(db, account.id)).toBe(moved);
  });
});

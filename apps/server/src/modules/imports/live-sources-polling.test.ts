import type { DbHandle } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ESPN_FIXTURES, FakeEspn, finalState, readEspnBoard, withState } from '../../test/espn.js';
import { testConfig } from '../../test/helpers.js';
import { createLiveSources } from './live-sources.js';
import { listLiveSources, pollDueSources } from './source-polls.service.js';

/**
 * The live sources as the scheduler polls them (docs/decisions/067, 068), against a fake ESPN serving the week-12
 * capture: the daily poll asks for the whole season, a game day for the day being played, a game under way every
 * 30 s, and the final is graded within one poll of ESPN showing it.
 */

/** Bills at Texans, Thursday night of week 12 (kickoff 01:15 UTC on the 21st). */
const BUF_HOU = '401772946';
const SCOREBOARD = '/apis/site/v2/sports/football/nfl/scoreboard';

describe('polling the ESPN scoreboard on the calendar', () => {
  let database: DbHandle;
  const espn = new FakeEspn();
  beforeAll(async () => {
    database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
    await espn.server.start();
  });
  afterAll(async () => {
    await espn.server.stop();
    await database?.close();
  });

  const sources = () =>
    createLiveSources(testConfig({ ESPN_API_URL: espn.url }), () => {}, { timeoutMs: 500, attempts: 1 }).filter(
      (source) => source.key === 'espn:americanfootball_nfl',
    );
  const event = async () =>
    (
      (await database.db.execute(sql`select e.status, e.home_score, e.away_score, e.live_detail from events e
          join event_source_keys k on k.event_id = e.id where k.source = 'espn' and k.source_key = ${BUF_HOU}`)) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows[0];

  it('asks for the season daily, for the day being played on a game day and while the game is on, then grades the final', async () => {
    const week12 = readEspnBoard(ESPN_FIXTURES.nflWeek12);
    espn.serve(`${SCOREBOARD}?dates=20250820-20260220&limit=1000`, week12);
    espn.serve(`${SCOREBOARD}?dates=20251120`, week12);

    // Thursday morning, nothing of the season stored: the whole season is asked for.
    const morning = new Date('2025-11-20T15:00:00Z');
    expect((await pollDueSources(database.db, sources(), morning)).polled).toEqual([
      { key: 'espn:americanfootball_nfl', outcome: 'changed' },
    ]);
    expect(await event()).toMatchObject({ status: 'scheduled' });
    // The kickoff is within 12 hours: a game day, polled every 15 minutes for the day being played.
    expect((await pollDueSources(database.db, sources(), new Date('2025-11-20T15:10:00Z'))).polled).toEqual([]);
    await pollDueSources(database.db, sources(), new Date('2025-11-20T15:16:00Z'));
    expect(espn.server.requests.map((request) => request.url)).toEqual([
      `${SCOREBOARD}?dates=20250820-20260220&limit=1000`,
      `${SCOREBOARD}?dates=20251120`,
    ]);

    // Under way (the day being played is still Thursday after midnight UTC): every 30 s.
    espn.serve(
      `${SCOREBOARD}?dates=20251120`,
      withState(
        week12,
        BUF_HOU,
        { name: 'STATUS_IN_PROGRESS', state: 'in', period: 2, clock: '4:12', detail: '4:12 - 2nd Quarter' },
        { home: 3, away: 10 },
      ),
    );
    const kickedOff = new Date('2025-11-21T02:00:00Z');
    await pollDueSources(database.db, sources(), kickedOff);
    expect(await event()).toMatchObject({ status: 'in_progress', home_score: 3, away_score: 10 });
    expect((await event())!.live_detail).toMatch(/2nd Quarter/);
    const [state] = await listLiveSources(database.db, sources());
    expect(state).toMatchObject({ cadence: 'live', next_poll_at: '2025-11-21T02:00:30.000Z' });

    const final = withState(week12, BUF_HOU, finalState(), { home: 23, away: 19 });
    espn.serve(`${SCOREBOARD}?dates=20251120`, final);
    await pollDueSources(database.db, sources(), new Date('2025-11-21T04:30:00Z'));
    expect(await event()).toMatchObject({ status: 'final', home_score: 23, away_score: 19, live_detail: null });

    // No game on until Sunday: the daily poll of the season again, where the final stays final.
    await pollDueSources(database.db, sources(), new Date('2025-11-21T04:31:00Z'));
    expect(espn.server.requests.at(-1)!.url).toBe(`${SCOREBOARD}?dates=20250820-20260220&limit=1000`);
    expect(await event()).toMatchObject({ status: 'final', home_score: 23 });
    // A day later nothing has changed: ESPN answers 304 and nothing is imported.
    await pollDueSources(database.db, sources(), new Date('2025-11-22T04:31:00Z'));
    const [after] = await listLiveSources(database.db, sources());
    expect(after).toMatchObject({ last_status: 304, last_outcome: 'unchanged', cadence: 'idle' });
  });
});

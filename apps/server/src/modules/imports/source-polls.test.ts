import type { DbHandle } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SourceFetchError } from './source-fetch.js';
import { pruneLiveResponses } from './source-polls.repository.js';
import {
  listLiveSources,
  pollDueSources,
  setLiveSourceEnabled,
  type PollAnswer,
  type PolledSource,
} from './source-polls.service.js';

/**
 * The live sources' polling (docs/decisions/067) on a real database: the calendar decides who is due, each
 * answer is recorded with the conditional state the next poll sends back, failures back off, and a source
 * the admin switched off is not polled.
 */

const kickoff = new Date('2025-11-23T18:00:00Z');
const after = (ms: number) => new Date(kickoff.getTime() + ms);
const MINUTE = 60_000;

/** A source of our own interface whose answers the test decides: the outside systems' fakes are elsewhere. */
function scriptedSource(key: string, sport: PolledSource['sport'], answers: (() => PollAnswer)[]) {
  const calls: { at: Date; etag: string | null; bodyHash: string | null }[] = [];
  const source: PolledSource = {
    key,
    name: key,
    sport,
    liveEveryMs: 30_000,
    async poll(_db, now, previous) {
      calls.push({ at: now, ...previous });
      const next = answers.shift();
      if (!next) throw new Error('no answer scripted');
      return next();
    },
  };
  return { source, calls };
}

const changed = (etag: string): PollAnswer => ({
  status: 200,
  changed: true,
  etag,
  bodyHash: `hash-${etag}`,
  summaries: [{ source: 'espn', runId: 1, added: 0, updated: 2, unchanged: 12, skipped: [] } as never],
});
const unchanged = (etag: string): PollAnswer => ({
  status: 304,
  changed: false,
  etag,
  bodyHash: `hash-${etag}`,
  summaries: [],
});

describe('polling the live sources', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
    // One NFL game kicking off at 18:00; nothing for MLB.
    await database.db.execute(sql`insert into events (sport, season, week, season_type, kickoff_at, game_date,
      home_team, away_team, status) values ('americanfootball_nfl', 2025, 12, 'regular',
      ${kickoff.toISOString()}::timestamptz, '2025-11-23', 'HOU', 'BUF', 'scheduled')`);
  });
  afterAll(() => database.close());

  it('polls live every 30 s, sends the last ETag back, and records each answer', async () => {
    const nfl = scriptedSource('espn:americanfootball_nfl', 'americanfootball_nfl', [
      () => changed('"a"'),
      () => unchanged('"a"'),
      () => changed('"b"'),
    ]);
    const mlb = scriptedSource('espn:baseball_mlb', 'baseball_mlb', [() => unchanged('"m"')]);
    const sources = [nfl.source, mlb.source];

    const first = await pollDueSources(database.db, sources, after(5 * MINUTE));
    expect(first.polled).toEqual([
      { key: 'espn:americanfootball_nfl', outcome: 'changed' },
      { key: 'espn:baseball_mlb', outcome: 'unchanged' },
    ]);
    expect(first.changedSports).toEqual(['americanfootball_nfl']);
    // 10 s later nothing is due; 30 s after the first poll the NFL is, with the ETag it got; MLB waits a day.
    expect((await pollDueSources(database.db, sources, after(5 * MINUTE + 10_000))).polled).toEqual([]);
    const second = await pollDueSources(database.db, sources, after(5 * MINUTE + 30_000));
    expect(second.polled).toEqual([{ key: 'espn:americanfootball_nfl', outcome: 'unchanged' }]);
    expect(second.changedSports).toEqual([]);
    expect(nfl.calls[1]).toMatchObject({ etag: '"a"', bodyHash: 'hash-"a"' });

    const [shown] = await listLiveSources(database.db, sources);
    expect(shown).toMatchObject({
      key: 'espn:americanfootball_nfl',
      enabled: true,
      cadence: 'live',
      last_status: 304,
      last_outcome: 'unchanged',
      etag: '"a"',
      last_summary: { added: 0, updated: 2, unchanged: 12, skipped: 0 },
      next_poll_at: after(5 * MINUTE + 60_000).toISOString(),
      failures: 0,
    });
    expect(shown!.last_changed_at).toBe(after(5 * MINUTE).toISOString());
  });

  it('backs off after failures, keeps the error for the admin, and recovers', async () => {
    const source = scriptedSource('statsapi:baseball_mlb', 'americanfootball_nfl', [
      () => {
        throw new SourceFetchError('the MLB Stats API answered 500', 500);
      },
      () => {
        throw new SourceFetchError('the MLB Stats API answered 429', 429);
      },
      () => changed('"s"'),
    ]);
    const at = after(10 * MINUTE);
    expect((await pollDueSources(database.db, [source.source], at)).polled[0]!.outcome).toBe('failed');
    // Due again one minute later (not 30 s), then two minutes after that.
    expect((await pollDueSources(database.db, [source.source], new Date(at.getTime() + 30_000))).polled).toEqual([]);
    await pollDueSources(database.db, [source.source], new Date(at.getTime() + MINUTE));
    let [state] = await listLiveSources(database.db, [source.source]);
    expect(state).toMatchObject({ failures: 2, last_status: 429, last_outcome: 'failed' });
    expect(state!.last_error).toMatch(/429/);
    expect(state!.next_poll_at).toBe(new Date(at.getTime() + 3 * MINUTE).toISOString());
    await pollDueSources(database.db, [source.source], new Date(at.getTime() + 3 * MINUTE));
    [state] = await listLiveSources(database.db, [source.source]);
    expect(state).toMatchObject({ failures: 0, last_outcome: 'changed', last_status: 200 });
    // The last error stays on show after the recovery, with its time.
    expect(state!.last_error).toMatch(/429/);
  });

  it('does not poll a source the admin switched off, and polls it at once when switched on again', async () => {
    const source = scriptedSource('nflverse:americanfootball_nfl', 'americanfootball_nfl', [() => changed('"n"')]);
    const switchedOff = await setLiveSourceEnabled(database.db, [source.source], source.source.key, false);
    expect(switchedOff.enabled).toBe(false);
    expect((await pollDueSources(database.db, [source.source], after(20 * MINUTE))).polled).toEqual([]);
    expect(source.calls).toEqual([]);
    await setLiveSourceEnabled(database.db, [source.source], source.source.key, true);
    expect((await pollDueSources(database.db, [source.source], after(20 * MINUTE))).polled).toEqual([
      { key: 'nflverse:americanfootball_nfl', outcome: 'changed' },
    ]);
    await expect(setLiveSourceEnabled(database.db, [source.source], 'espn:cricket', false)).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('polls a sport without games once a day, and from 12 hours before a kickoff every 15 minutes', async () => {
    const source = scriptedSource('espn:americanfootball_ncaaf', 'americanfootball_ncaaf', [
      () => unchanged('"c"'),
      () => unchanged('"c"'),
    ]);
    const monday = new Date('2025-11-24T15:00:00Z');
    await pollDueSources(database.db, [source.source], monday);
    let [state] = await listLiveSources(database.db, [source.source]);
    expect(state).toMatchObject({ cadence: 'idle', next_poll_at: '2025-11-25T15:00:00.000Z' });
    // A game is added for Tuesday night: from Tuesday morning the sport is on its game day, before the day is up.
    await database.db.execute(sql`insert into events (sport, season, week, season_type, kickoff_at, game_date,
      home_team, away_team, status) values ('americanfootball_ncaaf', 2025, 14, 'regular',
      '2025-11-26T00:00:00Z'::timestamptz, '2025-11-25', 'OHIO', 'BGSU', 'scheduled')`);
    const tuesday = new Date('2025-11-25T13:00:00Z');
    expect((await pollDueSources(database.db, [source.source], tuesday)).polled).toHaveLength(1);
    [state] = await listLiveSources(database.db, [source.source]);
    expect(state).toMatchObject({ cadence: 'game-day', next_poll_at: '2025-11-25T13:15:00.000Z' });
  });

  it("keeps a week of the live sources' answers, and the newest of each address whatever its age", async () => {
    const stored = (source: string, location: string, hash: string, at: string) =>
      database.db.execute(sql`insert into raw_responses (source, location, body_hash, body, fetched_at)
        values (${source}, ${location}, ${hash}, '{}', ${at}::timestamptz)`);
    const board = 'https://site.api.espn.com/apis/site/v2/sports/football/nfl/scoreboard?dates=20251123';
    await stored('espn', board, 'a', '2025-11-01T18:00:00Z');
    await stored('espn', board, 'b', '2025-11-01T18:00:30Z');
    await stored('espn', board, 'c', '2025-11-23T18:00:00Z');
    await stored('espn', 'https://site.api.espn.com/old-board', 'd', '2025-10-01T18:00:00Z');
    await stored('cfbd', 'history/cfbd/games.json', 'e', '2025-01-01T00:00:00Z');
    await stored('cfbd', 'history/cfbd/games.json', 'f', '2025-02-01T00:00:00Z');
    expect(await pruneLiveResponses(database.db, ['espn'], new Date('2025-11-20T00:00:00Z'))).toBe(2);
    const left = (await database.db.execute(
      sql`select body_hash from raw_responses where body_hash in ('a', 'b', 'c', 'd', 'e', 'f') order by body_hash`,
    )) as unknown as { rows: { body_hash: string }[] };
    // The old answers of the board go; its newest, the other board's only answer and the files' stay.
    expect(left.rows.map((row) => row.body_hash)).toEqual(['c', 'd', 'e', 'f']);
  });
});

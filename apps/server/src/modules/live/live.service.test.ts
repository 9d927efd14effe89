import type { LiveGameFrame } from '@pass/contracts';
import type { DbHandle } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importDemoSeason } from '../imports/demo-season.js';
import type { LiveBroadcast } from './live-bus.js';
import { registerLivePublisher } from './live.service.js';

const NFL = 'americanfootball_nfl';
/** Saturday of week 12 of the 2026 season: Sunday's games are still to be played. */
const NOW = new Date('2026-11-21T15:00:00Z');
const HOUR = 3_600_000;

/**
 * The demo season's top-up tells open screens what it changed, once committed, through the bus the app registered
 * for its database: every game whose status or score moved on, on its week's channel, and nothing when nothing moved.
 */
describe("the demo season's top-up, told live", () => {
  let database: DbHandle;
  const published: [string, LiveBroadcast][] = [];
  const errors: unknown[] = [];

  beforeAll(async () => {
    database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
    registerLivePublisher(database.db, {
      bus: {
        publish: async (channel, frames) => void published.push([channel, frames]),
        subscribe: async () => async () => undefined,
      },
      onError: (error) => errors.push(error),
    });
  });
  afterAll(async () => {
    await database.close();
  });

  const games = () => published.flatMap(([, frames]) => frames).filter((frame) => frame.type === 'game');
  const statuses = async () =>
    new Map(
      (
        (await database.db.execute(sql`select id, status from events`)) as unknown as {
          rows: { id: number; status: string }[];
        }
      ).rows.map((row) => [Number(row.id), row.status]),
    );

  it('sends the games a later run moved on, each on its week’s channel, and nothing for a run that moved none', async () => {
    await importDemoSeason(database.db, { sport: NFL, now: NOW });
    // The season's games are new: each is told once, grouped by week.
    expect(games()).toHaveLength(285);
    expect(new Set(published.map(([channel]) => channel)).size).toBe(published.length);
    for (const [channel, frames] of published) {
      for (const frame of frames as LiveGameFrame[]) {
        expect(channel).toBe(`games:${NFL}:${frame.season}:${frame.week}`);
      }
    }
    const before = await statuses();
    published.length = 0;

    await importDemoSeason(database.db, { sport: NFL, now: NOW });
    expect(published).toEqual([]);

    await importDemoSeason(database.db, { sport: NFL, now: new Date(NOW.getTime() + 30 * HOUR) });
    const after = await statuses();
    const moved = [...after].filter(([id, status]) => before.get(id) !== status).map(([id]) => id);
    expect(moved.length).toBeGreaterThan(5);
    expect(
      games()
        .map((frame) => frame.event_id)
        .sort((a, b) => a - b),
    ).toEqual(moved.sort((a, b) => a - b));
    for (const frame of games()) {
      expect(frame).toMatchObject({ status: after.get(frame.event_id), sport: NFL, season: 2026 });
      if (frame.status === 'final') expect(frame.scores.home).not.toBeNull();
    }
    expect(errors).toEqual([]);
  });
});

import {
  AlmanacResponse,
  BookEventsResponse,
  BookHistoryResponse,
  LineHistoryResponse,
  SeasonWeeksResponse,
  TipsResponse,
  type LineOfRecord,
} from '@pass/contracts';
import { lineOfRecordFromQuotes } from '@pass/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHistoryFile } from '../imports/history-files.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { importDemoSeason } from '../imports/demo-season.js';
import { importNflverse } from '../imports/game-importers.js';

/**
 * One line of record (DESIGN.md section 6): every final game of a season is shown at one line with one result
 * (cover, push, over, under) on the schedule, the history, every team's almanac and the trends. Two seasons: the
 * stored data's demo season (lines from the books' median) and nflverse's 2025 (its closing lines).
 */

const GAMES_CSV = readHistoryFile('nflverse/games.csv');
const NFL = 'americanfootball_nfl';
/** A Tuesday after week 11 of the demo season: weeks 1 to 11 are final. */
const NOW = new Date('2026-11-24T12:00:00Z');

interface Seen {
  line: Pick<LineOfRecord, 'home_spread' | 'total' | 'covered' | 'over_under'>;
  label: string;
  where: string;
}

describe('one line of record per game across the screens', () => {
  let testApp: TestApp;
  const get = async (url: string) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as unknown;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => NOW });
    const { db } = testApp.database;
    await importDemoSeason(db, { sport: NFL, now: NOW });
    await importNflverse(db, GAMES_CSV, { seasons: { from: 2025, to: 2025 } });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  /** Walks a season through every endpoint that shows a past game's line; returns what each said per game. */
  async function walk(season: number) {
    const seen = new Map<number, Seen[]>();
    const homeOf = new Map<number, { home: string; away: string; week: number | null }>();
    const note = (eventId: number, { line, label, where }: Seen) => {
      const { home_spread, total, covered, over_under } = line;
      const entry = { line: { home_spread, total, covered, over_under }, label, where };
      seen.set(eventId, [...(seen.get(eventId) ?? []), entry]);
    };

    const { weeks } = SeasonWeeksResponse.parse(await get(`/api/dates/season/${season}/${NFL}`));
    for (const week of weeks) {
      const { events } = BookEventsResponse.parse(
        await get(`/api/book/events/${NFL}/${week.number}?season_year=${season}`),
      );
      for (const event of events.filter((entry) => entry.status === 'final')) {
        homeOf.set(event.event_id, { home: event.home_team, away: event.away_team, week: event.week });
        const line = event.line_of_record!;
        expect(line, `schedule, event ${event.event_id}`).toBeDefined();
        note(event.event_id, { line, label: line.source.label, where: 'schedule' });
      }
    }

    const history = BookHistoryResponse.parse(await get(`/api/book/history/${NFL}?season=${season}`));
    for (const event of history.events.filter((entry) => entry.status === 'final')) {
      const line = event.line_of_record!;
      note(event.event_id, { line, label: line.source.label, where: 'history' });
    }

    const teams = [...new Set([...homeOf.values()].flatMap((game) => [game.home, game.away]))].sort();
    const records = new Map<string, { ats: number[]; ou: number[] }>();
    for (const team of teams) {
      const almanac = AlmanacResponse.parse(await get(`/api/almanac/${NFL}/${team}?season=${season}`));
      const record = { ats: [0, 0, 0], ou: [0, 0, 0] };
      records.set(team, record);
      for (const game of almanac.games) {
        // From the team's side back to the home side, and its results back to the game's.
        const homeSpread = game.spread === null ? null : game.home ? game.spread : -game.spread + 0;
        const covered =
          game.ats === null ? null : game.ats === 'P' ? 'push' : (game.ats === 'W') === game.home ? 'home' : 'away';
        const overUnder =
          game.over_under === null ? null : ({ O: 'over', U: 'under', P: 'push' } as const)[game.over_under];
        note(game.event_id, {
          line: { home_spread: homeSpread, total: game.total, covered, over_under: overUnder },
          label: game.line_source!.label,
          where: `almanac of ${team}`,
        });
        if (game.ats !== null) record.ats[{ W: 0, L: 1, P: 2 }[game.ats]]!++;
        if (game.over_under !== null) record.ou[{ O: 0, U: 1, P: 2 }[game.over_under]]!++;
      }
    }

    const tips = TipsResponse.parse(await get(`/api/book/tips/${NFL}?season_year=${season}`));
    for (const trend of tips.teams) {
      // The trends count the same results as the almanac, game for game.
      expect([trend.ats.wins, trend.ats.losses, trend.ats.pushes], `trends of ${trend.team}`).toEqual(
        records.get(trend.team)!.ats,
      );
      expect([trend.over_under.overs, trend.over_under.unders, trend.over_under.pushes]).toEqual(
        records.get(trend.team)!.ou,
      );
    }
    expect(tips.line_sources!.reduce((sum, source) => sum + source.games, 0)).toBe(homeOf.size);
    return { seen, homeOf, tips };
  }

  function expectOneLinePerGame(seen: Map<number, Seen[]>) {
    for (const [eventId, views] of seen) {
      // Schedule, history, and the almanacs of both teams.
      expect(views.map((view) => view.where).sort(), `event ${eventId}`).toHaveLength(4);
      const [first, ...rest] = views;
      for (const view of rest) {
        expect({ ...view.line, label: view.label }, `event ${eventId}: ${view.where} against ${first!.where}`).toEqual({
          ...first!.line,
          label: first!.label,
        });
      }
    }
  }

  it('shows every final game of the demo season at one line with one result, KC at DET of week 10 included', async () => {
    const { seen, homeOf, tips } = await walk(2026);
    expect(seen.size).toBeGreaterThan(150);
    expectOneLinePerGame(seen);
    for (const views of seen.values()) {
      expect(views[0]!.label).toMatch(/^median of \d+ books' last quotes before kickoff$/);
      expect(Number.isInteger(views[0]!.line.total! * 2)).toBe(true);
      expect(Number.isInteger(views[0]!.line.home_spread! * 2)).toBe(true);
    }
    expect(tips.line_sources).toEqual([
      { kind: 'median', provider: null, label: "median of the books' last quotes before kickoff", games: seen.size },
    ]);
    const [kcAtDet] =
      [...homeOf].find(([, game]) => game.away === 'KC' && game.home === 'DET' && game.week === 10) ?? [];
    expect(kcAtDet, 'KC at DET, week 10').toBeDefined();
    const views = seen.get(kcAtDet!)!;
    expect(new Set(views.map((view) => JSON.stringify(view.line))).size).toBe(1);
    expect(views[0]!.line.over_under).not.toBeNull();
    // Worked out again from every quote of the game (its line history) by the domain's rule, it is the same line.
    const history = LineHistoryResponse.parse(await get(`/api/book/line-history/${kcAtDet}`));
    const quotes = history.series.flatMap((series) =>
      series.quotes.map((quote) => ({ ...series, ...quote, at: quote.fetched_at })),
    );
    const expected = lineOfRecordFromQuotes(
      { homeTeam: 'DET', awayTeam: 'KC', kickoff: history.event.kickoff! },
      quotes,
    );
    expect(history.event.line_of_record).toMatchObject({ ...views[0]!.line, source: expected.source });
    expect(views[0]!.line).toMatchObject({ home_spread: expected.homeSpread, total: expected.total });
  });

  it("shows every final game of nflverse's 2025 season at nflverse's closing line", async () => {
    const { seen } = await walk(2025);
    expect(seen.size).toBeGreaterThan(190);
    expectOneLinePerGame(seen);
    for (const views of seen.values()) expect(views[0]!.label).toBe('closing line from nflverse');
    // 2025 week 6, DET at KC: nflverse closed KC −2.5 (spread_line 2.5 for the home team) and 51.5; KC won 30–17.
    const detAtKc = [...seen.values()].find(
      (views) =>
        views.some((view) => view.where === 'almanac of DET') &&
        views[0]!.line.total === 51.5 &&
        views[0]!.line.home_spread === -2.5,
    );
    expect(detAtKc?.[0]!.line).toMatchObject({ covered: 'home', over_under: 'under' });
  });
});

import type { DbHandle } from '@pass/db';
import { createTestDb } from '@pass/db/testing';
import { nflOpeningThursday, teamRegistry } from '@pass/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_BOOKS, generateDemoSeason, importDemoSeason, moneylinesForSpread } from './demo-season.js';

const NFL = 'americanfootball_nfl';
/** A Saturday in week 11 of the 2026 season. */
const NOW = new Date('2026-11-21T15:00:00Z');
const HOUR_MS = 3_600_000;

/** The US Eastern wall-clock weekday and time of an instant, from the machine's time-zone data. */
function eastern(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

describe('the NFL demo season', () => {
  const { season, games } = generateDemoSeason({ sport: NFL, now: NOW });

  it('is the season of `now`, and the same for the same seed', () => {
    expect(season).toBe(2026);
    expect(generateDemoSeason({ sport: NFL, now: NOW })).toEqual({ season, games });
    const other = generateDemoSeason({ sport: NFL, now: NOW, seed: 'another' });
    expect(other.games.map((game) => game.keys[0]!.key)).not.toEqual(games.map((game) => game.keys[0]!.key));
  });

  it('has 18 weeks of the 32 real teams, 17 games each, each team at most once a week', () => {
    const nflTeams = new Set(teamRegistry.teams(NFL).map((team) => team.abbr));
    expect(nflTeams.size).toBe(32);
    expect(games).toHaveLength(272);
    expect(new Set(games.map((game) => game.fields.week))).toEqual(
      new Set(Array.from({ length: 18 }, (_, i) => i + 1)),
    );
    const perTeam = new Map<string, number>();
    for (let week = 1; week <= 18; week++) {
      const teams = games
        .filter((game) => game.fields.week === week)
        .flatMap((game) => [game.fields.homeTeam, game.fields.awayTeam]);
      expect(new Set(teams).size, `week ${week}`).toBe(teams.length);
      for (const team of teams) {
        expect(nflTeams.has(team)).toBe(true);
        perTeam.set(team, (perTeam.get(team) ?? 0) + 1);
      }
    }
    expect(perTeam.size).toBe(32);
    expect([...perTeam.values()].every((count) => count === 17)).toBe(true);
    // Division rivals meet twice, home and away.
    const kc = games.filter((game) => [game.fields.homeTeam, game.fields.awayTeam].includes('KC'));
    for (const rival of ['DEN', 'LV', 'LAC']) {
      const meetings = kc.filter((game) => [game.fields.homeTeam, game.fields.awayTeam].includes(rival));
      expect(meetings.map((game) => game.fields.homeTeam).sort()).toEqual(['KC', rival].sort());
    }
  });

  it('kicks off on the usual days and times, weeks counted from the first Thursday after Labor Day', () => {
    const opening = nflOpeningThursday(2026).getTime();
    for (const game of games) {
      const kickoff = game.fields.kickoffAt!;
      const days = (Date.parse(kickoff) - opening) / (24 * HOUR_MS);
      expect(Math.floor(days / 7) + 1).toBe(game.fields.week);
      expect(['Thu 8:15 PM', 'Sun 1:00 PM', 'Sun 4:05 PM', 'Sun 4:25 PM', 'Sun 8:20 PM', 'Mon 8:15 PM']).toContain(
        eastern(kickoff),
      );
    }
    const week1 = games.filter((game) => game.fields.week === 1).map((game) => eastern(game.fields.kickoffAt!));
    expect(week1.filter((slot) => slot === 'Thu 8:15 PM')).toHaveLength(1);
    expect(week1.filter((slot) => slot === 'Mon 8:15 PM')).toHaveLength(1);
    expect(
      games.find((game) => game.fields.week === 1 && eastern(game.fields.kickoffAt!).startsWith('Thu'))!.fields
        .gameDate,
    ).toBe('2026-09-10');
  });

  it('has finals only for games already played, none for games to come', () => {
    for (const game of games) {
      const kickoff = Date.parse(game.fields.kickoffAt!);
      if (kickoff > NOW.getTime()) {
        expect(game.fields).toMatchObject({ status: 'scheduled', homeScore: null, awayScore: null });
      } else if (kickoff + 3.5 * HOUR_MS <= NOW.getTime()) {
        expect(game.fields.status).toBe('final');
        expect(game.fields.homeScore).not.toBeNull();
      }
    }
    expect(games.filter((game) => game.fields.status === 'final').length).toBeGreaterThan(150);
    expect(games.filter((game) => game.fields.status === 'scheduled').length).toBeGreaterThan(90);
  });

  it('quotes every game by several books at −110 with consistent moneylines, no quote from the future', () => {
    for (const game of games) {
      const books = new Set(game.quotes.map((quote) => quote.book));
      expect(books.size).toBeGreaterThanOrEqual(3);
      for (const quote of game.quotes) {
        expect(Date.parse(quote.fetchedAt)).toBeLessThanOrEqual(
          Math.min(NOW.getTime(), Date.parse(game.fields.kickoffAt!)),
        );
        if (quote.market !== 'h2h') expect(quote.price).toBe(-110);
        if (quote.point !== null) expect(quote.point * 2).toBe(Math.round(quote.point * 2));
      }
    }
    // A game of this week (Sunday) has every book's lines and some line history.
    const thisWeek = games.filter((game) => game.fields.week === 11 && game.fields.status === 'scheduled');
    expect(thisWeek.length).toBeGreaterThan(5);
    for (const game of thisWeek) expect(new Set(game.quotes.map((quote) => quote.book))).toEqual(new Set(DEMO_BOOKS));
    const snapshots = new Set(thisWeek.flatMap((game) => game.quotes.map((quote) => quote.fetchedAt)));
    expect(snapshots.size).toBeGreaterThan(3);
    // The favourite's moneyline is negative and shorter than the dog's.
    const favourite = moneylinesForSpread(-7, 13);
    expect(favourite.home).toBeLessThan(-100);
    expect(favourite.away).toBeGreaterThan(100);
    expect(Math.abs(favourite.home)).toBeGreaterThan(favourite.away);
    const pickem = moneylinesForSpread(0, 13);
    expect(pickem.home).toBe(pickem.away);
  });

  it('totals sit around 44', () => {
    const totals = games.flatMap((game) =>
      game.quotes.filter((quote) => quote.market === 'totals').map((quote) => quote.point!),
    );
    const mean = totals.reduce((sum, total) => sum + total, 0) / totals.length;
    expect(mean).toBeGreaterThan(40);
    expect(mean).toBeLessThan(48);
  });
});

describe('college football demo season', () => {
  it('schedules the power conferences, each team at most once a week', () => {
    const { games } = generateDemoSeason({ sport: 'americanfootball_ncaaf', now: NOW });
    expect(games.length).toBeGreaterThan(300);
    for (let week = 1; week <= 12; week++) {
      const teams = games
        .filter((game) => game.fields.week === week)
        .flatMap((game) => [game.fields.homeTeam, game.fields.awayTeam]);
      expect(new Set(teams).size).toBe(teams.length);
    }
  });
});

describe('importing the demo season', () => {
  let database: DbHandle;
  const query = async <T>(text: ReturnType<typeof sql>) =>
    ((await database.db.execute(text)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
  });
  afterAll(async () => {
    await database.close();
  });

  it('writes demo events keyed by a stable id; a re-run changes nothing; a later one adds finals', async () => {
    const first = await importDemoSeason(database.db, { sport: NFL, now: NOW });
    expect(first).toMatchObject({ added: 272, updated: 0, unchanged: 0 });
    const [counts] = await query<{ events: number; demo: number; keys: number; quotes: number }>(
      sql`select (select count(*)::int from events) as events, (select count(*)::int from events where is_demo) as demo,
            (select count(*)::int from event_source_keys where source = 'demo') as keys,
            (select count(*)::int from odds_quotes where source = 'demo') as quotes`,
    );
    expect(counts).toMatchObject({ events: 272, demo: 272, keys: 272 });
    const snapshot = await query(sql`select * from events order by id`);

    const again = await importDemoSeason(database.db, { sport: NFL, now: NOW });
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 272, rawStored: false });
    expect(await query(sql`select * from events order by id`)).toEqual(snapshot);
    const [quotes] = await query<{ n: number }>(sql`select count(*)::int as n from odds_quotes`);
    expect(quotes!.n).toBe(counts!.quotes);

    // Two days on, Sunday's and Monday's games are final and their closing lines are in.
    const later = await importDemoSeason(database.db, { sport: NFL, now: new Date(NOW.getTime() + 72 * HOUR_MS) });
    expect(later.added).toBe(0);
    expect(later.updated).toBeGreaterThan(10);
    const [runs] = await query<{ n: number }>(sql`select count(*)::int as n from import_runs where source = 'demo'`);
    expect(runs!.n).toBe(3);
  });
});

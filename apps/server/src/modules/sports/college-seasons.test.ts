import { AlmanacResponse, StandingsResponse, TeamsResponse } from '@pass/contracts';
import { createTestDb } from '@pass/db/testing';
import { teamRegistry } from '@pass/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { memberCookies } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { CFBD_LINES_SOURCE } from '../imports/cfbd-lines.js';
import { importCfbd, importSportsdataverse } from '../imports/game-importers.js';
import { readHistoryFile } from '../imports/history-files.js';

/**
 * Complete college seasons from the stored files (docs/decisions/023): FBS teams' games against FCS teams kept,
 * CFBD's pregame spreads imported as lines whatever the order of the files, and records checked against counts
 * taken here from the raw JSON.
 */

const NCAAF = 'americanfootball_ncaaf';

const GAMES_2024 = ['cfbd/games_2024_regular_v1.json', 'cfbd/games_2024_postseason_v1.json'];
const GAMES_2025 = 'cfbd/games_2025_v2_snapshot_2025-08-28.json';
const PREGAME_2024 = ['cfbd/pregame_wp_2024_regular.json', 'cfbd/pregame_wp_2024_postseason.json'];
const PREGAME_2025 = 'cfbd/pregame_wp_2025_snapshot_v2.json';

interface RawGame {
  id: number;
  completed: boolean;
  home_id: number;
  away_id: number;
  home_points: number | null;
  away_points: number | null;
}

/**
 * Each 2024 FBS team's against-the-spread record from the raw files alone: every completed game of the team with
 * a CFBD pregame spread (home view, negative = home favoured), covered when margin + spread > 0.
 */
function atsFromFiles(): Map<string, { wins: number; losses: number; pushes: number }> {
  const spreads = new Map<number, number>();
  for (const file of PREGAME_2024) {
    for (const row of JSON.parse(readHistoryFile(file)) as { gameId: number; spread: number | null }[]) {
      if (row.spread !== null) spreads.set(row.gameId, row.spread);
    }
  }
  const fbs2024 = readHistoryFile('cfbd/fbs_teams_2024_2025_derived.csv')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(','))
    .filter((cells) => cells[4] === '1')
    .map((cells) => Number(cells[0]));
  const records = new Map<number, { wins: number; losses: number; pushes: number }>(
    fbs2024.map((id) => [id, { wins: 0, losses: 0, pushes: 0 }]),
  );
  for (const file of GAMES_2024) {
    for (const game of JSON.parse(readHistoryFile(file)) as RawGame[]) {
      const spread = spreads.get(game.id);
      if (!game.completed || game.home_points === null || game.away_points === null || spread === undefined) continue;
      const homeCover = game.home_points - game.away_points + spread;
      for (const [id, cover] of [
        [game.home_id, homeCover],
        [game.away_id, -homeCover],
      ] as const) {
        const record = records.get(id);
        if (!record) continue;
        if (cover > 0) record.wins++;
        else if (cover < 0) record.losses++;
        else record.pushes++;
      }
    }
  }
  // Our abbreviations, by the ESPN team id the files carry.
  return new Map([...records].map(([id, record]) => [teamRegistry.byId(NCAAF, 'espn', id)!.abbr, record]));
}

describe('complete college seasons from the stored files', () => {
  let testApp: TestApp;
  // College season data answers members with college access (decision 050): a member in their free month asks.
  let cookies: Record<string, string>;
  const get = (url: string) => testApp.app.inject({ method: 'GET', url, cookies });
  const almanac = async (team: string, season: number) => {
    const response = await get(`/api/almanac/${NCAAF}/${team}?season=${season}`);
    expect(response.statusCode, response.body).toBe(200);
    return AlmanacResponse.parse(response.json());
  };

  beforeAll(async () => {
    testApp = await buildTestApp();
    const db = testApp.database.db;
    cookies = await memberCookies(db);
    // Lines before their games on purpose: they wait in raw_responses and land when the games arrive.
    for (const file of [...PREGAME_2024, PREGAME_2025, ...GAMES_2024, GAMES_2025])
      await importCfbd(db, readHistoryFile(file));
    await importSportsdataverse(db, {
      schedule: readHistoryFile('sportsdataverse-cfb/cfb_schedule_2025.csv'),
      betting: readHistoryFile('sportsdataverse-cfb/betting_2025.csv'),
    });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('gives Arizona 4–8 and Boston College 7–6 in 2024, and UMass 2–10, as the record books do', async () => {
    const straightUp = async (team: string) => (await almanac(team, 2024)).totals.straight_up;
    expect(await straightUp('ARIZ')).toEqual({ wins: 4, losses: 8, ties: 0 });
    expect(await straightUp('BC')).toEqual({ wins: 7, losses: 6, ties: 0 });
    expect(await straightUp('MASS')).toEqual({ wins: 2, losses: 10, ties: 0 });
  });

  it('gives every 2024 FBS team an ATS record, equal to the one counted from the CFBD spreads and scores', async () => {
    const expected = atsFromFiles();
    expect(expected.size).toBe(134);
    for (const [team, record] of expected) {
      const { ats } = (await almanac(team, 2024)).totals;
      expect(ats.wins + ats.losses + ats.pushes, team).toBeGreaterThan(0);
      expect(ats, team).toEqual(record);
    }
  });

  it('names an FCS opponent in a game row, with no page of its own', async () => {
    const arizona = await almanac('ARIZ', 2024);
    expect(arizona.games.find((game) => game.opponent === 'NAU')).toMatchObject({
      opponent_name: 'Northern Arizona Lumberjacks',
      opponent_outside: 'fcs',
      home: true,
      score_for: 22,
      score_against: 10,
      straight_up: 'W',
    });
    expect(arizona.games.find((game) => game.opponent === 'UTAH')).toMatchObject({
      opponent_name: 'Utah Utes',
      opponent_outside: null,
    });
    const fcsPage = await get(`/api/almanac/${NCAAF}/NAU?season=2024`);
    expect(fcsPage.statusCode).toBe(404);
    expect(fcsPage.json()).toMatchObject({ error: { message: expect.stringContaining('not an FBS team') } });
  });

  it('lists FBS teams only, in standings and team lists; the FCS opponents apart', async () => {
    const teams = TeamsResponse.parse((await get(`/api/sport/${NCAAF}/teams`)).json());
    expect(teams.teams).toHaveLength(136);
    expect(teams.teams.map((team) => team.abbv)).not.toContain('NAU');
    expect(teams.opponents.find((team) => team.abbv === 'NAU')).toEqual({
      abbv: 'NAU',
      name: 'Northern Arizona Lumberjacks',
      nickname: 'Lumberjacks',
      classification: 'fcs',
    });
    const of2024 = TeamsResponse.parse((await get(`/api/sport/${NCAAF}/teams?season_year=2024`)).json());
    // Delaware and Missouri State joined FBS in 2025: in 2024 they are opponents.
    expect(of2024.teams).toHaveLength(134);
    expect(of2024.opponents.map((team) => team.abbv)).toEqual(expect.arrayContaining(['DEL', 'MOST', 'NAU']));

    const standings = StandingsResponse.parse((await get(`/api/standings/${NCAAF}?season=2024`)).json());
    const rows = standings.groups.flatMap((group) => group.teams);
    expect(rows).toHaveLength(134);
    expect(rows.map((row) => row.team)).not.toContain('NAU');
    const independents = standings.groups.find((group) => group.conference === 'FBS Independents')!;
    const umass = independents.teams.find((row) => row.team === 'MASS')!;
    // UMass beat two FCS teams; UConn at UMass was no conference game.
    expect(umass).toMatchObject({ wins: 2, losses: 10, conference_record: { wins: 0, losses: 0, ties: 0 } });
    expect(independents.teams.find((row) => row.team === 'CONN')!.conference_record).toEqual({
      wins: 0,
      losses: 0,
      ties: 0,
    });
  });

  it('keeps ESPN’s closing line the line of record where sportsdataverse and CFBD both give one (2025)', async () => {
    // Akron–Wyoming, 2025 week 1: CFBD's pre-season snapshot had Akron +5.5.
    const [row] = (
      (await testApp.database.db.execute(
        sql`select e.id from events e join event_source_keys k on k.event_id = e.id
            where k.source = 'espn' and k.source_key = '401762789'`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const sources = (
      (await testApp.database.db.execute(
        sql`select distinct source from odds_quotes where event_id = ${row!.id} order by source`,
      )) as unknown as { rows: { source: string }[] }
    ).rows.map((quote) => quote.source);
    expect(sources).toEqual([CFBD_LINES_SOURCE, 'sportsdataverse']);
    const wyoming = await almanac('WYO', 2025);
    const game = wyoming.games.find((entry) => entry.opponent === 'AKR')!;
    const betting = readHistoryFile('sportsdataverse-cfb/betting_2025.csv')
      .split('\n')
      .find((line) => line.startsWith('401762789,'))!
      .split(',');
    // The file's home_team_spread (column 7) is Akron's; Wyoming's is its opposite.
    expect(game.spread).toBe(-Number(betting[6]));
  });

  it('files every CFBD line a minute before its game’s kickoff as it stands, after sportsdataverse moved some', async () => {
    const result = (await testApp.database.db.execute(
      sql`select count(*) as lines,
                 count(*) filter (where q.fetched_at <> e.kickoff_at - interval '1 minute') as misfiled,
                 count(distinct e.id) filter (where e.season = 2025) as games_2025
          from odds_quotes q join events e on e.id = q.event_id
          where q.source = ${CFBD_LINES_SOURCE}`,
    )) as unknown as { rows: { lines: string; misfiled: string; games_2025: string }[] };
    const [row] = result.rows;
    // 756 + 45 games of 2024 and 112 of 2025 with an FBS team: two spread quotes each.
    expect(Number(row!.lines)).toBe(2 * (756 + 45 + 112));
    expect(Number(row!.games_2025)).toBe(112);
    expect(Number(row!.misfiled)).toBe(0);
  });

  it('leaves the lines alone when a games file is imported again, and adds none twice', async () => {
    const count = async () =>
      Number(
        (
          (await testApp.database.db.execute(
            sql`select count(*) as n from odds_quotes where source = ${CFBD_LINES_SOURCE}`,
          )) as unknown as { rows: { n: string }[] }
        ).rows[0]!.n,
      );
    const before = await count();
    // Two quotes (home and away spread) for each of the 757 + 46 + 114 pregame spreads whose game is stored.
    expect(before).toBeGreaterThan(2 * 800);
    const again = await importCfbd(testApp.database.db, readHistoryFile(GAMES_2024[0]!));
    expect(again).toMatchObject({ added: 0, updated: 0 });
    const lines = await importCfbd(testApp.database.db, readHistoryFile(PREGAME_2024[0]!));
    // The one left is an FCS playoff game (Idaho at Montana State): no FBS team, so no event; its line waits.
    expect(lines).toMatchObject({
      added: 0,
      updated: 0,
      unchanged: 756,
      skipped: [{ reason: 'game not in the database yet: its line waits for it', count: 1 }],
    });
    expect(await count()).toBe(before);
  });
});

describe('CFBD lines in either order', () => {
  /** The CFBD line quotes of a database, by the games' ESPN ids, sorted. */
  async function lineQuotes(database: Awaited<ReturnType<typeof createTestDb>>) {
    const result = (await database.db.execute(
      sql`select k.source_key, q.book, q.market, q.outcome, q.price, q.point, q.fetched_at
          from odds_quotes q join event_source_keys k on k.event_id = q.event_id and k.source = 'espn'
          where q.source = ${CFBD_LINES_SOURCE}
          order by k.source_key, q.book, q.market, q.outcome`,
    )) as unknown as { rows: Record<string, unknown>[] };
    return result.rows.map((row) => ({ ...row, fetched_at: new Date(row.fetched_at as string).toISOString() }));
  }

  it('ends with the same quotes whether the spreads or the games come first', async () => {
    const files = ['cfbd/games_2024_postseason_v1.json', 'cfbd/pregame_wp_2024_postseason.json'];
    const results = [];
    for (const order of [files, [...files].reverse()]) {
      const database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
      try {
        for (const file of order) await importCfbd(database.db, readHistoryFile(file));
        results.push(await lineQuotes(database));
      } finally {
        await database.close();
      }
    }
    // Two spread quotes for each of the 45 FBS bowl games with a pregame spread, filed a minute before kickoff.
    expect(results[0]!.length).toBeGreaterThan(80);
    expect(results[0]![0]).toMatchObject({ book: 'consensus', market: 'spreads', price: -110 });
    expect(results[1]).toEqual(results[0]);
  });

  it('imports a /lines answer: each provider under its book, spreads, totals and moneylines, a minute before kickoff', async () => {
    const database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
    try {
      await importCfbd(database.db, readHistoryFile('cfbd/games_2024_postseason_v1.json'));
      // The Rose Bowl (Ohio State at Oregon, 2025-01-01 22:00 UTC) as CFBD v2 `/lines` gives it.
      const body = JSON.stringify([
        {
          id: 401677183,
          season: 2024,
          seasonType: 'postseason',
          week: 1,
          startDate: '2025-01-01T22:10:00.000Z',
          homeTeam: 'Oregon',
          awayTeam: 'Ohio State',
          lines: [
            {
              provider: 'consensus',
              spread: 2.5,
              formattedSpread: 'Ohio State -2.5',
              overUnder: 55.5,
              homeMoneyline: 120,
              awayMoneyline: -142,
            },
            {
              provider: 'DraftKings',
              spread: 2.5,
              spreadOpen: 1.5,
              overUnder: 55.5,
              homeMoneyline: 115,
              awayMoneyline: -135,
            },
            { provider: 'teamrankings', spread: 3 },
          ],
        },
      ]);
      const summary = await importCfbd(database.db, body, { location: 'cfbd/lines_2024_postseason.json' });
      expect(summary).toMatchObject({
        added: 1,
        updated: 0,
        skipped: [{ reason: 'provider without a book', count: 1 }],
      });
      const quotes = (
        (await database.db.execute(
          sql`select q.book, q.market, q.outcome, q.price, q.point, q.fetched_at, e.kickoff_at
              from odds_quotes q join events e on e.id = q.event_id
              where q.source = ${CFBD_LINES_SOURCE} order by q.book, q.market, q.outcome`,
        )) as unknown as { rows: Record<string, unknown>[] }
      ).rows;
      expect(quotes.map((quote) => [quote.book, quote.market, quote.outcome, quote.price, quote.point])).toEqual([
        ['consensus', 'h2h', 'ORE', 120, null],
        ['consensus', 'h2h', 'OSU', -142, null],
        ['consensus', 'spreads', 'ORE', -110, 2.5],
        ['consensus', 'spreads', 'OSU', -110, -2.5],
        ['consensus', 'totals', 'Over', -110, 55.5],
        ['consensus', 'totals', 'Under', -110, 55.5],
        ['draftkings', 'h2h', 'ORE', 115, null],
        ['draftkings', 'h2h', 'OSU', -135, null],
        ['draftkings', 'spreads', 'ORE', -110, 2.5],
        ['draftkings', 'spreads', 'OSU', -110, -2.5],
        ['draftkings', 'totals', 'Over', -110, 55.5],
        ['draftkings', 'totals', 'Under', -110, 55.5],
      ]);
      const kickoff = Date.parse(String(new Date(quotes[0]!.kickoff_at as string).toISOString()));
      expect(
        quotes.every((quote) => Date.parse(new Date(quote.fetched_at as string).toISOString()) === kickoff - 60_000),
      ).toBe(true);
      // The same answer again changes nothing.
      expect(await importCfbd(database.db, body)).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
    } finally {
      await database.close();
    }
  });
});

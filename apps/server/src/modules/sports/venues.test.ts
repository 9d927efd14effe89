import {
  AlmanacResponse,
  BookEventsResponse,
  BookHistoryResponse,
  StandingsResponse,
  TeamsResponse,
} from '@pass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberCookies } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { importDemoSeason } from '../imports/demo-season.js';
import { importCfbd, importRetrosheet, importStatsapi } from '../imports/game-importers.js';
import { readHistoryFile } from '../imports/history-files.js';

const MLB = 'baseball_mlb';
const NCAAF = 'americanfootball_ncaaf';
/** The server clock of these tests: after every stored season and the demo season it generates. */
const NOW = new Date('2026-11-21T15:00:00Z');

describe('neutral sites, local dates, demo seasons and names of their time on the stored files', () => {
  let testApp: TestApp;
  // College season data answers members with college access (decision 050): a member in their free month asks.
  let cookies: Record<string, string>;
  const get = (url: string) => testApp.app.inject({ method: 'GET', url, cookies });
  const almanac = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return AlmanacResponse.parse(response.json());
  };

  beforeAll(async () => {
    testApp = await buildTestApp({}, { now: () => NOW });
    const { db } = testApp.database;
    cookies = await memberCookies(db);
    await importCfbd(db, readHistoryFile('cfbd/games_2024_postseason_v1.json'));
    await importRetrosheet(db, readHistoryFile('mlb/retrosheet/GL2023.TXT'));
    await importStatsapi(db, readHistoryFile('mlb/statsapi/games_2025.csv'));
    await importDemoSeason(db, { sport: MLB, now: NOW });
  }, 240_000);
  afterAll(async () => {
    await testApp.app.close();
  });

  it("shows Alabama's 2024 ReliaQuest Bowl against Michigan as a neutral-site game", async () => {
    const alabama = await almanac(`/api/almanac/${NCAAF}/ALA?season=2024`);
    const bowl = alabama.games.find((game) => game.opponent === 'MICH');
    expect(bowl).toMatchObject({
      game_date: '2024-12-31',
      home: false,
      neutral_site: true,
      is_demo: false,
      score_for: 13,
      score_against: 19,
    });
  });

  it("shows the Cubs' 2023 London games as neutral on both teams' rows, and their Wrigley games as home games", async () => {
    const cubs = await almanac(`/api/almanac/${MLB}/CHC?season=2023`);
    const london = cubs.games.filter((game) => game.neutral_site);
    expect(london.map((game) => [game.game_date, game.opponent, game.home])).toEqual([
      ['2023-06-24', 'STL', false],
      ['2023-06-25', 'STL', false],
    ]);
    expect(cubs.games.filter((game) => game.home && !game.neutral_site)).toHaveLength(81);
    const cardinals = await almanac(`/api/almanac/${MLB}/STL?season=2023`);
    expect(cardinals.games.filter((game) => game.neutral_site).map((game) => game.game_date)).toEqual([
      '2023-06-24',
      '2023-06-25',
    ]);
  });

  it('shows the 2025 Tokyo Series as neutral, not as Cubs home games', async () => {
    const cubs = await almanac(`/api/almanac/${MLB}/CHC?season=2025`);
    const tokyo = cubs.games.filter((game) => game.opponent === 'LAD' && game.game_date < '2025-03-20');
    expect(tokyo.map((game) => [game.game_date, game.home, game.neutral_site])).toEqual([
      ['2025-03-18', true, true],
      ['2025-03-19', true, true],
    ]);
    expect(cubs.games.filter((game) => game.home && !game.neutral_site)).toHaveLength(79);
  });

  it('shows Mets at Astros of 2025-03-28 once, on March 28', async () => {
    const mets = await almanac(`/api/almanac/${MLB}/NYM?season=2025`);
    const atHouston = mets.games.filter((game) => game.opponent === 'HOU' && !game.home);
    expect(atHouston.map((game) => [game.event_id > 0, game.game_date, game.score_for, game.score_against])).toEqual([
      [true, '2025-03-27', 1, 3],
      [true, '2025-03-28', 3, 1],
      [true, '2025-03-29', 1, 2],
    ]);
    // The schedule of March 29 holds one Mets game, not two.
    const history = await get(`/api/book/history/${MLB}?season=2025`);
    const events = BookHistoryResponse.parse(history.json()).events;
    const metsOn = (date: string) =>
      events.filter((event) => event.game_date === date && [event.home_team, event.away_team].includes('NYM'));
    expect(metsOn('2025-03-28')).toHaveLength(1);
    expect(metsOn('2025-03-29')).toHaveLength(1);
  });

  it('leaves the demo season out of every season unless asked, and marks it when shown', async () => {
    const real = await almanac(`/api/almanac/${MLB}/NYY`);
    expect(real.includes_demo).toBe(false);
    expect(real.games.some((game) => game.is_demo)).toBe(false);
    expect(real.seasons.map((season) => [season.season, season.games])).toEqual([
      [2023, 162],
      [2025, 162],
    ]);
    const withDemo = await almanac(`/api/almanac/${MLB}/NYY?include_demo=true`);
    expect(withDemo.includes_demo).toBe(true);
    const demoGames = withDemo.games.filter((game) => game.is_demo);
    expect(demoGames.length).toBeGreaterThan(0);
    expect(new Set(demoGames.map((game) => game.season))).toEqual(new Set([2026]));
    expect(withDemo.games).toHaveLength(real.games.length + demoGames.length);
    // The demo season asked for by name is shown, marked.
    const demoSeason = await almanac(`/api/almanac/${MLB}/NYY?season=2026`);
    expect(demoSeason.includes_demo).toBe(true);
    expect(demoSeason.games.every((game) => game.is_demo)).toBe(true);
    expect((await get(`/api/almanac/${MLB}/NYY?include_demo=yes`)).statusCode).toBe(400);
  });

  it('names Oakland "Oakland Athletics" in 2023 and "Athletics" in 2025, on every season screen', async () => {
    expect((await almanac(`/api/almanac/${MLB}/ATH?season=2023`)).name).toBe('Oakland Athletics');
    expect((await almanac(`/api/almanac/${MLB}/OAK?season=2025`)).name).toBe('Athletics');
    const teams2023 = TeamsResponse.parse((await get(`/api/sport/${MLB}/teams?season_year=2023`)).json()).teams;
    const oakland = teams2023.find((team) => team.abbv === 'ATH')!;
    expect(oakland.name).toBe('Oakland Athletics');
    expect(oakland.aka).toContain('Athletics');
    const standings = StandingsResponse.parse((await get(`/api/standings/${MLB}?season=2023`)).json());
    const row = standings.groups.flatMap((group) => group.teams).find((team) => team.team === 'ATH');
    expect(row).toMatchObject({ name: 'Oakland Athletics', wins: 50, losses: 112 });
    const standings2025 = StandingsResponse.parse((await get(`/api/standings/${MLB}?season=2025`)).json());
    expect(standings2025.groups.flatMap((group) => group.teams).find((team) => team.team === 'ATH')?.name).toBe(
      'Athletics',
    );
  });

  it('answers 404 naming the season for the standings and trends of a season with no games', async () => {
    const standings = await get(`/api/standings/${MLB}?season=1990`);
    expect(standings.statusCode).toBe(404);
    expect(standings.json().error.message).toBe('No MLB games are loaded for the 1990 season');
    const tips = await get(`/api/book/tips/${MLB}?season_year=2024`);
    expect(tips.statusCode).toBe(404);
    expect(tips.json().error.message).toBe('No MLB games are loaded for the 2024 season');
    const football = await get(`/api/standings/${NCAAF}?season=2023`);
    expect(football.json().error.message).toBe('No college football games are loaded for the 2023 season');
  });

  it('marks the 2024 playoff semifinals, never reported, as results missing, and no final', async () => {
    const response = await get(`/api/book/events/${NCAAF}?season_year=2024`);
    expect(response.statusCode, response.body).toBe(200);
    const events = BookEventsResponse.parse(response.json()).events;
    const history = BookHistoryResponse.parse((await get(`/api/book/history/${NCAAF}?season=2024`)).json()).events;
    const all = [...events, ...history];
    const missing = new Set(all.filter((event) => event.result_missing).map((event) => event.event_id));
    const semifinals = all.filter(
      (event) =>
        (event.home_team === 'PSU' && event.away_team === 'ND') ||
        (event.home_team === 'TEX' && event.away_team === 'OSU'),
    );
    expect(semifinals.length).toBeGreaterThan(0);
    for (const semifinal of semifinals) {
      expect(semifinal.status).toBe('scheduled');
      expect(missing.has(semifinal.event_id)).toBe(true);
    }
    expect(all.filter((event) => event.status === 'final' && event.result_missing)).toEqual([]);
  });
});

import { AlmanacResponse, LineHistoryResponse, StandingsResponse, TeamsResponse, TipsResponse } from '@pass/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHistoryFile } from '../imports/history-files.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { lineOfRecordFromQuotes } from '@pass/domain';
import type { QuoteRow } from './sports.repository.js';
import { importDemoSeason } from '../imports/demo-season.js';
import { importNflverse } from '../imports/game-importers.js';

const GAMES_CSV = readHistoryFile('nflverse/games.csv');
const NFL = 'americanfootball_nfl';

/** The rows of games.csv as objects, read here without the importer (quoted cells included). */
function csvRows(text: string): Record<string, string>[] {
  const split = (line: string) => {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const char = line[i]!;
      if (quoted) {
        if (char === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (char === '"') quoted = false;
        else cell += char;
      } else if (char === '"') quoted = true;
      else if (char === ',') {
        cells.push(cell);
        cell = '';
      } else cell += char;
    }
    cells.push(cell);
    return cells;
  };
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const names = split(header!);
  return lines.map((line) => {
    const cells = split(line);
    return Object.fromEntries(names.map((name, index) => [name, cells[index] ?? '']));
  });
}

/**
 * What a team's record is, straight from the file: nflverse's `spread_line` is positive when the home team is
 * favoured and `result` is home minus away, so the home team covers when result > spread_line.
 */
function expectedRecord(rows: Record<string, string>[], team: string, season: number) {
  const games = rows.filter(
    (row) => Number(row.season) === season && (row.home_team === team || row.away_team === team) && row.result !== '',
  );
  const record = { su: [0, 0, 0], ats: [0, 0, 0], ou: [0, 0, 0], pickOn: 0, betOn: 0 };
  for (const row of games) {
    const home = row.home_team === team;
    const margin = home ? Number(row.result) : -Number(row.result);
    record.su[margin > 0 ? 0 : margin < 0 ? 1 : 2]!++;
    // From the team's side: the home team is laying spread_line points.
    const cover = home ? Number(row.result) - Number(row.spread_line) : Number(row.spread_line) - Number(row.result);
    record.ats[cover > 0 ? 0 : cover < 0 ? 1 : 2]!++;
    record.pickOn += cover > 0 ? 5 : cover < 0 ? -5 : 0;
    const total = Number(row.total) - Number(row.total_line);
    record.ou[total > 0 ? 0 : total < 0 ? 1 : 2]!++;
    const moneyline = Number(home ? row.home_moneyline : row.away_moneyline);
    // $100 (10,000 cents) on the moneyline; a win's profit to the nearest cent.
    const win = moneyline > 0 ? 100 * moneyline : Math.round(1_000_000 / -moneyline);
    record.betOn += margin > 0 ? win : margin < 0 ? -10_000 : 0;
  }
  return { games: games.length, ...record };
}

describe('almanac, standings, tips and line history', () => {
  let testApp: TestApp;
  const rows = csvRows(GAMES_CSV);
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    testApp = await buildTestApp();
    await importNflverse(testApp.database.db, GAMES_CSV, { seasons: { from: 2022, to: 2023 } });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it("gives a team's straight-up, ATS and over/under records of a season as the file has them", async () => {
    for (const team of ['KC', 'BUF', 'LV']) {
      const response = await get(`/api/almanac/${NFL}/${team.toLowerCase()}?season=2023`);
      expect(response.statusCode, response.body).toBe(200);
      const almanac = AlmanacResponse.parse(response.json());
      const expected = expectedRecord(rows, team, 2023);
      expect(almanac.totals.games).toBe(expected.games);
      expect(almanac.totals.straight_up).toEqual({
        wins: expected.su[0],
        losses: expected.su[1],
        ties: expected.su[2],
      });
      expect(almanac.totals.ats).toEqual({ wins: expected.ats[0], losses: expected.ats[1], pushes: expected.ats[2] });
      expect(almanac.totals.over_under).toEqual({
        overs: expected.ou[0],
        unders: expected.ou[1],
        pushes: expected.ou[2],
      });
      expect(almanac.totals.reward.pick_on).toBe(expected.pickOn);
      expect(almanac.totals.reward.pick_against).toBe(-expected.pickOn);
      expect(almanac.bet_stake_cents).toBe(10_000);
      expect(almanac.totals.reward.bet_on).toBe(expected.betOn);
      expect(almanac.totals.reward.bet_on).toBe(almanac.games.reduce((sum, game) => sum + game.reward.bet_on, 0));
      expect(almanac.seasons).toHaveLength(1);
      expect(almanac.games).toHaveLength(expected.games);
    }
  });

  it('checks the 2023 Chiefs by hand: 11–6 in the regular season, Super Bowl champions', async () => {
    const almanac = AlmanacResponse.parse((await get(`/api/almanac/${NFL}/Chiefs?season=2023`)).json());
    expect(almanac).toMatchObject({ team: 'KC', name: 'Kansas City Chiefs', season: 2023 });
    const regular = almanac.games.filter((game) => game.season_type === 'regular');
    expect(regular.filter((game) => game.straight_up === 'W')).toHaveLength(11);
    expect(regular.filter((game) => game.straight_up === 'L')).toHaveLength(6);
    expect(almanac.totals.straight_up).toEqual({ wins: 15, losses: 6, ties: 0 });
    // Week 1: DET 21 at KC 20, KC −4 (nflverse spread_line 4), total 53, KC −198.
    expect(almanac.games[0]).toMatchObject({
      week: 1,
      yr_week: 202301,
      opponent: 'DET',
      home: true,
      score_for: 20,
      score_against: 21,
      spread: -4,
      total: 53,
      moneyline: -198,
      opponent_moneyline: 164,
      straight_up: 'L',
      ats: 'L',
      over_under: 'U',
      // Money in cents, as the ledger's: $100 lost backing KC, $164 won fading it.
      reward: { pick_on: -5, pick_against: 5, bet_on: -10_000, bet_against: 16_400 },
    });
  });

  it('shows an even-money moneyline as +100: Super Bowl LVIII, KC +100 against SF −120', async () => {
    const row = rows.find((entry) => entry.game_id === '2023_22_SF_KC')!;
    expect([row.home_moneyline, row.away_moneyline]).toEqual(['100', '-120']);
    const kc = AlmanacResponse.parse((await get(`/api/almanac/${NFL}/KC?season=2023`)).json());
    expect(kc.games.at(-1)).toMatchObject({
      opponent: 'SF',
      score_for: 25,
      score_against: 22,
      moneyline: 100,
      opponent_moneyline: -120,
      straight_up: 'W',
      reward: { bet_on: 10_000, bet_against: -10_000 },
    });
    const sf = AlmanacResponse.parse((await get(`/api/almanac/${NFL}/SF?season=2023`)).json());
    expect(sf.games.at(-1)).toMatchObject({ opponent: 'KC', moneyline: -120, opponent_moneyline: 100 });
    // Every even-money price of the two seasons comes back as the file writes it: +100, and −100 once (WAS).
    const evens = rows.filter(
      (entry) =>
        (entry.season === '2022' || entry.season === '2023') &&
        [entry.home_moneyline, entry.away_moneyline].some((price) => Math.abs(Number(price)) === 100),
    );
    expect(evens.map((entry) => entry.game_id)).toContain('2022_05_TEN_WAS');
    for (const game of evens) {
      for (const [team, price] of [
        [game.home_team, game.home_moneyline],
        [game.away_team, game.away_moneyline],
      ] as const) {
        const almanac = AlmanacResponse.parse((await get(`/api/almanac/${NFL}/${team}?season=${game.season}`)).json());
        const played = almanac.games.find((entry) => entry.game_date === game.gameday);
        expect(played?.moneyline, `${game.game_id} ${team}`).toBe(Number(price));
      }
    }
  });

  it("gives a team's whole history by season, old codes included", async () => {
    const almanac = AlmanacResponse.parse((await get(`/api/almanac/${NFL}/OAK`)).json());
    expect(almanac.team).toBe('LV');
    expect(almanac.season).toBeNull();
    expect(almanac.seasons.map((season) => season.season)).toEqual([2022, 2023]);
    expect(almanac.totals.games).toBe(almanac.seasons.reduce((sum, season) => sum + season.games, 0));
    expect(almanac.seasons[1]!.straight_up.wins).toBe(expectedRecord(rows, 'LV', 2023).su[0]);
  });

  it('answers 404 for a team it does not know', async () => {
    expect((await get(`/api/almanac/${NFL}/XYZ`)).statusCode).toBe(404);
  });

  it('gives the standings of a season: 2023 AFC East won by Buffalo at 11–6', async () => {
    const response = await get(`/api/standings/${NFL}?season=2023`);
    expect(response.statusCode).toBe(200);
    const standings = StandingsResponse.parse(response.json());
    expect(standings.groups).toHaveLength(8);
    const east = standings.groups.find((group) => group.division === 'AFC East')!;
    expect(east.conference).toBe('AFC');
    expect(east.teams.map((team) => [team.team, team.wins, team.losses, team.ties])).toEqual([
      ['BUF', 11, 6, 0],
      ['MIA', 11, 6, 0],
      ['NYJ', 7, 10, 0],
      ['NE', 4, 13, 0],
    ]);
    const regular = rows.filter((row) => row.season === '2023' && row.game_type === 'REG');
    const buf = east.teams[0]!;
    const pointsFor = regular.reduce(
      (sum, row) =>
        sum + (row.home_team === 'BUF' ? Number(row.home_score) : row.away_team === 'BUF' ? Number(row.away_score) : 0),
      0,
    );
    expect(buf).toMatchObject({
      games: 17,
      pct: 0.647,
      points_for: pointsFor,
      division_record: { wins: 4, losses: 2, ties: 0 },
    });
    expect(buf.point_diff).toBe(buf.points_for - buf.points_against);
    // Baltimore had the AFC's best record (13–4).
    const north = standings.groups.find((group) => group.division === 'AFC North')!;
    expect(north.teams[0]).toMatchObject({ team: 'BAL', wins: 13, losses: 4 });
  });

  it("gives the season's trends with the figures behind them", async () => {
    const response = await get(`/api/book/tips/${NFL}?season_year=2023`);
    expect(response.statusCode).toBe(200);
    const tips = TipsResponse.parse(response.json());
    expect(tips.season).toBe(2023);
    expect(tips.teams).toHaveLength(32);
    const kc = tips.teams.find((team) => team.team === 'KC')!;
    const expected = expectedRecord(rows, 'KC', 2023);
    expect(kc.ats).toEqual({ wins: expected.ats[0], losses: expected.ats[1], pushes: expected.ats[2] });
    // The Chiefs ended the season with six wins in a row, the Super Bowl the last.
    expect(kc.su_streak).toEqual({ result: 'W', length: 6 });
    expect(tips.tips.length).toBeGreaterThan(5);
    for (const tip of tips.tips) {
      const trend = tips.teams.find((team) => team.team === tip.team)!;
      if (tip.kind === 'ats_record') {
        expect(tip.text).toBe(
          `${tip.team} is ${trend.ats.wins}–${trend.ats.losses}${trend.ats.pushes ? `–${trend.ats.pushes}` : ''} ATS`,
        );
        expect(tip.figures).toMatchObject({ wins: trend.ats.wins, losses: trend.ats.losses });
      }
    }
    expect(tips.tips).toContainEqual(
      expect.objectContaining({ team: 'KC', kind: 'su_streak', text: 'KC has won 6 straight' }),
    );
  });

  it('gives every quote of an event by book and market over time, cached with an ETag', async () => {
    const db = testApp.database.db;
    await importDemoSeason(db, { sport: NFL, now: new Date('2026-11-21T15:00:00Z') });
    const result = (await db.execute(
      sql`select e.id from events e join event_source_keys k on k.event_id = e.id
          where k.source = 'demo' and e.week = 10 order by e.id limit 1`,
    )) as unknown as { rows: { id: number }[] };
    const eventId = Number(result.rows[0]!.id);
    const response = await get(`/api/book/line-history/${eventId}`);
    expect(response.statusCode).toBe(200);
    const history = LineHistoryResponse.parse(response.json());
    expect(history.event.event_id).toBe(eventId);
    expect(history.event.status).toBe('final');
    const books = new Set(history.series.map((series) => series.book));
    expect(books.size).toBe(8);
    for (const series of history.series) {
      const times = series.quotes.map((quote) => quote.fetched_at);
      expect([...times].sort()).toEqual(times);
    }
    expect(history.series.some((series) => series.quotes.length > 1)).toBe(true);
    // The latest quote per book is the series' last.
    for (const quote of history.event.odds) {
      const series = history.series.find(
        (entry) => entry.book === quote.book && entry.market === quote.market && entry.outcome === quote.outcome,
      )!;
      expect(series.quotes.at(-1)).toMatchObject({ price: quote.price, point: quote.point });
    }
    const etag = response.headers.etag as string;
    expect((await get(`/api/book/line-history/${eventId}`, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/api/book/line-history/99999999')).statusCode).toBe(404);
    expect((await get('/api/book/line-history/abc')).statusCode).toBe(400);
  });
});

describe('standings in the alignment of their season', () => {
  let testApp: TestApp;
  const rows = csvRows(GAMES_CSV);
  const standings = async (season: number) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/standings/${NFL}?season=${season}` });
    expect(response.statusCode, response.body).toBe(200);
    return StandingsResponse.parse(response.json());
  };
  /** A team's regular-season record straight from the file, under the code of the time. */
  const fileRecord = (code: string, season: number) => {
    const record = { wins: 0, losses: 0, ties: 0 };
    for (const row of rows) {
      if (Number(row.season) !== season || row.game_type !== 'REG') continue;
      if (row.home_team !== code && row.away_team !== code) continue;
      const margin = row.home_team === code ? Number(row.result) : -Number(row.result);
      if (margin > 0) record.wins++;
      else if (margin < 0) record.losses++;
      else record.ties++;
    }
    return record;
  };

  beforeAll(async () => {
    testApp = await buildTestApp();
    await importNflverse(testApp.database.db, GAMES_CSV, { seasons: { from: 1999, to: 2002 } });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('gives 1999 in six divisions: the AFC Central is BAL, CIN, CLE, JAX, PIT and TEN with their real records', async () => {
    const season = await standings(1999);
    expect(season.groups.map((group) => group.division)).toEqual([
      'AFC Central',
      'AFC East',
      'AFC West',
      'NFC Central',
      'NFC East',
      'NFC West',
    ]);
    const central = season.groups.find((group) => group.division === 'AFC Central')!;
    expect(central.conference).toBe('AFC');
    expect(central.teams.map((team) => [team.team, team.wins, team.losses, team.ties])).toEqual([
      ['JAX', 14, 2, 0],
      ['TEN', 13, 3, 0],
      ['BAL', 8, 8, 0],
      ['PIT', 6, 10, 0],
      ['CIN', 4, 12, 0],
      ['CLE', 2, 14, 0],
    ]);
    for (const team of central.teams) expect(team, team.team).toMatchObject(fileRecord(team.team, 1999));
    // Division games of the time: Jacksonville lost only to Tennessee, twice.
    expect(central.teams[0]!.division_record).toEqual({ wins: 8, losses: 2, ties: 0 });
    // Every team of the season with its record from the file, under the code and name of the time.
    const all = season.groups.flatMap((group) => group.teams);
    expect(all).toHaveLength(31);
    const codeOfTime: Record<string, string> = { LA: 'STL', LAC: 'SD', LV: 'OAK' };
    for (const team of all) expect(team, team.team).toMatchObject(fileRecord(codeOfTime[team.team] ?? team.team, 1999));
    const west = season.groups.find((group) => group.division === 'NFC West')!;
    expect(west.teams[0]).toMatchObject({ team: 'LA', name: 'St. Louis Rams', wins: 13, losses: 3 });
    expect(season.groups.find((group) => group.division === 'AFC West')!.teams.map((team) => team.team)).toContain(
      'SEA',
    );
  });

  it('gives 2001 with 31 teams and no Houston', async () => {
    const season = await standings(2001);
    const teams = season.groups.flatMap((group) => group.teams);
    expect(teams).toHaveLength(31);
    expect(teams.map((team) => team.team)).not.toContain('HOU');
    expect(teams.every((team) => team.games === 16)).toBe(true);
    expect(season.groups).toHaveLength(6);
  });

  it('gives 2002 in today’s eight divisions, Houston in the AFC South', async () => {
    const season = await standings(2002);
    expect(season.groups).toHaveLength(8);
    expect(season.groups.flatMap((group) => group.teams)).toHaveLength(32);
    const south = season.groups.find((group) => group.division === 'AFC South')!;
    expect(south.teams.map((team) => team.team).sort()).toEqual(['HOU', 'IND', 'JAX', 'TEN']);
    expect(south.teams.find((team) => team.team === 'HOU')).toMatchObject({ ...fileRecord('HOU', 2002), games: 16 });
    expect(season.groups.find((group) => group.division === 'NFC West')!.teams.map((team) => team.team)).toContain(
      'SEA',
    );
  });

  it('lists the teams of a season in its alignment, and the team pages’ almanac under the name of the time', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/sport/${NFL}/teams?season_year=2001` });
    const teams = TeamsResponse.parse(response.json()).teams;
    expect(teams).toHaveLength(31);
    expect(teams.find((team) => team.abbv === 'SEA')).toMatchObject({ conference: 'AFC', division: 'AFC West' });
    expect(teams.find((team) => team.abbv === 'TB')).toMatchObject({ conference: 'NFC', division: 'NFC Central' });
    const today = TeamsResponse.parse(
      (await testApp.app.inject({ method: 'GET', url: `/api/sport/${NFL}/teams` })).json(),
    );
    expect(today.teams).toHaveLength(32);
    expect(today.teams.find((team) => team.abbv === 'SEA')).toMatchObject({ conference: 'NFC', division: 'NFC West' });
    const almanac = AlmanacResponse.parse(
      (await testApp.app.inject({ method: 'GET', url: `/api/almanac/${NFL}/STL?season=1999` })).json(),
    );
    expect(almanac).toMatchObject({ team: 'LA', name: 'St. Louis Rams' });
    expect(almanac.totals.straight_up.wins).toBe(fileRecord('STL', 1999).wins + 3);
  });
});

describe('the consensus moneyline', () => {
  const event = { homeTeam: 'KC', awayTeam: 'SF' };
  /** The line of record of Super Bowl LVIII from these quotes (all quoted before its kickoff). */
  const consensusLine = (game: typeof event, quotes: QuoteRow[]) =>
    lineOfRecordFromQuotes(
      { ...game, kickoff: '2024-02-11T23:30:00.000Z' },
      quotes.map((quote) => ({ ...quote, at: quote.fetchedAt })),
    );
  const h2h = (book: string, outcome: string, price: number): QuoteRow => ({
    eventId: 1,
    book,
    market: 'h2h',
    outcome,
    price,
    point: null,
    fetchedAt: '2024-02-11T23:00:00.000Z',
    quotedAt: null,
  });

  it('keeps a single book’s even-money price as quoted, +100 or −100', () => {
    expect(consensusLine(event, [h2h('consensus', 'KC', 100), h2h('consensus', 'SF', -120)])).toMatchObject({
      homeMoneyline: 100,
      awayMoneyline: -120,
    });
    expect(consensusLine(event, [h2h('consensus', 'KC', -100), h2h('consensus', 'SF', -110)])).toMatchObject({
      homeMoneyline: -100,
      awayMoneyline: -110,
    });
  });

  it('takes the median book, writes a split between −100 and +100 as +100, and converts a median between two prices', () => {
    const books = (prices: number[]) => prices.map((price, index) => h2h(`book${index}`, 'KC', price));
    expect(consensusLine(event, books([-110, 100, 120])).homeMoneyline).toBe(100);
    expect(consensusLine(event, books([-100, 100])).homeMoneyline).toBe(100);
    // 110/210 and 100/200 average to 0.5119: −105 to the whole price.
    expect(consensusLine(event, books([-110, 100])).homeMoneyline).toBe(-105);
    expect(consensusLine(event, books([100, 110])).homeMoneyline).toBe(105);
  });
});

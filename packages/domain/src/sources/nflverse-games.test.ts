import { beforeAll, describe, expect, it } from 'vitest';
import { readHistoryFile } from '../testing/history-files.js';
import { seasonForDate } from '../calendar.js';
import { teamRegistry } from '../teams/all-teams.js';
import { type NflverseGame, parseNflverseGames } from './nflverse-games.js';
import type { ParseResult } from './types.js';

let parsed: ParseResult<NflverseGame>;
let byId: Map<string, NflverseGame>;
beforeAll(() => {
  parsed = parseNflverseGames(readHistoryFile('nflverse/games.csv'));
  byId = new Map(parsed.records.map((game) => [game.sourceId, game]));
});

describe('parseNflverseGames on games.csv', () => {
  it('reads all 7,263 games and skips none', () => {
    expect(parsed.skipped).toEqual([]);
    expect(parsed.records).toHaveLength(7263);
    expect(byId.size).toBe(7263);
  });

  it('resolves every team abbreviation in the file, old codes included', () => {
    const codes = new Set(
      readHistoryFile('nflverse/games.csv')
        .split('\n')
        .slice(1)
        .filter(Boolean)
        .flatMap((line) => {
          const cells = line.split(',');
          return [cells[7]!, cells[9]!];
        }),
    );
    expect([...codes].filter((code) => !teamRegistry.resolve('americanfootball_nfl', code, 'nflverse'))).toEqual([]);
    expect(byId.get('2019_17_OAK_DEN')?.away).toBe('LV');
    expect(byId.get('2016_01_SD_KC')?.away).toBe('LAC');
    expect(byId.get('2015_01_SEA_STL')?.home).toBe('LA');
  });

  it('has 272 regular-season games a season since 2021, except 271 in 2022 (BUF at CIN was never completed)', () => {
    const regular = (season: number) =>
      parsed.records.filter((game) => game.season === season && game.gameType === 'REG').length;
    expect([2021, 2022, 2023, 2024, 2025].map(regular)).toEqual([272, 271, 272, 272, 272]);
    expect(regular(2020)).toBe(256);
    const buffaloCincinnati = parsed.records.filter(
      (game) => game.season === 2022 && [game.home, game.away].sort().join() === 'BUF,CIN',
    );
    // The only 2022 meeting in the file is the January divisional-round game at Buffalo.
    expect(buffaloCincinnati.map((game) => game.sourceId)).toEqual(['2022_20_CIN_BUF']);
  });

  it('reads Super Bowl LVII: KC 38, PHI 35, PHI the designated home team at a neutral site, season 2022', () => {
    expect(byId.get('2022_22_KC_PHI')).toEqual({
      source: 'nflverse',
      sourceId: '2022_22_KC_PHI',
      sport: 'americanfootball_nfl',
      season: 2022,
      week: 22,
      seasonType: 'postseason',
      gameType: 'SB',
      kickoff: '2023-02-12T23:30:00.000Z',
      date: '2023-02-12',
      home: 'PHI',
      away: 'KC',
      homeScore: 35,
      awayScore: 38,
      neutralSite: true,
      status: 'final',
      espnId: '401438030',
      closing: {
        homeSpread: -1,
        total: 51,
        homeMoneyline: -115,
        awayMoneyline: 104,
        homeSpreadPrice: -107,
        awaySpreadPrice: -103,
        overPrice: -108,
        underPrice: -104,
      },
    });
  });

  it.each([
    // game, home score, away score, home spread (sportsbook sign), total
    ['2023_22_SF_KC', 25, 22, 1.5, 47],
    ['2024_22_KC_PHI', 40, 22, 1.5, 48.5],
    ['2022_17_DAL_TEN', 13, 27, 14, 41],
    ['2022_17_DEN_KC', 27, 24, -13.5, 46],
    ['2021_01_DAL_TB', 31, 29, -10, 52.5],
  ])('reads %s: home %i, away %i, home spread %d, total %d', (id, homeScore, awayScore, homeSpread, total) => {
    const game = byId.get(id);
    expect([game?.homeScore, game?.awayScore, game?.closing?.homeSpread, game?.closing?.total]).toEqual([
      homeScore,
      awayScore,
      homeSpread,
      total,
    ]);
  });

  it('gives a favoured home team a negative home spread (nflverse spread_line > 0 means home favoured)', () => {
    const kc = byId.get('2022_17_DEN_KC')!;
    expect(kc.closing?.homeSpread).toBe(-13.5);
    expect(kc.closing?.homeMoneyline).toBeLessThan(0);
    // Across the file, the favourite by spread is the favourite by moneyline in nearly every game.
    const priced = parsed.records.filter(
      (game) => game.closing?.homeSpread && game.closing.homeMoneyline !== null && game.closing.awayMoneyline !== null,
    );
    const agree = priced.filter(
      (game) => game.closing!.homeSpread! < 0 === game.closing!.homeMoneyline! < game.closing!.awayMoneyline!,
    );
    expect(agree.length / priced.length).toBeGreaterThan(0.98);
  });

  it('converts Eastern kickoffs across daylight saving time', () => {
    // 8:20 PM ET: EDT (UTC−4) in September, EST (UTC−5) in December.
    expect(byId.get('2022_01_BUF_LA')?.kickoff).toBe('2022-09-09T00:20:00.000Z');
    expect(byId.get('2022_14_MIA_LAC')?.kickoff).toBe('2022-12-12T01:20:00.000Z');
    // The Thursday game of week 17 is the one The Odds API lists at 2022-12-30T01:15Z.
    expect(byId.get('2022_17_DAL_TEN')?.kickoff).toBe('2022-12-30T01:15:00.000Z');
  });

  it('files January and February games under the season before, as the calendar does', () => {
    const winter = parsed.records.filter((game) => /-0[12]-/.test(game.date));
    expect(winter.length).toBeGreaterThan(100);
    for (const game of winter) expect(game.season, game.sourceId).toBe(Number(game.date.slice(0, 4)) - 1);
    for (const game of parsed.records.filter((g) => g.kickoff)) {
      expect(seasonForDate('americanfootball_nfl', new Date(game.kickoff!)), game.sourceId).toBe(game.season);
    }
  });

  it('leaves 1999 kickoffs without a time null and unplayed 2025 games scheduled without scores', () => {
    expect(parsed.records.filter((game) => game.kickoff === null)).toHaveLength(259);
    const unplayed = parsed.records.filter((game) => game.status === 'scheduled');
    expect(unplayed).toHaveLength(79);
    expect(unplayed.every((game) => game.season === 2025 && game.homeScore === null && game.awayScore === null)).toBe(
      true,
    );
  });

  it('marks the 93 neutral-site games', () => {
    expect(parsed.records.filter((game) => game.neutralSite)).toHaveLength(93);
  });
});

describe('parseNflverseGames on the 2025 pandas export', () => {
  it('parses float-formatted numbers: 285 games through Super Bowl LX, SEA 29 NE 13', () => {
    const { records, skipped } = parseNflverseGames(
      readHistoryFile('nflverse/games_2025_complete_nfl_data_py_export.csv'),
    );
    expect(skipped).toEqual([]);
    expect(records).toHaveLength(285);
    const superBowl = records.find((game) => game.sourceId === '2025_22_SEA_NE');
    expect(superBowl).toMatchObject({
      season: 2025,
      kickoff: '2026-02-08T23:30:00.000Z',
      home: 'NE',
      away: 'SEA',
      homeScore: 13,
      awayScore: 29,
      espnId: '401772988',
      closing: { homeSpread: 4.5, total: 45.5, homeMoneyline: 195, awayMoneyline: -238 },
    });
  });
});

describe('parseNflverseGames on bad rows', () => {
  const header =
    'game_id,season,game_type,week,gameday,weekday,gametime,away_team,away_score,home_team,home_score,location,spread_line,total_line,away_moneyline,home_moneyline';
  it('skips rows it cannot read, naming the line and the reason', () => {
    const text = [
      header,
      '2030_01_XXX_KC,2030,REG,1,2030-09-12,Thursday,20:20,XXX,,KC,,Home,,,,',
      '2030_01_BUF_KC,2030,REG,1,2030-09-12,Thursday,8pm,BUF,,KC,,Home,,,,',
      '2030_01_BUF_MIA,2030,REG,1,2030-09-15,Sunday,13:00,BUF,,MIA,,Home,3,44.5,,',
    ].join('\n');
    const { records, skipped } = parseNflverseGames(text);
    expect(skipped).toEqual([
      { line: 2, reason: '2030_01_XXX_KC: unknown team "XXX"' },
      { line: 3, reason: '2030_01_BUF_KC: bad gametime "8pm"' },
    ]);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 'scheduled', homeScore: null, kickoff: '2030-09-15T17:00:00.000Z' });
    expect(records[0]?.closing).toMatchObject({ homeSpread: -3, total: 44.5, homeMoneyline: null });
  });
});

import { describe, expect, it } from 'vitest';
import { readHistoryFile } from '../testing/history-files.js';
import { parseRetrosheetGameLog } from './retrosheet-gamelogs.js';
import { parseStatsApiGamesCsv } from './statsapi-games.js';

describe('parseRetrosheetGameLog', () => {
  const log2023 = parseRetrosheetGameLog(readHistoryFile('mlb/retrosheet/GL2023.TXT'));
  const log2024 = parseRetrosheetGameLog(readHistoryFile('mlb/retrosheet/GL2024.TXT'));

  it('reads all 2,430 games of 2023 and 2,429 of 2024 with every Retrosheet team code resolved', () => {
    expect(log2023.skipped).toEqual([]);
    expect(log2023.records).toHaveLength(2430);
    expect(log2024.skipped).toEqual([]);
    expect(log2024.records).toHaveLength(2429);
    const teams = new Set(log2024.records.flatMap((game) => [game.home, game.away]));
    expect(teams.size).toBe(30);
  });

  it('gives the two games of a doubleheader distinct keys (35 doubleheaders in 2023, 29 in 2024)', () => {
    for (const [log, doubleheaders] of [
      [log2023, 35],
      [log2024, 29],
    ] as const) {
      expect(new Set(log.records.map((game) => game.sourceId)).size).toBe(log.records.length);
      expect(log.records.filter((game) => game.gameNumber === 2)).toHaveLength(doubleheaders);
      expect(log.records.filter((game) => game.gameNumber === 1)).toHaveLength(doubleheaders);
    }
    const finale = log2024.records.filter((game) => game.date === '2024-09-30' && game.home === 'ATL');
    expect(finale.map((game) => game.sourceId)).toEqual(['ATL202409301', 'ATL202409302']);
  });

  it('reads the 2024 Seoul opener: Dodgers 5 at Padres 2, keyed SDN202403200, at a neutral site', () => {
    expect(log2024.records[0]).toMatchObject({
      source: 'retrosheet',
      sourceId: 'SDN202403200',
      sport: 'baseball_mlb',
      season: 2024,
      date: '2024-03-20',
      kickoff: null,
      home: 'SD',
      away: 'LAD',
      homeScore: 2,
      awayScore: 5,
      parkId: 'SEO01',
      neutralSite: true,
      status: 'final',
    });
  });

  it('marks the 13 games of 2023–24 away from the home club’s park as neutral, by park id', () => {
    const neutral = (log: typeof log2023) =>
      log.records
        .filter((game) => game.neutralSite)
        .map((game) => `${game.date} ${game.away}@${game.home} ${game.parkId}`);
    expect(neutral(log2023)).toEqual([
      '2023-04-29 SF@SD MEX02',
      '2023-04-30 SF@SD MEX02',
      '2023-06-24 CHC@STL LON01',
      '2023-06-25 CHC@STL LON01',
      '2023-08-20 PHI@WSH WIL02',
    ]);
    expect(neutral(log2024)).toEqual([
      '2024-03-20 LAD@SD SEO01',
      '2024-03-21 SD@LAD SEO01',
      '2024-04-27 HOU@COL MEX02',
      '2024-04-28 HOU@COL MEX02',
      '2024-06-08 PHI@NYM LON01',
      '2024-06-09 NYM@PHI LON01',
      '2024-06-20 SF@STL BIR01',
      '2024-08-18 NYY@DET WIL02',
    ]);
  });

  it('maps Retrosheet codes (NYA, SLN, ANA, CHA, OAK) to Stats API abbreviations', () => {
    const codes = new Map<string, string>();
    for (const line of readHistoryFile('mlb/retrosheet/GL2023.TXT').split('\n').filter(Boolean)) {
      const cells = line.split(',').map((cell) => cell.replaceAll('"', ''));
      const game = log2023.records.find((g) => g.sourceId === `${cells[6]}${cells[0]}${cells[1]}`);
      codes.set(cells[6]!, game!.home);
      if (codes.size === 30) break;
    }
    expect([codes.get('NYA'), codes.get('SLN'), codes.get('ANA'), codes.get('CHA'), codes.get('OAK')]).toEqual([
      'NYY',
      'STL',
      'LAA',
      'CWS',
      'ATH',
    ]);
  });

  it('reads completion info with its embedded commas and flags only the special venues as neutral', () => {
    const suspended = log2023.records.find((game) => game.sourceId === 'WAS202305130');
    expect(suspended?.completionInfo).toBe('20230514,WAS11,0,1,13');
    expect(
      log2023.records
        .filter((g) => g.neutralSite)
        .map((g) => g.parkId)
        .sort(),
    ).toEqual(['LON01', 'LON01', 'MEX02', 'MEX02', 'WIL02']);
  });

  it('reports malformed lines instead of failing', () => {
    const { records, skipped } = parseRetrosheetGameLog(
      '"20230330","0","Thu"\r\n' + '"2023-03-30",' + '"0",'.repeat(20),
    );
    expect(records).toEqual([]);
    expect(skipped.map((entry) => 'line' in entry && entry.line)).toEqual([1, 2]);
  });
});

describe('parseStatsApiGamesCsv', () => {
  const { records, skipped } = parseStatsApiGamesCsv(readHistoryFile('mlb/statsapi/games_2025.csv'));

  it('reads all 2,430 games of 2025 keyed by game_pk, every team name resolved', () => {
    expect(skipped).toEqual([]);
    expect(records).toHaveLength(2430);
    expect(new Set(records.map((game) => game.sourceId)).size).toBe(2430);
    expect(records.every((game) => game.status === 'final')).toBe(true);
  });

  it('reads the Tokyo opener (Dodgers 4 at Cubs 1) and resolves "Athletics" to ATH', () => {
    expect(records[0]).toMatchObject({
      sourceId: '778563',
      date: '2025-03-18',
      home: 'CHC',
      away: 'LAD',
      homeScore: 1,
      awayScore: 4,
    });
    expect(records.filter((game) => game.home === 'ATH')).toHaveLength(81);
  });

  it('marks the Tokyo Series, the Speedway Classic and the Little League Classic as neutral, and nothing else', () => {
    const neutral = records.filter((game) => game.neutralSite);
    expect(neutral.map((game) => [game.sourceId, game.date, game.away, game.home, game.venue])).toEqual([
      ['778563', '2025-03-18', 'LAD', 'CHC', 'Tokyo Dome, Tokyo'],
      ['778564', '2025-03-19', 'LAD', 'CHC', 'Tokyo Dome, Tokyo'],
      ['776907', '2025-08-03', 'ATL', 'CIN', 'Bristol Motor Speedway, Bristol, Tennessee'],
      ['776707', '2025-08-17', 'SEA', 'NYM', 'Bowman Field, Williamsport, Pennsylvania'],
    ]);
    // The Cubs' 81 home games at Wrigley Field: the two in Tokyo are not among them.
    expect(records.filter((game) => game.home === 'CHC' && !game.neutralSite)).toHaveLength(79);
  });

  it('dates Mets at Astros of March 28 on March 28 (game_pk 778518), the next one on March 29', () => {
    const metsAtAstros = records.filter((game) => game.home === 'HOU' && game.away === 'NYM');
    expect(metsAtAstros.map((game) => [game.sourceId, game.utcDate, game.date])).toEqual([
      ['778559', '2025-03-27', '2025-03-27'],
      ['778518', '2025-03-29', '2025-03-28'],
      ['778530', '2025-03-29', '2025-03-29'],
    ]);
  });

  it('leaves doubleheaders of a pair as rare as in 2023 and 2024, and no team with two opponents on one day', () => {
    const pairDays = new Map<string, number>();
    const teamDays = new Map<string, Set<string>>();
    for (const game of records) {
      const pair = `${game.home}|${game.away}`;
      pairDays.set(`${pair}|${game.date}`, (pairDays.get(`${pair}|${game.date}`) ?? 0) + 1);
      for (const team of [game.home, game.away]) {
        const key = `${team}|${game.date}`;
        teamDays.set(key, (teamDays.get(key) ?? new Set()).add(pair));
      }
    }
    const doubleheaders = [...pairDays.values()].filter((count) => count > 1).length;
    // The file's UTC dates give 282 (27 once dated); Retrosheet has 35 (2023) and 29 (2024) real ones.
    expect(doubleheaders).toBeGreaterThan(0);
    expect(doubleheaders).toBeLessThan(40);
    expect([...teamDays].filter(([, pairs]) => pairs.size > 1)).toEqual([]);
    const utcPairDays = new Set<string>();
    let utcDoubles = 0;
    for (const game of records) {
      const key = `${game.home}|${game.away}|${game.utcDate}`;
      if (utcPairDays.has(key)) utcDoubles++;
      utcPairDays.add(key);
    }
    expect(utcDoubles).toBeGreaterThan(250);
  });

  it("gives starters the rest Retrosheet's true dates show: under four days only by exception", () => {
    // Straight from the file: game_pk and the two starters' ids (columns 1, 8 and 9).
    const starts = new Map<string, string[]>();
    for (const line of readHistoryFile('mlb/statsapi/games_2025.csv').trim().split(/\r?\n/).slice(1)) {
      const [gamePk, , , , , , , homeStarter, awayStarter] = line.split(',');
      for (const starter of [homeStarter, awayStarter]) {
        if (starter) starts.set(starter, [...(starts.get(starter) ?? []), gamePk!]);
      }
    }
    const byId = new Map(records.map((game) => [game.sourceId, game]));
    const shortRests = (date: 'date' | 'utcDate') => {
      let count = 0;
      for (const games of starts.values()) {
        const days = games.map((id) => Date.parse(byId.get(id)![date]) / 86_400_000).sort((a, b) => a - b);
        for (let index = 1; index < days.length; index++) if (days[index]! - days[index - 1]! <= 4) count++;
      }
      return count;
    };
    // Retrosheet: 35 starts four days or fewer after the last in 2023, 13 in 2024; the UTC dates give 255.
    expect(shortRests('utcDate')).toBeGreaterThan(200);
    expect(shortRests('date')).toBeLessThan(30);
  });

  it('moves a game by one day at most, and never a game at an Eastern park whose days are free', () => {
    for (const game of records) {
      const shift = (Date.parse(game.date) - Date.parse(game.utcDate)) / 86_400_000;
      expect([0, -1]).toContain(shift);
    }
    // Orioles at Red Sox, an Eastern park: the file's dates stand.
    const fenway = records.filter((game) => game.home === 'BOS' && game.away === 'BAL');
    expect(fenway.every((game) => game.date === game.utcDate)).toBe(true);
  });
});

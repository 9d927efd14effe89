import { describe, expect, it } from 'vitest';
import { readHistoryFile, readHistoryJson } from '../testing/history-files.js';
import { parseCfbdGames, parseCfbdPregameLines } from './cfbd-games.js';
import { parseSportsdataverseBetting, parseSportsdataverseSchedule } from './sportsdataverse-cfb.js';
import { teamRegistry } from '../teams/all-teams.js';

const NCAAF = 'americanfootball_ncaaf';

describe('parseCfbdGames (v1, 2024)', () => {
  const regular = parseCfbdGames(readHistoryJson('cfbd/games_2024_regular_v1.json'));

  it('keeps the 874 games with an FBS team of 3,747 (121 of them against FCS teams) and skips the rest', () => {
    expect(regular.records).toHaveLength(753 + 121);
    expect(regular.records.length + regular.skipped.length).toBe(3747);
    const reasons = regular.skipped.map((entry) => entry.reason.replace(/:.*| \(.*/, ''));
    expect(new Set(reasons)).toEqual(new Set(['not an FBS game']));
    const againstFcs = regular.records.filter((game) =>
      [game.home, game.away].some(
        (abbr) => teamRegistry.classificationIn(teamRegistry.get(NCAAF, abbr)!, 2024) === 'fcs',
      ),
    );
    expect(againstFcs).toHaveLength(121);
  });

  it('gives Arizona, Boston College and UMass their official 2024 regular seasons, FCS games included', () => {
    const record = (team: string) => {
      const games = regular.records.filter(
        (game) => game.status === 'final' && (game.home === team || game.away === team),
      );
      const won = games.filter((game) =>
        game.home === team ? game.homeScore! > game.awayScore! : game.awayScore! > game.homeScore!,
      );
      return `${won.length}-${games.length - won.length}`;
    };
    expect(record('ARIZ')).toBe('4-8');
    expect(record('BC')).toBe('7-5');
    expect(record('MASS')).toBe('2-10');
    // Arizona 22, Northern Arizona 10: the opponent is a team of its own, in FCS, with no conference.
    const nau = regular.records.find((game) => game.home === 'ARIZ' && game.away === 'NAU');
    expect(nau).toMatchObject({ homeScore: 22, awayScore: 10, conferenceGame: false });
    const northernArizona = teamRegistry.get(NCAAF, 'NAU')!;
    expect(northernArizona.name).toBe('Northern Arizona Lumberjacks');
    expect(teamRegistry.conferenceIn(northernArizona, 2024)).toBeNull();
    expect(teamRegistry.classificationIn(northernArizona, 2024)).toBe('fcs');
  });

  it('does not count UConn at UMass (two independents) as a conference game, though CFBD flags it', () => {
    const raw = (readHistoryJson('cfbd/games_2024_regular_v1.json') as { id: number; conference_game: boolean }[]).find(
      (game) => game.id === 401629038,
    );
    expect(raw?.conference_game).toBe(true);
    expect(regular.records.find((game) => game.sourceId === '401629038')).toMatchObject({
      home: 'MASS',
      away: 'CONN',
      conferenceGame: false,
    });
    expect(regular.records.filter((game) => game.conferenceGame && game.home === 'ND')).toEqual([]);
  });

  it('reads The Game 2024: Michigan 13 at Ohio State 10', () => {
    expect(regular.records.find((game) => game.sourceId === '401628566')).toEqual({
      source: 'cfbd',
      sourceId: '401628566',
      sport: 'americanfootball_ncaaf',
      season: 2024,
      week: 14,
      seasonType: 'regular',
      kickoff: '2024-11-30T17:00:00.000Z',
      kickoffTbd: false,
      date: '2024-11-30',
      home: 'OSU',
      away: 'MICH',
      homeScore: 10,
      awayScore: 13,
      neutralSite: false,
      conferenceGame: true,
      status: 'final',
      notes: null,
    });
  });

  it('leaves the one FBS game never completed in the file (App State v Liberty) without scores', () => {
    const open = regular.records.filter((game) => game.status !== 'final');
    expect(open.map((game) => [game.sourceId, game.home, game.away, game.homeScore])).toEqual([
      ['401640992', 'APP', 'LIB', null],
    ]);
  });

  it('reads the postseason snapshot: 45 FBS games, the CFP semifinals not yet scored', () => {
    const { records } = parseCfbdGames(readHistoryJson('cfbd/games_2024_postseason_v1.json'));
    expect(records).toHaveLength(45);
    expect(records.filter((game) => game.status === 'scheduled').map((game) => game.notes)).toEqual([
      expect.stringMatching(/Orange Bowl/),
      expect.stringMatching(/Cotton Bowl/),
    ]);
    expect(records.find((game) => game.sourceId === '401677183')).toMatchObject({
      home: 'ORE',
      away: 'OSU',
      homeScore: 21,
      awayScore: 41,
      neutralSite: true,
      seasonType: 'postseason',
      notes: expect.stringMatching(/Rose Bowl/),
    });
  });
});

describe('parseCfbdGames (v2, 2025 snapshot)', () => {
  const { records, skipped } = parseCfbdGames(readHistoryJson('cfbd/games_2025_v2_snapshot_2025-08-28.json'));

  it('reads the camelCase shape: 879 games with an FBS team (126 against FCS teams), 5 of them completed', () => {
    expect(records).toHaveLength(753 + 126);
    expect(skipped.every((entry) => entry.reason.startsWith('not an FBS game'))).toBe(true);
    expect(
      records
        .filter((game) => game.status === 'final')
        .map((game) => game.sourceId)
        .sort(),
    ).toEqual(['401754516', '401756846', '401756847', '401757218', '401760371']);
    expect(records.find((game) => game.sourceId === '401756846')).toMatchObject({
      home: 'KSU',
      away: 'ISU',
      homeScore: 21,
      awayScore: 24,
      neutralSite: true,
      conferenceGame: true,
      notes: 'Aer Lingus College Football Classic',
    });
  });

  it('counts Delaware and Missouri State as FBS in 2025 only', () => {
    const teams = [...new Set(records.flatMap((game) => [game.home, game.away]))].map((abbr) =>
      teamRegistry.get(NCAAF, abbr)!,
    );
    expect(teams.filter((team) => teamRegistry.conferenceIn(team, 2025) !== null)).toHaveLength(136);
    expect(teamRegistry.conferenceIn(teamRegistry.get(NCAAF, 'DEL')!, 2025)).toBe('Conference USA');
    expect(teamRegistry.classificationIn(teamRegistry.get(NCAAF, 'DEL')!, 2024)).toBe('fcs');
    expect(teamRegistry.classificationIn(teamRegistry.get(NCAAF, 'MOST')!, 2025)).toBe('fbs');
    // In 2024 both were FCS: Missouri State's game at Ball State is kept as an FCS opponent's, Delaware met no FBS team.
    const regular2024 = parseCfbdGames(readHistoryJson('cfbd/games_2024_regular_v1.json')).records;
    const theirs = regular2024.filter((game) =>
      [game.home, game.away].some((abbr) => abbr === 'DEL' || abbr === 'MOST'),
    );
    expect(theirs.map((game) => [game.away, game.home, game.awayScore, game.homeScore])).toEqual([
      ['MOST', 'BALL', 34, 42],
    ]);
  });
});

describe('parseCfbdPregameLines', () => {
  it('reads 757 home-view spreads (negative = home favoured), v1 and v2 names alike', () => {
    const v1 = parseCfbdPregameLines(readHistoryJson('cfbd/pregame_wp_2024_regular.json'));
    expect(v1.records).toHaveLength(757);
    expect(v1.records[0]).toEqual({
      gameId: '401628319',
      season: 2024,
      week: 1,
      seasonType: 'regular',
      homeSpread: -34,
      homeWinProbability: 0.99,
    });
    expect(v1.records.every((line) => line.homeSpread! < 0 === line.homeWinProbability! > 0.5)).toBe(true);
    const v2 = parseCfbdPregameLines(readHistoryJson('cfbd/pregame_wp_2025_snapshot_v2.json'));
    expect(v2.records).toHaveLength(114);
    expect(v2.records[0]).toMatchObject({ gameId: '401762789', homeSpread: 5.5, homeWinProbability: 0.352 });
  });
});

describe('sportsdataverse 2025', () => {
  const schedule = parseSportsdataverseSchedule(readHistoryFile('sportsdataverse-cfb/cfb_schedule_2025.csv'));

  it('keeps the 934 games with an FBS team of 958 (126 against FCS teams), all final', () => {
    expect(schedule.records).toHaveLength(808 + 126);
    expect(schedule.skipped).toHaveLength(24);
    expect(schedule.skipped.every((entry) => entry.reason.includes(': not an FBS game'))).toBe(true);
    expect(schedule.records.every((game) => game.status === 'final')).toBe(true);
  });

  it('reads the CFP final: Indiana 27, Miami 21, at Miami\u2019s own stadium yet Miami the away team', () => {
    expect(schedule.records.find((game) => game.sourceId === '401769076')).toMatchObject({
      seasonType: 'postseason',
      kickoff: '2026-01-20T00:30:00.000Z',
      season: 2025,
      home: 'IU',
      away: 'MIA',
      homeScore: 27,
      awayScore: 21,
      neutralSite: false,
    });
  });

  it('joins the betting file by game id; 946 real lines, negative when home is favoured', () => {
    const betting = parseSportsdataverseBetting(readHistoryFile('sportsdataverse-cfb/betting_2025.csv'));
    expect(betting.records).toHaveLength(946);
    expect(betting.skipped).toHaveLength(12);
    const lines = new Map(betting.records.map((line) => [line.gameId, line]));
    expect(lines.get('401769076')).toEqual({
      gameId: '401769076',
      season: 2025,
      week: 1,
      homeSpread: -7.5,
      total: 47.5,
    });
    const joined = schedule.records.filter((game) => lines.has(game.sourceId));
    expect(joined.length).toBeGreaterThan(790);
  });
});

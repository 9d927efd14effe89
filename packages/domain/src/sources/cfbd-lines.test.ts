import { describe, expect, it } from 'vitest';
import { readHistoryJson } from '../testing/history-files.js';
import { cfbdProviderBook, cfbdResponseKind, parseCfbdLines } from './cfbd-lines.js';

/** A `/lines` entry as CFBD v2 answers it (camelCase), trimmed to two games. */
const LINES_V2 = [
  {
    id: 401628566,
    season: 2024,
    seasonType: 'regular',
    week: 14,
    startDate: '2024-11-30T17:00:00.000Z',
    homeTeamId: 194,
    homeTeam: 'Ohio State',
    homeConference: 'Big Ten',
    homeClassification: 'fbs',
    homeScore: 10,
    awayTeamId: 130,
    awayTeam: 'Michigan',
    awayConference: 'Big Ten',
    awayClassification: 'fbs',
    awayScore: 13,
    lines: [
      {
        provider: 'consensus',
        spread: -20.5,
        formattedSpread: 'Ohio State -20.5',
        spreadOpen: -19.5,
        overUnder: 42.5,
        overUnderOpen: 44,
        homeMoneyline: -1400,
        awayMoneyline: 800,
      },
      {
        provider: 'DraftKings',
        spread: -21,
        formattedSpread: 'Ohio State -21',
        spreadOpen: null,
        overUnder: 42,
        overUnderOpen: null,
        homeMoneyline: -1500,
        awayMoneyline: 900,
      },
      { provider: 'ESPN Bet', spread: -20.5, formattedSpread: 'Ohio State -20.5', overUnder: 42.5 },
      { provider: 'teamrankings', spread: -19, formattedSpread: 'Ohio State -19', overUnder: 43 },
    ],
  },
  {
    id: 401628567,
    season: 2024,
    seasonType: 'regular',
    week: 14,
    startDate: '2024-11-30T20:30:00.000Z',
    homeTeam: 'Auburn',
    awayTeam: 'Alabama',
    lines: [{ provider: 'Bovada', spread: 0, formattedSpread: 'Auburn PK', overUnder: null }],
  },
];

/** The same shape in v1 (snake_case), as CFBD answered before 2025. */
const LINES_V1 = [
  {
    id: 401628566,
    season: 2024,
    season_type: 'regular',
    week: 14,
    start_date: '2024-11-30T17:00:00.000Z',
    home_team: 'Ohio State',
    away_team: 'Michigan',
    lines: [
      {
        provider: 'consensus',
        spread: '-20.5',
        formatted_spread: 'Ohio State -20.5',
        spread_open: '-19.5',
        over_under: '42.5',
        over_under_open: '44',
        home_moneyline: -1400,
        away_moneyline: 800,
      },
      { provider: 'William Hill (New Jersey)', spread: -20, over_under: 42.5, home_moneyline: null },
    ],
  },
];

describe('parseCfbdLines', () => {
  it('reads every provider of a v2 /lines answer as our book, closing spread, total and moneylines', () => {
    const { records, skipped } = parseCfbdLines(LINES_V2);
    expect(records).toEqual([
      {
        gameId: '401628566',
        season: 2024,
        week: 14,
        provider: 'consensus',
        book: 'consensus',
        homeSpread: -20.5,
        total: 42.5,
        homeMoneyline: -1400,
        awayMoneyline: 800,
      },
      expect.objectContaining({ provider: 'DraftKings', book: 'draftkings', homeSpread: -21, total: 42 }),
      expect.objectContaining({ provider: 'ESPN Bet', book: 'espnbet', homeSpread: -20.5, homeMoneyline: null }),
      // A pick'em is 0, never −0.
      expect.objectContaining({ gameId: '401628567', book: 'bovada', homeSpread: 0, total: null }),
    ]);
    expect(Object.is(records[3]!.homeSpread, -0)).toBe(false);
    // A model, not a sportsbook: no book to file it under.
    expect(skipped).toEqual([{ id: '401628566', reason: 'provider without a book: teamrankings' }]);
  });

  it('reads the v1 snake_case shape alike, numbers given as strings included', () => {
    const { records, skipped } = parseCfbdLines(LINES_V1);
    expect(records).toEqual([
      expect.objectContaining({ book: 'consensus', homeSpread: -20.5, total: 42.5, homeMoneyline: -1400 }),
      expect.objectContaining({ book: 'williamhill_us', homeSpread: -20, total: 42.5, homeMoneyline: null }),
    ]);
    expect(skipped).toEqual([]);
  });

  it('reads a pregame win-probability file as the consensus spread, nothing else', () => {
    const { records, skipped } = parseCfbdLines(readHistoryJson('cfbd/pregame_wp_2024_regular.json'));
    expect(records).toHaveLength(757);
    expect(skipped).toEqual([]);
    expect(records[0]).toEqual({
      gameId: '401628319',
      season: 2024,
      week: 1,
      provider: 'consensus',
      book: 'consensus',
      homeSpread: -34,
      total: null,
      homeMoneyline: null,
      awayMoneyline: null,
    });
  });

  it('says what a response holds, so one importer takes games and lines', () => {
    expect(cfbdResponseKind(LINES_V2)).toBe('lines');
    expect(cfbdResponseKind(LINES_V1)).toBe('lines');
    expect(cfbdResponseKind(readHistoryJson('cfbd/pregame_wp_2025_snapshot_v2.json'))).toBe('lines');
    expect(cfbdResponseKind(readHistoryJson('cfbd/games_2024_postseason_v1.json'))).toBe('games');
    expect(cfbdResponseKind(readHistoryJson('cfbd/games_2025_v2_snapshot_2025-08-28.json'))).toBe('games');
    expect(cfbdResponseKind([])).toBe('games');
  });

  it('maps providers to The Odds API book keys, ignoring case and punctuation', () => {
    expect(cfbdProviderBook('Consensus')).toBe('consensus');
    expect(cfbdProviderBook('ESPN Bet')).toBe('espnbet');
    expect(cfbdProviderBook('Caesars Sportsbook (Colorado)')).toBe('williamhill_us');
    expect(cfbdProviderBook('numberfire')).toBeUndefined();
  });
});

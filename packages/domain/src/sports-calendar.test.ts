import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readHistoryFile } from './testing/history-files.js';
import { parseCfbdGames, type CfbdGame } from './sources/cfbd-games.js';
import { parseNflverseGames } from './sources/nflverse-games.js';
import { parseRetrosheetGameLog } from './sources/retrosheet-gamelogs.js';
import { parseSportsdataverseSchedule } from './sources/sportsdataverse-cfb.js';
import { parseStatsApiGamesCsv } from './sources/statsapi-games.js';
import type { SourceGame } from './sources/types.js';
import {
  calendarWeek,
  collegeLastRegularWeek,
  collegePostseasonKind,
  mlbFirstGameDate,
  mlbSeries,
  seasonCalendar,
  weekLabel,
  weekSeasonType,
  weekShortLabel,
  type CalendarGame,
} from './sports-calendar.js';

/** A parsed game as the importers hand it to the calendar. */
const asCalendarGame = (game: SourceGame & { notes?: string | null }): CalendarGame => ({
  sport: game.sport,
  season: game.season,
  seasonType: game.seasonType,
  date: game.date,
  sourceWeek: game.week,
  postseason:
    game.sport === 'americanfootball_ncaaf' && game.seasonType === 'postseason'
      ? collegePostseasonKind({ sourceId: game.sourceId, notes: game.notes ?? null })
      : null,
});

const weekOf = (game: SourceGame & { notes?: string | null }) => calendarWeek(asCalendarGame(game));

/** Weeks that hold both regular-season and postseason games. */
function mixedWeeks(games: readonly SourceGame[]): number[] {
  const types = new Map<number, Set<string>>();
  for (const game of games) {
    const week = weekOf(game);
    types.set(week, (types.get(week) ?? new Set()).add(game.seasonType));
  }
  return [...types].filter(([, set]) => set.size > 1).map(([week]) => week);
}

describe('college football, 2024 (CFBD files)', () => {
  const regular = parseCfbdGames(JSON.parse(readHistoryFile('cfbd/games_2024_regular_v1.json'))).records;
  const postseason = parseCfbdGames(JSON.parse(readHistoryFile('cfbd/games_2024_postseason_v1.json'))).records;
  const all: CfbdGame[] = [...regular, ...postseason];

  it('ends the regular season in week 16, Army–Navy, so the bowls are week 17 and the playoff week 18', () => {
    expect(collegeLastRegularWeek(2024)).toBe(16);
    expect(Math.max(...regular.map((game) => game.week!))).toBe(16);
    expect(weekLabel('americanfootball_ncaaf', 2024, 17)).toBe('Bowls');
    expect(weekLabel('americanfootball_ncaaf', 2024, 18)).toBe('Playoff');
    expect(weekSeasonType('americanfootball_ncaaf', 2024, 16)).toBe('regular');
    expect(weekSeasonType('americanfootball_ncaaf', 2024, 17)).toBe('postseason');
  });

  it('keeps every regular-season game in its schedule week and no bowl shares a week with one', () => {
    for (const game of regular) expect(weekOf(game)).toBe(game.week);
    // The source files every bowl in week 1, beside 39 of the regular season's week-1 games.
    expect(postseason.every((game) => game.week === 1)).toBe(true);
    expect(mixedWeeks(all)).toEqual([]);
  });

  it('puts the ten 2024 playoff games in the file in the Playoff week and the other bowls in Bowls', () => {
    const playoff = postseason.filter((game) => weekOf(game) === 18);
    expect(playoff).toHaveLength(10);
    expect(playoff.every((game) => /College Football Playoff/.test(game.notes ?? ''))).toBe(true);
    const bowls = postseason.filter((game) => weekOf(game) === 17);
    expect(bowls.length + playoff.length).toBe(postseason.length);
    expect(bowls.map((game) => game.notes)).toContain('ReliaQuest Bowl');
  });

  it('names the national championship a playoff game by its notes, and FCS title games not', () => {
    expect(collegePostseasonKind({ notes: 'College Football Playoff National Championship Presented by AT&T' })).toBe(
      'playoff',
    );
    expect(collegePostseasonKind({ notes: 'FCS Championship' })).toBe('bowl');
    expect(collegePostseasonKind({ notes: 'Division III Championship' })).toBe('bowl');
    expect(collegePostseasonKind({ notes: 'Cricket Celebration Bowl' })).toBe('bowl');
    expect(collegePostseasonKind({ notes: null })).toBe('bowl');
  });
});

describe('college football, 2025 (sportsdataverse schedule)', () => {
  const games = parseSportsdataverseSchedule(readHistoryFile('sportsdataverse-cfb/cfb_schedule_2025.csv')).records;

  it('has no week 0: the August 23 games are week 1 in the schedule and here', () => {
    const early = games.filter((game) => game.date < '2025-08-25');
    expect(early.length).toBeGreaterThan(0);
    expect(early.every((game) => weekOf(game) === 1)).toBe(true);
    expect(calendarWeek({ ...asCalendarGame(early[0]!), sourceWeek: 0 })).toBe(1);
  });

  it('puts the eleven playoff games, first round to final, in the Playoff week without a notes column', () => {
    expect(collegeLastRegularWeek(2025)).toBe(16);
    const playoff = games.filter((game) => weekOf(game) === 18);
    expect(playoff).toHaveLength(11);
    expect(playoff.find((game) => game.date === '2026-01-20')).toMatchObject({ home: 'IU', seasonType: 'postseason' });
    expect(mixedWeeks(games)).toEqual([]);
    const bowls = games.filter((game) => weekOf(game) === 17);
    expect(bowls.length + playoff.length).toBe(games.filter((game) => game.seasonType === 'postseason').length);
  });

  it('reads a stored week again to the same week (idempotent)', () => {
    for (const game of games) {
      const week = weekOf(game);
      expect(calendarWeek({ ...asCalendarGame(game), sourceWeek: week, postseason: null })).toBe(week);
    }
  });
});

describe('NFL (nflverse)', () => {
  const games = parseNflverseGames(readHistoryFile('nflverse/games.csv')).records;

  it('numbers the playoffs after the regular season: Super Bowl week 22 from 2021, week 21 before', () => {
    const superBowl = (season: number) =>
      games.filter((game) => game.season === season && game.seasonType === 'postseason').at(-1)!;
    expect(weekOf(superBowl(2024))).toBe(22);
    expect(weekOf(superBowl(2021))).toBe(22);
    expect(weekOf(superBowl(2020))).toBe(21);
    expect(weekLabel('americanfootball_nfl', 2024, 22)).toBe('Super Bowl');
    expect(weekLabel('americanfootball_nfl', 2020, 21)).toBe('Super Bowl');
    expect(weekLabel('americanfootball_nfl', 2024, 19)).toBe('Wild Card');
    expect(weekLabel('americanfootball_nfl', 2020, 18)).toBe('Wild Card');
    expect(weekLabel('americanfootball_nfl', 2024, 18)).toBe('Week 18');
    expect(weekShortLabel('americanfootball_nfl', 2024, 20)).toBe('Div');
  });

  it('keeps every game of 2015–2024 in the week nflverse gives; dates alone agree but for two Christmas Wednesdays', () => {
    const byDateDiffers: string[] = [];
    for (const game of games.filter((entry) => entry.season >= 2015 && entry.season <= 2024)) {
      expect(weekOf(game)).toBe(game.week);
      const byDate = calendarWeek({ ...asCalendarGame(game), sourceWeek: null });
      if (game.seasonType === 'regular' && byDate !== game.week) byDateDiffers.push(game.sourceId);
    }
    // Wednesday 2024-12-25 belongs to week 17 (Thursday to Wednesday would say 16): why a source's week wins.
    expect(byDateDiffers).toEqual(['2024_17_KC_PIT', '2024_17_BAL_HOU']);
  });

  it('places a playoff game without a week by its date, the Super Bowl after its bye week', () => {
    const without = (date: string) =>
      calendarWeek({ sport: 'americanfootball_nfl', season: 2024, seasonType: 'postseason', date, sourceWeek: null });
    expect(without('2025-01-11')).toBe(19);
    expect(without('2025-01-26')).toBe(21);
    expect(without('2025-02-09')).toBe(22);
  });
});

describe('MLB', () => {
  it('numbers 2025 Monday to Sunday from the Tokyo series: week 1 is its week, the domestic opener week 2', () => {
    const games = parseStatsApiGamesCsv(readHistoryFile('mlb/statsapi/games_2025.csv')).records;
    expect(mlbFirstGameDate(2025)).toBe(games.map((game) => game.date).sort()[0]);
    const week = (date: string) =>
      calendarWeek({ sport: 'baseball_mlb', season: 2025, seasonType: 'regular', date, sourceWeek: null });
    expect(week('2025-03-18')).toBe(1);
    expect(week('2025-03-23')).toBe(1);
    expect(week('2025-03-24')).toBe(2); // Monday
    expect(week('2025-03-27')).toBe(2);
    expect(week('2025-03-30')).toBe(2); // Sunday
    expect(week('2025-03-31')).toBe(3);
    const calendar = seasonCalendar('baseball_mlb', 2025);
    expect(calendar[1]).toMatchObject({ number: 2, label: 'Week 2', start: '2025-03-24', end: '2025-03-30' });
    // Every game falls in its week's Monday-to-Sunday dates.
    for (const game of games) {
      const { start, end } = calendar[weekOf(game) - 1]!;
      expect(game.date >= start && game.date <= end).toBe(true);
    }
  });

  it.each([
    ['GL2023.TXT', 2023],
    ['GL2024.TXT', 2024],
  ])('starts %s at its first game', (file, season) => {
    const games = parseRetrosheetGameLog(readHistoryFile(`mlb/retrosheet/${file}`)).records;
    const first = games.map((game) => game.date).sort()[0]!;
    expect(mlbFirstGameDate(season)).toBe(first);
    expect(Math.min(...games.map(weekOf))).toBe(1);
  });

  it('opens an unlisted season on the last Thursday of March', () => {
    expect(mlbFirstGameDate(2026)).toBe('2026-03-26');
    expect(mlbFirstGameDate(2027)).toBe('2027-03-25');
  });

  it('gives every date a Monday-to-Sunday week: a Sunday and the next Monday are one week apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), (offset) => {
        const monday = Date.UTC(2025, 2, 24) + offset * 7 * 86_400_000;
        const at = (ms: number) => new Date(ms).toISOString().slice(0, 10);
        const week = (date: string) =>
          calendarWeek({ sport: 'baseball_mlb', season: 2025, seasonType: 'regular', date, sourceWeek: null });
        const mondayWeek = week(at(monday));
        expect(week(at(monday + 6 * 86_400_000))).toBe(mondayWeek);
        expect(week(at(monday - 86_400_000))).toBe(mondayWeek - 1);
      }),
    );
  });
});

describe('seasonCalendar', () => {
  it('lists the college weeks, Bowls and Playoff last', () => {
    const weeks = seasonCalendar('americanfootball_ncaaf', 2024);
    expect(weeks).toHaveLength(18);
    expect(weeks[0]).toMatchObject({ number: 1, label: 'Week 1', start: '2024-08-27', end: '2024-09-02' });
    expect(weeks.slice(-2).map((week) => [week.label, week.seasonType])).toEqual([
      ['Bowls', 'postseason'],
      ['Playoff', 'postseason'],
    ]);
    expect(weeks.at(-1)!.end).toBe('2025-01-20'); // the 2024 national championship
  });

  it('lists the NFL weeks with the playoff rounds, Thursday to Wednesday', () => {
    const weeks = seasonCalendar('americanfootball_nfl', 2024);
    expect(weeks).toHaveLength(22);
    expect(weeks[0]).toMatchObject({ label: 'Week 1', start: '2024-09-05', end: '2024-09-11' });
    expect(weeks.slice(18).map((week) => week.label)).toEqual([
      'Wild Card',
      'Divisional Round',
      'Conference Championships',
      'Super Bowl',
    ]);
    expect(weeks.at(-1)!.start <= '2025-02-09' && weeks.at(-1)!.end >= '2025-02-09').toBe(true);
  });
});

describe('mlbSeries', () => {
  it('numbers the 2025 Tokyo series game by game and places every game of the season in a series', () => {
    const games = parseStatsApiGamesCsv(readHistoryFile('mlb/statsapi/games_2025.csv')).records;
    const withIds = games.map((game, index) => ({ ...game, id: index }));
    const series = mlbSeries(withIds);
    const tokyo = withIds.filter((game) => game.date <= '2025-03-19');
    expect(tokyo.map((game) => series.get(game.id))).toEqual([
      { game: 1, of: 2 },
      { game: 2, of: 2 },
    ]);
    // Every game has a place, and no series is longer than a doubleheader-padded five games.
    expect(series.size).toBe(games.length);
    expect(Math.max(...[...series.values()].map((position) => position.of))).toBeLessThanOrEqual(5);
  });

  it('splits the same two teams at the same park after a day off, and counts a doubleheader twice', () => {
    const game = (id: number, date: string) => ({ id, home: 'NYY', away: 'BOS', date });
    const series = mlbSeries([
      game(1, '2025-06-02'),
      game(2, '2025-06-03'),
      game(3, '2025-06-03'),
      game(4, '2025-06-05'),
      { id: 5, home: 'BOS', away: 'NYY', date: '2025-06-06' },
    ]);
    expect([...series]).toEqual([
      [1, { game: 1, of: 3 }],
      [2, { game: 2, of: 3 }],
      [3, { game: 3, of: 3 }],
      [4, { game: 1, of: 1 }],
      [5, { game: 1, of: 1 }],
    ]);
  });
});

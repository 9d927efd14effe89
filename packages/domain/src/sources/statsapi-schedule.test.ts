import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mlbScheduleDay, parseStatsApiSchedule } from './statsapi-schedule.js';

type Json = Record<string, unknown>;

/** The parts of a schedule's game the tests change. */
interface Side {
  score?: number;
  team: { id: number; name: string };
}
interface Game extends Json {
  gamePk: number;
  gameDate: string;
  officialDate?: string;
  status: Json;
  teams: { home: Side; away: Side };
}
interface Schedule {
  dates: { date: string; games: Game[] }[];
}

const fixture = (name: string): Schedule =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/statsapi-schedule', name), 'utf8')) as Schedule;

/** Tuesday 2023-08-29 at about 9:30 pm Eastern: 12 games under way, 3 before their first pitch. */
const evening = fixture('schedule_2023-08-29.json');
/** The 2022 Division Series, 2022-10-11 to 13, with ALDS game 2 postponed for rain. */
const divisionSeries = fixture('schedule_2022-10-11_2022-10-13.json');

/** A copy of a real game of the evening, changed as a later answer would show it. */
function gameOf(gamePk: number, change: (game: Game) => void = () => {}): Game {
  const game = structuredClone(evening.dates[0]!.games.find((entry) => entry.gamePk === gamePk)!);
  change(game);
  return game;
}
const schedule = (...games: Game[]) => ({ dates: [{ date: '2023-08-29', games }] });
const only = (game: Game) => {
  const { records, skipped } = parseStatsApiSchedule(schedule(game));
  expect(skipped).toEqual([]);
  return records[0]!;
};

describe('parseStatsApiSchedule on real answers', () => {
  it('reads the evening of 2023-08-29: 12 games under way with their runs, 3 before the first pitch without', () => {
    const { records, skipped } = parseStatsApiSchedule(evening);
    expect(skipped).toEqual([]);
    expect(records).toHaveLength(15);
    expect(records.filter((game) => game.status === 'in_progress')).toHaveLength(12);
    expect(records[0]).toEqual({
      source: 'statsapi',
      sourceId: '716806',
      sport: 'baseball_mlb',
      season: 2023,
      week: null,
      seasonType: 'regular',
      kickoff: '2023-08-29T22:40:00.000Z',
      date: '2023-08-29',
      home: 'PHI',
      away: 'LAA',
      homeScore: 8,
      awayScore: 5,
      neutralSite: false,
      status: 'in_progress',
      // Requested without the linescore: the state under way has no inning.
      live: { period: null, clock: null, detail: 'In Progress' },
      gameNumber: 1,
      doubleHeader: 'N',
      venue: 'Citizens Bank Park',
      detailedState: 'In Progress',
    });
    // The Stats API shows 0–0 before the first pitch: no score is taken from a game not under way.
    const seattle = records.find((game) => game.sourceId === '716790')!;
    expect(seattle).toMatchObject({ home: 'SEA', away: 'ATH', status: 'scheduled', homeScore: null, live: null });
    expect(seattle.awayScore).toBeNull();
    // A night game in the West starts on the next UTC day and counts for its local (official) date.
    const dodgers = records.find((game) => game.sourceId === '716792')!;
    expect(dodgers).toMatchObject({ kickoff: '2023-08-30T02:10:00.000Z', date: '2023-08-29', home: 'LAD' });
    expect(new Set(records.flatMap((game) => [game.home, game.away])).size).toBe(30);
  });

  it('reads the 2022 Division Series as postseason, and the rained-out ALDS game 2 as postponed to its new date', () => {
    const { records, skipped } = parseStatsApiSchedule(divisionSeries);
    expect(skipped).toEqual([]);
    expect(records).toHaveLength(8);
    expect(records.every((game) => game.seasonType === 'postseason')).toBe(true);
    expect(records.filter((game) => game.status === 'final')).toHaveLength(7);
    expect(records.find((game) => game.sourceId === '715743')).toMatchObject({
      home: 'ATL',
      away: 'PHI',
      homeScore: 6,
      awayScore: 7,
      status: 'final',
      live: null,
    });
    expect(records.find((game) => game.sourceId === '715752')).toMatchObject({
      home: 'NYY',
      away: 'CLE',
      status: 'postponed',
      homeScore: null,
      awayScore: null,
      date: '2022-10-14',
      kickoff: '2022-10-14T17:07:00.000Z',
      detailedState: 'Postponed',
    });
  });
});

describe('parseStatsApiSchedule on the states a game goes through', () => {
  it('shows the half inning of a game under way from the linescore: "Top 5th", "Middle 7th", "Bottom 9th"', () => {
    const inning = (currentInning: number, inningState: string, extra: Json = {}) =>
      only(
        gameOf(716806, (game) => {
          game.linescore = {
            currentInning,
            currentInningOrdinal: `${currentInning}th`,
            inningState,
            inningHalf: inningState === 'Middle' ? 'Top' : inningState,
            isTopInning: inningState === 'Top',
            scheduledInnings: 9,
            ...extra,
          };
        }),
      ).live;
    expect(inning(5, 'Top')).toEqual({ period: 5, clock: null, detail: 'Top 5th' });
    expect(inning(7, 'Middle')).toEqual({ period: 7, clock: null, detail: 'Middle 7th' });
    expect(inning(9, 'Bottom')).toEqual({ period: 9, clock: null, detail: 'Bottom 9th' });
    // Extra innings continue the count; the ordinal is made when the answer has none.
    expect(inning(12, 'End', { currentInningOrdinal: undefined })).toEqual({
      period: 12,
      clock: null,
      detail: 'End 12th',
    });
    expect(inning(11, 'Top', { currentInningOrdinal: undefined })).toEqual({
      period: 11,
      clock: null,
      detail: 'Top 11th',
    });
  });

  it('keeps a rain delay in progress with the source’s line and the inning', () => {
    const delayed = only(
      gameOf(716801, (game) => {
        game.status = {
          abstractGameState: 'Live',
          codedGameState: 'I',
          detailedState: 'Delayed: Rain',
          statusCode: 'IR',
          startTimeTBD: false,
          reason: 'Rain',
          abstractGameCode: 'L',
        };
        game.linescore = { currentInning: 6, currentInningOrdinal: '6th', inningState: 'Top', inningHalf: 'Top' };
      }),
    );
    expect(delayed).toMatchObject({ status: 'in_progress', homeScore: 1, awayScore: 5 });
    expect(delayed.live).toEqual({ period: 6, clock: null, detail: 'Delayed: Rain' });
  });

  it('keeps a suspended game in progress, never final, whatever its abstract state', () => {
    for (const status of [
      { abstractGameState: 'Live', codedGameState: 'U', detailedState: 'Suspended: Rain', statusCode: 'UR' },
      { abstractGameState: 'Final', codedGameState: 'T', detailedState: 'Suspended: Rain', statusCode: 'TR' },
      { abstractGameState: 'Final', codedGameState: 'T', detailedState: 'Suspended' },
    ]) {
      const suspended = only(
        gameOf(716800, (game) => {
          game.status = status;
          game.linescore = { currentInning: 7, currentInningOrdinal: '7th', inningState: 'Bottom' };
        }),
      );
      expect(suspended).toMatchObject({ status: 'in_progress', homeScore: 1, awayScore: 1 });
      expect(suspended.live).toEqual({ period: 7, clock: null, detail: status.detailedState });
    }
  });

  it('ends a game at "Game Over", "Final" and "Completed Early", and cancels a cancelled one', () => {
    const ended = (status: Json) => only(gameOf(716795, (game) => (game.status = status)));
    expect(ended({ abstractGameState: 'Live', codedGameState: 'O', detailedState: 'Game Over' })).toMatchObject({
      status: 'final',
      homeScore: 0,
      awayScore: 3,
      live: null,
    });
    expect(
      ended({ abstractGameState: 'Final', codedGameState: 'F', detailedState: 'Completed Early: Rain' }).status,
    ).toBe('final');
    expect(
      ended({ abstractGameState: 'Final', codedGameState: 'C', detailedState: 'Cancelled', reason: 'Rain' }),
    ).toMatchObject({ status: 'cancelled', homeScore: null, awayScore: null });
    // Warmup and a delayed start are before the first pitch.
    for (const status of [
      { abstractGameState: 'Live', codedGameState: 'P', detailedState: 'Warmup', statusCode: 'PW' },
      { abstractGameState: 'Preview', codedGameState: 'P', detailedState: 'Delayed Start: Rain', statusCode: 'PR' },
    ]) {
      expect(ended(status)).toMatchObject({ status: 'scheduled', homeScore: null, live: null });
    }
  });

  it('keeps the two games of a doubleheader apart, the second without a first-pitch time while it is to be decided', () => {
    const first = gameOf(716790, (game) => {
      game.doubleHeader = 'Y';
    });
    const second = gameOf(716790, (game) => {
      game.gamePk = 716889;
      game.doubleHeader = 'Y';
      game.gameNumber = 2;
      game.gameDate = '2023-08-30T05:33:00Z';
      game.status = {
        ...game.status,
        abstractGameState: 'Preview',
        codedGameState: 'S',
        detailedState: 'Scheduled',
        startTimeTBD: true,
      };
    });
    const { records, skipped } = parseStatsApiSchedule(schedule(first, second));
    expect(skipped).toEqual([]);
    expect(records.map((game) => [game.sourceId, game.gameNumber, game.doubleHeader, game.kickoff, game.date])).toEqual(
      [
        ['716790', 1, 'Y', '2023-08-30T01:40:00.000Z', '2023-08-29'],
        ['716889', 2, 'Y', null, '2023-08-29'],
      ],
    );
  });

  it('keeps a game listed on two dates once, as its last listing shows it', () => {
    const suspended = gameOf(716800, (game) => {
      game.status = { abstractGameState: 'Live', codedGameState: 'U', detailedState: 'Suspended: Rain' };
    });
    const resumed = gameOf(716800, (game) => {
      game.status = { abstractGameState: 'Final', codedGameState: 'F', detailedState: 'Final' };
      game.teams.home.score = 4;
      game.teams.away.score = 2;
    });
    const { records } = parseStatsApiSchedule({
      dates: [
        { date: '2023-08-29', games: [suspended] },
        { date: '2023-08-30', games: [resumed] },
      ],
    });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ sourceId: '716800', status: 'final', homeScore: 4, awayScore: 2 });
  });

  it('skips a game whose fields are renamed or unknown, with the reason, and reads the rest', () => {
    const answer = structuredClone(evening);
    const games = answer.dates[0]!.games;
    delete games[0]!.officialDate;
    games[1]!.officialDate_v2 = games[1]!.officialDate;
    delete games[1]!.officialDate;
    games[2]!.teams.home.team = { id: 999, name: 'Springfield Isotopes' };
    games[3]!.status = { abstractGameState: 'Sideways', codedGameState: 'Z', detailedState: 'Sideways' };
    games[4]!.gameType = 'S';
    games[5]!.status = { abstractGameState: 'Final', codedGameState: 'F', detailedState: 'Final' };
    delete games[5]!.teams.home.score;
    const { records, skipped } = parseStatsApiSchedule(answer);
    expect(skipped).toEqual([
      { id: '716806', reason: 'officialDate missing' },
      { id: '716807', reason: 'officialDate missing' },
      { id: '716795', reason: 'unknown team "Springfield Isotopes"' },
      { id: '716800', reason: 'unknown status "Sideways"' },
      { id: '716801', reason: 'not a regular-season or postseason game (gameType S)' },
      { id: '716802', reason: 'final without a score' },
    ]);
    expect(records).toHaveLength(9);
    expect(parseStatsApiSchedule({ games: [] }).skipped).toEqual([
      { id: '(response)', reason: 'not a schedule: no dates' },
    ]);
  });
});

describe('mlbScheduleDay', () => {
  it('is the Eastern date, the day before until 5 am Eastern', () => {
    expect(mlbScheduleDay(new Date('2025-07-04T16:00:00Z'))).toBe('2025-07-04');
    // 1:30 am Eastern: the West Coast games of July 4 are still being played.
    expect(mlbScheduleDay(new Date('2025-07-05T05:30:00Z'))).toBe('2025-07-04');
    expect(mlbScheduleDay(new Date('2025-07-05T09:00:00Z'))).toBe('2025-07-05');
    // The Tokyo opener, 6:10 am Eastern on March 18, 2025.
    expect(mlbScheduleDay(new Date('2025-03-18T10:10:00Z'))).toBe('2025-03-18');
  });
});

import { describe, expect, it } from 'vitest';
import type { Sport } from '../enums.js';
import { matchScheduleGames, scheduleInstant, type SchedulableGame } from './match-schedule-game.js';

const NFL: Sport = 'americanfootball_nfl';
const MLB: Sport = 'baseball_mlb';

const game = (
  sport: Sport,
  away: string,
  home: string,
  kickoff: string | null,
  date = (kickoff ?? '').slice(0, 10),
): SchedulableGame & { label: string } => ({
  sport,
  home,
  away,
  kickoff,
  date,
  label: `${away}@${home} ${kickoff ?? date}`,
});

const labels = (matches: Map<{ label: string }, { label: string }>) =>
  [...matches].map(([from, to]) => [from.label, to.label]);

describe('matchScheduleGames', () => {
  it('pairs a schedule game with the event of the same teams and kickoff, home and away either way round', () => {
    const events = [
      game(NFL, 'DAL', 'TEN', '2022-12-30T01:15:00Z'),
      game(NFL, 'KC', 'DEN', '2023-01-01T21:25:00Z'),
      game(NFL, 'LAR', 'LAC', '2023-01-01T21:05:00Z'),
    ];
    const games = [
      game(NFL, 'DAL', 'TEN', '2022-12-30T01:15:00Z'),
      // A neutral site where the sources disagree on the designated home team.
      game(NFL, 'DEN', 'KC', '2023-01-01T21:25:00Z'),
      game(NFL, 'NYJ', 'SEA', '2023-01-01T21:25:00Z'),
    ];
    expect(labels(matchScheduleGames(games, events))).toEqual([
      ['DAL@TEN 2022-12-30T01:15:00Z', 'DAL@TEN 2022-12-30T01:15:00Z'],
      ['DEN@KC 2023-01-01T21:25:00Z', 'KC@DEN 2023-01-01T21:25:00Z'],
    ]);
  });

  it('resolves team names through the registry (the Rams are LA to nflverse and LAR to ESPN)', () => {
    const matches = matchScheduleGames(
      [game(NFL, 'LAR', 'LAC', '2023-01-01T21:05:00Z')],
      [game(NFL, 'LA', 'LAC', '2023-01-01T21:05:00Z')],
    );
    expect(matches.size).toBe(1);
  });

  it('takes a flexed football game within 36 hours, never the teams’ meeting weeks later', () => {
    const event = game(NFL, 'KC', 'DEN', '2023-01-01T21:25:00Z');
    expect(matchScheduleGames([game(NFL, 'KC', 'DEN', '2022-12-31T21:25:00Z')], [event]).size).toBe(1);
    expect(matchScheduleGames([game(NFL, 'KC', 'DEN', '2022-12-30T21:25:00Z')], [event]).size).toBe(0);
    expect(matchScheduleGames([game(NFL, 'DEN', 'KC', '2022-11-13T21:25:00Z')], [event]).size).toBe(0);
  });

  it('places a football game without a kickoff time at noon Eastern of its date', () => {
    expect(scheduleInstant(game(NFL, 'MIN', 'ATL', null, '1999-09-12'))).toBe(Date.parse('1999-09-12T17:00:00Z'));
    const matches = matchScheduleGames(
      [game(NFL, 'MIN', 'ATL', null, '2026-09-13')],
      [game(NFL, 'MIN', 'ATL', '2026-09-13T17:00:00Z')],
    );
    expect(matches.size).toBe(1);
  });

  it('keeps the games of a baseball series apart: each goes to the event nearest it, one to one', () => {
    const series = [
      game(MLB, 'NYY', 'BOS', '2026-05-01T23:10:00Z'),
      game(MLB, 'NYY', 'BOS', '2026-05-02T20:10:00Z'),
      game(MLB, 'NYY', 'BOS', '2026-05-03T17:35:00Z'),
    ];
    // A doubleheader on the 2nd: both games want the one event of that day; the nearer gets it.
    const games = [
      game(MLB, 'NYY', 'BOS', '2026-05-02T17:05:00Z'),
      game(MLB, 'NYY', 'BOS', '2026-05-02T21:05:00Z'),
      game(MLB, 'NYY', 'BOS', '2026-05-03T17:35:00Z'),
    ];
    expect(labels(matchScheduleGames(games, series))).toEqual([
      ['NYY@BOS 2026-05-03T17:35:00Z', 'NYY@BOS 2026-05-03T17:35:00Z'],
      ['NYY@BOS 2026-05-02T21:05:00Z', 'NYY@BOS 2026-05-02T20:10:00Z'],
    ]);
    // Twelve hours is the limit: the next day's game is never taken for today's.
    expect(matchScheduleGames([game(MLB, 'NYY', 'BOS', '2026-05-04T17:35:00Z')], [series[2]!]).size).toBe(0);
  });

  it('never matches a baseball game known only by its date', () => {
    expect(scheduleInstant(game(MLB, 'NYY', 'BOS', null, '2026-05-02'))).toBeNull();
    expect(
      matchScheduleGames(
        [game(MLB, 'NYY', 'BOS', null, '2026-05-02')],
        [game(MLB, 'NYY', 'BOS', '2026-05-02T23:10:00Z')],
      ).size,
    ).toBe(0);
  });

  it('never pairs across sports', () => {
    const matches = matchScheduleGames(
      [game('americanfootball_ncaaf', 'MIA', 'HOU', '2026-09-13T17:00:00Z')],
      [game(NFL, 'MIA', 'HOU', '2026-09-13T17:00:00Z')],
    );
    expect(matches.size).toBe(0);
  });
});
